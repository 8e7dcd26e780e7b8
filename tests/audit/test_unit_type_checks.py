"""Unit types (AWAW 10.1-10.9): replacements, negated armor, specialized units, airdrops, Chindits, marines and
commandos, flak; each test plants the fault of a checklist item of the 10-16 extract and shows the clean case."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    BreakthroughCreated,
    CombatRoundResolved,
    CtlSet,
    DiceRolled,
    Event,
    ForcePoolChanged,
    OilEffectAccepted,
    OverrunResolved,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitRedeployed,
    WeatherDetermined,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.board import SupplyResult
from awaw_events.events.combat import Attacker, Defender
from tests.build import WHEN, created, messages, move, phase, turn, war
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import run_created as run

AXIS: dict[str, Any] = {**WHEN, "side": "axis"}
ALLIED: dict[str, Any] = {**WHEN, "side": "allied"}


def ctl(faction: str, level: int) -> CtlSet:
    return CtlSet(year=1939, season="fall", phase="setup", faction=faction, domain="ground", level=level)  # type: ignore[arg-type]


def supply(faction: str, **status: str) -> SupplyDetermined:
    results = [SupplyResult(subject=u, status=s) for u, s in status.items()]  # type: ignore[arg-type]
    side = "axis" if faction in ("european_axis", "japan") else "allied"
    return SupplyDetermined(
        **{**WHEN, "side": side},
        phase="movement",
        faction=faction,
        determination="initial",
        results=results,  # type: ignore[arg-type]
    )


def attack(
    attackers: list[Attacker],
    defenders: list[Defender],
    *,
    hexes: tuple[str, ...] = ("EUR:K38",),
    kind: str = "regular",
    side: dict[str, Any] = AXIS,
    ident: str = "a1",
    das: list[UnitFactors] | None = None,
) -> AttackDeclared:
    return AttackDeclared(
        **side,
        phase="combat",
        attack=ident,
        kind=kind,  # type: ignore[arg-type]
        defender_hexes=list(hexes),
        attackers=attackers,
        defenders=defenders,
        das=das or [],
    )


def dms(*codes: str) -> list[Modifier]:
    return [Modifier(code=c, value=0) for c in codes]


# ---------------------------------------------------------------------------------------------------------------------
# Infantry, replacements, flak (AUD-10-02, 10-04, 10-05, 10-37)


@pytest.mark.plants("AUD-10-02")
def test_limited_supply_lowers_infantry_ctl_but_not_its_movement() -> None:
    base = [
        created(),
        ctl("european_axis", 2),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("p1", "britain", "infantry", "EUR:K38", nationality="poland"),
        turn(),
        phase("movement"),
        supply("european_axis", i1="partial"),
    ]
    moved = run([*base, move("i1", "EUR:K36", "EUR:K35", "EUR:K34", mf=3)])
    assert messages(moved, "movement_cost") == []
    full = run([*base, phase("combat"), attack([Attacker(unit="i1", factors=3, origin="EUR:K37", ctl=2)], [])])
    assert messages(full, "infantry_ctl") == [
        "i1 attacks at CTL 2; its faction's ground CTL is 2, less one for limited supply or the army oil effect: 1 "
        "(10.11, 15.81)"
    ]
    right = run([*base, phase("combat"), attack([Attacker(unit="i1", factors=3, origin="EUR:K37", ctl=1)], [])])
    assert messages(right, "infantry_ctl") == []


@pytest.mark.plants("AUD-10-04.A", "AUD-10-04.B", "AUD-10-04.C", "AUD-10-37")
def test_replacements_and_flak_never_attack_or_count_in_attrition() -> None:
    base = [
        created(),
        place("r1", "germany", "replacement", "EUR:K37", factors=1),
        place("f1", "germany", "flak", "EUR:K37", factors=2),
        place("i1", "germany", "infantry", "EUR:K36"),
        turn(),
        phase("combat"),
    ]
    attackers = [Attacker(unit=u, factors=1, origin="EUR:K37") for u in ("r1", "f1")]
    found = messages(run([*base, attack(attackers, [])]), "non_combatants")
    assert found == [
        "r1 (replacement) attacks: replacement units never do (10.23)",
        "f1 (flak) attacks: flak units never do (10.93)",
    ]
    counted = AttritionDeclared(
        **AXIS,
        phase="attrition",
        attrition="t1",
        attacker="european_axis",
        target="russia",
        front="eastern",
        counted=[UnitFactors(unit="r1", factors=1), UnitFactors(unit="i1", factors=3)],
        factors=4,
    )
    assert messages(run([*base, counted]), "non_combatants") == [
        "r1 (replacement) is counted in an attrition: replacement units never do (10.23)"
    ]
    lost = AttritionLossesTaken(**AXIS, phase="attrition", attrition="t1", losses=[UnitFactors(unit="f1", factors=2)])
    assert "f1 (flak) is taken as an attrition loss" in messages(run([*base, lost]), "non_combatants")[0]
    ok = AttritionLossesTaken(**AXIS, phase="attrition", attrition="t1", losses=[UnitFactors(unit="r1", factors=1)])
    assert messages(run([*base, ok]), "non_combatants") == []
    occupy = AttritionOccupation(**AXIS, phase="attrition", attrition="t1", moves=[Move(unit="r1", to="EUR:K38")])
    assert "occupies a hex gained by attrition" in messages(run([*base, occupy]), "non_combatants")[0]
    big = UnitBuilt(
        **AXIS,
        phase="unit_construction",
        unit="f9",
        owner="germany",
        nationality="germany",
        unit_type="flak",
        factors=4,
        location="EUR:K30",
        cost=4,
    )
    assert "a flak unit has at most three" in messages(run([created(), big]), "unit_counters")[0]


@pytest.mark.plants("AUD-10-04.A")
def test_replacements_are_never_sea_transported_nor_invade() -> None:
    """10.23: replacements may not take part in offensive operations, sea transport or seaborne invasions included;
    infantry may."""
    base = [
        created(),
        place("r1", "germany", "replacement", "EUR:K37", factors=1),
        place("i1", "germany", "infantry", "EUR:K37"),
        turn(),
        phase("movement"),
    ]
    carried = run([*base, move("i1", "EUR:K38", "EUR:K39", sea_transport=True)])
    assert messages(carried, "non_combatants") == []
    assert messages(run([*base, move("r1", "EUR:K38", "EUR:K39", mf=1)]), "non_combatants") == []
    assert messages(run([*base, move("r1", "EUR:K38", "EUR:K39", sea_transport=True)]), "non_combatants") == [
        "r1 (replacement) is sea transported: replacement units never are (10.23)"
    ]
    invading = attack([Attacker(unit="r1", factors=1, origin="EUR:K37")], [], kind="invasion")
    assert messages(run([*base, phase("combat"), invading]), "non_combatants") == [
        "r1 (replacement) attacks: replacement units never do (10.23)"
    ]


@pytest.mark.plants("AUD-10-04.D")
def test_a_replacement_defends_with_one_combat_factor() -> None:
    """10.23: a replacement has one combat factor when it defends against an offensive attack or an overrun."""
    base = [
        created(),
        place("r1", "russia", "replacement", "EUR:K38", factors=1),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("a1", "germany", "armor", "EUR:K37", factors=4),
        turn(),
        phase("combat"),
    ]
    attackers = [Attacker(unit="i1", factors=3, origin="EUR:K37")]
    one = attack(attackers, [Defender(unit="r1", factors=1, hex="EUR:K38")])
    assert messages(run([*base, one]), "non_combatants") == []
    two = attack(attackers, [Defender(unit="r1", factors=2, hex="EUR:K38")])
    assert messages(run([*base, two]), "non_combatants") == [
        "r1 (replacement) defends with 2 combat factors: a replacement has 1 when defending (10.23)"
    ]
    overrun = OverrunResolved(
        **AXIS,
        phase="movement",
        overrun="o1",
        units=[UnitFactors(unit="a1", factors=4)],
        target="EUR:K38",
        defending=[Defender(unit="r1", factors=3, hex="EUR:K38")],
        defence_strength=3,
        attack_strength=4,
        success=False,
    )
    assert messages(run([*base[:-1], phase("movement"), overrun]), "non_combatants") == [
        "r1 (replacement) defends with 3 combat factors: a replacement has 1 when defending (10.23)"
    ]


@pytest.mark.plants("AUD-10-05.A", "AUD-10-05.B")
def test_replacement_pools_never_grow_and_a_rebuild_costs_one_brp() -> None:
    grows = ForcePoolChanged(
        **AXIS, phase="unit_construction", power="germany", unit_type="replacement", delta=1, cause="production"
    )
    setup = ForcePoolChanged(year=1939, season="fall", phase="setup", power="germany", unit_type="replacement", delta=6)
    report = run([created(), setup, grows])
    assert messages(report, "unit_counters") == [
        "germany's replacement pool grows by 1 (production): replacement pools never grow after set-up (10.25, 10.26)"
    ]
    built = UnitBuilt(
        **AXIS,
        phase="unit_construction",
        unit="r1",
        owner="germany",
        nationality="germany",
        unit_type="replacement",
        factors=1,
        location="EUR:L32",
        cost=2,
    )
    assert any(f.check == "unit_cost" for f in run([created(), built]).findings)
    rebuilt = msgspec.structs.replace(built, cost=1)
    assert [f for f in run([created(), setup, rebuilt]).findings if f.check in ("unit_cost", "unit_counters")] == []


@pytest.mark.plants("AUD-10-10.A", "AUD-10-10.B", "AUD-10-10.C", "AUD-10-10.D")
def test_specialized_units_are_one_factor_from_production_never_rebuilt_the_same_player_turn() -> None:
    def built(factors: int = 1, cost: int = 3, unit: str = "m1") -> UnitBuilt:
        return UnitBuilt(
            **ALLIED,
            phase="unit_construction",
            unit=unit,
            owner="usa",
            nationality="usa",
            unit_type="marine",
            factors=factors,
            location="box:us_pacific",
            cost=cost,
        )

    assert messages(run([created(), built()]), "unit_counters") == []
    assert "specialized units are one factor each" in messages(run([created(), built(2, 6)]), "unit_counters")[0]
    assert any(f.check == "unit_cost" for f in run([created(), built(cost=2)]).findings)
    gone = UnitEliminated(**ALLIED, phase="combat", unit="m1", cause="combat")
    again = run([created(), place("m1", "usa", "marine", "PAC:K30", factors=1), gone, built()])
    assert any(f.check == "specialized_rebuild" for f in again.findings)
    # eliminated in the Axis player turn (defending), rebuilt in the Allied one: another player turn (10.41D)
    earlier = UnitEliminated(**AXIS, phase="combat", unit="m1", cause="combat")
    later = run([created(), place("m1", "usa", "marine", "PAC:K30", factors=1), earlier, turn("allied"), built()])
    assert [f for f in later.findings if f.check == "specialized_rebuild"] == []
    grant = ForcePoolChanged(
        **ALLIED, phase="unit_construction", power="usa", unit_type="marine", delta=1, cause="grant"
    )
    assert "from production or set-up only" in messages(run([created(), grant]), "unit_counters")[0]


# ---------------------------------------------------------------------------------------------------------------------
# Negated mechanized parts (AUD-10-03, 10-06)


def _overrun(*units: str, target: str = "EUR:K38") -> OverrunResolved:
    return OverrunResolved(
        **{**WHEN, "side": "allied"},
        phase="movement",
        actor="britain",
        overrun="o1",
        units=[UnitFactors(unit=u, factors=4) for u in units],
        target=target,
        defence_strength=1,
        attack_strength=12,
        success=True,
    )


@pytest.mark.plants("AUD-10-03", "AUD-10-06")
def test_mechanized_infantry_overruns_only_with_armor_in_europe_and_never_negated() -> None:
    two_mech = [
        created(),
        place("m1", "britain", "mech_infantry", "EUR:K37"),
        place("m2", "britain", "mech_infantry", "EUR:K37"),
    ]
    report = run([*two_mech, turn("allied"), phase("movement", "allied"), _overrun("m1", "m2")])
    assert any("no armor unit in the overrun" in f.message for f in report.findings)
    pacific = [
        created(),
        place("m1", "britain", "mech_infantry", "PAC:K30"),
        place("a1", "britain", "armor", "PAC:K30"),
    ]
    found = messages(
        run([*pacific, turn("allied"), phase("movement", "allied"), _overrun("a1", "m1", target="PAC:K31")]),
        "negated_mechanized",
    )
    assert found == [
        "m1 overruns, but its mechanized part is negated: mechanized infantry in the Pacific is infantry (10.12); it "
        "acts as infantry (10.32)"
    ]
    partial = [
        created(),
        place("a1", "britain", "armor", "EUR:K37", factors=3, movement=5),
        turn("allied"),
        phase("movement", "allied"),
        supply("western_allies", a1="partial"),
    ]
    assert "it is partially supplied (30.522B)" in messages(run([*partial, _overrun("a1")]), "negated_mechanized")[0]
    assert messages(run([*partial[:-1], _overrun("a1")]), "negated_mechanized") == []
    oil = OilEffectAccepted(**ALLIED, phase="oil_adjustment", faction="western_allies", domain="army", service="army")
    bt = BreakthroughCreated(**ALLIED, phase="combat", breakthrough="b1", attack="x", hex="EUR:K37", armor="a1")
    assert "army oil effect" in messages(run([*partial[:-1], oil, bt]), "negated_mechanized")[0]


# ---------------------------------------------------------------------------------------------------------------------
# Airdrops (AUD-10-14 to 10-25)


def _drop(
    unit: str = "ab1", target: str = "EUR:K38", *, base: str = "EUR:K35", transport: str = "tr1", phase_: str = "combat"
) -> AirdropMade:
    return AirdropMade(**AXIS, phase=phase_, actor="germany", unit=unit, base=base, target=target, transport=transport)  # type: ignore[arg-type]


def _airborne(*more: Event, faction_ctl: int = 2) -> list[Event]:
    return [
        created(),
        ctl("european_axis", faction_ctl),
        place("ab1", "germany", "airborne", "EUR:K35", factors=1, movement=3),
        place("tr1", "germany", "air_transport", "EUR:K35", factors=1),
        place("p1", "britain", "infantry", "EUR:K38", nationality="poland"),
        war("germany", "britain"),
        *more,
        turn(),
        phase("movement"),
    ]


@pytest.mark.plants("AUD-10-15")
def test_airdrops_come_in_the_combat_phase() -> None:
    assert messages(run([*_airborne(), phase("combat"), _drop()]), "airdrop_timing") == []
    [message] = messages(run([*_airborne(), _drop(phase_="movement")]), "airdrop_timing")
    assert "airdrops in the movement phase" in message


@pytest.mark.plants("AUD-10-14", "AUD-10-19", "AUD-10-17")
def test_the_dropping_unit_is_fully_supplied_trained_and_not_air_transported() -> None:
    partial = run([*_airborne(), supply("european_axis", ab1="partial"), phase("combat"), _drop()])
    assert any("it is partial supplied, not fully (10.42)" in m for m in messages(partial, "airdrop_unit"))
    low = run([*_airborne(faction_ctl=1), phase("combat"), _drop()])
    assert "its CTL is 1, below 2 (10.53D, 10.61A)" in messages(low, "airdrop_unit")[0]
    flown = UnitRedeployed(
        **AXIS,
        phase="movement",
        actor="germany",
        unit="ab1",
        kind="air_transport",
        origin="EUR:K35",
        destination="EUR:K35",
    )
    assert (
        "air- or sea-transported this player turn"
        in messages(run([*_airborne(), flown, phase("combat"), _drop()]), "airdrop_unit")[0]
    )
    assert messages(run([*_airborne(), phase("combat"), _drop()]), "airdrop_unit") == []


@pytest.mark.plants("AUD-10-16.C")
def test_an_airdrop_stays_within_the_air_transport_range() -> None:
    far = run([*_airborne(), phase("combat"), _drop(base="EUR:K33")])
    [message] = messages(far, "airdrop_flight")
    assert message.startswith("ab1 drops on EUR:K38 from EUR:K33, 5 hexes away: the air transport reaches 4 in Europe")


@pytest.mark.plants("AUD-10-20.A")
def test_no_airdrop_into_winter_three() -> None:
    data = make_map({"EUR:K38": {"weather_zone": "russian_winter", "terrain": "clear"}})
    cold = WeatherDetermined(**WHEN, phase="game_turn_start", zone="russian_winter", weather="winter", level=3)
    report = run([*_airborne(cold), phase("combat"), _drop()], data)
    assert messages(report, "airdrop_flight") == [
        "ab1 drops on EUR:K38 in winter effect 3 (3 or more) in the target hex (10.53E)"
    ]
    mild = WeatherDetermined(**WHEN, phase="game_turn_start", zone="russian_winter", weather="winter", level=2)
    assert messages(run([*_airborne(mild), phase("combat"), _drop()], data), "airdrop_flight") == []


@pytest.mark.plants("AUD-10-22", "AUD-10-23", "AUD-10-25")
def test_airdropped_units_attack_their_drop_hex_at_one_to_one_and_stay_put() -> None:
    base = [*_airborne(), phase("combat"), _drop()]
    elsewhere = attack([Attacker(unit="ab1", factors=1, role="airdropped")], [], hexes=("EUR:K39",))
    assert "dropped on EUR:K38 and attacks EUR:K39" in messages(run([*base, elsewhere]), "airdropped_units")[0]
    declared = attack(
        [Attacker(unit="ab1", factors=1, role="airdropped")], [Defender(unit="p1", factors=2, hex="EUR:K38")]
    )
    roll = DiceRolled(**AXIS, phase="combat", roll=1, purpose="crt", dice=[3])
    low = CombatRoundResolved(
        **AXIS, phase="combat", attack="a1", roll=1, result="A", attack_strength=1, defence_strength=4
    )
    assert "below 1:1 (10.55C)" in messages(run([*base, declared, roll, low]), "airdropped_units")[0]
    advance = AdvanceAfterCombat(**AXIS, phase="combat", attack="a1", moves=[Move(unit="ab1", to="EUR:K38")])
    assert "advances after combat" in messages(run([*base, advance]), "airdropped_units")[0]
    moves = [*base, phase("exploitation"), move("ab1", "EUR:K39", mf=1, phase="exploitation", exploitation=True)]
    assert "it may not advance after combat or move until the next game turn" in messages(run(moves), "mover")[0]
    stays = run([*base, phase("exploitation")])
    assert any("airdropped ab1 shares EUR:K38 with enemy units" in m for m in messages(stays, "gone_by_phase_end"))


@pytest.mark.plants("AUD-10-28.A", "AUD-10-28.B")
def test_the_chindit_drops_by_itself_and_never_onto_enemy_units() -> None:
    base = [
        created(),
        ctl("western_allies", 2),
        place("ch1", "britain", "chindit", "PAC:K30", factors=1),
        place("j1", "japan", "infantry", "PAC:K32"),
        turn("allied"),
        phase("combat", "allied"),
    ]

    def chindit_drop(target: str, transport: str = "inherent") -> AirdropMade:
        return AirdropMade(
            **ALLIED, phase="combat", actor="britain", unit="ch1", base="PAC:K30", target=target, transport=transport
        )  # type: ignore[arg-type]

    assert messages(run([*base, chindit_drop("PAC:K31")]), "airdrop_unit") == []
    assert (
        "never drops onto enemy ground units (j1" in messages(run([*base, chindit_drop("PAC:K32")]), "airdrop_unit")[0]
    )
    assert (
        "a Chindit needs no air transport" in messages(run([*base, chindit_drop("PAC:K31", "tr9")]), "airdrop_unit")[0]
    )


@pytest.mark.plants("AUD-10-28.C", "AUD-10-28.D")
def test_a_dropped_chindit_attacks_next_to_its_drop_hex_advances_and_is_never_unsupplied() -> None:
    """10.61D: "Chindits may not move in the combat phase in which they airdrop, but they may attack enemy units in
    an adjacent hex and advance after combat"; 10.62: "Chindits are always automatically in at least limited
    supply." ch1 drops on the empty PAC:K31, attacks j1 next to it in PAC:K32 and advances: clean (an airborne unit
    could do neither, 10.56); moving in the drop's combat phase, or attacking PAC:K34, two hexes away, is the fault;
    a Chindit determined unsupplied is one too."""
    base = [
        created(),
        ctl("western_allies", 2),
        place("ch1", "britain", "chindit", "PAC:K30", factors=1),
        place("j1", "japan", "infantry", "PAC:K32"),
        place("j2", "japan", "infantry", "PAC:K34"),
        turn("allied"),
        phase("combat", "allied"),
        AirdropMade(
            **ALLIED,
            phase="combat",
            actor="britain",
            unit="ch1",
            base="PAC:K30",
            target="PAC:K31",
            transport="inherent",
        ),
    ]
    near = attack([Attacker(unit="ch1", factors=1, origin="PAC:K31")], [], hexes=("PAC:K32",), side=ALLIED)
    onward = AdvanceAfterCombat(**ALLIED, phase="combat", attack="a1", moves=[Move(unit="ch1", to="PAC:K32")])
    checks = ("airdropped_units", "mover")
    assert [f for f in run([*base, near, onward]).findings if f.check in checks] == []
    far = attack([Attacker(unit="ch1", factors=1, origin="PAC:K31")], [], hexes=("PAC:K34",), side=ALLIED)
    assert messages(run([*base, far]), "airdropped_units") == [
        "Chindit ch1 dropped on PAC:K31 and attacks PAC:K34: it attacks only the units of its drop hex or of a hex "
        "next to it (10.61D)"
    ]
    walk = move("ch1", "PAC:K32", mf=1, actor="britain", side="allied", phase="combat")
    assert messages(run([*base, walk]), "mover") == [
        "Chindit ch1 airdropped in this combat phase and moves in it: Chindits may not move in the combat phase in "
        "which they airdrop (10.61D, 10.63)"
    ]
    later = move("ch1", "PAC:K32", mf=1, actor="britain", side="allied", phase="exploitation")
    assert messages(run([*base, phase("exploitation", "allied"), later]), "mover") == []
    assert messages(run([*base[:-1], supply("western_allies", ch1="partial")]), "airdrop_no_automatic_supply") == []
    assert messages(run([*base[:-1], supply("western_allies", ch1="unsupplied")]), "airdrop_no_automatic_supply") == [
        "Chindit ch1 is determined unsupplied: Chindits are always automatically in at least limited supply (10.62)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Chindits (AUD-10-31, 10-32, 10-33)


@pytest.mark.plants("AUD-10-33.A", "AUD-10-33.B")
def test_chindits_stay_on_the_southeast_asian_front_and_in_india_before_the_war() -> None:
    data = make_map(
        {
            "PAC:K31": {"front": "southeast_asian", "country": "burma"},
            "PAC:K29": {"front": "southeast_asian", "country": "india"},
            "PAC:L29": {"front": "asian", "country": "china"},
        }
    )
    base = [
        created(),
        place("ch1", "britain", "chindit", "PAC:K30", factors=1),
        turn("allied"),
        phase("movement", "allied"),
    ]
    burma = move("ch1", "PAC:K31", mf=1, actor="britain", side="allied")
    assert (
        "leaves India (PAC:K31, burma) before Britain and Japan are at war"
        in messages(run([*base, burma], data), "hexes_entered")[0]
    )
    at_war = [base[0], base[1], war("japan", "britain"), *base[2:]]
    assert messages(run([*at_war, burma], data), "hexes_entered") == []
    china = move("ch1", "PAC:L29", mf=1, actor="britain", side="allied")
    assert "on the asian front" in messages(run([*at_war, china], data), "hexes_entered")[0]


@pytest.mark.plants("AUD-10-31")
def test_chindits_occupy_jungle_but_no_other_rough_terrain_by_attrition() -> None:
    data = make_map({"PAC:K31": {"terrain": "mountain"}, "PAC:K32": {"terrain": "jungle"}})
    base = [
        created(),
        place("ch1", "britain", "chindit", "PAC:K30", factors=1),
        turn("allied"),
        phase("attrition", "allied"),
    ]

    def occupy(to: str) -> AttritionOccupation:
        return AttritionOccupation(**ALLIED, phase="attrition", attrition="t1", moves=[Move(unit="ch1", to=to)])

    assert "may occupy only jungle" in messages(run([*base, occupy("PAC:K31")], data), "chindit_attrition")[0]
    assert messages(run([*base, occupy("PAC:K32")], data), "chindit_attrition") == []


@pytest.mark.plants("AUD-10-32")
def test_one_chindit_built_in_india_on_the_british_limit() -> None:
    data = make_map({"PAC:K29": {"country": "india"}, "PAC:K31": {"country": "burma"}})

    def built(unit: str, where: str, payer: str = "britain") -> UnitBuilt:
        return UnitBuilt(
            **ALLIED,
            phase="unit_construction",
            unit=unit,
            owner="britain",
            nationality="britain",
            unit_type="chindit",
            factors=1,
            location=where,
            cost=3,
            payer=payer,
        )  # type: ignore[arg-type]

    assert messages(run([created(), built("ch1", "PAC:K29")], data), "chindit_count") == []
    second = run([created(), built("ch1", "PAC:K29"), built("ch2", "box:india")], data)
    assert "makes 2 Chindits; Britain has 1" in messages(second, "chindit_count")[0]
    assert (
        "built in burma: only in India" in messages(run([created(), built("ch1", "PAC:K31")], data), "chindit_count")[0]
    )
    assert "paid by usa" in messages(run([created(), built("ch1", "PAC:K29", "usa")], data), "chindit_count")[0]


@pytest.mark.plants("AUD-10-16.B", "AUD-10-17")
def test_an_airdrop_base_is_fully_supplied_and_the_airborne_unit_does_not_also_attack() -> None:
    cut = supply("european_axis", **{"EUR:K35": "partial"})
    short = run([*_airborne(), cut, phase("combat"), _drop()])
    assert "which was partial supplied at the initial supply determination" in messages(short, "airdrop_flight")[0]
    fed = run([*_airborne(), supply("european_axis", **{"EUR:K35": "full"}), phase("combat"), _drop()])
    assert messages(fed, "airdrop_flight") == []
    land = attack([Attacker(unit="ab1", factors=1, origin="EUR:K35")], [], hexes=("EUR:K36",))
    assert (
        "it attacks in a1 this combat phase"
        in messages(run([*_airborne(), phase("combat"), land, _drop()]), "airdrop_unit")[0]
    )
    after = attack([Attacker(unit="ab1", factors=1, origin="EUR:K38")], [], hexes=("EUR:K39",), ident="a2")
    assert (
        "airdropped this turn and also attacks in a2"
        in messages(run([*_airborne(), phase("combat"), _drop(), after]), "airdropped_units")[0]
    )


@pytest.mark.plants("AUD-10-27")
def test_zones_of_control_have_no_effect_on_airdrops() -> None:
    """10.58: ab1 drops from K34, in the ZoC of the British armor in L34, on L35, in the same ZoC: no check charges a
    ZoC, and the whole audit is clean; beside it, the same unit leaving K34 on foot pays the ZoC's 2 MF (13.41D).
    The hexes are the FICTIONAL test map's (examples/maps)."""
    from pathlib import Path

    from awaw_events.events import OffensiveDeclared
    from replays.maps import load_map_file

    data = load_map_file(Path(__file__).resolve().parents[2] / "examples/maps/fictional-test-map.yaml").data
    base = [
        created(),
        ctl("european_axis", 2),
        place("ab1", "germany", "airborne", "EUR:K34", factors=1, movement=3),
        place("tr1", "germany", "air_transport", "EUR:K34", factors=1),
        place("ba", "britain", "armor", "EUR:L34", factors=4),
        war("germany", "britain"),
        turn(),
    ]
    offensive = OffensiveDeclared(
        **AXIS, phase="movement", actor="germany", power="germany", front="eastern", kind="full", brp_cost=15
    )
    drop = AirdropMade(
        **AXIS, phase="combat", actor="germany", unit="ab1", base="EUR:K34", target="EUR:L35", transport="tr1"
    )
    dropped = run([*base, offensive, phase("combat"), drop], data)
    assert [(f.check, f.message) for f in dropped.findings] == []
    walked = run([*base, phase("movement"), move("ab1", "EUR:K35", mf=1)], data)
    assert messages(walked, "movement_cost") == [
        "ab1's move into EUR:K35 costs 3 MF (1 to enter EUR:K35 +2 ZoC; 13.41), recorded 1"
    ]


