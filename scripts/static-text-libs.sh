#!/usr/bin/env bash
# Builds the text stack as static libraries for release builds, in DIR (default
# .build/static-text-libs): HarfBuzz and Pango from Debian's source packages of the very versions
# installed (Debian ships no .a of them), the other libraries from Debian's own .a files. Writes
#   DIR/pkgconfig/*.pc   cairo, pangocairo, yaml-0.1 and libdeflate, naming DIR/lib first;
#   DIR/lib/lib*.a       for each library the release links, one linker script grouping every
#                        archive of the stack (ld takes it wherever any of them is named);
# so that `PKG_CONFIG_PATH=DIR/pkgconfig swift build -c release` links them all into the
# executable. A process then maps one file instead of 43 shared libraries: about 4.5 ms less at
# every start (docs/performance.md). The release's output is the shared libraries' byte for byte
# (scripts/release-check.sh). Exits non-zero, saying why, when it cannot; the Makefile then links
# the shared libraries. Apt's sources are read, never changed: source lists and indexes go in DIR.
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
stamp="harfbuzz $harfbuzz_version, pango $pango_version, in $dir"
if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then exit 0; fi
rm -f "$dir/stamp"

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

# Every archive the stack needs from Debian (-dev packages installed by `make deps`).
archives=(cairo pixman-1 fontconfig freetype png16 z brotlidec brotlicommon bz2 expat fribidi thai datrie
  gio-2.0 gobject-2.0 glib-2.0 ffi pcre2-8 deflate yaml)
for name in "${archives[@]}"; do
  if [ ! -f "$system_lib/lib$name.a" ]; then
    echo "static-text-libs: $system_lib/lib$name.a is missing" >&2
    exit 1
  fi
done

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
prefix="$dir/prefix"
rm -rf "$prefix"
export CFLAGS="-O2" CXXFLAGS="-O2"
meson setup "$src/harfbuzz/build" "$src/harfbuzz" --prefix="$prefix" --libdir=lib --buildtype=plain \
  -Ddefault_library=static -Dglib=enabled -Dfreetype=enabled -Dgobject=disabled -Dcairo=disabled \
  -Dchafa=disabled -Dicu=disabled -Dgraphite2=disabled -Dtests=disabled -Dintrospection=disabled \
  -Ddocs=disabled >/dev/null
ninja -C "$src/harfbuzz/build" install >/dev/null
PKG_CONFIG_PATH="$prefix/lib/pkgconfig" meson setup "$src/pango/build" "$src/pango" --prefix="$prefix" \
  --libdir=lib --buildtype=plain --wrap-mode=nodownload -Ddefault_library=static -Dintrospection=disabled \
  -Dgtk_doc=false -Dinstall-tests=false -Dfontconfig=enabled -Dsysprof=disabled -Dlibthai=enabled \
  -Dcairo=enabled -Dxft=disabled -Dfreetype=enabled >/dev/null
ninja -C "$src/pango/build" install >/dev/null

# One group of every archive, named by each library the release links. The libraries the shared
# build names only for the loader's sake (CLoaderOrder) are left out: nothing static needs them.
lib="$dir/lib"
rm -rf "$lib" && mkdir -p "$lib"
group="GROUP ("
for name in pangocairo-1.0 pangoft2-1.0 pango-1.0 harfbuzz; do group="$group $prefix/lib/lib$name.a"; done
for name in "${archives[@]}"; do group="$group $system_lib/lib$name.a"; done
group="$group )"
for name in pangocairo-1.0 pangoft2-1.0 pango-1.0 harfbuzz cairo pixman-1 fontconfig freetype png16 \
  glib-2.0 gobject-2.0 deflate yaml; do
  echo "$group" > "$lib/lib$name.a"
done
for name in mount X11 selinux blkid; do echo "/* not needed by the static text stack */" > "$lib/lib$name.a"; done

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
