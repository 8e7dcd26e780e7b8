"""This turn's redeployments and construction tallies (projections/redeployment.py): SRs per objective (28.62C),
segments and NR/SR units of the player turn (28.13, 28.315), railheads per faction (28.654D), naval air built
(27.61) and naval-air research (42.23D); forgotten at the next game turn."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AnyEvent,
    GameCreated,
    RailheadBuilt,
    RpSpent,
    UnitBuilt,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.gametime import turn_index
from projections import redeployment
from projections.core import clone
from projections.game import decode_state, encode_state, fold, replay
from projections.rules.redeployment import SrTally

FALL = {"year": 1939, "season": "fall"}
WINTER = {"year": 1939, "season": "winter"}
F39 = turn_index(1939, "fall")
W39 = turn_index(1939, "winter")


def placed(unit: str, unit_type: str, factors: int, owner: str = "germany") -> AnyEvent:
    return UnitPlaced(
        **FALL,  # type: ignore[arg-type]
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=factors,
        location="EUR:K30",
    )


def sr(unit: str, origin: str, destination: str, *, when: dict[str, Any] = FALL, **extra: Any) -> AnyEvent:
    fields = {"kind": "SR", "segment": "SR", "side": "axis", **extra}
    return UnitRedeployed(**when, phase="redeployment", unit=unit, origin=origin, destination=destination, **fields)


def nas(unit: str, factors: int, owner: str = "germany", nationality: str | None = None, **when: Any) -> AnyEvent:
    return UnitBuilt(
        **(when or FALL),
        side="axis",
        phase="unit_construction",
        unit=unit,
        owner=owner,
        nationality=nationality or owner,
        unit_type="nas",
        factors=factors,
        location="EUR:K30",
        cost=factors,
    )


def railhead(power: str, hex_: str, **when: Any) -> AnyEvent:
    return RailheadBuilt(**(when or FALL), side="axis", phase="unit_construction", power=power, hex=hex_, brp_cost=5)


START = [GameCreated(year=1939, season="fall", phase="setup"), placed("g1", "infantry", 3), placed("a1", "aaf", 4)]


def test_srs_count_ground_units_and_air_factors_in_and_out_per_objective() -> None:
    state = replay([*START, sr("g1", "EUR:K30", "EUR:L32"), sr("a1", "EUR:K30", "box:urals")]).redeployment
    key = redeployment.sr_key
    assert state.srs == {
        key("european_axis", SrTally("ground", "in", "EUR:L32", 1)): 1,
        key("european_axis", SrTally("ground", "out", "EUR:K30", 1)): 1,
        key("european_axis", SrTally("air", "out", "EUR:K30", 4)): 4,
    }
    assert redeployment.srs_counted(state, F39, "european_axis", SrTally("air", "out", "EUR:K30", 0)) == 4
    assert redeployment.srs_counted(state, W39, "european_axis", SrTally("air", "out", "EUR:K30", 0)) == 0


def test_an_sr_of_an_unknown_unit_or_to_the_same_place_counts_nothing() -> None:
    state = replay([*START, sr("ghost", "EUR:K30", "EUR:L32"), sr("g1", "EUR:K30", "EUR:K30")]).redeployment
    assert state.srs == {}


def test_segments_and_units_redeployed_belong_to_the_player_turn() -> None:
    events = [
        *START,
        sr("g1", "EUR:K30", "EUR:L33", kind="NR", segment="NR"),
        sr("g2", "EUR:K30", "EUR:L33", kind="TR", segment="TR1"),
    ]
    state = replay(events).redeployment
    assert redeployment.segment_reached(state, F39, "axis") == "NR"
    assert redeployment.redeployed_this_phase(state, F39, "axis", "g1")
    assert not redeployment.redeployed_this_phase(state, F39, "axis", "g2")
    assert redeployment.segment_reached(state, F39, "allied") is None
    allied = replay([*events, sr("g1", "EUR:L33", "EUR:L34", kind="TR", segment="TR2", side="allied")]).redeployment
    assert redeployment.segment_reached(allied, F39, "allied") == "TR2"
    assert not redeployment.redeployed_this_phase(allied, F39, "allied", "g1")


def test_railheads_per_faction_and_naval_air_per_power_this_turn() -> None:
    events = [
        *START,
        railhead("germany", "EUR:L40"),
        railhead("italy", "EUR:L41"),
        nas("ger-nas-1", 1),
        nas("ger-nas-2", 2),
        nas("aus-nas-1", 1, owner="britain", nationality="australia"),
    ]
    state = replay(events).redeployment
    assert state.railheads == {"european_axis": 2}
    assert state.naval_air == {"germany": 3}
    assert redeployment.naval_air_built(state, F39, "germany") == 3
    assert redeployment.railheads_built(state, F39, "european_axis") == 2


def test_the_next_game_turn_forgets_the_tallies_but_not_naval_air_research() -> None:
    research = RpSpent(**FALL, side="axis", phase="research", power="japan", amount=2, purpose="naval_air_training")  # type: ignore[arg-type]
    events = [*START, railhead("germany", "EUR:L40"), nas("ger-nas-1", 1), research, sr("g1", "EUR:K30", "EUR:L32")]
    fall = replay(events)
    winter = fold(fall, [nas("ger-nas-2", 1, **WINTER)]).redeployment
    assert winter.turn == W39
    assert (winter.srs, winter.railheads, winter.naval_air) == ({}, {}, {"germany": 1})
    assert winter.naval_air_research == {"japan"}
    assert redeployment.naval_air_built(fall.redeployment, W39, "germany") == 0  # asked about the next turn


def test_fold_law_snapshot_and_clone() -> None:
    events = [*START, sr("g1", "EUR:K30", "EUR:L32"), railhead("germany", "EUR:L40"), nas("ger-nas-1", 1)]
    whole = replay(events)
    for cut in range(len(events) + 1):
        assert fold(replay(events[:cut]), events[cut:]).redeployment == whole.redeployment
    assert decode_state(encode_state(whole)).redeployment == whole.redeployment
    copy = clone(whole.redeployment)
    copy.srs.clear()
    copy.naval_air_research.add("usa")
    assert whole.redeployment.srs and "usa" not in whole.redeployment.naval_air_research
