"""Fortification (32, 27.11D-F; A3R App. G) and bridgehead (31) checks; worked examples TC-17, TC-18 (31-34
extract) and T-F1 (A3R extract)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    AttackDeclared,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    Event,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    HexControlChanged,
    PlayerTurnEnded,
    PlayerTurnStarted,
    ResearchResult,
    SupplyDetermined,
    UnitPlaced,
    WarDeclared,
)
from awaw_events.events.base import Move
from awaw_events.events.board import SupplyResult
from awaw_events.events.combat import Attacker
from tests.build import findings, run
from tests.conftest import created

E = TypeVar("E", bound=Event)

WHEN: dict[str, Any] = {"year": 1941, "season": "summer"}


def make(cls: type[E], **fields: Any) -> E:
    return cls(**fields)


def fort(
    power: str,
    hexes: list[str],
    brps: int = 5,
    rps: int = 1,
    *,
    kind: str = "fortification",
    phase: str = "unit_construction",
    upgrade: bool = False,
    side: str = "axis",
    **when: Any,
) -> FortificationBuilt:
    return make(
        FortificationBuilt,
        **(when or WHEN),
        side=side,
        phase=phase,
        power=power,
        kind=kind,
        hexes=hexes,
        brp_cost=brps,
        rp_cost=rps,
        upgrade=upgrade,
    )


def control(
    hex_: str, controller: str, *, cause: str = "setup", side: str | None = None, phase: str = "setup"
) -> HexControlChanged:
    return make(HexControlChanged, **WHEN, side=side, phase=phase, hex=hex_, controller=controller, cause=cause)


def start(side: str = "axis") -> PlayerTurnStarted:
    return make(PlayerTurnStarted, **WHEN, side=side)


def end(side: str = "axis") -> PlayerTurnEnded:
    return make(PlayerTurnEnded, **WHEN, side=side, phase="end_of_player_turn")


# ---------------------------------------------------------------------------------------------------------------------
# Fortification builds (32.1)
# ---------------------------------------------------------------------------------------------------------------------

TC18 = [
    ("TC-18 Germany 5 BRPs + 1 RP", "germany", "fortification", ["EUR:J38"], 5, 1),
    ("TC-18 Japan 5 BRPs + 0 RP", "japan", "fortification", ["PAC:K30"], 5, 0),
    ("TC-18 beach defenses: 2 counters for 5 + 1", "britain", "beach_defense", ["EUR:M20", "EUR:M21"], 5, 1),
]


@pytest.mark.plants("F-03")
@pytest.mark.parametrize(("power", "kind", "hexes", "brps", "rps"), [c[1:] for c in TC18], ids=[c[0] for c in TC18])
def test_tc18_fortification_costs(power: str, kind: str, hexes: list[str], brps: int, rps: int) -> None:
    side = "axis" if power in ("germany", "japan") else "allied"
    assert findings([created(), start(side), fort(power, hexes, brps, rps, kind=kind, side=side)], "32") == []
    wrong = [created(), start(side), fort(power, hexes, brps, 1 - rps, kind=kind, side=side)]
    what = "a pair of beach defenses" if kind == "beach_defense" else "a fortification"
    name = power.title()
    assert findings(wrong, "fortification_cost") == [
        (
            3,
            "fortification_cost",
            f"{name} paid 5 BRPs + {1 - rps} RP for {what}; 32.12 gives 5 BRPs + {rps} RP (27.11D-E)",
        ),
    ]


def test_a_port_costs_ten_brps() -> None:
    assert findings([created(), fort("britain", ["EUR:M20"], 10, 0, kind="port", side="allied")], "32") == []
    assert findings([created(), fort("britain", ["EUR:M20"], 5, 0, kind="port", side="allied")], "32") == [
        (2, "fortification_cost", "Britain paid 5 BRPs for a port; 27.11F gives 10"),
    ]


@pytest.mark.plants("31-34/F-01", "F-02", "F-10", "F-11", "F-14")
def test_builder_phase_counters_and_one_build_per_turn() -> None:
    events = [
        created(),
        fort("italy", ["EUR:T23"], year=1941, season="fall"),
        fort("germany", ["EUR:J38"], phase="movement"),
        fort("germany", ["EUR:K38"]),
        fort("britain", ["EUR:M20"], kind="beach_defense", side="allied"),
    ]
    assert findings(events, "32.11") == [
        (2, "fortification_builder", "Italy may not build fortifications (32.11)"),
        (
            3,
            "fortification_phase",
            "Germany built a fortification in the movement phase; construction happens in the unit construction phase",
        ),
    ]
    assert findings(events, "32.14D") == [
        (
            4,
            "fortification_per_turn",
            "the European Axis already built a fortification-type counter this turn "
            "(event 3); 32.14D allows 1 fortification, pair of beach defenses or island group",
        ),
    ]
    assert findings(events, "32.14E") == [
        (2, "fortification_nationality", "European Axis fortifications must be built by Germany (32.14E)"),
    ]
    assert findings(events, "32.53") == [
        (
            5,
            "fortification_counters",
            "one beach-defense build places two counters, at most one per hex (32.53, 32.54); recorded EUR:M20",
        ),
    ]


@pytest.mark.plants("F-07")
def test_already_fortified_hexes_and_west_wall_upgrades() -> None:
    placed = make(FortificationPlaced, **WHEN, phase="setup", hex="EUR:M27", kind="west_wall", owner="germany")
    events = [
        created(),
        placed,
        fort("germany", ["EUR:M27"], upgrade=True),  # 32.15: a West Wall hex becomes a fortress
        fort("germany", ["EUR:J38"], upgrade=True, year=1941, season="fall"),
        fort("germany", ["EUR:M27"], year=1942, season="spring"),
    ]
    assert findings(events, "32.14A") == [
        (
            4,
            "fortification_hex",
            "EUR:J38 is not a West Wall hex; only West Wall hexes are upgraded to fortresses (32.15)",
        ),
        (
            5,
            "fortification_hex",
            "EUR:M27 already holds a fortification (Summer 1941 Axis unit construction); 32.14A forbids a second",
        ),
    ]


@pytest.mark.plants("F-06")
def test_the_hex_is_held_by_the_builder_since_the_start_of_its_player_turn() -> None:
    events = [
        created(),
        control("EUR:P24", "france"),
        control("EUR:J38", "germany"),
        start(),
        control("EUR:J38", "poland", cause="occupation", side="axis", phase="combat"),
        control("EUR:J38", "germany", cause="occupation", side="axis", phase="combat"),
        fort("germany", ["EUR:P24"]),
        fort("germany", ["EUR:J38"]),
    ]
    assert findings(events, "32.13C") == [
        (7, "fortification_control", "Germany fortified EUR:P24, which france controls (32.13C)"),
        (
            8,
            "fortification_control",
            "EUR:J38 changed hands this player turn; fortifications go only in hexes held at its start (32.13C)",
        ),
    ]
    # the next player turn (even unmarked by player_turn_started) starts with J38 held
    next_turn = [*events[:6], fort("germany", ["EUR:J38"], year=1941, season="fall")]
    assert findings(next_turn, "32.13C") == []


@pytest.mark.plants("F-12", "F-13")
def test_nationality_limits_for_the_western_allies() -> None:
    events = [
        created(),
        control("EUR:M20", "britain"),
        control("PAC:DD11", "britain"),
        fort("usa", ["EUR:M20"], side="allied"),
        fort("britain", ["PAC:DD11"], year=1941, season="fall", side="allied"),
    ]
    assert findings(events, "32.14E") == [
        (4, "fortification_nationality", "the U.S. builds only in a theater where it is at war (32.14G)"),
        (5, "fortification_nationality", "WA Pacific fortification before Japan's war on Britain or USJT 40 (32.14H)"),
    ]
    at_war = [
        created(),
        make(
            WarDeclared,
            year=1941,
            season="spring",
            side="axis",
            phase="diplomacy",
            aggressor="japan",
            target="britain",
            brp_cost=35,
        ),
        make(
            WarDeclared,
            year=1941,
            season="spring",
            side="axis",
            phase="diplomacy",
            aggressor="germany",
            target="usa",
            brp_cost=35,
        ),
        fort("usa", ["EUR:M20"], side="allied"),
        fort("britain", ["PAC:DD11"], year=1941, season="fall", side="allied"),
    ]
    assert findings(at_war, "32.14E") == []


@pytest.mark.plants("F-23")
def test_a_fortification_goes_when_the_enemy_takes_its_hex() -> None:
    placed = make(FortificationPlaced, **WHEN, phase="setup", hex="EUR:P24", kind="maginot", owner="france")
    taken = control("EUR:P24", "germany", cause="occupation", side="axis", phase="combat")
    gone = make(FortificationEliminated, **WHEN, side="axis", phase="combat", hex="EUR:P24")
    assert findings([created(), placed, start(), taken, gone, end()], "32.31") == []
    assert findings([created(), placed, start(), taken, end()], "32.31") == [
        (
            5,
            "fortification_eliminated",
            "the france maginot in EUR:P24 survives although germany took the hex (event "
            "4); it is eliminated when the enemy controls its hex (32.31, 32.57)",
        ),
    ]
    premature = [created(), placed, control("EUR:P24", "france"), gone]
    assert findings(premature, "32.31") == [
        (4, "fortification_eliminated", "the maginot in EUR:P24 is removed for enemy control, but france holds it"),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# A3R house App. G: T-F1
# ---------------------------------------------------------------------------------------------------------------------


def research(result: int) -> ResearchResult:
    return make(ResearchResult, **WHEN, phase="research", power="germany", project="fortifications", result=str(result))


SPRING44: dict[str, Any] = {"year": 1944, "season": "spring"}


@pytest.mark.plants("C-FRT-4")
def test_tf1_berlin_and_three_west_wall_hexes_cost_twenty() -> None:
    """T-F1: with a 9+ result Germany fortifies Berlin (5 BRPs) and upgrades 3 West Wall hexes (15 BRPs) in Spring
    1944: 20 BRPs, legal."""
    game = created(rules="a3r")
    builds = [
        fort("germany", ["EUR:L32"], 5, 0, **SPRING44),
        fort("germany", ["EUR:M27", "EUR:N26", "EUR:O26"], 15, 0, upgrade=True, **SPRING44),
    ]
    assert findings([game, research(9), *builds], "A3R App. G") == []
    assert findings(
        [
            game,
            research(9),
            builds[0],
            fort("germany", ["EUR:M27", "EUR:N26", "EUR:O26"], 10, 0, upgrade=True, **SPRING44),
        ],
        "A3R App. G",
    ) == [
        (4, "house_fortification", "paid 10 BRPs; the builds cost 15"),
    ]
    assert findings([game, research(7), *builds], "A3R App. G") == [
        (4, "house_fortification", "West Wall upgrade with research result 7 (needs 9+)"),
    ]


def test_house_forts_need_the_research_and_one_a_turn() -> None:
    game = created(rules="a3r")
    assert findings([game, research(6), fort("germany", ["EUR:L32"], 5, 0)], "A3R App. G") == [
        (3, "house_fortification", "German fortification with research result 6 (needs 7+)"),
    ]
    two = [game, research(8), fort("germany", ["EUR:L32"], 5, 0), fort("germany", ["EUR:K30"], 5, 0)]
    assert findings(two, "A3R App. G") == [
        (4, "house_fortification", "Germany builds fortification number 2 this turn; App. G allows one"),
    ]
    report = run([game, fort("germany", ["EUR:L32"], 5, 0)], "A3R App. G")
    assert [s.reason for s in report.skipped] == ["no German fortification research result is recorded"]


# ---------------------------------------------------------------------------------------------------------------------
# Bridgeheads (31): TC-17
# ---------------------------------------------------------------------------------------------------------------------


def unit(uid: str, at: str, unit_type: str = "infantry", owner: str = "germany") -> UnitPlaced:
    return make(
        UnitPlaced,
        **WHEN,
        phase="setup",
        unit=uid,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,
        factors=3,
        location=at,
    )


def attack(name: str, target: str, attackers: list[Attacker], kind: str = "regular") -> AttackDeclared:
    return make(
        AttackDeclared,
        **WHEN,
        side="axis",
        phase="combat",
        attack=name,
        kind=kind,
        defender_hexes=[target],
        attackers=attackers,
    )


def advance(name: str, units: list[str], to: str) -> Event:
    from awaw_events.events import AdvanceAfterCombat

    return make(
        AdvanceAfterCombat, **WHEN, side="axis", phase="combat", attack=name, moves=[Move(unit=u, to=to) for u in units]
    )


def bridgehead(hex_: str, cause: str, ref: str, first: str | None = None, *, phase: str = "combat") -> BridgeheadPlaced:
    return make(
        BridgeheadPlaced,
        **WHEN,
        side="axis",
        phase=phase,
        hex=hex_,
        faction="european_axis",
        cause=cause,
        ref=ref,
        first_unit=first,
    )


def invasion() -> list[Event]:
    return [
        created(),
        control("EUR:D33", "norway"),
        unit("ger-inf-8", "EUR:E33"),
        unit("ger-ab-1", "EUR:E33", "airborne"),
        start(),
        attack("oslo", "EUR:D33", [Attacker(unit="ger-inf-8", factors=3, hexside="sea", role="invading")], "invasion"),
        advance("oslo", ["ger-inf-8", "ger-ab-1"], "EUR:D33"),
        control("EUR:D33", "germany", cause="advance_after_combat", side="axis", phase="combat"),
    ]


@pytest.mark.plants("B-01", "B-02")
def test_a_seaborne_bridgehead_held_by_a_surviving_invader() -> None:
    assert findings([*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")], "31") == []
    assert findings([*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-ab-1")], "31") == [
        (
            9,
            "bridgehead_seaborne",
            "the seaborne bridgehead in EUR:D33: the hex is not occupied by a surviving "
            "seaborne invader (ger-ab-1; 31.22)",
        ),
    ]
    assert findings(
        [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8", phase="movement")], "31"
    ) == [
        (
            9,
            "bridgehead_phase",
            "the seaborne invasion bridgehead in EUR:D33: seaborne_invasion bridgehead placed in "
            "the movement phase (31.12)",
        ),
    ]


def test_an_invasion_of_a_friendly_hex_needs_the_supply_condition() -> None:
    events = [
        *invasion()[:1],
        control("EUR:D33", "germany"),
        *invasion()[2:],
        bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8"),
    ]
    report = run(events, "31.22")
    assert report.findings == ()
    assert [s.reason for s in report.skipped] == [
        "condition B: no initial supply result for the invaded friendly hex",
        "not checked: no map data for EUR:D33 (beach or one-hex island): the game declares no map data "
        "(no map_data_used event)",
    ]


TC17 = [
    ("TC-17 all across the river", [("river", "land"), ("river", "land")], True),
    ("TC-17 river DM lost only to an airdrop", [("river", "land"), ("airdrop", "airdropped")], True),
    ("TC-17 one attacker already across", [("river", "land"), ("clear", "land")], False),
]


@pytest.mark.plants("B-05")
@pytest.mark.parametrize(("sides", "legal"), [c[1:] for c in TC17], ids=[c[0] for c in TC17])
def test_tc17_river_bridgeheads(sides: list[tuple[str, str]], legal: bool) -> None:
    attackers = [Attacker(unit=f"ger-inf-{i}", factors=3, hexside=h, role=r) for i, (h, r) in enumerate(sides)]  # type: ignore[arg-type]
    events = [
        created(),
        start(),
        attack("bug", "EUR:J40", attackers),
        bridgehead("EUR:J40", "cross_river_attack", "bug"),
    ]
    expected = (
        []
        if legal
        else [
            (
                4,
                "bridgehead_river",
                "the bridgehead in EUR:J40: in attack bug some ground attackers were not across a "
                "river or crossing arrow, so the defenders had no river DM (31.23, TC-17)",
            ),
        ]
    )
    assert findings(events, "31.23") == expected


@pytest.mark.plants("B-10")
def test_bridgeheads_are_removed_on_enemy_control_and_isolation() -> None:
    base = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    retaken = control("EUR:D33", "britain", cause="occupation", side="axis", phase="combat")
    removed = make(BridgeheadRemoved, **WHEN, side="axis", phase="combat", hex="EUR:D33", reason="enemy_control")
    assert findings([*base, retaken, removed, end()], "31.4") == []
    assert findings([*base, retaken, end()], "31.4") == [
        (
            11,
            "bridgehead_kept",
            "the bridgehead in EUR:D33 stays in play although britain took the hex (event 10; 31.41A)",
        ),
    ]
    isolated = make(
        SupplyDetermined,
        **WHEN,
        side="axis",
        phase="post_combat_supply",
        faction="european_axis",
        determination="post_combat",
        results=[SupplyResult(subject="ger-inf-8", status="isolated")],
    )
    assert findings([*base, isolated, end()], "31.4") == [
        (
            11,
            "bridgehead_kept",
            "the bridgehead in EUR:D33 stays in play although it was isolated at post-combat supply (event 10; 31.41B)",
        ),
    ]
    by_isolation = make(
        BridgeheadRemoved, **WHEN, side="axis", phase="post_combat_supply", hex="EUR:D33", reason="isolation"
    )
    assert findings([*base, isolated, by_isolation, end()], "31.4") == []


def test_removal_reasons_must_hold() -> None:
    base = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    supplied = make(
        SupplyDetermined,
        **WHEN,
        side="axis",
        phase="post_combat_supply",
        faction="european_axis",
        determination="post_combat",
        results=[SupplyResult(subject="ger-inf-8", status="partial")],
    )
    events = [
        *base,
        make(BridgeheadRemoved, **WHEN, side="axis", phase="combat", hex="EUR:D33", reason="enemy_control"),
        make(BridgeheadRemoved, **WHEN, side="axis", phase="combat", hex="EUR:D34", reason="isolation"),
    ]
    assert findings(events, "bridgehead_removal") == [
        (10, "bridgehead_removal", "the bridgehead in EUR:D33 is removed for enemy control, but germany holds the hex"),
        (11, "bridgehead_removal", "no bridgehead is in EUR:D34 to remove"),
    ]
    late = [
        *base,
        supplied,
        make(BridgeheadRemoved, **WHEN, side="axis", phase="post_combat_supply", hex="EUR:D33", reason="isolation"),
    ]
    assert findings(late, "bridgehead_removal") == [
        (
            11,
            "bridgehead_removal",
            "the bridgehead in EUR:D33 is removed as isolated; its post-combat supply was partial",
        ),
    ]


@pytest.mark.plants("B-13")
def test_at_most_two_units_attack_out_of_a_bridgehead() -> None:
    base = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    out = [Attacker(unit=f"ger-inf-{i}", factors=3, origin="EUR:D33") for i in (8, 9, 10)]
    marine = Attacker(unit="ger-mar-1", factors=1, origin="EUR:D33", role="marine")
    assert findings([*base, attack("oslo-2", "EUR:C33", [*out[:2], marine])], "31.61") == []
    assert findings([*base, attack("oslo-2", "EUR:C33", out)], "31.61") == [
        (
            10,
            "bridgehead_attack_out",
            "attack oslo-2: 3 ground units attack out of a bridgehead; at most 2 "
            "(exemptions aside) (from the bridgehead in EUR:D33)",
        ),
    ]


@pytest.mark.plants("B-14")
def test_river_bridgeheads_are_never_taken_by_attrition_occupation() -> None:
    river = [
        created(),
        start(),
        attack("bug", "EUR:J40", [Attacker(unit="ger-inf-1", factors=3, hexside="river")]),
        bridgehead("EUR:J40", "cross_river_attack", "bug"),
    ]
    occupy = make(AttritionOccupation, **WHEN, side="allied", phase="attrition", attrition="a1", hexes=["EUR:J40"])
    assert findings([*river, occupy], "31.64") == [
        (
            5,
            "bridgehead_attrition",
            "EUR:J40 holds a cross river attack bridgehead of the European Axis; such a hex is "
            "never taken by attrition occupation (31.64)",
        ),
    ]
    seaborne = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    occupy_sea = make(AttritionOccupation, **WHEN, side="allied", phase="attrition", attrition="a1", hexes=["EUR:D33"])
    assert findings([*seaborne, occupy_sea], "31.64") == []
