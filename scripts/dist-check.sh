#!/usr/bin/env bash
# `make dist-check`: the tarball `make dist` built renders the same bytes from any folder. It is
# unpacked into two folders of different depth and name; each copy renders the demo (SVG, PNG,
# PDF) from a working folder elsewhere, once called by its path and once through a link on PATH;
# every output must equal the tested debug build's, byte for byte. The fonts must come from the
# tarball itself: where the system allows a private mount, the source tree's font folder (the
# last place the binary looks) is hidden while it renders.
#   scripts/dist-check.sh DIST_FOLDER TESTED_BINARY
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dist=$(cd "$1" && pwd)
tested=$(readlink -f "$2")
fail() { echo "dist-check: FAIL: $*" >&2; exit 1; }
tarball=$(ls "$dist"/timeline-cards-*.tar.gz | head -1)
[ -f "$tarball" ] || fail "no tarball in $dist"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/one" "$work/two/deeper/still" "$work/cwd" "$work/path"
tar -xzf "$tarball" -C "$work/one"
tar -xzf "$tarball" -C "$work/two/deeper/still"
name=$(basename "$tarball" .tar.gz)
for file in bin/timeline-cards share/timeline-cards/Fonts share/man/man1/timeline-cards.1 \
  share/bash-completion/completions/timeline-cards share/zsh/site-functions/_timeline-cards \
  share/fish/vendor_completions.d/timeline-cards.fish; do
  [ -e "$work/one/$name/$file" ] || fail "the tarball has no $file"
done
cp "$repo/fixtures/demo.yaml" "$work/cwd/"
render() { # BINARY OUTPUT_FOLDER
  (cd "$work/cwd" && "$1" render demo.yaml -o "$2" --format svg --format png --format pdf)
}
render "$tested" "$work/expected"
ln -s "$work/two/deeper/still/$name/bin/timeline-cards" "$work/path/timeline-cards"
hidden=""
fonts="$repo/Sources/TimelineCairo/Fonts/Bundled"
if unshare -m true 2>/dev/null; then hidden=yes; fi
for binary in "$work/one/$name/bin/timeline-cards" "$work/path/timeline-cards"; do
  out="$work/out-$(echo "$binary" | md5sum | cut -c1-8)"
  if [ -n "$hidden" ]; then
    (cd "$work/cwd" && unshare -m sh -c 'mount -t tmpfs none "$1" && shift && exec "$@"' sh "$fonts" \
      "$binary" render demo.yaml -o "$out" --format svg --format png --format pdf)
  else
    render "$binary" "$out"
  fi
  diff -r "$work/expected" "$out" >/dev/null || fail "$binary renders other bytes than the tested build"
done
count=$(find "$work/expected" -type f | wc -l)
[ "$count" -gt 0 ] || fail "the demo rendered nothing"
echo "dist-check: $(basename "$tarball"): $count files, the same bytes from two folders and a link on PATH" \
  "(source fonts hidden: ${hidden:-no, no private mount here})"
