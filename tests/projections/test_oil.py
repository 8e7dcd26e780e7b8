"""The oil projection: reserve arithmetic in fifths, tracking, end-of-player-turn rules, worked examples of rule 33.

Worked examples: 31-34 extract section 6 (TC-02, TC-03, TC-04, TC-08, TC-10, TC-14, TC-15, TC-16, TC-19, TC-21).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_events.events import (
    AnyEvent,
    GameCreated,
    GameTurnEnded,
    NoteAdded,
    OilCountersEliminated,
    OilExpended,
    OilMoved,
    OilProduced,
    OilReserveDefined,
    OilShipmentLost,
    OilTrackingStarted,
    OilTrackingStopped,
    PlayerTurnEnded,
)
from awaw_events.options import OIL_PARTIAL_IN_CAP
from projections import oil
from projections.game import GameState, decode_state, encode_state, fold, replay
from projections.rules.oil import (
    construction_allowance_brps,
    japanese_resistance_oil,
    oil_shipping_capacity,
    pearl_harbor_strike_loss,
    reserve_cap_excess,
    russia_oil_brp_equivalent,
    russia_tracking_start_fifths,
)
from replays.views import oil as oil_view

C = 5
"""One oil counter in fifths (33.81)."""

# Game time of the events below: (year, season, side, phase)
WA_1943 = (1943, "spring", "allied", "oil_adjustment")
WA_1943_ISD = (1943, "spring", "allied", "initial_supply")
WA_1943_BUILD = (1943, "spring", "allied", "unit_construction")
AXIS_1943 = (1943, "spring", "axis", "oil_adjustment")
END_1943 = (1943, "spring", None, "end_of_game_turn")


def at(when: tuple[int, str, str | None, str], cls: type[Any], **fields: Any) -> AnyEvent:
    year, season, side, phase = when
    event: AnyEvent = cls(year=year, season=season, side=side, phase=phase, **fields)
    return event


def define(reserve: str, faction: str, maximum: int, location: str = "pool") -> AnyEvent:
    return at(
        (1939, "fall", None, "setup"),
        OilReserveDefined,
        reserve=reserve,
        faction=faction,
        location=location,
        maximum=maximum,
    )


def start(
    reserve: str, initial: int, trigger: str = "test", when: tuple[int, str, str | None, str] = WA_1943
) -> AnyEvent:
    return at(when, OilTrackingStarted, reserve=reserve, trigger=trigger, initial=initial)


def spend(
    reserve: str,
    amount: int,
    purpose: str = "army",
    faction: str = "western_allies",
    when: tuple[int, str, str | None, str] = WA_1943,
    **kw: Any,
) -> AnyEvent:
    return at(when, OilExpended, faction=faction, reserve=reserve, purpose=purpose, amount=amount, **kw)


def end_turn(when: tuple[int, str, str | None, str] = WA_1943) -> AnyEvent:
    year, season, side, _ = when
    return at((year, season, side, "end_of_player_turn"), PlayerTurnEnded)


def ledger(events: list[AnyEvent]) -> oil.State:
    return replay(events).oil


def archived(events: list[AnyEvent]) -> oil.TurnSummary:
    """The summary of the period of the last event, archived when the end of the game turn begins."""
    state = ledger([*events, at(END_1943, GameTurnEnded)])
    return state.history[-1]


# ---------------------------------------------------------------------------------------------------------------------
# Tracking (33.4424, 33.4624, 33.48; TC-21)
# ---------------------------------------------------------------------------------------------------------------------


def test_tc21_ea_untracked_until_tracking_starts() -> None:
    """33.4424: EA consumption is not tracked (deemed 10) until the first Axis player turn after the Russo-German
    war; then the reserve is 10 counters and counted."""
    events = [
        define("ea", "european_axis", 10 * C),
        spend("ea", C, faction="european_axis", when=AXIS_1943),
        start("ea", 10 * C, trigger="war_GER_RUS", when=AXIS_1943),
        spend("ea", C, faction="european_axis", when=AXIS_1943),
    ]
    state = ledger(events)
    first, started, second = state.lines
    assert (first.counted, first.before, first.after) == (False, None, None)
    assert first.rule == oil.RULE_UNTRACKED
    assert (started.kind, started.after) == ("tracking_started", 50)
    assert (second.before, second.after) == (50, 45)
    assert oil.level(state, "ea") == 45
    assert oil.is_tracked(state, "ea")
    # the claim still counts in the per-turn totals (for the audit)
    assert state.spent == {"european_axis/army": 10}


def test_tc21_untracked_reserve_has_no_level() -> None:
    state = ledger([define("wa_eu", "western_allies", 6 * C), spend("wa_eu", C)])
    assert oil.level(state, "wa_eu") is None
    assert not oil.is_tracked(state, "wa_eu")
    assert oil_view.data(state)["reserves"]["wa_eu"]["tracking"] == "untracked"


def test_tc21_russia_tracking_starts_at_the_maximum_and_stops() -> None:
    """33.4624: with Maikop lost Russia's maximum is 5 counters and tracking starts there (derived, TC-21); after
    tracking stops nothing is counted and the level stays as it was."""
    held = {"moscow", "leningrad", "stalingrad", "grozny", "urals_box"}
    initial = russia_tracking_start_fifths(held)
    assert initial == 25
    events = [
        define("ru", "russia", 6 * C, location="box:urals"),
        start("ru", initial, trigger="axis_captured_maikop", when=AXIS_1943),
        spend("ru", C, faction="russia"),
        at(WA_1943, OilTrackingStopped, faction="russia", reason="prewar_oil_restored"),
        spend("ru", C, faction="russia"),
        at(WA_1943, OilProduced, faction="russia", source="urals_box", amount=C, reserve="ru"),
        end_turn(),
    ]
    state = ledger(events)
    assert oil.level(state, "ru") == 20
    assert state.reserves["ru"].tracking == "stopped"
    kinds = [(line.kind, line.counted) for line in state.lines]
    assert ("tracking_stopped", True) in kinds
    assert [line.counted for line in state.lines if line.kind in {"expended", "produced"}] == [True, False, False]


def test_tracking_restart_sets_the_level_again() -> None:
    events = [
        define("ru", "russia", 6 * C),
        start("ru", 25),
        at(WA_1943, OilTrackingStopped, faction="russia"),
        start("ru", 30),
    ]
    state = ledger(events)
    assert oil.level(state, "ru") == 30
    assert state.lines[-1].before == 25


def test_tracking_started_for_an_undefined_reserve_is_kept_without_a_maximum() -> None:
    state = ledger([start("jp", 50), at(WA_1943, OilProduced, faction="japan", source="x", amount=20, reserve="jp")])
    assert oil.level(state, "jp") == 70
    state = ledger([start("jp", 50), end_turn()])
    assert oil.level(state, "jp") == 50  # no maximum known: nothing to enforce


# ---------------------------------------------------------------------------------------------------------------------
# TC-02 Casablanca, WA Spring 1943 (33.533): offsets, sea shipment, maximum at the end of the player turn
# ---------------------------------------------------------------------------------------------------------------------


def casablanca(extra_spend: int) -> list[AnyEvent]:
    events = [
        define("wa_eu", "western_allies", 6 * C, location="EUR:M20"),
        start("wa_eu", 4 * C, trigger="france_fell", when=(1942, "winter", "allied", "oil_adjustment")),
    ]
    # 1. oil adjustment phase: air, naval and army for Britain and Northern Ireland from the WA Europe reserve
    for purpose in ("air_general", "naval_general", "army"):
        events.append(spend("wa_eu", C, purpose, domain="london", nationality="britain"))
    # 3. initial supply determination: 6 Atlantic transports carry 6 counters into the reserve
    events.append(
        at(
            WA_1943_ISD,
            OilMoved,
            faction="western_allies",
            origin="us_atlantic_box",
            destination="wa_eu",
            amount=6 * C,
            mode="sea",
            sw_box="atlantic",
            transports=6,
            shipment="s1",
        )
    )
    # 5. Morocco: 2 more counters shipped to Casablanca's zone for air and army
    events.append(
        at(
            WA_1943_ISD,
            OilMoved,
            faction="western_allies",
            origin="us_atlantic_box",
            destination="casablanca",
            amount=2 * C,
            mode="sea",
            sw_box="atlantic",
            transports=2,
            shipment="s2",
        )
    )
    for purpose in ("air_general", "army"):
        events.append(spend("casablanca", C, purpose, domain="casablanca", nationality="usa", when=WA_1943_ISD))
    if extra_spend:
        events.append(spend("wa_eu", extra_spend, "construction", when=WA_1943_BUILD))
    events.append(end_turn())
    return events


@pytest.mark.parametrize(
    ("extra_spend", "before_end", "after_end", "capped"),
    [
        pytest.param(0, 35, 30, 5, id="TC-02-one-counter-eliminated"),
        pytest.param(C, 30, 30, 0, id="TC-02-one-more-counter-spent"),
    ],
)
def test_tc02_casablanca(extra_spend: int, before_end: int, after_end: int, capped: int) -> None:
    state = ledger(casablanca(extra_spend))
    turn = archived(casablanca(extra_spend))
    assert turn.period == "1943-spring/allied"
    current = ledger(casablanca(extra_spend)[:-1])  # before the end of the player turn
    offsets = [line for line in current.lines if line.kind == "expended" and line.holding == "wa_eu"][:3]
    assert [(line.before, line.after) for line in offsets] == [(20, 15), (15, 10), (10, 5)]  # reserve 4 -> 1
    arrival = next(line for line in current.lines if line.kind == "moved_in" and line.holding == "wa_eu")
    assert (arrival.before, arrival.after) == (5, 35)  # 1 + 6 = 7 counters
    assert oil.level(current, "wa_eu") == before_end
    # the unlimited U.S. box: nothing recorded there, nothing counted
    source = next(line for line in current.lines if line.kind == "moved_out")
    assert (source.counted, source.before) == (False, None)
    # Casablanca's zone pool: 2 counters in, 2 offsets out
    assert current.pools["western_allies/casablanca"] == 0
    # 6. 8 counters shipped with 8 transports; the limit is ceil(22 / 2) = 11 counters
    assert current.shipped == {"western_allies/atlantic": 8 * C}
    assert current.transports == {"western_allies/atlantic": 8}
    assert current.shipped["western_allies/atlantic"] <= oil_shipping_capacity(22, "western_allies") * C
    # end of the player turn (33.422)
    assert oil.level(state, "wa_eu") == after_end
    assert turn.capped == ({"wa_eu": capped} if capped else {})
    assert turn.closing["wa_eu"] == after_end
    assert turn.opening["wa_eu"] == 20
    assert [line for line in current.lines if line.kind == "capped"] == []  # the cap waits for player_turn_ended
    cut = [(c.rule, c.holding, c.amount, c.before, c.after) for c in state.lines if c.kind == "capped"]
    assert cut == ([("33.422", "wa_eu", capped, before_end, after_end)] if capped else [])
    assert turn.eliminated == ({"western_allies": capped} if capped else {})
    assert turn.lines == len(state.lines)


# ---------------------------------------------------------------------------------------------------------------------
# TC-03 Mosul and Basra (33.534): local production used from the oil center, the rest removed (33.41D)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("produced", "offsets", "removed"),
    [
        pytest.param(3 * C, 3, 0, id="TC-03-mosul-covers-air-naval-army"),
        pytest.param(13, 2, 3, id="TC-03-mosul-one-marker-13-fifths"),
        pytest.param(3 * C, 1, 2 * C, id="derived-unused-mosul-oil-removed"),
    ],
)
def test_tc03_mosul_local_oil(produced: int, offsets: int, removed: int) -> None:
    events = [at(WA_1943, OilProduced, faction="western_allies", source="mosul", amount=produced)]
    events += [
        spend("mosul", C, purpose, domain="middle_east")
        for purpose in ("air_general", "naval_general", "army")[:offsets]
    ]
    events.append(end_turn())
    state = ledger(events)
    assert state.pools == {}
    lines = state.lines
    assert [line.after for line in lines if line.kind == "expended"] == [produced - C * (i + 1) for i in range(offsets)]
    gone = [line for line in lines if line.kind == "removed"]
    if removed:
        assert [(g.holding, g.amount, g.rule) for g in gone] == [("mosul", removed, "33.41D, 33.431")]
        assert state.removed == {"western_allies": removed}
    else:
        assert gone == []


def test_oil_eliminated_by_the_log_at_the_source_is_not_removed_twice() -> None:
    events = [
        at(WA_1943, OilProduced, faction="western_allies", source="mosul", amount=15),
        at(
            WA_1943,
            OilCountersEliminated,
            faction="western_allies",
            reserve="mosul",
            amount=15,
            reason="unused_at_source",
        ),
        end_turn(),
    ]
    state = ledger(events)
    assert [line.kind for line in state.lines] == ["produced", "eliminated"]
    assert state.eliminated == {"western_allies": 15}
    assert state.lines[-1].rule == "33.41D"


# ---------------------------------------------------------------------------------------------------------------------
# TC-04 / TC-15 construction oil and partial counters (33.81, 33.82C, 27.35A)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spends", "brps"),
    [
        pytest.param([C], 25, id="TC-04-one-counter-25-brps"),
        pytest.param([C, 1], 30, id="TC-04-counter-and-one-fifth-30-brps"),
        pytest.param([C, 2], 35, id="TC-04-counter-and-two-fifths-35-brps"),
        pytest.param([3], 15, id="TC-04-fifths-only-under-25-brps"),
        pytest.param([1], 5, id="TC-15-one-fifth-5-brps"),
        pytest.param([2], 10, id="TC-15-two-fifths-10-brps"),
        pytest.param([2 * C, C], 75, id="27.35A-three-counters-75-brps"),
    ],
)
def test_tc04_construction_oil_covers_brps(spends: list[int], brps: int) -> None:
    events = [define("wa_eu", "western_allies", 6 * C), start("wa_eu", 6 * C)]
    events += [spend("wa_eu", n, "construction", when=WA_1943_BUILD, nationality="britain") for n in spends]
    state = ledger(events)
    total = sum(spends)
    assert oil.construction_fifths(state, "western_allies") == total
    assert oil.construction_covered_brps(state, "western_allies") == brps
    assert oil.level(state, "wa_eu") == 30 - total
    assert oil.partial_fifths(state, "western_allies") == (30 - total) % C
    assert oil_view.data(state)["turn"]["construction"] == {"western_allies": {"fifths": total, "covered_brps": brps}}
    # archived when the period ends; the next period starts from nothing
    assert archived([*events, end_turn()]).construction_brps == {"western_allies": brps}
    assert ledger([*events, at(END_1943, GameTurnEnded)]).construction == {}


def test_construction_oil_is_pooled_per_faction() -> None:
    """27.35F: Germany and Italy share the European Axis amount."""
    events = [
        define("ea", "european_axis", 10 * C),
        start("ea", 10 * C, when=AXIS_1943),
        spend("ea", C, "construction", faction="european_axis", when=AXIS_1943, nationality="germany"),
        spend("ea", 2, "construction", faction="european_axis", when=AXIS_1943, nationality="italy"),
    ]
    state = ledger(events)
    assert oil.construction_covered_brps(state, "european_axis") == 35 == construction_allowance_brps(7)


@pytest.mark.parametrize(
    ("spent", "retained", "consolidated"),
    [
        pytest.param({"wa_eu": 3, "wa_sa": 2}, 0, 1, id="TC-15-five-fifths-consolidate-into-a-counter"),
        pytest.param({"wa_eu": 2, "wa_sa": 1}, 2, 1, id="TC-15-3+4-partials-retain-2"),
        pytest.param({"wa_eu": 2}, 3, 0, id="TC-15-three-retained"),
        pytest.param({"wa_eu": 1}, 4, 0, id="TC-15-80-percent-retained"),
        pytest.param({"wa_eu": 5}, 0, 0, id="whole-counter-leaves-no-partial"),
    ],
)
def test_tc15_partial_retention_at_the_end_of_the_player_turn(
    spent: dict[str, int], retained: int, consolidated: int
) -> None:
    events = [
        define("wa_eu", "western_allies", 6 * C),
        define("wa_sa", "western_allies", 3 * C),
        start("wa_eu", 6 * C),
        start("wa_sa", 3 * C),
    ]
    events += [spend(rid, n, "strategic_air", when=WA_1943_ISD) for rid, n in spent.items()]
    events.append(end_turn())
    state = ledger(events)
    assert state.retained == {"western_allies": retained}
    assert state.consolidated == ({"western_allies": consolidated} if consolidated else {})
    lines = [line for line in state.lines if line.kind == "retained"]
    assert len(lines) == (1 if consolidated else 0)
    if lines:
        assert lines[0].rule == "33.83"
        assert lines[0].after == retained
    # levels are the recorded arithmetic: partial oil stays in the reserve it was broken from
    for rid, n in spent.items():
        assert oil.level(state, rid) == {"wa_eu": 30, "wa_sa": 15}[rid] - n


# ---------------------------------------------------------------------------------------------------------------------
# Reserve maximum at the end of each player turn (33.422, 33.424; TC-08)
# ---------------------------------------------------------------------------------------------------------------------


def south_africa(surplus: int, log_eliminates: bool) -> list[AnyEvent]:
    events = [
        define("wa_sa", "western_allies", 3 * C, location="box:south_africa"),
        start("wa_sa", 3 * C),
        at(WA_1943, OilProduced, faction="western_allies", source="abadan", amount=surplus),
        at(
            WA_1943_ISD,
            OilMoved,
            faction="western_allies",
            origin="abadan",
            destination="wa_sa",
            amount=surplus,
            mode="sea",
            sw_box="indian_ocean",
            transports=surplus // C,
        ),
    ]
    if log_eliminates:
        events.append(
            at(
                (1943, "spring", "allied", "end_of_player_turn"),
                OilCountersEliminated,
                faction="western_allies",
                reserve="wa_sa",
                amount=surplus,
                reason="over_reserve_max",
            )
        )
    events.append(end_turn())
    return events


@pytest.mark.parametrize(
    ("surplus", "log_eliminates"),
    [
        pytest.param(2 * C, False, id="TC-08-surplus-eliminated-by-the-projection"),
        pytest.param(2 * C, True, id="TC-08-surplus-eliminated-by-the-log"),
        pytest.param(3 * C, False, id="TC-08-promised-to-india-still-eliminated"),
    ],
)
def test_tc08_south_africa_cap(surplus: int, log_eliminates: bool) -> None:
    state = ledger(south_africa(surplus, log_eliminates))
    assert oil.level(state, "wa_sa") == 3 * C
    capped = [line for line in state.lines if line.kind == "capped"]
    if log_eliminates:
        assert capped == []
        assert state.capped == {}
    else:
        assert [(c.holding, c.amount, c.before, c.after, c.rule) for c in capped] == [
            ("wa_sa", surplus, 3 * C + surplus, 3 * C, "33.422")
        ]
        assert state.capped == {"wa_sa": surplus}
    assert state.eliminated == {"western_allies": surplus}
    assert state.pools == {}  # Abadan's oil all moved: nothing removed
    assert state.removed == {}


@pytest.mark.parametrize(
    ("level", "rule", "after", "capped"),
    [
        pytest.param(53, "excluded", 53, 0, id="Q2-partials-outside-the-cap"),
        pytest.param(53, "counted", 50, 3, id="Q2-partials-counted"),
        pytest.param(57, "excluded", 52, 5, id="Q2-excluded-whole-counter-over"),
        pytest.param(57, "counted", 50, 7, id="Q2-counted-whole-and-partial"),
        pytest.param(50, "counted", 50, 0, id="at-the-maximum"),
    ],
)
def test_partial_in_cap_option(level: int, rule: str, after: int, capped: int) -> None:
    events: list[AnyEvent] = [
        GameCreated(year=1939, season="fall", phase="setup", options={OIL_PARTIAL_IN_CAP: rule}),
        define("jp", "japan", 10 * C),
        start("jp", 10 * C, when=AXIS_1943),
        at(AXIS_1943, OilProduced, faction="japan", source="international_market", amount=level - 50, reserve="jp"),
        end_turn(AXIS_1943),
    ]
    state = ledger(events)
    assert oil.level(state, "jp") == after
    assert state.capped == ({"jp": capped} if capped else {})
    assert reserve_cap_excess(level, 50, rule) == capped  # type: ignore[arg-type]
    assert [tuple(e) for e in oil.over_maximum(ledger(events[:-1]), rule)] == (  # type: ignore[arg-type]
        [("jp", "japan", 50, level, capped)] if capped else []
    )


def test_capture_lowers_the_maximum_and_the_excess_goes_at_the_end_of_the_turn() -> None:
    """33.423-33.424: a capture lowers the defender's maximum; counters above it are eliminated at the end of the
    player turn (derived: Berlin lost -> maximum 8 counters)."""
    events = [
        define("ea", "european_axis", 10 * C),
        start("ea", 10 * C, when=AXIS_1943),
        at(WA_1943, OilReserveDefined, reserve="ea", faction="european_axis", location="EUR:L32", maximum=8 * C),
    ]
    state = ledger(events)
    assert oil.level(state, "ea") == 50  # not yet
    state = ledger([*events, end_turn()])  # the Allied player turn ends: the cap applies to every reserve
    assert oil.level(state, "ea") == 40
    assert state.capped == {"ea": 10}
    assert state.eliminated == {"european_axis": 10}


def test_untracked_and_stopped_reserves_are_not_capped() -> None:
    events = [
        define("ru", "russia", 1 * C),
        start("ru", 6 * C),
        at(WA_1943, OilTrackingStopped, faction="russia"),
        define("ea", "european_axis", 0),
        end_turn(),
    ]
    state = ledger(events)
    assert oil.level(state, "ru") == 30
    assert state.capped == {}


@pytest.mark.parametrize(
    ("result", "left"),
    [
        pytest.param(0, 15, id="TC-14-miss"),
        pytest.param(1, 10, id="TC-14-result-1-one-counter"),
        pytest.param(2, 5, id="TC-14-result-2-two-counters"),
        pytest.param(3, 0, id="TC-14-result-3-all"),
        pytest.param(5, 0, id="TC-14-result-5-all"),
    ],
)
def test_tc14_pearl_harbor_strike(result: int, left: int) -> None:
    surprise = (1941, "fall", "axis", "combat")
    events = [define("wa_ph", "western_allies", 3 * C, location="PAC:EE50"), start("wa_ph", 3 * C, when=surprise)]
    loss = pearl_harbor_strike_loss(result)
    if loss:
        events.append(
            at(
                surprise,
                OilCountersEliminated,
                faction="western_allies",
                reserve="wa_ph",
                amount=loss,
                reason="pearl_harbor_strike",
            )
        )
    state = ledger(events)
    assert oil.level(state, "wa_ph") == left
    if loss:
        assert state.lines[-1].rule == "33.424"


# ---------------------------------------------------------------------------------------------------------------------
# Production and shipment (33.41A, 33.43, 33.43B, 33.4623; TC-10, TC-19)
# ---------------------------------------------------------------------------------------------------------------------


def test_production_into_a_named_reserve() -> None:
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 8 * C, when=AXIS_1943),
        at(AXIS_1943, OilProduced, faction="japan", source="international_market", amount=15, reserve="jp"),
    ]
    state = ledger(events)
    assert oil.level(state, "jp") == 55
    assert state.produced == {"japan": 15}
    assert (state.lines[-1].before, state.lines[-1].after, state.lines[-1].counterpart) == (
        40,
        55,
        "international_market",
    )


@pytest.mark.parametrize(
    ("usable", "reserve", "level"),
    [
        pytest.param(False, "jp", 40, id="33.43-not-usable-in-the-turn-of-capture"),
        pytest.param(True, "nowhere", 40, id="undefined-reserve-not-counted"),
        pytest.param(True, "jp", 55, id="usable"),
    ],
)
def test_production_not_counted(usable: bool, reserve: str, level: int) -> None:
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 8 * C, when=AXIS_1943),
        at(AXIS_1943, OilProduced, faction="japan", source="palembang", amount=15, reserve=reserve, usable=usable),
    ]
    state = ledger(events)
    assert oil.level(state, "jp") == level
    assert state.lines[-1].counted is (level == 55)
    assert state.pools == {}


@pytest.mark.parametrize(
    ("lost", "arrived"),
    [
        pytest.param(0, 15, id="33.43B-all-arrive"),
        pytest.param(5, 10, id="33.43B-one-counter-lost"),
        pytest.param(15, 0, id="33.43B-all-lost"),
    ],
)
def test_sea_shipment_and_loss(lost: int, arrived: int) -> None:
    """Japan ships Brunei's 3 counters to its reserve (33.4523) and loses some at sea (33.43B)."""
    isd = (1943, "spring", "axis", "initial_supply")
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 5 * C, when=AXIS_1943),
        at(AXIS_1943, OilProduced, faction="japan", source="brunei", amount=15),
        at(
            isd,
            OilMoved,
            faction="japan",
            origin="brunei",
            destination="jp",
            amount=15,
            mode="sea",
            shipment="b1",
            sw_box="pacific",
            transports=3,
        ),
    ]
    if lost:
        events.append(at(isd, OilShipmentLost, faction="japan", shipment="b1", reserve="jp", amount=lost))
    events.append(end_turn(AXIS_1943))
    state = ledger(events)
    assert oil.level(state, "jp") == 25 + arrived
    assert state.pools == {}
    assert state.removed == {}
    assert state.shipped == {"japan/pacific": 15}
    assert state.transports == {"japan/pacific": 3}
    assert state.lost == ({"japan": lost} if lost else {})
    out = next(line for line in state.lines if line.kind == "moved_out")
    assert (out.reserve, out.before, out.after, out.shipment) == (False, 15, 0, "b1")


