#!/usr/bin/env bash
# `make deb-check`: the package from `make deb` as a user gets it.
#   scripts/deb-check.sh FOLDER_WITH_THE_DEB DEBUG_BINARY
# lintian reports no error; the action's script installs it with apt-get, with what it depends on,
# and checks the demo's goldens; the installed tool renders
# the demo to the same bytes as the tested debug build from any folder, and finds its man page and
# completions; apt-get removes every file again. Needs root (or sudo): it changes /usr.
set -euo pipefail
deb=$(ls "$1"/timeline-cards_*.deb | head -1)
deb=$(readlink -f "$deb")
debug=$(readlink -f "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
install_quietly() { DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null; }
command -v lintian >/dev/null || install_quietly lintian

# Errors fail; warnings are printed (bundled fonts Debian also packages, for instance).
lintian --fail-on error --tag-display-limit 0 "$deb" || { echo "deb-check: lintian found errors" >&2; exit 1; }
echo "Depends: $(dpkg-deb -f "$deb" Depends)"
echo "size: $(du -k "$deb" | cut -f1) KiB packed, $(dpkg-deb -f "$deb" Installed-Size) KiB installed"

if dpkg -s timeline-cards >/dev/null 2>&1; then
  echo "deb-check: a timeline-cards package is installed already; not touching it" >&2
  exit 1
fi
work=$(mktemp -d)
cd "$work"
trap 'DEBIAN_FRONTEND=noninteractive as_root apt-get purge -y -qq timeline-cards >/dev/null' EXIT
# Installed as the GitHub Action installs a prebuilt package, which then checks the demo's goldens.
INPUT_DEB="$deb" INPUT_INPUTS="$root/fixtures/demo.yaml" INPUT_EXPECTED="$root/fixtures/expected" \
  INPUT_ARGS="--tolerance 1" bash "$root/scripts/ci-check.sh" > action.log
test "$(command -v timeline-cards)" = /usr/bin/timeline-cards
timeline-cards render "$root/fixtures/demo.yaml" -o out --format svg --format png --format pdf
for format in svg png pdf; do
  "$debug" render "$root/fixtures/demo.yaml" -o - --format "$format" > "expected.$format"
  timeline-cards render "$root/fixtures/demo.yaml" -o - --format "$format" > "installed.$format"
  cmp "expected.$format" "installed.$format"
done
ls out
man -w timeline-cards >/dev/null 2>&1 || test -f /usr/share/man/man1/timeline-cards.1.gz
test -s /usr/share/bash-completion/completions/timeline-cards
DEBIAN_FRONTEND=noninteractive as_root apt-get purge -y -qq timeline-cards >/dev/null
trap - EXIT
if [ -e /usr/bin/timeline-cards ] || [ -e /usr/share/timeline-cards ]; then
  echo "deb-check: files left after purge" >&2
  exit 1
fi
rm -rf "$work"
echo "deb-check: $(basename "$deb") installs, renders the demo as the tested build does, and purges cleanly"
