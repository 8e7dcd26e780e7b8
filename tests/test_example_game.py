"""The shipped example game ``examples/campaign-1939.jsonl``: valid, ordered, honest, and regenerated identically."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from collections import defaultdict
from pathlib import Path
from types import ModuleType
from typing import Any

import msgspec
import pytest

from awaw_events.codec import encode, parse_event, tag_of
from awaw_events.events import AnyEvent
from awaw_events.vocab import GAME_TURN_PHASES, PLAYER_TURN_PHASES, SEASONS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LOG = EXAMPLES / "campaign-1939.jsonl"
GENERATOR = EXAMPLES / "make_campaign_1939.py"

PHASE_ORDER = (None, *GAME_TURN_PHASES, *PLAYER_TURN_PHASES, "end_of_game_turn")
"""Phase order of the brief (gametime's ``time_key`` has no rank for ``end_of_game_turn``)."""

FAMILIES = {"game", "calendar", "dice", "politics", "france", "units", "combat", "board", "economy", "oil", "naval"}

COST_PER_FACTOR = {"infantry": 1, "nas": 1, "armor": 2, "airborne": 3, "aaf": 3, "submarine": 3, "asw": 3}
"""27.11A-C, restated independently of the generator."""


def _load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_campaign_1939", GENERATOR)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve the module's annotations through sys.modules
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def lines() -> list[bytes]:
    return LOG.read_bytes().splitlines()


@pytest.fixture(scope="module")
def events(lines: list[bytes]) -> list[AnyEvent]:
    return [parse_event(msgspec.json.decode(line), where=f"line {n}") for n, line in enumerate(lines, 1)]


def _key(e: Any) -> tuple[int, int, int, int]:
    side = 3 if e.phase == "end_of_game_turn" else (None, "axis", "allied").index(e.side)
    return e.year, SEASONS.index(e.season), side, PHASE_ORDER.index(e.phase)


def test_every_line_is_a_valid_event_in_canonical_encoding(lines: list[bytes], events: list[Any]) -> None:
    assert 400 <= len(events) <= 900
    assert [encode(e) for e in events] == lines


def test_the_generator_regenerates_the_file_byte_for_byte() -> None:
    assert _load_generator().build_game().render() == LOG.read_bytes()


def test_first_event_creates_the_game(events: list[Any]) -> None:
    first: Any = events[0]
    assert tag_of(first) == "game_created"
    assert (first.year, first.season, first.phase, first.side, first.actor) == (1939, "fall", "setup", None, "system")
    assert (first.rules, first.variant, first.scenario) == ("awaw", "classic", "campaign-1939")
    assert first.title
    assert first.seed_commitment is None
    assert first.options == {"econ.deficit_spending": "none"}
    assert all(tag_of(e) != "game_created" for e in events[1:])


def test_game_time_never_goes_backwards(events: list[Any]) -> None:
    timed = [e for e in events if not type(e).annotation]
    assert all(_key(a) <= _key(b) for a, b in itertools.pairwise(timed))
    assert (timed[-1].year, timed[-1].season) == (1940, "spring")
    setup = [e for e in events if e.phase == "setup"]
    assert all((e.year, e.season, e.side) == (1939, "fall", None) for e in setup)


def test_dice_are_numbered_without_gaps_and_decide_later_events(events: list[Any]) -> None:
    rolls: dict[int, int] = {}
    used: set[int] = set()
    for n, e in enumerate(events, 1):
        d: Any = e
        if tag_of(e) == "dice_rolled":
            assert d.roll == len(rolls) + 1
            assert d.source == "physical"
            assert d.sides == 6
            rolls[d.roll] = n
        elif getattr(e, "roll", None) is not None:
            assert d.roll in rolls, f"event {n} refers to a missing roll"
            assert rolls[d.roll] < n, f"event {n} comes before its roll"
            used.add(d.roll)
    assert used == set(rolls)


def test_annotations_refer_to_earlier_events(events: list[Any]) -> None:
    notes = [(n, e) for n, e in enumerate(events, 1) if type(e).annotation]
    assert {tag_of(e) for _, e in notes} == {"note_added", "bookmark_set"}
    for n, e in notes:
        target = getattr(e, "about", None) or getattr(e, "at", None)
        assert target is not None
        assert 1 <= target < n


def test_every_family_is_present(events: list[Any]) -> None:
    assert {type(e).family for e in events} >= FAMILIES


def test_brps_never_overspent_and_construction_within_limits(events: list[Any]) -> None:
    available: dict[str, int] = {}
    owner: dict[str, str] = {}
    construction: dict[tuple[int, str, str], int] = defaultdict(int)
    limits: dict[tuple[int, str, str], int] = {}

    def spend(e: Any, power: str, amount: int, build: bool) -> None:
        available[power] -= amount
        assert available[power] >= 0, f"{power} overspends: {e}"
        if build and amount:  # a free launch spends nothing (27.7272D)
            key = (e.year, e.season, power)
            construction[key] += amount
            assert construction[key] <= limits[key], f"{power} over its construction limit: {e}"

    for e in events:
        d: Any = e
        match tag_of(e):
            case "brps_set":
                available[d.power] = d.available
            case "shipyard_defined":
                owner[d.yard] = d.owner
            case "construction_limit_declared":
                limits[(d.year, d.season, d.power)] = d.limit
            case "war_declared":
                spend(d, d.aggressor, d.brp_cost, False)
            case "offensive_declared":
                spend(d, d.power, d.brp_cost, False)
            case "unit_built":
                spend(d, d.payer or d.owner, d.cost, True)
            case "ship_laid_down" if not d.setup:
                spend(d, d.owner, d.brps, True)
            case "ship_advanced" | "ship_launched" | "ship_repair_started":
                spend(d, owner[d.yard], d.brps, True)
            case "fortification_built":
                spend(d, d.power, d.brp_cost, True)
            case "brp_grant_made":
                spend(d, d.donor, d.amount, False)
                available[d.recipient] += d.amount
            case "brp_lost":
                spend(d, d.power, d.amount, False)
            case "brp_gained":
                available[d.power] += d.amount
    assert available["germany"] == 114
    assert available["britain"] == 106


def test_construction_costs_and_limits_follow_27_11_and_27_32(events: list[Any]) -> None:
    bases: dict[str, int] = {}
    for e in events:
        d: Any = e
        if tag_of(e) == "brps_set":
            bases[d.power] = d.base
        elif tag_of(e) == "unit_built":
            assert d.multiplier == 1
            assert d.cost == COST_PER_FACTOR[d.unit_type] * d.factors, d
        elif tag_of(e) == "construction_limit_declared":
            assert d.components["basic"] == bases[d.power] // 3
            assert d.limit == sum(d.components.values())
        elif tag_of(e) in ("ship_laid_down", "ship_advanced", "ship_launched", "ship_repair_started"):
            assert d.brps == 3 * d.sb
        elif tag_of(e) == "fortification_built":
            assert (d.brp_cost, d.rp_cost) == (5, 1)


def test_ships_are_laid_down_where_27_7251_puts_them(events: list[Any]) -> None:
    for e in events:
        d: Any = e
        if tag_of(e) != "ship_laid_down" or d.setup:
            continue
        turn = SEASONS.index(d.season)
        if d.unit_type in ("dd", "cve"):
            assert (d.row, d.column) == ("launch", SEASONS[(turn + 1) % 4])
        elif d.unit_type == "ca":
            assert (d.row, d.column) == ("2", SEASONS[(turn + 2) % 4])
        else:
            assert (d.row, d.column) == (str(d.factors), d.season)


EXPECTED_COMBAT = {
    # attack: (attack strength, defence strength, odds, die, result applied)  -- CRT 15.6, odds 15.52, 15.55B
    "pol-1": (23, 8, "2:1", 6, "D"),
    "pol-2": (18, 12, "1:1", 3, "Ex"),
    "pol-x1": (9, 6, "1:1", 5, "Ex-2"),
    "karelia-1": (12, 9, "1:1", 2, "a"),
    "oslo": (13, 6, "2:1", 6, "Ex-2"),
}


def test_combat_rounds_read_the_crt_correctly(events: list[Any]) -> None:
    declared: dict[str, Any] = {}
    seen = {}
    for e in events:
        d: Any = e
        if tag_of(e) == "attack_declared":
            declared[d.attack] = d
        elif tag_of(e) == "combat_round_resolved":
            a = declared[d.attack]
            attack = sum(x.factors for x in [*a.attackers, *a.ground_support, *a.shore_bombardment])
            defence = sum(x.factors * max(1, sum(m.value for m in x.dms)) for x in a.defenders)
            assert (d.attack_strength, d.defence_strength) == (attack, defence)
            seen[d.attack] = (d.attack_strength, d.defence_strength, d.odds, d.modified_die, d.result)
    assert seen == EXPECTED_COMBAT


def test_attrition_results_follow_the_attrition_table(events: list[Any]) -> None:
    results = {
        d.attrition: (d.column, d.modified_die, d.losses, d.hexes, d.chose_2c)
        for d in events
        if tag_of(d) == "attrition_resolved"
    }
    # 21-30 column, Pacific map (H halved): roll 5 = 3C/1H -> 3C/0H; 7 = 4C/2H -> 4C/1H; 3 = 1C/1H, 2C chosen.
    assert results == {
        "china-1939-fall": ("21-30", 5, 3, 0, False),
        "china-1939-winter": ("21-30", 7, 4, 1, False),
        "china-1940-spring": ("21-30", 3, 2, 0, True),
    }


def test_japanese_oil_stays_within_the_reserve(events: list[Any]) -> None:
    level = None
    maximum = 0
    for e in events:
        d: Any = e
        match tag_of(e):
            case "oil_reserve_defined" if d.reserve == "japan":
                maximum = d.maximum
            case "oil_tracking_started":
                level = d.initial
            case "oil_produced":
                level += d.amount
            case "oil_expended" | "oil_counters_eliminated":
                level -= d.amount
                assert level >= 0
            case "player_turn_ended" if d.side == "axis":
                assert level is not None
                # 33.422: the oil counters in excess of the maximum are eliminated; under the game's reading of
                # option oil.partial_in_cap (default "excluded") the partial oil retained (33.83) stays on top
                assert level - level % 5 <= maximum
    assert (maximum, level) == (50, 47)


WINTER_MODIFIER = {("russian_winter", "winter"): 5, ("siberia", "winter"): 5, ("siberia", "fall"): 2}
FIXED_WINTER = {"eastern_poland": 6, "western": 6, "mediterranean": 4}
"""34.32A-D (31-34 extract 1.20)."""


def test_weather_follows_the_zones_and_the_winter_table(events: list[Any]) -> None:
    faces = {d.roll: d.dice[0] for d in events if tag_of(d) == "dice_rolled"}
    checked = 0
    for e in events:
        d: Any = e
        if tag_of(e) != "weather_determined":
            continue
        rolled = WINTER_MODIFIER.get((d.zone, d.season))
        if rolled is not None:
            assert d.weather == "winter"
            assert d.level == faces[d.roll] + rolled
            checked += 1
        elif d.season == "winter" and d.zone in FIXED_WINTER:
            assert (d.weather, d.level, d.roll) == ("winter", FIXED_WINTER[d.zone], None)
        elif d.season == "spring" and d.zone in ("russian_winter", "siberia"):
            assert d.weather == "mud"
        else:
            assert d.weather == "clear"
    assert checked == 3


def test_the_importer_accepts_the_whole_file(events: list[AnyEvent]) -> None:
    from awaw_events.log import LogContext, numbered, validate_batch
    from awaw_events.options import resolve_options

    context, errors = validate_batch(LogContext(), numbered(events, prefix="line"))
    assert [str(e) for e in errors] == []
    assert (context.size, context.last_roll) == (len(events), 13)
    first: Any = events[0]
    assert resolve_options(first.rules, first.options) == {"econ.deficit_spending": "none"}
