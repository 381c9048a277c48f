#!/usr/bin/env bash
# Builds timeline-cards_<version>_<arch>.deb from a built binary (`make deb` passes the release):
#   scripts/make-deb.sh BINARY OUTPUT_FOLDER
# The package holds the binary, its fonts (beside it in /usr/share/timeline-cards, where it looks),
# the man page, the bash, zsh and fish completions, the changelog and the licences. Depends is
# computed by dpkg-shlibdeps from the libraries the binary links, plus ICU, which it opens at run
# time by whichever major version is installed. File times are the last commit's, so two builds of
# one commit are the same bytes.
set -euo pipefail
binary=$(readlink -f "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version | cut -d" " -f1) # "0.1.0 (commit …)": the first word
arch=$(dpkg --print-architecture)
name="timeline-cards_${version}_${arch}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/$name"
maintainer="timeline-cards maintainers <timeline-cards@users.noreply.github.com>"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}"

install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/timeline-cards" "$stage/usr/share/man/man1" \
  "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions" \
  "$stage/usr/share/fish/vendor_completions.d" "$stage/usr/share/doc/timeline-cards"
install -m 755 "$binary" "$stage/usr/bin/timeline-cards"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/timeline-cards"
cp -R "$root/Sources/TimelineCairo/Fonts/Bundled" "$stage/usr/share/timeline-cards/Fonts"
cp -R "$root/Sources/TimelineBreaks/Data" "$stage/usr/share/timeline-cards/Breaks"
rm -rf "$stage/usr/share/timeline-cards/Fonts/licenses"
gzip -9n < "$root/docs/man/timeline-cards.1" > "$stage/usr/share/man/man1/timeline-cards.1.gz"
for shell in bash zsh fish; do
  case $shell in
    bash) file="$stage/usr/share/bash-completion/completions/timeline-cards" ;;
    zsh) file="$stage/usr/share/zsh/vendor-completions/_timeline-cards" ;;
    fish) file="$stage/usr/share/fish/vendor_completions.d/timeline-cards.fish" ;;
  esac
  # Completions are sourced, not run: no #! line (lintian's bash-completion-with-hashbang).
  "$binary" --generate-completion-script $shell | sed '1{/^#!/d}' > "$file"
done
gzip -9n < "$root/CHANGELOG.md" > "$stage/usr/share/doc/timeline-cards/changelog.gz"
{
  echo "timeline-cards ($version) unstable; urgency=medium"
  echo
  echo "  * Built from timeline-cards $version; see changelog.gz."
  echo
  echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n > "$stage/usr/share/doc/timeline-cards/changelog.Debian.gz"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: timeline-cards"
  echo
  echo "Files: *"
  echo "Copyright: the timeline-cards authors"
  echo "License: no licence has been chosen yet; see the project's repository"
  echo
  echo "Files: usr/bin/timeline-cards"
  echo "Copyright: Apple Inc. and the Swift project authors"
  echo "License: Apache-2.0 with Runtime Library Exception"
  echo " The binary links the Swift runtime, Foundation and swift-argument-parser in; see"
  echo " https://swift.org/LICENSE.txt."
  echo
  for licence in "$root"/Sources/TimelineCairo/Fonts/Bundled/licenses/*.txt; do
    font=$(basename "$licence" .txt)
    echo "Files: usr/share/timeline-cards/Fonts/${font}*"
    echo "Copyright: see the licence text"
    echo "License: $font"
    sed -e 's/^$/./' -e 's/^/ /' "$licence"
    echo
  done
} > "$stage/usr/share/doc/timeline-cards/copyright"

# dpkg-shlibdeps reads debian/control of the folder it runs in.
mkdir -p "$work/debian"
printf 'Source: timeline-cards\n\nPackage: timeline-cards\nArchitecture: any\n' > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$stage/usr/bin/timeline-cards" | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
icu_library=$(/sbin/ldconfig -p | awk '/libicui18n\.so\.[0-9]/ && !found { print $NF; found = 1 }')
icu=$(dpkg -S "$(readlink -f "$icu_library")" 2>/dev/null | cut -d: -f1 | head -1)
# Any ICU major version serves (TimelineICU opens the one installed): the distributions' names as
# alternatives after the one built with, so the package also installs where ICU has another number.
built_icu=$icu
for other in libicu70 libicu72 libicu74 libicu76; do [ "$other" = "$built_icu" ] || icu="$icu | $other"; done
# Apparent sizes: the same on every file system, so the control file (and the package) is too.
installed_kib=$(du -sk --apparent-size --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<EOF
Package: timeline-cards
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $installed_kib
Depends: ${depends}, $icu
Recommends: librsvg2-2
Section: graphics
Priority: optional
Description: render timelines from YAML, JSON or Mermaid as SVG, PNG and PDF
 timeline-cards turns a timeline described in YAML, JSON or a Mermaid timeline
 diagram into finished images drawn with Cairo and Pango: cards with milestone
 nodes, Fiori-style cells, lists by day, previews and time axes. It checks
 rendered images against golden files for CI. Output is byte-identical on
 every machine: only the fonts in this package are used by default.
 .
 librsvg is opened at run time for SVG icons.
EOF
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" -type f -exec chmod 644 {} +
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out/$name.deb" >/dev/null
echo "$out/$name.deb"