@pytest.mark.parametrize(
    ("transports", "counters"),
    [
        pytest.param(1, 1, id="TC-10-1-transport"),
        pytest.param(3, 2, id="TC-10-3-transports"),
        pytest.param(7, 4, id="TC-10-7-transports"),
        pytest.param(22, 11, id="TC-10-22-transports"),
    ],
)
def test_tc10_shipping_totals_per_sw_box(transports: int, counters: int) -> None:
    """The projection totals shipments per faction and SW box for check O-31 (33.473)."""
    events = [define("wa_eu", "western_allies", 6 * C), start("wa_eu", 0)]
    events += [
        at(
            WA_1943_ISD,
            OilMoved,
            faction="western_allies",
            origin="us_atlantic_box",
            destination="wa_eu",
            amount=C,
            mode="sea",
            sw_box="atlantic",
            transports=1,
        )
        for _ in range(counters)
    ]
    state = ledger(events)
    assert (
        state.shipped["western_allies/atlantic"]
        == counters * C
        == oil_shipping_capacity(transports, "western_allies") * C
    )


def test_tc19_oil_to_russia() -> None:
    """33.4623: 2 counters via Murmansk (2 WA transports) and 1 via Persia (no transport) = 30 BRPs of limits."""
    events = [
        define("ru", "russia", 6 * C, location="box:urals"),
        start("ru", 2 * C),
        at(
            WA_1943_ISD,
            OilMoved,
            faction="western_allies",
            origin="us_atlantic_box",
            destination="ru",
            amount=2 * C,
            mode="sea",
            sw_box="atlantic",
            transports=2,
        ),
        at(WA_1943, OilProduced, faction="western_allies", source="abadan", amount=3 * C),
        at(WA_1943_ISD, OilMoved, faction="western_allies", origin="abadan", destination="ru", amount=C),
        end_turn(),
    ]
    state = ledger(events)
    assert oil.level(state, "ru") == 5 * C
    moved_in = sum(line.amount for line in state.lines if line.kind == "moved_in" and line.holding == "ru")
    assert russia_oil_brp_equivalent(moved_in) == 30
    assert state.transports == {"western_allies/atlantic": 2}
    assert state.removed == {"western_allies": 2 * C}  # Abadan's other 2 counters are removed (33.41D)


