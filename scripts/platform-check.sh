#!/usr/bin/env bash
# The second platform in the loop: the tool built (debug, as `make build` builds it here) in a Debian 13 root
# (scripts/debian13-root.sh: Pango 1.56, cairo 1.18, HarfBuzz 10, made once with debootstrap and
# reused), every fixture rendered there as `make goldens` records it, and compared with what this
# machine's build renders: every SVG byte for byte, every PNG within an RMSE of 0.01 (ImageMagick's
# normalized RMSE, in the root), and every PDF page as poppler draws it within an RMSE of 0.03. With
# TESTS=REGEX, the test cases it matches run in the root too; with BENCH=1, `make bench` does.
# Usage: platform-check.sh BIN ROOT WORK (WORK: a folder for this machine's renders and the report).
set -euo pipefail
shopt -s nullglob

bin="$1"
root="$2"
work="$3"
here=$(pwd)
script_dir=$(cd "$(dirname "$0")" && pwd)
inside=/work/timeline-cards
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")

bash "$script_dir/debian13-root.sh" "$root" setup
trap 'bash "$script_dir/debian13-root.sh" "$root" unmount' EXIT

# The working tree as it is (tracked and new files, not ignored ones) replaces the root's copy;
# the root's build folder stays, so a later run builds incrementally.
mkdir -p "$root$inside" "$root/work/build"
find "$root$inside" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$root$inside"
[ -L "$root$inside/.build" ] || ln -s /work/build "$root$inside/.build"

in_root() {
  chroot "$root" env -i HOME=/root LANG=C.UTF-8 PATH="$toolchain/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    bash -c "cd $inside && $1"
}

# One debug build in the root, as this machine's renders come from `make build`: with TESTS, the
# tests' build, which makes the tool too (a release build beside it cost CI minutes and compared
# nothing more: `make release-check` shows the release renders as the debug build does). BENCH's
# `make bench` builds its own release.
build_command="swift build --product timeline-cards"
[ -n "${TESTS:-}" ] && build_command="swift build --build-tests"
echo "platform-check: building in $root (Debian $(cat "$root/etc/debian_version")): $build_command"
in_root "$build_command >/work/build.log 2>&1" || {
  tail -n 30 "$root/work/build.log" >&2
  echo "platform-check: the tool did not build in the Debian 13 root ($root/work/build.log)" >&2
  exit 1
}
root_bin=.build/debug/timeline-cards

# Runs COMMAND for every fixture on WHERE (host or root), its output appended to OUT.log; {input},
# {name} and {feed} (--feed for a feed-* fixture) in COMMAND stand for the fixture's.
for_each_fixture() {
  local where="$1" out="$2" template="$3"
  local input name feed command
  for input in fixtures/*.yaml fixtures/*.yml fixtures/*.json fixtures/*.mmd; do
    name=$(basename "${input%.*}")
    feed=""
    case "$name" in feed-*) feed="--feed" ;; esac
    command=${template//\{input\}/$input}
    command=${command//\{name\}/$name}
    command="${command//\{feed\}/$feed} >>$out.log 2>&1"
    if [ "$where" = root ]; then in_root "$command"; else bash -c "$command"; fi || {
      echo "platform-check: $input did not render on $where (see $out.log)" >&2
      exit 1
    }
  done
}
# Both renders of every fixture, in the goldens' layout (`check --record` into an empty folder).
# WHERE is host or root; BIN and OUT are paths there.
render_all() {
  for_each_fixture "$1" "$3" "$2 check {input} {feed} --expected $3 --record --jobs 1"
}
# Every fixture's PDF, each page drawn by poppler (pdftocairo, on this machine for both) at 144 dpi:
# cairo 1.16 and 1.18 write different bytes (object streams, exact widths), but a reader must see
# the same page, within an RMSE of 0.03 (the bound clients.py sets a PDF drawn by pdftocairo
# against our PNG): a few glyphs a fraction of a pixel apart stay under 0.027 on every fixture,
# while a bold Chinese title 1/24 em low (the cairo 1.18 bug) measured 0.119. WHERE, BIN and OUT
# as for render_all; DRAWN: where this machine puts the pages.
render_pdfs() {
  local where="$1" bin="$2" out="$3" drawn="$4"
  local from="$out" pdf name
  for_each_fixture "$where" "$out" "$bin render {input} {feed} --format pdf -o $out/{name} --jobs 1"
  [ "$where" = root ] && from="$root$out"
  for pdf in "$from"/*/*.pdf; do
    name=$(basename "$(dirname "$pdf")")
    mkdir -p "$drawn/$name"
    pdftocairo -png -r 144 "$pdf" "$drawn/$name/$(basename "${pdf%.pdf}")"
  done
}
rm -rf "$work" && mkdir -p "$work/debian12" "$work/debian12-pdf"
rm -rf "$root/work/debian13" "$root/work/debian13.log" "$root/work/debian13-pdf" "$root/work/debian13-pdf.log" \
  "$root/work/pdf-pages" && mkdir -p "$root/work/debian13" "$root/work/debian13-pdf" "$root/work/pdf-pages"
render_all host "$(readlink -f "$bin")" "$work/debian12"
render_all root "$root_bin" /work/debian13
render_pdfs host "$(readlink -f "$bin")" "$work/debian12-pdf" "$work/pdf-pages/debian12"
render_pdfs root "$root_bin" /work/debian13-pdf "$root/work/pdf-pages/debian13"
rm -rf "$root/work/debian12" && cp -R "$work/debian12" "$root/work/debian12"
cp -R "$work/pdf-pages/debian12" "$root/work/pdf-pages/debian12"

# Compared in the root, where ImageMagick is.
set +e
in_root "bash scripts/platform-compare.sh /work/debian12 /work/debian13" 2>&1 | tee "$work/report.txt"
status=${PIPESTATUS[0]}
in_root "bash scripts/platform-compare.sh /work/pdf-pages/debian12 /work/pdf-pages/debian13 0.03" 2>&1 \
  | sed 's/^platform-compare:/platform-compare (PDF pages drawn by poppler):/' | tee -a "$work/report.txt"
[ "${PIPESTATUS[0]}" = 0 ] || status=1
set -e
cd "$here"
# The text engine's tests, whose oracles (Pango's layouts, HarfBuzz's flags, cairo's PDF) are the
# platform's: the filtered targets of the tests' build made above.
if [ -n "${TESTS:-}" ]; then
  echo "platform-check: running the tests matching '$TESTS' in $root"
  set +e
  in_root "swift test --skip-build --filter '$TESTS' >/work/tests.log 2>&1"
  [ $? = 0 ] || status=1
  set -e
  cp "$root/work/tests.log" "$work/tests.txt"
  grep -E "error:" "$work/tests.txt" | head -n 40 || true
  grep -E "Executed [0-9]+ tests?, with" "$work/tests.txt" | tail -n 1 || true
fi
if [ "${BENCH:-0}" = 1 ]; then
  in_root "make --no-print-directory bench BENCH_SCRATCH=.build" | tee "$work/bench.txt"
fi
exit "$status"
