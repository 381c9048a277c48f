#!/bin/sh
# Writes OUTPUT/BuildCommit.swift, the commit timeline-cards is built from, for --version (the
# BuildCommit plugin runs this before every build):
#   scripts/build-commit.sh PACKAGE_FOLDER OUTPUT_FOLDER
# The commit is git's when PACKAGE_FOLDER is a work tree's top (not a folder inside another
# project's repository); else the one `git archive` wrote into .commit (export-subst, see
# .gitattributes); else none. The file is rewritten only when its text changes.
root=$1
out=$2
mkdir -p "$out"
commit=""
top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null) || top=""
if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; then
  commit=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
fi
if [ -z "$commit" ] && [ -f "$root/.commit" ]; then
  archived=$(head -c 40 "$root/.commit")
  case $archived in
    *[!0-9a-f]* | "") ;; # not substituted: a plain copy of the source tree
    *) commit=$(printf '%s' "$archived" | cut -c1-12) ;;
  esac
fi
if [ -n "$commit" ]; then value="\"$commit\""; else value=nil; fi
text="/// The commit this build is made from (scripts/build-commit.sh); nil when it is not known.
let buildCommit: String? = $value"
file="$out/BuildCommit.swift"
[ -f "$file" ] && [ "$(cat "$file")" = "$text" ] && exit 0
printf '%s\n' "$text" > "$file"
