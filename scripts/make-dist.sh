#!/usr/bin/env bash
# Builds timeline-cards-<version>-<os>-<arch>.tar.gz, a release that installs without compiling
# (`make dist` passes the release binary):
#   scripts/make-dist.sh BINARY OUTPUT_FOLDER
# One folder, relocatable: bin/timeline-cards finds its fonts in ../share/timeline-cards/Fonts from
# its own location, so the folder may be unpacked anywhere (or its bin/ linked onto PATH) and renders
# the same bytes from any working folder. Beside them the man page, the bash, zsh and fish
# completions, the changelog and the licences. The binary links the system's Cairo, Pango, libyaml
# (and opens ICU and librsvg): docs/releasing.md lists the packages. File times and owners are the
# last commit's and root's, so two builds of one commit are the same bytes (GNU tar).
set -euo pipefail
binary=$(readlink -f "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version | cut -d" " -f1)
os=$(uname -s | tr '[:upper:]' '[:lower:]')
arch=$(uname -m)
name="timeline-cards-${version}-${os}-${arch}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}"

install -d "$stage/bin" "$stage/share/timeline-cards" "$stage/share/man/man1" \
  "$stage/share/bash-completion/completions" "$stage/share/zsh/site-functions" \
  "$stage/share/fish/vendor_completions.d" "$stage/share/doc/timeline-cards"
install -m 755 "$binary" "$stage/bin/timeline-cards"
if [ "$os" = linux ]; then
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/bin/timeline-cards"
fi
cp -R "$root/Sources/TimelineCairo/Fonts/Bundled" "$stage/share/timeline-cards/Fonts"
cp -R "$root/Sources/TimelineBreaks/Data" "$stage/share/timeline-cards/Breaks"
install -m 644 "$root/docs/man/timeline-cards.1" "$stage/share/man/man1/timeline-cards.1"
"$binary" --generate-completion-script bash > "$stage/share/bash-completion/completions/timeline-cards"
"$binary" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_timeline-cards"
"$binary" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/timeline-cards.fish"
install -m 644 "$root/CHANGELOG.md" "$root/README.md" "$stage/share/doc/timeline-cards/"
cat > "$stage/README" <<TEXT
timeline-cards $version ($os, $arch): renders timelines from YAML, JSON or Mermaid as SVG, PNG and PDF.

Run bin/timeline-cards from this folder, wherever it is unpacked; it finds its fonts in
share/timeline-cards/Fonts beside it. To put it on PATH, link it (the link is followed):

  ln -s "\$PWD/bin/timeline-cards" ~/.local/bin/timeline-cards

It needs the system's Cairo, Pango and libyaml (Debian and Ubuntu: apt-get install libcairo2
libpango-1.0-0 libpangocairo-1.0-0 libyaml-0-2; librsvg2-2 for SVG icons, libicu for locales
and time zones). Man page, completions and licences are under share/.
TEXT
find "$stage" -type d -exec chmod 755 {} +
find "$stage/share" "$stage/README" -type f -exec chmod 644 {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work" -cf - "$name" | gzip -9n > "$out/$name.tar.gz"
echo "$out/$name.tar.gz"
