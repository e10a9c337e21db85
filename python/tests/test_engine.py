"""The Python package over libhaptics: a "record" engine's frames against the Swift engine's,
the calls' arguments, the exceptions, the context manager, threads and real time."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import threading
import time
from dataclasses import FrozenInstanceError
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple, Union

import pytest

import haptics
from conftest import cli_frames, cli_output


def as_dicts(frames: List[haptics.Frame]) -> List[Dict[str, float]]:
    return [{"t_ms": f.start_ms, "duration_ms": f.duration_ms, "strong": f.strong, "weak": f.weak} for f in frames]


def assert_same_frames(python: List[haptics.Frame], swift: List[Dict[str, float]]) -> None:
    assert len(python) == len(swift) and python
    for mine, theirs in zip(as_dicts(python), swift):
        for key, value in mine.items():
            assert value == pytest.approx(theirs[key], abs=1e-5), (key, mine, theirs)


def recorded(play: str, repeat: int = 1) -> List[haptics.Frame]:
    with haptics.Engine(driver="record") as engine:
        engine.play(play, repeat=repeat)
        engine.wait()
        return engine.frames


@pytest.mark.parametrize("preset", haptics.PRESETS)
def test_a_preset_records_the_swift_engines_frames(preset: str) -> None:
    assert_same_frames(recorded(preset), cli_frames("play", preset))


@pytest.mark.parametrize("preset", haptics.PRESETS)
def test_the_example_prints_what_the_command_line_prints(preset: str, repository: Path) -> None:
    example = repository / "examples" / "record_preset.py"
    printed = subprocess.run([sys.executable, str(example), preset], check=True, capture_output=True, text=True).stdout
    assert printed == cli_output("play", preset)


@pytest.mark.parametrize("locality", list(haptics.Locality))
def test_a_locality_records_the_swift_engines_frames(locality: haptics.Locality) -> None:
    for preset in ("heavy", "success"):
        with haptics.Engine(driver="record", locality=locality.value) as engine:
            assert engine.locality is locality
            engine.play(preset)
            engine.wait()
            # A record engine keeps the frames the engine plays: at a trigger locality the whole
            # frame, which the command line shows as the trigger's amplitude and frequency.
            shown = "all" if "trigger" in locality.value else locality.value
            assert_same_frames(engine.frames, cli_frames("play", preset, "--locality", shown))


def test_a_handle_plays_on_its_motor_alone() -> None:
    full = recorded("soft")
    for locality, motor, silent in ((haptics.Locality.LEFT_HANDLE, "strong", "weak"), (haptics.Locality.RIGHT_HANDLE, "weak", "strong")):
        with haptics.Engine(driver=haptics.Driver.RECORD, locality=locality) as engine:
            engine.play("soft")
            engine.wait()
            frames = engine.frames
        assert [getattr(frame, silent) for frame in frames] == [0] * len(full)
        assert [getattr(frame, motor) for frame in frames] == [max(frame.strong, frame.weak) for frame in full]
        assert "locality" in repr(engine)
    with pytest.raises(haptics.InvalidArgumentError, match="locality"):
        haptics.Engine(driver="record", locality="left-foot")


def test_files_record_the_swift_engines_frames(repository: Path) -> None:
    for path in (
        repository / "Patterns" / "success.ahap",
        repository / "Tests/HapticsTests/Fixtures/corpus/unityplugins__Heartbeats.ahap",
        repository / "Tests/HapticsTests/Fixtures/haptic/NiceVibrations__NVDice.haptic",
    ):
        assert_same_frames(recorded(str(path)), cli_frames("play", str(path)))
    assert as_dicts(recorded(str(repository / "Patterns" / "success.ahap"))) == as_dicts(recorded("success"))


def test_repeat_plays_the_pattern_again_after_its_end() -> None:
    once, thrice = recorded("success"), recorded("success", repeat=3)
    assert_same_frames(thrice, cli_frames("play", "success", "--loop", "3"))
    assert len(thrice) == 3 * (len(once) - 1) + 1
    assert thrice[-1].start_ms == pytest.approx(3 * once[-1].start_ms)


def test_impacts_notifications_and_the_tick_record_their_presets() -> None:
    calls: List[Tuple[Callable[[haptics.Engine], None], str]] = [
        (lambda e: e.impact("heavy"), "heavy"),
        (lambda e: e.impact(haptics.ImpactStyle.SOFT, intensity=1.0), "soft"),
        (lambda e: e.notify(haptics.NotificationType.WARNING), "warning"),
        (lambda e: e.notify("error"), "error"),
        (lambda e: e.selection(), "selection"),
    ]
    for fire, preset in calls:
        with haptics.Engine(driver=haptics.Driver.RECORD) as engine:
            fire(engine)
            engine.wait()
            assert as_dicts(engine.frames) == as_dicts(recorded(preset))


def test_intensity_and_gain_scale_the_levels() -> None:
    full = recorded("heavy")
    with haptics.Engine(driver="record") as engine:
        engine.impact("heavy", intensity=0.5)
        engine.wait()
        softer = engine.frames
    assert 0 < softer[0].strong < full[0].strong
    with haptics.Engine(driver="record") as engine:
        assert engine.gain == 1.0
        engine.gain = 0.5
        assert engine.gain == 0.5
        engine.play("heavy")
        engine.wait()
        assert engine.frames[0].strong == pytest.approx(full[0].strong * 0.5)
        assert engine.frames[0].duration_ms == full[0].duration_ms


def test_an_ahap_document_plays_from_text_or_a_dictionary() -> None:
    ahap: Dict[str, Any] = {
        "Version": 1.0,
        "Pattern": [
            {
                "Event": {
                    "EventType": "HapticContinuous",
                    "Time": 0.0,
                    "EventDuration": 0.1,
                    "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.7}],
                }
            }
        ],
    }
    runs = []
    documents: List[Union[str, Dict[str, Any]]] = [ahap, json.dumps(ahap)]
    for document in documents:
        with haptics.Engine(driver="record") as engine:
            engine.play_ahap(document, repeat=2)
            engine.wait()
            runs.append(as_dicts(engine.frames))
    assert runs[0] == runs[1]
    assert runs[0][0]["strong"] > 0
    assert runs[0][-1]["t_ms"] == pytest.approx(200, abs=10)


def test_playbacks_between_waits_start_together_on_virtual_time() -> None:
    started = time.monotonic()
    with haptics.Engine(driver="record") as engine:
        engine.play("success", repeat=20)
        engine.wait()
        first = engine.frames
        engine.selection()
        engine.impact("heavy")
        # Each playback's first frame goes out as it starts; the rest when wait() runs them.
        assert len(engine.frames) == len(first) + 2
        engine.wait()
        later = engine.frames[len(first) :]
    assert first[-1].start_ms > 5000
    assert [frame.start_ms for frame in later[:2]] == pytest.approx([first[-1].start_ms] * 2)
    assert later[-1].start_ms == pytest.approx(first[-1].start_ms + recorded("heavy")[-1].start_ms)
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "call",
    [
        lambda e: e.impact("huge"),
        lambda e: e.impact("heavy", intensity=1.5),
        lambda e: e.impact("heavy", intensity=-0.1),
        lambda e: e.impact("heavy", intensity=math.nan),
        lambda e: e.notify("heavy"),
        lambda e: e.play("heavy", repeat=0),
        lambda e: e.play("heavy", repeat=-2),
        lambda e: e.play_ahap("{}", repeat=0),
        lambda e: setattr(e, "gain", 2.0),
        lambda e: setattr(e, "gain", math.inf),
    ],
)
def test_bad_arguments_raise_invalid_argument(call: object) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError) as raised:
            call(engine)  # type: ignore[operator]
        assert isinstance(raised.value, ValueError) and isinstance(raised.value, haptics.HapticsError)
        assert raised.value.status == -1 and str(raised.value)
        engine.wait()
        assert engine.frames == []


def test_a_composition_records_the_command_lines_frames() -> None:
    with haptics.Engine(driver="record") as engine:
        engine.compose([haptics.Primitive.CLICK, ("tick", 0.5, 40), ("thud", 1.0, 0)])
        engine.wait()
        assert_same_frames(engine.frames, cli_frames("play", "compose:click,tick:0.5+40ms,thud"))


@pytest.mark.parametrize(
    "steps",
    [["clik"], [("click", 1.5, 0)], [("click", 1.0, -5)], []],
)
def test_a_bad_composition_raises_invalid_argument_naming_the_step(steps: List[Any]) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match="primitive 1"):
            engine.compose(steps)
        engine.wait()
        assert engine.frames == []


@pytest.mark.parametrize(
    "call",
    [
        lambda e: e.compose([("click", 1.0)]),
        lambda e: e.compose([("click", "1", 0)]),
        lambda e: e.compose([1]),
        lambda e: e.impact(1),
        lambda e: e.impact("heavy", intensity="1"),
        lambda e: e.impact("heavy", intensity=True),
        lambda e: e.notify(None),
        lambda e: e.play(b"heavy"),
        lambda e: e.play(1),
        lambda e: e.play("heavy", repeat="2"),
        lambda e: e.play("heavy", repeat=2.0),
        lambda e: e.play_ahap(b"{}"),
        lambda e: e.play_ahap("{}", repeat="1"),
        lambda e: setattr(e, "gain", "1"),
    ],
)
def test_arguments_of_the_wrong_type_raise_type_error(call: object) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(TypeError):
            call(engine)  # type: ignore[operator]
        engine.wait()
        assert engine.frames == []


def test_an_engine_refuses_names_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="driver"):
        haptics.Engine(driver=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="device"):
        haptics.Engine(driver="evdev", device=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="locality"):
        haptics.Engine(driver="record", locality=b"all")  # type: ignore[arg-type]


def test_what_is_missing_or_broken_raises_its_error(repository: Path, tmp_path: Path) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.NotFoundError, match="'haevy' is neither a preset"):
            engine.play("haevy")
        with pytest.raises(haptics.NotFoundError, match="no such file"):
            engine.play(str(tmp_path / "missing.ahap"))
        with pytest.raises(haptics.PatternFormatError, match=r"broken\.ahap: Pattern\[3\]"):
            engine.play(repository / "Tests/HapticsTests/Fixtures/broken.ahap")
        with pytest.raises(haptics.PatternFormatError):
            engine.play_ahap("{not json")
        engine.play("heavy", repeat=haptics.FOREVER)
        with pytest.raises(haptics.UnsupportedError, match="forever"):
            engine.wait()
        engine.stop()
        engine.wait()
    with pytest.raises(haptics.InvalidArgumentError, match="driver"):
        haptics.Engine(driver="gamepad")
    with pytest.raises(haptics.InvalidArgumentError, match="takes none"):
        haptics.Engine(driver="record", device="0")
    with pytest.raises(haptics.DeviceError):
        haptics.Engine(driver="evdev", device="/nonexistent/event99")


def test_a_closed_engine_refuses_every_call() -> None:
    engine = haptics.Engine(driver="record")
    with engine as entered:
        assert entered is engine and not engine.closed
    assert engine.closed
    engine.close()
    for call in (engine.selection, engine.wait, engine.stop, lambda: engine.frames, lambda: engine.impact("light")):
        with pytest.raises(haptics.EngineClosedError):
            call()
    assert "closed" in repr(engine)


def test_frames_are_frozen_values() -> None:
    frame = recorded("light")[0]
    assert frame == haptics.Frame(frame.start_ms, frame.duration_ms, frame.strong, frame.weak)
    with pytest.raises(FrozenInstanceError):
        frame.strong = 0  # type: ignore[misc]


def test_only_a_record_engine_has_frames() -> None:
    with haptics.Engine(driver="stdout") as engine:
        with pytest.raises(haptics.UnsupportedError):
            engine.frames


def test_stdout_plays_in_real_time_and_stop_ends_a_wait(capfd: pytest.CaptureFixture[str]) -> None:
    with haptics.Engine(driver="record") as recorder:
        recorder.play("heavy")
        recorder.wait()
        length_ms = max(frame.start_ms + frame.duration_ms for frame in recorder.frames)
    assert length_ms > 0
    with haptics.Engine(driver="stdout") as engine:
        started = time.monotonic()
        engine.play("heavy")
        engine.wait()
        assert time.monotonic() - started >= length_ms / 1000 * 0.9
        engine.play("light", repeat=haptics.FOREVER)
        stopper = threading.Timer(0.2, engine.stop)
        stopper.start()
        engine.wait()
        stopper.join()
    assert "strong 1.00" in capfd.readouterr().out


def test_threads_share_an_engine() -> None:
    with haptics.Engine(driver="record") as engine:
        errors: List[BaseException] = []

        def fire() -> None:
            try:
                for _ in range(100):
                    engine.impact("light", intensity=0.5)
                    with pytest.raises(haptics.NotFoundError):
                        engine.play("no-such-preset")
            except BaseException as error:  # noqa: BLE001  (reported below)
                errors.append(error)

        threads = [threading.Thread(target=fire) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        engine.wait()
        assert errors == [] and engine.frames


def test_versions_agree() -> None:
    assert haptics.library_version() == haptics.__version__
    assert cli_frames("play", "light")


def test_a_missing_library_says_how_to_get_one(tmp_path: Path) -> None:
    script = "import haptics\ntry:\n    haptics.Engine(driver='record')\nexcept haptics.LibraryNotFoundError as e:\n    print(e)\n"
    environment = dict(os.environ, HAPTICS_LIBRARY=str(tmp_path / "libhaptics.so.0"))
    output = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True).stdout
    assert "HAPTICS_LIBRARY" in output and "cannot load" in output
