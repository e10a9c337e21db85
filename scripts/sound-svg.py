#!/usr/bin/env python3
"""Draws a 16-bit PCM WAV file's waveform as an SVG on the geometry of `haptics render --format
svg` (1000 px wide, the plot from x = 64 to 976, a time grid of at most ten ticks), so that the
two drawings line up when shown one above the other: the sound, then the pattern made of it.

Each pixel column shows the lowest and highest sample under it (the channels averaged).

Usage: sound-svg.py SOUND.wav [MILLISECONDS] > sound.svg
MILLISECONDS is the length the plot spans (the sound's own length when left out): give the
pattern's length (the title of `haptics render`'s drawing) to line the two up.
"""
import os
import struct
import sys
import wave

WIDTH, LEFT, RIGHT = 1000.0, 64.0, 24.0
PLOT = WIDTH - LEFT - RIGHT
TOP, HEIGHT, AXIS = 56.0, 120.0, 200.0
TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 30000, 60000, 300000, 600000]


def samples(path):
    """The file's sample rate and its samples in -1...1, channels averaged."""
    with wave.open(path, "rb") as sound:
        if sound.getsampwidth() != 2:
            sys.exit(f"{path}: {8 * sound.getsampwidth()}-bit samples; this script reads 16-bit PCM")
        channels, rate = sound.getnchannels(), sound.getframerate()
        data = sound.readframes(sound.getnframes())
    values = struct.unpack(f"<{len(data) // 2}h", data)
    return rate, [sum(values[i : i + channels]) / channels / 32768 for i in range(0, len(values), channels)]


def number(value):
    """A coordinate to one decimal, without a trailing .0."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else str(rounded)


def document(path, milliseconds=None):
    """The SVG document for the WAV file at `path`, spanning `milliseconds`."""
    rate, values = samples(path)
    duration = milliseconds or 1000 * len(values) / rate
    middle = TOP + HEIGHT / 2
    upper, lower = [], []
    for column in range(int(PLOT)):
        start = int(column * duration / PLOT * rate / 1000)
        end = max(start + 1, int((column + 1) * duration / PLOT * rate / 1000))
        under = values[start:end] or [0.0]
        x = number(LEFT + column + 0.5)
        upper.append(f"{x},{number(middle - max(under) * HEIGHT / 2)}")
        lower.append(f"{x},{number(middle - min(under) * HEIGHT / 2)}")
    name = os.path.basename(path)
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(WIDTH)}" height="{number(AXIS + 40)}" '
        f'viewBox="0 0 {number(WIDTH)} {number(AXIS + 40)}" font-family="sans-serif" font-size="13">',
        f"<title>{name}: the sound</title>",
        '<rect width="100%" height="100%" fill="white"/>',
        f'<text class="title" x="{number(LEFT)}" y="30" font-size="18" font-weight="bold">{name} — the sound, {rate} Hz</text>',
        '<g id="time-axis">',
    ]
    tick = next((t for t in TICKS if duration / t <= 10), 3600000)
    time = 0.0
    while time <= duration + 0.001:
        x = number(LEFT + time * PLOT / duration)
        anchor = "end" if LEFT + time * PLOT / duration > WIDTH - RIGHT - 20 else "middle"
        lines.append(f'<line class="grid time" x1="{x}" y1="{number(TOP)}" x2="{x}" y2="{number(AXIS)}" stroke="#e5e5e5"/>')
        lines.append(f'<text x="{x}" y="{number(AXIS + 18)}" text-anchor="{anchor}">{number(time)} ms</text>')
        time += tick
    lines.append(f'<line x1="{number(LEFT)}" y1="{number(AXIS)}" x2="{number(LEFT + PLOT)}" y2="{number(AXIS)}" stroke="#444"/>')
    lines.append("</g>")
    lines.append(f'<line x1="{number(LEFT)}" y1="{number(middle)}" x2="{number(LEFT + PLOT)}" y2="{number(middle)}" stroke="#888"/>')
    lines.append(f'<path id="waveform" d="M{" L".join(upper + lower[::-1])} Z" fill="#117a65" fill-opacity="0.7" stroke="#117a65"/>')
    lines.append("</svg>")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: sound-svg.py SOUND.wav [MILLISECONDS] > sound.svg")
    print(document(sys.argv[1], float(sys.argv[2]) if len(sys.argv) == 3 else None))
