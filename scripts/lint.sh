#!/usr/bin/env bash
# The house style, checked: swift-format's lint with the checked-in .swift-format (which
# `make format` applies); no line over 120 columns in Swift, Python, shell, awk or the Makefile
# (swift-format leaves comments and string literals as they are, so their length is checked
# here); and no Swift function in Sources over 60 lines.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests)
swift format lint --strict --recursive --configuration .swift-format "${paths[@]}"
# Generated files (marked swift-format-ignore-file) are left as generated.
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  grep -rLZ --include='*.swift' 'swift-format-ignore-file' Package.swift Sources Tests
  find scripts bench fuzz .ci -type f \( -name '*.py' -o -name '*.sh' -o -name '*.awk' -o -name run \) -print0
  printf '%s\0' Makefile)
# awk counts characters, not bytes, in a UTF-8 locale.
long=$(LC_ALL=C.UTF-8 awk 'length > 120 {
  printf "%s:%d:121: error: line of %d columns, over 120\n", FILENAME, FNR, length }' "${files[@]}")
if [ -n "$long" ]; then echo "$long"; exit 1; fi
python3 scripts/function-length.py --limit 60 --allowed scripts/function-length-allowed.txt Sources
echo "lint: clean"
