#!/usr/bin/env bash
# Builds the text stack for release builds to link in, in DIR (default .build/static-text-libs):
# HarfBuzz and Pango from Debian's source packages of the very versions installed (Debian ships no
# .a of them), the other libraries from Debian's own .a files; GLib stays shared. Writes
#   DIR/lib/text-stack.o       the stack, one relocatable object, for the linker (the Makefile);
#   DIR/lib/exports.list       its functions, for the linker to export (--dynamic-list);
#   DIR/pkgconfig/*.pc         cairo, pangocairo, yaml-0.1 and libdeflate, naming DIR/lib first;
#   DIR/lib/lib*.a             for each library the release names, a linker script naming the
#                              shared GLib (or libyaml's and libdeflate's archives);
# so that `PKG_CONFIG_PATH=DIR/pkgconfig swift build -c release -Xlinker DIR/lib/text-stack.o
# -Xlinker --dynamic-list=DIR/lib/exports.list` links them into the executable. A process then
# loads 15 shared libraries instead of 42: about 3 ms less at every start (docs/performance.md).
# The release's output is the shared libraries' byte for byte (scripts/release-check.sh). Exits
# non-zero, saying why, when it cannot; the Makefile then links the shared libraries. Apt's
# sources are read, never changed: source lists and indexes go in DIR.
set -euo pipefail

dir="$(mkdir -p "${1:-.build/static-text-libs}" && cd "${1:-.build/static-text-libs}" && pwd)"
system_lib="$(pkg-config --variable=libdir cairo)"
sudo_cmd=$([ "$(id -u)" = 0 ] || echo sudo)

version() { dpkg-query -W -f '${source:Version}' "$1" 2>/dev/null; }
harfbuzz_version="$(version libharfbuzz0b)"
pango_version="$(version libpango-1.0-0)"
if [ -z "$harfbuzz_version" ] || [ -z "$pango_version" ]; then
  echo "static-text-libs: HarfBuzz or Pango is not installed as a Debian package" >&2
  exit 1
fi
stamp="harfbuzz $harfbuzz_version, pango $pango_version, in $dir, by $(sha256sum "$0" | cut -c1-16)"
if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then exit 0; fi
rm -f "$dir/stamp"

# Every archive linked in, from Debian (-dev packages installed by `make deps`). GLib, GObject,
# GIO and zlib stay shared: librsvg, opened for SVG icons, loads them too, and a second GObject type
# registry in one process would split its types in two. Graphite (fonts with Graphite tables,
# which HarfBuzz shapes with it as Debian's does) has no archive in Debian: shared too.
archives=(cairo pixman-1 fontconfig freetype png16 brotlidec brotlicommon bz2 expat fribidi thai datrie)
own=(deflate yaml) # linked in, not exported: only the renderer calls them
shared=(gio-2.0 gobject-2.0 glib-2.0 z graphite2)
for name in "${archives[@]}" "${own[@]}"; do
  if [ ! -f "$system_lib/lib$name.a" ]; then
    echo "static-text-libs: $system_lib/lib$name.a is missing" >&2
    exit 1
  fi
done

# HarfBuzz and Pango, built once for the versions installed.
prefix="$dir/prefix"
sources="harfbuzz $harfbuzz_version with graphite2, pango $pango_version"
if [ "$(cat "$prefix/built" 2>/dev/null)" != "$sources" ]; then
  # Tools: meson and ninja build both; dpkg-source unpacks and patches the source packages.
  missing=""
  for tool in meson:meson ninja:ninja-build dpkg-source:dpkg-dev; do
    command -v "${tool%%:*}" >/dev/null || missing="$missing ${tool#*:}"
  done
  if [ -n "$missing" ]; then
    echo "static-text-libs: installing$missing"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq $missing >/dev/null
  fi

  # The source packages, fetched with the system's own apt sources made deb-src.
  apt_dir="$dir/apt"
  rm -rf "$apt_dir" && mkdir -p "$apt_dir/parts" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] && sed -E 's/^Types:.*/Types: deb-src/' "$file" > "$apt_dir/parts/$(basename "$file")"
  done
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$file" ] && sed -nE 's/^deb[[:space:]]/deb-src /p' "$file" >> "$apt_dir/parts/system.list"
  done
  apt_options=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt_dir/parts"
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Sandbox::User=$(id -un)" -o "Debug::NoLocking=1")
  apt-get "${apt_options[@]}" update -qq
  src="$dir/src"
  rm -rf "$src" && mkdir -p "$src"
  (cd "$src" && apt-get "${apt_options[@]}" source -qq --download-only \
    "harfbuzz=$harfbuzz_version" "pango1.0=$pango_version" >/dev/null)
  (cd "$src" && dpkg-source -x --no-check harfbuzz_*.dsc harfbuzz >/dev/null)
  (cd "$src" && dpkg-source -x --no-check pango1.0_*.dsc pango >/dev/null)

  # Built as Debian builds them (-O2), for the features the renderer uses: no tools, tests or docs.
  rm -rf "$prefix"
  export CFLAGS="-O2" CXXFLAGS="-O2"
  meson setup "$src/harfbuzz/build" "$src/harfbuzz" --prefix="$prefix" --libdir=lib --buildtype=plain \
    -Ddefault_library=static -Dglib=enabled -Dfreetype=enabled -Dgobject=disabled -Dcairo=disabled \
    -Dchafa=disabled -Dicu=disabled -Dgraphite2=enabled -Dtests=disabled -Dintrospection=disabled \
    -Ddocs=disabled >/dev/null
  ninja -C "$src/harfbuzz/build" install >/dev/null
  PKG_CONFIG_PATH="$prefix/lib/pkgconfig" meson setup "$src/pango/build" "$src/pango" --prefix="$prefix" \
    --libdir=lib --buildtype=plain --wrap-mode=nodownload -Ddefault_library=static -Dintrospection=disabled \
    -Dgtk_doc=false -Dinstall-tests=false -Dfontconfig=enabled -Dsysprof=disabled -Dlibthai=enabled \
    -Dcairo=enabled -Dxft=disabled -Dfreetype=enabled >/dev/null
  ninja -C "$src/pango/build" install >/dev/null
  echo "$sources" > "$prefix/built"
