#!/usr/bin/env bash
# The steps of the timeline-cards GitHub Action (action.yml), also run by `make test`
# (CIScriptTests) with a binary already built. Configured by the environment:
#   INPUT_INPUTS      inputs to check: files or folders, separated by spaces (required)
#   INPUT_EXPECTED    the folder of golden images (required)
#   INPUT_DIFF        where diff images go (default: timeline-diffs)
#   INPUT_ARGS        more flags for `check`, e.g. "--tolerance 1 --feed" (default: none)
#   INPUT_PREFIX      where timeline-cards is installed (default: $RUNNER_TEMP/timeline-cards, else /tmp/…)
#   TIMELINE_CARDS_FROM  a folder holding a built timeline-cards: install that instead of building
#   GITHUB_ACTION_PATH   this repository (set by GitHub; default: the folder above this script)
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
prefix="${INPUT_PREFIX:-${RUNNER_TEMP:-/tmp}/timeline-cards}"
: "${INPUT_INPUTS:?set the action's 'inputs' (files or folders to check)}"
: "${INPUT_EXPECTED:?set the action's 'expected' (the folder of golden images)}"
diff_dir="${INPUT_DIFF:-timeline-diffs}"

# 1. Install: the system libraries when missing, then a release build (or the given binary).
if [ -n "${TIMELINE_CARDS_FROM:-}" ]; then
  make --no-print-directory -C "$action_path" install PREFIX="$prefix" INSTALL_FROM="$TIMELINE_CARDS_FROM" >&2
else
  # Shared text libraries: building them statically would add two minutes to every job to save
  # 3 ms per process, and check renders every input in one.
  make --no-print-directory -C "$action_path" install PREFIX="$prefix" STATIC_TEXT_LIBS=0 >&2
fi
export PATH="$prefix/bin:$PATH"
if [ -n "${GITHUB_PATH:-}" ]; then echo "$prefix/bin" >> "$GITHUB_PATH"; fi

# 2. Problem matcher: errors and mismatches become annotations on the files.
echo "::add-matcher::$action_path/.github/timeline-cards-matcher.json"

# 3. Check. Word splitting of the inputs and extra flags is intended.
status=0
# shellcheck disable=SC2086
timeline-cards check $INPUT_INPUTS --expected "$INPUT_EXPECTED" --diff "$diff_dir" ${INPUT_ARGS:-} || status=$?
echo "::remove-matcher owner=timeline-cards::"
echo "::remove-matcher owner=timeline-cards-check::"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "diff=$diff_dir" >> "$GITHUB_OUTPUT"; fi
exit "$status"
