"""The fortification (32, 27.11D-F; A3R App. G) and bridgehead (31) checks: builds, costs and limits, what a
fortification does in combat, air defense (32.25: 1 for a fortification, 2 for a fortress) and supply, when it and a
bridgehead go; each plants the fault of its checklist items and shows the clean case. Worked examples TC-05
(32.248), TC-17 and TC-18 (31-34 extract), T-F1 and T-F2 (A3R extract, App. G 32.248, Malta); 31.32 (B-09): an
attack bridgehead is placed right after the first surviving ground unit occupies the hex, and declining it is
final."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AirMissionFlown,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    CombatRoundResolved,
    DiceRolled,
    Event,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    HexControlChanged,
    OverrunResolved,
    PlayerTurnEnded,
    PlayerTurnStarted,
    ResearchResult,
    SiegeUpdated,
    SupplyDetermined,
    UnitPlaced,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.board import SupplyResult
from awaw_events.events.combat import Attacker, Defender
from projections.rules.mapdata import HexsideFacts
from tests.build import at, facts, findings, found, make, map_data, run, run_with
from tests.build import skipped_with as skipped
from tests.build import unit as setup_unit
from tests.conftest import created

E = TypeVar("E", bound=Event)

WHEN: dict[str, Any] = {"year": 1941, "season": "summer"}


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
        "not checked: no map data for EUR:D33 (beach or one-hex island): the game declares no map data",
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


@pytest.mark.plants("B-10.A", "B-10.B")
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


def supply(faction: str, results: dict[str, str], *, side: str, determination: str = "initial", **when: Any) -> Event:
    return make(
        SupplyDetermined,
        **(when or WHEN),
        side=side,
        phase="initial_supply" if determination == "initial" else "post_combat_supply",
        faction=faction,
        determination=determination,
        results=[SupplyResult(subject=s, status=v) for s, v in results.items()],  # type: ignore[arg-type]
    )


def placed(hex_: str, kind: str, owner: str, faces: list[str] | None = None) -> FortificationPlaced:
    return make(FortificationPlaced, **WHEN, phase="setup", hex=hex_, kind=kind, owner=owner, hexsides=faces or [])


# ---------------------------------------------------------------------------------------------------------------------
# Builds (32.1, 32.5, 32.6)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("F-04")
def test_the_us_pays_for_island_groups_once_at_war_with_japan() -> None:
    group = fort("britain", ["PAC:X20"], kind="island_group", side="allied")
    assert found([created(), group], "island_group_payer") == []  # Japan at war with Britain only
    war = make(WarDeclared, **WHEN, side="axis", phase="diplomacy", aggressor="japan", target="usa", brp_cost=0)
    assert found([created(), war, group], "island_group_payer") == [
        "this Western Allied island group is paid for by the U.S. (32.61: the U.S., or Britain while Japan is at war "
        "with Britain alone, except groups the U.S. occupies); Britain paid"
    ]
    assert found([created(), control("PAC:X20", "usa"), group], "island_group_payer") != []


@pytest.mark.plants("F-05", "F-14")
def test_hex_types_come_from_the_map_data() -> None:
    data = map_data(
        [
            facts("EUR:K30", city=False, beach=False, island=False, terrain="clear"),
            facts("EUR:K31", city=True),
            facts("EUR:F39", island=True, beach=True),
            facts("EUR:H31", beach=True),
        ]
    )
    assert found([created(), fort("germany", ["EUR:K31"])], "fortification_terrain", data) == []
    assert found([created(), fort("germany", ["EUR:K30"])], "fortification_terrain", data) == [
        "EUR:K30 is no city, no hex open to seaborne invasion and no Japanese jungle hex (32.13A)"
    ]
    assert skipped([created(), fort("germany", ["EUR:K32"])], "fortification_terrain", data) == [
        "not checked: no map data for EUR:K32 (city, beach and terrain)"
    ]
    beach = fort("britain", ["EUR:H31", "EUR:F39"], kind="beach_defense", side="allied")
    assert found([created(), beach], "fortification_counters", data) == [
        "EUR:F39 is a one-hex island; beach defenses are never built on one (32.52)"
    ]
    inland = fort("britain", ["EUR:H31", "EUR:K30"], kind="beach_defense", side="allied")
    assert found([created(), inland], "fortification_counters", data) == ["EUR:K30 is not a beach hex (32.52)"]


@pytest.mark.plants("F-06")
def test_a_fortified_hex_is_fully_supplied() -> None:
    events = [
        created(),
        start(),
        supply("european_axis", {"EUR:J38": "partial"}, side="axis"),
        fort("germany", ["EUR:J38"]),
    ]
    assert found(events, "fortification_control") == [
        "EUR:J38 is not fully supplied (partial); fortifications and beach defenses go only in fully supplied hexes "
        "(32.13B, 32.52)"
    ]
    events[2] = supply("european_axis", {"EUR:J38": "full"}, side="axis")
    assert found(events, "fortification_control") == []


@pytest.mark.plants("F-08")
def test_no_fortification_in_an_enemy_zoc() -> None:
    data = map_data(hexsides=[HexsideFacts(between=("EUR:J38", "EUR:J39"), river="river", rules=("test",))])
    war = make(WarDeclared, **WHEN, side="axis", phase="diplomacy", aggressor="germany", target="russia", brp_cost=0)
    events = [created(), war, unit("rus-arm-1", "EUR:J39", "armor", "russia"), fort("germany", ["EUR:J38"])]
    assert found(events, "fortification_zoc", data) == [
        "EUR:J38 is in the ZoC of rus-arm-1 in EUR:J39; no fortification in an enemy ZoC (32.14B, 10.34)"
    ]
    infantry = [created(), war, unit("rus-inf-1", "EUR:J39", "infantry", "russia"), fort("germany", ["EUR:J38"])]
    assert found(infantry, "fortification_zoc", data) == []


@pytest.mark.plants("F-09")
def test_no_fortification_under_winter_level_five() -> None:
    data = map_data([facts("EUR:J38", weather_zone="russian_winter")])
    winter: dict[str, Any] = {"year": 1941, "season": "winter"}
    weather = make(
        WeatherDetermined, **winter, phase="game_turn_start", zone="russian_winter", weather="winter", level=7
    )
    build = fort("germany", ["EUR:J38"], **winter)
    assert found([created(), weather, build], "fortification_winter", data) == [
        "EUR:J38 is under winter level 7 for the European Axis (russian_winter zone 7, less preparation); no "
        "fortification at 5 or worse (32.14C)"
    ]
    prepared = make(
        WinterPreparationChanged, **winter, phase="game_turn_start", faction="european_axis", level=3, cause="produced"
    )
    assert found([created(), weather, prepared, build], "fortification_winter", data) == []


def test_an_unrecorded_preparation_is_the_starting_level() -> None:
    """Russia starts at winter preparation 6 (34.41): with none recorded, a Russian fort under level 7 stands at 1."""
    data = map_data([facts("EUR:J38", weather_zone="russian_winter")])
    winter: dict[str, Any] = {"year": 1941, "season": "winter"}
    weather = make(
        WeatherDetermined, **winter, phase="game_turn_start", zone="russian_winter", weather="winter", level=7
    )
    build = fort("russia", ["EUR:J38"], **winter)
    assert found([created(), weather, build], "fortification_winter", data) == []


@pytest.mark.plants("F-11")
def test_germany_does_not_fortify_italy_before_its_surrender() -> None:
    data = map_data([facts("EUR:Y23", country="italy")])
    assert found([created(), fort("germany", ["EUR:Y23"])], "fortification_nationality", data) == [
        "German fortification in italy before Italy surrendered (32.14E)"
    ]


@pytest.mark.plants("F-15")
def test_a_fortification_and_beach_defenses_in_one_hex_come_in_different_turns() -> None:
    beach = fort("britain", ["EUR:M20", "EUR:M21"], kind="beach_defense", side="allied")
    same_turn = [created(), beach, fort("britain", ["EUR:M20"], side="allied")]
    assert found(same_turn, "fortification_hex") == [
        "EUR:M20 received a beach defense this turn (Summer 1941 Allied unit construction); a fortification joins it "
        "only in a later turn (32.56, 32.66)"
    ]
    later = [created(), beach, fort("britain", ["EUR:M20"], side="allied", year=1941, season="fall")]
    assert found(later, "fortification_hex") == []


@pytest.mark.plants("F-24")
def test_island_group_benefits_need_control_and_supply() -> None:
    group = make(
        FortificationBuilt,
        **WHEN,
        side="axis",
        phase="unit_construction",
        power="japan",
        kind="island_group",
        hexes=["PAC:X20"],
        islands=["PAC:X20", "PAC:X21"],
        brp_cost=5,
    )
    held = [created(), control("PAC:X20", "japan"), control("PAC:X21", "japan"), start()]
    ok = supply("japan", {"PAC:X20": "full", "PAC:X21": "full"}, side="axis")
    assert found([*held, ok, group], "island_group_islands") == []
    cut = supply("japan", {"PAC:X20": "full", "PAC:X21": "isolated"}, side="axis")
    assert found([*held, cut, group], "island_group_islands") == [
        "PAC:X21 benefits from the island-group fortification, but it was not fully supplied (isolated; 32.65)"
    ]
    lost = [created(), control("PAC:X20", "japan"), control("PAC:X21", "usa"), start(), ok, group]
    assert found(lost, "island_group_islands") == [
        "PAC:X21 benefits from the island-group fortification, but the Japan did not control it at the start of the "
        "player turn (32.65)"
    ]


@pytest.mark.plants("F-25")
def test_the_starting_fortifications_are_those_of_32_4() -> None:
    setup = [
        *(placed(h, "maginot", "france") for h in ("EUR:P24", "EUR:P25", "EUR:Q24")),
        *(placed(h, "west_wall", "germany") for h in ("EUR:M27", "EUR:N26", "EUR:O26", "EUR:P26", "EUR:Q25")),
        placed("EUR:V38", "fortress", "russia", ["EUR:U38", "EUR:U39"]),
    ]
    first = make(PlayerTurnStarted, year=1939, season="fall", side="axis")
    assert found([created(), *setup, first], "starting_fortifications") == []
    assert found([created(), *setup[1:], first], "starting_fortifications") == [
        "the game starts without the maginot fortification in EUR:P24 (32.41: fortified at the start, regardless of "
        "when war breaks out)"
    ]
    wrong = [created(), placed("EUR:V38", "fortification", "russia")]
    assert found(wrong, "starting_fortifications") == [
        "EUR:V38 (sevastopol) starts as a maginot of Russia (32.42-32.44); recorded a fortification of Russia"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Effects (32.2): the declared fortification, DMs, the siege, attrition
# ---------------------------------------------------------------------------------------------------------------------

MAGINOT_FACES = ["EUR:O24", "EUR:O25"]


def on_maginot(origin: str, dms: list[Modifier], fortification: str | None = "maginot") -> list[Event]:
    declared = make(
        AttackDeclared,
        **WHEN,
        side="axis",
        phase="combat",
        attack="sedan",
        defender_hexes=["EUR:P24"],
        attackers=[Attacker(unit="ger-inf-1", factors=3, origin=origin)],
        defenders=[Defender(unit="fra-inf-1", factors=2, hex="EUR:P24", dms=dms)],
        fortification=fortification,
    )
    return [created(), placed("EUR:P24", "maginot", "france", MAGINOT_FACES), start(), declared]


FORTRESS = Modifier(code="fortress", value=2)


@pytest.mark.plants("F-16", "F-18")
def test_an_attack_records_the_fortification_of_its_hex() -> None:
    assert found(on_maginot("EUR:O24", [FORTRESS]), "fortification_declared") == []
    assert found(on_maginot("EUR:O24", [FORTRESS], None), "fortification_declared") == [
        "attack sedan on EUR:P24: the hex holds maginot, the attack records none; the 1:1 minimum and the mandatory "
        "Ex follow it (32.21A, 32.21C, 15.52, 15.55)"
    ]
    # with the fortification recorded, the ground combat checks hold the attack to 1:1 (32.21A) ...
    dice = make(DiceRolled, **WHEN, side="axis", phase="combat", roll=1, purpose="crt", dice=[4])
    below = make(
        CombatRoundResolved,
        **WHEN,
        side="axis",
        phase="combat",
        attack="sedan",
        roll=1,
        attack_strength=3,
        defence_strength=8,
        odds="1:3",
        result="A",
    )
    checks = [f.check for f in run([*on_maginot("EUR:O24", [FORTRESS]), dice, below], "15").findings]
    assert checks == ["prohibited_odds"]
    # ... and to the mandatory Ex (32.21C): a 1:3 with a die of 4 is "d", which a fortified hex turns into Ex-1
    fair = make(
        CombatRoundResolved,
        **WHEN,
        side="axis",
        phase="combat",
        attack="sedan",
        roll=1,
        attack_strength=8,
        defence_strength=8,
        odds="1:1",
        result="D",
    )
    assert "crt_result" in [f.check for f in run_with([*on_maginot("EUR:O24", [FORTRESS]), dice, fair]).findings]


@pytest.mark.plants("F-17", "F-23")
def test_fortification_dms_follow_the_hex_and_the_direction_of_attack() -> None:
    assert found(on_maginot("EUR:O24", [FORTRESS]), "fortification_dm") == []
    assert found(on_maginot("EUR:P23", [FORTRESS]), "fortification_dm") == [
        "attack sedan: fra-inf-1 in EUR:P24 claims +2 for fortifications and siege; maginot against a land attack, "
        "attacked from the rear (32.21B, 32.55-32.56, 32.65-32.66) gives +0"
    ]
    assert found(on_maginot("EUR:O24", []), "fortification_dm") == [
        "attack sedan: fra-inf-1 in EUR:P24 claims +0 for fortifications and siege; maginot against a land attack "
        "(32.21B, 32.55-32.56, 32.65-32.66) gives +2"
    ]
    gone = on_maginot("EUR:O24", [FORTRESS])
    gone.insert(3, make(FortificationEliminated, **WHEN, side="axis", phase="combat", hex="EUR:P24"))
    assert found(gone, "fortification_dm") == [
        "attack sedan: fra-inf-1 in EUR:P24 claims +2 for fortifications and siege; EUR:P24 holds no fortification "
        "(32.31: none, or eliminated) gives +0"
    ]


def _allied(season: str, year: int, status: str = "isolated") -> list[Event]:
    when: dict[str, Any] = {"year": year, "season": season}
    return [
        make(PlayerTurnStarted, **when, side="allied"),
        supply("western_allies", {MALTA: status, "bri-inf-1": status}, side="allied", **when),
    ]


MALTA = "EUR:EE19"
"""Malta's hex is not in the rule texts or the shipped map data; the example game uses EUR:EE19."""


