"""The trigger effects: their values in the C library's order, the types they take, and
``Engine.set_trigger_effect``'s errors on engines that reach no adaptive trigger."""

from __future__ import annotations

import math
from dataclasses import FrozenInstanceError
from typing import Any, List

import pytest

import haptics

EFFECTS: List[haptics.TriggerEffect] = [
    haptics.TriggerOff(),
    haptics.TriggerFeedback(start=0.2, strength=0.8),
    haptics.TriggerWeapon(start=0.2, end=0.6, strength=1),
    haptics.TriggerVibration(start=0, amplitude=0.5, frequency=1),
    haptics.TriggerSlopeFeedback(start=0.1, end=0.9, strength=0, end_strength=1),
    haptics.TriggerPositionalFeedback(strengths=[i / 9 for i in range(10)]),
    haptics.TriggerPositionalVibration(amplitudes=[1] * 10, frequency=0.25),
]


def test_the_values_follow_the_fields_in_order() -> None:
    assert [effect.mode for effect in EFFECTS] == [
        "off",
        "feedback",
        "weapon",
        "vibration",
        "slope",
        "positional-feedback",
        "positional-vibration",
    ]
    assert EFFECTS[0].values() == []
    assert EFFECTS[2].values() == [0.2, 0.6, 1.0]
    assert EFFECTS[4].values() == [0.1, 0.9, 0.0, 1.0]
    assert EFFECTS[5].values() == [i / 9 for i in range(10)]
    assert EFFECTS[6].values() == [1.0] * 10 + [0.25]
    assert haptics.POSITION_COUNT == 10


def test_effects_are_values() -> None:
    assert haptics.TriggerFeedback(0.2, 0.8) == EFFECTS[1]
    assert hash(haptics.TriggerPositionalFeedback(tuple(i / 9 for i in range(10)))) == hash(EFFECTS[5])
    feedback = haptics.TriggerFeedback(0.2, 0.8)
    with pytest.raises(FrozenInstanceError):
        feedback.start = 0.5  # type: ignore[misc]


@pytest.mark.parametrize(
    "make",
    [
        lambda: haptics.TriggerFeedback(start="0.2", strength=0.8),  # type: ignore[arg-type]
        lambda: haptics.TriggerWeapon(start=0.2, end=None, strength=1),  # type: ignore[arg-type]
        lambda: haptics.TriggerVibration(start=True, amplitude=0.5, frequency=1),
        lambda: haptics.TriggerPositionalFeedback(strengths="0123456789"),  # type: ignore[arg-type]
        lambda: haptics.TriggerPositionalFeedback(strengths=5),  # type: ignore[arg-type]
        lambda: haptics.TriggerPositionalVibration(amplitudes=[0.5] * 9 + ["1"], frequency=0.5),  # type: ignore[list-item]
        lambda: haptics.TriggerEffect(),
    ],
)
def test_a_value_that_is_not_a_number_is_a_type_error(make: Any) -> None:
    with pytest.raises(TypeError):
        make()


@pytest.mark.parametrize("effect", EFFECTS, ids=[effect.mode for effect in EFFECTS])
def test_a_record_engine_reaches_no_trigger(effect: haptics.TriggerEffect) -> None:
    with haptics.Engine(driver="record") as engine:
        for side in ("left", haptics.TriggerSide.RIGHT, "both"):
            with pytest.raises(haptics.UnsupportedError, match="reaches no adaptive trigger") as raised:
                engine.set_trigger_effect(side, effect)
            assert raised.value.status == -5
        engine.wait()
        assert engine.frames == []


def test_the_terminal_reaches_no_trigger() -> None:
    with haptics.Engine(driver="stdout") as engine:
        with pytest.raises(haptics.UnsupportedError):
            engine.set_trigger_effect("both", haptics.TriggerOff())


@pytest.mark.parametrize(
    "effect, index",
    [
        (haptics.TriggerFeedback(start=-0.1, strength=0.8), 0),
        (haptics.TriggerWeapon(start=0.2, end=0.6, strength=math.nan), 2),
        (haptics.TriggerVibration(start=0, amplitude=0.5, frequency=math.inf), 2),
        (haptics.TriggerSlopeFeedback(start=0.1, end=0.9, strength=0, end_strength=1.5), 3),
        (haptics.TriggerPositionalFeedback(strengths=[0.5] * 4 + [2] + [0.5] * 5), 4),
        (haptics.TriggerPositionalVibration(amplitudes=[0.5] * 10, frequency=-1), 10),
    ],
)
def test_a_value_outside_0_to_1_is_named_by_its_index(effect: haptics.TriggerEffect, index: int) -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match=rf"values\[{index}\] \({effect.mode}: ") as raised:
            engine.set_trigger_effect("left", effect)
        assert isinstance(raised.value, ValueError)


def test_a_positional_list_is_ten_long() -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match="'positional-feedback' takes 10 values.*; 9 given"):
            engine.set_trigger_effect("left", haptics.TriggerPositionalFeedback(strengths=[0.5] * 9))
        with pytest.raises(haptics.InvalidArgumentError, match="'positional-vibration' takes 11 values.*; 12 given"):
            engine.set_trigger_effect("left", haptics.TriggerPositionalVibration(amplitudes=[0.5] * 11, frequency=0.5))


def test_the_status_of_an_engine_that_reaches_no_trigger_is_unsupported() -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.UnsupportedError, match="reaches no adaptive trigger"):
            engine.trigger_status("right", timeout=0)
        with pytest.raises(haptics.InvalidArgumentError, match='side "both" is not one of "left", "right"'):
            engine.trigger_status("both")
        with pytest.raises(haptics.InvalidArgumentError, match="timeout_ms is -1000"):
            engine.trigger_status("left", timeout=-1)
        with pytest.raises(TypeError):
            engine.trigger_status("left", timeout="1")  # type: ignore[arg-type]
    with pytest.raises(haptics.EngineClosedError):
        engine.trigger_status("left")


def test_the_side_and_the_effect_are_checked() -> None:
    with haptics.Engine(driver="record") as engine:
        with pytest.raises(haptics.InvalidArgumentError, match='side "middle" is not one of "left", "right", "both"'):
            engine.set_trigger_effect("middle", haptics.TriggerOff())
        with pytest.raises(TypeError):
            engine.set_trigger_effect(1, haptics.TriggerOff())  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            engine.set_trigger_effect("left", "off")  # type: ignore[arg-type]
    with pytest.raises(haptics.EngineClosedError):
        engine.set_trigger_effect("left", haptics.TriggerOff())
