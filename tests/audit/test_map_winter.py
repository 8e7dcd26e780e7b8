"""Frozen lakes and swamps (34.23C; W-10) and stacks at the end of redeployment (28.29, 28.523; R-08), clause by clause:
each test plants the fault of one clause on a few hexes of FICTIONAL map data (made up for the test: never the
printed map of *A World at War*), and the legal play beside it audits clean."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import AttackDeclared, Event, UnitEliminated, UnitRedeployed
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker, Defender
from tests.build import created, map_data, messages, move, moved, phase, place, run_created, turn, war

SWAMPS = {
    "EUR:K37": {"terrain": "clear", "front": "eastern"},
    "EUR:K38": {"terrain": "swamp", "front": "eastern"},
    "EUR:N22": {"terrain": "clear", "front": "western"},
    "EUR:N23": {"terrain": "swamp", "front": "western"},
    "EUR:L37": {"terrain": "swamp"},
}
"""FICTIONAL: an eastern-front swamp (K38), a western-front one (N23) and one whose front is not given (L37)."""


def winter_move(origin: str, target: str, mf: int, season: str = "winter", rules: str = "awaw") -> list[str]:
    year = 1941
    events = [
        created(rules),
        place("g1", "germany", origin),
        turn(season=season, year=year),
        phase("movement", season=season, year=year),
        move("g1", target, mf=mf, season=season, year=year),
    ]
    return messages(run_created(events, map_data(SWAMPS)), "movement_cost")


@pytest.mark.plants("31-34/W-10")
def test_an_eastern_front_swamp_is_clear_ground_in_winter() -> None:
    """34.23C: 'all eastern front swamp hexes are frozen in winter turns. Frozen swamp hexes are treated as clear hexes
    for all purposes'."""
    assert winter_move("EUR:K37", "EUR:K38", 1) == []
    assert winter_move("EUR:K37", "EUR:K38", 1, "summer")[0].startswith("g1's move into EUR:K38 costs 2 MF")
    assert winter_move("EUR:N22", "EUR:N23", 1)[0].startswith("g1's move into EUR:N23 costs 2 MF")  # western front
    assert winter_move("EUR:K37", "EUR:L37", 1) == []  # its front unknown: not checked
    assert winter_move("EUR:K37", "EUR:K38", 1, rules="a3r") == []  # the house table: not decided, never accused


@pytest.mark.plants("31-34/W-10")
def test_no_rough_terrain_dm_in_a_frozen_swamp() -> None:
    def rough(hex_: str, season: str) -> list[str]:
        when: dict[str, Any] = {"year": 1941, "season": season, "side": "axis", "phase": "combat"}
        defender = Defender(
            unit="r1", factors=3, hex=hex_, dms=[Modifier(code="basic", value=2), Modifier(code="rough", value=1)]
        )
        declared = AttackDeclared(
            **when, attack="a1", defender_hexes=[hex_], defenders=[defender],
            attackers=[Attacker(unit="g1", factors=3, origin="EUR:K37")],
        )  # fmt: skip
        events: list[Event] = [
            created(),
            place("g1", "germany", "EUR:K37"),
            place("r1", "russia", hex_),
            war("germany", "russia"),
            turn(season=season),
            phase("combat", season=season),
            declared,
        ]
        return messages(run_created(events, map_data(SWAMPS)), "dm_applies")

    assert rough("EUR:K38", "summer") == []
    [frozen] = rough("EUR:K38", "winter")
    assert "EUR:K38 is swamp (frozen swamp, treated as clear: 34.23C) (15.32D)" in frozen


@pytest.mark.plants("31-34/W-10")
def test_no_ground_unit_moves_or_redeploys_across_a_frozen_lake_and_no_air_base_on_lake_ladoga() -> None:
    lake = map_data(SWAMPS, [{"between": ("EUR:K37", "EUR:J38"), "all_water": "lake"}])
    when: dict[str, Any] = {"year": 1941, "season": "winter"}
    base = [created(), place("g1", "germany", "EUR:K37"), place("a1", "germany", "EUR:K37", "aaf", 2)]
    across = moved("g1", "TR", "EUR:K37", "EUR:J38", when=when)
    [found] = messages(run_created([*base, across], lake), "frozen_lakes")
    assert found.startswith("g1 crosses the lake hexside EUR:K37-EUR:J38: frozen lakes are clear only for tracing")
    around = moved("g1", "TR", "EUR:K37", "EUR:J38", when=when, path=["EUR:K38"])
    assert messages(run_created([*base, around], lake), "frozen_lakes") == []
    ladoga = UnitRedeployed(**when, side="axis", phase="redeployment", unit="a1", kind="TR", origin="EUR:K37",
                            destination="EUR:C45")  # fmt: skip
    assert messages(run_created([*base, ladoga], lake), "frozen_lakes") == [
        "a1 bases at EUR:C45 (Lake Ladoga) in a winter turn: air units may not (34.23C)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Stacks at the end of the redeployment phase


def redeployment(*moves: Event) -> list[str]:
    """Two German units in EUR:K37, a third in EUR:K30, a fourth in the port EUR:J30; the redeployment phase, then
    the end of the player turn: the stacks findings (12.11: two ground units a hex)."""
    when: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis"}
    events = [
        created(),
        place("i1", "germany", "EUR:K37"),
        place("i2", "germany", "EUR:K37"),
        place("i3", "germany", "EUR:K30"),
        place("i4", "germany", "EUR:J30"),
        turn(),
        phase("redeployment"),
        *moves,
        phase("end_of_player_turn", **{k: v for k, v in when.items() if k != "side"}),
    ]
    return messages(run_created(events), "stacks")


def sr(unit: str, origin: str, destination: str, segment: str = "SR") -> UnitRedeployed:
    return UnitRedeployed(
        year=1941, season="summer", side="axis", phase="redeployment", unit=unit, kind="SR", origin=origin,
        destination=destination, segment=segment,
    )  # fmt: skip


@pytest.mark.plants("R-08.A")
def test_stacking_limits_hold_at_the_end_of_the_redeployment_phase_not_of_its_segments() -> None:
    """28.29: i3 SRs into K37 (three units) in one segment and i1 leaves in a later one: within the limit at the end."""
    assert redeployment(sr("i3", "EUR:K30", "EUR:K37"), sr("i1", "EUR:K37", "EUR:K36", "SR2")) == []
    [over] = redeployment(sr("i3", "EUR:K30", "EUR:K37"))
    assert "at the end of the redeployment phase" in over and "EUR:K37 holds 3 ground units" in over


@pytest.mark.plants("R-08.B")
def test_overstacking_a_failed_nr_leaves_is_remedied_or_its_excess_eliminated() -> None:
    """28.523: i4's NR from the port J30 fails: it ends the phase in J30, where i1 and i2 have since been SRed. Unless
    the overstack is remedied by the end of the phase, the excess units are eliminated."""
    into_port = [sr("i1", "EUR:K37", "EUR:J30"), sr("i2", "EUR:K37", "EUR:J30")]
    [over] = redeployment(*into_port)  # the NR failed: i4 is still in J30
    assert "EUR:J30 holds 3 ground units" in over
    excess = UnitEliminated(year=1941, season="summer", side="axis", phase="redeployment", unit="i4", cause="overstack")
    assert redeployment(*into_port, excess) == []
    away = sr("i4", "EUR:J30", "EUR:K30", "SR2")  # SRed elsewhere after the failed NR (28.523)
    assert redeployment(*into_port, away) == []