@pytest.mark.plants("AUD-10-18")
def test_an_airdrop_needs_an_offensive_on_its_front() -> None:
    from awaw_events.events import OffensiveDeclared

    data = make_map({"EUR:K38": {"front": "eastern"}})
    offensive = OffensiveDeclared(
        **AXIS, phase="movement", actor="germany", power="germany", front="eastern", kind="full", brp_cost=15
    )
    paid = run([*_airborne(), offensive, phase("combat"), _drop()], data)
    assert messages(paid, "airdrop_offensive") == []
    unpaid = run([*_airborne(), phase("combat"), _drop()], data)
    assert (
        "germany declared no offensive on the eastern front this player turn"
        in messages(unpaid, "airdrop_offensive")[0]
    )


@pytest.mark.plants("AUD-10-26")
def test_airdropped_units_get_no_automatic_supply_the_next_game_turn() -> None:
    def fed(source: str, season: str) -> SupplyDetermined:
        return SupplyDetermined(
            year=1941,
            season=season,  # type: ignore[arg-type]
            side="axis",
            phase="movement",
            faction="european_axis",
            determination="initial",
            results=[SupplyResult(subject="ab1", status="full", source=source)],
        )

    dropped = [*_airborne(), phase("combat"), _drop(), turn(season="fall"), phase("movement", season="fall")]
    found = messages(run([*dropped, fed("exploitation", "fall")]), "airdrop_no_automatic_supply")
    assert found == [
        "ab1 was airdropped last game turn and is supplied automatically (exploitation): airdropped units get no "
        "automatic supply in the next game turn (10.57)"
    ]
    assert messages(run([*dropped, fed("berlin", "fall")]), "airdrop_no_automatic_supply") == []
    later = [*dropped, turn(season="winter"), phase("movement", season="winter"), fed("exploitation", "winter")]
    assert messages(run(later), "airdrop_no_automatic_supply") == []
