#!/usr/bin/env python3
"""Records a preset's frames on a "record" engine and prints them, one JSON object a line, as
`haptics play PRESET --driver record` prints them:

    python3 record_preset.py success

The engine plays on virtual time: nothing waits in real time, and wait() runs the preset to its
end at once.
"""

import math
import sys

import haptics


def number(value: float) -> str:
    """``value`` as the command line writes a frame's numbers: rounded to 5 decimals (half away
    from zero), a whole number without a fraction (``120``, ``0.16``)."""
    scaled = abs(value) * 100000
    whole = math.floor(scaled)
    rounded = math.copysign(whole + 1 if scaled - whole >= 0.5 else whole, value) / 100000
    return str(int(rounded)) if rounded == int(rounded) else repr(rounded)


preset = sys.argv[1] if len(sys.argv) > 1 else "heavy"
try:
    with haptics.Engine(driver="record") as engine:
        engine.play(preset)
        engine.wait()
        for frame in engine.frames:
            fields = {"t_ms": frame.start_ms, "duration_ms": frame.duration_ms, "strong": frame.strong, "weak": frame.weak}
            print("{" + ",".join(f'"{key}":{number(value)}' for key, value in fields.items()) + "}")
except haptics.HapticsError as error:
    sys.exit(f"record_preset: {error}")
