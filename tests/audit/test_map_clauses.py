"""The map items of the checklists, clause by clause: each test plants the fault of one clause of an item a
map-aware check covers (``@pytest.mark.plants("ID.B")``), on a few hexes of test map data (each test's map is the
hexes it lists, made up), and shows the legal play beside it audits clean.

Where a clause permits (``drops from such hexes are fine``), its fault is the check refusing the legal play: the
test plants the play the clause allows next to the one it forbids, and asserts the finding falls on the second only.
"""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    BridgeheadRemoved,
    CounterPlaced,
    CtlSet,
    Event,
    FortificationBuilt,
    HexControlChanged,
    OverrunResolved,
    RailheadBuilt,
    StatusChanged,
    UnitEliminated,
    WeatherDetermined,
)
from awaw_events.events.base import UnitFactors
from awaw_events.events.combat import Attacker, Defender
from tests.audit.test_fortifications import bridgehead, invasion
from tests.audit.test_fortifications import end as fortifications_end
from tests.audit.test_partisan_checks import control, fallen_france, partisan
from tests.audit.test_sea_supply_checks import WA, trace
from tests.build import WHEN, built, created, messages, move, phase, turn, uninverted, war
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import run_created as run

AXIS: dict[str, Any] = {**WHEN, "side": "axis"}
ALLIED: dict[str, Any] = {**WHEN, "side": "allied"}


def ctl(faction: str, level: int) -> CtlSet:
    return CtlSet(year=1939, season="fall", phase="setup", faction=faction, domain="ground", level=level)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------------
# Airdrops (AUD-10-16, AUD-10-20)


def airborne(base: str, target: str, *more: Event) -> list[Event]:
    """A German airborne unit and its air transport at ``base``, a Polish unit at ``target``, at war."""
    return [
        created(),
        ctl("european_axis", 2),
        place("ab1", "germany", "airborne", base, factors=1, movement=3),
        place("tr1", "germany", "air_transport", base, factors=1),
        place("p1", "britain", "infantry", target, nationality="poland"),
        war("germany", "britain"),
        *more,
        turn(),
        phase("combat"),
    ]


def drop(base: str, target: str) -> AirdropMade:
    return AirdropMade(**AXIS, phase="combat", actor="germany", unit="ab1", base=base, target=target, transport="tr1")


@pytest.mark.plants("AUD-10-16.A")
def test_an_airdrop_flies_with_an_uninverted_air_transport() -> None:
    flown = uninverted("tr1", when=WHEN, phase="combat", inverted=True)
    inverted = messages(run([*airborne("EUR:K35", "EUR:K38"), flown, drop("EUR:K35", "EUR:K38")]), "airdrop_flight")
    assert "ab1 drops from tr1, which is inverted (10.53A)" in inverted
    fresh = messages(run([*airborne("EUR:K35", "EUR:K38"), drop("EUR:K35", "EUR:K38")]), "airdrop_flight")
    assert not any("inverted" in m for m in fresh)


@pytest.mark.plants("AUD-10-16.C")
def test_an_airdrop_in_the_pacific_reaches_three_hexes() -> None:
    far = messages(run([*airborne("PAC:K30", "PAC:K34"), drop("PAC:K30", "PAC:K34")]), "airdrop_flight")
    assert any("4 hexes away: the air transport reaches 3 in the Pacific" in m for m in far)
    near = messages(run([*airborne("PAC:K30", "PAC:K33"), drop("PAC:K30", "PAC:K33")]), "airdrop_flight")
    assert not any("reaches" in m for m in near)
    europe = messages(run([*airborne("EUR:K30", "EUR:K34"), drop("EUR:K30", "EUR:K34")]), "airdrop_flight")
    assert not any("reaches" in m for m in europe)  # 4 hexes: within the European range


def winter(level: int) -> WeatherDetermined:
    return WeatherDetermined(**WHEN, phase="game_turn_start", zone="russian_winter", weather="winter", level=level)


