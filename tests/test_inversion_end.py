"""What turns face up at the end of a player turn (27-30 extract 1.20: 27.81, 27.82, 28.36D, 28.46, 28.77,
28.81-28.83): one row of the inversion table per test, asked of the position's one judge
(:func:`projections.position.redeployment.inversion.end_of_player_turn`), of ``awaw end-phase`` that records its
answer, and of the audit that compares a recorded uninversion with it (a planted fault per clause; the command's
own events audit clean)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from awaw_events.codec import encode
from awaw_events.events import (
    AnyEvent,
    Event,
    PhaseStarted,
    PlayerTurnStarted,
    ShipLaunched,
    UnitInversionChanged,
)
from awaw_events.gametime import turn_index
from awaw_events.store import GameStore
from projections import game
from projections.position import Position
from projections.position.redeployment import inversion
from replays.commands.base import Refusal
from replays.commands.phase import decide_end_phase
from tests.build import FALL, WINTER, awaw, built, ended, make, mission, moved, placed, seqs, supplied, uninverted
from tests.conftest import created

EOP = {"phase": "end_of_player_turn"}
FALL_TURN = turn_index(1939, "fall")


def faces(events: list[Any], side: str = "axis", when: dict[str, Any] = FALL) -> dict[str, tuple[bool, str]]:
    """Each unit the end of the player turn decides: (turns face up, the rule)."""
    pos = Position(game.replay(events))
    judged = inversion.end_of_player_turn(pos, turn_index(when["year"], when["season"]), side)
    return {face.unit: (face.face_up, face.rule) for face in judged.answer}


def at_end(side: str = "axis", when: dict[str, Any] = FALL) -> Event:
    """The end-of-player-turn phase begins (the state the end-phase command decides on)."""
    return make(PhaseStarted, when, side=side, **EOP)


def opposing(when: dict[str, Any] = FALL) -> PlayerTurnStarted:
    return make(PlayerTurnStarted, when, side="allied")


def inverted(unit: str, side: str = "axis", phase: str = "combat") -> UnitInversionChanged:
    return uninverted(unit, side=side, phase=phase, inverted=True)


BUILT_AIR = built("g-aaf", "aaf", 3, "EUR:L32")
SUB = built("g-sub", "submarine", 1, "EUR:K30")


@pytest.mark.parametrize(
    ("case", "events", "expected"),
    [
        pytest.param("27.81, 27.82A", [BUILT_AIR], (True, "27.81, 27.82"), id="new-air-not-redeployed"),
        pytest.param(
            "27.82A",
            [BUILT_AIR, moved("g-aaf", "TR", "EUR:L32", "EUR:L35", segment="TR1")],
            (False, "27.82A"),
            id="new-air-redeployed",
        ),
        pytest.param("27.82B", [SUB], (True, "27.81, 27.82"), id="new-naval-not-nred"),
        pytest.param(
            "27.82B",
            [SUB, moved("g-sub", "NR", "EUR:K30", "EUR:K20", segment="NR")],
            (False, "27.82B"),
            id="new-naval-nred",
        ),
        pytest.param(
            "28.83",
            [SUB, moved("g-sub", "NR", "EUR:K30", "sw:atlantic", segment="NR")],
            (True, "28.83"),
            id="new-sw-unit-in-sw-box",
        ),
        pytest.param(
            "28.83",
            [built("g-int", "interceptor", 1, "EUR:L32"), moved("g-int", "SR", "EUR:L32", "sw:atlantic")],
            (True, "28.83"),
            id="new-interceptor-in-sw-box",
        ),
        pytest.param(
            "28.83, 25.362",
            [
                built("g-cve", "cve", 1, "EUR:K30"),
                moved("g-cve", "NR", "EUR:K30", "sw:atlantic", segment="NR"),
            ],
            (False, "28.83, 27.82B"),
            id="new-cve-to-sw-box",
        ),
        pytest.param(
            "28.46",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32"),
                mission(["g-aaf"], "ground_support"),
                inverted("g-aaf"),
                moved("g-aaf", "TR", "EUR:L32", "EUR:L35", segment="TR1"),
            ],
            (False, "28.46"),
            id="air-used-then-tr",
        ),
        pytest.param(
            "28.81A",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32"),
                moved("g-aaf", "SR", "EUR:L32", "EUR:L40", origin_front="western", destination_front="eastern"),
                inverted("g-aaf", phase="redeployment"),
            ],
            (False, "28.81A"),
            id="air-sr-to-another-front",
        ),
        pytest.param(
            "28.81B",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32"),
                moved("g-aaf", "SR", "EUR:L32", "EUR:L35", origin_front="western", destination_front="western"),
                inverted("g-aaf", phase="redeployment"),
            ],
            (True, "27.82"),
            id="air-stays-on-its-front",
        ),
        pytest.param(
            "28.81C",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32"),
                moved("g-aaf", "SR", "EUR:L32", "box:urals"),
                inverted("g-aaf", phase="redeployment"),
            ],
            (True, "27.82"),
            id="air-sr-to-a-box",
        ),
        pytest.param(
            "28.81D",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32", inverted=True),
                moved("g-aaf", "SR", "EUR:L32", "EUR:L35"),
            ],
            (False, "28.81D"),
            id="inverted-air-redeployed",
        ),
        pytest.param(
            "28.82B",
            [
                placed("g-ca", "ca", 2, "EUR:K30", inverted=True),
                moved("g-ca", "NR", "EUR:K30", "EUR:K20", segment="NR"),
            ],
            (False, "28.82B"),
            id="inverted-naval-redeployed",
        ),
        pytest.param(
            "28.77, 25.372B",
            [
                placed("g-ca", "ca", 2, "sw:atlantic"),
                moved("g-ca", "NR", "sw:atlantic", "EUR:K30", segment="NR"),
                inverted("g-ca", phase="redeployment"),
            ],
            (False, "28.77, 25.372B"),
            id="naval-nr-out-of-sw-box",
        ),
        pytest.param(
            "28.36D",
            [
                placed("g-tr", "air_transport", 1, "EUR:L32"),
                placed("g-ab", "airborne", 1, "EUR:L32"),
                moved("g-ab", "air_transport", "EUR:L32", "EUR:L35", air_transport="g-tr", segment="TR1"),
                inverted("g-tr", phase="redeployment"),
            ],
            (True, "27.82"),
            id="air-transport-used",
        ),
    ],
)
def test_each_row_of_the_inversion_table(case: str, events: list[Event], expected: tuple[bool, str]) -> None:
    found = faces([created(), *events, at_end()])
    assert list(found.values()) == [expected], case


def test_an_uninverted_naval_unit_redeployed_is_not_inverted() -> None:
    """28.82A: nothing to turn face up, and no hold on its missions in the next opposing player turn."""
    events: list[Event] = [
        created(),
        placed("g-ca", "ca", 2, "EUR:K30"),
        moved("g-ca", "NR", "EUR:K30", "EUR:K20", segment="NR"),
        at_end(),
    ]
    assert faces(events) == {}
    assert (
        seqs([*events, ended(), opposing(), mission(["g-ca"], "interception", side="allied")], "inversion_holds") == []
    )


def test_a_unit_held_through_the_opposing_turn_turns_face_up_at_its_end() -> None:
    """27.82A: "remain inverted through the following opposing player turn": face up when it ends (AWAW); under A3R
    option 13 only in its owner's player turn."""
    turn = [created(), BUILT_AIR, moved("g-aaf", "TR", "EUR:L32", "EUR:L35", segment="TR1"), ended(), opposing()]
    allied_end = at_end("allied")
    assert faces([*turn, allied_end], side="allied") == {"g-aaf": (True, "27.82A")}
    house = [created(rules="a3r"), *turn[1:], allied_end]
    assert faces(house, side="allied") == {"g-aaf": (False, "27.82A")}
    axis_next = make(PlayerTurnStarted, WINTER, side="axis")
    assert faces([*house, axis_next, at_end(when=WINTER)], when=WINTER) == {"g-aaf": (True, "27.82")}


