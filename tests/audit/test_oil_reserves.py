"""Oil reserves, tracking, what a reserve may lose, oil outside reserves, and oil by sea (33.41D-33.48): each test
plants the fault of its checklist items and shows the clean case; worked examples TC-08 (33.431, the South Africa
cap), TC-09, TC-10 (shipping capacity), TC-14 (Pearl Harbor), TC-19 (oil to Russia) and TC-21 (33.4424 and 33.4624,
the deemed reserves)."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    Event,
    FrenchSurrenderChecked,
    GameCreated,
    OilCountersEliminated,
    OilExpended,
    OilMoved,
    OilProduced,
    OilReserveDefined,
    OilTrackingStarted,
    OilTrackingStopped,
    RouteStatusChanged,
    WarDeclared,
)
from tests.build import C, at, control, end, found, make, map_data, named, reserve
from tests.build import skipped_with as skipped
from tests.conftest import created

ALLIED = at(1943, "spring", "allied", "initial_supply")
AXIS = at(1943, "spring", "axis", "initial_supply")

GERMAN = {"berlin": "EUR:L32", "breslau": "EUR:N34", "cologne": "EUR:M27", "essen": "EUR:L27", "leipzig": "EUR:M31"}
RUSSIAN = {
    "moscow": "EUR:J47",
    "leningrad": "EUR:E44",
    "stalingrad": "EUR:R55",
    "grozny": "EUR:Y46",
    "maikop": "EUR:Z44",
    "baku": "EUR:BB50",
}
BRITISH = {"london": "EUR:M20", "birmingham": "EUR:K18", "manchester": "EUR:J17", "paris": "EUR:Q21"}
PLACES = map_data(named(**GERMAN, **RUSSIAN, **BRITISH, balikpapan="PAC:Y30", batavia="PAC:CC20"))


def spend(rid: str, faction: str, purpose: str, amount: int, when: dict[str, object] = ALLIED, **more: object) -> Event:
    return make(OilExpended, when, faction=faction, reserve=rid, purpose=purpose, amount=amount, **more)


def eliminate(rid: str, faction: str, amount: int, reason: str, when: dict[str, object], **more: object) -> Event:
    return make(OilCountersEliminated, when, faction=faction, reserve=rid, amount=amount, reason=reason, **more)


# ---------------------------------------------------------------------------------------------------------------------
# Maxima (O-20, O-38; TC-08)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-20", "31-34/O-38")
def test_tc08_the_south_africa_box_holds_three_whatever_the_log_declares() -> None:
    """TC-08 (33.431): the WA hold more than 3 counters in the South Africa box, promised to India next turn; at the
    end of their player turn at most 3 remain. The log declaring a maximum of 5 changes nothing."""
    base = [created(), *reserve("wa_south_africa", "western_allies", 25, 4 * C)]
    assert found(base, "reserve_declared") == [
        "reserve wa_south_africa's maximum is 15 fifths (3 counters) by 33.422 (33.421F, 33.422F); declared 25 "
        "fifths (5 counters)"
    ]
    assert found([*base, end(ALLIED)], "reserve_maximum") == [
        "reserve wa_south_africa holds 20 fifths (4 counters) at the end of the allied player turn, above its "
        "maximum of 15 fifths (3 counters); the 5 excess fifths were not eliminated (33.422)"
    ]
    cut = eliminate(
        "wa_south_africa", "western_allies", C, "over_reserve_max", {**ALLIED, "phase": "end_of_player_turn"}
    )
    assert found([*base, cut, end(ALLIED)], "reserve_maximum") == []
    honest = [created(), *reserve("wa_south_africa", "western_allies", 15, 4 * C)]
    assert found(honest, "reserve_declared") == []


@pytest.mark.plants("31-34/O-20")
def test_a_reserve_maximum_follows_the_control_of_its_places() -> None:
    """33.422A, 33.423: 2 counters for each German objective the Axis hold; the Russians taking Essen lower it."""
    base = [created(), *reserve("european_axis", "european_axis", 50, 50)]
    assert found(base, "reserve_declared", PLACES) == []
    assert found([created(), *reserve("european_axis", "european_axis", 40, 40)], "reserve_declared", PLACES) == [
        "reserve european_axis's maximum is 50 fifths (10 counters) by 33.422 (33.421A, 33.422A); declared 40 "
        "fifths (8 counters)"
    ]
    essen = control(GERMAN["essen"], "russia", at(1945, "spring", "allied", "combat"), "advance_after_combat")
    turn = at(1945, "spring", "axis", "end_of_player_turn")
    assert found([*base, essen, end(turn)], "reserve_maximum_by_control", PLACES) == [
        "reserve european_axis holds 50 fifths (10 counters) at the end of the player turn; the places its faction "
        "holds now allow 40 fifths (8 counters) (33.422, 33.423): 10 fifths were not eliminated"
    ]
    assert skipped([*base, end(turn)], "reserve_maximum_by_control") == [
        "no map data names Berlin, Breslau, Cologne, Essen, Leipzig (the hexes whose control decides it): the game "
        "declares no map data"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Starting and deemed levels, tracking (O-22..O-24; TC-21)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-22")
def test_the_starting_reserves() -> None:
    assert found([created(), *reserve("japan", "japan", 50, 50)], "tracking_started") == []
    assert found([created(), *reserve("japan", "japan", 50, 40)], "tracking_started") == [
        "reserve japan starts the game at 50 fifths (10 counters) (33.422); recorded 40 fifths (8 counters)"
    ]
    assert found([created(), *reserve("wa_aus", "western_allies", 15, 0)], "tracking_started") == []


WAR = make(WarDeclared, at(1941, "summer", "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=35)


def started(rid: str, initial: int, when: dict[str, object], trigger: str = "trigger") -> Event:
    return make(OilTrackingStarted, when, reserve=rid, trigger=trigger, initial=initial)


@pytest.mark.plants("31-34/O-23")
def test_tc21_the_european_axis_reserve_is_deemed_10_when_tracking_starts() -> None:
    """TC-21 (33.4424): the EA reserve is 10 and untracked until the first Axis player turn after war with Russia
    begins; tracking then starts at 10, whatever the EA would have spent or gained before."""
    base = [created(), *reserve("european_axis", "european_axis", 50), WAR]
    fall = at(1941, "fall", "axis", "oil_adjustment")
    assert found([*base, started("european_axis", 50, fall)], "tracking_started") == []
    assert found([*base, started("european_axis", 40, fall)], "tracking_started") == [
        "reserve european_axis starts being tracked at 50 fifths (10 counters) (the deemed level: 33.4424, 33.4624, "
        "33.48); recorded 40 fifths (8 counters)"
    ]
    early = started("european_axis", 50, at(1941, "summer", "axis", "combat"))
    assert found([*base, early], "tracking_started") == [
        "oil tracking of reserve european_axis starts at the first Axis player turn after war between Germany and "
        "Russia, or RGT 45 (33.4424), which has not come"
    ]
    assert found([*base, end(at(1941, "summer", "axis"))], "tracking_due") == []
    assert found([*base, end(at(1941, "fall", "axis"))], "tracking_due") == [
        "reserve european_axis is still untracked at the end of this player turn; its tracking starts at the first "
        "Axis player turn after war between Germany and Russia, or RGT 45 (33.4424)"
    ]


@pytest.mark.plants("31-34/O-23")
def test_tc21_western_allied_and_russian_tracking() -> None:
    """TC-21: WA Europe is 6 from the first Allied player turn after France falls; Russia starts tracking when the
    Axis take Maikop, at its maximum then (Maikop lost: 5)."""
    fell = make(
        FrenchSurrenderChecked,
        at(1940, "summer", "allied", "end_of_player_turn"),
        surrenders=True,
        paris_controller="germany",
    )
    wa = [created(), *reserve("wa_europe", "western_allies", 30), fell]
    assert (
        found([*wa, started("wa_europe", 30, at(1940, "fall", "allied", "oil_adjustment"))], "tracking_started") == []
    )
    assert (
        found([*wa, started("wa_europe", 30, at(1940, "summer", "allied", "end_of_player_turn"))], "tracking_started")
        != []
    )
    maikop = control(RUSSIAN["maikop"], "germany", at(1942, "summer", "axis", "combat"), "advance_after_combat")
    ru = [created(), *reserve("russia", "russia", 30), maikop]
    assert found([*ru, started("russia", 25, at(1942, "summer", "axis", "combat"))], "tracking_started", PLACES) == []
    assert found([*ru, started("russia", 30, at(1942, "summer", "axis", "combat"))], "tracking_started", PLACES) == [
        "reserve russia starts being tracked at 25 fifths (5 counters) (the deemed level: 33.4424, 33.4624, 33.48); "
        "recorded 30 fifths (6 counters)"
    ]
    assert found([*ru, end(at(1942, "summer", "allied"))], "tracking_due", PLACES) != []


@pytest.mark.plants("31-34/O-24")
def test_russia_stops_tracking_only_with_the_three_centers_and_six_counters() -> None:
    back = control(RUSSIAN["maikop"], "russia", at(1943, "spring", "allied", "combat"))
    base = [created(), *reserve("russia", "russia", 30, 30, trigger="axis_captured_maikop"), back]
    stop = make(OilTrackingStopped, at(1943, "summer", "allied", "oil_adjustment"), faction="russia")
    assert found([*base, stop], "tracking_stopped", PLACES) == []
    spent = spend("russia", "russia", "army", C, at(1943, "spring", "allied", "oil_adjustment"))
    assert found([*base, spent, stop], "tracking_stopped", PLACES) == [
        "Russia stopped tracking oil holding 25 fifths (5 counters) (not held: none); it stops only with all three "
        "centers and exactly 6 counters (33.4624)"
    ]
    lost = control(RUSSIAN["baku"], "germany", at(1943, "spring", "axis", "combat"))
    assert "not held: baku" in found([*base, lost, stop], "tracking_stopped", PLACES)[0]
    ea = make(OilTrackingStopped, at(1943, "summer", "axis", "oil_adjustment"), faction="european_axis")
    assert found([*base, ea], "tracking_stopped") == ["only Russia stops tracking oil (33.4624), not the European Axis"]


# ---------------------------------------------------------------------------------------------------------------------
# What a reserve may gain and lose (O-25..O-28; TC-14)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-25")
def test_oil_counters_are_never_captured() -> None:
    base = [created(), *reserve("russia", "russia", 30, 30), *reserve("european_axis", "european_axis", 50, 20)]
    taken = make(OilMoved, AXIS, faction="european_axis", origin="russia", destination="european_axis", amount=C)
    assert found([*base, taken], "no_captured_oil") == [
        "the European Axis took oil from reserve russia, which belongs to the Russia: oil counters are never "
        "captured (33.423)"
    ]
    aid = make(
        OilMoved,
        ALLIED,
        faction="western_allies",
        origin="us_atlantic_box",
        destination="russia",
        amount=C,
        route="murmansk",
        transports=1,
    )
    assert found([*base, aid], "no_captured_oil") == []
    spent = spend("russia", "european_axis", "army", C, AXIS)
    assert len(found([*base, spent], "no_captured_oil")) == 1


@pytest.mark.plants("31-34/O-26")
def test_a_reserve_loses_oil_only_by_use_the_cap_or_the_strike() -> None:
    base = [created(), *reserve("japan", "japan", 50, 50)]
    assert found([*base, eliminate("japan", "japan", C, "other", AXIS)], "reserve_losses") == [
        "reserve japan lost 5 fifths (1 counter) (other); a reserve loses oil only by use, the end-of-turn cap or the "
        "Pearl Harbor strike (33.424)"
    ]
    assert found([*base, eliminate("japan", "japan", C, "over_reserve_max", AXIS)], "reserve_losses") == [
        "oil over reserve japan's maximum is eliminated at the end of a player turn (33.422), not in the initial "
        "supply phase"
    ]
    late = {**AXIS, "phase": "end_of_player_turn"}
    assert found([*base, eliminate("japan", "japan", 0, "over_reserve_max", late)], "reserve_losses") == []


PEARL = make(
    WarDeclared, at(1941, "winter", "axis", "diplomacy"), aggressor="japan", target="usa", brp_cost=0, surprise=True
)


TC14 = [(0, 0), (1, 5), (2, 10), (3, 15), (4, 15)]


@pytest.mark.plants("31-34/O-27")
@pytest.mark.parametrize(("result", "lost"), TC14)
def test_tc14_the_pearl_harbor_oil_strike(result: int, lost: int) -> None:
    """TC-14 (33.424): the second strike of the surprise attack; result 1/2/3+ destroys 1/2/all 3 counters."""
    base = [created(), *reserve("wa_pearl_harbor", "western_allies", 15, 15), PEARL]
    when = at(1941, "winter", "axis", "combat")
    strike = eliminate(
        "wa_pearl_harbor", "western_allies", lost, "pearl_harbor_strike", when, attack_result=result, strike=2
    )
    assert found([*base, strike], "reserve_losses") == []
    wrong = eliminate(
        "wa_pearl_harbor", "western_allies", lost + C, "pearl_harbor_strike", when, attack_result=result, strike=2
    )
    assert len(found([*base, wrong], "reserve_losses")) == 1


@pytest.mark.plants("31-34/O-27")
def test_the_pearl_harbor_strike_is_the_second_strike_of_the_surprise_attack() -> None:
    base = [
        created(),
        *reserve("wa_pearl_harbor", "western_allies", 15, 15),
        *reserve("wa_sa", "western_allies", 15, 15),
    ]
    when = at(1942, "spring", "axis", "combat")
    late = eliminate("wa_pearl_harbor", "western_allies", 5, "pearl_harbor_strike", when, attack_result=1, strike=1)
    assert found([*base, PEARL, late], "reserve_losses") == [
        "the Pearl Harbor oil strike is made only during Japan's initial surprise attack, in the turn Japan goes to "
        "war with the U.S. (33.424)",
        "only a second air strike on Pearl Harbor attacks its oil (33.424); recorded strike 1",
    ]
    elsewhere = eliminate("wa_sa", "western_allies", 5, "pearl_harbor_strike", at(1941, "winter", "axis", "combat"))
    assert found([*base, PEARL, elsewhere], "reserve_losses") == [
        "the Pearl Harbor strike destroys oil of the Pearl Harbor reserve only (33.424), not wa_sa"
    ]
    unknown = eliminate("wa_pearl_harbor", "western_allies", 5, "pearl_harbor_strike", at(1941, "winter", "axis"))
    assert skipped([*base, PEARL, unknown], "reserve_losses") == [
        "a Pearl Harbor oil strike without its Naval Attack Table result (attack_result)"
    ]


@pytest.mark.plants("31-34/O-28")
def test_the_wa_europe_reserve_after_the_axis_take_britain() -> None:
    base = [created(), *reserve("wa_europe", "western_allies", 30, 30)]
    when = at(1942, "summer", "axis", "combat")
    two = [control(BRITISH[p], "germany", when) for p in ("paris", "london")]
    four = [control(BRITISH[p], "germany", when) for p in ("paris", "london", "birmingham", "manchester")]
    use = spend("wa_europe", "western_allies", "army", C, at(1942, "summer", "allied", "oil_adjustment"))
    assert found([*base, use], "wa_europe_usable", PLACES) == []
    assert found([*base, *four, use], "wa_europe_usable", PLACES) == [
        "the Axis hold Paris, London, Birmingham and Manchester: the WA Europe reserve is eliminated (33.425)"
    ]
    assert skipped([*base, *two, use], "wa_europe_usable", PLACES) == [
        "the WA Europe reserve with Paris and London Axis-held: its sea supply is not recorded"
    ]
    gone = eliminate("wa_europe", "western_allies", 30, "reserve_eliminated", when)
    assert found([*base, *four, gone], "reserve_losses", PLACES) == []
    assert found([*base, *two, gone], "reserve_losses", PLACES) == [
        "the WA Europe reserve is eliminated only once the Axis hold Paris, London, Birmingham and Manchester "
        "(33.425); not Axis-held: birmingham, manchester"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Oil outside reserves (O-21)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-21")
def test_oil_left_at_a_source_does_not_outlive_the_player_turn() -> None:
    summer = at(1942, "summer", "allied", "oil_adjustment")
    made = make(OilProduced, summer, faction="russia", source="maikop", amount=5)
    moved = make(
        OilMoved,
        {**summer, "phase": "initial_supply"},
        faction="russia",
        origin="maikop",
        destination="russia",
        amount=5,
    )
    assert found([created(), made, moved], "stale_oil") == []
    later = make(
        OilMoved,
        at(1942, "fall", "allied", "initial_supply"),
        faction="russia",
        origin="maikop",
        destination="russia",
        amount=5,
    )
    assert found([created(), made, end(summer), later], "stale_oil") == [
        "the Russia used 5 fifths (1 counter) at maikop, where no oil was produced this player turn: oil outside a "
        "reserve is removed at the end of each player turn (33.41D, 33.431)"
    ]
    unlimited = make(
        OilMoved,
        ALLIED,
        faction="western_allies",
        origin="us_atlantic_box",
        destination="wa_europe",
        amount=5,
        mode="sea",
        sw_box="atlantic",
        transports=1,
    )
    assert found([created(), unlimited], "stale_oil") == []


# ---------------------------------------------------------------------------------------------------------------------
# Oil by sea and to Russia (O-30..O-32, O-34..O-36; TC-09, TC-10, TC-19)
# ---------------------------------------------------------------------------------------------------------------------


def ship(
    faction: str,
    origin: str,
    destination: str,
    counters: int,
    *,
    sw_box: str,
    transports: int | None = None,
    available: int | None = None,
    when: dict[str, object] | None = None,
    **more: object,
) -> Event:
    side = "allied" if faction in ("western_allies", "russia") else "axis"
    return make(
        OilMoved,
        when or at(1943, "spring", side, "initial_supply"),
        faction=faction,
        origin=origin,
        destination=destination,
        amount=counters * C,
        mode="sea",
        sw_box=sw_box,
        transports=counters if transports is None else transports,
        transports_available=available,
        **more,
    )


@pytest.mark.plants("31-34/O-30")
def test_the_european_axis_escort_oil_with_three_destroyer_factors_a_counter() -> None:
    escorted = ship("european_axis", "ploesti", "european_axis", 2, sw_box="atlantic", destroyer_factors=6)
    assert found([created(), escorted], "oil_shipment") == []
    short = ship("european_axis", "ploesti", "european_axis", 2, sw_box="atlantic", destroyer_factors=5)
    assert found([created(), short], "oil_shipment") == [
        "the European Axis shipped 2 oil counters escorted by 5 destroyer factors; each counter needs 3 (33.43B)"
    ]
    unknown = ship("european_axis", "ploesti", "european_axis", 2, sw_box="atlantic")
    assert skipped([created(), unknown], "oil_shipment") == [
        "a European Axis oil shipment does not record its destroyer escort (destroyer_factors)"
    ]


TC09_10 = [
    # (faction, transports available, counters allowed)
    ("japan", 1, 1),
    ("japan", 3, 2),
    ("japan", 5, 3),
    ("japan", 9, 5),
    ("japan", 12, 6),
    ("western_allies", 7, 4),
    ("western_allies", 22, 11),
]


@pytest.mark.plants("31-34/O-31")
@pytest.mark.parametrize(("faction", "available", "allowed"), TC09_10)
def test_tc09_tc10_oil_shipped_from_an_sw_box(faction: str, available: int, allowed: int) -> None:
    """TC-09, TC-10 (33.4523, 33.473): half the transports available, rounded up; Japan at most 6."""
    origin, dest, box = (
        ("brunei", "japan", "pacific") if faction == "japan" else ("us_atlantic_box", "wa_europe", "atlantic")
    )
    ok = [ship(faction, origin, dest, allowed, sw_box=box, available=available)]
    assert found([created(), *ok], "shipping_capacity") == []
    more = ship(faction, origin, dest, 1, sw_box=box, available=available)
    assert len(found([created(), *ok, more], "shipping_capacity")) == 1


@pytest.mark.plants("31-34/O-32")
def test_japan_ships_dei_oil_to_its_reserve_while_it_holds_the_ports() -> None:
    base = [created(), *reserve("japan", "japan", 50, 20)]
    when = at(1942, "summer", "axis", "combat")
    held = control("PAC:Y30", "japan", when)
    brunei = ship(
        "japan",
        "brunei",
        "japan",
        2,
        sw_box="pacific",
        available=10,
        when=at(1942, "summer", "axis", "post_combat_supply"),
    )
    assert found([*base, held, brunei], "japanese_dei_oil", PLACES) == []
    assert found([*base, brunei], "japanese_dei_oil", PLACES) == [
        "Japan ships Brunei oil only while it holds Balikpapan (33.4523)"
    ]
    elsewhere = ship("japan", "brunei", "pool", 1, sw_box="pacific", available=10)
    assert "goes to the Japanese reserve" in found([*base, held, elsewhere], "japanese_dei_oil", PLACES)[0]
    local = spend("japan", "japan", "local_naval", C, at(1943, "summer", "axis", "oil_adjustment"))
    assert found([*base, local], "japanese_dei_oil") == [
        "Brunei and Palembang oil offsets naval oil effects there only from Spring 1944 (33.4522)"
    ]
    assert (
        found(
            [*base, spend("japan", "japan", "local_naval", C, at(1944, "spring", "axis", "oil_adjustment"))],
            "japanese_dei_oil",
        )
        == []
    )


def route(name: str, when: dict[str, object], is_open: bool = True) -> Event:
    return make(RouteStatusChanged, when, route=name, open=is_open)


@pytest.mark.plants("31-34/O-34")
def test_tc19_oil_to_russia() -> None:
    """TC-19 (33.4623): 2 counters via Murmansk (2 WA transports) and 1 via Persia (none) in a turn."""
    base = [
        created(),
        *reserve("russia", "russia", 30, 10),
        route("murmansk", at(1942, "spring", "allied")),
        route("persia", at(1942, "spring", "allied")),
    ]
    murmansk = ship("western_allies", "us_atlantic_box", "russia", 2, sw_box="atlantic", route="murmansk")
    persia = make(
        OilMoved,
        at(1943, "spring", "allied", "initial_supply"),
        faction="western_allies",
        origin="abadan",
        destination="russia",
        amount=C,
        route="persia",
    )
    assert found([*base, murmansk, persia], "russia_oil") == []
    third = ship("western_allies", "us_atlantic_box", "russia", 1, sw_box="atlantic", route="murmansk")
    assert found([*base, murmansk, persia, third], "russia_oil") == [
        "3 oil counters went to Russia via Murmansk this turn; at most 2 (33.4623)"
    ]
    bare = ship("western_allies", "us_atlantic_box", "russia", 2, sw_box="atlantic", transports=1, route="murmansk")
    assert found([*base, bare], "russia_oil") == [
        "oil via Murmansk needs a WA transport a counter: 2; recorded 1 (33.4623)"
    ]
    siberia = ship("western_allies", "us_pacific_box", "russia", 1, sw_box="pacific", route="siberia")
    assert found([*base, siberia], "russia_oil") == ["WA oil went to Russia via Siberia, a route not open (33.4623)"]
    fresh = [created(), *reserve("russia", "russia", 30, 10), route("persia", at(1943, "spring", "allied"))]
    assert found([*fresh, persia], "russia_oil") == [
        "WA oil went to Russia via Persia, a route not open on a previous turn (33.4623)"
    ]


def test_wa_restricted_oil_stays_where_33_472_allows() -> None:
    mosul = ship("western_allies", "mosul", "wa_sa", 1, sw_box="indian_ocean")
    assert found([created(), mosul], "wa_restricted_oil") == [
        "Mosul's oil may not be shipped in Indian Ocean transports (33.4722)"
    ]
    abadan = ship("western_allies", "abadan", "wa_sa", 1, sw_box="indian_ocean")
    assert found([created(), abadan], "wa_restricted_oil") == []


@pytest.mark.plants("31-34/O-36.A", "31-34/O-36.B", "31-34/O-36.C")
def test_wa_shipping_routes() -> None:
    base = [
        created(),
        *reserve("wa_pearl_harbor", "western_allies", 15, 5),
        *reserve("wa_india", "western_allies", 15, 5),
        *reserve("wa_south_africa", "western_allies", 15, 5),
    ]
    ok = [
        ship("western_allies", "us_pacific_box", "wa_pearl_harbor", 1, sw_box="pacific"),
        ship("western_allies", "us_atlantic_box", "wa_south_africa", 1, sw_box="atlantic"),
        ship("western_allies", "wa_south_africa", "wa_india", 1, sw_box="indian_ocean"),
        ship("western_allies", "abadan", "suez", 1, sw_box="indian_ocean"),
    ]
    assert found([*base, *ok], "wa_sea_routes") == []
    wrong = [
        ship("western_allies", "us_pacific_box", "wa_india", 1, sw_box="pacific"),
        ship("western_allies", "wa_south_africa", "wa_pearl_harbor", 1, sw_box="indian_ocean"),
        ship("western_allies", "us_atlantic_box", "wa_india", 1, sw_box="atlantic"),
    ]
    assert [m.split(":")[0] for m in found([*base, *wrong], "wa_sea_routes")] == [
        "Western Allied oil shipped in pacific transports from us_pacific_box to india_box",
        "Western Allied oil shipped in indian ocean transports from south_africa_box to wa_ph",
        "Western Allied oil shipped in atlantic transports from us_atlantic_box to india_box",
    ]


def test_a_game_without_the_classic_india_cap_is_not_checked() -> None:
    full = GameCreated(year=1939, season="fall", phase="setup", variant="full")
    declared = make(
        OilReserveDefined,
        at(1939, "fall", phase="setup"),
        reserve="wa_india",
        faction="western_allies",
        location="box:india",
        maximum=25,
    )
    assert skipped([full, declared], "reserve_declared") == [
        "the India box maximum outside Classic depends on research the log lacks"
    ]


@pytest.mark.plants("31-34/O-37")
def test_before_war_with_japan_the_wa_put_three_pacific_transports_on_oil() -> None:
    """33.4732A, 33.4733B: three Pacific transports carry oil each turn with no effect on the frozen reserves; three
    Indian Ocean transports are inverted at the start of each Allied player turn."""
    from awaw_events.events import UnitInversionChanged
    from tests.build import unit

    fleet = [unit(f"pac-tr-{i}", "sw:pacific", "transport", "usa", 1) for i in range(4)]
    fleet += [unit(f"io-tr-{i}", "sw:indian_ocean", "transport", "britain", 1) for i in range(3)]
    base = [created(), *reserve("wa_pearl_harbor", "western_allies", 15), *fleet]
    turn = at(1941, "spring", "allied", "initial_supply")
    oil = ship("western_allies", "us_pacific_box", "wa_pearl_harbor", 3, sw_box="pacific", when=turn)
    inverted = [
        make(UnitInversionChanged, {**turn, "phase": "oil_adjustment"}, unit=f"io-tr-{i}", inverted=True)
        for i in range(3)
    ]
    assert found([*base, oil, *inverted, end(turn)], "prewar_transports") == []
    assert found([*base, *inverted, end(turn)], "prewar_transports") == [
        "before war with Japan the Western Allies assign 3 Pacific transports to carry oil each turn, with no effect "
        "on the reserves (33.4732A); 0 this turn"
    ]
    assert found([*base, oil, inverted[0], end(turn)], "prewar_transports") == [
        "before the Britain-Japan war the Western Allies invert 3 Indian Ocean transports at the start of each Allied "
        "player turn (33.4733B-C); 1 this turn"
    ]
    war = make(WarDeclared, at(1941, "winter", "axis", "diplomacy"), aggressor="japan", target="usa", brp_cost=0)
    later = at(1942, "spring", "allied", "initial_supply")
    assert len(found([*base, war, end(later)], "prewar_transports")) == 1  # the British still invert theirs