def malta(game: Event) -> list[Event]:
    """The Axis cut sea supply to Malta in Spring 1942: the Allied supply determinations of Spring, Summer and Fall
    1942 leave it isolated."""
    return [
        game,
        placed(MALTA, "fortress", "britain"),
        control(MALTA, "britain"),
        unit("bri-inf-1", MALTA, owner="britain"),
        *_allied("spring", 1942),
        *_allied("summer", 1942),
    ]


def siege(turns: int, *, dm: int | None = None, subs: int | None = None, season: str = "summer") -> Event:
    return make(
        SiegeUpdated,
        year=1942,
        season=season,
        side="allied",
        phase="initial_supply",
        hex=MALTA,
        turns_without_full_supply=turns,
        effective_dm=dm,
        submarine_drm=subs,
    )


@pytest.mark.plants("F-20", "F-21")
def test_tc05_malta_submarines_lose_one_more_each_turn_of_the_siege() -> None:
    """TC-05 (32.248): cut in Spring 1942, the Summer 1942 submarine DRM is reduced by one, Fall 1942 by two (beyond
    the -1 naval oil effect); the siege takes the fortress's +2 down to +0 over the same turns."""
    events = malta(created())
    assert found([*events, siege(2, dm=0, subs=-1)], "siege_updated") == []
    assert found([*events, siege(2, subs=0)], "siege_updated") == [
        "submarines in EUR:EE19, 2 turns without full supply, take -1 on their Naval Nationality DRM beyond the naval "
        "oil effect; recorded +0 (32.248; App. G 32.248)"
    ]
    fall = [*events, *_allied("fall", 1942), siege(3, subs=-2, season="fall")]
    assert found(fall, "siege_updated") == []
    assert found([*events, siege(1, dm=1)], "siege_updated") == [
        "the supply determinations leave EUR:EE19 2 turns without full supply; recorded 1 (32.241, 32.246)",
        "the fortification of EUR:EE19 gives +2, less 1 for each of 2 siege turns: +0; recorded +1 (32.241; App. G "
        "32.242)",
    ]
    relieved = [*events, *_allied("fall", 1942, "full"), siege(0, dm=2, season="fall")]
    assert found(relieved, "siege_updated") == []  # 32.246: restored at once