# ---------------------------------------------------------------------------------------------------------------------
# Overspending, periods and archives
# ---------------------------------------------------------------------------------------------------------------------


def test_spending_more_than_the_reserve_holds_is_recorded_not_clamped() -> None:
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 4, when=AXIS_1943),
        spend("jp", C, faction="japan", when=AXIS_1943),
    ]
    state = ledger(events)
    line = state.lines[-1]
    assert (line.amount, line.before, line.after) == (5, 4, -1)
    assert oil.level(state, "jp") == -1
    assert oil.partial_fifths(state, "japan") == 0
    assert "-1 fifths" in oil_view.fifths_words(-1)


def test_spending_from_a_place_without_oil_is_not_counted() -> None:
    state = ledger([spend("gibraltar", C)])
    assert (state.lines[0].counted, state.lines[0].before, state.lines[0].reserve) == (False, None, False)
    assert state.pools == {}


def test_periods_are_archived_at_player_turn_and_game_turn_boundaries() -> None:
    """TC-16: Japanese resistance oil is paid at the end of the game turn (33.52D, 33.74): its own period."""
    resistance = japanese_resistance_oil(6)
    assert resistance.fifths == 2 * C
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 10 * C, when=AXIS_1943),
        spend("jp", C, faction="japan", when=AXIS_1943),
        end_turn(AXIS_1943),
        spend("jp", 1, "heavy_ships", faction="japan", when=WA_1943_ISD),
        end_turn(),
        at(END_1943, GameTurnEnded),
        spend("jp", resistance.fifths, "japanese_resistance", faction="japan", when=END_1943),
    ]
    state = ledger(events)
    assert [s.period for s in state.history] == ["1943-spring/axis", "1943-spring/allied"]
    axis, allied = state.history
    assert (axis.opening, axis.closing) == ({}, {"jp": 45})
    assert axis.spent == {"japan/army": 5}
    assert allied.spent == {"japan/heavy_ships": 1}
    assert allied.retained == {"japan": 4}
    assert (allied.opening, allied.closing) == ({"jp": 45}, {"jp": 44})
    assert oil.period_label(state.year, state.season, state.part) == "1943-spring/game_end"
    assert [(line.kind, line.before, line.after) for line in state.lines] == [("expended", 44, 34)]
    # the next game turn archives the end-of-game-turn period
    later = fold(replay(events), [spend("jp", 0, faction="japan", when=(1943, "summer", "axis", "oil_adjustment"))])
    assert later.oil.history[-1].spent == {"japan/japanese_resistance": 10}