@pytest.mark.plants("AUD-10-20.B")
def test_an_airdrop_from_a_hex_in_winter_three_is_fine() -> None:
    data = make_map(
        {
            "EUR:K35": {"weather_zone": "russian_winter", "terrain": "clear"},
            "EUR:K38": {"weather_zone": "western", "terrain": "clear"},
        }
    )
    out = run([*airborne("EUR:K35", "EUR:K38", winter(4)), drop("EUR:K35", "EUR:K38")], data)
    assert messages(out, "airdrop_flight") == []
    into = run([*airborne("EUR:K38", "EUR:K35", winter(4)), drop("EUR:K38", "EUR:K35")], data)
    assert messages(into, "airdrop_flight") == [
        "ab1 drops on EUR:K35 in winter effect 4 (3 or more) in the target hex (10.53E)"
    ]


@pytest.mark.plants("AUD-10-20.C")
def test_no_airdrop_from_or_into_swamp_or_jungle_under_the_monsoon() -> None:
    data = make_map(
        {
            "PAC:K30": {"weather_zone": "monsoon", "terrain": "clear"},
            "PAC:K31": {"weather_zone": "monsoon", "terrain": "jungle"},
            "PAC:K32": {"weather_zone": "monsoon", "terrain": "clear"},
            "PAC:L30": {"weather_zone": "monsoon", "terrain": "swamp"},
        }
    )
    rains = WeatherDetermined(**WHEN, phase="game_turn_start", zone="monsoon", weather="monsoon")
    into = run([*airborne("PAC:K30", "PAC:K31", rains), drop("PAC:K30", "PAC:K31")], data)
    assert messages(into, "airdrop_flight") == ["ab1 drops on PAC:K31 in monsoon in a jungle hex (10.53E)"]
    out = run([*airborne("PAC:L30", "PAC:K32", rains), drop("PAC:L30", "PAC:K32")], data)
    assert messages(out, "airdrop_flight") == ["ab1 drops on PAC:K32 in monsoon in a swamp hex (the base) (10.53E)"]
    dry = run([*airborne("PAC:L30", "PAC:K31"), drop("PAC:L30", "PAC:K31")], data)
    assert messages(dry, "airdrop_flight") == []
    clear = run([*airborne("PAC:K30", "PAC:K32", rains), drop("PAC:K30", "PAC:K32")], data)
    assert messages(clear, "airdrop_flight") == []


# ---------------------------------------------------------------------------------------------------------------------
# Commando raids (AUD-10-36)


@pytest.mark.plants("AUD-10-36.A")
def test_a_commando_raid_lands_in_an_undefended_port_within_range() -> None:
    data = make_map(
        {
            "EUR:N22": {"port": True},
            "EUR:N23": {"port": False},
            "EUR:M30": {"port": True},
            "EUR:M31": {"port": True},
            "PAC:N26": {"port": True},
        }
    )

    def raid(origin: str, target: str, *defenders: Defender) -> list[Event]:
        invader = Attacker(unit="c1", factors=1, origin=origin, role="invading", hexside="sea")
        declared = AttackDeclared(
            **ALLIED,
            phase="combat",
            attack="a1",
            kind="invasion",
            defender_hexes=[target],
            attackers=[invader],
            defenders=list(defenders),
        )
        return [
            created(),
            ctl("western_allies", 2),
            place("c1", "britain", "commando", origin, factors=1),
            place("g1", "germany", "infantry", "EUR:N23"),
            turn("allied"),
            phase("combat", "allied"),
            declared,
        ]

    assert messages(run(raid("EUR:M20", "EUR:N22"), data), "commando_raid") == []
    defended = messages(
        run(raid("EUR:M20", "EUR:N23", Defender(unit="g1", factors=3, hex="EUR:N23")), data), "commando_raid"
    )
    assert any("lands on defended units" in m for m in defended) and any("not a port" in m for m in defended)
    [far] = messages(run(raid("EUR:M20", "EUR:M31"), data), "commando_raid")
    assert far == "commando c1 raids EUR:M31 from EUR:M20, 11 hexes away (10.81, 21.512A)"
    assert messages(run(raid("EUR:M20", "EUR:M30"), data), "commando_raid") == []  # 10 hexes
    [pacific] = messages(run(raid("PAC:N20", "PAC:N26"), data), "commando_raid")
    assert pacific == "commando c1 raids PAC:N26 from PAC:N20, 6 hexes away (10.81, 21.512A)"
    assert messages(run(raid("PAC:N21", "PAC:N26"), data), "commando_raid") == []


# ---------------------------------------------------------------------------------------------------------------------
# Partisan placement (AUD-11-06)

