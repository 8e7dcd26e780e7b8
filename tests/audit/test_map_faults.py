"""Every check that needs map data finds a planted fault on the fictional test map (examples/maps).

The list of those checks is generated, never kept by hand: every check :func:`replays.mapwork.needs.map_needs` reads
off the checks' own code (they can say "not checked: no map data"), and every check the shipped example sees say
so. Each must have a case here: a few events on the test map's hexes that plant a fault the check finds with the
test map, and does not find with the shipped rule-texts data (where it can only say "not checked"), so that the
finding rests on the map's facts. A new map-aware check without a case fails the suite
(:func:`test_every_check_that_needs_map_data_has_a_planted_fault`).

The cases go through the public audit (:func:`replays.audit.catalogue.audit`), never a check's internals.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Final

import pytest

from awaw_events.codec import decode
from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    AttritionResolved,
    BreakthroughCreated,
    BridgeheadPlaced,
    CtlSet,
    DiceRolled,
    Event,
    FortificationBuilt,
    FortificationPlaced,
    HexControlChanged,
    MapDataUsed,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilMoved,
    OilProduced,
    OverrunResolved,
    RailheadBuilt,
    SeaSupplyTraced,
    StatusChanged,
    TensionChanged,
    UnitEliminated,
    UnitMoved,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from awaw_events.store import Numbered
from projections.rules.geometry import DEFAULT_GRID
from projections.rules.mapdata import MapData
from replays.audit.catalogue import audit
from replays.audit.engine import map_gap
from replays.maps import load_map_file, shipped_map_data
from replays.mapwork.needs import map_needs
from tests.build import (
    FALL,
    WHEN,
    built,
    controlled,
    created,
    declared,
    end,
    ended,
    make,
    mission,
    moved,
    phase,
    place,
    placed,
    records,
    res,
    reserve,
    supplied,
    supply,
    turn,
    war,
    when,
)
from tests.build import move as ground_move

ROOT = Path(__file__).resolve().parents[2]
TEST_MAP = load_map_file(ROOT / "examples" / "maps" / "fictional-test-map.yaml").data
SHIPPED = shipped_map_data().data
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"

Case = Callable[[], list[Event]]
"""The events of a game (``created()`` first, the test map declared second) with one planted fault."""
CASES: dict[str, Case] = {}


def case(check: str) -> Callable[[Case], Case]:
    def add(function: Case) -> Case:
        assert check not in CASES, check
        CASES[check] = function
        return function

    return add


def start(*events: Event) -> list[Event]:
    """A game on the test map: ``game_created``, the test map's ``map_data_used``, then ``events``."""
    return [created(), declared(TEST_MAP), *events]


def findings(events: list[Event], data: MapData, check: str) -> list[str]:
    """The messages of ``check``'s findings when the game's declaration names ``data``."""
    listed = [declared(data) if isinstance(e, MapDataUsed) else e for e in events]
    report = audit(records(listed), maps=lambda ref: (data, None) if ref.sha256 == data.sha256 else (None, "no"))
    return [f.message for f in report.findings if f.check == check]


# ---------------------------------------------------------------------------------------------------------------------
# The list, generated


@cache
def example_gaps() -> frozenset[str]:
    """The checks the shipped example sees say "no map data" (with no map data, and with the shipped data)."""
    logged = [Numbered(n, decode(line)) for n, line in enumerate(EXAMPLE.read_bytes().splitlines(), start=1)]
    found: set[str] = set()
    for maps in (None, lambda _: (SHIPPED, None)):
        report = audit(logged, maps=maps)
        found |= {s.check for s in report.skipped if map_gap(s)}  # type: ignore[arg-type]
    return frozenset(found)


def map_aware() -> set[str]:
    """Every check that needs map data: read off the checks, and seen on the shipped example."""
    return {n.check for n in map_needs()} | example_gaps()


# ---------------------------------------------------------------------------------------------------------------------
# The cases: ground movement and stacking (13, 12)

AXIS_MOVE = {**WHEN, "side": "axis", "phase": "movement"}


@case("movement_cost")
def _mountain_costs_two() -> list[Event]:
    # Q31 (clear, Germany) into R30 (mountain): 2 MF, recorded 1 (13.41C)
    return start(place("g1", "germany", "EUR:Q31"), turn(), phase("movement"), ground_move("g1", "EUR:R30", mf=1))


@case("hexes_entered")
def _no_ground_unit_enters_a_lake() -> list[Event]:
    # J38 into the Masurian lake J39 (13.43A: a lake hex is all-water)
    return start(place("g1", "germany", "EUR:J38"), turn(), phase("movement"), ground_move("g1", "EUR:J39", mf=1))


@case("stacks")
def _no_ground_unit_ends_a_phase_at_sea() -> list[Event]:
    return start(place("g1", "germany", "EUR:J34"), turn(), phase("movement"))


# ---------------------------------------------------------------------------------------------------------------------
# Construction (27)


@case("home_country")
def _germans_built_in_poland() -> list[Event]:
    return start(built("g1", "infantry", 3, "EUR:L37"))


@case("sw_naval_placement")
def _a_german_submarine_placed_in_poland() -> list[Event]:
    return start(built("s1", "submarine", 1, "EUR:K36"))


