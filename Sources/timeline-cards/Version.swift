/// The one place the version is written: `--version` prints it, `make deb` names the package by it
/// (it asks the binary), and a test keeps CHANGELOG.md's newest heading equal to it.
let timelineCardsVersion = "0.1.0"
