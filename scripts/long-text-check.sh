#!/usr/bin/env bash
# Every place a text shows, given a 9,900-character word (within the default --max-text of
# 10,000): each card renders to SVG, exit 0, within a generous bound of processor seconds (not
# wall seconds, which a busy machine stretches), so a text that costs time quadratic in its length
# fails here: such a card took 1.4 to 21 s of a debug build, and takes under 1 s.
# `make long-text-check`, run by `make test`.
# Usage: scripts/long-text-check.sh BIN [CPU-SECONDS]
set -euo pipefail
bin=${1:?usage: long-text-check.sh BIN [CPU-SECONDS]}
bound=${2:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

word=$(printf 'abcdefghij%.0s' $(seq 990))
dated="[{ title: A, date: 2026-11-10 }, { title: B, date: 2026-11-30 }]"
card() { # name, then the card's lines after its id
    local name=$1
    shift
    { printf 'version: 1\nnow: 2026-11-21T12:00:00Z\ncards:\n  - id: %s\n' "$name"
      for line in "$@"; do printf '    %s\n' "$line"; done; } >"$work/$name.yaml"
}
card title "items: [{ title: $word }, { title: B }]"
card capped-title "style: { width: 320, maxTitleLines: 2 }" "items: [{ title: $word }, { title: B }]"
card status-text "items: [{ title: A, statusText: $word }, { title: B }]"
card today-list "labels: { today: $word }" "items: $dated"
card today-time "layout: time" "labels: { today: $word }" "items: $dated"
card today-horizontal "layout: time" "direction: horizontal" "labels: { today: $word }" "items: $dated"
card today-preview "layout: preview" "labels: { today: $word }" "items: [{ title: A, date: 2026-11-21T16:00:00Z }]"
card preview-title "layout: preview" "title: $word" "items: $dated"
card preview-item "layout: preview" "title: P" "items: [{ title: $word, date: 2026-11-10 }]"
card horizontal-title "direction: horizontal" "items: [{ title: $word, date: 2026-11-10 }]"
# Chinese and Japanese break between any two characters: texts of hundreds of short lines, each
# line's rest once summed character by character (three such texts took 2.2 processor seconds, now 0.3).
cjk=$(printf '漢字仮名%.0s' $(seq 2475))
card cjk-texts "items: [{ title: $cjk, subtitle: $cjk, attribute: $cjk, statusText: $cjk }, { title: B }]"

failed=0
for input in "$work"/*.yaml; do
    name=$(basename "$input" .yaml)
    status=0
    # A hang ends at the timeout all the same.
    /usr/bin/time -f "%U %S" -o "$work/$name.time" timeout 300 "$bin" render "$input" -o "$work/out" --format svg \
        >/dev/null 2>"$work/$name.err" || status=$?
    seconds=$(tail -1 "$work/$name.time" | awk '{ printf "%.2f", $1 + $2 }')
    slow=$(awk -v s="$seconds" -v b="$bound" 'BEGIN { print (s > b) }')
    if [ "$status" != 0 ] || [ ! -s "$work/out/$name.svg" ] || [ "$slow" = 1 ]; then
        echo "long-text-check: $name: exit $status after $seconds processor seconds (bound $bound)" >&2
        head -c 500 "$work/$name.err" >&2
        failed=1
    else
        echo "long-text-check: $name: $seconds processor seconds"
    fi
done
exit $failed
