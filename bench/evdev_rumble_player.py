#!/usr/bin/env python3
"""The side-by-side benchmark's python-evdev player: plays a rumble track the way a Python
user would, upload_effect (updated in place by id) and write at each frame's start, paced
with time.sleep on time.monotonic.

Usage: evdev_rumble_player.py DEVICE FRAMES.csv   (lines: start_ms,duration_ms,strong,weak)
Prints one line: frames played, wall and CPU time.
"""
import resource
import sys
import time

from evdev import InputDevice, ecodes, ff


def main(device_path, frames_path):
    with open(frames_path) as frames_file:
        frames = [tuple(float(field) for field in line.split(",")) for line in frames_file if line.strip()]
    device = InputDevice(device_path)
    effect_id = -1
    start = time.monotonic()
    for start_ms, duration_ms, strong, weak in frames:
        delay = start + start_ms / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        rumble = ff.Rumble(strong_magnitude=round(strong * 0xFFFF), weak_magnitude=round(weak * 0xFFFF))
        effect = ff.Effect(ecodes.FF_RUMBLE, effect_id, 0, ff.Trigger(0, 0),
                           ff.Replay(int(duration_ms) + 50, 0), ff.EffectType(ff_rumble_effect=rumble))
        effect_id = device.upload_effect(effect)
        device.write(ecodes.EV_FF, effect_id, 1)
    if frames:
        # Hold the last frame for its length, as the other players do, then stop.
        start_ms, duration_ms = frames[-1][:2]
        delay = start + (start_ms + duration_ms) / 1000 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
    wall_ms = (time.monotonic() - start) * 1000
    device.write(ecodes.EV_FF, effect_id, 0)
    device.erase_effect(effect_id)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"python-evdev: {len(frames)} frames in {wall_ms:.0f} ms, cpu {(usage.ru_utime + usage.ru_stime) * 1000:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
