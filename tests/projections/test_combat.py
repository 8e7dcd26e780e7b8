"""The combat projection (this player turn's attacks, rounds, losses, advances; attritions; units counted for
attrition this game turn): the state after a few events, worked through by hand from rules 15.5-15.9 and 14.2."""

from __future__ import annotations

from typing import Any

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AttackDeclared,
    AttackEnded,
    AttritionDeclared,
    AttritionResolved,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    CtlSet,
    DiceRolled,
    Event,
    GameCreated,
    PhaseStarted,
    UnitPlaced,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from projections import game
from projections.combat import Attack
from projections.rules.combat import LossPool, LossRequirement, SideLoss

T: dict[str, Any] = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}


def place(uid: str, factors: int, *, unit_type: Any = "infantry", nationality: Any = "germany", **kw: Any) -> Event:
    owner = nationality if nationality in ("germany", "poland") else "germany"
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=uid,
        owner=owner,
        nationality=nationality,
        unit_type=unit_type,
        factors=factors,
        location=kw.pop("location", "EUR:L33"),
        **kw,
    )


def start(**created: Any) -> list[Event]:
    return [
        GameCreated(year=1939, season="fall", phase="setup", **created),
        place("arm1", 4, unit_type="armor", movement=6),
        place("inf1", 3),
        place("inf2", 3),
        place("pol1", 2, nationality="poland", location="EUR:L34"),
        place("pol2", 3, nationality="poland", location="EUR:L34"),
        CtlSet(year=1939, season="fall", phase="setup", faction="european_axis", domain="ground", level=2),
    ]


def declared(**kw: Any) -> AttackDeclared:
    return AttackDeclared(
        **T,
        attack="a1",
        defender_hexes=["EUR:L34"],
        attackers=[
            Attacker(unit="arm1", factors=4, armor=True),
            Attacker(unit="inf1", factors=3, ctl=1),
            Attacker(unit="inf2", factors=3),
        ],
        defenders=[
            Defender(unit="pol1", factors=2, hex="EUR:L34"),
            Defender(unit="pol2", factors=3, hex="EUR:L34", dms=[Modifier(code="river", value=1)]),
        ],
        ground_support=[UnitFactors(unit="aaf1", factors=2)],
        **kw,
    )


def rolled(n: int, face: int) -> DiceRolled:
    return DiceRolled(**T, roll=n, purpose="crt", dice=[face])


def fought(n: int, result: Any, *, rnd: int = 1) -> CombatRoundResolved:
    return CombatRoundResolved(**T, attack="a1", round=rnd, roll=n, result=result)


def attack_after(events: list[Event]) -> Attack:
    return game.replay(events).combat.attacks["a1"]


def test_an_attack_declared_keeps_its_forces_ctls_and_multipliers() -> None:
    attack = attack_after([*start(), declared()])
    assert attack.table == "awaw"
    assert attack.ground == {"arm1": 4, "inf1": 3, "inf2": 3}
    assert attack.air == {"aaf1": 2}
    # claimed CTL 1 for inf1; the others read the faction's ground CTL 2 (15.8)
    assert attack.ctl == {"arm1": 2, "inf1": 1, "inf2": 2}
    # the basic +2 is added (15.32A), the river +1 claimed (15.32C)
    assert attack.dm == {"pol1": 2, "pol2": 3}
    assert attack.defence_now() == 2 * 2 + 3 * 3
    assert attack.attack_now(frozenset(attack.ground)) == 10 + 2


def test_a_round_records_its_participants_reading_requirement_and_pools() -> None:
    # 12 vs 13 is 1:2 (15.52); die 6 in round 1 reads Ex on the 1:2 column (15.6)
    attack = attack_after([*start(), declared(), rolled(1, 6), fought(1, "Ex")])
    played = attack.rounds[1]
    assert (played.number, played.rolled, played.below_1_4, attack.last_round) == (1, "Ex", False, 1)
    assert played.participants == frozenset({"arm1", "inf1", "inf2"})
    # Ex with the attacker weaker: the attacker loses everything, the defender 12 of its modified strength (15.61)
    assert played.requirement == LossRequirement(
        "Ex", SideLoss(everything=True), SideLoss(factors=12, measure="modified")
    )
    assert played.attacker_pool == LossPool(
        {"arm1": 4, "inf1": 3, "inf2": 3, "aaf1#0": 1, "aaf1#1": 1}, frozenset({"aaf1#0", "aaf1#1"})
    )
    assert played.defender_face_pool == LossPool({"pol1": 2, "pol2": 3})
    assert played.defender_modified_pool == LossPool({"pol1": 4, "pol2": 9})