def test_annotations_do_not_open_a_period() -> None:
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 50, when=AXIS_1943),
        NoteAdded(year=1943, season="spring", about=1, text="a note"),
        spend("jp", 1, faction="japan", when=AXIS_1943),
    ]
    state = ledger(events)
    assert [line.kind for line in state.lines] == ["tracking_started", "expended"]


def test_lines_point_at_sequence_numbers() -> None:
    events = [
        define("jp", "japan", 10 * C),
        start("jp", 50, when=AXIS_1943),
        spend("jp", 3, faction="japan", when=AXIS_1943),
    ]
    state = ledger(events)
    assert [line.seq for line in state.lines] == [2, 3]


def test_by_domain_totals() -> None:
    events = [
        define("wa_eu", "western_allies", 6 * C),
        start("wa_eu", 30),
        spend("wa_eu", C, "air_general", domain="london", nationality="britain"),
        spend("wa_eu", C, "air_general", domain="london", nationality="usa"),
    ]
    state = ledger(events)
    assert state.by_domain == {
        "western_allies/london/britain/air_general": 5,
        "western_allies/london/usa/air_general": 5,
    }


# ---------------------------------------------------------------------------------------------------------------------
# Views, snapshots, the fold law
# ---------------------------------------------------------------------------------------------------------------------


