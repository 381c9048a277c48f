#!/usr/bin/env bash
# Prints the Homebrew formula of a released version (the release workflow attaches it to the tag):
#   scripts/homebrew-formula.sh VERSION SOURCE_ARCHIVE_URL SHA256 HOMEPAGE
# It is packaging/homebrew/timeline-cards.rb, which builds the main branch (--HEAD), with the
# version's source archive and its checksum added: `brew install` builds that archive from source
# (Swift from Xcode on macOS), since a prebuilt binary would need the very versions of Homebrew's
# libraries it was linked with.
set -euo pipefail
[ $# = 4 ] || { echo "usage: $0 VERSION SOURCE_ARCHIVE_URL SHA256 HOMEPAGE" >&2; exit 2; }
version=$1 url=$2 sha=$3 homepage=$4
case $version in *[!0-9.]* | "") echo "homebrew-formula: '$version' is not X.Y.Z" >&2; exit 2 ;; esac
case $sha in *[!0-9a-f]* | "") echo "homebrew-formula: '$sha' is not a SHA-256" >&2; exit 2 ;; esac
[ ${#sha} = 64 ] || { echo "homebrew-formula: '$sha' is not a SHA-256" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
awk -v url="$url" -v sha="$sha" -v home="$homepage" '
  /^  homepage / { print "  homepage \"" home "\""; next }
  /^  head / { print "  url \"" url "\""; print "  sha256 \"" sha "\""; sub(/"https:[^"]*"/, "\"" home ".git\"") }
  { print }
' "$root/packaging/homebrew/timeline-cards.rb"
