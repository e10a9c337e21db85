"""The names the engine takes: drivers, localities, impact styles, notification types, primitives, triggers and
what a waveform envelope does out of band. Each
member is also its string, so ``"heavy"`` and ``ImpactStyle.HEAVY`` are the same argument."""

from __future__ import annotations

import enum


class Driver(str, enum.Enum):
    """Where an engine sends its frames."""

    #: A rumble-capable gamepad when one is found, else the terminal (``STDOUT``).
    AUTO = "auto"
    #: A gamepad through the kernel's evdev force-feedback interface (an error without one).
    EVDEV = "evdev"
    #: A pad through its hidraw node (HD Rumble, triggers), beside its kernel driver.
    HIDRAW = "hidraw"
    #: A DualSense's voice coils over USB audio: the frames as a waveform on its sound card.
    AUDIO = "audio"
    #: One text line per frame on standard output, in real time.
    STDOUT = "stdout"
    #: Nothing plays: every frame is kept (``Engine.frames``), on virtual time, for tests.
    RECORD = "record"


class ImpactStyle(str, enum.Enum):
    """The weight of an impact, as UIKit's ``UIImpactFeedbackGenerator`` names it."""

    #: A small, light collision.
    LIGHT = "light"
    #: A moderate collision: the default for most controls.
    MEDIUM = "medium"
    #: A large, heavy collision: the longest and strongest impact.
    HEAVY = "heavy"
    #: A dull, compliant collision, weighted toward the strong (low-frequency) motor.
    SOFT = "soft"
    #: A hard, crisp collision, weighted toward the weak (high-frequency) motor.
    RIGID = "rigid"


class NotificationType(str, enum.Enum):
    """The outcome a notification reports, as UIKit's ``UINotificationFeedbackGenerator``
    names it."""

    #: A task completed successfully.
    SUCCESS = "success"
    #: A task produced a warning.
    WARNING = "warning"
    #: A task failed.
    ERROR = "error"


class Locality(str, enum.Enum):
    """Where on a pad an engine plays, as Core Haptics names a game controller's parts
    (``GCHapticsLocality``); a pad that lacks a locality's parts cannot play there."""

    #: Every part the driver reaches: the handles, and the triggers where the driver reaches them.
    ALL = "all"
    #: Both handles' actuators.
    HANDLES = "handles"
    #: The left handle's actuator (the strong motor on a dual-motor pad).
    LEFT_HANDLE = "left-handle"
    #: The right handle's actuator (the weak motor on a dual-motor pad).
    RIGHT_HANDLE = "right-handle"
    #: Both triggers.
    TRIGGERS = "triggers"
    #: The left trigger.
    LEFT_TRIGGER = "left-trigger"
    #: The right trigger.
    RIGHT_TRIGGER = "right-trigger"


class Primitive(str, enum.Enum):
    """Android's composition primitives (``VibrationEffect.Composition.PRIMITIVE_*``), each
    played by the built-in preset of the same name."""

    #: A sharp, crisp click.
    CLICK = "click"
    #: A light, crisp tick, for feedback repeated quickly.
    TICK = "tick"
    #: A subtle, low tick, for feedback repeated quickly.
    LOW_TICK = "low-tick"
    #: A downward fall with gravity and the reverberation of the landing.
    THUD = "thud"
    #: Spinning momentum.
    SPIN = "spin"
    #: A quick upward movement against gravity.
    QUICK_RISE = "quick-rise"
    #: A slow upward movement against gravity.
    SLOW_RISE = "slow-rise"
    #: A quick downward movement with gravity.
    QUICK_FALL = "quick-fall"


class TriggerSide(str, enum.Enum):
    """Which adaptive trigger ``Engine.set_trigger_effect`` sets."""

    #: The left trigger.
    LEFT = "left"
    #: The right trigger.
    RIGHT = "right"
    #: Both triggers.
    BOTH = "both"


class OutOfBand(str, enum.Enum):
    """What ``Engine.play_waveform_envelope`` does with a frequency outside the band the pad
    plays at the engine's locality."""

    #: Refuse the envelope: ``InvalidArgumentError`` naming the control point and the band.
    REFUSE = "refuse"
    #: Play the nearest frequency of the band.
    NEAREST = "nearest"
