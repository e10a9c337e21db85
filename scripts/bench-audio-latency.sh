#!/usr/bin/env bash
# The voice coils' latency (`make bench` runs it): in one VM boot on the instruction clock
# (scripts/vm/run.sh's VM_CLOCK=instructions: what each program makes the machine do, out of
# the host's stalls), the USB DualSense over USB/IP (Tests/KernelTests/Runner/USBIPServer.swift),
# `haptics play rigid --driver audio` and a plain C alsa-lib writer
# (Tests/KernelTests/ToneWriter/tone-writer.c: 256-frame periods, a two-period buffer),
# alternately, ROUNDS times each (default 30): from each start to the end of the 1 ms USB slot
# whose packet first carries a non-zero sample on the voice coils' channels, p50 and p99; and
# whether Haptics' p99 is at most 1.2 x the writer's + 1 ms. Writes bench/audio-latency.json.
# Usage: bench-audio-latency.sh [ROUNDS]. Env: SWIFT (the swift command), KERNEL (6.1 or 7.3,
# default 6.1). Installs what it needs when missing and it can; otherwise skips with the
# reason, except in CI (CI=true), where a skip is a failure.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
rounds=${1:-30}
kernel=${KERNEL:-6.1}
json=bench/audio-latency.json
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number, at least 1, not '$rounds'" >&2; exit 2; }

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "the voice coils' latency benchmark cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED voice coils' latency benchmark: $*"
    exit 0
}

rm -f "$json"
scripts/ensure-packages.sh gcc libasound2-dev qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils zstd \
    debian-archive-keyring || skip "gcc, alsa-lib, QEMU and a Debian kernel are needed (see the line above)"
status=0
KERNEL=$kernel scripts/vm/prepare.sh || status=$?
[[ $status -eq 77 ]] && skip "the VM cannot be prepared (see the line above)"
[[ $status -ne 0 ]] && exit "$status"

tone_writer=$root/.build/tone-writer
cc -O2 -Wall -o "$tone_writer" Tests/KernelTests/ToneWriter/tone-writer.c -lasound -lm
# haptics as `make install` builds it (one static executable), release.
static=(-c release --scratch-path .build/static-executable -Xswiftc -static-executable)
"$swift" build "${static[@]}" --product haptics
haptics=$("$swift" build "${static[@]}" --show-bin-path)/haptics
scripts/replan.sh Tests/KernelTests
"$swift" build --package-path Tests/KernelTests --product haptics-kernel-tests
tests=$("$swift" build --package-path Tests/KernelTests --show-bin-path)/haptics-kernel-tests

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== voice coils' latency, $kernel kernel: haptics --driver audio and a plain C writer, $rounds plays each, in a VM"
status=0
KERNEL=$kernel VM_CLOCK=instructions VM_TIMEOUT=$((180 + rounds * 4)) \
    VM_EXTRA_FILES="$haptics $tone_writer /usr/share/alsa/alsa.conf" scripts/vm/run.sh "$tests" --filter "usb audio latency" \
    --haptics "$haptics" --tone-writer "$tone_writer" --usb-audio-latency "$rounds" |
    tee "$log" | sed -u '/^@@AUDIO-LATENCY /d' || status=$?
[[ $status -eq 0 ]] || { echo "the voice coils' latency benchmark failed (status $status); the guest's log is above" >&2; exit "$status"; }
line=$(sed -n 's/^@@AUDIO-LATENCY \(.*\)$/\1/p' "$log" | tail -n 1)
[[ -n $line ]] || { echo "the voice coils' latency benchmark: no @@AUDIO-LATENCY line in the guest's output" >&2; exit 1; }
printf '%s\n' "$line" | python3 -c '
import json, sys
figures = json.load(sys.stdin)
writer = figures["c_writer"]["start_to_first_sample_ms"]["p99"]
ours = figures["haptics"]["start_to_first_sample_ms"]["p99"]
figures["target"] = "haptics p99 <= 1.2 x the C writer p99 + 1 ms"
figures["ratio_p99"] = round(ours / writer, 3) if writer > 0 else None
figures["met"] = ours <= 1.2 * writer + 1
json.dump(figures, sys.stdout, indent=4)
print()
print(("met" if figures["met"] else "MISSED") + ": haptics p99 %.2f ms, C writer p99 %.2f ms" % (ours, writer), file=sys.stderr)
' >"$json"
echo "wrote $json"