def invade_malta(siege_items: int) -> list[Event]:
    """The Axis invade Malta in their Winter 1942 player turn (T-F2)."""
    when: dict[str, Any] = {"year": 1942, "season": "winter"}
    declared = make(
        AttackDeclared,
        **when,
        side="axis",
        phase="combat",
        attack="herkules",
        kind="invasion",
        defender_hexes=[MALTA],
        attackers=[Attacker(unit="ita-inf-1", factors=3, hexside="sea", role="invading")],
        defenders=[
            Defender(
                unit="bri-inf-1",
                factors=3,
                hex=MALTA,
                dms=[
                    FORTRESS,
                    Modifier(code="a3r_base", value=3),  # Malta's other +2, and +1 against a seaborne invasion
                    Modifier(code="siege", value=-siege_items),
                ],
            )
        ],
    )
    return [
        *malta(created(rules="a3r")),
        *_allied("fall", 1942),
        make(PlayerTurnStarted, **when, side="axis"),
        declared,
    ]


@pytest.mark.plants("C-FRT-1", "C-FRT-2")
def test_tf2_malta_defends_an_invasion_at_plus_two_after_three_turns_of_siege() -> None:
    """T-F2 (App. G 32.248): cut in Spring 1942, Malta's +4 falls to +3, +2, +1 in the Axis Summer, Fall and Winter
    1942 player turns; against an Axis seaborne invasion in Winter 1942 its units defend at +2 (multiplier 3)."""
    assert found(invade_malta(3), "fortification_dm") == []
    assert found(invade_malta(2), "fortification_dm") == [
        "attack herkules: bri-inf-1 in EUR:EE19 claims +0 for fortifications and siege; omni fortress against a "
        "seaborne attack, 3 siege turns (32.24) (App. G 32.21) gives -1 (isolated)"
    ]


