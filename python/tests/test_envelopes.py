"""The envelope effects: a basic envelope's frames on a "record" engine against the same AHAP's,
and the errors of both forms, each naming its control point."""

from __future__ import annotations

import math
from typing import Any, List

import pytest

import haptics

SWELL = [haptics.BasicPoint(1, 0.2, 0.1), haptics.BasicPoint(0.4, 0.9, 0.05), haptics.BasicPoint(0, 0.9, 0.1)]

#: The continuous event under the intensity and sharpness curves SWELL draws from sharpness 0.6.
SWELL_AHAP = {
    "Version": 1.0,
    "Pattern": [
        {
            "Event": {
                "EventType": "HapticContinuous",
                "Time": 0,
                "EventDuration": 0.25,
                "EventParameters": [
                    {"ParameterID": "HapticIntensity", "ParameterValue": 1},
                    {"ParameterID": "HapticSharpness", "ParameterValue": 0},
                ],
            }
        },
        {
            "ParameterCurve": {
                "ParameterID": "HapticIntensityControl",
                "Time": 0,
                "ParameterCurveControlPoints": [
                    {"Time": 0, "ParameterValue": 0},
                    {"Time": 0.1, "ParameterValue": 1},
                    {"Time": 0.15, "ParameterValue": 0.4},
                    {"Time": 0.25, "ParameterValue": 0},
                ],
            }
        },
        {
            "ParameterCurve": {
                "ParameterID": "HapticSharpnessControl",
                "Time": 0,
                "ParameterCurveControlPoints": [
                    {"Time": 0, "ParameterValue": 0.6},
                    {"Time": 0.1, "ParameterValue": 0.2},
                    {"Time": 0.15, "ParameterValue": 0.9},
                    {"Time": 0.25, "ParameterValue": 0.9},
                ],
            }
        },
    ],
}


def recorded(play: Any) -> List[haptics.Frame]:
    with haptics.Engine(driver="record") as engine:
        play(engine)
        engine.wait()
        return engine.frames


def test_a_basic_envelope_plays_as_its_curves_over_a_continuous_event() -> None:
    envelope = recorded(lambda engine: engine.play_basic_envelope(SWELL, initial_sharpness=0.6))
    ahap = recorded(lambda engine: engine.play_ahap(SWELL_AHAP))
    assert len(envelope) == len(ahap) >= 4
    for mine, theirs in zip(envelope, ahap):
        for key in ("start_ms", "duration_ms", "strong", "weak"):
            assert getattr(mine, key) == pytest.approx(getattr(theirs, key), abs=1e-9), (mine, theirs)
    peak = max(envelope, key=lambda frame: max(frame.strong, frame.weak))
    assert envelope[0].start_ms == 0 and 80 <= peak.start_ms <= 110
    assert envelope[-1].strong == envelope[-1].weak == 0
    assert envelope[-2].start_ms + envelope[-2].duration_ms == pytest.approx(250, abs=10)


def test_the_initial_sharpness_defaults_to_the_first_points() -> None:
    first = recorded(lambda engine: engine.play_basic_envelope(SWELL))
    explicit = recorded(lambda engine: engine.play_basic_envelope(SWELL, initial_sharpness=0.2))
    assert first == explicit


def test_a_basic_envelope_repeats() -> None:
    once = recorded(lambda engine: engine.play_basic_envelope(SWELL))
    twice = recorded(lambda engine: engine.play_basic_envelope(SWELL, repeat=2))
    assert len(twice) > len(once)


@pytest.mark.parametrize(
    "points, initial, message",
    [
        ([], None, "the envelope has no control point"),
        ([haptics.BasicPoint(1, 0.5, 0.1)], None, "control point 1: the envelope ends at intensity 1"),
        ([haptics.BasicPoint(0.5, 1.5, 0.1), haptics.BasicPoint(0, 0, 0.1)], None, "control point 1: sharpness 1.5"),
        ([haptics.BasicPoint(0.5, 0.5, 0.1), haptics.BasicPoint(math.nan, 0, 0.1)], None, "control point 2: intensity nan"),
        ([haptics.BasicPoint(0.5, 0.5, 0.1), haptics.BasicPoint(0, 0, 0)], None, "control point 2: a duration of 0"),
        (SWELL, 2.0, "initial sharpness 2.0 is outside 0...1"),
    ],
)
def test_a_bad_basic_envelope_names_its_control_point(points: List[haptics.BasicPoint], initial: Any, message: str) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match=message):
            engine.play_basic_envelope(points, initial_sharpness=initial)
        engine.wait()
        assert engine.frames == []


def test_a_waveform_envelope_needs_actuators_that_set_a_frequency() -> None:
    chirp = [haptics.WaveformPoint(1, 40, 0.1), haptics.WaveformPoint(0, 150, 0.2)]
    for driver in ("record", "stdout"):
        with haptics.Engine(driver=driver) as engine:
            with pytest.raises(haptics.UnsupportedError, match="lets a pattern choose its frequency"):
                engine.play_waveform_envelope(chirp, out_of_band=haptics.OutOfBand.NEAREST)


@pytest.mark.parametrize(
    "points, initial, message",
    [
        ([], None, "the envelope has no control point"),
        ([haptics.WaveformPoint(1.5, 80, 0.1)], None, "control point 1: amplitude 1.5"),
        ([haptics.WaveformPoint(1, 80, 0.1), haptics.WaveformPoint(0, -5, 0.1)], None, "control point 2: a frequency of -5"),
        ([haptics.WaveformPoint(1, 80, math.inf)], None, "control point 1: a duration of inf"),
        ([haptics.WaveformPoint(1, 80, 0.1)], 0, "a frequency of 0.0 Hz"),
    ],
)
def test_a_bad_waveform_envelope_names_its_control_point(
    points: List[haptics.WaveformPoint], initial: Any, message: str
) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match=message):
            engine.play_waveform_envelope(points, initial_frequency_hz=initial)


def test_the_arguments_types_are_checked() -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match='out_of_band "clamp" is not one of "refuse", "nearest"'):
            engine.play_waveform_envelope([haptics.WaveformPoint(1, 80, 0.1)], out_of_band="clamp")
        with pytest.raises(TypeError):
            engine.play_waveform_envelope([haptics.WaveformPoint(1, 80, 0.1)], out_of_band=1)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            engine.play_waveform_envelope([haptics.WaveformPoint(1, 80, 0.1)], initial_frequency_hz="80")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            engine.play_basic_envelope([(1, 0.5, 0.1)])  # type: ignore[list-item]
        with pytest.raises(TypeError):
            engine.play_basic_envelope(SWELL, initial_sharpness=True)
        with pytest.raises(TypeError):
            engine.play_basic_envelope(SWELL, repeat=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        haptics.BasicPoint("1", 0.5, 0.1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        haptics.WaveformPoint(1, None, 0.1)  # type: ignore[arg-type]
    with pytest.raises(haptics.EngineClosedError):
        engine.play_basic_envelope(SWELL)