@case("build_location")
def _a_submarine_built_inland() -> list[Event]:
    return start(built("s1", "submarine", 1, "EUR:L32"))


# ---------------------------------------------------------------------------------------------------------------------
# Redeployment (28)


@case("nr_origin")
def _an_nr_from_a_hex_that_is_no_port() -> list[Event]:
    return start(placed("dd", "dd", 1, "EUR:K33"), moved("dd", "NR", "EUR:K33", "EUR:J30"))


@case("sr_ends")
def _an_sr_to_a_hex_that_is_no_objective() -> list[Event]:
    return start(placed("g1", "infantry", 3, "EUR:L32"), moved("g1", "SR", "EUR:L32", "EUR:M31"))


@case("sr_caps")
def _three_ground_units_srd_into_one_objective() -> list[Event]:
    units = [placed(f"g{n}", "infantry", 3, h) for n, h in enumerate(("EUR:K33", "EUR:K34", "EUR:M28"))]
    srs = [moved(f"g{n}", "SR", h, "EUR:L32") for n, h in enumerate(("EUR:K33", "EUR:K34", "EUR:M28"))]
    return start(*units, *srs)


# ---------------------------------------------------------------------------------------------------------------------
# Hex control (29)


@case("control_cause")
def _a_sea_hex_controlled() -> list[Event]:
    later = {"year": 1941, "season": "summer", "side": "axis", "phase": "movement"}
    return start(place("g1", "germany", "EUR:K33"), turn(), make_control("EUR:J34", "germany", later))


def make_control(hex_: str, controller: str, moment: dict[str, object], cause: str = "movement") -> Event:
    return make(HexControlChanged, moment, hex=hex_, controller=controller, cause=cause)


