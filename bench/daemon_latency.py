#!/usr/bin/python3
"""hapticsd's latency, from a client's TriggerFeedback to the driver's write.

Run by scripts/bench-daemon.sh on a private dbus-daemon, with Debian's Python (Gio). Starts
`hapticsd --driver record` with its standard output on a pipe: the recording driver writes
each frame there as it hands it to the device, so the frame's line arriving on the pipe is the
driver's write. Each call: the clock is read, TriggerFeedback is called (a 1 s rumble, from
silence), and the time until the frame's line is read is the latency; EndFeedback then stops
it and the silent line is awaited before the next call. The figure includes the client's own
Gio marshalling and the bus's routing: it is what an app sees, not the daemon alone.

Usage: daemon_latency.py HAPTICSD THEME CALLS JSON_OUT
"""
import json
import os
import select
import subprocess
import sys
import time

from gi.repository import Gio, GLib

hapticsd, theme, calls, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
daemon = subprocess.Popen([hapticsd, '--driver', 'record', '--theme', theme],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
fd = daemon.stdout.fileno()
os.set_blocking(fd, False)
pending = b''


def next_line(timeout=5.0):
    """The next line the driver wrote."""
    global pending
    deadline = time.monotonic() + timeout
    while b'\n' not in pending:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise SystemExit('hapticsd wrote no frame within %.0f s' % timeout)
        pending += os.read(fd, 65536)
    line, pending = pending.split(b'\n', 1)
    return line


bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
for _ in range(500):
    try:
        bus.call_sync('org.sigxcpu.Feedback', '/org/sigxcpu/Feedback', 'org.freedesktop.DBus.Peer', 'Ping',
                      None, None, 0, -1, None)
        break
    except GLib.Error:
        time.sleep(0.01)


def call(method, signature, args):
    return bus.call_sync('org.sigxcpu.Feedback', '/org/sigxcpu/Feedback', 'org.sigxcpu.Feedback', method,
                         GLib.Variant(signature, args), None, 0, -1, None)


latencies = []
for _ in range(calls):
    before = time.monotonic_ns()
    feedback = call('TriggerFeedback', '(ssa{sv}i)', ('bench', 'x-bench', {}, -1)).unpack()[0]
    line = next_line()
    while b'"strong":1' not in line:
        line = next_line()
    latencies.append(time.monotonic_ns() - before)
    call('EndFeedback', '(u)', (feedback,))
    while b'"strong":0,' not in next_line():
        pass
daemon.terminate()
daemon.wait()

latencies.sort()


def percentile(p):
    return latencies[min(len(latencies) - 1, int(len(latencies) * p / 100))] / 1e6


result = {'calls': calls, 'p50_ms': round(percentile(50), 3), 'p99_ms': round(percentile(99), 3),
          'max_ms': round(latencies[-1] / 1e6, 3), 'target_p99_ms': 2.0}
with open(out, 'w') as file:
    json.dump(result, file, indent=2)
print('hapticsd: TriggerFeedback -> driver write over %d calls: p50 %.3f ms, p99 %.3f ms, max %.3f ms (target p99 < 2 ms%s)'
      % (calls, result['p50_ms'], result['p99_ms'], result['max_ms'],
         '' if calls >= 10000 else '; a quick run, no verdict'
         ) + ('' if calls < 10000 else (': met' if result['p99_ms'] < 2 else ': NOT met')))
