"""The position's construction, economy and naval queries (``projections/position/{construction,economy,naval}``),
asked alike by the audit and by ``awaw build`` / ``awaw spend``: the property that ties the commands to the audit
(issue 21): an event a command decides audits clean, and a claim the audit finds a breach in is refused by the
command under a rule the audit names.

The positions are one-line set-ups (``replays/notation.py``) on real hex ids with no map data declared, so that no
map fact is claimed; the shipyards and the ships on their charts are the 1939 ones of ``examples/campaign-1939.jsonl``
(Kiel EUR:J30 rate 2, Glasgow EUR:H20 rate 4), added to the line's set-up as ``docs/setup.md`` writes them.
"""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.events import AnyEvent
from awaw_events.options import A3R_OPTIONS, AWAW_OPTIONS, INTERPRETATION_OPTIONS
from projections import game
from projections.position import Position
from replays import notation
from replays.commands.base import Refusal
from replays.commands.economy import Build, Spend, decide_build, decide_spend, draft_build, draft_spend
from replays.commands.naval import ACTIONS, Ship, decide_ship, draft_ship
from replays.setup import ChartShip, SetupFile, Yard
from tests.build import audit, position

OPTIONS = {**AWAW_OPTIONS, **A3R_OPTIONS, **INTERPRETATION_OPTIONS}
READ = (
    "econ.deficit_spending",
    "econ.deficit_limits_scope",
    "econ.deficit_base_reduction",
    "econ.same_turn_rebuild",
    "econ.northern_grant_routes",
    "econ.brp_prorating",
    "econ.naval_raiding_cost",
    "econ.limit_counts_repairs",
    "naval.advance_to_launch",
    "sw.murmansk_box",
)
"""The options the construction, economy and naval queries read."""

CASES: list[tuple[str, str | None, str | None]] = [
    ("awaw", None, None),
    *[("a3r", option, value) for option in READ for value in OPTIONS[option].values],
]
"""The rule sets, and each value of each option the construction, economy and naval queries read."""

GERMAN_HEXES = ("EUR:J30", "EUR:L32", "EUR:L35", "EUR:M28", "EUR:K36")
BRITISH_HEXES = ("EUR:H20", "EUR:J19", "box:canada")
PLACES = (*GERMAN_HEXES, *BRITISH_HEXES, "EUR:L37", "PAC:K30", "box:urals")
TYPES = ("inf", "arm", "aaf", "nas", "sub", "tr", "mech", "ab", "rep", "dd", "ca")
PHASES = ("unit_construction", "unit_construction", "unit_construction", "movement", "redeployment")
PROPERTY = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)

YARDS = {
    "kiel": Yard(owner="germany", location="EUR:J30", rate=2),
    "glasgow": Yard(owner="britain", location="EUR:H20", rate=4),
}
"""Two shipyards of the 1939 set-up (``examples/campaign-1939.jsonl``)."""

ROWS = ("5", "4", "3", "2", "launch")
SEASONS = ("spring", "summer", "fall", "winter")


@st.composite
def lines(draw: st.DrawFn, rules: str, option: str | None, value: str | None) -> str:
    """A position in one line: German and British ground units, each power's BRPs, a war or none, in a phase of a
    player turn of 1940 or 1941 (a fictional placement on real hex ids: no map data is declared)."""
    year = draw(st.sampled_from((1940, 1941)))
    season = draw(st.sampled_from(SEASONS))
    side = draw(st.sampled_from(("axis", "allied")))
    phase = draw(st.sampled_from(PHASES))
    line = f"{year}-{season} {side} {phase} | ger: inf-1 EUR:L35, arm-2 4-6 EUR:M28 | brit: inf-1 EUR:J19"
    for power in ("ger", "brit"):
        base = draw(st.integers(0, 160))
        available = draw(st.integers(0, base))
        line += f" | brp {power} {base}/{available}"
    if draw(st.booleans()):
        line += " | war ger brit, ger fra"
    line += " | ctl ger 2, brit 1"
    if rules == "a3r":
        line += " | rules a3r"
    if option is not None:
        line += f" | option {option}={value}"
    return line


@st.composite
def charts(draw: st.DrawFn) -> dict[str, dict[str, ChartShip]]:
    """Ships on the charts of Kiel and Glasgow, each in a cell of its type's chart."""
    ships: dict[str, dict[str, ChartShip]] = {}
    for yard, prefix in (("kiel", "ger"), ("glasgow", "brit")):
        count = draw(st.integers(0, 3))
        for n in range(count):
            kind, factors = draw(st.sampled_from((("ca", 2), ("bb", 4), ("cv", 2), ("dd", 1), ("cve", 1))))
            ship = ChartShip(type=kind, factors=factors, row=draw(st.sampled_from(ROWS)),
                             column=draw(st.sampled_from(SEASONS)))  # fmt: skip
            ships.setdefault(yard, {})[f"{prefix}-{kind}-{n + 10}"] = ship
    return ships


def opening(line: str, ships: dict[str, dict[str, ChartShip]] | None = None) -> list[AnyEvent]:
    """The events a game starts with from ``line``, with the shipyards of :data:`YARDS` and ``ships`` on them."""
    setup: SetupFile = notation.parse_line(line)
    if ships is not None:
        setup = msgspec.structs.replace(setup, yards=YARDS, ships=ships)
    return position(setup)


def pos_of(events: list[AnyEvent]) -> Position:
    return Position(game.fold(game.initial(), events))


