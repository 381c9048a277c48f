#!/usr/bin/env bash
# Every fixture's PNG drawn with the libraries' own text paths (TIMELINE_CARDS_LIBRARY_TEXT=1:
# PangoLayout for every text, cairo's own PDF glyph positions), as with a Pango or cairo other
# than the versions our own paths reproduce, against the golden images within check's default
# tolerance. Usage: library-text-check.sh BIN.
set -euo pipefail
shopt -s nullglob

bin="$1"
failed=0
count=0
for input in fixtures/*.yaml fixtures/*.yml fixtures/*.json fixtures/*.mmd; do
  name=$(basename "${input%.*}")
  feed=()
  case "$name" in feed-*) feed=(--feed) ;; esac
  count=$((count + 1))
  if ! TIMELINE_CARDS_LIBRARY_TEXT=1 "$bin" check "$input" "${feed[@]}" --expected fixtures/expected --format png; then
    echo "library-text-check: $input differs from its golden images with the libraries' own text paths" >&2
    failed=$((failed + 1))
  fi
done
echo "library-text-check: $count fixtures, $failed failed"
[ "$failed" = 0 ]
