#!/usr/bin/env bash
# Checks the release build (`make release`: the text stack linked in, other compiler flags, the
# Swift runtime linked in) against the debug build every test runs: every fixture and hostile
# input rendered by both in SVG, PNG (scales 1 and 2) and PDF gives the same exit code, messages
# and bytes, and the release matches the golden images. Then the bench's kinds of text (wrapped,
# subtitles, CJK, Arabic) at 200 items. Usage: release-check.sh DEBUG_BIN RELEASE_BIN WORK.
# With REQUIRE_STATIC=1, a release that loads Cairo, Pango, HarfBuzz, fontconfig or FreeType as
# shared libraries fails; a release that links them in fails when librsvg, opened for an SVG icon,
# calls into a shared copy of any of them instead of the executable's.
set -euo pipefail
shopt -s nullglob

debug="$1"
release="$2"
work="$3"

stack="lib(cairo\.so|pango-1\.0|pangocairo-1\.0|pangoft2-1\.0|harfbuzz\.so|fontconfig|freetype|pixman-1|png16)"
if ldd "$release" | grep -qE "$stack"; then
  if [ "${REQUIRE_STATIC:-0}" = 1 ]; then
    echo "release-check: $release loads the text stack as shared libraries:" \
      "$(ldd "$release" | grep -oE "${stack}[^ ]*" | tr '\n' ' ')" >&2
    exit 1
  fi
else
  # Every function the shared builds of the linked-in libraries export is the executable's too
  # (but X11's and XCB's surfaces): a feature left out of a static build (HarfBuzz without
  # Graphite once) would shape or draw otherwise than the debug build, with fonts no fixture has.
  system_lib="$(pkg-config --variable=libdir cairo)"
  missing=$(for name in cairo.so.2 pango-1.0.so.0 pangoft2-1.0.so.0 pangocairo-1.0.so.0 harfbuzz.so.0 \
    fontconfig.so.1 freetype.so.6 pixman-1.so.0 png16.so.16 fribidi.so.0 thai.so.0; do
    readelf --dyn-syms -W "$system_lib/lib$name" | awk '$4 == "FUNC" && $7 != "UND" { sub(/@.*/, "", $8); print $8 }'
  done | grep -vE '^(cairo_xlib_|cairo_xcb_)' | sort -u \
    | comm -23 - <(nm -D --defined-only "$release" | awk '{ print $3 }' | sort -u) | tr '\n' ' ')
  if [ -n "$missing" ]; then
    echo "release-check: $release lacks functions of the libraries it links in: $missing" >&2
    exit 1
  fi
  # An SVG icon with text loads librsvg, which loads the shared Cairo and Pango; every call they
  # make must reach the executable's copy (the bindings the dynamic loader reports).
  rm -rf "$work" && mkdir -p "$work/bindings"
  LD_DEBUG=bindings LD_DEBUG_OUTPUT="$work/bindings/log" \
    "$release" render fixtures/icons-svg-text.yaml -o "$work/bindings" --format png --format svg --format pdf
  second=$(cat "$work"/bindings/log.* | grep -E "binding file .* to [^ ]*/${stack}" \
    | sed -E 's/.*symbol `([^'"'"']*).*/\1/' | sort -u | tr '\n' ' ' || true)
  if ! grep -q "binding file .*librsvg" "$work"/bindings/log.*; then
    echo "release-check: the SVG icon did not load librsvg" >&2
    exit 1
  fi
  if [ -n "$second" ]; then
    echo "release-check: librsvg reached a second, shared copy of the text stack: $second" >&2
    exit 1
  fi
fi

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

echo "release-check: $runs renders compared, ${#inputs[@]} inputs; $failed failed"
[ "$failed" = 0 ]