def claims_and_decision(
    events: list[AnyEvent], claims: list[AnyEvent] | Refusal, decided: list[AnyEvent] | Refusal
) -> None:
    """The property on one command: the claims drafted from it (or the record's refusal of it) and its decision.
    The audit of the claims finds nothing exactly when the command decides them; where it finds a breach, the
    command refuses with one of them (the same breach: its message, or the rule of its check)."""
    if isinstance(claims, Refusal):  # the record refuses it (no such unit, no such yard ...): so does the command
        assert decided == claims
        return
    report = audit([*events, *claims])
    found = [f for f in report.findings if f.seq > len(events)]
    if found:
        assert isinstance(decided, Refusal), (found, decided)
        assert any(f.message == decided.message or f.rule == decided.rule for f in found), (found, decided)
    else:
        assert decided == claims, (decided, report.skipped)


@pytest.mark.parametrize(("rules", "option", "value"), CASES)
@PROPERTY
@given(data=st.data())
def test_a_build_the_command_decides_audits_clean_and_each_breach_is_refused(
    rules: str, option: str | None, value: str | None, data: st.DataObject
) -> None:
    events = opening(data.draw(lines(rules, option, value)))
    pos = pos_of(events)
    power = data.draw(st.sampled_from(("germany", "britain")))
    kind = notation.KINDS[data.draw(st.sampled_from(TYPES))]
    factors = data.draw(st.integers(1, 9))  # a specialized unit of more than one factor is refused (10.41A)
    at = data.draw(st.sampled_from(PLACES))
    command = Build(f"{power[:3]}-new-{factors}", at, power, kind, factors)
    claims_and_decision(events, draft_build(pos, command), decide_build(pos, command))


@pytest.mark.parametrize(("rules", "option", "value"), CASES)
@PROPERTY
@given(data=st.data())
def test_spending_the_command_decides_audits_clean_and_each_breach_is_refused(
    rules: str, option: str | None, value: str | None, data: st.DataObject
) -> None:
    events = opening(data.draw(lines(rules, option, value)))
    pos = pos_of(events)
    power = data.draw(st.sampled_from(("germany", "britain", "russia", "usa")))
    what = data.draw(st.sampled_from(("offensive", "war", "grant")))
    target = data.draw(st.sampled_from(("britain", "france", "russia", "poland", "norway", "germany")))
    front = data.draw(st.sampled_from(("eastern", "western", "mediterranean")))
    kind = data.draw(st.sampled_from(("full", "full", "limited")))
    cost = data.draw(st.none() | st.integers(0, 20)) if kind != "full" else None
    amount = data.draw(st.integers(1, 30))
    route = data.draw(st.none() | st.sampled_from(("murmansk", "persia", "archangel")))
    command = Spend(power, what, target, front, kind, amount, route, cost)
    drafted = draft_spend(pos, command)
    claims_and_decision(events, drafted if isinstance(drafted, Refusal) else [drafted], decide_spend(pos, command))


@pytest.mark.parametrize(("rules", "option", "value"), CASES)
@PROPERTY
@given(data=st.data())
def test_a_ship_the_command_decides_audits_clean_and_each_breach_is_refused(
    rules: str, option: str | None, value: str | None, data: st.DataObject
) -> None:
    events = opening(data.draw(lines(rules, option, value)), data.draw(charts()))
    pos = pos_of(events)
    action = data.draw(st.sampled_from(ACTIONS))
    if action == "lay_down":
        yard = data.draw(st.sampled_from(sorted(YARDS)))
        kind, factors = data.draw(st.sampled_from((("ca", 2), ("bb", 4), ("cv", 2), ("dd", 1), ("dd", 3), ("cve", 1))))
        command = Ship(f"{yard}-{kind}-new", "lay_down", yard, kind, factors)
    else:
        on_charts = sorted(pos.state.naval.ships) or ["ger-ca-10"]
        command = Ship(data.draw(st.sampled_from(on_charts)), action)
    claims_and_decision(events, draft_ship(pos, command), decide_ship(pos, command))


def test_a_two_factor_airborne_build_is_refused_as_the_audit_flags_it() -> None:
    """10.41A: "Each specialized unit is one factor" (the audit's unit_counters, 10.25). A 2-factor airborne unit
    built is flagged by the audit; the command must refuse it, under the same rule."""
    events = opening("1940-spring allied unit_construction | brit: inf-1 EUR:J19 | brp brit 60/40")
    command = Build("brit-ab-2", "EUR:H20", "britain", "airborne", 2)
    claims = draft_build(pos_of(events), command)
    assert not isinstance(claims, Refusal)
    found = [f for f in audit([*events, *claims]).findings if f.seq > len(events)]
    assert [f.check for f in found] == ["unit_counters"]
    decided = decide_build(pos_of(events), command)
    assert isinstance(decided, Refusal) and decided.message == found[0].message


def test_an_archangel_grant_in_spring_is_refused_only_where_the_audit_judges_it() -> None:
    """A3R intro: the Archangel route carries grants in Summer and Fall only. The AWAW rule texts give no such rule,
    so an AWAW game's audit does not make that check (replays.audit.rulesets): its command must not refuse the grant
    either; an A3R game's command refuses it under the rule its audit cites."""
    line = "1940-spring allied unit_construction | brit: inf-1 EUR:J19 | brp brit 30/30"
    command = Spend("britain", "grant", "russia", "eastern", "full", 5, "archangel", None)
    for rules, refused in (("awaw", False), ("a3r", True)):
        events = opening(f"{line} | rules {rules}" if rules != "awaw" else line)
        decided = decide_spend(pos_of(events), command)
        found = [f for f in audit([*events, draft_spend(pos_of(events), command)]).findings if f.seq > len(events)]
        assert isinstance(decided, Refusal) == refused == bool(found), (rules, decided, found)
