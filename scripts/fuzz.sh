#!/usr/bin/env bash
# Fuzzes the AHAP loader and the renderer with libFuzzer and AddressSanitizer, starting from
# the corpus fixtures. Usage: scripts/fuzz.sh [SECONDS] (default 60). A crash leaves its input
# in .build/fuzz/ and fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
out=$root/.build/fuzz
mkdir -p "$out/corpus"
cp -n "$root"/Tests/HapticsTests/Fixtures/corpus/*.ahap "$out/corpus/"

# The core's sources without those that need the build's embedded presets.
sources=()
for file in "$root"/Sources/Haptics/*.swift; do
    case $(basename "$file") in Preset.swift | HapticEngine.swift) ;; *) sources+=("$file") ;; esac
done
"${SWIFTC:-swiftc}" -package-name haptics -parse-as-library -O -sanitize=fuzzer,address \
    "$root/Tests/Fuzz/AHAPLoaderFuzzer.swift" "${sources[@]}" -o "$out/ahap-fuzzer"
cd "$out"
./ahap-fuzzer corpus -max_total_time="$seconds" -max_len=8192 -artifact_prefix="$out/"
