#!/usr/bin/env bash
# The house style, checked: swift-format's lint with the checked-in .swift-format (which
# `make format` applies), and no Swift line over 120 columns (swift-format leaves comments and
# string literals as they are, so their length is checked here).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests)
swift format lint --strict --recursive --configuration .swift-format "${paths[@]}"
# Generated files (marked swift-format-ignore-file) are left as generated.
long=$(grep -rL --include='*.swift' 'swift-format-ignore-file' Sources Tests | tr '\n' '\0' | xargs -0 awk 'length > 120 { printf "%s:%d:121: error: line of %d columns, over 120\n", FILENAME, FNR, length }')
if [ -n "$long" ]; then echo "$long"; exit 1; fi
echo "lint: clean"