def test_summary_tables_and_snapshot() -> None:
    events = casablanca(0)
    full = replay([*events, at(END_1943, GameTurnEnded)])
    mid = replay(events[:-1])
    for state in (full, mid):
        view = oil_view.data(state.oil)
        json.dumps(view)
        assert list(view["reserves"]) == sorted(view["reserves"])
        assert decode_state(encode_state(state)) == state
        for rows in oil_view.tables(state.oil).values():
            for row in rows:
                assert all(isinstance(v, str | int | bool | None) for v in row.values())
    view = oil_view.data(mid.oil)
    assert view["reserves"]["wa_eu"] == {
        "faction": "western_allies",
        "location": "EUR:M20",
        "maximum": 30,
        "tracking": "tracked",
        "trigger": "france_fell",
        "level": 35,
        "counters": 7,
        "partial_fifths": 0,
    }
    tables = oil_view.tables(full.oil)
    assert tables["reserves"][0]["reserve"] == "wa_eu"
    turns = {row["period"]: row for row in tables["turns"]}
    assert turns["1943-spring/allied/western_allies"]["eliminated"] == 5


def test_differences() -> None:
    a = ledger(casablanca(0))
    b2 = ledger(casablanca(0)[:-1])
    words = [c.text for c in oil_view.differences(a, b2)]
    assert "Western Allies oil reserve wa_eu: 5 fifths more oil, 6 counters → 7 counters" in words
    words = [c.text for c in oil_view.differences(ledger(casablanca(C)[:-1]), b2)]
    assert any("construction oil" in w and "covers 25 → 0 BRPs" in w for w in words)
    assert oil_view.differences(a, a) == []
    c = ledger([define("x", "japan", 5)])
    assert oil_view.differences(a, c)[0].text == "Western Allies oil reserve wa_eu: gone"
    assert oil_view.differences(a, c)[-1].text.endswith(": defined")
    tracked = ledger([define("jp", "japan", 50), start("jp", 44)])
    untracked = ledger([define("jp", "japan", 50)])
    assert [c.text for c in oil_view.differences(tracked, untracked)] == [
        "Japan oil reserve jp: tracked → untracked",
        "Japan oil reserve jp: 8 4/5 counters → not tracked",
    ]


