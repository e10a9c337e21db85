#!/usr/bin/env bash
# The side-by-side benchmark (`make bench` runs it): in a VM, on one virtual pad, the same
# 20 s track played by Haptics, by a plain C program (bench/c_rumble_player.c), by an SDL2
# program (bench/sdl_rumble_player.c) and by a python-evdev program
# (bench/evdev_rumble_player.py) in alternating rounds (Haptics, C, SDL2, python-evdev,
# Haptics, ...: each one judged on its median run), timed by the pad itself. Two boots:
# - on the instruction clock (scripts/vm/run.sh's VM_CLOCK=instructions): the guest's time is
#   its instruction count, so CPU time and timing error are what each program makes the
#   machine do, out of the host's reach (CPU time the same in every run). The verdict. Writes
#   bench/side-by-side.json.
# - in real time: the guest's time is the host's, whose stalls (this host is itself a guest
#   on shared hardware) moved the same code's CPU ratio between 1.15 and 1.42, and its p99
#   ratio between 0.34 and 2.15, from one boot to the next (BENCHMARKS.md). Reported beside
#   it: bench/side-by-side-real-time.json.
# Prints the tables of both.
#
# Installs what it needs when missing and it can (root or sudo): SDL2's development files,
# python3-venv, QEMU and a Debian kernel; python-evdev comes from PyPI into a venv under
# .build/bench. Otherwise skips with the reason, except in CI (CI=true), where a skip is a
# failure. Env: SWIFT (the swift command), BENCH_SECONDS (the track's length, default 20),
# BENCH_ROUNDS (how many runs each program plays, default 5).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
swift=${SWIFT:-swift}
seconds=${BENCH_SECONDS:-20}
rounds=${BENCH_ROUNDS:-5}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_SECONDS must be a whole number of seconds, not '$seconds'" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "BENCH_ROUNDS must be a whole number of rounds, at least 1, not '$rounds'" >&2; exit 2; }
out=$root/.build/bench
json=bench/side-by-side.json
real_time_json=bench/side-by-side-real-time.json
ahap=$root/Tests/HapticsTests/Fixtures/corpus/NiceVibrations__long_clip.ahap

skip() {
    if [[ ${CI:-} == true ]]; then
        echo "the side-by-side benchmark cannot run in CI: $*" >&2
        exit 1
    fi
    echo "SKIPPED side-by-side benchmark: $*"
    exit 0
}

# No stale figures: a skipped or failed run leaves no file for `make bench` to merge.
rm -f "$json" "$real_time_json"

scripts/ensure-packages.sh libsdl2-dev python3-venv gcc pkg-config \
    qemu-system-x86 linux-image-amd64 busybox-static cpio kmod xz-utils \
    || skip "SDL2, python3-venv, QEMU and a Debian kernel are needed (see the line above)"
status=0
scripts/vm/prepare.sh || status=$?
[[ $status -eq 77 ]] && skip "the VM cannot be prepared (see the line above)"
[[ $status -ne 0 ]] && exit "$status"

mkdir -p "$out"
gcc -O2 -Wall -Wextra -o "$out/c_rumble_player" bench/c_rumble_player.c -lm
# shellcheck disable=SC2046 # pkg-config's flags are meant to split into words.
gcc -O2 -Wall -Wextra -o "$out/sdl_rumble_player" bench/sdl_rumble_player.c $(pkg-config --cflags --libs sdl2)

# Debian's interpreter, whatever python3 comes first on PATH (pyenv, say): python3-venv is
# its venv module, and its standard library is what gets copied into the guest.
python=$out/venv/bin/python3
if [[ ! -x $python ]]; then
    /usr/bin/python3 -m venv "$out/venv" || skip "cannot create a venv with /usr/bin/python3"
fi
if ! "$python" -c 'import evdev' 2>/dev/null; then
    "$out/venv/bin/pip" install --quiet evdev || skip "pip cannot install evdev (is PyPI reachable?)"
fi

# The benchmarks are a package of their own (bench/Package.swift). Linked as `make install`
# links haptics: one static executable, so its start-up is not the dynamic loader's (in a
# scratch path of its own, since the flag reaches every compile).
static=(--package-path bench -c release --scratch-path "$out/static-executable" -Xswiftc -static-executable)
# Planned afresh (scripts/replan.sh says why).
scripts/replan.sh bench "$out/static-executable"
"$swift" build "${static[@]}" --product haptics-vm-bench
bin=$("$swift" build "${static[@]}" --show-bin-path)

# The guest has no Python: copy the interpreter and only the files the player imports, as
# the guest's bare environment loads them (env -i), with their bytecode caches.
mapfile -t python_files < <(env -i PATH=/usr/bin:/bin HOME=/tmp "$python" scripts/vm/python-files.py bench/evdev_rumble_player.py)
extra=("$out/c_rumble_player" "$out/sdl_rumble_player" "$python" "${python_files[@]}" "$ahap")

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# One boot of the side by side on the clock $1 (see scripts/vm/run.sh), writing its JSON to $2.
# Both boots keep the scheduler tick running while the guest idles (nohz=off): with the tick
# stopped, the kernel's way out of idle restarts it on most frames but not all (not when a
# kernel timer is due within the next tick), and when the idle time spanned no tick it does
# not account idle ticks either: two paths 0.6 and 1.25 us shorter, on about 3 % and 1 % of
# the frames of every program alike, whose count decided each program's p99 (BENCHMARKS.md).
side_by_side() {
    local clock=$1 output=$2 status=0
    echo "== side by side, $clock clock: Haptics, plain C, SDL2 and python-evdev ($rounds rounds) on one virtual pad, in a VM ($seconds s each)"
    # Boot and the four warm-ups of 2 s (120 s covers them), then 4 x rounds runs of $seconds s,
    # each with its start-up and exit under emulation (at most a few seconds, python's the
    # most): twice the playing time plus 10 s a run leaves room to spare (1,120 s by default).
    # On the instruction clock the idle time is skipped, and the runs take a fraction of that.
    local runs=$((4 * rounds))
    VM_CLOCK=$clock VM_APPEND=nohz=off VM_TIMEOUT=$((120 + runs * (2 * seconds + 10))) VM_EXTRA_FILES="${extra[*]}" scripts/vm/run.sh "$bin/haptics-vm-bench" \
        --ahap "$ahap" --seconds "$seconds" --rounds "$rounds" --clock "$clock" --c-player "$out/c_rumble_player" \
        --sdl-player "$out/sdl_rumble_player" --python "$python" --evdev-player "$root/bench/evdev_rumble_player.py" |
        tee "$log" | sed -u '/^@@SIDE-BY-SIDE /d' || status=$?
    if [[ $status -ne 0 ]]; then
        echo "side-by-side benchmark ($clock clock) failed (status $status); the guest's log is above" >&2
        exit "$status"
    fi
    local line
    line=$(sed -n 's/^@@SIDE-BY-SIDE \(.*\)@@$/\1/p' "$log" | tail -n 1)
    [[ -n $line ]] || { echo "side-by-side benchmark ($clock clock): no @@SIDE-BY-SIDE line in the guest's output" >&2; exit 1; }
    printf '%s\n' "$line" | python3 -m json.tool >"$output"
    echo "wrote $output"
}

side_by_side instructions "$json"
side_by_side real-time "$real_time_json"
