#!/usr/bin/env bash
# The pull latency benchmark (`make bench` runs it): in one VM boot, a uinput pad's right
# trigger crosses the pull-to-refresh threshold and the pad's device side times the upload of
# the impact, for `haptics demo --input PAD` and for a plain C program reading the same event
# and uploading the same effect (bench/c_pull_player.c); p50 and p99 of each, and whether
# Haptics' p99 is at most 2 x the C program's (bench/PullLatency/main.swift says how). Writes
# bench/pull-latency.json.
#
# The guest runs on the instruction clock (scripts/vm/run.sh's VM_CLOCK=instructions) with
# its tick kept running (nohz=off), as the side-by-side's verdict does (scripts/bench-vm.sh
# says why): the delays are what each program makes the machine do, out of the host's
# stalls. Env: SWIFT (the swift command), LATENCY_TRIALS (crossings per round, default 100),
# LATENCY_ROUNDS (rounds of each program, default 3), LATENCY_CLOCK (instructions or
# real-time), KERNEL (6.1 or 7.3, default 6.1). Installs what it needs when missing and it can;
# otherwise skips with the reason, except in CI (CI=true), where a skip is a failure.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
trials=${LATENCY_TRIALS:-100}
rounds=${LATENCY_ROUNDS:-3}
clock=${LATENCY_CLOCK:-instructions}
kernel=${KERNEL:-6.1}
[[ $trials =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] ||
    { echo "LATENCY_TRIALS and LATENCY_ROUNDS take whole numbers, at least 1" >&2; exit 2; }
out=$root/.build/bench
json=bench/pull-latency.json

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "the pull latency benchmark cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED pull latency benchmark: $*"
    exit 0
}

rm -f "$json"
scripts/ensure-packages.sh gcc libc6-dev qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils zstd debian-archive-keyring \
    || skip "gcc, QEMU and a Debian kernel are needed (see the line above)"
status=0
KERNEL=$kernel scripts/vm/prepare.sh || status=$?
[[ $status -eq 77 ]] && skip "the VM cannot be prepared (see the line above)"
[[ $status -ne 0 ]] && exit "$status"

mkdir -p "$out"
gcc -O2 -Wall -Wextra -o "$out/c_pull_player" bench/c_pull_player.c
# haptics as `make install` builds it (one static executable), release.
static=(-c release --scratch-path .build/static-executable -Xswiftc -static-executable)
"$swift" build "${static[@]}" --product haptics
haptics=$("$swift" build "${static[@]}" --show-bin-path)/haptics
bench=(--package-path bench -c release --scratch-path "$out/static-executable" -Xswiftc -static-executable)
scripts/replan.sh bench "$out/static-executable"
"$swift" build "${bench[@]}" --product haptics-pull-latency
bin=$("$swift" build "${bench[@]}" --show-bin-path)

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== pull latency, $clock clock, $kernel kernel: haptics demo --input and plain C, $rounds rounds of $trials crossings"
status=0
KERNEL=$kernel VM_CLOCK=$clock VM_APPEND=nohz=off VM_TIMEOUT=$((180 + rounds * trials)) \
    VM_EXTRA_FILES="$haptics $out/c_pull_player" scripts/vm/run.sh "$bin/haptics-pull-latency" \
    --haptics "$haptics" --c-player "$out/c_pull_player" --trials "$trials" --rounds "$rounds" |
    tee "$log" | sed -u '/^@@PULL-LATENCY /d' || status=$?
[[ $status -eq 0 ]] || { echo "pull latency benchmark failed (status $status); the guest's log is above" >&2; exit "$status"; }
line=$(sed -n 's/^@@PULL-LATENCY \(.*\)@@$/\1/p' "$log" | tail -n 1)
[[ -n $line ]] || { echo "pull latency benchmark: no @@PULL-LATENCY line in the guest's output" >&2; exit 1; }
printf '%s\n' "$line" | python3 -m json.tool >"$json"
echo "wrote $json"
