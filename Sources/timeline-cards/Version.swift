/// The one place the version is written: `--version` prints it, `make deb` names the package by it
/// (it asks the binary), and a test keeps CHANGELOG.md's newest heading equal to it.
let timelineCardsVersion = "0.1.0"

/// What `--version` prints: the version, then the commit the build is made from when it is known
/// (`0.1.0 (commit 1a2b3c4d5e6f)`); scripts read the version as the first word.
let versionLine = buildCommit.map { "\(timelineCardsVersion) (commit \($0))" } ?? timelineCardsVersion
