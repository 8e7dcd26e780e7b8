"""Issue 16, the audit: every check either checks or says "not checked: unknown X"; inferred and invented values are
shown, not graded; history from before the game is not charged; the audit says how much it could check."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, HexControlChanged, UnitPlaced
from projections.game import initial
from replays.audit.engine import doubts
from tests.audit.test_combat import atk, declare, dfn, resolve, setup
from tests.build import run
from tests.conftest import created

AXIS_COMBAT: dict[str, Any] = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}


def ev(tag: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, **AXIS_COMBAT, **fields})


def wrong_crt(roll_fields: dict[str, Any], **resolve_fields: Any) -> list[Any]:
    """Lodz as disputed: a die of 6 at 1:1 recorded as D (the CRT gives d)."""
    return [
        *setup(),
        declare([atk("inf1", 3)], [dfn("pol3", 3)]),
        ev("dice_rolled", roll=1, purpose="crt", **roll_fields),
        resolve(None, None, "1:1", 1, "D", **resolve_fields),
    ]


def test_a_wrong_result_from_a_known_die_is_a_finding() -> None:
    report = run(wrong_crt({"dice": [6]}), "15.6")
    assert [f.check for f in report.findings] == ["crt_result"]


def test_an_unknown_die_is_never_graded_and_is_reported_not_checked() -> None:
    report = run(wrong_crt({"unknown": ["dice"], "provenance": "reported", "citation": "a report"}), "15.6")
    assert report.findings == ()
    assert "crt_result" in {s.check for s in report.skipped}
    assert {s.reason for s in report.skipped} == {"not checked: unknown dice of roll #1"}
    assert report.unchecked == 2 and report.checked_share < 1  # the two checks of the round; the roll itself is known


def test_the_dice_record_is_still_checked_for_an_unknown_die() -> None:
    events = [created(), ev("dice_rolled", roll=2, purpose="crt", unknown=["dice"])]
    report = run(events, "dice")
    assert [f.message for f in report.findings] == ["rolls #1 to #1 are missing: a log restarted to re-roll?"]


def test_inferred_values_are_shown_not_graded() -> None:
    report = run(wrong_crt({"dice": [6]}, provenance="inferred", citation="the report gives no result"), "15.6")
    assert report.findings == ()
    assert [f.check for f in report.ungraded] == ["crt_result"]
    assert "crt_result" in {s.check for s in report.skipped}
    assert {s.reason for s in report.skipped} == {"not graded: inferred values (combat_round_resolved)"}


def test_unknown_fields_of_an_event_are_reported_not_checked() -> None:
    war = ev("war_declared", aggressor="germany", target="poland", brp_cost=0, unknown=["brp_cost"])
    report = run([created(), war], "27.12")
    assert report.findings == ()
    assert [s.reason for s in report.skipped] == ["not checked: unknown brp_cost (war_declared)"]


def test_doubts_say_why() -> None:
    state = initial()
    assert doubts(ev("war_declared", aggressor="germany", target="poland", brp_cost=10), state) is None
    assert (
        doubts(
            ev("war_declared", aggressor="germany", target="poland", brp_cost=10, provenance="reported", citation="x"),
            state,
        )
        is None
    )
    invented = doubts(
        ev("war_declared", aggressor="germany", target="poland", brp_cost=10, provenance="invented"), state
    )
    assert invented is not None and invented.kind == "invented"


# ---------------------------------------------------------------------------------------------------------------------
# History from before the game (27.12)


def war(**fields: Any) -> AnyEvent:
    return parse_event({"type": "war_declared", "aggressor": "japan", "target": "china", **fields})


@pytest.mark.parametrize(
    ("when", "cost", "found"),
    [
        ({"year": 1939, "season": "fall", "phase": "setup"}, 0, []),
        ({"year": 1937, "season": "summer"}, 0, []),
        ({"year": 1939, "season": "fall", "phase": "setup"}, 35, ["declaration_cost"]),
        ({"year": 1939, "season": "fall", "side": "axis", "phase": "diplomacy"}, 0, ["declaration_cost"]),
        ({"year": 1939, "season": "fall", "side": "axis", "phase": "diplomacy"}, 35, []),
    ],
)
def test_a_war_begun_before_the_game_costs_nothing_in_it(when: dict[str, Any], cost: int, found: list[str]) -> None:
    event = war(**when, brp_cost=cost, provenance="reported", citation="a report")
    report = run([created(), event], "27.12")
    assert [f.check for f in report.findings] == found


# ---------------------------------------------------------------------------------------------------------------------
# 29.21 with no units known; 27.1 with no BRP total known


def held(hex_: str) -> HexControlChanged:
    return HexControlChanged(**AXIS_COMBAT, hex=hex_, controller="germany", cause="advance_after_combat")  # type: ignore[arg-type]


def german(location: str) -> UnitPlaced:
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit="ger-1",
        owner="germany",
        nationality="germany",
        unit_type="infantry",
        factors=3,
        location=location,
    )


def test_no_ground_unit_there_is_a_finding_only_when_units_are_known() -> None:
    unknown = run([created(), held("EUR:K33")], "29.21")
    assert unknown.findings == ()
    assert [s.reason for s in unknown.skipped] == [
        "not checked: no unit of the European Axis is known (the log records none)"
    ]
    known = run([created(), german("EUR:K30"), held("EUR:K33")], "29.21")
    assert [f.check for f in known.findings] == ["occupation_needs_a_unit"]
    there = run([created(), german("EUR:K33"), held("EUR:K33")], "29.21")
    assert there.findings == () and there.skipped == ()


def spend(amount: int) -> AnyEvent:
    return ev("brp_spent", power="germany", amount=amount, category="other")


def test_overspending_with_an_unknown_total_is_not_checked_and_says_so() -> None:
    unknown = run([created(), spend(500)], "27.1")
    assert unknown.findings == ()
    assert [s.reason for s in unknown.skipped] == [
        "not checked: unknown BRPs available to Germany (no brps_set before this)"
    ]
    known = parse_event(
        {
            "type": "brps_set",
            "year": 1939,
            "season": "fall",
            "phase": "setup",
            "power": "germany",
            "base": 150,
            "available": 100,
        }
    )
    assert [f.check for f in run([created(), known, spend(500)], "27.1").findings] == ["brp_available"]
    recorded_unknown = parse_event(
        {
            "type": "brps_set",
            "year": 1939,
            "season": "fall",
            "phase": "setup",
            "power": "germany",
            "base": 150,
            "available": 0,
            "unknown": ["available"],
        }
    )
    report = run([created(), recorded_unknown, spend(500)], "27.1")
    assert report.findings == () and [s.check for s in report.skipped] == ["brp_available"]
