#!/usr/bin/env bash
# The kernel tests: the evdev driver against the real Linux input stack, in a throwaway
# QEMU VM booting Debian's kernel (the host has no uinput or uhid). Installs QEMU and the
# kernel when missing and it can (root or sudo); otherwise skips with the reason, except in
# CI (CI=true), where a skip is a failure.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "kernel tests cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED kernel tests: $*"
    exit 0
}

scripts/ensure-packages.sh qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils dbus-daemon systemd feedbackd python3 \
    || skip "QEMU and a Debian kernel are needed (see the line above)"
status=0
scripts/vm/prepare.sh || status=$?
[[ $status -eq 77 ]] && skip "the VM cannot be prepared (see the line above)"
[[ $status -ne 0 ]] && exit "$status"

# haptics as `make install` builds it (the Makefile's STATIC_EXECUTABLE: one static executable,
# libevdev and glibc linked in), so the program people install is the one the kernel plays with.
static=(--scratch-path .build/static-executable -Xswiftc -static-executable)
"$swift" build "${static[@]}" --product haptics
haptics=$("$swift" build "${static[@]}" --show-bin-path)/haptics
"$swift" build --product hapticsd
bin=$("$swift" build --show-bin-path)
# The kernel tests are a package of their own, with its own .build, planned afresh
# (scripts/replan.sh says why).
scripts/replan.sh Tests/KernelTests
"$swift" build --package-path Tests/KernelTests --product haptics-kernel-tests
tests=$("$swift" build --package-path Tests/KernelTests --show-bin-path)/haptics-kernel-tests
echo "== kernel tests, in a VM booting Debian's kernel"
status=0
log=$(mktemp)
plan=$(mktemp)
trap 'rm -f "$log" "$plan"' EXIT
# hapticsd runs in the guest on a dbus-daemon of its own, asked for feedback by busctl.
daemon=("$bin/hapticsd" /usr/bin/dbus-daemon /usr/bin/busctl)
programs=(--hapticsd "${daemon[0]}" --dbus-daemon "${daemon[1]}" --busctl "${daemon[2]}")
VM_EXTRA_FILES="$haptics ${daemon[*]}" scripts/vm/run.sh "$tests" --haptics "$haptics" "${programs[@]}" "$@" |
    tee "$log" || status=$?

# A second boot, on the instruction clock (scripts/vm/run.sh: the host's load cannot move the
# guest's timers, and the feedbacks' idle seconds cost nothing): Debian's feedbackd beside
# hapticsd (with the GSettings schemas feedbackd reads its settings with), both asked by fbcli
# for every vibra event of Debian's theme and of the test's own (ConformanceTests.swift). The
# plan: one line per theme, its path then its vibra events.
feedbackd=(/usr/libexec/feedbackd /usr/bin/fbcli /usr/share/glib-2.0/schemas/gschemas.compiled)
themes=(/usr/share/feedbackd/themes/default.json "$root/Tests/KernelTests/Fixtures/conformance-theme.json")
echo "SKIPPED hapticsd against feedbackd 0.8.9: sid's feedbackd needs sid's GLib 2.90 and with it glibc 2.43 (this system: $(ldd --version | head -n 1 | grep -o '[0-9.]*$')), so it would have to run on sid's own loader and libraries, which the guest does not carry; only Debian 12's feedbackd 0.0.3 is compared"
if [[ -x ${feedbackd[0]} && -x ${feedbackd[1]} ]]; then
    /usr/bin/python3 - "${themes[@]}" >"$plan" <<'PYTHON'
import json, sys
for path in sys.argv[1:]:
    events = []
    for profile in json.load(open(path))["profiles"]:
        for feedback in profile["feedbacks"]:
            if feedback["type"].startswith("Vibra") and feedback["event-name"] not in events:
                events.append(feedback["event-name"])
    print(path, *events)
PYTHON
    echo "== hapticsd against Debian's feedbackd, in a VM on the instruction clock"
    VM_CLOCK=instructions VM_TIMEOUT=${VM_TIMEOUT:-300} VM_EXTRA_FILES="${daemon[*]} ${feedbackd[*]} ${themes[*]} $plan" \
        scripts/vm/run.sh "$tests" "${programs[@]}" --feedbackd "${feedbackd[0]}" --fbcli "${feedbackd[1]}" \
        --conformance-plan "$plan" "$@" --filter "hapticsd against feedbackd" | tee -a "$log" || status=$?
elif [[ ${CI:-} == true ]]; then
    echo "hapticsd against feedbackd cannot run in CI: feedbackd is not installed" >&2
    status=1
else
    echo "SKIPPED hapticsd against feedbackd: feedbackd is not installed (apt install feedbackd)"
fi
if [[ $status -ne 0 ]]; then
    echo "kernel tests failed (status $status); the guest's log is above" >&2
fi
# The guests' closing lines, summed, last, after the VMs' power-down messages.
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | awk '{ p += $1; f += $3 } END { if (NR) printf "%d passed, %d failed", p, f }')
echo "kernel: ${summary:-0 passed, 1 failed}"
exit "$status"
