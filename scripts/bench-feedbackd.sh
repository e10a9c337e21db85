#!/usr/bin/env bash
# hapticsd beside Debian's feedbackd (`make bench` runs it): in one VM boot on the instruction
# clock (scripts/vm/run.sh: the guest's time is the instructions it executes, out of the host's
# load's reach; the figures count what each daemon makes the machine do), each daemon on a
# bus and a uinput pad of its own with Debian's default theme, `fbcli -E button-pressed` to
# the pad's first upload, p50 and p99 over ROUNDS rounds each (default 50), alternating
# (Tests/KernelTests/Runner/LatencyBenchmark.swift). hapticsd is built as `make install`
# builds it (release, the Swift runtime linked in). Writes bench/feedbackd-latency.json.
# Skips with the reason when QEMU, a kernel or feedbackd is missing, except in CI (CI=true).
# Usage: bench-feedbackd.sh [ROUNDS]. Env: SWIFT (the swift command).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
rounds=${1:-50}
json=bench/feedbackd-latency.json
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number, at least 1, not '$rounds'" >&2; exit 2; }

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "the feedbackd side by side cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED feedbackd side by side: $*"
    exit 0
}

rm -f "$json"
scripts/ensure-packages.sh qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils dbus-daemon systemd feedbackd \
    || skip "QEMU, a Debian kernel and feedbackd are needed (see the line above)"
status=0
scripts/vm/prepare.sh || status=$?
[[ $status -eq 77 ]] && skip "the VM cannot be prepared (see the line above)"
[[ $status -ne 0 ]] && exit "$status"

"$swift" build -c release --static-swift-stdlib --product hapticsd
hapticsd=$("$swift" build -c release --static-swift-stdlib --show-bin-path)/hapticsd
scripts/replan.sh Tests/KernelTests
"$swift" build --package-path Tests/KernelTests --product haptics-kernel-tests
tests=$("$swift" build --package-path Tests/KernelTests --show-bin-path)/haptics-kernel-tests

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== hapticsd and feedbackd side by side: fbcli -E button-pressed to the pad's first upload, $rounds rounds each, in a VM"
extra=("$hapticsd" /usr/bin/dbus-daemon /usr/bin/busctl /usr/libexec/feedbackd /usr/bin/fbcli
    /usr/share/glib-2.0/schemas/gschemas.compiled /usr/share/feedbackd/themes/default.json)
VM_CLOCK=instructions VM_EXTRA_FILES="${extra[*]}" VM_TIMEOUT=$((120 + rounds * 10)) scripts/vm/run.sh "$tests" --filter "latency side by side" \
    --hapticsd "$hapticsd" --dbus-daemon /usr/bin/dbus-daemon --busctl /usr/bin/busctl \
    --feedbackd /usr/libexec/feedbackd --fbcli /usr/bin/fbcli --conformance-plan /dev/null --feedbackd-latency "$rounds" |
    tee "$log" | sed -u '/^@@LATENCY /d' || status=$?
[[ $status -eq 0 ]] || { echo "the feedbackd side by side failed (status $status); the guest's log is above" >&2; exit "$status"; }
line=$(sed -n 's/^@@LATENCY \(.*\)$/\1/p' "$log" | tail -n 1)
[[ -n $line ]] || { echo "the feedbackd side by side: no @@LATENCY line in the guest's output" >&2; exit 1; }
printf '%s\n' "$line" | python3 -m json.tool >"$json"
echo "wrote $json"
