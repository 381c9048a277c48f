#!/usr/bin/env bash
# A Debian 13 (trixie) root for `make platform-check`, made once with debootstrap from Debian's
# packages (the mirror of this machine's own apt sources) and reused: Pango 1.56, cairo 1.18,
# HarfBuzz 10 and ICU 76, the library generation of Ubuntu 24.04 and Homebrew. The Swift toolchain
# is not in Debian: the host's is bind-mounted at the same path, and so is the folder git maps
# https://github.com/ to, if any (Swift packages resolve from it).
# Usage: debian13-root.sh ROOT setup | mount | unmount. `setup` makes the root when it is missing
# (about five minutes) and mounts; `unmount` undoes every mount this script made.
set -euo pipefail

root="$1"
action="$2"
packages="libcairo2-dev libpango1.0-dev libyaml-dev librsvg2-2 librsvg2-bin fontconfig qpdf make git python3 \
  pkg-config libcurl4 libxml2 libedit2 libsqlite3-0 libncurses6 binutils gcc g++ libstdc++-14-dev zlib1g-dev \
  libicu76 graphviz time ca-certificates imagemagick"

toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
# The folder `https://github.com/` is mapped to, as in `url./opt/swift-packages/.insteadof https://github.com/`.
packages_dir=$(git config --system --get-regexp 'url\..*\.insteadof' 2>/dev/null | awk '{ print $1 }' \
  | sed -E 's/^url\.(.*)\.insteadof$/\1/' | head -n 1 || true)

mirror() {
  local uri
  uri=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{ print $2 }' \
    | grep -v security | head -n 1 || true)
  if [ -z "$uri" ]; then
    uri=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null | awk '{ print $2 }' | head -n 1 || true)
  fi
  echo "${uri:-http://deb.debian.org/debian}"
}

mounted() { mountpoint -q "$1"; }

bind() {
  local from="$1" to="$root$1"
  mkdir -p "$to"
  mounted "$to" || mount --bind "$from" "$to"
}

do_mount() {
  bind /proc
  bind /dev
  bind /dev/pts
  bind "$toolchain"
  if [ -n "$packages_dir" ] && [ -d "$packages_dir" ]; then bind "${packages_dir%/}"; fi
  cp /etc/resolv.conf "$root/etc/resolv.conf"
}

do_unmount() {
  local path
  for path in "${packages_dir%/}" "$toolchain" /dev/pts /dev /proc; do
    [ -n "$path" ] && mounted "$root$path" && umount "$root$path"
  done
  return 0
}

setup() {
  if [ ! -f "$root/.timeline-cards-ready" ]; then
    # A fresh machine has no package lists until something runs apt-get update.
    if ! command -v debootstrap >/dev/null; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null 2>&1 \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; } \
        || exit 1
    fi
    rm -rf "$root" && mkdir -p "$(dirname "$root")"
    debootstrap --variant=minbase trixie "$root" "$(mirror)"
    do_mount
    chroot "$root" apt-get update -qq
    # shellcheck disable=SC2086
    chroot "$root" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends $packages >/dev/null
    if [ -n "$packages_dir" ]; then
      # git is installed only now: the insteadOf lines go into the root's /etc/gitconfig.
      git config --system --get-regexp 'url\..*\.insteadof' | while read -r key value; do
        chroot "$root" git config --system --add "$key" "$value"
      done
    fi
    chroot "$root" apt-get clean
    touch "$root/.timeline-cards-ready"
  fi
  do_mount
  # A root made before a package joined the list gets it now.
  local missing="" package
  for package in $packages; do
    chroot "$root" dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
  done
  if [ -n "$missing" ]; then
    chroot "$root" apt-get update -qq
    # shellcheck disable=SC2086
    chroot "$root" env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends $missing >/dev/null
    chroot "$root" apt-get clean
  fi
}

case "$action" in
  setup) setup ;;
  mount) do_mount ;;
  unmount) do_unmount ;;
  *) echo "usage: debian13-root.sh ROOT setup|mount|unmount" >&2; exit 2 ;;
esac
