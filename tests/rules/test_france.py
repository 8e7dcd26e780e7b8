"""The French surrender, Vichy and the colony rolls (A3R 58); worked examples T-FR1..T-FR4 of the A3R extract. Also
hex control (29) and supply (30) helpers."""

from __future__ import annotations

import pytest

from projections.rules.control import OCCUPATION_CAUSES, controller_faction, theater_of
from projections.rules.france import (
    axis_controlled,
    clamp_fsl,
    colony_alignment,
    colony_bonus,
    may_surrender_voluntarily,
    surrender_level,
)
from projections.rules.supply import determined_by, immobile


def test_tfr1_fall_1940_with_paris_and_marseilles_gives_minus_one() -> None:
    components = {"FSL_PARIS": 2, "FSL_MARSEILLES": 1, "FSL_GROUND": -2, "FSL_TURN": -2}
    assert surrender_level(components, voluntary=False) == -1


def test_tfr2_a_voluntary_surrender_is_plus_one_and_every_colony_goes_vichy() -> None:
    assert surrender_level({"FSL_PARIS": 2, "FSL_TURN": -2}, voluntary=True) == 1
    assert may_surrender_voluntarily(1940, "fall")
    assert not may_surrender_voluntarily(1940, "summer")
    assert all(colony_alignment(die + 1 + colony_bonus(True), True) == "vichy" for die in range(1, 7))


def test_tfr3_the_level_is_clamped() -> None:
    components = {"FSL_PARIS": 2, "FSL_LYON": 1, "FSL_MARSEILLES": 1, "FSL_GROUND": -1, "FSL_TURN": 2}
    assert surrender_level(components, voluntary=False) == 3
    assert clamp_fsl(-7) == -3
    assert surrender_level({}, voluntary=False) is None


def test_tfr4_without_vichy_at_minus_three_every_colony_is_free_french() -> None:
    assert colony_bonus(False) == 0
    assert all(colony_alignment(die - 3, False) == "free_french" for die in range(1, 7))
    assert colony_alignment(4, False) == "independent"
    assert colony_alignment(4, None) == "vichy"


@pytest.mark.parametrize(
    ("controller", "axis"), [("germany", True), ("italy", True), ("japan", True), ("france", False), ("vichy", False)]
)
def test_paris_axis_held(controller: str, axis: bool) -> None:
    assert axis_controlled(controller) is axis


def test_control_and_supply_helpers() -> None:
    assert controller_faction("italy") == "european_axis"
    assert controller_faction("poland") is None
    assert controller_faction(None) is None
    assert "advance_after_combat" in OCCUPATION_CAUSES and "diplomacy" not in OCCUPATION_CAUSES
    assert theater_of("PAC:DD11") == "pacific" and theater_of("EUR:K30") == "europe"
    assert determined_by("russia", "allied") and not determined_by("russia", "axis") and determined_by("japan", None)
    assert immobile("isolated") and immobile("unsupplied") and not immobile("partial")
