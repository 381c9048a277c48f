#!/usr/bin/env bash
# Checks the release build (`make release`: other compiler flags, the Swift runtime linked in)
# against the debug build every test runs: every fixture and hostile input rendered by both in
# SVG, PNG (scales 1 and 2) and PDF gives the same exit code, messages and bytes, and the release
# matches the golden images. Then the bench's kinds of text (wrapped, subtitles, CJK, Arabic) at
# 200 items, and the fixtures as one batch on two threads. Usage: release-check.sh DEBUG_BIN RELEASE_BIN WORK.
set -euo pipefail
shopt -s nullglob

debug="$1"
release="$2"
work="$3"

rm -rf "$work" && mkdir -p "$work/inputs"
python3 bench/bench.py --inputs-only 200 --work "$work/inputs"
inputs=(fixtures/*.yaml fixtures/*.json fixtures/hostile/*.yaml fixtures/hostile/*.json "$work"/inputs/*-200.json)
failed=0
runs=0
for input in "${inputs[@]}"; do
  name=$(basename "${input%.*}")
  case "$input" in fixtures/hostile/*) name="hostile-$name" ;; esac
  feed=()
  case "$name" in feed-*) feed=(--feed) ;; esac
  for variant in "svg" "png" "png --scale 2" "pdf"; do
    read -r -a flags <<< "--format $variant"
    key="$name-${variant// /}"
    for build in debug release; do
      bin=$debug
      [ $build = release ] && bin=$release
      mkdir -p "$work/$build/$key"
      set +e
      "$bin" render "$input" -o "$work/$build/$key/out" "${flags[@]}" "${feed[@]}" \
        > "$work/$build/$key/stdout" 2> "$work/$build/$key/stderr"
      echo $? > "$work/$build/$key/status"
      set -e
    done
    runs=$((runs + 1))
    if ! diff -r "$work/debug/$key" "$work/release/$key" > "$work/$key.diff"; then
      echo "release-check: $input ($variant): the release differs from the debug build ($work/$key.diff)" >&2
      failed=$((failed + 1))
    fi
  done
done

# The golden images, as `make goldens` records them.
for input in fixtures/*.yaml fixtures/*.json; do
  name=$(basename "${input%.*}")
  feed=()
  case "$name" in feed-*) feed=(--feed) ;; esac
  if ! "$release" check "$input" "${feed[@]}" --expected fixtures/expected --tolerance 0 \
    > "$work/check-$name.log" 2>&1; then
    echo "release-check: $input does not match its golden images with the release ($work/check-$name.log)" >&2
    failed=$((failed + 1))
  fi
done

# The fixtures as one batch of PDFs on two threads, forty times: every run gives the files one
# thread gives (PDFs finished on two threads at once, before the text thread, crashed in FreeType
# about one batch in ten).
formats=(--format pdf)
set +e
"$release" render fixtures -o "$work/batch-one" "${formats[@]}" --jobs 1 > "$work/batch-one.log" 2>&1
one=$?
set -e
if [ $one != 0 ]; then
  echo "release-check: the fixtures as one batch on one thread failed ($work/batch-one.log)" >&2
  failed=$((failed + 1))
fi
for run in $(seq 40); do
  [ $one = 0 ] || break
  rm -rf "$work/batch-two"
  if ! "$release" render fixtures -o "$work/batch-two" "${formats[@]}" --jobs 2 > "$work/batch-two.log" 2>&1 \
    || ! diff -r -q "$work/batch-one" "$work/batch-two" > "$work/batch.diff"; then
    echo "release-check: the fixtures as one batch on two threads failed or differ in run $run" >&2
    failed=$((failed + 1))
    break
  fi
done

echo "release-check: $runs renders compared, ${#inputs[@]} inputs; $failed failed"
[ "$failed" = 0 ]
