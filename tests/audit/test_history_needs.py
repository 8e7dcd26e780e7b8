"""The audit reads what a historical record holds: an unknown field turns off only the checks that need it (each
check declares the fields it reads), and no check is applied to a line of prose."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.options import defaults
from replays.audit.engine import Check, judge
from tests.build import records, run
from tests.conftest import created

SPRING_40: dict[str, Any] = {"year": 1940, "season": "spring"}


def ev(tag: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, **SPRING_40, **fields})


# ---------------------------------------------------------------------------------------------------------------------
# One unknown field turns off only the checks that need it


def _probe(needs: tuple[str, ...] | None) -> Check:
    from awaw_events.events import WarDeclared
    from projections.rules.breach import Breach

    def always(pos: object, event: object) -> tuple[Breach, ...]:
        """A probe: always a breach."""
        return (Breach(rule="0.0", message="probe", allowed=None, actual=None),)

    return judge(always, "0.0", reads=(WarDeclared,), needs=needs)


@pytest.mark.parametrize(
    ("needs", "found", "unchecked"),
    [(None, 0, 1), (("brp_cost",), 0, 1), (("aggressor", "target"), 1, 0)],
)
def test_an_unknown_field_turns_off_only_the_checks_that_need_it(
    needs: tuple[str, ...] | None, found: int, unchecked: int
) -> None:
    from replays.audit import engine

    war = ev(
        "war_declared", aggressor="germany", target="poland", brp_cost=0, unknown=["brp_cost"], provenance="reported"
    )
    report = engine.run([_probe(needs)], records([created(), war]))
    assert (len(report.findings), report.unchecked) == (found, unchecked)


def test_the_checks_of_the_events_historical_logs_use_most_declare_what_they_need() -> None:
    from replays.audit.catalogue import checks

    declared = {c.id: c.needs for c in checks() if c.needs is not None}
    for check in ("declaration_cost", "french_surrender_trigger", "french_surrender_level", "vichy_allowed"):
        assert check in declared
    # the surrender level's parts read who holds Paris (58.21A): an unknown holder turns it off too
    assert "paris_controller" in declared["french_surrender_trigger"]
    assert "paris_controller" in declared["french_surrender_level"]


def test_no_check_is_applied_to_prose_and_the_audit_says_how_many_facts_it_read() -> None:
    from replays.formatting import checked_words

    lines = [ev("chronicle_entry", text=f"line {i}", provenance="reported") for i in range(3)]
    op = ev("operation_reported", kind="invasion", by="allies", places=["france"], provenance="reported")
    drawn = ev("random_event_drawn", power="japan", raised=["aggression_index"], unknown=["name"])
    ended = ev("game_ended", winner="axis", how="concession", conceded_by="allies", provenance="reported")
    bare = run([created()])
    report = run([created(), *lines, op, drawn, ended])
    assert report.applied == bare.applied  # the sweeps of the state at every event skip the prose
    assert (report.events, report.unread) == (7, 6)
    assert checked_words(report).endswith("6 of 7 events are read by no check")


def test_no_check_but_a_sweep_reads_a_prose_event() -> None:
    """Every event type that changes nothing a rule reads (``prose``) is read by no check of its own, and the sweeps
    of the state at every event skip it: no check application is ever counted on prose."""
    from awaw_events.events import EVENT_TYPES
    from replays.audit.catalogue import checks
    from replays.audit.engine import sweeping

    prose = {t for t in EVENT_TYPES if t.prose}
    assert {t.__name__ for t in prose} >= {"ChronicleEntry", "RandomEventDrawn", "GameEnded", "OperationReported"}
    assert [c.id for c in checks() if not sweeping(c) and prose & set(c.reads)] == []


HOUSE = created(rules="a3r", options={**defaults("a3r"), "france.surrender": "awaw_58_house"})
"""An A3R game under the house French rules (an AWAW game is not judged by them: test_awaw_rulesets.py)."""


@pytest.mark.parametrize(
    ("controller", "listed"),
    [("germany", True), ("european_axis", True), ("axis", True), ("britain", False), ("western_allies", False)],
)
def test_paris_taken_by_the_axis_with_no_french_surrender_is_listed_not_checked(controller: str, listed: bool) -> None:
    fell = ev("area_controlled", place="paris", controller=controller, provenance="reported", citation="a report")
    report = run([HOUSE, fell], "A3R 58.11")
    assert report.findings == ()
    reasons = [s.reason for s in report.skipped if s.check == "paris_taken"]
    assert bool(reasons) is listed
    if listed:
        assert (
            "France surrenders at the end of the Allied player turn with Paris Axis-controlled (A3R 58.11)"
            in (reasons[0])
        )


def test_paris_taken_after_the_french_surrender_says_nothing() -> None:
    surrendered = ev("status_changed", country="france", status="surrendered")
    fell = ev("area_controlled", place="paris", controller="germany", provenance="reported")
    report = run([HOUSE, surrendered, fell], "A3R 58.11")
    assert not [s for s in report.skipped if s.check == "paris_taken"]
    other = ev("area_controlled", place="lyon", controller="germany", provenance="reported")
    assert not [s for s in run([HOUSE, other], "A3R 58.11").skipped if s.check == "paris_taken"]
