#!/usr/bin/env python3
"""Records a preset's frames on a "record" engine and prints them, one JSON object a line, as
`haptics play PRESET --driver record` prints them:

    python3 record_preset.py success

The engine plays on virtual time: nothing waits in real time, and wait() runs the preset to its
end at once.
"""

import json
import sys

import haptics

preset = sys.argv[1] if len(sys.argv) > 1 else "heavy"
try:
    with haptics.Engine(driver="record") as engine:
        engine.play(preset)
        engine.wait()
        for frame in engine.frames:
            print(json.dumps({"t_ms": frame.start_ms, "duration_ms": frame.duration_ms, "strong": frame.strong, "weak": frame.weak}))
except haptics.HapticsError as error:
    sys.exit(f"record_preset: {error}")