def test_the_other_sides_inverted_units_wait_for_their_own_player_turn() -> None:
    events: list[Event] = [created(), placed("b-aaf", "aaf", 3, "EUR:M20", owner="britain", inverted=True), at_end()]
    assert faces(events) == {}
    assert faces([*events[:2], opposing(), at_end("allied")], side="allied") == {"b-aaf": (True, "27.82")}


def test_a3r_option_13_keeps_units_out_of_full_supply_inverted() -> None:
    events: list[Event] = [
        created(rules="a3r"),
        placed("g-aaf", "aaf", 3, "EUR:L32", inverted=True),
        placed("g-aaf2", "aaf", 3, "EUR:L33", inverted=True),
        supplied("european_axis", {"g-aaf": "partial", "g-aaf2": "full"}),
        at_end(),
    ]
    assert faces(events) == {"g-aaf": (False, "A3R 33.7"), "g-aaf2": (True, "27.82")}


def test_fronts_the_map_data_does_not_give_leave_the_unit_inverted_and_say_so() -> None:
    events: list[Event] = [
        created(),
        placed("g-aaf", "aaf", 3, "EUR:A1"),
        moved("g-aaf", "SR", "EUR:A1", "EUR:A9"),
        inverted("g-aaf", phase="redeployment"),
        at_end(),
    ]
    judged = inversion.end_of_player_turn(Position(game.replay(events)), FALL_TURN, "axis")
    assert [(f.unit, f.face_up) for f in judged.answer] == [("g-aaf", False)]
    assert [u.reason.split(":")[0] for u in judged.unknown] == ["not checked"]


