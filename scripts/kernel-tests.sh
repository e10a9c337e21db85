#!/usr/bin/env bash
# The kernel tests: the evdev and hidraw drivers against the real Linux input stack, in a
# throwaway QEMU VM booting Debian's kernel (the host has no uinput or uhid), once per kernel of the
# matrix: Debian 12's 6.1 and trixie-backports' 7.3 (fetched from the Debian mirror this
# machine uses, cached under .build/debian; scripts/vm/prepare.sh). KERNEL=6.1 or KERNEL=7.3
# picks one; the default runs both, one boot after the other. Installs QEMU and the kernel
# when missing and it can (root or sudo); otherwise skips with the reason, except in CI
# (CI=true), where a skip is a failure.
# Arguments go to the guest's test program (e.g. `--filter "switch pro"`, `--repeat 6`), except
# `--update-golden`, which runs only the golden tests and records their files into
# Tests/KernelTests/Golden/<kernel> (make golden).
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

scripts/ensure-packages.sh qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils zstd debian-archive-keyring dbus-daemon systemd \
    feedbackd python3 libglib2.0-bin gcc libasound2-dev \
    || skip "QEMU and a Debian kernel are needed (see the line above)"
read -r -a kernels <<<"${KERNEL:-6.1 7.3}"
for kernel in "${kernels[@]}"; do
    case $kernel in
        6.1 | 7.3) ;;
        *) echo "KERNEL must be 6.1 or 7.3 (or unset for both), not '$kernel'" >&2; exit 2 ;;
    esac
    status=0
    KERNEL=$kernel scripts/vm/prepare.sh || status=$?
    [[ $status -eq 77 ]] && skip "the VM for the $kernel kernel cannot be prepared (see the line above)"
    [[ $status -ne 0 ]] && exit "$status"
done

# haptics and hapticsd as `make install` builds them (release; haptics one static executable,
# the Makefile's STATIC_EXECUTABLE; hapticsd with the Swift runtime linked in, its STATIC), so
# the programs people install are the ones the kernel plays with, and timing tests measure
# their speed, not a debug build's.
static=(-c release --scratch-path .build/static-executable -Xswiftc -static-executable)
"$swift" build "${static[@]}" --product haptics
haptics=$("$swift" build "${static[@]}" --show-bin-path)/haptics
static_stdlib=(-c release --scratch-path .build/static-stdlib --static-swift-stdlib)
"$swift" build "${static_stdlib[@]}" --product hapticsd
hapticsd=$("$swift" build "${static_stdlib[@]}" --show-bin-path)/hapticsd
# The kernel tests are a package of their own, with its own .build, planned afresh
# (scripts/replan.sh says why).
scripts/replan.sh Tests/KernelTests
"$swift" build --package-path Tests/KernelTests --product haptics-kernel-tests
tests=$("$swift" build --package-path Tests/KernelTests --show-bin-path)/haptics-kernel-tests
# The golden files, compared in the guest against what each pad receives; with
# --update-golden (make golden) only the golden tests run, and what they print is recorded
# into the repository instead.
golden=$root/Tests/KernelTests/Golden
golden_ahap=$root/Tests/HapticsTests/Fixtures/corpus/unityplugins__Boing.ahap
# The hidraw tests' AHAP fixtures (a sharpness sweep, a long buzz to kill mid-pattern).
fixtures=$root/Tests/KernelTests/Fixtures
# The plain alsa-lib writer the USB audio tests play through; alsa-lib reads alsa.conf.
tone_writer=$root/.build/tone-writer
cc -O2 -Wall -o "$tone_writer" Tests/KernelTests/ToneWriter/tone-writer.c -lasound -lm
# A C program on libhaptics (the debug build, by its soname through an rpath) for the library's
# trigger test on the emulated DualSense.
"$swift" build --product HapticsC
bin=$("$swift" build --show-bin-path)
libhaptics_dir=$root/.build/libhaptics
mkdir -p "$libhaptics_dir"
ln -sf "$bin/libHapticsC.so" "$libhaptics_dir/libhaptics.so.0"
trigger_effect=$root/.build/trigger-effect
cc -O2 -Wall -I CHaptics -o "$trigger_effect" Tests/KernelTests/CLibrary/trigger-effect.c -L"$libhaptics_dir" -l:libhaptics.so.0 \
    -Wl,-rpath,"$libhaptics_dir" -lm
