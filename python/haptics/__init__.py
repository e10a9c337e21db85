"""Haptics for Python: impacts, notifications, the selection tick and authored patterns (Core
Haptics AHAP, Lofelt / Meta ``.haptic``) played on a Linux gamepad's rumble motors, drawn in the
terminal, or recorded for a test, and the effects of adaptive triggers, through libhaptics
(ctypes).

::

    import haptics

    with haptics.Engine() as engine:          # a gamepad if there is one, else the terminal
        engine.impact("heavy")
        engine.notify(haptics.NotificationType.SUCCESS)
        engine.play("examples/Heartbeats.ahap", repeat=2)
        engine.wait()

    with haptics.Engine(locality="left-handle") as engine:   # the left handle's motor alone
        engine.impact("rigid")
        engine.wait()

    with haptics.Engine(driver="hidraw") as engine:   # a DualSense's adaptive triggers
        engine.set_trigger_effect("both", haptics.TriggerFeedback(start=0.3, strength=0.8))

    with haptics.Engine(driver="record") as engine:   # in a test: no device, no waiting
        engine.play("success")
        engine.wait()
        assert engine.frames[0].start_ms == 0

See ``Engine`` for every call, and ``HapticsError`` for what they raise.
"""

from __future__ import annotations

from .engine import FOREVER, PRESETS, Engine, Frame, library_version
from .enums import Driver, ImpactStyle, Locality, NotificationType, OutOfBand, Primitive, TriggerSide
from .envelopes import BasicPoint, WaveformPoint
from .errors import (
    DeviceError,
    EngineClosedError,
    HapticsError,
    InvalidArgumentError,
    LibraryNotFoundError,
    NotFoundError,
    PatternFormatError,
    UnsupportedError,
)
from .triggers import (
    POSITION_COUNT,
    TriggerEffect,
    TriggerFeedback,
    TriggerOff,
    TriggerPositionalFeedback,
    TriggerPositionalVibration,
    TriggerSlopeFeedback,
    TriggerStatus,
    TriggerVibration,
    TriggerWeapon,
)

#: The package's version, the same as the C library's (``library_version()``).
__version__ = "0.1.0"

__all__ = [
    "FOREVER",
    "BasicPoint",
    "POSITION_COUNT",
    "PRESETS",
    "DeviceError",
    "Driver",
    "Engine",
    "EngineClosedError",
    "Frame",
    "HapticsError",
    "ImpactStyle",
    "InvalidArgumentError",
    "LibraryNotFoundError",
    "Locality",
    "NotFoundError",
    "NotificationType",
    "OutOfBand",
    "PatternFormatError",
    "Primitive",
    "TriggerEffect",
    "TriggerFeedback",
    "TriggerOff",
    "TriggerPositionalFeedback",
    "TriggerPositionalVibration",
    "TriggerSide",
    "TriggerSlopeFeedback",
    "TriggerStatus",
    "TriggerVibration",
    "TriggerWeapon",
    "UnsupportedError",
    "WaveformPoint",
    "library_version",
]
