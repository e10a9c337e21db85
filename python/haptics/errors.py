"""The exceptions the package raises: one class per status code of haptics.h, all of them
``HapticsError``."""

from __future__ import annotations

from typing import Dict, Type


class HapticsError(Exception):
    """Something Haptics could not do. ``str(error)`` says what, in one line; ``status`` is the
    C library's status code (negative), or 0 for an error raised by the Python package itself."""

    status: int = 0

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidArgumentError(HapticsError, ValueError):
    """An argument is not allowed: an unknown style, type or driver, an intensity or gain
    outside 0...1 or NaN, a repeat of 0 (``HAPTICS_ERROR_INVALID_ARGUMENT``)."""

    status = -1


class NotFoundError(HapticsError, LookupError):
    """What was named does not exist: no preset of that name, no file at that path
    (``HAPTICS_ERROR_NOT_FOUND``)."""

    status = -2


class DeviceError(HapticsError):
    """The device cannot be driven: no gamepad that can vibrate, permission denied, unplugged,
    no free effect slot (``HAPTICS_ERROR_DEVICE``)."""

    status = -3


class PatternFormatError(HapticsError, ValueError):
    """A pattern does not load: not JSON, not AHAP or .haptic, a value of the wrong kind. The
    message names the file and the JSON path (``HAPTICS_ERROR_FORMAT``)."""

    status = -4


class UnsupportedError(HapticsError):
    """The engine's driver does not offer this: frames from an engine that does not record,
    waiting on a "record" engine for a playback that repeats forever
    (``HAPTICS_ERROR_UNSUPPORTED``)."""

    status = -5


class EngineClosedError(HapticsError):
    """The engine has been closed; open a new one."""


class LibraryNotFoundError(HapticsError, ImportError):
    """libhaptics.so.0 cannot be loaded: install Haptics, or set ``HAPTICS_LIBRARY`` to the
    library's path."""


_by_status: Dict[int, Type[HapticsError]] = {
    error.status: error for error in (InvalidArgumentError, NotFoundError, DeviceError, PatternFormatError, UnsupportedError)
}


def error_for(status: int, message: str) -> HapticsError:
    """The exception for a status code the C library returned."""
    error = _by_status.get(status, HapticsError)(message)
    error.status = status
    return error