fi

# The functions librsvg and the shared libraries it loads could call: every function the shared
# builds of the statically linked libraries export, but X11's and XCB's surfaces (the release draws
# on neither). The executable links all of them in
# and exports them (--dynamic-list, in the Makefile), so that when an SVG icon opens
# librsvg, its calls and those of the shared Pango and Cairo it loads reach the executable's one
# copy of each library, with its font configuration, instead of a second copy.
lib="$dir/lib"
rm -rf "$lib" && mkdir -p "$lib"
exported=(cairo.so.2 pango-1.0.so.0 pangoft2-1.0.so.0 pangocairo-1.0.so.0 harfbuzz.so.0 fontconfig.so.1
  freetype.so.6 pixman-1.so.0 png16.so.16 fribidi.so.0 thai.so.0 datrie.so.1 expat.so.1 brotlidec.so.1
  brotlicommon.so.1 bz2.so.1.0)
for name in "${exported[@]}"; do
  readelf --dyn-syms -W "$system_lib/lib$name" | awk '$4 == "FUNC" && $7 != "UND" { sub(/@.*/, "", $8); print $8 }'
done | grep -vE '^(cairo_xlib_|cairo_xcb_)' | sort -u > "$lib/exported-functions"
{ echo "{"; sed 's/.*/  &;/' "$lib/exported-functions"; echo "};"; } > "$lib/exports.list"

# The stack as one relocatable object of the archives' members those functions need, which the
# Makefile hands the linker once: Swift's static linking hides every archive's symbols
# (--exclude-libs ALL), not an object's, and an object named by each library would be linked as
# many times. The libraries the release names link the shared GLib; the libraries the shared
# build names only for the loader's sake (CLoaderOrder) but GIO's are left out: nothing static
# needs X11.
stack=()
for name in pangocairo-1.0 pangoft2-1.0 pango-1.0 harfbuzz; do stack+=("$prefix/lib/lib$name.a"); done
for name in "${archives[@]}"; do stack+=("$system_lib/lib$name.a"); done
ld -r -o "$lib/text-stack.o" $(sed 's/^/-u /' "$lib/exported-functions") --start-group "${stack[@]}" --end-group
group="INPUT ("
for name in "${shared[@]}"; do group="$group $system_lib/lib$name.so"; done
for name in pangocairo-1.0 pangoft2-1.0 pango-1.0 harfbuzz cairo pixman-1 fontconfig freetype png16; do
  echo "$group )" > "$lib/lib$name.a"
done
echo "/* not needed by the static text stack */" > "$lib/libX11.a"
for name in "${own[@]}"; do echo "INPUT ( $system_lib/lib$name.a )" > "$lib/lib$name.a"; done

# The packages' own compiler flags, the group for linking.
pc="$dir/pkgconfig"
rm -rf "$pc" && mkdir -p "$pc"
write_pc() { # package, library
  printf 'Name: %s\nDescription: %s linked statically\nVersion: %s\nLibs: -L%s -l%s\nCflags: %s\n' \
    "$1" "$1" "$(pkg-config --modversion "$1")" "$lib" "$2" "$(pkg-config --cflags "$1")" > "$pc/$1.pc"
}
write_pc cairo cairo
write_pc pangocairo pangocairo-1.0
write_pc yaml-0.1 yaml
write_pc libdeflate deflate
echo "$stamp" > "$dir/stamp"
echo "static-text-libs: $stamp"