RESERVES = ("jp", "wa_eu", "wa_sa")
FACTION = {"jp": "japan", "wa_eu": "western_allies", "wa_sa": "western_allies"}
TIMES = [
    (1943, "spring", "axis", "oil_adjustment"),
    (1943, "spring", "allied", "oil_adjustment"),
    (1943, "spring", None, "end_of_game_turn"),
    (1943, "summer", "axis", "oil_adjustment"),
]


@st.composite
def oil_event(draw: st.DrawFn, when: tuple[int, str, str | None, str]) -> AnyEvent:
    rid = draw(st.sampled_from(RESERVES))
    faction = FACTION[rid]
    amount = draw(st.integers(0, 20))
    kind = draw(st.sampled_from(["spend", "produce", "move", "lose", "eliminate", "start", "stop", "end", "define"]))
    if kind == "spend":
        purpose = draw(st.sampled_from(["army", "construction", "strategic_air"]))
        return at(when, OilExpended, faction=faction, reserve=rid, purpose=purpose, amount=amount)
    if kind == "produce":
        reserve = draw(st.sampled_from([rid, None]))
        return at(when, OilProduced, faction=faction, source="brunei", amount=amount, reserve=reserve)
    if kind == "move":
        origin = draw(st.sampled_from(["brunei", *RESERVES]))
        return at(when, OilMoved, faction=faction, origin=origin, destination=rid, amount=amount, mode="sea")
    if kind == "lose":
        return at(when, OilShipmentLost, faction=faction, shipment="s", reserve=rid, amount=amount)
    if kind == "eliminate":
        return at(when, OilCountersEliminated, faction=faction, reserve=rid, amount=amount, reason="other")
    if kind == "start":
        return at(when, OilTrackingStarted, reserve=rid, trigger="t", initial=amount)
    if kind == "stop":
        return at(when, OilTrackingStopped, faction=faction)
    if kind == "define":
        return at(when, OilReserveDefined, reserve=rid, faction=faction, location="pool", maximum=amount)
    year, season, side, _ = when
    return at((year, season, side, "end_of_player_turn"), PlayerTurnEnded)


@st.composite
def oil_log(draw: st.DrawFn) -> list[AnyEvent]:
    events: list[AnyEvent] = [define(rid, FACTION[rid], 3 * C) for rid in RESERVES]
    for when in TIMES:
        events += draw(st.lists(oil_event(when), max_size=8))
    return events


@settings(max_examples=60, deadline=None)
@given(oil_log(), st.integers(0, 40))
def test_fold_law(events: list[AnyEvent], cut: int) -> None:
    cut = min(cut, len(events))
    whole = replay(events)
    assert fold(replay(events[:cut]), events[cut:]) == whole
    assert decode_state(encode_state(whole)) == whole
    snapshot = msgspec.msgpack.decode(msgspec.msgpack.encode(whole.oil), type=oil.State)
    assert snapshot == whole.oil
    assert isinstance(whole, GameState)
