#!/usr/bin/env bash
# make docs: the reference documentation as one static site, built with the toolchain's own
# docc from the catalog Sources/Haptics/Haptics.docc and the symbol graphs of the library
# products: Haptics (with the modules it re-exports, HapticsModel, HapticsPlayback and
# HapticsPlatform, so a reader finds every type `import Haptics` gives under Haptics),
# HapticsTesting, HapticsEvdev, HapticsHidraw, PullToRefresh and FeedbackTheme. The symbol graphs are
# extracted from the debug build's modules, so no other build is needed.
#
# DOCS_DIR (default .build/docs) is where the site goes; DOCS_BASE_PATH (default haptics) the
# path it is served under (http://host/haptics/documentation/haptics).
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
bin=$(dirname "$(realpath "$(command -v "$swift")")")
output=$(realpath -m "${DOCS_DIR:-.build/docs}")
base_path=${DOCS_BASE_PATH:-haptics}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$swift" build >&2
modules="$("$swift" build --show-bin-path)/Modules"
target=$("$swift" -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
extract() {
    "$bin/swift-symbolgraph-extract" -module-name "$1" -target "$target" -I "$modules" -I CFutex -I CEvdev \
        -I /usr/include/libevdev-1.0 -minimum-access-level public -emit-extension-block-symbols \
        -output-dir "$work/symbol-graphs" "${@:2}"
}
mkdir -p "$work/symbol-graphs"
extract Haptics -experimental-allowed-reexported-modules=HapticsModel,HapticsPlayback,HapticsPlatform
for module in HapticsTesting HapticsEvdev PullToRefresh FeedbackTheme; do extract "$module"; done
# The hidraw driver imports its guardian's C target, whose module map the build generated.
extract HapticsHidraw -Xcc -fmodule-map-file="$("$swift" build --show-bin-path)/CHidrawGuardian.build/module.modulemap"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$bin/docc" convert Sources/Haptics/Haptics.docc --additional-symbol-graph-dir "$work/symbol-graphs" \
    --output-path "$output" --transform-for-static-hosting --hosting-base-path "$base_path" \
    --fallback-display-name Haptics --fallback-bundle-identifier haptics.Haptics --warnings-as-errors >&2
echo "$output"
