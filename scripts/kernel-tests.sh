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

scripts/ensure-packages.sh qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils dbus-daemon systemd feedbackd python3 libglib2.0-bin \
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
trap 'rm -f "$log" "$plan" "$plan.newer"' EXIT
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
events_of='
import json, sys
for path in sys.argv[1:]:
    events = []
    for profile in json.load(open(path))["profiles"]:
        for feedback in profile.get("feedbacks", []):
            if feedback["type"].startswith("Vibra") and feedback["event-name"] not in events:
                events.append(feedback["event-name"])
    print(path, *events)
'
if [[ -x ${feedbackd[0]} && -x ${feedbackd[1]} ]]; then
    /usr/bin/python3 - "${themes[@]}" <<<"$events_of" >"$plan"
    # And, when it can be fetched, sid's feedbackd: its GLib needs a newer glibc than Debian
    # 12's, so it runs on sid's own dynamic loader and libraries, carried into the guest, with
    # sid's own theme (which has VibraPattern entries and 0.8's 0...1 magnitudes).
    newer=()
    extra=()
    if sid=$(scripts/vm/newer-feedbackd.sh); then
        version=$(<"$sid/version")
        printf '%s\n' "$(/usr/bin/python3 - "$sid/root/usr/share/feedbackd/themes/default.json" <<<"$events_of")" >"$plan.newer"
        newer=(--newer-feedbackd "$sid/root/usr/lib64/ld-linux-x86-64.so.2 --library-path $sid/root/usr/lib/x86_64-linux-gnu $sid/root/usr/libexec/feedbackd"
            --newer-feedbackd-version "$version" --newer-feedbackd-schemas "$sid/schemas" --newer-feedbackd-plan "$plan.newer")
        extra=("$sid/root/usr/lib64" "$sid/root/usr/lib/x86_64-linux-gnu" "$sid/root/usr/libexec/feedbackd" "$sid/schemas"
            "$sid/root/usr/share/feedbackd/themes/default.json" "$plan.newer")
    elif [[ ${CI:-} == true ]]; then
        echo "hapticsd against sid's feedbackd cannot run in CI (see the line above)" >&2
        status=1
    else
        echo "SKIPPED hapticsd against sid's feedbackd (see the line above)"
    fi
    compared="Debian's feedbackd"
    [[ ${#newer[@]} -gt 0 ]] && compared+=" and sid's ($version)"
    echo "== hapticsd against $compared, in a VM on the instruction clock"
    VM_CLOCK=instructions VM_TIMEOUT=${VM_TIMEOUT:-300} VM_EXTRA_FILES="${daemon[*]} ${feedbackd[*]} ${themes[*]} $plan ${extra[*]}" \
        scripts/vm/run.sh "$tests" "${programs[@]}" --feedbackd "${feedbackd[0]}" --fbcli "${feedbackd[1]}" \
        --conformance-plan "$plan" "${newer[@]}" "$@" --filter "hapticsd against feedbackd" | tee -a "$log" || status=$?
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
