#!/usr/bin/env bash
# Fuzzes the pattern and theme loaders with libFuzzer and AddressSanitizer, each target starting
# from the test fixtures: the AHAP loader (and renderer), the .haptic loader, the Haptica parser,
# the AHAP writer's round trip, the feedbackd theme loader (and theme renderer), hapticsd's
# reading of D-Bus arguments and the WAV reader (and sound analysis). Usage: scripts/fuzz.sh
# [SECONDS] [TARGET...] (default 60 s each, every target in turn; targets: ahap haptic haptica
# ahap-writer theme dbus wav). The fuzzers are
# the package Tests/Fuzz, built by SwiftPM against the library's products. A crash leaves its input
# in .build/fuzz/ and fails.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
swift=${SWIFT:-swift}
all_targets=(ahap haptic haptica ahap-writer theme dbus wav)
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]: SECONDS is a whole number above 0, not '$seconds'" >&2
    exit 64
fi
for target in "${targets[@]}"; do
    case $target in
        ahap | haptic | haptica | ahap-writer | theme | dbus | wav) ;;
        *) echo "unknown fuzz target '$target' (${all_targets[*]})" >&2; exit 64 ;;
    esac
done

out=$root/.build/fuzz
fixtures=$root/Tests/HapticsTests/Fixtures
mkdir -p "$out"
log=$(mktemp "$out/log-XXXXXX")
trap 'rm -f "$log"' EXIT

# The fuzzers' package, instrumented throughout (the Haptics modules too) and optimised,
# planned afresh (scripts/replan.sh says why).
package=(--package-path "$root/Tests/Fuzz" -c release -Xswiftc -sanitize=fuzzer,address)
"$root/scripts/replan.sh" "$root/Tests/Fuzz"
for target in "${targets[@]}"; do
    "$swift" build "${package[@]}" --product "$target-fuzzer"
done
bin=$("$swift" build "${package[@]}" --show-bin-path)

for target in "${targets[@]}"; do
    case $target in
        ahap | ahap-writer) seeds=("$fixtures"/corpus/*.ahap) ;;
        haptic) seeds=("$fixtures"/haptic/*.haptic) ;;
        haptica | dbus) seeds=() ;;
        wav) seeds=("$root"/Tests/Fuzz/WAVReaderFuzzer/seeds/*.wav) ;;
        theme)
            seeds=("$root"/Tests/Fuzz/ThemeLoaderFuzzer/seeds/*.json)
            if [ -f /usr/share/feedbackd/themes/default.json ]; then seeds+=(/usr/share/feedbackd/themes/default.json); fi
            ;;
    esac
    mkdir -p "$out/corpus-$target"
    if [ ${#seeds[@]} -gt 0 ]; then cp -n "${seeds[@]}" "$out/corpus-$target/"; fi
    if [ "$target" = haptica ]; then
        printf 'd..oO-Oo' >"$out/corpus-$target/seed-readme"
        printf '\x32O-o-.-X-x--Oo.Xx-abc' >"$out/corpus-$target/seed-all"
    fi
    # One call's arguments read in microseconds: a dbus input still running after 10 s hangs.
    limit=()
    if [ "$target" = dbus ]; then limit=(-timeout=10); fi
    echo "== fuzzing $target for $seconds s"
    # libFuzzer and AddressSanitizer report a crash themselves: the Swift runtime's backtracer
    # is off, since its helper process trips AddressSanitizer and outlives the fuzzer.
    status=0
    (cd "$out" && SWIFT_BACKTRACE=enable=no "$bin/$target-fuzzer" "corpus-$target" -max_total_time="$seconds" \
        "${limit[@]}" -max_len=8192 -artifact_prefix="$out/$target-") 2>&1 | tee "$log" || status=$?
    if [ "$status" -ne 0 ]; then
        inputs=$(sed -n 's/.*Test unit written to //p' "$log")
        if [ -n "$inputs" ]; then
            echo "FAILED: the $target fuzzer failed (exit $status) on the input $inputs" >&2
            echo "replay it with: SWIFT_BACKTRACE=enable=no $bin/$target-fuzzer $inputs" >&2
        else
            echo "FAILED: the $target fuzzer exited with $status, saving no input (its output is above)" >&2
        fi
        exit 1
    fi
done
echo "fuzzed ${targets[*]} for $seconds s each: no failure"
