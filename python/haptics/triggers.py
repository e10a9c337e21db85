"""The effects of an adaptive trigger (a DualSense's), as Apple's ``GCDualSenseAdaptiveTrigger``
names its modes and ``haptics trigger`` takes them: one class a mode, for
``Engine.set_trigger_effect``.

Every value runs from 0 to 1: a position 0 is the trigger at rest and 1 fully pulled; a
frequency 0 is the slowest the trigger plays and 1 the fastest. A value that is not a number
raises ``TypeError`` when the effect is made; one outside 0...1 (or NaN), or a positional list
that is not ``POSITION_COUNT`` long, raises ``InvalidArgumentError`` when it is set.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass, fields
from typing import ClassVar, Iterable, List, Optional, Sequence, Tuple

#: How many zones along the travel the positional effects take a value for, as Apple's
#: ``GCDualSenseAdaptiveTrigger.discretePositionCount``.
POSITION_COUNT = 10


@dataclass(frozen=True)
class TriggerEffect:
    """What an adaptive trigger does under the finger: one of the subclasses."""

    #: The mode's name, as ``haptics trigger`` and libhaptics take it.
    mode: ClassVar[str] = ""

    def values(self) -> List[float]:
        """The effect's numbers, in the order the C library takes them (the fields' order,
        a positional list's values before the frequency)."""
        numbers_: List[float] = []
        for field in fields(self):
            value = getattr(self, field.name)
            numbers_.extend(value if isinstance(value, tuple) else (value,))
        return numbers_

    def __post_init__(self) -> None:
        if type(self) is TriggerEffect:
            raise TypeError("TriggerEffect is the effects' base: make one of its subclasses (TriggerFeedback...)")
        for field in fields(self):
            value = getattr(self, field.name)
            if str(field.type).startswith("Sequence"):
                object.__setattr__(self, field.name, _numbers(value, field.name))
            else:
                object.__setattr__(self, field.name, _number(value, field.name))


@dataclass(frozen=True)
class TriggerStatus:
    """What an adaptive trigger reports back, as Apple's ``GCDualSenseAdaptiveTrigger`` offers
    it: ``Engine.trigger_status``."""

    #: What the effect is doing, Apple's status as ``haptics trigger --status`` prints it:
    #: ``"feedback-no-load"``, ``"feedback-load-applied"``, ``"weapon-ready"``,
    #: ``"weapon-firing"``, ``"weapon-fired"``, ``"vibration-not-vibrating"``,
    #: ``"vibration-is-vibrating"``, ``"slope-feedback-ready"``,
    #: ``"slope-feedback-applying-load"``, ``"slope-feedback-finished"`` or ``"unknown"``.
    status: str
    #: Where the trigger's stepped mechanical arm stands, 0...1 (Apple's ``armPosition``).
    arm_position: float
    #: How far the finger pulls the trigger, 0 (rest) ... 1.
    position: float
    #: The kind of effect the pad runs (``"off"``, ``"feedback"``, ``"weapon"``,
    #: ``"vibration"``), or ``None`` for one the library does not know.
    effect: Optional[str]


@dataclass(frozen=True)
class TriggerOff(TriggerEffect):
    """No effect: the trigger moves freely."""

    mode: ClassVar[str] = "off"


@dataclass(frozen=True)
class TriggerFeedback(TriggerEffect):
    """Resistance of ``strength`` from ``start`` to the end of the travel."""

    mode: ClassVar[str] = "feedback"
    #: Where the resistance starts.
    start: float
    #: How strongly the trigger resists.
    strength: float


@dataclass(frozen=True)
class TriggerWeapon(TriggerEffect):
    """Resistance of ``strength`` from ``start`` that gives way at ``end``, as a gun's trigger
    breaks."""

    mode: ClassVar[str] = "weapon"
    #: Where the resistance starts.
    start: float
    #: Where it gives way.
    end: float
    #: How strongly the trigger resists.
    strength: float


@dataclass(frozen=True)
class TriggerVibration(TriggerEffect):
    """Vibration of ``amplitude`` at ``frequency`` from ``start`` to the end of the travel."""

    mode: ClassVar[str] = "vibration"
    #: Where the vibration starts.
    start: float
    #: How strongly the trigger vibrates.
    amplitude: float
    #: How fast: 0 the slowest the trigger plays, 1 the fastest.
    frequency: float


@dataclass(frozen=True)
class TriggerSlopeFeedback(TriggerEffect):
    """Resistance running linearly from ``strength`` at ``start`` to ``end_strength`` at ``end``,
    held at ``end_strength`` after ``end``; none before ``start``."""

    mode: ClassVar[str] = "slope"
    #: Where the slope starts.
    start: float
    #: Where it reaches ``end_strength``.
    end: float
    #: The resistance at ``start``.
    strength: float
    #: The resistance at ``end`` and after it.
    end_strength: float


@dataclass(frozen=True)
class TriggerPositionalFeedback(TriggerEffect):
    """Resistance in each of the ``POSITION_COUNT`` zones along the travel, from rest to fully
    pulled; a zone of strength 0 moves freely."""

    mode: ClassVar[str] = "positional-feedback"
    #: One strength a zone (kept as a tuple).
    strengths: Sequence[float]


@dataclass(frozen=True)
class TriggerPositionalVibration(TriggerEffect):
    """Vibration at ``frequency`` in each of the ``POSITION_COUNT`` zones along the travel, one
    amplitude a zone; a zone of amplitude 0 is still."""

    mode: ClassVar[str] = "positional-vibration"
    #: One amplitude a zone (kept as a tuple).
    amplitudes: Sequence[float]
    #: How fast: 0 the slowest the trigger plays, 1 the fastest.
    frequency: float


def _number(value: object, name: str) -> float:
    """``value``, a real number (not a bool), as a float; ``TypeError`` otherwise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number from 0 to 1, not {type(value).__name__}")
    return float(value)


def _numbers(values: object, name: str) -> Tuple[float, ...]:
    """``values``, an iterable of real numbers (not a str), as a tuple of floats; ``TypeError``
    otherwise."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{name} must be a sequence of {POSITION_COUNT} numbers from 0 to 1, not {type(values).__name__}")
    return tuple(_number(value, f"each of {name}") for value in values)
