"""Commands that decide, then append (issue 11, item 1): the decide functions against the example game.

The example's Fall 1939 Axis player turn is recorded by hand; decided from the same position with the same dice,
the commands give its events byte for byte. Every odds column reads the CRT the rules print. Refusals name a rule.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from awaw_events.codec import decode, encode
from awaw_events.events import AnyEvent, CombatRoundResolved, DiceRolled
from awaw_events.store import Numbered as StoredEvent
from projections import game
from projections.position import Position
from projections.rules import combat as combat_rules
from replays.audit.catalogue import audit
from replays.commands.attack import (
    Advance,
    Attack,
    Losses,
    Round,
    decide_advance,
    decide_attack,
    decide_declaration,
    decide_losses,
    decide_round,
    preview_odds,
)
from replays.commands.attrition import Attrition, AttritionLosses, decide_attrition, decide_attrition_losses
from replays.commands.base import NO_DIE, Die, Refusal
from replays.commands.economy import Build, Redeploy, Spend, decide_build, decide_redeploy, decide_spend
from replays.commands.move import Move, decide_move
from replays.commands.naval import Ship, decide_ship
from replays.commands.phase import decide_end_phase
from replays.maps import shipped_map_data

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines()
EVENTS: list[AnyEvent] = [decode(line) for line in LINES]
MAP = shipped_map_data().data


def at(seq: int) -> Position:
    """The pos after event ``seq`` of the example."""
    return Position(game.replay(EVENTS[:seq]), MAP)


def seq(tag: str, **fields: object) -> int:
    """The number of the example's first event with tag ``tag`` and these field values (the example is made by its
    generator: its event numbers follow what the commands decide)."""
    return next(
        n
        for n, e in enumerate(EVENTS, 1)
        if e.__struct_config__.tag == tag and all(getattr(e, k, None) == v for k, v in fields.items())
    )


def lines(first: int, last: int) -> list[bytes]:
    """Events ``first..last`` of the example, as stored."""
    return LINES[first - 1 : last]


def encoded(events: list[AnyEvent] | Refusal) -> list[bytes]:
    assert not isinstance(events, Refusal), events
    return [encode(e) for e in events]


POL_1 = Attack(
    "pol-1", ("EUR:L34",), ("ger-arm-1", "ger-inf-1", "ger-inf-2", "ger-inf-3"), support=("ger-aaf-1", "ger-aaf-2")
)


@pytest.mark.parametrize(
    ("after", "decide", "first", "last"),
    [
        pytest.param(289, lambda t: decide_spend(t, Spend("germany", "war", "poland")), 290, 290, id="war"),
        pytest.param(
            297, lambda t: decide_move(t, Move("ger-inf-3", ("EUR:L33", "EUR:M33", "EUR:M34"))), 298, 298, id="move"
        ),
        pytest.param(
            301, lambda t: decide_spend(t, Spend("germany", "offensive", front="eastern")), 302, 302, id="offensive"
        ),
        pytest.param(309, lambda t: decide_losses(t, Losses("pol-1", "defender")), 310, 312, id="losses-defender-all"),
        pytest.param(
            312,
            lambda t: decide_advance(t, Advance("pol-1", ("ger-arm-1",), breakthrough="bt-poznan")),
            313,
            316,
            id="advance-breakthrough",
        ),
        pytest.param(
            321,
            lambda t: decide_losses(
                t,
                Losses("pol-2", "attacker", {"ger-inf-4": None, "ger-inf-5": None, "ger-inf-6": None, "ger-aaf-3": 3}),
            ),
            322,
            326,
            id="losses-attacker-partial-air",
        ),
        pytest.param(
            335,
            lambda t: decide_move(t, Move("ger-arm-2", ("EUR:L34", "EUR:L35", "EUR:L36"), breakthrough="bt-poznan")),
            336,
            339,
            id="exploitation-move",
        ),
        pytest.param(
            357,
            lambda t: decide_attrition_losses(
                t, AttritionLosses("china-1939-fall", ("chi-inf-1", "chi-inf-2", "chi-inf-3"))
            ),
            358,
            361,
            id="attrition-losses",
        ),
        pytest.param(  # Germany's first construction this turn: its construction limit first (27.32)
            seq("construction_limit_declared", power="germany") - 1,
            lambda t: decide_ship(t, Ship("ger-ca-3", "continue")),
            seq("construction_limit_declared", power="germany"),
            seq("ship_launched", ship="ger-ca-3"),
            id="ship-launched-from-row-2",
        ),
        pytest.param(
            seq("ship_laid_down", ship="ger-dd-7") - 1,
            lambda t: decide_ship(t, Ship("ger-dd-7", yard="kiel", unit_type="dd", factors=1)),
            seq("ship_laid_down", ship="ger-dd-7"),
            seq("ship_laid_down", ship="ger-dd-7"),
            id="ship-laid-down",
        ),
        pytest.param(
            387,
            lambda t: decide_redeploy(t, Redeploy("ger-arm-3", "EUR:M28", via=("EUR:L32",))),
            388,
            388,
            id="redeploy",
        ),
        pytest.param(
            seq("unit_redeployed", unit="brit-inf-1") - 1,
            lambda t: decide_redeploy(t, Redeploy("brit-inf-1", "EUR:N22", "NR", nr="bef-1")),
            seq("unit_redeployed", unit="brit-inf-1"),
            seq("unit_redeployed", unit="brit-inf-1"),
            id="naval-redeployment",
        ),
        pytest.param(
            seq("unit_built", unit="ger-sub-6") - 1,
            lambda t: decide_build(t, Build("ger-sub-6", "EUR:K29", "germany", "submarine", 1, yard="kiel")),
            seq("unit_built", unit="ger-sub-6"),
            seq("unit_built", unit="ger-sub-6"),
            id="submarine-built-at-a-yard",
        ),
    ],
)
def test_commands_give_the_events_the_example_records(after, decide, first, last) -> None:  # type: ignore[no-untyped-def]
    decided = encoded(decide(at(after)))
    assert decided == lines(first, last)


def test_an_attack_decided_from_the_board_is_the_one_recorded() -> None:
    """pol-1: ground support flown, declared from the board (factors, hexes, CTLs, the basic DM), die 6 at 2:1 = D."""
    pos = at(302)
    decided = encoded(decide_attack(pos, POL_1, Die(face=6)))
    recorded = lines(303, 309)
    assert decided == recorded
    assert encoded(decide_attack(pos, POL_1, NO_DIE)) == recorded[:5]  # no die: the declaration, no round
    assert encoded(decide_declaration(pos, POL_1)) == recorded[:5]


def test_an_exploitation_attack_claims_the_exploiting_armor_dm_and_reads_ex_2() -> None:
    pos = at(341)
    command = Attack("pol-x1", ("EUR:L37",), ("ger-arm-2",), support=("ger-aaf-4",), terrain="city")
    assert encoded(decide_attack(pos, command, Die(face=5))) == lines(342, 346)


def test_an_attrition_decided_is_the_one_recorded() -> None:
    command = Attrition("china-1939-fall", "china", "asian", tuple(f"jap-inf-{n}" for n in range(1, 10)))
    assert encoded(decide_attrition(at(354), command, Die(face=4))) == lines(355, 357)


def test_a_build_declares_the_limit_first_and_pays_what_27_11_gives() -> None:
    declared = seq("construction_limit_declared", power="germany")
    decided = encoded(decide_build(at(declared - 1), Build("ger-inf-4", "EUR:L32")))
    assert decided == [LINES[declared - 1], LINES[seq("unit_built", unit="ger-inf-4") - 1]]
    armor = decide_build(at(375), Build("ger-arm-7x", "EUR:L32", "germany", "armor", 4))
    assert not isinstance(armor, Refusal)
    assert armor[-1].cost == 8  # type: ignore[union-attr]


def _pol_1_with(pos: Position, attackers: tuple[str, ...], support: tuple[str, ...], dms: tuple[str, ...]) -> Attack:
    return Attack("pol-x", ("EUR:L34",), attackers, support=support, dms={"*": dms} if dms else {})


def _one_attack_per_column(pos: Position) -> dict[str, tuple[Position, Attack]]:
    """An attack on Poznan (two Polish 2-factor infantry) for every odds column, from the German units around it (no
    fortification DM: Poznan holds none, 32.31; a river DM the map data cannot decide)."""
    ground = ("ger-arm-1", "ger-inf-1", "ger-inf-2", "ger-inf-3")
    air = ("ger-aaf-1", "ger-aaf-2")
    dm_sets = [("low_ctl", "isolated"), (), ("rough",), ("river",), ("rough", "river")]
    found: dict[str, tuple[Position, Attack]] = {}
    for n, k, dms in itertools.product(range(1, 5), range(3), dm_sets):
        for attackers in itertools.combinations(ground, n):
            command = _pol_1_with(pos, attackers, air[:k], dms)
            events = decide_declaration(pos, command)
            if isinstance(events, Refusal):  # what the audit would flag is refused: support over 3:1
                assert events.rule == "15.632", events
                continue
            odds = preview_odds(pos, events, "pol-x")
            assert odds is not None
            found.setdefault(odds[2], (pos, command))
    return found


@pytest.fixture(scope="module")
def poznan() -> dict[str, tuple[Position, Attack]]:
    return _one_attack_per_column(at(302))


def test_every_odds_column_is_reached(poznan) -> None:  # type: ignore[no-untyped-def]
    assert set(poznan) == {*combat_rules.ODDS_COLUMNS, combat_rules.BELOW_1_4}


@pytest.mark.parametrize("column", [*combat_rules.ODDS_COLUMNS, combat_rules.BELOW_1_4])
def test_an_attack_reads_the_crt_for_its_odds_and_die(poznan, column: str) -> None:  # type: ignore[no-untyped-def]
    pos, command = poznan[column]
    for face in range(1, 7):
        decided = decide_attack(pos, command, Die(face=face))
        assert not isinstance(decided, Refusal), decided
        resolved = [e for e in decided if isinstance(e, CombatRoundResolved)]
        assert len(resolved) == 1
        (round_,) = resolved
        assert round_.odds == column
        if column == combat_rules.BELOW_1_4:
            assert round_.result == "A" and round_.roll is None  # 15.52: no roll, the attacker eliminated
            assert not any(isinstance(e, DiceRolled) for e in decided)
            continue
        assert round_.result == combat_rules.crt_result(column, face)  # type: ignore[arg-type]
        (roll,) = [e for e in decided if isinstance(e, DiceRolled)]
        assert (roll.roll, roll.dice, round_.roll) == (pos.next_roll, [face], pos.next_roll)
        records = [StoredEvent(s, e) for s, e in enumerate(decided, start=pos.state.clock.seq + 1)]
        report = audit(records, start=records[0].seq, state=pos.state)
        assert [f for f in report.findings if f.check in ("crt_result", "odds_column", "strengths")] == []


def test_a_seeded_die_comes_from_the_roller_with_the_rolls_number() -> None:
    pos = at(302)
    asked: list[tuple[int, int]] = []

    def roller(number: int, count: int) -> list[int]:
        asked.append((number, count))
        return [6]

    decided = decide_attack(pos, POL_1, Die(roller=roller))
    assert asked == [(pos.next_roll, 1)]
    (roll,) = [e for e in encoded(decided) if b'"dice_rolled"' in e]
    assert b'"source":"seeded"' in roll


@pytest.mark.parametrize(
    ("after", "decide", "rule", "words"),
    [
        (289, lambda t: decide_move(t, Move("ger-inf-3", ("EUR:L33",))), "13.11", "move in the movement phase"),
        (296, lambda t: decide_move(t, Move("ger-inf-7", ("EUR:AA40",))), "10-16 extract 1.15", "are not adjacent"),
        (296, lambda t: decide_move(t, Move("ger-inf-33", ("EUR:M29",))), "the record", "unknown unit"),
        (296, lambda t: decide_move(t, Move("pol-inf-7", ("EUR:L38",), actor="germany")), "13.4", "belongs to britain"),
        (296, lambda t: decide_move(t, Move("ger-inf-7", ("EUR:M28",))), "13.4", "starts with the hex it stands in"),
        (296, lambda t: decide_move(t, Move("ger-inf-7", ("EUR:M029",))), "the record", "unknown hex"),
        (302, lambda t: decide_attack(t, Attack("x", ("EUR:K29",), ("ger-inf-7",)), NO_DIE), "15.21",
         "nothing to attack"),
        (302, lambda t: decide_attack(t, Attack("x", ("EUR:L34",), ("ger-aaf-1",)), NO_DIE), "15.21", "ground units"),
        (302, lambda t: decide_losses(t, Losses("pol-9", "defender")), "15.2", "no attack 'pol-9'"),
        (309, lambda t: decide_advance(t, Advance("pol-1", ("ger-arm-1",))), "15.61", "no combat_losses_taken was"),
        (308, lambda t: decide_advance(t, Advance("pol-1", ("ger-arm-1",))), "the record", "no round resolved yet"),
        (312, lambda t: decide_round(t, Round("pol-1"), Die(face=1)), "15.71", "lost all its ground units"),
        (309, lambda t: decide_losses(t, Losses("pol-1", "attacker")), "the command", "costs the attacker nothing"),
        (310, lambda t: decide_losses(t, Losses("pol-1", "defender")), "15.61", "losses are already recorded"),
        (302, lambda t: decide_attack(t, Attack("x", ("EUR:L34",), ("ger-inf-1",), dms={"*": ("fortification",)}),
                                      NO_DIE), "32.21B", "EUR:L34 holds no fortification"),
        (302, lambda t: decide_build(t, Build("ger-inf-40", "EUR:L32", "germany", "infantry", 3)), "27.11", "unit "
         "construction phase"),
        (373, lambda t: decide_build(t, Build("ger-arm-1", "EUR:L32")), "the record", "already in play"),
        (seq("unit_built", unit="ger-sub-6") - 1,
         lambda t: decide_build(t, Build("ger-inf-40", "EUR:L32", "germany", "infantry", 3, yard="kiel")),
         "the command", "takes no shipbuilding points"),
        (373, lambda t: decide_ship(t, Ship("ger-ca-3", "defer")), "the record", "on no Naval Construction Chart"),
        (302, lambda t: decide_redeploy(t, Redeploy("ger-arm-3", "EUR:M28")), "28.11", "redeployment phase"),
        (302, lambda t: decide_spend(t, Spend("germany", "war", "poland")), "the record", "already at war"),
        (302, lambda t: decide_spend(t, Spend("germany", "offensive", front="eastern", kind="limited")), "the command",
         "full offensive only"),
    ],
)  # fmt: skip
def test_refusals_name_the_rule(after, decide, rule: str, words: str) -> None:  # type: ignore[no-untyped-def]
    found = decide(at(after))
    assert isinstance(found, Refusal), found
    assert found.rule == rule
    assert words in found.message


def test_a_further_round_needs_the_losses_of_the_last_one_first() -> None:
    pos = at(321)  # pol-2 resolved Ex, no losses yet
    refused = decide_round(pos, Round("pol-2"), Die(face=1))
    assert isinstance(refused, Refusal) and refused.rule == "15.61"


def test_end_phase_walks_the_sequence_of_play() -> None:
    def tags(after: int) -> list[tuple[str, str | None, str | None]]:
        found = decide_end_phase(at(after))
        assert not isinstance(found, Refusal)
        return [(e.__struct_config__.tag, e.side, e.phase) for e in found]

    assert tags(278) == [("game_turn_started", None, "game_turn_start")]  # the set-up ends
    assert tags(287) == [("player_turn_started", "axis", None), ("phase_started", "axis", "diplomacy")]
    assert tags(290) == [("phase_started", "axis", "oil_adjustment")]
    # the Axis end-of-player-turn phase: uninvert what the position turns face up, end, the Allies' turn
    uninverted = seq("unit_inversion_changed", season="fall", cause="end_of_player_turn")
    end_axis = tags(uninverted - 1)
    assert encoded(decide_end_phase(at(uninverted - 1))) == lines(uninverted, uninverted + len(end_axis) - 1)
    assert end_axis[-3:] == [
        ("player_turn_ended", "axis", "end_of_player_turn"),
        ("player_turn_started", "allied", None),
        ("phase_started", "allied", "diplomacy"),
    ]
    assert tags(seq("player_turn_ended", season="fall", side="allied") - 1) == [
        ("player_turn_ended", "allied", "end_of_player_turn"),
        ("game_turn_ended", None, "end_of_game_turn"),
    ]
    following = decide_end_phase(at(seq("game_turn_ended", season="fall")))
    assert not isinstance(following, Refusal)
    assert [(e.__struct_config__.tag, e.year, e.season) for e in following] == [("game_turn_started", 1939, "winter")]
