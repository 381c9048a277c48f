#!/usr/bin/env bash
# The steps of the timeline-cards GitHub Action (action.yml), also run by `make test`
# (CIScriptTests) with a binary already built. Configured by the environment:
#   INPUT_INPUTS      inputs to check: files or folders, separated by spaces (required)
#   INPUT_EXPECTED    the folder of golden images (required)
#   INPUT_DIFF        where diff images go (default: timeline-diffs)
#   INPUT_ARGS        more flags for `check`, e.g. "--tolerance 1 --feed" (default: none)
#   INPUT_PREFIX      where timeline-cards is installed (default: $RUNNER_TEMP/timeline-cards, else /tmp/…;
#                     a leading ~/ is the home folder: the action's cached ~/.cache/timeline-cards-action)
#   INPUT_DEB         a prebuilt Debian package (a path or an https URL, from `make deb`): installed with
#                     apt-get instead of building (no Swift needed)
#   INPUT_TARBALL     a prebuilt release tarball (a path or an https URL, from `make dist`): unpacked into
#                     the prefix instead of building; the system libraries it links are installed with
#                     apt-get when missing (no Swift needed)
#   INPUT_CACHED      "true" when the prefix holds the build of this very source already (the action's
#                     cache): only the system libraries are installed, nothing is compiled
#   TIMELINE_CARDS_FROM  a folder holding a built timeline-cards: install that instead of building
#   GITHUB_ACTION_PATH   this repository (set by GitHub; default: the folder above this script)
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
prefix="${INPUT_PREFIX:-${RUNNER_TEMP:-/tmp}/timeline-cards}"
# The action names its cached prefix under ~ (the home of a container job differs from the host's).
case "$prefix" in "~/"*) prefix="$HOME/${prefix#"~/"}" ;; esac
: "${INPUT_INPUTS:?set the action's 'inputs' (files or folders to check)}"
: "${INPUT_EXPECTED:?set the action's 'expected' (the folder of golden images)}"
diff_dir="${INPUT_DIFF:-timeline-diffs}"

# Root in containers (the swift:* images have no sudo), sudo on hosted runners.
as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null; then
    sudo "$@"
  else
    echo "timeline-cards: installing needs root: run the job as root or install sudo" >&2
    exit 3
  fi
}

