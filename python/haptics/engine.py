"""``Engine``: impacts, notifications, the selection tick and patterns, played through a driver."""

from __future__ import annotations

import ctypes
import enum
import json
import numbers
import os
import threading
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Callable, Iterable, List, Mapping, Optional, Tuple, Type, TypeVar, Union

from . import _library
from .enums import Driver, ImpactStyle, Locality, NotificationType, OutOfBand, Primitive, TriggerSide
from .envelopes import BasicPoint, WaveformPoint
from .errors import EngineClosedError, NotFoundError, error_for
from .triggers import TriggerEffect, TriggerStatus

#: The ``repeat`` that plays a pattern until ``Engine.stop()``.
FOREVER = -1

#: The built-in presets' names: the impacts, the selection tick, the notifications, the primitives.
PRESETS = (
    tuple(style.value for style in ImpactStyle)
    + ("selection",)
    + tuple(kind.value for kind in NotificationType)
    + tuple(primitive.value for primitive in Primitive)
)

#: One primitive of a composition: a primitive alone (scale 1, no delay), or a primitive with
#: its scale (0...1) and its delay in milliseconds after the previous primitive ends.
Step = Union[Primitive, str, Tuple[Union[Primitive, str], float, float]]


@dataclass(frozen=True)
class Frame:
    """One frame a "record" engine's driver received: both motors held at fixed levels."""

    #: When the frame starts, in milliseconds from the engine's first playback.
    start_ms: float
    #: How long the levels hold, in milliseconds; 0 on a silent frame means "until further notice".
    duration_ms: float
    #: The strong (low-frequency) motor's level, 0...1, the master gain applied.
    strong: float
    #: The weak (high-frequency) motor's level, 0...1, the master gain applied.
    weak: float