# ---------------------------------------------------------------------------------------------------------------------
# awaw end-phase records the answer


def _decided(events: list[Any]) -> list[AnyEvent] | Refusal:
    return decide_end_phase(Position(game.replay(events)))


def _launched() -> list[Event]:
    return [
        placed("g-dd", "dd", 1, "chart:kiel"),
        make(ShipLaunched, FALL, side="axis", phase="unit_construction", yard="kiel", ship="g-dd", location="EUR:K30"),
    ]


def test_end_phase_turns_up_only_what_may_turn_up() -> None:
    events: list[Any] = [
        created(),
        BUILT_AIR,
        built("g-aaf2", "aaf", 3, "EUR:L33"),
        *_launched(),
        SUB,
        moved("g-aaf2", "TR", "EUR:L33", "EUR:L35", segment="TR1"),
        moved("g-sub", "NR", "EUR:K30", "sw:atlantic", segment="NR"),
        at_end(),
    ]
    decided = _decided(events)
    assert not isinstance(decided, Refusal), decided
    ups = [e.unit for e in decided if isinstance(e, UnitInversionChanged)]
    assert ups == ["g-aaf", "g-dd", "g-sub"]  # g-aaf2 redeployed to a new base in its construction turn (27.82A)
    assert seqs([*events, *decided], "inversion_holds") == []  # a legal play audits clean
    again = [*events, *decided[: len(ups)], uninverted("g-aaf2")]
    assert seqs(again, "inversion_holds") == [len(again)]


def test_end_phase_after_a_recorded_end_of_the_player_turn_refuses() -> None:
    events: list[Any] = [created(), BUILT_AIR, at_end(), uninverted("g-aaf"), ended()]
    refused = _decided(events)
    assert isinstance(refused, Refusal)
    assert "player_turn_ended, event 5" in refused.message


# ---------------------------------------------------------------------------------------------------------------------
# The audit asks the same judge: a planted uninversion per clause


@pytest.mark.plants("I-02", "R-27")
@pytest.mark.parametrize(
    ("unit", "turn"),
    [
        pytest.param("g-aaf", [BUILT_AIR, moved("g-aaf", "TR", "EUR:L32", "EUR:L35", segment="TR1")], id="27.82A"),
        pytest.param("g-sub", [SUB, moved("g-sub", "NR", "EUR:K30", "EUR:K20", segment="NR")], id="27.82B"),
        pytest.param(
            "g-aaf",
            [
                placed("g-aaf", "aaf", 3, "EUR:L32"),
                mission(["g-aaf"], "ground_support"),
                inverted("g-aaf"),
                moved("g-aaf", "TR", "EUR:L32", "EUR:L35", segment="TR1"),
            ],
            id="28.46",
        ),
        pytest.param(
            "g-aaf",
            [placed("g-aaf", "aaf", 3, "EUR:L32", inverted=True), moved("g-aaf", "SR", "EUR:L32", "EUR:L35")],
            id="28.81D",
        ),
        pytest.param(
            "g-ca",
            [
                placed("g-ca", "ca", 2, "EUR:K30", inverted=True),
                moved("g-ca", "NR", "EUR:K30", "EUR:K20", segment="NR"),
            ],
            id="28.82B",
        ),
        pytest.param(
            "g-ca",
            [
                placed("g-ca", "ca", 2, "sw:atlantic"),
                moved("g-ca", "NR", "sw:atlantic", "EUR:K30", segment="NR"),
                inverted("g-ca", phase="redeployment"),
            ],
            id="28.77",
        ),
    ],
)
def test_a_unit_held_inverted_and_turned_up_at_the_end_of_its_turn_is_found(unit: str, turn: list[Event]) -> None:
    events: list[Any] = [created(), *turn, at_end()]
    decided = _decided(events)
    assert not isinstance(decided, Refusal), decided
    assert unit not in [e.unit for e in decided if isinstance(e, UnitInversionChanged)]
    assert seqs([*events, *decided], "inversion_holds") == []
    planted = [*events, uninverted(unit)]
    assert seqs(planted, "inversion_holds") == [len(planted)]


def test_the_end_phase_command_refuses_a_second_end_and_writes_nothing(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    log.write_bytes(b"".join(encode(e) + b"\n" for e in [created(), BUILT_AIR, at_end(), uninverted("g-aaf"), ended()]))
    db = tmp_path / "g.db"
    assert awaw(db, "import", "g", str(log))[0] == 0
    code, out = awaw(db, "end-phase", "g", "--yes")
    assert code == 1
    assert "player_turn_ended, event 5" in " ".join(out.split())
    with GameStore(str(db)) as store:
        assert store.count("g") == 5
