#!/usr/bin/env bash
# The render-timelines plugin as a user meets it (`make docc-plugin-check`, in .ci/run): a new
# client package depending on this one by path and on swift-docc-plugin, with a DocC catalog
# holding two timeline files. The plugin writes light and dark images; a second run changes
# nothing (same modification times); --check fails once an input changes and a bad input writes
# nothing; generate-documentation builds an archive holding both variants. The client builds
# timeline-cards again from source (a few minutes on two cores).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$repo/.build/docc-plugin-check}
swift=${SWIFT:-swift}
fail() { echo "docc-plugin-check: FAIL: $*" >&2; exit 1; }
step() { echo "docc-plugin-check: $*" >&2; }

rm -rf "$work/Sources" "$work/Package.swift"
catalog="$work/Sources/Client/Client.docc"
mkdir -p "$catalog"
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "client",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "$repo"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [.target(name: "Client")]
)
EOF
echo '/// A client of timeline-cards.' > "$work/Sources/Client/Client.swift"
echo 'public struct Client {}' >> "$work/Sources/Client/Client.swift"
cat > "$catalog/Client.md" <<'EOF'
# ``Client``

Release plans, drawn from the catalog's timeline files.

@Image(source: "release-2", alt: "The release plan: kickoff, beta and launch")

@Image(source: "roadmap", alt: "The roadmap")
EOF
cat > "$catalog/release.timeline.yaml" <<'EOF'
version: 1
theme: auto
cards:
  - id: release-2
    header: { title: Release 2.0, subtitle: From kickoff to launch }
    items:
      - { title: Kickoff, status: complete }
      - { title: Beta, status: in-progress }
      - { title: Launch }
EOF
cat > "$catalog/roadmap.timeline.json" <<'EOF'
{"version": 1, "cards": [{"id": "roadmap", "items": [{"title": "Plan", "status": "complete"}, {"title": "Ship"}]}]}
EOF

cd "$work"
plugin() { "$swift" package --allow-writing-to-package-directory render-timelines "$@"; }
resources="$catalog/Resources"
names="release-2 release-2@2x release-2~dark release-2~dark@2x roadmap roadmap@2x roadmap~dark roadmap~dark@2x"

step "first run (builds timeline-cards in the client)"
plugin --target Client
for name in $names; do [ -s "$resources/$name.png" ] || fail "the plugin did not write $name.png"; done
# The tool is built in release, and only in release.
[ -x .build/release/timeline-cards ] || fail "the plugin did not build timeline-cards in release"
[ -e .build/debug/timeline-cards ] && fail "the plugin built timeline-cards in debug too"
cmp -s "$resources/release-2.png" "$resources/release-2~dark.png" && fail "the dark image is the light one"
stamps() { (cd "$resources" && stat -c '%n %Y.%y %s' ./*.png); }
before=$(stamps)

step "second run: nothing changes"
sleep 1
plugin --target Client
[ "$(stamps)" = "$before" ] || fail "a second run touched the images: $(diff <(echo "$before") <(stamps))"
plugin --check || fail "--check fails right after writing"

step "--check after an input changed"
sed -i 's/title: Launch/title: Launch day/' "$catalog/release.timeline.yaml"
if output=$(plugin --check 2>&1); then fail "--check passed after the input changed"; fi
echo "$output" | grep -q "release-2.png" || fail "--check did not name release-2.png: $output"
[ "$(stamps)" = "$before" ] || fail "--check wrote images"

step "a bad input writes nothing"
cp "$catalog/release.timeline.yaml" "$work/release.keep"
echo "  - { title: 3 }" >> "$catalog/release.timeline.yaml"
echo '{"version": 1, "cards": [' > "$catalog/broken.timeline.json"
if output=$(plugin 2>&1); then fail "a bad input passed"; fi
echo "$output" | grep -qE "broken.timeline.json:[0-9]+:[0-9]+: error: " || fail "no located error: $output"
[ "$(stamps)" = "$before" ] || fail "a bad input wrote images"
rm "$catalog/broken.timeline.json"
mv "$work/release.keep" "$catalog/release.timeline.yaml"
plugin
plugin --check

step "generate-documentation (swift-docc-plugin)"
"$swift" package --disable-sandbox generate-documentation --target Client
archive=$(ls -d .build/plugins/Swift-DocC/outputs/Client.doccarchive)
for name in "release-2@2x" "release-2~dark@2x" "roadmap~dark@2x"; do
  find "$archive" -name "$name.png" | grep -q . || fail "the archive holds no $name.png"
done
grep -rqs 'release-2~dark' "$archive/data" || fail "the archive's page does not reference the dark image"
step "passed"
