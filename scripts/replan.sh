#!/usr/bin/env bash
# Makes SwiftPM plan a package that depends on this one by path (Tests/KernelTests, bench,
# Tests/Fuzz) afresh, and recompile that package's own sources. Incrementally, SwiftPM misses
# a source file added to the library, until the manifest changes; and it does not recompile a
# client file that imports `Haptics` when a module `Haptics` re-exports has changed (the link
# then fails on the old symbols). So the manifest is touched and the objects of the package's
# own targets are removed; the library's modules build incrementally as usual.
# Usage: scripts/replan.sh PACKAGE_DIRECTORY [SCRATCH_PATH] (default PACKAGE_DIRECTORY/.build)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
package=$1
scratch=${2:-$package/.build}
touch "$package/Package.swift"
for objects in "$scratch"/*/*/*.build; do
    [ -d "$objects" ] || continue
    name=$(basename "$objects" .build)
    [ -d "$root/Sources/$name" ] || rm -rf "$objects"
done
