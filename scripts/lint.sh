#!/usr/bin/env bash
# The house style, checked: swift-format's lint with the checked-in .swift-format (which
# `make format` applies); no line over 120 columns in Swift, Python, shell, awk or the Makefile
# (swift-format leaves comments and string literals as they are, so their length is checked
# here); no Swift function in Sources over 60 lines; no file importing Glibc without Musl and
# Darwin in its place; and no deinit letting go of a Pango or cairo object off the text thread.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Plugins)
swift format lint --strict --recursive --configuration .swift-format "${paths[@]}"
# Generated files (marked swift-format-ignore-file) are left as generated.
files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
  grep -rLZ --include='*.swift' 'swift-format-ignore-file' Package.swift Sources Tests Plugins
  find scripts bench fuzz .ci -type f \( -name '*.py' -o -name '*.sh' -o -name '*.awk' -o -name run \) -print0
  printf '%s\0' Makefile)
# Characters, not bytes: Debian's default awk (mawk) counts bytes whatever the locale.
long=$(python3 -c '
import sys
for path in sys.argv[1:]:
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        length = len(line.rstrip("\n"))
        if length > 120:
            print(f"{path}:{number}:121: error: line of {length} columns, over 120")
' "${files[@]}")
if [ -n "$long" ]; then echo "$long"; exit 1; fi
python3 scripts/function-length.py --limit 60 --allowed scripts/function-length-allowed.txt Sources
# The C library by platform: a file importing glibc imports musl (Linux static SDK) and Darwin's
# in its place elsewhere, or that build stops at its first call into libc.
platform=$({ grep -rl --include='*.swift' '^import Glibc' Sources Tests Plugins || true; } | while read -r file; do
  for name in Musl Darwin; do
    grep -q "^#elseif canImport($name)" "$file" || echo "$file:1:1: error: imports Glibc, not $name in its place"
  done
done)
if [ -n "$platform" ]; then echo "$platform"; exit 1; fi
# Tests mirror sources: every library module of ours has its test target, Tests/<Module>Tests (C
# modules, executables and the tests' own support module are not libraries of the product).
mirror=$(for module in Sources/*/; do
  module=$(basename "$module")
  case "$module" in C* | timeline-* | TimelineTestSupport) continue ;; esac
  [ -d "Tests/${module}Tests" ] || echo "Sources/$module:1:1: error: no test target Tests/${module}Tests"
done)
if [ -n "$mirror" ]; then echo "$mirror"; exit 1; fi
# Tests read a PDF's objects through PDFObjects (TimelineTestSupport), never its bytes as text:
# cairo 1.18 compresses most objects, where a search of the bytes finds nothing (and a check that
# a word is absent passes without looking).
pdftext=$(grep -rniE --include='*.swift' -e 'String\(decoding: [^)]*pdf' \
  -e 'String\(decoding: .*\)\.contains\("/[A-Z]' Tests \
  | grep -v -e 'prefix(5)' -e '^Tests/TimelineCairoTests/PDFObjectsTests.swift' \
  | sed -E 's/^([^:]+:[0-9]+):.*/\1:1: error: reads a PDF as text; use PDFObjects/' || true)
if [ -n "$pdftext" ]; then echo "$pdftext"; exit 1; fi
# A folder is listed through FolderNames (TimelinePolicy), which reads each name where readdir
# left it: a copied entry reads its 256-byte name field past the end of the stream's buffer.
readdirs=$(grep -rn --include='*.swift' -e 'readdir(' -e 'd_name' Sources Tests Plugins \
  | grep -v '^Sources/TimelinePolicy/FolderNames.swift' \
  | sed -E 's/^([^:]+:[0-9]+):.*/\1:1: error: reads a folder itself; use FolderNames/' || true)
if [ -n "$readdirs" ]; then echo "$readdirs"; exit 1; fi
# Letting go of a Pango or cairo object is the text thread's (TextThread.release), in every deinit.
python3 scripts/deinit-text-thread.py Sources
echo "lint: clean"
