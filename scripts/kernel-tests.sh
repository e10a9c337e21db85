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

scripts/ensure-packages.sh qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils dbus-daemon systemd feedbackd \
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
# Beside it, Debian's feedbackd (with the GSettings schemas it reads its settings with), both
# asked by fbcli for every vibra event of Debian's theme and of the test's own
# (ConformanceTests.swift): one line per theme, its path then its vibra events.
feedbackd=(/usr/libexec/feedbackd /usr/bin/fbcli /usr/share/glib-2.0/schemas/gschemas.compiled)
themes=(/usr/share/feedbackd/themes/default.json "$root/Tests/KernelTests/Fixtures/conformance-theme.json")
conformance=(--feedbackd-skipped "feedbackd is not installed (apt install feedbackd)")
extra=("$haptics" "${daemon[@]}")
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
    conformance=(--feedbackd "${feedbackd[0]}" --fbcli "${feedbackd[1]}" --conformance-plan "$plan")
    extra+=("${feedbackd[@]}" "${themes[@]}" "$plan")
fi
VM_EXTRA_FILES="${extra[*]}" VM_TIMEOUT=${VM_TIMEOUT:-300} \
    scripts/vm/run.sh "$tests" --haptics "$haptics" \
    --hapticsd "${daemon[0]}" --dbus-daemon "${daemon[1]}" --busctl "${daemon[2]}" "${conformance[@]}" "$@" | tee "$log" || status=$?
if [[ $status -ne 0 ]]; then
    echo "kernel tests failed (status $status); the guest's log is above" >&2
fi
# The guest's closing line again, last, after the VM's power-down messages.
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
echo "kernel: ${summary:-0 passed, 1 failed}"
exit "$status"
