"""The position's attrition, redeployment and supply queries (``projections/position/{attrition,redeployment,
supply}``), asked alike by the audit and by ``awaw attrition`` / ``awaw redeploy``: the wrong accusations they no
longer make, each built from the rules text it follows, and the property that ties the commands to the audit.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.events import AnyEvent, Event, OffensiveDeclared, SeaSupplyTraced
from awaw_events.options import A3R_OPTIONS
from projections import game
from projections.position import Position
from projections.rules.mapdata import MapData
from replays.commands.attrition import Attrition, decide_attrition, decide_declaration, draft_declaration
from replays.commands.base import Die, Refusal
from replays.commands.economy import Redeploy, decide_redeploy, draft_redeploy
from tests.build import audit, created, facts, make, map_data, phase, place, position, res, supply, turn_of, when

ATTRITION_LINE = (
    "1941-fall axis combat | ger: inf-1 EUR:L35, inf-2 EUR:L36 | rus: inf-1 EUR:L37 | war ger rus | option {}"
)
FALL_1941: dict[str, Any] = {"year": 1941, "season": "fall", "side": "axis", "phase": "combat"}
ATTRITION_PHASE = phase("attrition", year=1941, season="fall")


def offensive(brps: int, *, against_partisans: bool) -> Event:
    return make(
        OffensiveDeclared,
        FALL_1941,
        actor="germany",
        power="germany",
        front="eastern",
        kind="limited",
        brp_cost=brps,
        against_partisans=against_partisans,
    )


def pos_of(events: list[AnyEvent]) -> Position:
    return Position(game.fold(game.initial(), events))


def test_an_offensive_against_partisans_does_not_count_against_the_attrition() -> None:
    """11.82: "While attacks on partisans incur the normal BRP costs of offensive operations, the BRP cost of
    offensive operations against partisans is not taken into account in determining whether an attrition is
    permitted on the same front (9.61)". Germany spends 15 BRPs of offensives against partisans on the Eastern front
    and then attritions there: legal, and both the audit and ``awaw attrition`` say so."""
    opening = position(ATTRITION_LINE.format("ops.offensives=awaw_9_6") + " | rules a3r")
    paid = [*opening, offensive(15, against_partisans=True), ATTRITION_PHASE]
    decided = decide_declaration(pos_of(paid), Attrition("att-1", "russia", "eastern", ("ger-inf-1", "ger-inf-2")))
    assert not isinstance(decided, Refusal), decided
    report = audit([*paid, *decided], rule="A3R 9.61")
    assert report.findings == ()


def test_an_offensive_not_against_partisans_still_forbids_the_attrition() -> None:
    """9.61 (the planted fault beside the case above): 15 BRPs of offensives against Russian units on the front
    leave no attrition there; the command refuses it under the rule the audit finds it breaking."""
    opening = position(ATTRITION_LINE.format("ops.offensives=awaw_9_6") + " | rules a3r")
    paid = [*opening, offensive(15, against_partisans=False), ATTRITION_PHASE]
    command = Attrition("att-1", "russia", "eastern", ("ger-inf-1", "ger-inf-2"))
    refused = decide_declaration(pos_of(paid), command)
    assert isinstance(refused, Refusal) and refused.rule == "A3R 9.61", refused
    forced = decide_declaration(pos_of([*opening, ATTRITION_PHASE]), command)  # recorded regardless
    assert not isinstance(forced, Refusal)
    report = audit([*paid, *forced], rule="A3R 9.61")
    assert [f.check for f in report.findings] == ["attrition_permitted"]


def _pacific_line(front: str | None) -> tuple[list[Event], MapData]:
    """A Western Allied sea supply line from Sydney's port to a Pacific port, protected by a destroyer operating in
    the Pacific SW box; the destination's front as the map data gives it (None: the map data lists no front). The
    hexes and the front are a fictional test map's, not the game's map."""
    base: list[Event] = [
        created(),
        place("dd-1", "usa", "sw:pacific", unit_type="dd", factors=1),
        turn_of(side_="allied"),
        supply("western_allies", "initial", [res("dd-1")], season="summer", year=1941, side_="allied"),
        SeaSupplyTraced(
            **when(side_="allied", phase="initial_supply"),
            faction="western_allies",
            line="l1",
            determination="initial",
            origin="PAC:R20",
            destination="PAC:M30",
            zone="z",
            protection=["dd-1"],
        ),
    ]
    return base, map_data([facts("PAC:M30", port=True, **({"front": front} if front else {}))])


def test_a_protector_in_the_pacific_sw_box_is_not_accused_where_the_front_is_unknown() -> None:
    """30.3611: "Naval units are eligible to provide protection for sea supply lines only if based in a port or
    mapboard box or operating in an SW box, as follows: ... D. The Pacific SW box, for Western Allied sea supply lines
    traced on the Pacific or Asian front. E. The Indian Ocean SW box, for Western Allied sea supply lines traced on
    the Southeast Asian front and for sea supply lines traced to Suez, Basra or Abadan." Where the map data does not
    give the line's front, a destroyer in the Pacific SW box may be a legal protector: not checked, never a finding;
    on the Pacific front it is legal; on the Mediterranean front it is not (the planted fault)."""
    events, unknown_front = _pacific_line(None)
    report = audit(events, rule="30.361", data=unknown_front)
    assert report.findings == ()
    assert [s.reason for s in report.skipped] == ["not checked: no map data for PAC:M30 (front)"]
    events, pacific = _pacific_line("pacific")
    assert audit(events, rule="30.361", data=pacific).findings == ()
    events, mediterranean = _pacific_line("mediterranean")
    assert [f.message for f in audit(events, rule="30.361", data=mediterranean).findings] == [
        "dd-1 may not protect line l1: based in sw:pacific (30.361B, 30.3611)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The property the position promises: over generated positions, a command's decided events audit clean, and every
# breach the audit finds in a claim drafted from the same command is a refusal of the command, under a rule the
# audit names. Each value of each option the attrition and redeployment rules read is drawn at least once (the
# parametrization), the rest by Hypothesis.

CASES: list[tuple[str, str | None, str | None]] = [
    ("awaw", None, None),
    *[
        ("a3r", option, value)
        for option in (
            "combat.attrition",
            "ops.offensives",
            "weather.winter",
            "units.partisans",
            "redeploy.rules",
            "redeploy.railheads",
            "redeploy.russia_wa_sr_ground",
            "naval.strait_restrictions",
            "units.air_naval_uninversion",
        )
        for value in A3R_OPTIONS[option].values
    ],
]
"""The rule sets, and each value of each option that the attrition and redeployment queries read."""

GERMAN_HEXES = ("EUR:L35", "EUR:L36", "EUR:M35", "EUR:K36", "EUR:M36", "EUR:L32", "EUR:M28")
RUSSIAN_HEXES = ("EUR:L37", "EUR:M37", "EUR:K37", "EUR:N36")
DESTINATIONS = (*GERMAN_HEXES, *RUSSIAN_HEXES, "EUR:N30", "EUR:J33", "box:urals", "box:us_atlantic", "PAC:M30")
PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def lines(draw: st.DrawFn, rules: str, option: str | None, value: str | None, phase_: str) -> str:
    """A position in one line: German ground units west of Russian ones, at war, in ``phase_`` of an Axis player
    turn of 1941 (a fictional placement on real hex ids: no map data is declared, so no map fact is claimed)."""
    season = draw(st.sampled_from(("spring", "summer", "fall", "winter")))
    german = draw(st.lists(st.sampled_from(GERMAN_HEXES), min_size=1, max_size=4))
    russian = draw(st.lists(st.sampled_from(RUSSIAN_HEXES), min_size=0, max_size=3))
    kinds = draw(st.lists(st.sampled_from(("inf", "arm", "par", "aaf")), min_size=len(german), max_size=len(german)))
    factors = draw(st.lists(st.integers(1, 9), min_size=len(german), max_size=len(german)))
    ger = ", ".join(f"{k}-{i} {f} {h}" for i, (k, f, h) in enumerate(zip(kinds, factors, german, strict=True)))
    line = f"1941-{season} axis {phase_} | ger: {ger}"
    if russian:
        line += " | rus: " + ", ".join(f"inf-{i} {h}" for i, h in enumerate(russian))
    line += " | war ger rus | ctl ger 2, rus 1"
    if rules == "a3r":
        line += " | rules a3r"
    if option is not None:
        line += f" | option {option}={value}"
    return line


def _claim_and_decision(events: list[AnyEvent], claim: AnyEvent | Refusal, decided: list[AnyEvent] | Refusal) -> None:
    """The property on one command: the claim drafted from it (or the record's refusal of it) and its decision."""
    if isinstance(claim, Refusal):  # the record refuses it (no such unit, not the player's ...): so does the command
        assert isinstance(decided, Refusal) and decided == claim
        return
    report = audit([*events, claim])
    seq = len(events) + 1
    found = [f for f in report.findings if f.seq == seq]
    if found:
        assert isinstance(decided, Refusal), (found, decided)
        assert decided.rule in {f.rule for f in found}, (found, decided)
    else:
        assert decided == [claim], decided


@pytest.mark.parametrize(("rules", "option", "value"), CASES)
@PROPERTY
@given(data=st.data())
def test_an_attrition_the_command_declares_audits_clean_and_each_breach_is_refused(
    rules: str, option: str | None, value: str | None, data: st.DataObject
) -> None:
    line = data.draw(lines(rules, option, value, "combat"))
    opening = position(line)
    paid = data.draw(st.none() | st.tuples(st.sampled_from((3, 14, 15, 20)), st.booleans()))
    events: list[AnyEvent] = list(opening)
    if paid is not None:
        events.append(offensive(paid[0], against_partisans=paid[1]))  # type: ignore[arg-type]
    season = opening[-1].season
    events.append(phase("attrition", year=1941, season=season))  # type: ignore[arg-type]
    pos = pos_of(events)
    ours = sorted(u for u in pos.board.units if u.startswith("ger-"))
    theirs = sorted(u for u in pos.board.units if u.startswith("rus-"))
    units = data.draw(st.lists(st.sampled_from(ours), min_size=1, unique=True))
    defenders = data.draw(st.lists(st.sampled_from(theirs), unique=True)) if theirs else []
    command = Attrition("att-1", "russia", "eastern", tuple(units), tuple(defenders))
    _claim_and_decision(events, draft_declaration(pos, command), decide_declaration(pos, command))
    declared = decide_attrition(pos, command, Die(face=data.draw(st.integers(1, 6))))
    if not isinstance(declared, Refusal):
        report = audit([*events, *declared])
        assert [f for f in report.findings if f.seq > len(events)] == []


@pytest.mark.parametrize(("rules", "option", "value"), CASES)
@PROPERTY
@given(data=st.data())
def test_a_redeployment_the_command_decides_audits_clean_and_each_breach_is_refused(
    rules: str, option: str | None, value: str | None, data: st.DataObject
) -> None:
    events: list[AnyEvent] = list(position(data.draw(lines(rules, option, value, "redeployment"))))
    pos = pos_of(events)
    unit = data.draw(st.sampled_from(sorted(pos.board.units)))
    to = data.draw(st.sampled_from(DESTINATIONS))
    kind = data.draw(st.sampled_from(("SR", "TR", "NR", "air_transport")))
    via = tuple(data.draw(st.lists(st.sampled_from(GERMAN_HEXES), max_size=2)))
    command = Redeploy(unit, to, kind, via)
    _claim_and_decision(events, draft_redeploy(pos, command), decide_redeploy(pos, command))
