"""The control points of the envelope effects, as Android 16's ``BasicEnvelopeBuilder`` and
``WaveformEnvelopeBuilder`` take them, for ``Engine.play_basic_envelope`` and
``Engine.play_waveform_envelope``.

A value that is not a number raises ``TypeError`` when the point is made; one out of range (or
NaN) raises ``InvalidArgumentError`` naming the control point (counted from 1) when it plays.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class BasicPoint:
    """A control point of a basic envelope: the intensity and sharpness reached ``duration``
    seconds after the previous point (or the start)."""

    #: The intensity reached, 0...1.
    intensity: float
    #: The sharpness reached, 0...1.
    sharpness: float
    #: Seconds to reach them, above 0.
    duration: float

    def __post_init__(self) -> None:
        _numbers(self)


@dataclass(frozen=True)
class WaveformPoint:
    """A control point of a waveform envelope: the amplitude and frequency reached ``duration``
    seconds after the previous point (or the start)."""

    #: The amplitude reached, 0...1.
    amplitude: float
    #: The frequency reached, in Hz, above 0.
    frequency_hz: float
    #: Seconds to reach them, above 0.
    duration: float

    def __post_init__(self) -> None:
        _numbers(self)


def _numbers(point: object) -> None:
    """Makes each field of the dataclass ``point`` a float: ``TypeError`` for one that is not a
    real number (or is a bool)."""
    for field in fields(point):
        value = getattr(point, field.name)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{field.name} must be a number, not {type(value).__name__}")
        object.__setattr__(point, field.name, float(value))