@pytest.mark.plants("F-19", "C-FRT-3")
def test_no_attrition_into_fortifications() -> None:
    declared = make(
        AttritionDeclared,
        **WHEN,
        side="axis",
        phase="attrition",
        attrition="a1",
        attacker="european_axis",
        target="russia",
        front="eastern",
        counted=[UnitFactors(unit="ger-inf-1", factors=3)],
        factors=3,
    )
    base = [created(), placed("EUR:J40", "fortification", "russia"), unit("ger-inf-1", "EUR:J39"), declared]
    occupy = make(
        AttritionOccupation,
        **WHEN,
        side="axis",
        phase="attrition",
        attrition="a1",
        hexes=["EUR:J40"],
        moves=[Move(unit="ger-inf-1", to="EUR:J40")],
    )
    assert found([*base, occupy], "fortification_attrition") == [
        "attrition a1 occupies EUR:J40: every hexside of the fortified hex is fortified; no attrition across a "
        "fortified enemy hexside (32.221)"
    ]
    elsewhere = make(AttritionOccupation, **WHEN, side="axis", phase="attrition", attrition="a1", hexes=["EUR:J41"])
    assert found([*base, elsewhere], "fortification_attrition") == []
    house = [created(rules="a3r"), *base[1:], unit("rus-inf-1", "EUR:J40", owner="russia")]
    lost = make(
        AttritionLossesTaken,
        **WHEN,
        side="axis",
        phase="attrition",
        attrition="a1",
        losses=[UnitFactors(unit="rus-inf-1", factors=3)],
    )
    assert found([*house, lost], "fortification_attrition") == [
        "rus-inf-1 is in an omnidirectional fortification in EUR:J40; units there are never attritioned (App. G "
        "32.221, A3R 14.23D)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Bridgeheads (31)
# ---------------------------------------------------------------------------------------------------------------------


def river_attack(target: str, hexsides: list[str], origins: list[str] | None = None) -> list[Event]:
    attackers = [
        Attacker(unit=f"ger-inf-{i}", factors=3, hexside=h, origin=(origins or [None] * 9)[i])  # type: ignore[arg-type]
        for i, h in enumerate(hexsides)
    ]
    moves = make(
        AdvanceAfterCombat,
        **WHEN,
        side="axis",
        phase="combat",
        attack="rhine",
        moves=[Move(unit="ger-inf-0", to=target)],
    )
    return [
        created(),
        start(),
        attack("rhine", target, attackers),
        moves,
        bridgehead(target, "cross_river_attack", "rhine"),
    ]


@pytest.mark.plants("B-06")
def test_a_maginot_bridgehead_needs_every_attacker_across_the_rhine() -> None:
    assert found(river_attack("EUR:P25", ["river", "river"]), "bridgehead_river") == []
    assert (
        "EUR:P25 is a Maginot or West Wall hex: a bridgehead there needs every non-airborne attacker on the other "
        "side of the Rhine (31.23)" in found(river_attack("EUR:P25", ["river", "fortified"]), "bridgehead_river")
    )


def test_a_river_bridgehead_follows_the_advance() -> None:
    events = river_attack("EUR:J40", ["river"])
    assert found(events, "bridgehead_occupied") == []
    assert found([*events[:3], events[4]], "bridgehead_occupied") == [
        "no unit of attack rhine has advanced into EUR:J40; the bridgehead is placed after its first surviving "
        "ground unit occupies the hex (31.32)"
    ]


def test_river_hexsides_are_read_on_the_map() -> None:
    data = map_data(hexsides=[HexsideFacts(between=("EUR:J39", "EUR:J40"), river="river", rules=("test",))])
    events = river_attack("EUR:J40", ["river", "river"], ["EUR:J39", "EUR:I40"])
    assert skipped(events, "bridgehead_river", data) == ["not checked: no map data for EUR:I40 (river hexsides)"]


def overrun(success: bool = True, target: str = "EUR:J40") -> OverrunResolved:
    return make(
        OverrunResolved,
        **WHEN,
        side="axis",
        phase="movement",
        overrun="o1",
        units=[UnitFactors(unit="ger-arm-1", factors=4)],
        target=target,
        defence_strength=1,
        attack_strength=8,
        success=success,
    )


@pytest.mark.plants("B-08")
def test_an_overrun_bridgehead_follows_a_successful_overrun_across_a_river() -> None:
    data = map_data(hexsides=[HexsideFacts(between=("EUR:J39", "EUR:J40"), river="river", rules=("test",))])
    placed_ = make(
        BridgeheadPlaced, **WHEN, side="axis", phase="movement", hex="EUR:J40", faction="european_axis",
        cause="overrun", ref="o1", across="EUR:J39",
    )  # fmt: skip
    assert found([created(), start(), overrun(), placed_], "bridgehead_overrun", data) == []
    assert found([created(), start(), overrun(False), placed_], "bridgehead_overrun", data) == [
        "overrun o1 did not take EUR:J40; an overrun bridgehead goes on the hex entered by the overrun (31.24)"
    ]
    far = msgspec_replace(placed_, across="EUR:J37")
    assert found([created(), start(), overrun(), far], "bridgehead_overrun", data) == [
        "EUR:J37 is not next to EUR:J40: the overrun cannot have crossed from it (31.24)"
    ]


def msgspec_replace(event: Event, **changes: Any) -> Event:
    import msgspec

    return msgspec.structs.replace(event, **changes)


@pytest.mark.plants("B-03.A", "B-03.B")
def test_a_friendly_hex_invaded_needs_condition_b() -> None:
    """31.22: a seaborne bridgehead needs (A) a hex not friendly-controlled when invaded, or (B) a friendly hex the
    invader could not fully supply at initial supply determination: Oslo held by Norway is A; Oslo held by Germany
    and fully supplyable is neither (the fault); held by Germany in partial supply is B."""
    placed_ = bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")
    assert found([*invasion(), placed_], "bridgehead_seaborne") == []
    events = [*invasion()[:1], control("EUR:D33", "germany"), *invasion()[2:]]
    events.insert(5, supply("european_axis", {"EUR:D33": "full"}, side="axis"))
    assert found([*events, placed_], "bridgehead_seaborne") == [
        "the seaborne bridgehead in EUR:D33: the hex was friendly and fully supplyable (ger-inf-8; 31.22)"
    ]
    events[5] = supply("european_axis", {"EUR:D33": "partial"}, side="axis")
    assert found([*events, placed_], "bridgehead_seaborne") == []


@pytest.mark.plants("B-10.C")
def test_a_superfluous_bridgehead_goes_at_the_end_of_its_owners_turn() -> None:
    events = river_attack("EUR:J40", ["river"])
    assert found([*events, end()], "bridgehead_superfluous") == [
        "the cross river attack bridgehead in EUR:J40 has no enemy unit within 4 hexes: it is removed at the end of "
        "its owner's player turn (31.41C)"
    ]
    enemy = [*events, unit("rus-inf-1", "EUR:J42", owner="russia"), end()]
    assert found(enemy, "bridgehead_superfluous") == []
    assert skipped(enemy, "bridgehead_superfluous") == [
        "an enemy unit is within range of a bridgehead: the distance by land needs the map"
    ]


@pytest.mark.plants("B-11", "B-12")
def test_bridgehead_stacking_and_its_end() -> None:
    events = river_attack("EUR:J40", ["river"])
    six = [unit(f"ger-inf-{n}", "EUR:J40") for n in range(10, 16)]
    assert found([*events, *six[:5], end()], "bridgehead_stacking") == []
    assert found([*events, *six, end()], "bridgehead_stacking") == [
        "EUR:J40 at the end of the axis player turn: 6 ground units in a bridgehead hex (limit 5) (12.13)"
    ]
    removed = make(
        BridgeheadRemoved, **WHEN, side="axis", phase="post_combat_supply", hex="EUR:J40", reason="voluntary"
    )
    assert found([*events, *six[:3], removed, end()], "bridgehead_stacking") == [
        "EUR:J40 at the end of the axis player turn: 3 ground units in a standard hex (limit 2) (12.11A, 12.12) (its "
        "bridgehead was removed: the owner eliminates the excess, 31.52)"
    ]


@pytest.mark.plants("B-15")
def test_every_unit_in_a_bridgehead_defends_without_low_ctl_dms() -> None:
    events = [*river_attack("EUR:J40", ["river"]), unit("ger-inf-7", "EUR:J40")]
    events.insert(1, unit("ger-inf-0", "EUR:J39"))
    defenders = [
        Defender(unit="ger-inf-0", factors=3, hex="EUR:J40", dms=[Modifier(code="low_ctl", value=-1)]),
    ]
    counter = make(
        AttackDeclared, **WHEN, side="allied", phase="combat", attack="back", defender_hexes=["EUR:J40"],
        attackers=[Attacker(unit="rus-inf-1", factors=3)], defenders=defenders,
    )  # fmt: skip
    assert found([*events, counter], "bridgehead_defence") == [
        "attack back: ger-inf-7 in the bridgehead in EUR:J40 does not defend; all the ground units in a bridgehead "
        "defend (31.63A)",
        "attack back: ger-inf-0 (infantry) defends in a bridgehead and takes no low ctl DM (31.63B)",
    ]


@pytest.mark.plants("B-16")
def test_a_seaborne_bridgehead_supplies_only_in_its_post_combat_determination() -> None:

    events = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    post = make(
        SupplyDetermined, **WHEN, side="axis", phase="post_combat_supply", faction="european_axis",
        determination="post_combat", results=[SupplyResult(subject="ger-inf-8", status="partial", source="bridgehead")],
    )  # fmt: skip
    assert found([*events, post], "bridgehead_supply_source") == []
    initial = msgspec_replace(post, determination="initial", phase="initial_supply")
    assert found([*events, initial], "bridgehead_supply_source") == [
        "ger-inf-8 is supplied from the bridgehead in EUR:D33: a seaborne invasion bridgehead placed Summer 1941 Axis "
        "combat; a seaborne bridgehead is an unlimited supply source only in the post-combat supply determination of "
        "the player turn it is placed (31.71)"
    ]


@pytest.mark.plants("B-07")
def test_no_bridgehead_from_attrition() -> None:
    declared = make(
        AttritionDeclared, **WHEN, side="axis", phase="attrition", attrition="a1", attacker="european_axis",
        target="russia", front="eastern", counted=[UnitFactors(unit="ger-inf-1", factors=3)], factors=3,
    )  # fmt: skip
    placed_ = bridgehead("EUR:J40", "cross_river_attack", "a1", phase="attrition")
    assert found([created(), start(), declared, placed_], "bridgehead_phase") == [
        "the cross river attack bridgehead in EUR:J40: no bridgehead from attrition combat (31.23)",
        "the cross river attack bridgehead in EUR:J40: cross_river_attack bridgehead placed in the attrition phase "
        "(31.12)",
    ]


@pytest.mark.plants("B-02")
def test_a_seaborne_bridgehead_lies_on_a_beach_or_a_one_hex_island() -> None:

    placed_ = bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")
    inland = map_data([facts("EUR:D33", beach=False, island=False)])
    assert found([*invasion(), placed_], "bridgehead_seaborne", inland) == [
        "EUR:D33 is neither a beach hex nor a one-hex island; no seaborne bridgehead (31.22)"
    ]
    beach = map_data([facts("EUR:D33", beach=True)])
    assert found([*invasion(), placed_], "bridgehead_seaborne", beach) == []


def test_overrun_bridgeheads_follow_the_option() -> None:
    """31.41C names no overrun bridgeheads (31-34 extract B-10): by default they are judged like river ones
    (``bridgeheads.overrun = as_river``); ``not_superfluous`` keeps them."""
    placed_ = make(
        BridgeheadPlaced, **WHEN, side="axis", phase="movement", hex="EUR:J40", faction="european_axis",
        cause="overrun", ref="o1",
    )  # fmt: skip
    events = [created(), start(), overrun(), placed_, end()]
    assert len(found(events, "bridgehead_superfluous")) == 1
    literal = [created(options={"bridgeheads.overrun": "not_superfluous"}), *events[1:]]
    assert found(literal, "bridgehead_superfluous") == []


@pytest.mark.plants("B-09")
def test_a_bridgehead_follows_its_advance_and_a_decline_is_final() -> None:
    events = river_attack("EUR:J40", ["river"])
    assert found(events, "bridgehead_occupied") == []
    declined = make(
        AdvanceAfterCombat,
        **WHEN,
        side="axis",
        phase="combat",
        attack="rhine",
        moves=[Move(unit="ger-inf-0", to="EUR:J40")],
        bridgehead_declined=True,
    )
    assert found([*events[:3], declined, events[4]], "bridgehead_occupied") == [
        "attack rhine's bridgehead in EUR:J40 was declined when its units advanced; declining is final (31.32)"
    ]
    later = attack("next", "EUR:K41", [Attacker(unit="ger-inf-5", factors=3)])
    assert found([*events[:4], later, events[4]], "bridgehead_occupied") == [
        "attack rhine's bridgehead in EUR:J40 is placed after attack next was declared: it is placed as the first "
        "surviving ground unit occupies the hex, before the advance ends (31.32)"
    ]


SETUP = at(1939, "fall", phase="setup")
COMBAT = at(1941, "summer", "allied", "combat")
BOARD = [
    make(FortificationPlaced, SETUP, hex="EUR:P24", kind="fortification", owner="germany"),
    make(FortificationPlaced, SETUP, hex="EUR:V38", kind="fortress", owner="russia"),
    setup_unit("raf-1", "EUR:M20", "aaf", "britain", 5),
]


def mission(target: str, *components: tuple[str, int]) -> AirMissionFlown:
    return make(
        AirMissionFlown,
        COMBAT,
        mission="bombing",
        units=["raf-1"],
        target=target,
        air_defense=[Modifier(code=code, value=value) for code, value in components],
    )


@pytest.mark.plants("F-22")
def test_fortifications_add_to_the_air_defense_level() -> None:
    base = [created(), *BOARD]
    clean = [mission("EUR:P24", ("fortification", 1)), mission("EUR:V38", ("fortress", 2)), mission("EUR:K10")]
    assert found([*base, *clean], "fort_air_defense") == []
    assert found([*base, mission("EUR:V38", ("fortress", 1))], "fort_air_defense") == [
        "the bombing mission on EUR:V38 meets an air defense with +1 for fortifications; its fortress there gives +2 "
        "(32.251: a fortification +1, 32.252: a fortress +2)"
    ]
    assert found([*base, mission("EUR:K10", ("fortification", 1))], "fort_air_defense") == [
        "the bombing mission on EUR:K10 meets an air defense with +1 for fortifications; no fortification there gives "
        "+0 (32.251: a fortification +1, 32.252: a fortress +2)"
    ]
    # other components of the level are the game's own rules, not 32.25's
    assert found([*base, mission("EUR:P24", ("fortification", 1), ("city", 2))], "fort_air_defense") == []
    assert skipped([*base, mission("EUR:P24")], "fort_air_defense") == [
        "air_mission_flown records no air defense level for the fortified hex EUR:P24 (32.25)"
    ]
