"""Loading libhaptics.so.0 and declaring the C functions of haptics.h to ctypes."""

from __future__ import annotations

import ctypes
import os
import threading
from typing import Optional

from .errors import LibraryNotFoundError

#: The library's file name, as the dynamic loader finds it (its soname).
SONAME = "libhaptics.so.0"


class Frame(ctypes.Structure):
    """haptics.h's ``haptics_frame``."""

    _fields_ = [
        ("start_ms", ctypes.c_double),
        ("duration_ms", ctypes.c_double),
        ("strong", ctypes.c_double),
        ("weak", ctypes.c_double),
    ]


class BasicPoint(ctypes.Structure):
    """haptics.h's ``haptics_basic_point``."""

    _fields_ = [
        ("intensity", ctypes.c_double),
        ("sharpness", ctypes.c_double),
        ("duration", ctypes.c_double),
    ]


class WaveformPoint(ctypes.Structure):
    """haptics.h's ``haptics_waveform_point``."""

    _fields_ = [
        ("amplitude", ctypes.c_double),
        ("frequency_hz", ctypes.c_double),
        ("duration", ctypes.c_double),
    ]


class TriggerReading(ctypes.Structure):
    """haptics.h's ``haptics_trigger_reading``."""

    _fields_ = [
        ("status", ctypes.c_char_p),
        ("arm_position", ctypes.c_double),
        ("position", ctypes.c_double),
        ("effect", ctypes.c_char_p),
    ]


#: haptics.h's ``HAPTICS_ENVELOPE_FIRST_POINT``: an envelope starting at its first point's value.
ENVELOPE_FIRST_POINT = -1.0

_engine = ctypes.c_void_p
_string = ctypes.c_char_p
_signatures = {
    "haptics_engine_open": [_string, _string, ctypes.POINTER(_engine)],
    "haptics_engine_open_at": [_string, _string, _string, ctypes.POINTER(_engine)],
    "haptics_engine_close": [_engine],
    "haptics_impact": [_engine, _string, ctypes.c_double],
    "haptics_notify": [_engine, _string],
    "haptics_selection": [_engine],
    "haptics_play_preset": [_engine, _string, ctypes.c_int],
    "haptics_play_file": [_engine, _string, ctypes.c_int],
    "haptics_play_ahap_json": [_engine, _string, ctypes.c_int],
    "haptics_play_composition": [_engine, _string, ctypes.c_int],
    "haptics_stop": [_engine],
    "haptics_set_gain": [_engine, ctypes.c_double],
    "haptics_get_gain": [_engine, ctypes.POINTER(ctypes.c_double)],
    "haptics_wait": [_engine],
    "haptics_recorded_frames": [_engine, ctypes.POINTER(Frame), ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t)],
    "haptics_set_trigger_effect": [_engine, _string, _string, ctypes.POINTER(ctypes.c_double), ctypes.c_size_t],
    "haptics_trigger_status": [_engine, _string, ctypes.c_double, ctypes.POINTER(TriggerReading)],
    "haptics_play_basic_envelope": [_engine, ctypes.c_double, ctypes.POINTER(BasicPoint), ctypes.c_size_t, ctypes.c_int],
    "haptics_play_waveform_envelope": [
        _engine,
        ctypes.c_double,
        ctypes.POINTER(WaveformPoint),
        ctypes.c_size_t,
        _string,
        ctypes.c_int,
    ],
}

_lock = threading.Lock()
_loaded: Optional[ctypes.CDLL] = None


def library() -> ctypes.CDLL:
    """The C library, loaded on first use: the file ``HAPTICS_LIBRARY`` names, else
    ``libhaptics.so.0`` wherever the dynamic loader finds it."""
    global _loaded
    with _lock:
        if _loaded is None:
            path = os.environ.get("HAPTICS_LIBRARY") or SONAME
            try:
                loaded = ctypes.CDLL(path)
            except OSError as error:
                raise LibraryNotFoundError(
                    f"cannot load {path}: {error}; install Haptics (make install, or its Debian package) "
                    "or set HAPTICS_LIBRARY to the library's path"
                ) from error
            for name, arguments in _signatures.items():
                function = getattr(loaded, name)
                function.argtypes = arguments
                function.restype = ctypes.c_int
            for name in ("haptics_last_error", "haptics_version"):
                function = getattr(loaded, name)
                function.argtypes = []
                function.restype = ctypes.c_char_p
            _loaded = loaded
        return _loaded


def last_error() -> str:
    """The message of the last call that failed on this thread."""
    message: Optional[bytes] = library().haptics_last_error()
    return (message or b"").decode("utf-8", "replace")