# A release file named by an https address is downloaded into a folder of our own (a fixed name in
# /tmp could be planted), https all the way; a path is made absolute. Prints the local path.
fetch() { # VALUE INPUT_NAME FILE_NAME
  case "$1" in
    https://*)
      local downloaded
      downloaded="$(mktemp -d "${RUNNER_TEMP:-/tmp}/timeline-cards.XXXXXX")/$3"
      curl -fsSL --proto '=https' --proto-redir '=https' -o "$downloaded" "$1"
      echo "$downloaded"
      ;;
    *://*)
      echo "timeline-cards: $2: $1: give a path or an https:// address" >&2
      exit 2
      ;;
    /*) echo "$1" ;;
    *) echo "$PWD/$1" ;;
  esac
}

# The official swift:* images have no make; building needs it.
if ! command -v make >/dev/null && [ -z "${INPUT_DEB:-}" ] && [ -z "${INPUT_TARBALL:-}" ]; then
  echo "installing make" >&2
  as_root apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq make >&2
fi

# 1. Install: the prebuilt package, or the system libraries when missing and a release build (or
#    the given binary).
if [ -n "${INPUT_DEB:-}" ]; then
  deb=$(fetch "$INPUT_DEB" deb timeline-cards.deb)
  as_root apt-get update -qq >&2
  # A self-hosted runner may hold another version already: this one replaces it.
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --reinstall --allow-downgrades "$deb" >&2
  prefix=/usr
elif [ -n "${INPUT_TARBALL:-}" ]; then
  tarball=$(fetch "$INPUT_TARBALL" tarball timeline-cards.tar.gz)
  rm -rf "$prefix" && mkdir -p "$prefix"
  tar -xzf "$tarball" -C "$prefix" --strip-components=1
  # The shared libraries the binary links, from the distribution, when any is missing.
  if ldd "$prefix/bin/timeline-cards" | grep -q "not found" || ! /sbin/ldconfig -p | grep -q librsvg-2; then
    as_root apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libcairo2 libpango-1.0-0 \
      libpangocairo-1.0-0 libpangoft2-1.0-0 libyaml-0-2 librsvg2-2 >&2
  fi
elif [ "${INPUT_CACHED:-}" = true ] && [ -x "$prefix/bin/timeline-cards" ]; then
  make --no-print-directory -C "$action_path" deps >&2
elif [ -n "${TIMELINE_CARDS_FROM:-}" ]; then
  make --no-print-directory -C "$action_path" install PREFIX="$prefix" INSTALL_FROM="$TIMELINE_CARDS_FROM" >&2
else
  make --no-print-directory -C "$action_path" install PREFIX="$prefix" >&2
fi
export PATH="$prefix/bin:$PATH"
if [ -n "${GITHUB_PATH:-}" ] && [ "$prefix" != /usr ]; then echo "$prefix/bin" >> "$GITHUB_PATH"; fi

# 2. Problem matcher: errors and mismatches become annotations on the files.
echo "::add-matcher::$action_path/.github/timeline-cards-matcher.json"

# 3. The diff folder: made fresh for this run, never through a link. A link planted at its name (or at
#    a folder above it) could send the diff images anywhere the job may write; an old folder's
#    images would be taken for this run's.
diff_path="$diff_dir"
case "$diff_path" in /*) ;; *) diff_path="./$diff_path" ;; esac # never taken for a flag
checked=""
case "$diff_path" in /*) checked="/" ;; esac
IFS=/ read -r -a diff_parts <<< "$diff_path"
for part in "${diff_parts[@]}"; do
  [ -z "$part" ] && continue
  checked="$checked$part"
  if [ -L "$checked" ]; then
    echo "timeline-cards: diff: $checked is a link; the diff folder is never written through a link" >&2
    exit 2
  fi
  checked="$checked/"
done
if [ -e "$diff_path" ]; then
  # Only a folder of earlier diff images is replaced: anything else there is not ours to delete.
  foreign="$(find "$diff_path" -mindepth 1 ! -type d ! \( -type f \( -name '*.diff.png' -o -name '*.actual.png' \
    -o -name '*.actual.svg' \) \) -print -quit 2>/dev/null || echo "$diff_path")"
  if [ ! -d "$diff_path" ] || [ -n "$foreign" ]; then
    echo "timeline-cards: diff: $diff_path holds ${foreign:-a file} that is not a diff image; give a new folder" >&2
    exit 2
  fi
  rm -rf -- "$diff_path"
fi
mkdir -p -- "$diff_path"

# 4. Check. The inputs and extra flags are split on spaces, tabs and newlines but never globbed
#    (a file named '*.yaml' stays itself), and `--` ends the flags before the inputs, so a file
#    named '--theme=x.yaml' is an input, not a flag.
read -r -d '' -a inputs <<< "$INPUT_INPUTS" || true
read -r -d '' -a extra_args <<< "${INPUT_ARGS:-}" || true
if [ "${#inputs[@]}" -eq 0 ]; then
  echo "timeline-cards: set the action's 'inputs' (files or folders to check)" >&2
  exit 2
fi
status=0
timeline-cards check --expected "$INPUT_EXPECTED" --diff "$diff_path" ${extra_args[@]+"${extra_args[@]}"} \
  -- "${inputs[@]}" || status=$?
echo "::remove-matcher owner=timeline-cards::"
echo "::remove-matcher owner=timeline-cards-check::"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "diff=$diff_dir" >> "$GITHUB_OUTPUT"; fi
exit "$status"
