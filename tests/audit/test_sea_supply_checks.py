"""Sea supply (30.33-30.38): each check with its fault planted and without it, and the worked examples of 30.332
(EX-S1, EX-S2), 30.342 (EX-S3), 30.363 (EX-S4) and 30.335 (EX-S8)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import BridgeheadPlaced, SeaSupplyDeclined, SeaSupplyResolved, SeaSupplyTraced
from tests.build import check_messages as findings
from tests.build import checks_found, facts, held, map_data, place, res, skipped, supply, when
from tests.build import turn_of as turn
from tests.conftest import created

ALLIED = {"season": "summer", "year": 1941, "side_": "allied"}


def trace(line: str, origin: str, destination: str, determination: str = "initial", **kw: Any) -> SeaSupplyTraced:
    faction = kw.pop("faction", "western_allies")
    side = "axis" if faction in ("european_axis", "japan") else "allied"
    phase = "initial_supply" if determination == "initial" else "post_combat_supply"
    return SeaSupplyTraced(
        **when(side_=side, phase=phase),
        faction=faction,
        line=line,
        determination=determination,  # type: ignore[arg-type]
        origin=origin,
        destination=destination,
        **kw,
    )


def resolve(line: str, outcome: str, side: str = "allied", **kw: Any) -> SeaSupplyResolved:
    return SeaSupplyResolved(**when(side_=side, phase="initial_supply"), line=line, outcome=outcome, **kw)  # type: ignore[arg-type]


WA = [created(), turn(side_="allied")]


@pytest.mark.plants("S-03")
def test_no_second_sea_attempt_after_combat() -> None:
    first = trace("l1", "EUR:H20", "EUR:AA30", zone="malta")
    again = trace("l2", "EUR:H20", "EUR:AA30", "post_combat", zone="malta")
    assert findings([*WA, first, again], "30.44") == [
        (
            "second_sea_attempt",
            "sea supply to malta was tried at the initial determination: it may not be traced again after combat "
            "(30.44; 30.45 only for a newly captured port)",
        ),
    ]
    declined = SeaSupplyDeclined(
        **when(side_="allied", phase="initial_supply"), faction="western_allies", zone="malta", determination="initial"
    )
    assert checks_found([*WA, declined, again], "30.44") == ["second_sea_attempt"]
    assert checks_found([*WA, again], "30.44") == []
    # 30.45: a port captured this turn may be supplied again
    captured = held("EUR:AA31", "britain")
    new_port = trace("l3", "EUR:H20", "EUR:AA31", "post_combat", zone="malta", exception="new_port")
    taken = held("EUR:AA31", "italy")
    capture = type(captured)(
        **when(side_="allied", phase="combat"), hex="EUR:AA31", controller="britain", cause="occupation"
    )
    assert checks_found([created(), taken, turn(side_="allied"), first, capture, new_port], "30.44") == []
    assert checks_found([created(), taken, turn(side_="allied"), first, new_port], "30.44") == ["second_sea_attempt"]


@pytest.mark.plants("S-04.A")
def test_one_line_per_supply_zone() -> None:
    """EX-S3 (30.342): Axis sea supply to Libya goes to Tripoli or Tobruk, not both; once British armor splits Libya
    into two zones, both ports may receive supply."""
    axis = {"faction": "european_axis"}
    base = [created(), turn()]
    tripoli = trace("t1", "EUR:AA25", "EUR:MM15", zone="libya", **axis)
    tobruk = trace("t2", "EUR:AA25", "EUR:MM25", zone="libya", **axis)
    assert findings([*base, tripoli, tobruk], "30.342") == [
        (
            "one_line_per_zone",
            "libya already has a sea supply line this determination (t1): one line to one designated port or "
            "bridgehead per supply zone (30.342, 30.343A)",
        ),
    ]
    split = trace("t2", "EUR:AA25", "EUR:MM25", zone="libya_east", **axis)
    assert checks_found([*base, tripoli, split], "30.342") == []
    oil = trace("t3", "EUR:AA25", "EUR:MM15", zone="libya", purpose="oil", **axis)
    assert checks_found([*base, tripoli, oil], "30.342") == []
    zoc = trace("t2", "EUR:AA25", "EUR:MM25", zone="libya", exception="zoc_split", **axis)
    assert skipped([*base, tripoli, zoc], "30.342") == [
        "line t2: that enemy ZoCs split libya is taken as recorded (30.342)"
    ]


def _coast(*, armor: bool) -> tuple[list[Any], Any]:
    """A FICTIONAL strip of Italian coast, EUR:M10 to EUR:M16 between two seas, ports at both ends (made up for the
    test); with ``armor``, British armor in EUR:N13, whose ZoC covers M13 and M14 and cuts the strip in two."""
    from projections.rules.geometry import DEFAULT_GRID

    strip = [f"EUR:M{c}" for c in range(10, 17)]
    around = {n for h in strip for n in DEFAULT_GRID.neighbours(h)} - set(strip)
    hexes = [facts(h, terrain="clear", port=h in ("EUR:M10", "EUR:M16"), island=False) for h in strip]
    hexes += [facts(h, terrain="clear" if h == "EUR:N13" else "sea") for h in sorted(around)]
    events: list[Any] = [created(), *(held(h, "italy") for h in strip), held("EUR:N13", "britain")]
    if armor:
        events.append(place("brit-arm", "britain", "EUR:N13", unit_type="armor", factors=4))
    return [*events, turn()], map_data(hexes)


@pytest.mark.plants("S-04.A")
def test_the_map_decides_which_ports_share_a_supply_zone() -> None:
    """30.342 with the map data: the two ports of one stretch of coast are one supply zone, whatever the lines call
    their zones; once enemy ZoCs cut the land between them (EX-S3's British armor), each may receive a line, whether
    or not the exception is recorded."""
    axis = {"faction": "european_axis"}
    west = trace("t1", "EUR:AA25", "EUR:M10", zone="west", **axis)
    east = trace("t2", "EUR:AA25", "EUR:M16", zone="east", **axis)
    whole, data = _coast(armor=False)
    assert findings([*whole, west, east], "30.342", data) == [
        (
            "one_line_per_zone",
            "east already has a sea supply line this determination (t1 (named apart)): one line to one designated "
            "port or bridgehead per supply zone (30.342, 30.343A)",
        ),
    ]
    oil = trace("t3", "EUR:AA25", "EUR:M16", zone="east", purpose="oil", **axis)
    assert checks_found([*whole, west, oil], "30.342", data) == []
    cut, data = _coast(armor=True)
    assert checks_found([*cut, west, east], "30.342", data) == []
    claimed = trace("t2", "EUR:AA25", "EUR:M16", zone="west", exception="zoc_split", **axis)
    assert checks_found([*cut, west, claimed], "30.342", data) == []
    assert skipped([*cut, west, claimed], "30.342", data) == []  # derived, not taken as recorded
    unmarked = trace("t2", "EUR:AA25", "EUR:M16", zone="west", **axis)
    assert checks_found([*cut, west, unmarked], "30.342", data) == []


@pytest.mark.plants("S-04.B")
def test_one_line_per_island_group() -> None:
    """30.343A: one sea supply line to each island group, entering at one island; the islands of a group are not
    linked by land, so the group is the one the lines name (the map data names no island groups)."""
    jap = {"faction": "japan"}
    islands = map_data([facts(h, terrain="clear", port=True, island=True) for h in ("PAC:EE50", "PAC:EE52")])
    first = trace("j1", "PAC:K30", "PAC:EE50", zone="solomons", **jap)
    second = trace("j2", "PAC:K30", "PAC:EE52", zone="solomons", **jap)
    other = trace("j2", "PAC:K30", "PAC:EE52", zone="gilberts", **jap)
    base = [created(), turn()]
    assert checks_found([*base, first, other], "30.342", islands) == []
    assert findings([*base, first, second], "30.342", islands) == [
        (
            "one_line_per_zone",
            "solomons already has a sea supply line this determination (j1): one line to one designated port or "
            "bridgehead per supply zone (30.342, 30.343A)",
        ),
    ]


@pytest.mark.plants("S-05.A")
def test_a_port_does_not_both_receive_and_send() -> None:
    """30.331A-B: a port that sends sea supply this player turn receives none, and one that received sends none."""
    out = trace("l1", "EUR:NN40", "EUR:AA30", zone="malta")
    into = trace("l2", "box:south_africa", "EUR:NN40", zone="middle_east", transports={"indian_ocean": 1})
    elsewhere = trace("l2", "box:south_africa", "EUR:NN39", zone="middle_east", transports={"indian_ocean": 1})
    assert checks_found([*WA, out, elsewhere], "30.331") == []
    assert findings([*WA, out, into], "30.331") == [
        (
            "port_receives_or_sends",
            "line l2 ends in EUR:NN40, which sends sea supply this player turn (30.331A-B)",
        ),
    ]


@pytest.mark.plants("S-05.B")
def test_lines_out_of_a_sea_supplied_zone_leave_from_another_port() -> None:
    """30.332B: a line from a zone that was supplied by sea leaves from a port other than the one that received."""
    into = trace("l1", "box:south_africa", "EUR:NN40", zone="middle_east", transports={"indian_ocean": 1})
    out = trace("l2", "EUR:NN40", "EUR:AA30", zone="malta")
    assert findings([*WA, into, out], "30.331") == [
        (
            "port_receives_or_sends",
            "line l2 leaves EUR:NN40, which received sea supply this player turn: a port may not both receive and send "
            "sea supply (30.331A, 30.332B)",
        ),
    ]
    other = trace("l2", "EUR:NN39", "EUR:AA30", zone="malta")
    assert checks_found([*WA, into, other], "30.331") == []


@pytest.mark.plants("S-06.A", "S-06.B")
def test_sea_lines_start_and_end_where_the_rules_allow() -> None:
    data = map_data(
        [
            facts("EUR:H20", port=True),
            facts("EUR:H22", port=False, island=False),
            facts("EUR:AA30", port=True),
            facts("EUR:I20", terrain="sea"),
        ]
    )
    base = [*WA]
    assert checks_found([*base, trace("l1", "EUR:H20", "EUR:AA30", zone="malta")], "30.331", data) == []
    assert findings([*base, trace("l1", "EUR:H20", "box:india", zone="india")], "30.331", data) == [
        (
            "sea_line_ends",
            "sea supply lines may not end in a mapboard box, except to ship oil or BRPs to the South Africa, India or "
            "Australia box (30.331D)",
        ),
    ]
    assert checks_found([*base, trace("l1", "EUR:H20", "box:india", zone="india", purpose="oil")], "30.331", data) == []
    assert findings([*base, trace("l1", "EUR:H20", "EUR:H22", zone="x")], "30.331", data) == [
        ("sea_line_ends", "line l1 ends in EUR:H22, which is no port, seaborne bridgehead or one-hex island (30.331B)"),
    ]
    # an origin port in an enemy ZoC sends nothing; a seaborne bridgehead receives
    armor = place("ger-arm", "germany", "EUR:H21", unit_type="armor", factors=4)
    assert findings(
        [created(), armor, turn(side_="allied"), trace("l1", "EUR:H20", "EUR:AA30", zone="m")], "30.331", data
    ) == [
        ("sea_line_ends", "line l1 leaves EUR:H20, which is in an enemy ZoC (30.331A)"),
    ]
    bridgehead = BridgeheadPlaced(
        **when(side_="allied", phase="combat"), hex="EUR:H22", faction="western_allies", cause="seaborne_invasion"
    )
    assert (
        checks_found([*base, bridgehead, trace("l1", "EUR:H20", "EUR:H22", "post_combat", zone="x")], "30.331", data)
        == []
    )
    assert skipped([*base, trace("l1", "EUR:H30", "EUR:H31", zone="x")], "30.331", data) == [
        "not checked: no map data for EUR:H31 (port)"
    ]


@pytest.mark.plants("S-07.A", "S-07.C")
def test_sea_supply_from_the_boxes() -> None:
    data = map_data(
        [
            facts("EUR:NN40", name="Suez", port=True),
            facts("EUR:MM30", name="Tobruk", port=True),
            facts("PAC:Z50", name="Oahu", port=True),
        ]
    )
    suez = trace("l1", "box:south_africa", "EUR:NN40", zone="middle_east", transports={"indian_ocean": 1})
    assert checks_found([*WA, suez], "30.331C", data) == []
    bare = trace("l1", "box:south_africa", "EUR:NN40", zone="middle_east", transports={"atlantic": 1})
    assert findings([*WA, bare], "30.331C", data) == [
        (
            "box_sea_supply",
            "sea supply from the south africa box needs one indian ocean transport per line (30.331C)",
        ),
    ]
    tobruk = trace("l1", "box:south_africa", "EUR:MM30", zone="libya", transports={"indian_ocean": 1})
    assert findings([*WA, tobruk], "30.331C", data) == [
        ("box_sea_supply", "sea supply from the south africa box must end in or pass Abadan, Basra, Suez (30.331C)"),
    ]
    pacific = trace("l2", "box:us_pacific", "PAC:Z40", zone="z", transports={"pacific": 1}, path=["PAC:Z50"])
    assert checks_found([*WA, pacific], "30.331C", data) == []
    india = trace("l3", "box:india", "PAC:CC10", zone="z", transports={"indian_ocean": 1}, path=["PAC:DD2"])
    assert checks_found([*WA, india], "30.331C", data) == ["box_sea_supply"]


@pytest.mark.plants("S-08")
def test_protection_needs_eligible_naval_units_with_a_destroyer() -> None:
    base = [
        created(),
        place("dd-1", "britain", "EUR:H20", unit_type="dd", factors=1),
        place("ca-1", "britain", "EUR:H20", unit_type="ca", factors=2, inverted=True),
        place("ca-2", "britain", "EUR:K10", unit_type="ca", factors=2),
        turn(side_="allied"),
        supply("western_allies", "initial", [res("dd-1"), res("ca-1"), res("ca-2")], **ALLIED),
    ]
    good = trace("l1", "EUR:H20", "EUR:AA30", zone="m", protection=["dd-1"])
    assert checks_found([*base, good], "30.361") == []
    bad = trace("l1", "EUR:H20", "EUR:AA30", zone="m", protection=["ca-1", "ca-2"])
    assert findings([*base, bad], "30.361") == [
        (
            "sea_supply_protection",
            "ca-1 may not protect line l1: inverted (30.361B, 30.3611)",
        ),
        (
            "sea_supply_protection",
            "ca-2 may not protect line l1: based in EUR:K10 (30.361B, 30.3611)",
        ),
        (
            "sea_supply_protection",
            "line l1 is protected without a destroyer, and no transport carries it (30.361B)",
        ),
    ]


@pytest.mark.plants("S-09.A", "S-09.B", "S-09.C")
def test_disruption_follows_protection_and_attack() -> None:
    base = [
        created(),
        place("dd-1", "britain", "EUR:H20", unit_type="dd", factors=1),
        place("ger-air", "germany", "EUR:K25", unit_type="aaf", factors=5),
        place("ger-inf", "germany", "EUR:K26"),
        place("brit-air", "britain", "EUR:H20", unit_type="aaf", factors=3),
        turn(side_="allied"),
    ]
    bare = trace("l1", "EUR:H20", "EUR:AA30", zone="m")
    escorted = trace("l1", "EUR:H20", "EUR:AA30", zone="m", protection=["dd-1"])
    assert checks_found([*base, bare, resolve("l1", "disrupted", attackers=["ger-air"])], "30.381") == []
    assert findings([*base, bare, resolve("l1", "delivered", attackers=["ger-air"])], "30.381") == [
        (
            "sea_supply_disruption",
            "line l1 was unprotected and attacked: it is disrupted (30.381)",
        ),
    ]
    covered = trace("l1", "EUR:H20", "EUR:AA30", zone="m", air_cover=["brit-air"])
    held_off = resolve("l1", "delivered", attackers=["ger-air"], blocked=["ger-air"])
    assert checks_found([*base, covered, held_off], "30.381") == []
    wrongly = resolve("l1", "disrupted", attackers=["ger-air"], blocked=["ger-air"])
    assert findings([*base, covered, wrongly], "30.381") == [
        ("sea_supply_disruption", "line l1 was unprotected and not attacked: it is delivered (30.381)"),
    ]
    assert findings([*base, bare, held_off], "30.381") == [
        (
            "sea_supply_disruption",
            "ger-air recorded as blocked, but line l1 had no air cover: air cover keeps enemy air units from "
            "attacking a sea supply line (30.364, 30.381A)",
        ),
        ("sea_supply_disruption", "line l1 was unprotected and attacked: it is disrupted (30.381)"),
    ]
    assert checks_found([*base, escorted, resolve("l1", "delivered", attackers=["ger-air"])], "30.381") == []
    assert checks_found([*base, escorted, resolve("l1", "disrupted", attackers=["ger-air"])], "30.381") == [
        "sea_supply_disruption"
    ]
    lost = resolve("l1", "disrupted", attackers=["ger-air"], protection_lost=True)
    assert checks_found([*base, escorted, lost], "30.381") == []
    assert findings([*base, bare, resolve("l1", "disrupted", attackers=["ger-inf"])], "30.381")[0] == (
        "sea_supply_disruption",
        "only enemy air and naval units attack a sea supply line (30.37): ger-inf",
    )
    assert checks_found([*base, resolve("l9", "delivered")], "30.381") == ["sea_supply_disruption"]


# ---------------------------------------------------------------------------------------------------------------------
# S-10 and the worked examples


def _middle_east(suez_outcome: str) -> list[object]:
    """30.332: South Africa box -> Suez (one Indian Ocean transport); Alexandria -> Malta, Cyprus and a bridgehead in
    Sicily. Alexandria's zone is fully supplied through Suez unless that line is disrupted (then only Cairo, a
    limited source, supplies it)."""
    alexandria, malta, cyprus, sicily = "EUR:NN35", "EUR:CC30", "EUR:GG45", "EUR:BB28"
    events: list[object] = [
        created(),
        place("brit-1", "britain", malta),
        place("brit-2", "britain", cyprus),
        place("brit-3", "britain", sicily),
        turn(side_="allied"),
        trace("sa", "box:south_africa", "EUR:NN40", zone="middle_east", transports={"indian_ocean": 1}),
        trace("m", alexandria, malta, zone="malta"),
        trace("c", alexandria, cyprus, zone="cyprus"),
        trace("s", alexandria, sicily, zone="sicily"),
        resolve("sa", suez_outcome, attackers=["ita-air"] if suez_outcome == "disrupted" else []),
    ]
    return events


def _zone_results(alexandria_status: str, island_status: str) -> object:
    alexandria = (
        res("EUR:NN35", alexandria_status, sea_line="sa")
        if alexandria_status == "full"
        else res("EUR:NN35", alexandria_status, "cairo")
    )
    return supply(
        "western_allies",
        "initial",
        [
            alexandria,
            *[res(u, island_status, sea_line=line) for u, line in (("brit-1", "m"), ("brit-2", "c"), ("brit-3", "s"))],
        ],
        **ALLIED,
    )


@pytest.mark.plants("S-10.A", "S-10.B")
def test_example_30_332_supply_zone_expansion_by_sea() -> None:
    """EX-S1 and EX-S2."""
    assert checks_found([*_middle_east("delivered"), _zone_results("full", "full")], "30") == []
    disrupted = _middle_east("disrupted")
    assert checks_found([*disrupted, _zone_results("partial", "partial")], "30") == []
    assert findings([*disrupted, _zone_results("partial", "full")], "30.332") == [
        (
            "sea_supplied_type",
            f"{unit} gets full supply by sea, but line {line} carries partial supply from EUR:NN35 (30.332C, 30.333, "
            "30.383)",
        )
        for unit, line in (("brit-1", "m"), ("brit-2", "c"), ("brit-3", "s"))
    ]
    assert findings([*disrupted, _zone_results("full", "full")], "30.332")[0] == (
        "sea_supplied_type",
        "EUR:NN35 gets full supply by sea, but line sa was disrupted (30.332C, 30.333, 30.383)",
    )


@pytest.mark.plants("S-10.B")
def test_example_30_363_separate_sea_lines() -> None:
    """EX-S4: Japan traces Kagoshima -> Manila -> Manado -> Hollandia (line 1) and on through Hollandia to Rabaul
    (line 2); line 1 is disrupted, line 2 gets through: Hollandia is unsupplied (line 2 only touched it), Rabaul is
    supplied."""
    kagoshima, manila, manado, hollandia, rabaul = "PAC:K30", "PAC:V30", "PAC:BB35", "PAC:EE45", "PAC:FF50"
    base = [
        created(),
        place("jap-h", "japan", hollandia),
        place("jap-r", "japan", rabaul),
        turn(),
        trace("one", kagoshima, hollandia, faction="japan", zone="hollandia", path=[manila, manado]),
        trace("two", kagoshima, rabaul, faction="japan", zone="rabaul", path=[manila, manado, hollandia]),
        resolve("one", "disrupted", side="axis", attackers=["us-air"]),
        resolve("two", "delivered", side="axis"),
    ]

    def results(hollandia_status: str, hollandia_line: str) -> object:
        return supply(
            "japan",
            "initial",
            [
                res(kagoshima, "full", "kagoshima"),
                res("jap-h", hollandia_status, sea_line=hollandia_line),
                res("jap-r", "full", sea_line="two"),
            ],
        )

    assert checks_found([*base, results("isolated", "one")], "30.332") == []
    assert findings([*base, results("full", "one")], "30.332") == [
        ("sea_supplied_type", "jap-h gets full supply by sea, but line one was disrupted (30.332C, 30.333, 30.383)"),
    ]
    assert findings([*base, results("full", "two")], "30.332") == [
        (
            "sea_supplied_type",
            "line two only touches PAC:EE45 on its way to PAC:FF50: a line that touches a port gives that port and its "
            "zone no supply (30.3341, 30.363)",
        ),
    ]


@pytest.mark.plants("S-06")
def test_example_30_335_zocs_do_not_touch_sea_lines() -> None:
    """EX-S8: hostile armor in Calais or Harwich does not affect sea supply through the English Channel; only the land
    end of a line (its origin port) may not be in an enemy ZoC."""
    london, channel, calais = "EUR:L20", "EUR:M21", "EUR:M22"
    data = map_data(
        [facts(london, port=True, name="London"), facts("EUR:P18", port=True), facts(channel, terrain="sea")]
    )
    base = [created(), place("ger-arm", "germany", calais, unit_type="armor", factors=4), turn(side_="allied")]
    line = trace("l1", london, "EUR:P18", zone="x", path=[channel])
    assert checks_found([*base, line], "30.331", data) == []
    near = [created(), place("ger-arm", "germany", "EUR:L21", unit_type="armor", factors=4), turn(side_="allied")]
    assert checks_found([*near, line], "30.331", data) == ["sea_line_ends"]