FRANCE = {h: {"country": "france", "terrain": "clear"} for h in ("EUR:P22", "EUR:P23", "EUR:Q22", "EUR:P20")}


def placing(*more: Event, data: dict[str, dict[str, Any]] | None = None, hex_: str = "EUR:P22") -> list[str]:
    """The placement findings of a British partisan in ``hex_`` (German-held France) after ``more``."""
    events = [*fallen_france(*more), partisan("p1", hex_)]
    return messages(run(events, make_map({**FRANCE, **(data or {})})), "partisan_placement")


@pytest.mark.plants("AUD-11-06.A")
def test_partisans_are_placed_in_their_own_country() -> None:
    assert placing() == []
    german = {"EUR:P22": {"country": "germany", "terrain": "clear"}}
    assert placing(data=german) == ["partisan p1 is placed in EUR:P22, but it is in germany, not in FR (11.353D)"]


@pytest.mark.plants("AUD-11-06.B")
def test_partisans_go_in_a_vacant_enemy_hex_or_beside_their_own_partisans() -> None:
    own = partisan("p0", "EUR:P22", season="summer", year=1940)
    assert placing(own) == []  # another partisan of the same power in an otherwise enemy-controlled hex
    infantry = place("b1", "britain", "infantry", "EUR:P22")
    assert placing(infantry) == ["partisan p1 is placed in EUR:P22, but it is not vacant (11.353D)"]
    held = control("EUR:P22", "britain")
    assert placing(held) == [
        "partisan p1 is placed in EUR:P22, but EUR:P22 is held by britain, not by the enemy (11.353D)"
    ]


@pytest.mark.plants("AUD-11-06.C")
def test_partisans_go_in_no_hex_with_an_enemy_counter_an_ic_or_a_port() -> None:
    def counter(kind: str, power: str = "germany") -> CounterPlaced:
        return CounterPlaced(
            year=1940, season="summer", phase="unit_construction", power=power, hex="EUR:P22", counter=kind
        )  # type: ignore[arg-type]

    assert placing(counter("airbase")) == [
        "partisan p1 is placed in EUR:P22, but it holds germany's airbase counter (11.353E)"
    ]
    assert placing(counter("rocket_base")) == [
        "partisan p1 is placed in EUR:P22, but it holds germany's rocket base counter (11.353E)"
    ]
    assert placing(counter("port")) == [
        "partisan p1 is placed in EUR:P22, but it holds germany's port counter (11.353E)"
    ]
    assert placing(counter("airbase", "britain")) == []  # a counter of the partisan's own side is no enemy counter
    railhead = RailheadBuilt(
        year=1940, season="summer", phase="unit_construction", power="germany", hex="EUR:P22", brp_cost=5, rp_cost=2
    )
    assert placing(railhead) == ["partisan p1 is placed in EUR:P22, but it holds a railhead (11.353E)"]
    enemy = place("g1", "germany", "infantry", "EUR:P22")
    assert placing(enemy) == ["partisan p1 is placed in EUR:P22, but an enemy unit stands there (11.353E)"]
    ic = {"EUR:P22": {"country": "france", "terrain": "clear", "industrial_centre": True}}
    assert placing(data=ic) == ["partisan p1 is placed in EUR:P22, but it holds an IC (11.353E)"]
    port = {"EUR:P22": {"country": "france", "terrain": "clear", "port": True}}
    assert placing(data=port) == ["partisan p1 is placed in EUR:P22, but it holds a port (11.353E)"]


# ---------------------------------------------------------------------------------------------------------------------
# Path costs (AUD-13-05): each step's terrain, ZoC and overrun MF


def costs(*events: Event, data: dict[str, dict[str, Any]]) -> list[str]:
    return messages(run(list(events), make_map(data)), "movement_cost")


def clear(*hexes: str, **more: Any) -> dict[str, dict[str, Any]]:
    return {h: {"terrain": "clear", **more} for h in hexes}


def moving(*units: Event, side: str = "axis") -> list[Event]:
    return [created(), *units, war("germany", "britain"), war("japan", "britain"), turn(side), phase("movement", side)]


