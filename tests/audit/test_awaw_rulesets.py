"""An A3R-only check never judges an AWAW game by A3R text (replays/audit/rulesets.py): where the AWAW rule texts
give the rule, its findings cite the AWAW rule; where they give none, it says "not checked: the AWAW rule texts give
no rule for ..." in an AWAW game, counted as not checked, never as passed; an A3R game is judged as before. Each
way on the same planted fault."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, FrenchSurrenderChecked
from awaw_events.options import defaults
from replays.audit import rulesets
from replays.audit.catalogue import checks
from tests.build import run, when
from tests.conftest import created

HOUSE = created(rules="a3r", options={**defaults("a3r"), "france.surrender": "awaw_58_house"})
"""An A3R game under the house French rules (A3R 58)."""

FRENCH = "not checked: the AWAW rule texts give no rule for the French surrender and Vichy France"


def ev(tag: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, "year": 1940, "season": "summer", **fields})


def kept_paris() -> FrenchSurrenderChecked:
    """France does not surrender with Paris German-held: a breach of A3R 58.11."""
    return FrenchSurrenderChecked(
        **when("summer", 1940, "allied", "end_of_player_turn"), paris_controller="germany", surrenders=False
    )


def test_every_a3r_check_says_what_the_awaw_texts_lack_or_cites_the_awaw_rule() -> None:
    found = checks()
    a3r = [c for c in found if rulesets.a3r_only(c)]
    assert len(a3r) > 40
    for c in a3r:
        cited = c.id in rulesets.AWAW_CITATIONS or rulesets.awaw_rule(c.rule) is not None
        assert (rulesets.no_awaw_rule(c) is None) is cited, c.id
    assert rulesets.no_awaw_rule(next(c for c in found if c.id == "french_surrender_trigger")) == (
        "the French surrender and Vichy France"
    )
    assert rulesets.no_awaw_rule(next(c for c in found if c.id == "axis_first")) == "the house sequence of play"
    # a check of an AWAW rule is left as it is
    declaration = next(c for c in found if c.id == "declaration_cost")
    assert rulesets.gated(declaration) is declaration and rulesets.no_awaw_rule(declaration) is None


def test_an_a3r_check_with_no_rule_to_cite_says_so_and_needs_one() -> None:
    from dataclasses import replace

    rgt = next(c for c in checks() if c.id == "rgt_turn_start")
    assert rulesets.no_awaw_rule(rgt) == "the Russian-German tensions"
    with pytest.raises(ValueError, match="say what the AWAW rule texts give no rule for"):
        rulesets.no_awaw_rule(replace(rgt, id="new_check", rule="A3R 99.1"))


@pytest.mark.plants("C-FRA-1")
def test_the_french_surrender_is_judged_in_an_a3r_game_and_not_checked_in_an_awaw_game() -> None:
    a3r = run([HOUSE, kept_paris()], "A3R 58.11")
    assert [(f.rule, f.check) for f in a3r.findings] == [("A3R 58.11", "french_surrender_trigger")]
    awaw = run([created(), kept_paris()], "A3R 58.11")
    assert awaw.findings == () and awaw.ungraded == ()
    assert {s.reason for s in awaw.skipped} == {FRENCH}
    # counted as not checked, never as passed: every application of the check was left unmade
    assert awaw.applied == a3r.applied and awaw.unchecked == awaw.applied > 0


def test_a_named_place_is_not_read_by_the_a3r_french_rules_in_an_awaw_game() -> None:
    fell = ev("area_controlled", place="paris", controller="european_axis", provenance="reported")
    a3r = run([HOUSE, fell], "A3R 58.11")
    assert any("(A3R 58.11)" in s.reason for s in a3r.skipped if s.check == "paris_taken")
    awaw = run([created(), fell], "A3R 58.11")
    assert [(s.check, s.reason) for s in awaw.skipped] == [("paris_taken", FRENCH)]


def test_an_awaw_game_cites_the_awaw_rule_where_the_texts_give_it() -> None:
    house = ev("winter_preparation_changed", season="winter", year=1942, phase="end_of_game_turn",
               faction="western_allies", level=1, cause="wa_annual")  # fmt: skip
    awaw = run([created(), house], "A3R App. K")
    assert [f.rule for f in awaw.findings] == ["34.43"]
    a3r = run([created(rules="a3r", options={**defaults("a3r"), "weather.winter": "a3r"}), house], "A3R App. K")
    assert [f.rule for f in a3r.findings] == ["A3R App. K"]


def test_an_awaw_example_cites_no_a3r_rule_and_counts_none_as_passed() -> None:
    """The WBC 2023 game (an AWAW game): no finding cites an A3R rule, and every A3R check it met is listed as not
    checked because the AWAW rule texts give no rule for it."""
    from pathlib import Path

    from awaw_events.io import read_events
    from replays.audit.catalogue import audit
    from tests.build import records

    path = Path(__file__).resolve().parents[2] / "examples" / "wbc-2023-game-1" / "game.yaml"
    with path.open() as handle:
        events = [n.event for n in read_events(handle, "yaml")]
    report = audit(records(events))
    assert not [f for f in (*report.findings, *report.ungraded) if f.rule.startswith("A3R")]
    a3r = {s.check for s in report.skipped if s.rule.startswith("A3R")}
    unjudged = {s.check for s in report.skipped if s.kind == rulesets.NO_AWAW_KIND}
    assert a3r and a3r == unjudged
    assert {"french_surrender_trigger", "french_surrender_level", "vichy_allowed", "paris_taken"} <= unjudged


def test_the_house_rules_app_d_is_awaw_9_6_so_an_awaw_game_is_judged_by_it_and_cited_as_awaw() -> None:
    """App. D reproduces AWAW 9.6 under its own numbers: an AWAW game is judged by 9.61-9.64 and each finding cites
    the AWAW rule, reproduced there; an A3R game cites the A3R number. The house rules' 58 is not AWAW's."""
    from tests.audit.test_offensive_checks import attrition, paid

    over = [paid("germany", 10), paid("italy", 5)]  # 15 BRPs of limited offensives on a front (9.62)
    exploit = [paid("germany", 10), attrition(), paid("germany", 5, "exploitation")]  # 15 on an attrition front (9.64)
    for events, rule in ((over, "9.62"), (exploit, "9.61")):  # the check's rule (its message adds 9.64)
        awaw = run([created(), *events], "A3R 9.6")
        assert [f.rule for f in awaw.findings] == [f"AWAW {rule}, reproduced in A3R App. D"]
        assert not [s for s in awaw.skipped if s.kind == rulesets.NO_AWAW_KIND]
        a3r = run([created(rules="a3r"), *events], "A3R 9.6")
        assert [f.rule for f in a3r.findings] == [f"A3R {rule}"]
        assert [f.message for f in a3r.findings] == [f.message for f in awaw.findings]
    assert rulesets.awaw_rule("A3R 9.63") == "AWAW 9.63, reproduced in A3R App. D"
    assert rulesets.awaw_rule("A3R 58.11") is None and rulesets.awaw_rule("A3R App. E") is None
    unpaid = next(c for c in checks() if c.id == "operations_paid_and_used")
    assert rulesets.no_awaw_rule(unpaid) is None