def test_losses_an_end_and_an_advance_update_the_attack() -> None:
    events = [
        *start(),
        declared(),
        rolled(1, 5),
        fought(1, "d"),
        CombatLossesTaken(**T, attack="a1", round=1, loser="defender", losses=[UnitFactors(unit="pol1", factors=2)]),
        rolled(2, 6),
        fought(2, "D", rnd=2),
    ]
    attack = attack_after(events)
    assert attack.lost == {"pol1": 2}
    assert attack.rounds[1].losses_seen == frozenset({"defender"})
    # round 2: inf1 (CTL 1) drops out (15.82A); the pools start from the survivors
    assert attack.rounds[2].participants == frozenset({"arm1", "inf2"})
    assert attack.rounds[2].defender_face_pool == LossPool({"pol2": 3})
    assert attack.final_fighters() == frozenset({"arm1", "inf2"})
    assert not attack.all_defenders_gone()
    done = attack_after(
        [
            *events,
            CombatLossesTaken(
                **T, attack="a1", round=2, loser="defender", losses=[UnitFactors(unit="pol2", factors=3)]
            ),
            AttackEnded(**T, attack="a1", after_round=2, reason="defender_eliminated"),
            AdvanceAfterCombat(
                **T, attack="a1", moves=[Move(unit="arm1", to="EUR:L34"), Move(unit="inf2", to="EUR:L34")]
            ),
        ]
    )
    assert done.ended and done.all_defenders_gone() and done.all_defenders_gone("EUR:L34")
    assert done.advanced == {"EUR:L34": ("arm1", "inf2")}
    assert done.lost == {"pol1": 2, "pol2": 3}


def test_the_standard_a3r_crt_is_not_followed() -> None:
    events = [*start(rules="a3r", options={"combat.crt": "a3r"}), declared(), rolled(1, 6), fought(1, "D")]
    attack = attack_after(events)
    assert attack.table is None and attack.rounds == {} and attack.dm == {}
    assert game.replay(events).combat.attacked == {"arm1", "inf1", "inf2"}


def test_the_house_table_counts_rounds_by_nationality_and_date() -> None:
    events = [*start(rules="a3r"), declared(), rolled(1, 5), fought(1, "d"), rolled(2, 6), fought(2, "D", rnd=2)]
    attack = attack_after(events)
    assert attack.table == "a3r_house"
    assert attack.dm == {"pol1": 1, "pol2": 2}  # house base 1 (A3R extract 0.3)
    # Germans may always fight round 2 (house 15.71)
    assert attack.rounds[2].participants == frozenset({"arm1", "inf1", "inf2"})


def _attrition(aid: str, *units: str, **kw: Any) -> AttritionDeclared:
    return AttritionDeclared(
        **{**T, "phase": "attrition", **kw},
        attrition=aid,
        attacker="european_axis",
        target="poland",
        front="eastern",
        counted=[UnitFactors(unit=u, factors=3) for u in units],
        factors=3 * len(units),
    )


def test_attrition_facts_last_a_player_turn_and_counted_units_a_game_turn() -> None:
    events = [
        *start(),
        declared(),
        _attrition("z1", "inf1", "inf2"),
        AttritionResolved(**{**T, "phase": "attrition"}, attrition="z1", roll=1, losses=2, hexes=1),
        _attrition("z2", "inf2", "arm1"),
    ]
    state = game.replay(events).combat
    assert state.attrition_results == {"z1": 2}
    assert state.counted == {"inf1": "z1", "inf2": "z1", "arm1": "z2"}
    assert set(state.attritions) == {"z1", "z2"}
    assert state.counted_in(state.turn[0]) is state.counted
    assert state.counted_in(state.turn[0] + 1) == {}
    allied = game.replay([*events, PhaseStarted(**{**T, "side": "allied", "phase": "combat"})]).combat
    assert allied.attacks == {} and allied.attritions == {} and allied.attrition_results == {}
    assert allied.attacked == set()
    assert allied.counted == state.counted  # 14.21: once a game turn, whoever's player turn
    winter = game.replay([*events, PhaseStarted(**{**T, "season": "winter", "phase": "combat"})]).combat
    assert winter.counted == {}


def test_a_breakthrough_names_its_attack() -> None:
    events = [
        *start(),
        declared(),
        BreakthroughCreated(**T, breakthrough="bt1", attack="a1", hex="EUR:L34", armor="arm1"),
    ]
    found = game.replay(events).combat.breakthroughs["bt1"]
    assert (found.attack, found.hex, found.seq) == ("a1", "EUR:L34", len(events))


def test_the_state_survives_a_snapshot_and_folding_leaves_its_input_alone() -> None:
    events = [
        *start(),
        declared(),
        rolled(1, 5),
        fought(1, "d"),
        CombatLossesTaken(**T, attack="a1", round=1, loser="defender", losses=[UnitFactors(unit="pol1", factors=2)]),
        _attrition("z1", "inf1"),
    ]
    state = game.replay(events)
    assert game.decode_state(game.encode_state(state)) == state
    before = msgspec.json.encode(state.combat)
    game.apply(state, CombatLossesTaken(**T, attack="a1", round=1, loser="attacker", losses=[]))
    game.apply(state, AttackEnded(**T, attack="a1", after_round=1, reason="result"))
    assert msgspec.json.encode(state.combat) == before