class Engine:
    """A haptics engine: one driver, a mixer for overlapping playbacks, and a master gain.

    ::

        import haptics

        with haptics.Engine(driver="record") as engine:
            engine.impact("heavy", intensity=1.0)
            engine.notify("success")
            engine.wait()
            print(engine.frames)

    ``driver`` is one of ``Driver`` (or its string):

    - ``"auto"`` (the default): a rumble-capable gamepad when one is found, else the terminal.
      With a ``device`` named, that device or ``DeviceError``, as ``"evdev"``.
    - ``"evdev"``: a gamepad through the kernel's evdev force-feedback interface; the device is
      opened now, and a missing or forbidden one raises ``DeviceError``.
    - ``"hidraw"``: a pad through its hidraw node, beside its kernel driver: the Switch Pro's HD
      Rumble, the DualSense's and the Xbox's triggers with the handles; a pad hidraw does not
      drive, or a node this user may not write, raises ``DeviceError``.
    - ``"audio"``: a DualSense's voice coils over USB audio, the frames as a waveform on its
      sound card; a pad without one (Bluetooth) or a busy card raises ``DeviceError``.
      ``"auto"`` plays a USB DualSense's handles there too.
    - ``"stdout"``: one text line per frame on standard output, in real time.
    - ``"record"``: nothing plays; every frame is kept for ``frames``, on virtual time. Playbacks
      started since the last ``wait()`` all start at the same virtual instant (each one's first
      frame recorded as it starts), and ``wait()`` runs them to their end at once: nothing
      waits in real time. What tests use.

    ``device`` (``"auto"``, ``"evdev"``, ``"hidraw"`` and ``"audio"`` only) picks the pad: ``"auto"`` (the first gamepad),
    ``"all"`` (every device that can vibrate), a path (``"/dev/input/event5"``), an index into
    ``haptics devices``' list (``"0"``), or part of a device's name (``"DualSense"``).

    ``locality`` is one of ``Locality`` (or its string), where on the pad everything plays, as
    ``haptics play --locality`` takes it: ``"all"`` (the default), ``"handles"``,
    ``"left-handle"`` or ``"right-handle"`` (that handle's motor alone), ``"triggers"``,
    ``"left-trigger"`` or ``"right-trigger"`` (through hidraw, on a pad with trigger motors). A
    locality the pad or the driver cannot play raises ``DeviceError``.

    Playing (``impact``, ``notify``, ``selection``, ``play``, ``play_ahap``) returns at once; the
    playback goes on, mixed with whatever else plays. ``wait()`` waits for all of them.
    Errors raise ``HapticsError`` subclasses: ``InvalidArgumentError`` (also a ``ValueError``),
    ``NotFoundError``, ``DeviceError``, ``PatternFormatError``, ``UnsupportedError``, and
    ``EngineClosedError`` after ``close()``; an argument of the wrong type raises ``TypeError``.
    An engine may be used from several threads.
    """

    def __init__(
        self,
        driver: Union[Driver, str] = Driver.AUTO,
        device: Optional[str] = None,
        locality: Union[Locality, str] = Locality.ALL,
    ) -> None:
        driver_name = _name(driver, "driver", Driver)
        device_name = None if device is None else _name(device, "device")
        locality_name = _name(locality, "locality", Locality)
        self._library = _library.library()
        self._lock = threading.Lock()
        handle = ctypes.c_void_p()
        self._check(
            self._library.haptics_engine_open_at(driver_name, device_name, locality_name, ctypes.byref(handle))
        )
        self._handle: Optional[int] = handle.value
        self.driver = Driver(driver_name.decode("utf-8"))
        self.locality = Locality(locality_name.decode("utf-8"))

    def impact(self, style: Union[ImpactStyle, str] = ImpactStyle.MEDIUM, intensity: float = 1.0) -> None:
        """Fires an impact: ``style`` is ``"light"``, ``"medium"``, ``"heavy"``, ``"soft"`` or
        ``"rigid"``; ``intensity`` (0...1) scales its levels (1: as authored)."""
        name, level = _name(style, "style", ImpactStyle), _level(intensity, "intensity")
        self._call(lambda handle: self._library.haptics_impact(handle, name, level))

    def notify(self, type: Union[NotificationType, str]) -> None:
        """Fires a notification: ``"success"``, ``"warning"`` or ``"error"``."""
        name = _name(type, "type", NotificationType)
        self._call(lambda handle: self._library.haptics_notify(handle, name))

    def selection(self) -> None:
        """Fires the short tick that marks a change of selection."""
        self._call(self._library.haptics_selection)

    def play(self, pattern: Union[str, "os.PathLike[str]"], repeat: int = 1) -> None:
        """Plays a preset or a pattern file, ``repeat`` times (1 or more) or ``FOREVER`` (until
        ``stop()``).

        ``pattern`` is a preset's name (one of ``PRESETS``: ``"light"``, ``"success"``,
        ``"selection"``...) or the path of a Core Haptics AHAP file (``.ahap``) or a Lofelt /
        Meta Haptics Studio clip (``.haptic``). A name that is neither raises ``NotFoundError``;
        a file that does not load raises ``PatternFormatError`` naming the file and JSON path.
        """
        count = _count(repeat)
        if not isinstance(pattern, (str, os.PathLike)):
            raise TypeError(f"pattern must be a str (a preset or a path) or an os.PathLike, not {type(pattern).__name__}")
        path = os.fspath(pattern)
        if not isinstance(path, str):
            raise TypeError(f"pattern must be a path as str, not {type(path).__name__}")
        if isinstance(pattern, str) and pattern in PRESETS:
            name = pattern.encode("utf-8")
            self._call(lambda handle: self._library.haptics_play_preset(handle, name, count))
            return
        if isinstance(pattern, str) and os.sep not in path and not os.path.exists(path):
            raise NotFoundError(f"'{path}' is neither a preset ({', '.join(PRESETS)}) nor a file")
        self._call(lambda handle: self._library.haptics_play_file(handle, os.fsencode(path), count))

    def play_ahap(self, ahap: Union[str, Mapping[str, Any]], repeat: int = 1) -> None:
        """Plays an AHAP pattern given as JSON text or as the dictionary it decodes to
        (``{"Version": 1.0, "Pattern": [...]}``), ``repeat`` times or ``FOREVER``."""
        count = _count(repeat)
        if isinstance(ahap, str):
            text = ahap
        elif isinstance(ahap, Mapping):
            text = json.dumps(ahap)
        else:
            raise TypeError(f"ahap must be a str of JSON or a Mapping, not {type(ahap).__name__}")
        self._call(lambda handle: self._library.haptics_play_ahap_json(handle, text.encode("utf-8"), count))

    def compose(self, steps: Iterable[Step], repeat: int = 1) -> None:
        """Plays primitives one after another, as Android's ``VibrationEffect.Composition``:
        each step a ``Primitive`` (or its name), or a tuple ``(primitive, scale, delay_ms)`` as
        ``addPrimitive(id, scale, delay)``: the scale (0...1) multiplies its intensity, the delay
        is the pause after the previous primitive ends. An unknown primitive, a scale outside
        0...1 or a negative delay raises ``InvalidArgumentError`` naming the step's position."""
        count = _count(repeat)
        text = ",".join(_step(step) for step in steps)
        self._call(lambda handle: self._library.haptics_play_composition(handle, text.encode("utf-8"), count))

    def play_basic_envelope(
        self, points: Iterable[BasicPoint], initial_sharpness: Optional[float] = None, repeat: int = 1
    ) -> None:
        """Plays an effect drawn by its envelope, as Android's ``BasicEnvelopeBuilder``: control
        points of intensity and sharpness (``BasicPoint``), each reached over its duration from
        the previous one, starting at intensity 0 and ``initial_sharpness`` (``None``: the first
        point's), linear between them, ``repeat`` times or ``FOREVER``. The last point must be
        at intensity 0. It plays the same on every pad.

        ::

            engine.play_basic_envelope([haptics.BasicPoint(1.0, 0.3, 0.2), haptics.BasicPoint(0.0, 0.8, 0.3)])

        A value out of range, no point, or a last point above intensity 0 raises
        ``InvalidArgumentError`` naming the control point (counted from 1)."""
        count = _count(repeat)
        initial = _library.ENVELOPE_FIRST_POINT if initial_sharpness is None else _level(initial_sharpness, "initial_sharpness")
        chosen = _points(points, BasicPoint)
        array = (_library.BasicPoint * len(chosen))(
            *(_library.BasicPoint(p.intensity, p.sharpness, p.duration) for p in chosen)
        )
        self._call(lambda handle: self._library.haptics_play_basic_envelope(handle, initial, array, len(chosen), count))

    def play_waveform_envelope(
        self,
        points: Iterable[WaveformPoint],
        initial_frequency_hz: Optional[float] = None,
        out_of_band: Union[OutOfBand, str] = OutOfBand.REFUSE,
        repeat: int = 1,
    ) -> None:
        """Plays an effect drawn by its envelope in the pad's units, as Android's
        ``WaveformEnvelopeBuilder``: control points of amplitude and frequency in Hz
        (``WaveformPoint``), each reached over its duration from the previous one, starting at
        amplitude 0 and ``initial_frequency_hz`` (``None``: the first point's), ``repeat``
        times or ``FOREVER``.

        The frequencies are checked against the band of the actuators at the engine's locality
        (``haptics devices --json`` lists each one's ``frequency_hz``): with ``out_of_band``
        ``"refuse"`` one outside raises ``InvalidArgumentError`` naming the control point and
        the band; with ``"nearest"`` it plays at the nearest frequency of the band. An engine
        whose actuators there set no frequency (the terminal, a recording, evdev rumble) raises
        ``UnsupportedError``."""
        count = _count(repeat)
        if initial_frequency_hz is None:
            initial = _library.ENVELOPE_FIRST_POINT
        elif isinstance(initial_frequency_hz, bool) or not isinstance(initial_frequency_hz, numbers.Real):
            raise TypeError(f"initial_frequency_hz must be a number of Hz, not {type(initial_frequency_hz).__name__}")
        else:
            initial = float(initial_frequency_hz)
        band = _name(out_of_band, "out_of_band", OutOfBand)
        chosen = _points(points, WaveformPoint)
        array = (_library.WaveformPoint * len(chosen))(
            *(_library.WaveformPoint(p.amplitude, p.frequency_hz, p.duration) for p in chosen)
        )
        self._call(
            lambda handle: self._library.haptics_play_waveform_envelope(handle, initial, array, len(chosen), band, count)
        )

    def stop(self) -> None:
        """Stops every playback at once and turns the motors and the trigger effects off."""
        self._call(self._library.haptics_stop)

    def set_trigger_effect(self, side: Union[TriggerSide, str], effect: TriggerEffect) -> None:
        """Sets the effect of the ``"left"``, ``"right"`` or ``"both"`` adaptive triggers of every
        pad with them the engine reaches, as ``GCDualSenseAdaptiveTrigger`` does: ``effect`` is
        one of ``TriggerOff``, ``TriggerFeedback``, ``TriggerWeapon``, ``TriggerVibration``,
        ``TriggerSlopeFeedback``, ``TriggerPositionalFeedback``, ``TriggerPositionalVibration``.

        ::

            with haptics.Engine(driver="hidraw", device="DualSense") as engine:
                engine.set_trigger_effect("right", haptics.TriggerWeapon(start=0.2, end=0.6, strength=1))

        The effect holds beside what the engine plays until another effect, ``stop()`` or
        ``close()`` (and, if the process dies, the pad's guardian turns it off). Only a pad
        driven through its hidraw node is reached: an engine with ``"hidraw"``, or ``"auto"`` on
        a DualSense at a locality holding the triggers. A value outside 0...1 (or NaN), or a
        positional list that is not ten long, raises ``InvalidArgumentError`` naming it; an
        engine that reaches no adaptive trigger (``"record"``, ``"stdout"``, ``"evdev"``,
        ``"audio"``, pads without them) raises ``UnsupportedError``; a pad that cannot be
        written, ``DeviceError``."""
        name = _name(side, "side", TriggerSide)
        if not isinstance(effect, TriggerEffect):
            raise TypeError(f"effect must be a TriggerEffect (TriggerFeedback...), not {type(effect).__name__}")
        values = effect.values()
        array = (ctypes.c_double * len(values))(*values)
        mode = effect.mode.encode("utf-8")
        self._call(
            lambda handle: self._library.haptics_set_trigger_effect(handle, name, mode, array, len(values))
        )

    def trigger_status(self, side: Union[TriggerSide, str], timeout: float = 1.0) -> TriggerStatus:
        """The status of the ``"left"`` or ``"right"`` adaptive trigger of the first pad with
        them the engine reaches, as ``GCDualSenseAdaptiveTrigger.status`` and ``armPosition``
        report it, from the pad's last input report.

        ::

            with haptics.Engine(driver="hidraw", device="DualSense") as engine:
                print(engine.trigger_status("right").status)

        The first call starts reading the pad's input reports and waits up to ``timeout``
        seconds for the first; later calls return the latest at once. An engine that reaches no
        adaptive trigger raises ``UnsupportedError``; a pad whose node cannot be opened, or that
        sends no report in time, ``DeviceError``."""
        name = _name(side, "side", TriggerSide)
        if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
            raise TypeError(f"timeout must be a number of seconds, not {type(timeout).__name__}")
        reading = _library.TriggerReading()
        self._call(
            lambda handle: self._library.haptics_trigger_status(handle, name, float(timeout) * 1000, ctypes.byref(reading))
        )
        return TriggerStatus(
            status=(reading.status or b"").decode("utf-8"),
            arm_position=reading.arm_position,
            position=reading.position,
            effect=reading.effect.decode("utf-8") if reading.effect else None,
        )

    @property
    def gain(self) -> float:
        """The master gain, 0...1, applied to everything played (1 when opened). Setting it
        outside 0...1 raises ``InvalidArgumentError``; what plays follows at once."""
        value = ctypes.c_double()
        self._call(lambda handle: self._library.haptics_get_gain(handle, ctypes.byref(value)))
        return value.value

    @gain.setter
    def gain(self, value: float) -> None:
        level = _level(value, "gain")
        self._call(lambda handle: self._library.haptics_set_gain(handle, level))

    def wait(self) -> None:
        """Waits until everything started so far has ended. On a "record" engine nothing waits:
        virtual time runs every playback to its end at once. Raises ``UnsupportedError`` on a
        "record" engine with a playback repeating ``FOREVER`` (stop it first), ``DeviceError``
        when a playback failed (a pad unplugged)."""
        self._call(self._library.haptics_wait)

    @property
    def frames(self) -> List[Frame]:
        """The frames a "record" engine has recorded so far, in order (``UnsupportedError`` on
        any other driver). Of a playback started since the last ``wait()``, only its first
        frame is there, until ``wait()`` runs it."""

        def read(handle: int) -> int:
            count = ctypes.c_size_t()
            status = int(self._library.haptics_recorded_frames(handle, None, 0, ctypes.byref(count)))
            while status == 0:
                buffer = (_library.Frame * count.value)()
                capacity = count.value
                status = int(self._library.haptics_recorded_frames(handle, buffer, capacity, ctypes.byref(count)))
                if status == 0 and count.value <= capacity:
                    recorded.extend(Frame(f.start_ms, f.duration_ms, f.strong, f.weak) for f in buffer[: count.value])
                    break
            return status

        recorded: List[Frame] = []
        self._call(read)
        return recorded

    @property
    def closed(self) -> bool:
        """Whether ``close()`` has been called."""
        return self._handle is None

    def close(self) -> None:
        """Stops everything, turns the motors off, releases the device and frees the engine.
        Calling it again does nothing; any other call afterwards raises ``EngineClosedError``."""
        with self._lock:
            handle, self._handle = self._handle, None
        if handle is not None:
            self._check(self._library.haptics_engine_close(handle))

    def __enter__(self) -> "Engine":
        return self

    def __exit__(
        self,
        kind: Optional[Type[BaseException]],
        error: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()

    def __del__(self) -> None:
        if getattr(self, "_handle", None) is not None:
            self.close()

    def __repr__(self) -> str:
        locality = "" if self.locality is Locality.ALL else f" locality={self.locality.value!r}"
        return f"<haptics.Engine driver={self.driver.value!r}{locality}{' closed' if self.closed else ''}>"

    def _call(self, function: Callable[[int], Any]) -> None:
        handle = self._handle
        if handle is None:
            raise EngineClosedError("the engine is closed; open a new one")
        self._check(function(handle))

    @staticmethod
    def _check(status: Any) -> None:
        if status != 0:
            raise error_for(int(status), _library.last_error())


def library_version() -> str:
    """The version of the C library in use, e.g. ``"0.1.0"``."""
    version: Optional[bytes] = _library.library().haptics_version()
    return (version or b"").decode("utf-8")


def _name(value: Union[str, enum.Enum], argument: str, names: Optional[Type[enum.Enum]] = None) -> bytes:
    """``value``, a str or one of ``names`` (a str too), encoded for C; ``TypeError`` otherwise."""
    if not isinstance(value, str):
        allowed = "a str" if names is None else f"a str or {names.__name__}"
        raise TypeError(f"{argument} must be {allowed}, not {type(value).__name__}")
    text = value.value if isinstance(value, enum.Enum) else value
    return str(text).encode("utf-8")


def _step(step: Step) -> str:
    """One step of a composition as the C library reads it: ``PRIMITIVE[:SCALE][+DELAYms]``."""
    if isinstance(step, tuple):
        if len(step) != 3:
            raise TypeError(f"a composition step is a primitive or (primitive, scale, delay_ms), not a tuple of {len(step)}")
        primitive, scale, delay = step
        name = _name(primitive, "primitive", Primitive).decode("utf-8")
        if isinstance(delay, bool) or not isinstance(delay, numbers.Real):
            raise TypeError(f"delay_ms must be a number of milliseconds, not {type(delay).__name__}")
        return f"{name}:{_level(scale, 'scale')!r}+{float(delay)!r}ms"
    return _name(step, "primitive", Primitive).decode("utf-8")


Point = TypeVar("Point", BasicPoint, WaveformPoint)


def _points(points: Iterable[Point], kind: Type[Point]) -> List[Point]:
    """``points`` as a list, each one a ``kind``; ``TypeError`` otherwise."""
    if isinstance(points, (str, bytes)) or not isinstance(points, Iterable):
        raise TypeError(f"points must be an iterable of {kind.__name__}, not {type(points).__name__}")
    chosen = list(points)
    for point in chosen:
        if not isinstance(point, kind):
            raise TypeError(f"each point must be a {kind.__name__}, not {type(point).__name__}")
    return chosen


def _level(value: float, argument: str) -> float:
    """``value``, a real number (not a bool), as a float; ``TypeError`` otherwise. Its range is
    the C library's to check."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{argument} must be a number from 0 to 1, not {type(value).__name__}")
    return float(value)


def _count(value: int) -> int:
    """``value``, an integer (not a bool); ``TypeError`` otherwise. Its range is the C library's
    to check."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"repeat must be an int (1 or more, or FOREVER), not {type(value).__name__}")
    return int(value)