@pytest.mark.plants("AUD-13-05.A")
def test_each_clear_hex_costs_one_mf() -> None:
    data = clear("EUR:K37", "EUR:K38", "EUR:K39")
    base = moving(place("g1", "germany", "infantry", "EUR:K37"))
    assert costs(*base, move("g1", "EUR:K38", "EUR:K39", mf=2), data=data) == []
    [short] = costs(*base, move("g1", "EUR:K38", "EUR:K39", mf=1), data=data)
    assert short.startswith("g1's move into EUR:K38, EUR:K39 costs 2 MF")


@pytest.mark.plants("AUD-13-05.B")
def test_rough_terrain_costs_one_more() -> None:
    data = {**clear("EUR:K37"), "EUR:K38": {"terrain": "forest"}, "EUR:K39": {"terrain": "swamp"}}
    base = moving(place("g1", "germany", "infantry", "EUR:K37"))
    assert costs(*base, move("g1", "EUR:K38", mf=2), data=data) == []
    [short] = costs(*base, move("g1", "EUR:K38", mf=1), data=data)
    assert short.startswith("g1's move into EUR:K38 costs 2 MF")


@pytest.mark.plants("AUD-13-05.C")
def test_japanese_units_enter_jungle_at_no_extra_cost_and_jungle_mountain_at_one() -> None:
    data = {**clear("PAC:K29"), "PAC:K30": {"terrain": "jungle"}, "PAC:L29": {"terrain": "jungle_mountain"}}
    base = moving(place("j1", "japan", "infantry", "PAC:K29"))
    assert costs(*base, move("j1", "PAC:K30", mf=1, actor="japan"), data=data) == []
    assert costs(*base, move("j1", "PAC:L29", mf=2, actor="japan"), data=data) == []
    [short] = costs(*base, move("j1", "PAC:L29", mf=1, actor="japan"), data=data)
    assert short.startswith("j1's move into PAC:L29 costs 2 MF")
    british = moving(place("b1", "britain", "infantry", "PAC:K29"), side="allied")
    [rough] = costs(*british, move("b1", "PAC:K30", mf=1, actor="britain", side="allied"), data=data)
    assert rough.startswith("b1's move into PAC:K30 costs 2 MF")  # jungle is rough terrain for the others


@pytest.mark.plants("AUD-13-05.D", "AUD-13-05.E")
def test_leaving_a_hostile_armor_zoc_costs_one_more_in_the_pacific_and_entering_one_nothing() -> None:
    data = clear("PAC:L30", "PAC:K30", "PAC:K29", "PAC:J31", country="burma")
    japanese = place("ja1", "japan", "armor", "PAC:J31", factors=3, movement=3)
    base = moving(japanese, place("b1", "britain", "infantry", "PAC:L30"), side="allied")
    # L30 -> K30 enters the Japanese armor's ZoC (1, nothing more); K30 -> K29 leaves it (1 + 1 in the Pacific)
    assert costs(*base, move("b1", "PAC:K30", mf=1, actor="britain", side="allied"), data=data) == []
    short = costs(*base, move("b1", "PAC:K30", "PAC:K29", mf=2, actor="britain", side="allied"), data=data)[0]
    assert short.startswith("b1's move into PAC:K30, PAC:K29 costs 3 MF")
    assert "+1 ZoC" in short


@pytest.mark.plants("AUD-13-05.F")
def test_each_overrun_costs_one_mf() -> None:
    base = [
        created(),
        place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=6),
        place("pol-inf-1", "britain", "infantry", "EUR:K38", factors=2, nationality="poland"),
        turn(),
        phase("movement"),
        OverrunResolved(
            **AXIS,
            phase="movement",
            actor="germany",
            overrun="o1",
            units=[UnitFactors(unit="ger-arm-1", factors=4)],
            target="EUR:K38",
            defence_strength=1,
            attack_strength=12,
            success=True,
            defenders=["pol-inf-1"],
        ),
        UnitEliminated(**AXIS, phase="movement", unit="pol-inf-1", cause="overrun", ref="o1"),
    ]
    data = clear("EUR:K37", "EUR:K38", "EUR:K39")
    assert costs(*base, move("ger-arm-1", "EUR:K38", "EUR:K39", mf=3), data=data) == []
    [short] = costs(*base, move("ger-arm-1", "EUR:K38", "EUR:K39", mf=2), data=data)
    assert short.startswith("ger-arm-1's move into EUR:K38, EUR:K39 costs 3 MF")