@case("ally_hexes")
def _an_ally_keeps_a_recaptured_home_hex() -> list[Event]:
    allied = {"year": 1941, "season": "summer", "side": "allied", "phase": "movement"}
    return start(
        place("brit-1", "britain", "EUR:Q23"),
        controlled("EUR:Q24", "germany"),
        turn(side="allied"),
        make(UnitMoved, allied, actor="britain", unit="brit-1", path=["EUR:Q24"]),
        make_control("EUR:Q24", "britain", allied),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Weather (34): the test map's zones. J40 and J41 (Poland) and K41 (Russia) lie in the Russian winter zone.


def at_(year: int, season: str, side: str | None = None, phase_: str | None = None) -> dict[str, object]:
    found: dict[str, object] = {"year": year, "season": season}
    if side is not None:
        found["side"] = side
    if phase_ is not None:
        found["phase"] = phase_
    return found


def winter_level(level: int, year: int = 1941) -> list[Event]:
    """The Russian winter zone at ``level`` this winter (no die: the level as recorded), and the preparations at
    their starts."""
    when_ = at_(year, "winter", phase_="game_turn_start")
    setup = at_(1939, "fall", phase_="setup")
    return [
        make(WinterPreparationChanged, setup, faction="european_axis", level=0, cause="setup"),
        make(WinterPreparationChanged, setup, faction="russia", level=6, cause="setup"),
        make(WeatherDetermined, when_, zone="russian_winter", weather="winter", level=level),
    ]


def overrun(target: str, unit_id: str, moment: dict[str, object]) -> Event:
    return make(
        OverrunResolved,
        moment,
        overrun="o1",
        units=[UnitFactors(unit=unit_id, factors=4)],
        target=target,
        defence_strength=1,
        attack_strength=9,
        success=True,
    )


@case("mud")
def _a_german_overrun_in_mud() -> list[Event]:
    mud = make(WeatherDetermined, at_(1942, "spring", phase_="game_turn_start"), zone="russian_winter", weather="mud")
    return start(
        place("ger-arm-1", "germany", "EUR:J39", "armor", 4),
        place("rus-inf-1", "russia", "EUR:J40"),
        mud,
        overrun("EUR:J40", "ger-arm-1", at_(1942, "spring", "axis", "movement")),
    )


@case("winter_gates")
def _an_overrun_at_winter_level_seven() -> list[Event]:
    return start(
        place("ger-arm-1", "germany", "EUR:J39", "armor", 4),
        place("rus-inf-1", "russia", "EUR:J40"),
        *winter_level(7),
        overrun("EUR:J40", "ger-arm-1", at_(1941, "winter", "axis", "movement")),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Fortifications (32)


def fort(power: str, hexes: list[str], moment: dict[str, object] | None = None, **kw: object) -> Event:
    return make(
        FortificationBuilt,
        moment or at_(1941, "summer", "axis", "unit_construction"),
        power=power,
        kind=kw.pop("kind", "fortification"),
        hexes=hexes,
        brp_cost=5,
        rp_cost=1,
        **kw,
    )


@case("fortification_terrain")
def _a_fortification_on_open_ground() -> list[Event]:
    return start(fort("germany", ["EUR:K31"]))  # clear, no city, no beach


@case("fortification_winter")
def _a_fortification_under_winter_level_seven() -> list[Event]:
    return start(*winter_level(7), fort("germany", ["EUR:K39"], at_(1941, "winter", "axis", "unit_construction")))


# ---------------------------------------------------------------------------------------------------------------------
# Supply (30), oil reserves (33), combat (15)


@case("supply_sources")
def _supply_from_a_capital_the_enemy_holds() -> list[Event]:
    # Berlin (L32) is held by Russia while Germany has not surrendered: it supplies neither side (30.263)
    return start(
        place("ger-1", "germany", "EUR:L33"),
        controlled("EUR:L32", "russia"),
        turn(),
        supply("european_axis", "initial", [res("ger-1", "full", "berlin")]),
    )


@case("reserve_declared")
def _a_reserve_maximum_below_the_german_objectives() -> list[Event]:
    # Berlin, Breslau, Cologne, Essen and Leipzig are named: 10 counters (33.422A), declared 8
    return start(*reserve("european_axis", "european_axis", 40, 40))


@case("reserve_maximum_by_control")
def _essen_lost_and_the_reserve_kept() -> list[Event]:
    essen = make_control("EUR:M28", "russia", at_(1945, "spring", "allied", "combat"), "advance_after_combat")
    return start(*reserve("european_axis", "european_axis", 50, 50), essen, end(at_(1945, "spring", "axis")))


def defender(unit_id: str, hex_: str, *dms: tuple[str, int, str]) -> Defender:
    modifiers = [
        Modifier(code="basic", value=2, rule="15.32A"),
        *(Modifier(code=c, value=v, rule=r) for c, v, r in dms),
    ]
    return Defender(unit=unit_id, factors=2, hex=hex_, dms=modifiers)


@case("dm_applies")
def _a_rough_terrain_dm_on_clear_ground() -> list[Event]:
    combat = at_(1941, "summer", "axis", "combat")
    return start(
        place("ger-1", "germany", "EUR:L33"),
        place("pol-1", "britain", "EUR:L34", nationality="poland", factors=2),
        war("germany", "britain"),
        turn(),
        make(
            AttackDeclared,
            combat,
            attack="a1",
            defender_hexes=["EUR:L34"],
            attackers=[Attacker(unit="ger-1", factors=3, origin="EUR:L33")],
            defenders=[defender("pol-1", "EUR:L34", ("rough", 1, "15.32D"))],
        ),
    )


def a_german_pocket(*events: Event) -> list[Event]:
    """Germany at war with Poland, allied to the Western Allies, every land hex of the test map's region held by
    its own country but EUR:N38 (Poland, deep in the region), held by Germany: a pocket the map shows cut off from
    Berlin (the region's one Axis source, L32), then ``events``. No determination records its supply."""
    allied = StatusChanged(**AXIS_DIPLOMACY, country="poland", status="allied", faction="western_allies")
    region = [
        controlled(f.hex, "germany" if f.hex == POCKET else f.country)
        for f in TEST_MAP.hexes
        if f.country and f.terrain not in (None, "sea") and f.hex[4] in "GHIJKLMNOPQR"
    ]
    return start(war("germany", "poland"), allied, *region, *events)


AXIS_DIPLOMACY = {**WHEN, "side": "axis", "phase": "diplomacy"}
POCKET = "EUR:N38"


@case("construction_needs_full_supply")
def _a_unit_built_in_a_pocket() -> list[Event]:
    return a_german_pocket(built("g9", "infantry", 3, POCKET))  # 30.61D: only in fully supplied hexes


@case("redeployment_eligible")
def _a_unit_in_a_pocket_redeployed() -> list[Event]:
    return a_german_pocket(placed("g1", "infantry", 3, POCKET), moved("g1", "SR", POCKET, "EUR:L32"))  # 28.22A


@case("land_supply_lines")
def _a_pocket_recorded_in_full_supply() -> list[Event]:
    return a_german_pocket(placed("g1", "infantry", 3, POCKET), supplied("european_axis", {POCKET: "full"}))  # 30.321


@case("build_supply")
def _a_unit_built_in_a_pocket_recorded_fully_supplied() -> list[Event]:
    return a_german_pocket(built("g9", "infantry", 3, POCKET, supply="full"))  # 27.43A: it takes its hex's status


@case("fortification_control")
def _a_fortification_in_a_pocket() -> list[Event]:
    return a_german_pocket(fort("germany", [POCKET], at_(1941, "fall", "axis", "unit_construction")))  # 32.13B


@case("redeployment_path")
def _an_sr_into_a_pocket() -> list[Event]:
    return a_german_pocket(placed("g1", "infantry", 3, "EUR:L32"), moved("g1", "SR", "EUR:L32", POCKET))  # 28.23


@case("russian_build_supply")
def _a_russian_unit_built_in_a_russian_hex_ringed_by_germans() -> list[Event]:
    # 27.43B: N38 Russian, its six neighbours German: no line leaves it, so none reaches the Urals box
    ring = [controlled(h, "germany") for h in DEFAULT_GRID.neighbours(POCKET)]
    return start(*ring, controlled(POCKET, "russia"), built("r9", "infantry", 3, POCKET, owner="russia"))


@case("partial_supply_impairments")
def _a_submarine_in_an_unfortified_partially_supplied_port_intercepts() -> list[Event]:
    # 30.524A: Kiel (J30) is a port with no fortification on the test map, so its partially supplied submarine may not
    # intercept (a fortified one may, 32.248)
    return start(
        placed("u1", "submarine", 1, "EUR:J30"),
        supplied("european_axis", {"u1": "partial"}),
        mission(["u1"], "naval_interception", phase="movement"),
    )


@case("one_line_per_zone")
def _two_sea_lines_into_one_stretch_of_german_coast() -> list[Event]:
    # 30.342: Kiel (J30) and Wilhelmshaven (K29) are linked by German land on the test map: one supply zone,
    # however the two lines name their zones
    def line(name: str, port: str) -> SeaSupplyTraced:
        return make(
            SeaSupplyTraced,
            WHEN,
            side="axis",
            phase="initial_supply",
            faction="european_axis",
            line=name,
            determination="initial",
            origin="EUR:AA25",
            destination=port,
            zone=name,
        )

    return start(turn(), line("kiel", "EUR:J30"), line("wilhelmshaven", "EUR:K29"))


# ---------------------------------------------------------------------------------------------------------------------
# Redeployment over water (28.321)


@case("ground_over_water")
def _a_ground_unit_redeployed_across_the_oresund() -> list[Event]:
    # H32 (Copenhagen) and H33 (Malmo) share an all-ocean hexside: no ground SR across it without escort
    return start(placed("g1", "infantry", 3, "EUR:H32"), moved("g1", "SR", "EUR:H32", "EUR:H33"))


# ---------------------------------------------------------------------------------------------------------------------
# Bridgeheads (31)


def bridgehead(hex_: str, cause: str, ref: str, first: str, moment: dict[str, object]) -> Event:
    return make(BridgeheadPlaced, moment, hex=hex_, faction="european_axis", cause=cause, ref=ref, first_unit=first)


@case("bridgehead_seaborne")
def _a_seaborne_bridgehead_on_a_hex_with_no_beach() -> list[Event]:
    # K36 (Poland's port) is neither a beach hex nor a one-hex island (31.22)
    combat = at_(1941, "summer", "axis", "combat")
    invading = Attacker(unit="ger-inf-8", factors=3, hexside="sea", role="invading")
    return start(
        controlled("EUR:K36", "poland"),
        place("ger-inf-8", "germany", "EUR:J36"),
        turn(),
        make(AttackDeclared, combat, attack="k36", kind="invasion", defender_hexes=["EUR:K36"], attackers=[invading]),
        make(AdvanceAfterCombat, combat, attack="k36", moves=[Move(unit="ger-inf-8", to="EUR:K36")]),
        make_control("EUR:K36", "germany", combat, "advance_after_combat"),
        bridgehead("EUR:K36", "seaborne_invasion", "k36", "ger-inf-8", combat),
    )


@case("bridgehead_superfluous")
def _a_bridgehead_on_an_island_with_no_enemy_near() -> list[Event]:
    # I36 (Bornholm) is a one-hex island: its seaborne bridgehead needs no sea supply (31.41C)
    combat = at_(1941, "summer", "axis", "combat")
    return start(
        place("ger-inf-8", "germany", "EUR:I36"),
        turn(),
        bridgehead("EUR:I36", "seaborne_invasion", "i36", "ger-inf-8", combat),
        end(at_(1941, "summer", "axis")),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Attrition occupation (14.62)


@case("attrition_occupation")
def _attrition_takes_warsaw() -> list[Event]:
    # EX-15's shape (14.62): 15 German factors attrition two Polish units in Warsaw (L37) and one in L38; roll 5, 1C/1H,
    # the loss taken in L38; occupying Warsaw, a capital, objective and IC, is barred (14.62C)
    moment = {"year": 1943, "season": "summer", "side": "axis", "phase": "attrition"}
    germans = [place(f"b{i}", "germany", "EUR:L36") for i in range(5)]
    poles = [place(u, "britain", h, nationality="poland") for u, h in (("x0", "EUR:L37"), ("x1", "EUR:L37"))]
    return start(
        *germans,
        *poles,
        place("y0", "britain", "EUR:L38", nationality="poland"),
        make(CtlSet, at_(1939, "fall", phase_="setup"), faction="european_axis", domain="ground", level=1),
        make(CtlSet, at_(1939, "fall", phase_="setup"), faction="western_allies", domain="ground", level=1),
        make(
            AttritionDeclared,
            moment,
            attrition="z1",
            attacker="european_axis",
            target="western_allies",
            front="eastern",
            counted=[UnitFactors(unit=f"b{i}", factors=3) for i in range(5)],
            factors=15,
            defenders=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1", "y0")],
        ),
        make(DiceRolled, moment, roll=1, purpose="attrition", dice=[5]),
        make(AttritionResolved, moment, attrition="z1", roll=1, losses=1, hexes=1),
        make(AttritionLossesTaken, moment, attrition="z1", losses=[UnitFactors(unit="y0", factors=3)]),
        make(UnitEliminated, moment, unit="y0", cause="attrition", ref="z1"),
        make(AttritionOccupation, moment, attrition="z1", hexes=["EUR:L37"], moves=[Move(unit="b0", to="EUR:L37")]),
    )


@case("starting_fortifications")
def _a_fortress_at_the_start_in_berlin() -> list[Event]:
    # the test map names L32 Berlin: no fortification of 32.4 stands there (Gibraltar, Malta and Singapore are named)
    return start(
        make(FortificationPlaced, at_(1939, "fall", phase_="setup"), hex="EUR:L32", kind="fortress", owner="germany")
    )


@case("fortification_counters")
def _beach_defenses_on_a_coast_with_no_beach() -> list[Event]:
    # K35 is a beach hex, K34 is not (32.52)
    moment = at_(1941, "summer", "allied", "unit_construction")
    return start(fort("britain", ["EUR:K35", "EUR:K34"], moment, kind="beach_defense"))


@case("fortification_zoc")
def _a_fortification_in_the_zoc_of_armor_across_a_river() -> list[Event]:
    # M30 and M31 share a river hexside, which European ZoCs cross (10.342)
    return start(
        place("rus-arm-1", "russia", "EUR:M31", "armor", 4),
        war("germany", "russia"),
        fort("germany", ["EUR:M30"]),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Railheads, sea supply, commandos, naval air


@case("railhead_site")
def _a_railhead_on_an_objective() -> list[Event]:
    # Poznan (L34) is a city and an objective: no railhead there (28.653)
    return start(
        controlled("EUR:L34", "germany"),
        supplied("european_axis", {"EUR:L34": "full"}),
        make(
            RailheadBuilt,
            at_(1939, "fall", "axis", "unit_construction"),
            power="germany",
            hex="EUR:L34",
            brp_cost=5,
            rp_cost=2,
        ),
    )


@case("sea_line_ends")
def _a_sea_supply_line_ending_on_a_coast_with_no_port() -> list[Event]:
    # J30 (Kiel) is a port, K34 is not (30.331B)
    moment = at_(1941, "summer", "axis", "initial_supply")
    line = make(
        SeaSupplyTraced, moment, faction="european_axis", line="l1", determination="initial", origin="EUR:J30",
        destination="EUR:K34", zone="baltic",
    )  # fmt: skip
    return start(turn(), line)


@case("commando_raid")
def _a_commando_raid_on_a_hex_with_no_port() -> list[Event]:
    combat = at_(1941, "summer", "allied", "combat")
    raider = Attacker(unit="c1", factors=1, origin="EUR:J34", role="invading", hexside="sea")
    return start(
        make(CtlSet, at_(1939, "fall", phase_="setup"), faction="western_allies", domain="ground", level=2),
        place("c1", "britain", "EUR:J34", "commando", 1),
        turn(side="allied"),
        phase("combat", "allied"),
        make(AttackDeclared, combat, attack="a1", kind="invasion", defender_hexes=["EUR:K34"], attackers=[raider]),
    )


@case("naval_air_at_sea")
def _naval_air_flown_to_a_sea_hex() -> list[Event]:
    return start(placed("nas", "nas", 1, "EUR:K33"), moved("nas", "TR", "EUR:K33", "EUR:J34"))


@case("overrun_winter")
def _an_overrun_in_the_russian_winter() -> list[Event]:
    # J40 lies in the Russian winter zone, at level 7 for the Axis (13.57: none from 3)
    return start(
        place("ger-arm-1", "germany", "EUR:K39", "armor", 4),
        place("rus-inf-1", "russia", "EUR:J40"),
        *winter_level(7),
        overrun("EUR:J40", "ger-arm-1", at_(1941, "winter", "axis", "movement")),
    )


@case("winter_mountains")
def _a_breakthrough_in_a_mountain_hex_in_winter() -> list[Event]:
    # Q35 is a mountain hex of the eastern front (34.23B)
    combat = at_(1941, "winter", "axis", "combat")
    return start(
        place("ger-arm-1", "germany", "EUR:Q34", "armor", 4),
        *winter_level(1),
        make(BreakthroughCreated, combat, breakthrough="b1", attack="a1", hex="EUR:Q35", armor="ger-arm-1"),
    )


@case("preparation_automatic")
def _the_automatic_increase_with_no_unit_in_the_zone() -> list[Event]:
    # L32 (Berlin) is in the western zone, not the Russian winter zone (34.432)
    end_ = at_(1941, "winter", phase_="end_of_game_turn")
    return start(
        place("ger-inf-1", "germany", "EUR:L32"),
        *winter_level(3)[:2],
        war("germany", "russia"),
        make(WinterPreparationChanged, end_, faction="european_axis", level=2, cause="automatic", units=["ger-inf-1"]),
    )


@case("axis_winter_ops")
def _two_axis_attacks_in_the_russian_winter_zone_at_level_eight() -> list[Event]:
    # at level 8 the Axis may make one operation in the Russian winter zone (34.23E)
    combat = at_(1941, "winter", "axis", "combat")

    def attack(name: str, unit_id: str, target: str, defender_id: str) -> Event:
        return make(
            AttackDeclared,
            combat,
            attack=name,
            defender_hexes=[target],
            attackers=[Attacker(unit=unit_id, factors=3, origin="EUR:K39")],
            defenders=[Defender(unit=defender_id, factors=3, hex=target)],
        )

    return start(
        place("ger-inf-1", "germany", "EUR:K39"),
        place("ger-inf-2", "germany", "EUR:K39"),
        place("rus-inf-1", "russia", "EUR:K40"),
        place("rus-inf-2", "russia", "EUR:J40"),
        *winter_level(8),
        attack("a1", "ger-inf-1", "EUR:K40", "rus-inf-1"),
        attack("a2", "ger-inf-2", "EUR:J40", "rus-inf-2"),
    )


@case("diplomatic_transfer")
def _a_rumanian_hex_passed_by_diplomacy_without_a_result() -> list[Event]:
    # Q38 is Rumanian on the test map; no diplomatic result for Rumania this turn (29.41)
    return start(turn(), make_control("EUR:Q38", "germany", at_(1941, "summer", "axis", "diplomacy"), "diplomacy"))


@case("isolation_transfer")
def _an_industrial_centre_evaporates() -> list[Event]:
    # a Russian pocket in Warsaw (L37), ringed by German hexes: an IC never evaporates (29.31)
    ring = ("EUR:L36", "EUR:L38", "EUR:K37", "EUR:K38", "EUR:M36", "EUR:M37")
    return start(
        controlled("EUR:L37", "russia"),
        *(controlled(h, "germany") for h in ring),
        place("ger-1", "germany", "EUR:L36"),
        turn(side="allied", season="summer"),
        supply("russia", "initial", [res("EUR:L37", "isolated")], "summer", side_="allied"),
        turn(side="axis", season="fall"),
        supply("european_axis", "initial", [res("ger-1")], "fall"),
        supply("european_axis", "post_combat", [res("EUR:L36")], "fall"),
        make(
            HexControlChanged,
            when("fall", phase="post_combat_supply"),
            hex="EUR:L37",
            controller="germany",
            cause="isolation",
        ),
    )


@case("oil_source_access")
def _oil_drawn_from_ploesti_held_by_partisans() -> list[Event]:
    # the test map names Ploesti (R39): partisans hold it, and it produces no oil (33.33B)
    rising = make_control("EUR:R39", "russia", at_(1942, "spring", "allied", "combat"), "partisans")
    produced = make(
        OilProduced, at_(1942, "summer", "allied", "oil_adjustment"), faction="russia", source="ploesti", amount=5
    )
    return start(rising, produced)


@case("capture_damage")
def _capture_damage_at_ploesti_when_nobody_took_it() -> list[Event]:
    # the test map places Ploesti at R39, which did not change hands this turn (33.33B)
    combat = at_(1942, "summer", "axis", "combat")
    return start(make(OilFacilityDamaged, combat, facility="ploesti", markers=1, cause="capture"))


@case("oil_repair")
def _germany_repairs_ploesti_which_russia_holds() -> list[Event]:
    bombed = make(
        OilFacilityDamaged, at_(1942, "summer", "allied", "combat"), facility="ploesti", markers=1, cause="bombing"
    )
    repaired = make(
        OilFacilityRepaired,
        at_(1942, "fall", "axis", "end_of_player_turn"),
        power="germany",
        facility="ploesti",
        markers=1,
    )
    return start(controlled("EUR:R39", "russia"), bombed, repaired)


# ---------------------------------------------------------------------------------------------------------------------
# Airdrops (10.53), the A3R garrison (App. E)


def airborne(base: str, target: str, season: str = "summer") -> list[Event]:
    """A German airborne unit and its air transport in ``base``, a Russian unit in ``target``, at war."""
    return [
        make(CtlSet, at_(1939, "fall", phase_="setup"), faction="european_axis", domain="ground", level=2),
        place("ab1", "germany", base, "airborne", 1, movement=3),
        place("tr1", "germany", base, "air_transport", 1),
        place("r1", "russia", target),
        war("germany", "russia"),
        turn(season=season),
        phase("movement", season=season),
    ]


def drop(base: str, target: str, season: str = "summer") -> Event:
    return make(
        AirdropMade,
        at_(1941, season, "axis", "combat"),
        actor="germany",
        unit="ab1",
        base=base,
        target=target,
        transport="tr1",
    )


@case("airdrop_offensive")
def _an_airdrop_on_a_front_with_no_offensive() -> list[Event]:
    # K40 is on the eastern front of the test map; Germany declared no offensive there (10.53C)
    return start(*airborne("EUR:K38", "EUR:K40"), phase("combat"), drop("EUR:K38", "EUR:K40"))


@case("airdrop_flight")
def _an_airdrop_into_the_russian_winter() -> list[Event]:
    # K40 lies in the Russian winter zone, at level 7 (10.53E)
    return start(
        *winter_level(7),
        *airborne("EUR:K38", "EUR:K40", "winter"),
        phase("combat", season="winter"),
        drop("EUR:K38", "EUR:K40", "winter"),
    )


@case("german_garrison")
def _too_few_german_factors_on_the_east_front() -> list[Event]:
    # A3R App. E: RGT 21 needs 20 German ground factors on the East front; M35 is on it, K30 is not
    level = make(TensionChanged, at_(1939, "fall", phase_="setup"), track="rgt", old=0, new=21)
    poland = make(StatusChanged, at_(1939, "fall", phase_="setup"), country="poland", status="conquered")
    east = [place(f"ger-{n}", "germany", "EUR:M35", factors=5) for n in range(3)]
    return [
        created(rules="a3r"),
        declared(TEST_MAP),
        level,
        poland,
        *east,
        place("ger-w", "germany", "EUR:K30", factors=9),
        turn(),
        end(at_(1941, "summer", "axis")),
    ]


@case("fortification_nationality")
def _germany_fortifies_italy_before_its_surrender() -> list[Event]:
    return start(fort("germany", ["EUR:Y23"]))  # Rome is Italian on the test map (32.14E)


@case("location_limits")
def _japanese_armor_built_in_korea() -> list[Event]:
    # PAC:K27 is Korean on the test map: no Japanese armor is built there (27.471)
    return start(built("j4", "armor", 1, "PAC:K27", owner="japan"))


@case("railhead_rules")
def _an_italian_railhead_in_germany() -> list[Event]:
    # Italy builds railheads in Italy, or in a Mediterranean island or colony with an Italian unit (28.654E)
    moment = at_(1941, "summer", "axis", "unit_construction")
    return start(make(RailheadBuilt, moment, power="italy", hex="EUR:L32", brp_cost=5, rp_cost=2))


@case("inversion_holds")
def _an_air_unit_srd_to_another_front_flies_at_once() -> list[Event]:
    # L32 is on the western front and M35 on the eastern: the air unit stays inverted through the Allied turn (28.81)
    return start(
        placed("ger-aaf", "aaf", 5, "EUR:L32"),
        moved("ger-aaf", "SR", "EUR:L32", "EUR:M35", segment="SR"),
        ended("axis", FALL),
        mission(["ger-aaf"], "das", side="allied"),
    )


@case("russian_mud_ctl")
def _russian_armor_exploits_through_mud_at_its_full_ctl() -> list[Event]:
    # J41 and J40 lie in the Russian winter zone, in mud this spring: armor exploiting through them loses a CTL (34.221)
    spring = at_(1942, "spring", phase_="game_turn_start")
    allied = at_(1942, "spring", "allied", "combat")
    return start(
        place("ger-inf-1", "germany", "EUR:K39"),
        place("rus-arm-1", "russia", "EUR:J41", "armor", 4),
        make(WeatherDetermined, spring, zone="russian_winter", weather="mud"),
        make(WeatherDetermined, spring, zone="eastern_poland", weather="clear"),
        make(CtlSet, at_(1939, "fall", phase_="setup"), faction="russia", domain="ground", level=3),
        make(BreakthroughCreated, allied, breakthrough="b1", attack="r1", hex="EUR:J41", armor="rus-arm-1"),
        make(
            UnitMoved,
            at_(1942, "spring", "allied", "exploitation"),
            unit="rus-arm-1",
            path=["EUR:J40"],
            exploitation=True,
            breakthrough="b1",
        ),
        make(
            AttackDeclared,
            at_(1942, "spring", "allied", "exploitation"),
            attack="x1",
            kind="exploitation",
            defender_hexes=["EUR:K39"],
            attackers=[Attacker(unit="rus-arm-1", factors=4, ctl=3, armor=True)],
            defenders=[Defender(unit="ger-inf-1", factors=3, hex="EUR:K39")],
        ),
    )


@case("sea_supply_protection")
def _a_line_to_the_western_front_protected_from_the_pacific_sw_box() -> list[Event]:
    # H32 is on the western front of the test map: a Pacific SW box destroyer may not protect a line there (30.3611)
    moment = at_(1941, "summer", "allied", "initial_supply")
    line = make(
        SeaSupplyTraced, moment, faction="western_allies", line="l1", determination="initial", origin="EUR:J38",
        destination="EUR:H32", zone="baltic", protection=["brit-dd"],
    )  # fmt: skip
    return start(place("brit-dd", "britain", "sw:pacific", "dd", 1), turn(side="allied"), line)


# ---------------------------------------------------------------------------------------------------------------------
# The Pacific places the test map names on made-up hexes: Pearl Harbor (PAC:R50), Manila (PAC:V30), Balikpapan
# (PAC:Y30)


def japanese_invasion(target: str, defenders: int, listed: int) -> list[Event]:
    """A Japanese invasion of ``target`` from PAC:R49 with ``defenders`` U.S. infantry there, ``listed`` of them
    recorded as defending."""
    combat = at_(1941, "winter", "axis", "combat")
    invader = Attacker(unit="j1", factors=3, origin="PAC:R49", role="invading", hexside="sea")
    declared_ = make(
        AttackDeclared, combat, actor="japan", attack="a1", kind="invasion", defender_hexes=[target],
        attackers=[invader], defenders=[Defender(unit=f"u{n}", factors=3, hex=target) for n in range(listed)],
    )  # fmt: skip
    units = [place("j1", "japan", "PAC:R49"), *(place(f"u{n}", "usa", target) for n in range(defenders))]
    return start(*units, war("japan", "usa"), turn(season="winter"), phase("combat", season="winter"), declared_)


@case("pearl_harbor_defenders")
def _three_americans_defend_pearl_harbor_against_a_japanese_invasion() -> list[Event]:
    # 12.19: two non-specialized units defend Pearl Harbor (R50 on the test map) against a Japanese invasion
    return japanese_invasion("PAC:R50", defenders=3, listed=3)


@case("collective_attack")
def _a_japanese_invasion_of_manila_leaves_one_defender_out() -> list[Event]:
    # 15.41: Manila (V30 on the test map) is not Pearl Harbor, so 12.19's exception does not hold
    return japanese_invasion("PAC:V30", defenders=3, listed=2)


@case("japanese_initial_conquests")
def _the_philippines_pass_while_the_americans_hold_manila() -> list[Event]:
    # 29.54: the Philippines pass to Japan only once Japan controls Manila (V30 on the test map)
    combat = at_(1941, "winter", "axis", "combat")
    rest = make_control("PAC:V31", "japan", combat, "philippines_initial")
    return start(controlled("PAC:V30", "usa"), controlled("PAC:V31", "usa"), turn(season="winter"), rest)


@case("japanese_dei_oil")
def _japan_ships_brunei_oil_while_the_dutch_hold_balikpapan() -> list[Event]:
    # 33.4523: Japan ships Brunei oil only while it holds Balikpapan (Y30 on the test map)
    shipped = make(
        OilMoved, at_(1942, "summer", "axis", "post_combat_supply"), faction="japan", origin="brunei",
        destination="japan", amount=10, mode="sea", sw_box="pacific", transports=2, transports_available=10,
    )  # fmt: skip
    return start(*reserve("japan", "japan", 50, 20), controlled("PAC:Y30", "netherlands"), shipped)


PACIFIC: Final = (
    "no Pacific region on the test map (only the rule texts' Pacific facts, two Korean hexes and four named places)"
)
NO_RIVER: Final = "map data cannot say a hexside has no river: an absent river is unknown"
PENDING: dict[str, str] = {
    "box_sea_supply": f"{PACIFIC}: the India and Australia boxes' ports",
    "bridgehead_overrun": f"{NO_RIVER}: an overrun bridgehead across a hexside with none is 'not checked' (31.24)",
    "bridgehead_phase": "its findings are the phase's and the cause's (31.12), never a map fact: it is listed for the "
    "placement facts it shares with 31.22, whose port it does not use",
    "bridgehead_removal": "a one-hex island or a port only makes a bridgehead superfluous (31.41C), never keeps it: "
    "no finding can rest on them",
    "bridgehead_river": f"{NO_RIVER}: a claimed river hexside with none is 'not checked'; its other map fact, the West "
    "Wall (31.23), the rule texts give",
    "bridgehead_stacking": f"{PACIFIC}: a Pacific one-hex island",
    "british_construction_effect": "needs Britain's hexes on the test map (outside the region)",
    "brp_batch_timing": "needs the areas of an A3R BRP batch (35.73C) on the test map",
    "build_zoc": f"the terrain a Pacific ZoC needs (10.341D): {PACIFIC}",
    "canada_and_chindit": f"{PACIFIC}: India for the Chindit",
    "chindit_attrition": f"{PACIFIC}: the Southeast Asian front's jungle",
    "chindit_count": f"{PACIFIC}: India and Burma",
    "colonial_rebuild": "needs French colonies (Algeria, Morocco) on the test map",
    "french_surrender_level": "needs France's objectives (Paris) on the test map: four French hexes are in the region",
    "isolation_elimination": "no case yet whose only fault is the hex's fort, port, terrain or country (30.541)",
    "monsoon": f"{PACIFIC}: the monsoon zone's jungle",
    "partisan_builders": "no case yet whose only fault is the country (11.33)",
    "partisan_placement": "no case yet whose only fault is the hex's facts (11.353)",
    "path": "its fact is a box at a map edge (13.4): the test map's edges are the rule texts', as the shipped data's",
    "preparation_house": "no case yet for the A3R house preparation's zones (App. K)",
    "stacks_at_the_end": "it finds nothing by design: where the events stop inside a phase, a stack over its limit is "
    "named as not checked (the phase may still put it right); the map facts it reads are the stacks check's (12.11), "
    "planted there",
    "reserve_losses": "needs the Western Allied and Russian reserve places (London, Moscow) named on the test map",
    "tracking_started": "needs the places whose loss starts a reserve's tracking named on the test map",
    "tracking_stopped": "needs the places whose loss stops a reserve's tracking named on the test map",
    "unpreparedness": "no case yet for Russian unpreparedness's objectives (A3R App. E)",
    "wa_europe_usable": "needs the Western Allied reserve places (London, Paris) named on the test map",
    "winter_exploitation_cut": "no case yet for the winter cut of exploitation (34.41)",
    "winter_invasions": f"{PACIFIC}: Siberia's area and coasts",
}
"""Checks that need map data and have no case yet, each with why (none may be on the shipped example)."""


# ---------------------------------------------------------------------------------------------------------------------
# The tests (after the cases: the parametrized test lists them)


def test_every_check_that_needs_map_data_has_a_planted_fault() -> None:
    aware = map_aware()
    assert len(aware) >= 78
    assert example_gaps() <= {n.check for n in map_needs()}  # what the example shows, the reading finds
    missing = sorted(aware - set(CASES) - set(PENDING))
    assert not missing, f"checks that need map data with no planted fault on the test map: {missing}"
    stale = sorted((set(CASES) | set(PENDING)) - aware)
    assert not stale, f"cases for checks that no longer need map data: {stale}"
    assert not set(CASES) & set(PENDING)


def test_every_check_the_shipped_example_leaves_unchecked_for_want_of_map_data_has_a_case() -> None:
    assert not sorted(example_gaps() - set(CASES)), "the example's map-aware checks must all be planted, none pending"


@pytest.mark.parametrize("check", sorted(CASES))
def test_the_test_map_drives_the_check_to_its_planted_fault(check: str) -> None:
    events = CASES[check]()
    assert isinstance(events[1], MapDataUsed)
    assert findings(events, TEST_MAP, check), f"{check} finds nothing on the test map"
    assert findings(events, SHIPPED, check) == [], f"{check} finds the fault without the test map's facts"
