"""Attrition occupation on the map (14.61-14.64; AUD-14-14), clause by clause: each test plants the fault of one
clause on a few hexes of FICTIONAL map data (made up for the test: never the printed map of *A World at War*), and
the legal play beside it audits clean.

Five German 3-factor infantry units in EUR:K37 attrition the Polish units next to them: x0 and x1 in EUR:K38, y0 in
EUR:L37 (a third hex, EUR:J38, stays empty unless a test fills it). The die gives one loss and one hex (1C/1H).
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from awaw_events.events import (
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    AttritionResolved,
    BridgeheadPlaced,
    CtlSet,
    DiceRolled,
    Event,
    FortificationPlaced,
    RailheadBuilt,
    UnitEliminated,
)
from awaw_events.events.base import Move, UnitFactors
from tests.build import created, map_data, messages, place, run_created, supplied, war

WHEN: dict[str, Any] = {"year": 1943, "season": "summer", "side": "axis", "phase": "attrition"}
SETUP: dict[str, Any] = {"year": 1939, "season": "fall", "phase": "setup"}
GERMANS = [f"b{i}" for i in range(5)]
CLEAR = {h: {"terrain": "clear", "country": "poland"} for h in ("EUR:K37", "EUR:K38", "EUR:L37", "EUR:J38", "EUR:K39")}
"""FICTIONAL: five clear Polish hexes."""


def attrition(
    occupied: list[str],
    *,
    lost: str = "y0",
    movers: dict[str, str] | None = None,
    hexes: int = 1,
    before: tuple[Event, ...] = (),
    season: str = "summer",
    germans: str = "EUR:K37",
    rules: str = "awaw",
    x1: int = 3,
) -> list[Event]:
    """The German attrition of the Polish units, the loss taken from ``lost``, and the occupation of ``occupied``
    by ``movers`` (unit -> hex; b0 into each hex unless given), under ``rules`` (``a3r``: the house App. C); x1 has
    ``x1`` combat factors."""
    when = {**WHEN, "season": season}
    moves = movers if movers is not None else dict.fromkeys(occupied, "b0")
    return [
        created(rules),
        *(place(u, "germany", germans) for u in GERMANS),
        place("x0", "britain", "EUR:K38", nationality="poland"),
        place("x1", "britain", "EUR:K38", factors=x1, nationality="poland"),
        place("y0", "britain", "EUR:L37", nationality="poland"),
        CtlSet(**SETUP, faction="european_axis", domain="ground", level=1),
        CtlSet(**SETUP, faction="western_allies", domain="ground", level=1),
        war("germany", "britain"),
        *before,
        AttritionDeclared(
            **when,
            attrition="z1",
            attacker="european_axis",
            target="western_allies",
            front="eastern",
            counted=[UnitFactors(unit=u, factors=3) for u in GERMANS],
            factors=15,
            defenders=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1", "y0")],
        ),
        DiceRolled(**when, roll=1, purpose="attrition", dice=[5]),
        AttritionResolved(**when, attrition="z1", roll=1, losses=1, hexes=hexes),
        AttritionLossesTaken(**when, attrition="z1", losses=[UnitFactors(unit=lost, factors=3)]),
        UnitEliminated(**when, unit=lost, cause="attrition", ref="z1"),
        AttritionOccupation(
            **when, attrition="z1", hexes=occupied, moves=[Move(unit=u, to=h) for h, u in moves.items()]
        ),
    ]


def occupation(events: list[Event], more: dict[str, dict[str, Any]] | None = None, check: str = "") -> list[str]:
    """The findings of the occupation checks (``attrition_occupation`` unless ``check``) on the clear hexes and
    ``more``."""
    report = run_created(events, map_data({**CLEAR, **(more or {})}))
    return messages(report, check or "attrition_occupation")


@pytest.mark.plants("AUD-14-14.A")
def test_occupied_hexes_are_at_most_h_each_holding_an_enemy_unit_next_to_an_attritioning_unit() -> None:
    assert occupation(attrition(["EUR:K38"])) == []
    more = place("z0", "britain", "EUR:J38", nationality="poland")
    [two] = occupation(attrition(["EUR:K38", "EUR:J38"], before=(more,)))
    assert two.startswith("attrition z1 occupies 2 hexes for a 1H result")
    assert occupation(attrition(["EUR:K38", "EUR:J38"], before=(more,), hexes=2)) == []
    assert occupation(attrition(["EUR:J38"])) == [
        "attrition z1 occupies EUR:J38, but it holds no non-partisan enemy ground unit (14.61, 14.62A)"
    ]
    partisan = place("p1", "britain", "EUR:J38", "partisan", 1)
    assert occupation(attrition(["EUR:J38"], before=(partisan,))) == [
        "attrition z1 occupies EUR:J38, but it holds no non-partisan enemy ground unit (14.61, 14.62A)"
    ]
    partisans = attrition(["EUR:J38"], before=(partisan,))
    declared = next(i for i, e in enumerate(partisans) if isinstance(e, AttritionDeclared))
    partisans[declared] = msgspec.structs.replace(partisans[declared], partisans=True)  # type: ignore[type-var]
    assert occupation(partisans) == []  # an attrition of partisans takes their hexes (C-ATT-9)
    far = place("z0", "britain", "EUR:K39", nationality="poland")  # K39 is two hexes from K37
    assert occupation(attrition(["EUR:K39"], before=(far,), movers={})) == [
        "attrition z1 occupies EUR:K39, but no unit counted in this attrition stands next to it (14.61)",
        "attrition z1 occupies EUR:K39, but no attritioning unit advances into it (14.64)",
    ]


@pytest.mark.plants("AUD-14-14.B")
def test_not_the_hex_the_defender_took_all_the_losses_from_with_its_largest_unit() -> None:
    assert occupation(attrition(["EUR:K38"], lost="y0")) == []
    assert occupation(attrition(["EUR:K38"], lost="x0")) == [
        "attrition z1 occupies EUR:K38, but the defender took all of this attrition's losses from it, its largest "
        "unit included (14.62B)"
    ]


@pytest.mark.plants("AUD-14-14.C")
def test_not_a_capital_objective_ic_fortress_fortification_railhead_or_river_bridgehead() -> None:
    for fact, words in (("capital", "capital"), ("objective", "objective"), ("industrial_centre", "industrial centre")):
        assert occupation(attrition(["EUR:K38"]), {"EUR:K38": {**CLEAR["EUR:K38"], fact: True}}) == [
            f"attrition z1 occupies EUR:K38, but it is a {words} hex (14.62C)"
        ]
    for kind in ("fortification", "fortress"):
        fort = FortificationPlaced(**SETUP, hex="EUR:K38", kind=kind, owner="britain")
        assert occupation(attrition(["EUR:K38"], before=(fort,))) == [
            f"attrition z1 occupies EUR:K38, but it holds a {kind} (14.62C)"
        ]
    railhead = RailheadBuilt(**{**WHEN, "side": "allied", "phase": "unit_construction", "year": 1942}, power="britain",
                             hex="EUR:K38", brp_cost=5, rp_cost=2)  # fmt: skip
    assert occupation(attrition(["EUR:K38"], before=(railhead,))) == [
        "attrition z1 occupies EUR:K38, but it holds a railhead (14.62C)"
    ]

    def bridgehead(cause: str) -> BridgeheadPlaced:
        return BridgeheadPlaced(**{**WHEN, "side": "allied", "phase": "combat", "year": 1942}, hex="EUR:K38",
                                faction="western_allies", cause=cause, first_unit="x0")  # type: ignore[arg-type]  # fmt: skip

    [river] = occupation(
        attrition(["EUR:K38"], before=(bridgehead("cross_river_attack"),)), check="bridgehead_attrition"
    )
    assert "such a hex is never taken by attrition occupation (31.64)" in river
    seaborne = attrition(["EUR:K38"], before=(bridgehead("seaborne_invasion"),))
    assert occupation(seaborne, check="bridgehead_attrition") == occupation(seaborne) == []  # 14.62C: seaborne may


@pytest.mark.plants("AUD-14-14.C")
def test_beach_defenses_alone_and_a_line_across_its_open_hexsides_do_not_bar_attrition_occupation() -> None:
    """32.55: beach defenses have no effect on attrition; 14.62C: a Maginot hex is occupied by units attritioning
    across its unfortified hexsides, never across its fortified ones (32.221)."""
    beach = FortificationPlaced(**SETUP, hex="EUR:K38", kind="beach_defense", owner="britain")
    assert occupation(attrition(["EUR:K38"], before=(beach,))) == []
    line = FortificationPlaced(**SETUP, hex="EUR:K38", kind="maginot", owner="britain", hexsides=["EUR:J38"])
    open_side = attrition(["EUR:K38"], before=(line,))
    assert occupation(open_side) == occupation(open_side, check="fortification_attrition") == []
    across = attrition(["EUR:K38"], before=(line,), germans="EUR:J38")
    assert occupation(across) == []
    *counted, occupied = occupation(across, check="fortification_attrition")
    assert len(counted) == len(GERMANS)  # J38's only enemy neighbour is K38: none of them may attrition (32.221)
    assert all("lies across a fortified enemy hexside (32.221)" in m for m in counted)
    assert "across the fortified hexside of the line (32.221" in occupied


@pytest.mark.plants("AUD-14-14.D")
def test_not_forest_jungle_mountain_or_swamp_but_frozen_swamp_and_japanese_jungle() -> None:
    for terrain in ("forest", "jungle", "mountain", "jungle_mountain", "swamp"):
        assert occupation(attrition(["EUR:K38"]), {"EUR:K38": {"terrain": terrain}}) == [
            f"attrition z1 occupies EUR:K38, but it is {terrain} (14.62D)"
        ], terrain
    frozen = {"EUR:K38": {"terrain": "swamp", "front": "eastern"}}  # 34.23C: eastern-front swamps freeze in winter
    assert occupation(attrition(["EUR:K38"], season="winter"), frozen) == []
    western = {"EUR:K38": {"terrain": "swamp", "front": "western"}}
    assert occupation(attrition(["EUR:K38"], season="winter"), western) == [
        "attrition z1 occupies EUR:K38, but it is swamp (14.62D)"
    ]
    japanese = place("j0", "japan", "EUR:K37")
    events = attrition(["EUR:K38"], before=(japanese,), movers={"EUR:K38": "j0"})
    declared = next(i for i, e in enumerate(events) if isinstance(e, AttritionDeclared))
    events[declared] = AttritionDeclared(
        **WHEN, attrition="z1", attacker="european_axis", target="western_allies", front="eastern",
        counted=[UnitFactors(unit=u, factors=3) for u in (*GERMANS, "j0")], factors=18,
        defenders=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1", "y0")],
    )  # fmt: skip
    assert occupation(events, {"EUR:K38": {"terrain": "jungle"}}) == []  # Japanese units may occupy jungle
    assert occupation(events, {"EUR:K38": {"terrain": "jungle_mountain"}}) == [
        "attrition z1 occupies EUR:K38, but it is jungle_mountain (14.62D)"
    ]


@pytest.mark.plants("AUD-14-14.E")
def test_not_by_units_attritioning_across_a_river_or_crossing_arrow() -> None:
    """14.62E: K37|K38 is a river hexside, J38|K38 is not (FICTIONAL). A unit advancing across the river may not
    occupy K38; one from J38 may, though K38 is bounded by the river."""
    sides = [{"between": ("EUR:K37", "EUR:K38"), "river": "river"}]
    data = map_data(CLEAR, sides)
    across = run_created(attrition(["EUR:K38"]), data)
    assert messages(across, "attrition_occupation") == [
        "attrition z1 occupies EUR:K38, but b0 advances into it across a river from EUR:K37 (14.62E)"
    ]
    j38 = place("c0", "germany", "EUR:J38")
    events = attrition(["EUR:K38"], before=(j38,), movers={"EUR:K38": "c0"})
    declared = next(i for i, e in enumerate(events) if isinstance(e, AttritionDeclared))
    events[declared] = AttritionDeclared(
        **WHEN, attrition="z1", attacker="european_axis", target="western_allies", front="eastern",
        counted=[UnitFactors(unit=u, factors=3) for u in (*GERMANS, "c0")], factors=18,
        defenders=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1", "y0")],
    )  # fmt: skip
    assert messages(run_created(events, data), "attrition_occupation") == []
    arrow = map_data(CLEAR, [{"between": ("EUR:K37", "EUR:K38"), "crossing_arrow": True}])
    assert messages(run_created(attrition(["EUR:K38"]), arrow), "attrition_occupation") == [
        "attrition z1 occupies EUR:K38, but b0 advances into it across a crossing arrow from EUR:K37 (14.62E)"
    ]


@pytest.mark.plants("AUD-14-14.F")
def test_an_adjacent_eligible_unit_advances_into_each_selected_hex() -> None:
    assert occupation(attrition(["EUR:K38"], movers={})) == [
        "attrition z1 occupies EUR:K38, but no attritioning unit advances into it (14.64)"
    ]
    far = place("c0", "germany", "EUR:K35")
    assert occupation(attrition(["EUR:K38"], before=(far,), movers={"EUR:K38": "c0"})) == [
        "attrition z1: c0 advances but took no part in the attrition (14.61)",
        "attrition z1 occupies EUR:K38, but c0 advances into it from EUR:K35, which is not next to it (14.64)",
    ]
    cut_off = supplied("european_axis", {"b0": "unsupplied", "b1": "full"}, when={"year": 1943, "season": "summer"})
    assert occupation(attrition(["EUR:K38"], before=(cut_off,))) == [
        "attrition z1 occupies EUR:K38, but b0 advances into it, unsupplied at the initial supply determination (14.61)"
    ]
    assert occupation(attrition(["EUR:K38"], before=(cut_off,), movers={"EUR:K38": "b1"})) == []


@pytest.mark.plants("C-ATT-9")
def test_the_house_occupation_rules() -> None:
    """House App. C against AWAW 14.6 (A3R extract 6.1): a hex that gave all the losses is immune even without its
    largest unit (14.62B); no 14.65; any bridgehead bars occupation (14.62C); an attrition of partisans takes only
    hexes of partisans (C-ATT-9); Luxembourg, which has no capital, may be taken; replacements never advance (10.23)."""
    small_loss = {"lost": "x0", "x1": 5}  # x1 (5 factors) is the largest unit in K38
    assert occupation(attrition(["EUR:K38"], **small_loss)) == []
    assert occupation(attrition(["EUR:K38"], rules="a3r", **small_loss)) == [
        "attrition z1 occupies EUR:K38, but the defender took all of this attrition's losses from it (house 14.62B)"
    ]
    bridgehead = BridgeheadPlaced(
        year=1942, season="summer", side="allied", phase="combat", hex="EUR:K38", faction="western_allies",
        cause="seaborne_invasion", first_unit="x0",
    )  # fmt: skip
    assert occupation(attrition(["EUR:K38"], before=(bridgehead,))) == []
    assert occupation(attrition(["EUR:K38"], before=(bridgehead,), rules="a3r")) == [
        "attrition z1 occupies EUR:K38, but it holds a seaborne invasion bridgehead: in the house rules any bridgehead "
        "bars it (house 14.62C)"
    ]
    partisan = place("p1", "britain", "EUR:J38", "partisan", 1)
    mixed = place("p2", "britain", "EUR:L37", "partisan", 1)
    events = attrition(["EUR:J38"], before=(partisan, mixed), rules="a3r", lost="x0")
    declared = next(i for i, e in enumerate(events) if isinstance(e, AttritionDeclared))
    events[declared] = msgspec.structs.replace(events[declared], partisans=True)  # type: ignore[type-var]
    assert occupation(events) == []
    events[-1] = msgspec.structs.replace(events[-1], hexes=["EUR:L37"], moves=[Move(unit="b0", to="EUR:L37")])  # type: ignore[type-var]
    assert "it holds y0: an attrition of partisans takes only hexes of partisans (C-ATT-9)" in occupation(events)[0]
    luxembourg = {"EUR:K38": {**CLEAR["EUR:K38"], "capital": True, "name": "Luxembourg"}}
    assert occupation(attrition(["EUR:K38"], rules="a3r"), luxembourg) == []
    warsaw = {"EUR:K38": {**CLEAR["EUR:K38"], "capital": True, "name": "Warsaw"}}
    assert occupation(attrition(["EUR:K38"], rules="a3r"), warsaw) == [
        "attrition z1 occupies EUR:K38, but it is a capital hex (14.62C)"
    ]
    replacement = place("r0", "germany", "EUR:K37", "replacement", 1)
    advancing = attrition(["EUR:K38"], before=(replacement,), movers={"EUR:K38": "r0"}, rules="a3r")
    assert any("r0" in m for m in occupation(advancing, check="non_combatants"))


@pytest.mark.plants("C-ATT-9")
def test_the_house_rules_have_no_14_65() -> None:
    """14.65 (AWAW): every defending unit eliminated, the zone's hexes next to the attritioners may all be taken
    regardless of H; the house App. C has no such rule."""
    wiped = [UnitEliminated(**WHEN, unit=u, cause="attrition", ref="z1") for u in ("x0", "x1")]
    losses = AttritionLossesTaken(**WHEN, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1")])

    def all_lost(rules: str) -> list[str]:
        events = attrition(["EUR:K38", "EUR:L37"], rules=rules, movers={"EUR:K38": "b0", "EUR:L37": "b1"})
        return occupation([*events[:-1], losses, *wiped, events[-1]])

    assert all_lost("awaw") == []
    assert all_lost("a3r")[0].startswith("attrition z1 occupies 2 hexes for a 1H result")


@pytest.mark.plants("F-19", "C-FRT-3")
def test_no_attrition_across_a_fortified_enemy_hexside() -> None:
    """32.221: the Germans in K37 have two enemy neighbours, K38 and L37; with a Polish fortification in both, each
    hexside between them is a fortified enemy one and the Germans may not attrition; with one left open, or a line
    facing away from them, or a fortification of their own, they may (and attrition across the open hexside)."""

    def counted(*forts: tuple[str, str, str, list[str]]) -> list[str]:
        placed = [FortificationPlaced(**SETUP, hex=h, kind=k, owner=o, hexsides=faces) for h, k, o, faces in forts]  # type: ignore[arg-type]
        events = [e for e in attrition([], before=tuple(placed)) if not isinstance(e, AttritionOccupation)]
        return occupation(events, check="fortification_attrition")

    both = counted(("EUR:K38", "fortification", "britain", []), ("EUR:L37", "fortress", "britain", []))
    assert len(both) == len(GERMANS) and all("lies across a fortified enemy hexside (32.221)" in m for m in both)
    assert counted(("EUR:K38", "fortification", "britain", [])) == []  # L37 is open
    facing_away = ("EUR:L37", "maginot", "britain", ["EUR:L36"])
    assert counted(("EUR:K38", "fortification", "britain", []), facing_away) == []
    facing = ("EUR:L37", "maginot", "britain", ["EUR:K37"])
    assert len(counted(("EUR:K38", "fortification", "britain", []), facing)) == len(GERMANS)
    own = ("EUR:K37", "fortification", "germany", [])
    assert counted(own) == []  # 32.221: units attrition across their own fortified hexsides
