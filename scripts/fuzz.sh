#!/usr/bin/env bash
# Fuzzes the pattern loaders with libFuzzer and AddressSanitizer, each target starting from
# the test fixtures: the AHAP loader (and renderer), the .haptic loader, the Haptica parser and
# the AHAP writer's round trip. Usage: scripts/fuzz.sh [SECONDS] [TARGET...] (default 60 s
# each, every target in turn; targets: ahap haptic haptica ahap-writer). A crash leaves its
# input in .build/fuzz/ and fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ahap haptic haptica ahap-writer)
out=$root/.build/fuzz
fixtures=$root/Tests/HapticsTests/Fixtures
mkdir -p "$out"

# The presets, embedded as SwiftPM's `embedInCode` embeds them, so the core builds whole;
# one file per run, so that runs side by side never touch each other's.
resources=$(mktemp "$out/PackageResources-XXXXXX.swift")
trap 'rm -f "$resources"' EXIT
{
    echo "struct PackageResources {"
    for file in "$root"/Patterns/*.ahap; do
        name=$(basename "$file" .ahap)_ahap
        echo "static let $name: [UInt8] = [$(od -An -tu1 -v "$file" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')]"
    done
    echo "}"
} >"$resources"

for target in "${targets[@]}"; do
    case $target in
        ahap) source=AHAPLoaderFuzzer.swift seeds=("$fixtures"/corpus/*.ahap) ;;
        haptic) source=LofeltHapticLoaderFuzzer.swift seeds=("$fixtures"/haptic/*.haptic) ;;
        haptica) source=HapticaPatternFuzzer.swift seeds=() ;;
        ahap-writer) source=AHAPWriterFuzzer.swift seeds=("$fixtures"/corpus/*.ahap) ;;
        *) echo "unknown fuzz target '$target' (ahap, haptic, haptica, ahap-writer)" >&2; exit 64 ;;
    esac
    mkdir -p "$out/corpus-$target"
    if [ ${#seeds[@]} -gt 0 ]; then cp -n "${seeds[@]}" "$out/corpus-$target/"; fi
    if [ "$target" = haptica ]; then
        printf 'd..oO-Oo' >"$out/corpus-$target/seed-readme"
        printf '\x32O-o-.-X-x--Oo.Xx-abc' >"$out/corpus-$target/seed-all"
    fi
    "${SWIFTC:-swiftc}" -package-name haptics -parse-as-library -O -sanitize=fuzzer,address \
        "$root/Tests/Fuzz/$source" "$resources" "$root"/Sources/Haptics/*.swift -o "$out/$target-fuzzer"
    (cd "$out" && "./$target-fuzzer" "corpus-$target" -max_total_time="$seconds" -max_len=8192 -artifact_prefix="$out/$target-")
done