update_golden=false
arguments=()
for argument in "$@"; do
    if [[ $argument == --update-golden ]]; then update_golden=true; else arguments+=("$argument"); fi
done
if $update_golden; then arguments+=(--update-golden --filter "golden:"); fi
log=$(mktemp)
plan=$(mktemp)
trap 'rm -f "$log" "$plan" "$plan.newer"' EXIT
# hapticsd runs in the guest on a dbus-daemon of its own, asked for feedback by busctl.
daemon=("$hapticsd" /usr/bin/dbus-daemon /usr/bin/busctl)
# fbcli asks hapticsd for a theme's Led feedback and stays on the bus until it ends.
fbcli=/usr/bin/fbcli
failed=0
summaries=()
for kernel in "${kernels[@]}"; do
    echo "== kernel tests, in a VM booting Debian's $kernel kernel"
    status=0
    # The guest's tests take about two minutes under emulation; the cap leaves room for a busy host.
    KERNEL=$kernel VM_TIMEOUT=${VM_TIMEOUT:-420} VM_EXTRA_FILES="$haptics ${daemon[*]} $fbcli $golden $golden_ahap $fixtures $tone_writer /usr/share/alsa/alsa.conf $trigger_effect" \
        scripts/vm/run.sh "$tests" --haptics "$haptics" --hapticsd "${daemon[0]}" --dbus-daemon "${daemon[1]}" \
        --busctl "${daemon[2]}" --fbcli "$fbcli" --golden "$golden" --golden-ahap "$golden_ahap" --fixtures "$fixtures" --tone-writer "$tone_writer" --libhaptics-trigger "$trigger_effect" "${arguments[@]}" | tee "$log" || status=$?
    if [[ $status -ne 0 ]]; then
        echo "kernel tests on $kernel failed (status $status); the guest's log is above" >&2
        failed=1
    elif $update_golden; then
        scripts/record-golden.sh "$log" "$golden"
    fi
    # The guest's closing line again, after the VM's power-down messages.
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
    summaries+=("kernel $kernel: ${summary:-0 passed, 1 failed}")
done
# The golden files' recording (make golden) runs the golden tests alone.
if ! $update_golden; then
    status=0
    : >"$log"
    # One more boot, on the first kernel of the list and the instruction clock (scripts/vm/run.sh:
    # the host's load cannot move the guest's timers, and the feedbacks' idle seconds cost
    # nothing): Debian's feedbackd beside
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
        KERNEL=${kernels[0]} VM_CLOCK=instructions VM_TIMEOUT=${VM_TIMEOUT:-300} VM_EXTRA_FILES="${daemon[*]} ${feedbackd[*]} ${themes[*]} $plan ${extra[*]}" \
            scripts/vm/run.sh "$tests" --hapticsd "${daemon[0]}" --dbus-daemon "${daemon[1]}" --busctl "${daemon[2]}" \
            --feedbackd "${feedbackd[0]}" --fbcli "${feedbackd[1]}" \
            --conformance-plan "$plan" "${newer[@]}" "${arguments[@]}" --filter "hapticsd against feedbackd" | tee "$log" || status=$?
    elif [[ ${CI:-} == true ]]; then
        echo "hapticsd against feedbackd cannot run in CI: feedbackd is not installed" >&2
        status=1
    else
        echo "SKIPPED hapticsd against feedbackd: feedbackd is not installed (apt install feedbackd)"
    fi
    if [[ $status -ne 0 ]]; then
        echo "hapticsd against feedbackd failed (status $status); the guest's log is above" >&2
        failed=1
    fi
    summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
    [[ -s $log ]] && summaries+=("hapticsd against feedbackd (kernel ${kernels[0]}): ${summary:-0 passed, 1 failed}")
fi
printf '%s\n' "${summaries[@]}"
exit "$failed"
