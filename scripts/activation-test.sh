#!/usr/bin/env bash
# D-Bus activation: on a private session bus whose services directory holds the activation
# file made from the same template `make install` uses (dbus/org.sigxcpu.Feedback.service.in,
# its @BINDIR@ pointing at a wrapper that runs the built hapticsd with --driver record), the
# first client, fbcli -E button-pressed, starts hapticsd, which plays the event: the name's
# owner is hapticsd and frames were recorded. HAPTICSD names the hapticsd to run (default: the
# debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/private-bus.sh
scripts/ensure-packages.sh feedbackd dbus-daemon libglib2.0-bin
hapticsd=$(realpath "${HAPTICSD:-.build/debug/hapticsd}")
[ -x "$hapticsd" ] || { echo "activation-test: FAIL: no hapticsd at $hapticsd (swift build --product hapticsd)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
fail() {
    echo "activation-test: FAIL: $*" >&2
    for log in "$work"/*.log; do echo "--- $log" >&2; cat "$log" >&2; done
    exit 1
}

mkdir -p "$work/bin" "$work/services"
printf '#!/bin/sh\nexec "%s" --driver record "$@" >"%s" 2>"%s"\n' "$hapticsd" "$work/frames.log" "$work/hapticsd.log" >"$work/bin/hapticsd"
chmod +x "$work/bin/hapticsd"
sed "s|@BINDIR@|$work/bin|" dbus/org.sigxcpu.Feedback.service.in >"$work/services/org.sigxcpu.Feedback.service"
private_bus_start "$work/bus" "$work/services" || fail "dbus-daemon did not start"
pids+=("$private_bus_pid")
export DBUS_SESSION_BUS_ADDRESS="$private_bus_address"
owner() {
    gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
        --method org.freedesktop.DBus.GetConnectionUnixProcessID org.sigxcpu.Feedback 2>/dev/null | sed -n 's/.*uint32 \([0-9]*\).*/\1/p'
}
[ -z "$(owner)" ] || fail "org.sigxcpu.Feedback is owned before any client called"

timeout 30 fbcli -E button-pressed >"$work/fbcli.log" 2>&1 || fail "fbcli -E button-pressed failed"
pid=$(owner)
[ -n "$pid" ] || fail "no process owns org.sigxcpu.Feedback after fbcli"
pids=("$pid" "${pids[@]}")
[ "$(readlink "/proc/$pid/exe")" = "$hapticsd" ] || fail "org.sigxcpu.Feedback is owned by $(readlink "/proc/$pid/exe"), not $hapticsd"
grep -q '"t_ms"' "$work/frames.log" || fail "the activated hapticsd recorded no frame for button-pressed"
echo "activation-test: ok (fbcli -E button-pressed activated hapticsd, which played $(grep -c '"t_ms"' "$work/frames.log") frames)"
