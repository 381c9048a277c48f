#!/usr/bin/env bash
# Compares two renders of the fixtures in the goldens' layout (scripts/platform-check.sh): the same
# files, every SVG byte for byte, every PNG of the same size within an RMSE of 0.01 (ImageMagick's
# normalized RMSE over all channels), or within LIMIT. Usage: platform-compare.sh EXPECTED ACTUAL
# [LIMIT].
set -euo pipefail

expected="$1"
actual="$2"
limit="${3:-0.01}"
failed=0
svgs=0
pngs=0
worst=0
worst_file=""

if ! diff <(cd "$expected" && find . -type f | sort) <(cd "$actual" && find . -type f | sort); then
  echo "platform-compare: the two renders made different files" >&2
  failed=$((failed + 1))
fi
while IFS= read -r -d '' file; do
  other="$actual/${file#"$expected"/}"
  [ -f "$other" ] || continue
  case "$file" in
    *.svg)
      svgs=$((svgs + 1))
      if ! cmp -s "$file" "$other"; then
        echo "platform-compare: ${file#"$expected"/} differs" >&2
        failed=$((failed + 1))
      fi
      ;;
    *.png)
      pngs=$((pngs + 1))
      # `compare` prints "absolute (normalized)" on stderr and exits 1 when the images differ at all.
      result=$(compare -metric RMSE "$file" "$other" null: 2>&1 || true)
      rmse=$(echo "$result" | sed -nE 's/.*\(([0-9.e+-]+)\).*/\1/p')
      if [ -z "$rmse" ]; then
        echo "platform-compare: ${file#"$expected"/}: $result" >&2
        failed=$((failed + 1))
        continue
      fi
      if awk -v a="$rmse" -v b="$worst" 'BEGIN { exit !(a > b) }'; then
        worst=$rmse
        worst_file=${file#"$expected"/}
      fi
      if awk -v a="$rmse" -v b="$limit" 'BEGIN { exit !(a > b) }'; then
        echo "platform-compare: ${file#"$expected"/}: RMSE $rmse (over $limit)" >&2
        failed=$((failed + 1))
      fi
      ;;
  esac
done < <(find "$expected" -type f -print0 | sort -z)
echo "platform-compare: $svgs SVGs byte for byte, $pngs PNGs within RMSE $limit" \
  "(largest $worst${worst_file:+, $worst_file}); $failed differ"
[ "$failed" = 0 ]