def overran(mf: int, *path: str, terrain: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The movement_cost findings of German armor (printed MF ``mf``) in K37 that overruns the Pole in K38 and moves
    along ``path`` (its MF as the whole path costs it, recorded as ``len(path) + 1``)."""
    base = [
        created(),
        place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=mf),
        place("pol-inf-1", "britain", "infantry", "EUR:K38", factors=2, nationality="poland"),
        turn(),
        phase("movement"),
        OverrunResolved(
            **AXIS,
            phase="movement",
            actor="germany",
            overrun="o1",
            units=[UnitFactors(unit="ger-arm-1", factors=4)],
            target="EUR:K38",
            defence_strength=1,
            attack_strength=12,
            success=True,
            defenders=["pol-inf-1"],
        ),
        UnitEliminated(**AXIS, phase="movement", unit="pol-inf-1", cause="overrun", ref="o1"),
    ]
    data = {**clear("EUR:K37", "EUR:K38", "EUR:K39"), **(terrain or {})}
    return costs(*base, move("ger-arm-1", *path, mf=len(path) + 1), data=data)


@pytest.mark.plants("AUD-13-13.A")
def test_an_overrunning_unit_pays_one_more_to_occupy_the_overrun_hex_and_has_the_mf() -> None:
    assert overran(3, "EUR:K38", "EUR:K39") == []  # 1 + 1 (the overrun) + 1
    [over] = overran(2, "EUR:K38", "EUR:K39")
    assert "spends 3 MF in this movement phase; its allowance is 2" in over


@pytest.mark.plants("AUD-13-13.B")
def test_the_one_hex_minimum_move_does_not_cover_an_overrun() -> None:
    """13.52, 13.411: a unit may always move one hex, but not to overrun: armor with 1 MF may not overrun K38 (2 MF),
    though it may enter the mountain hex L37 (2 MF) as its one hex (FICTIONAL terrain)."""
    [over] = overran(1, "EUR:K38")
    assert "spends 2 MF in this movement phase; its allowance is 1" in over
    mountain = {"EUR:L37": {"terrain": "mountain"}}
    base = moving(place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=1))
    assert costs(*base, move("ger-arm-1", "EUR:L37", mf=2), data={**clear("EUR:K37"), **mountain}) == []


@pytest.mark.plants("AUD-13-05.G")
def test_a_move_stays_within_the_mf_except_a_supplied_units_single_hex() -> None:
    data = {**clear("EUR:K37", "EUR:K38", "EUR:K39", "EUR:K40"), "EUR:L37": {"terrain": "mountain"}}
    base = moving(
        place("g1", "germany", "infantry", "EUR:K37"), place("r1", "germany", "replacement", "EUR:K37", factors=1)
    )
    [over] = costs(
        *base, move("g1", "EUR:K38", "EUR:K39", "EUR:K40", "EUR:K41", mf=4), data={**data, **clear("EUR:K41")}
    )
    assert "spends 4 MF in this movement phase; its allowance is 3" in over
    assert costs(*base, move("r1", "EUR:L37", mf=2), data=data) == []  # 2 MF for a 1-MF unit: its one hex
    [two] = costs(*base, move("r1", "EUR:K38", "EUR:K39", mf=2), data=data)
    assert "spends 2 MF in this movement phase; its allowance is 1" in two


# ---------------------------------------------------------------------------------------------------------------------
# One attrition roll per enemy faction's zone (AUD-14-02)

ATTRITION: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis", "phase": "attrition"}


def attritions(*targets: str, status: StatusChanged | None = None) -> list[str]:
    """The one_roll_per_zone findings of German attritions, one against each of ``targets``, all in zone ``east``."""
    declared = [
        AttritionDeclared(
            **ATTRITION,
            attrition=f"z{n}",
            attacker="european_axis",
            target=target,
            front="eastern",
            counted=[UnitFactors(unit=f"g{n}", factors=3)],
            factors=3,
            attrition_zone="east",
        )
        for n, target in enumerate(targets)
    ]
    germans = [place(f"g{n}", "germany", "infantry", "EUR:K40") for n in range(len(targets))]
    events = [created(), *germans, *([status] if status else []), war("germany", "russia"), turn(), phase("attrition")]
    return messages(run([*events, *declared]), "one_roll_per_zone")


def minor(country: str, status: str, faction: str | None) -> StatusChanged:
    return StatusChanged(**{**ATTRITION, "phase": "diplomacy"}, country=country, status=status, faction=faction)  # type: ignore[arg-type]


@pytest.mark.plants("AUD-14-02.A")
def test_one_roll_per_faction_against_an_enemy_factions_zone() -> None:
    assert attritions("russia") == []
    [again] = attritions("russia", "russia")
    assert "already attritioned russia's zone east this turn (z0)" in again
    [usa] = attritions("britain", "usa")  # one Western Allied faction
    assert "already attritioned usa's zone east this turn (z0)" in usa


@pytest.mark.plants("AUD-14-02.B")
def test_an_independent_minor_is_attritioned_separately() -> None:
    assert attritions("russia", "rumania", status=minor("rumania", "neutral", None)) == []
    assert attritions("russia", "finland") == []  # no status recorded: an independent minor
    [twice] = attritions("finland", "finland")
    assert "already attritioned finland's zone east this turn" in twice


@pytest.mark.plants("AUD-14-02.C")
def test_an_associated_or_allied_minor_counts_with_its_major_powers_faction() -> None:
    [allied] = attritions("russia", "finland", status=minor("finland", "allied", "russia"))
    assert "already attritioned finland's zone east this turn (z0)" in allied
    [associated] = attritions("britain", "greece", status=minor("greece", "associated", "western_allies"))
    assert "already attritioned greece's zone east this turn (z0)" in associated
    assert attritions("britain", "greece", status=minor("greece", "conquered", "european_axis")) == []


@pytest.mark.plants("AUD-14-11.B")
def test_minor_and_commonwealth_units_are_nationalities_of_their_own_in_the_contact_limit() -> None:
    units = [
        place("r1", "russia", "infantry", "EUR:K41"),
        place("h1", "germany", "infantry", "EUR:K40", nationality="hungary"),
        place("h2", "germany", "infantry", "EUR:K39", nationality="hungary"),
        place("g1", "germany", "infantry", "EUR:K40"),
        place("g2", "germany", "infantry", "EUR:K40"),
        place("c1", "britain", "infantry", "EUR:N22", nationality="canada"),
        place("c2", "britain", "infantry", "EUR:N21", nationality="canada"),
        place("b1", "britain", "infantry", "EUR:N22"),
    ]

    def lost(side: str, attacker: str, target: str, counted: str, contact: tuple[str, ...], *losses: str) -> list[str]:
        when = {**ATTRITION, "side": side}
        declared = AttritionDeclared(
            **when,
            attrition="z1",
            attacker=attacker,  # type: ignore[arg-type]
            target=target,
            front="eastern" if side == "allied" else "western",
            counted=[UnitFactors(unit=counted, factors=3)],
            factors=3,
            defenders=[UnitFactors(unit=u, factors=2) for u in contact],
        )
        taken = AttritionLossesTaken(**when, attrition="z1", losses=[UnitFactors(unit=u, factors=2) for u in losses])
        return messages(
            run([created(), *units, turn(side), phase("attrition", side), declared, taken]), "contact_limit"
        )

    east = ("allied", "russia", "european_axis", "r1", ("h1", "g1", "g2"))
    assert lost(*east, "h1", "g1") == []
    assert lost(*east, "h1", "h2") == [
        "attrition z1: 2 hungary counters lost with 1 in contact with the attritioning units (14.52C, 14.522)"
    ]  # three Axis units in contact, but one Hungarian
    west = ("axis", "european_axis", "western_allies", "g1", ("c1", "b1"))
    assert lost(*west, "c1", "b1") == []
    assert lost(*west, "c1", "c2") == [
        "attrition z1: 2 canada counters lost with 1 in contact with the attritioning units (14.52C, 14.522)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Construction location limits (L-09)

AUSTRALIAN = {"owner": "britain", "nationality": "commonwealth:australia"}


@pytest.mark.plants("L-09.A")
def test_australia_builds_at_most_nine_brps_three_infantry_factors_and_one_aaf_a_turn() -> None:
    def limits(*builds: Event) -> list[str]:
        return messages(run([created(), *builds]), "location_limits")

    infantry = built("a1", "infantry", 3, "box:australia", **AUSTRALIAN)
    assert limits(infantry, built("f1", "aaf", 1, "box:australia", **AUSTRALIAN)) == []
    [aaf] = limits(built("f1", "aaf", 2, "box:australia", **AUSTRALIAN))
    assert "too many AAF factors in australia this turn" in aaf
    armor = [built(f"m{n}", "armor", 2, "box:australia", **AUSTRALIAN) for n in range(2)]
    [brps] = limits(infantry, *armor)  # 3 + 4 + 4 BRPs
    assert "australia construction BRPs exceed its limit this turn" in brps
    [four] = limits(infantry, built("a2", "infantry", 1, "box:australia", **AUSTRALIAN))
    assert "too many infantry factors in australia this turn" in four


@pytest.mark.plants("L-09.E")
def test_forts_and_railheads_are_not_counted_in_the_location_limits() -> None:
    data = make_map({"PAC:A23": {"country": "russia", "area": "siberia"}})
    russian = {"year": 1939, "season": "fall", "side": "allied", "phase": "unit_construction"}
    units = [built(f"r{n}", "infantry", 2, "PAC:A23", owner="russia") for n in range(3)]  # 6 BRPs: the limit
    fort = FortificationBuilt(**russian, power="russia", kind="fortification", hexes=["PAC:A23"], brp_cost=5, rp_cost=1)
    railhead = RailheadBuilt(**russian, power="russia", hex="PAC:A23", brp_cost=5, rp_cost=2)
    assert messages(run([created(), *units, fort, railhead], data), "location_limits") == []
    [over] = messages(
        run([created(), *units, built("r9", "infantry", 1, "PAC:A23", owner="russia")], data), "location_limits"
    )
    assert "siberia construction BRPs exceed its limit this turn" in over


# ---------------------------------------------------------------------------------------------------------------------
# Railhead builders (RH-01)


def railhead(power: str, hex_: str, season: str = "fall") -> RailheadBuilt:
    side = "allied" if power in ("britain", "usa", "russia", "china", "france") else "axis"
    when = {"year": 1941, "season": season, "side": side, "phase": "unit_construction"}
    return RailheadBuilt(**when, power=power, hex=hex_, brp_cost=5, rp_cost=2)  # type: ignore[arg-type]


@pytest.mark.plants("RH-01.A")
def test_germany_italy_japan_russia_britain_and_the_us_build_railheads() -> None:
    data = make_map({"EUR:AA20": {"country": "italy"}, "EUR:N22": {"country": "france"}})
    at_war = [war("germany", "usa"), war("japan", "usa")]
    for power, hex_ in (
        ("germany", "EUR:L40"),
        ("italy", "EUR:AA20"),
        ("japan", "PAC:K20"),
        ("russia", "EUR:L44"),
        ("britain", "EUR:N22"),
        ("usa", "EUR:N22"),
        ("usa", "PAC:K40"),
    ):
        assert messages(run([created(), *at_war, railhead(power, hex_)], data), "railhead_rules") == [], power


@pytest.mark.plants("RH-01.B")
def test_neither_france_nor_china_builds_railheads() -> None:
    # a minor country is no power: railhead_built cannot name one as its builder (its ``power`` is a major power)
    for power, hex_ in (("france", "EUR:P20"), ("china", "PAC:K20")):
        [found] = messages(run([created(), railhead(power, hex_)]), "railhead_rules")
        assert f"{power} may not build railheads (28.651)" in found


# ---------------------------------------------------------------------------------------------------------------------
# Hex control: the Chinese exception to the home-country reversion (H-03)


@pytest.mark.plants("H-03.B")
def test_a_chinese_hex_recaptured_by_russia_is_communist_chinese_and_by_the_us_nationalist() -> None:
    data = make_map({"PAC:K20": {"country": "china", "terrain": "clear"}})
    allied = {**WHEN, "side": "allied", "phase": "movement"}

    def recaptured(mover: str, controller: str, cause: str = "movement") -> list[str]:
        events = [
            created(),
            place("u1", mover, "infantry", "PAC:K19"),
            HexControlChanged(
                year=1939, season="fall", phase="setup", hex="PAC:K20", controller="japan", cause="setup"
            ),
            war("japan", mover),
            turn("allied"),
            phase("movement", "allied"),
            move("u1", "PAC:K20", mf=1, actor=mover, side="allied"),
            HexControlChanged(**allied, hex="PAC:K20", controller=controller, cause=cause),  # type: ignore[arg-type]
        ]
        return messages(run(events, data), "ally_hexes")

    assert recaptured("russia", "russia") == [
        "PAC:K20 is in china's home country: recaptured by an ally it reverts to communist_china (29.22B)"
    ]
    assert recaptured("russia", "communist_china", "home_reversion") == []
    assert recaptured("usa", "usa") == [
        "PAC:K20 is in china's home country: recaptured by an ally it reverts to china (29.22B)"
    ]
    assert recaptured("usa", "china", "home_reversion") == []


# ---------------------------------------------------------------------------------------------------------------------
# Sea supply from the mapboard boxes (S-07)


def box_line(origin: str, destination: str, transports: dict[str, int], path: list[str]) -> list[str]:
    data = make_map(
        {
            "PAC:Z50": {"name": "Oahu", "port": True},
            "PAC:Z40": {"name": "Midway", "port": True, "front": "pacific"},
            "PAC:CC10": {"port": True, "front": "southeast_asian", "country": "burma"},
            "PAC:DD12": {"port": True, "front": "pacific", "country": "dutch_east_indies"},
            "PAC:NN30": {"port": True, "country": "australia"},
        }
    )
    line = trace("l1", origin, destination, zone="z", transports=transports, path=path)
    return messages(run([*WA, line], data), "box_sea_supply")


@pytest.mark.plants("S-07.B")
def test_pacific_us_box_lines_end_in_or_pass_dutch_harbor_hawaii_or_the_society_islands() -> None:
    assert box_line("box:us_pacific", "PAC:Z40", {"pacific": 1}, ["PAC:Z50"]) == []
    assert box_line("box:us_pacific", "PAC:Z40", {"pacific": 1}, ["PAC:Z45"]) == [
        "sea supply from the us pacific box must end in or pass Bora Bora, Dutch Harbor, Hawaii, Kauai, Maui, Necker, "
        "Oahu, Pearl Harbor, Tahiti (30.331C)"
    ]


@pytest.mark.plants("S-07.D")
def test_india_box_supply_goes_neither_into_australia_nor_to_the_pacific_front() -> None:
    assert box_line("box:india", "PAC:CC10", {"indian_ocean": 1}, ["PAC:CC2"]) == []
    into = "sea supply from the India box may not extend into Australia or the Pacific front (30.331C)"
    assert box_line("box:india", "PAC:DD12", {"indian_ocean": 1}, ["PAC:CC2"]) == [into]
    assert box_line("box:india", "PAC:NN30", {"indian_ocean": 1}, ["PAC:CC2"]) == [into]


# ---------------------------------------------------------------------------------------------------------------------
# Compulsory bridgehead removal at the end of the owner's player turn (B-10)


@pytest.mark.plants("B-10.C")
def test_a_superfluous_bridgehead_goes_at_the_end_of_the_turn_and_not_before() -> None:
    # (i) a seaborne bridgehead on a one-hex island needs no sea supply; (ii) no enemy unit within 4 hexes
    data = make_map({"EUR:D33": {"island": True, "port": False, "terrain": "clear"}})
    held = [*invasion(), bridgehead("EUR:D33", "seaborne_invasion", "oslo", "ger-inf-8")]
    assert messages(run([*held, fortifications_end()], data), "bridgehead_superfluous") == [
        "the seaborne invasion bridgehead in EUR:D33 has no enemy unit within 4 hexes: it is removed at the end of "
        "its owner's player turn (31.41C)"
    ]
    gone = BridgeheadRemoved(**AXIS, phase="end_of_player_turn", hex="EUR:D33", reason="superfluous")
    assert messages(run([*held, gone, fortifications_end()], data), "bridgehead_superfluous") == []
    assert messages(run([*held, gone, fortifications_end()], data), "bridgehead_removal") == []
    # removed early: during the combat phase
    early = BridgeheadRemoved(**AXIS, phase="combat", hex="EUR:D33", reason="superfluous")
    assert messages(run([*held, early], data), "bridgehead_removal") == [
        "a superfluous bridgehead is removed at the end of its owner's player turn (31.41C)"
    ]
