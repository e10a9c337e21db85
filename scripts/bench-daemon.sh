#!/usr/bin/env bash
# hapticsd's latency (`make bench` runs it): from a client's TriggerFeedback to the recording
# driver's write, p50 and p99 over CALLS calls (default 10,000), on a private dbus-daemon
# whose configuration lists no service directories. Writes bench/daemon-latency.json.
# Usage: bench-daemon.sh [CALLS]. Env: SWIFT, CONFIGURATION (default release), BENCH_JSON
# (where the figures go; make bench-smoke sends a quick run's to /dev/null).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
. scripts/private-bus.sh
swift=${SWIFT:-swift}
configuration=${CONFIGURATION:-release}
calls=${1:-10000}
scripts/ensure-packages.sh dbus-daemon python3-gi
"$swift" build -c "$configuration" --product hapticsd
bin=$("$swift" build -c "$configuration" --show-bin-path)

dir=$(mktemp -d)
bus_pid=
trap '[ -n "$bus_pid" ] && kill "$bus_pid"; rm -rf "$dir"' EXIT
cat >"$dir/theme.json" <<'THEME'
{"name": "bench", "profiles": [{"name": "quiet", "feedbacks": [
  {"event-name": "x-bench", "type": "VibraRumble", "duration": 1000, "magnitude": 1}]}]}
THEME
private_bus_start "$dir/bus" || { cat "$dir/bus.log" >&2; exit 1; }
bus_pid=$private_bus_pid
DBUS_SESSION_BUS_ADDRESS=$private_bus_address /usr/bin/python3 bench/daemon_latency.py \
    "$bin/hapticsd" "$dir/theme.json" "$calls" "${BENCH_JSON:-bench/daemon-latency.json}"
