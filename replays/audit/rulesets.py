"""Which rule texts judge which game: an A3R-only check never judges an AWAW game by A3R text.

A check that cites an A3R rule (``A3R 58.11``, ``A3R App. E``, ``A3R intro``) applies the A3R rule texts or the "Best of
AWAW" house rules written for A3R. In a game played under the AWAW rules (``game_created.rules: awaw``) such a check is
made only where the AWAW rule texts here give the same rule: its findings then cite the AWAW rule
(:data:`AWAW_CITATIONS`), or the AWAW rule the house rules reproduce (:data:`projections.rules.texts.REPRODUCED`: "AWAW
9.62, reproduced in A3R App. D"). Where they give none, it reports "not checked: the AWAW rule texts give no rule for
..." (:data:`NO_AWAW_RULE`, :data:`NO_AWAW_RULE_BY_CHECK`), counted among the checks not made, never as passed. In an
A3R game every such check is made as before. :mod:`replays.audit.catalogue` gates every check it lists (:func:`gated`).

The AWAW rule texts here are rules 10-16 and 27-34 (``rules/seeds/awaw-rules-*.txt``): they give no French
surrender or Vichy rules (AWAW's are rule 77, not among them), no tension tracks (the AWAW texts name RGT, USAT and
USJT only as levels other rules read), no deficit spending, BRP prorating, rule options, house sequence of play,
strategic warfare or naval combat. The house rules reproduce one AWAW rule whole: App. D is AWAW 9.6 (attritions and
offensives, 9.61-9.64), "the Appendices include appropriate extracts from the AWAW Hypertext rules update, dated
11/20/06" (house rules, introduction; "Rules regarding attrition, full offensive, and limited offensive operations
(AWAW Rules 9.6). See Appendix D."), and the AWAW texts here cite 9.61 for the same permission (11.82). Their rule 58
(App. J) is not AWAW's: "alternative French surrender, Vichy formation, and Vichy diplomatic rules which borrow heavily
from AWAW" (introduction, "French Considerations"); AWAW's Vichy rules are 77 (77.9, 77.42 in the AWAW texts).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

import msgspec

from awaw_events.events import GameCreated
from projections.position.core import Unknown
from projections.rules.breach import Breach
from projections.rules.texts import awaw_rule
from replays.audit.engine import AuditContext, Check, Finding, Result

AWAW_CITATIONS: Final[dict[str, str]] = {
    "preparation_house": "34.43",
}
"""A3R checks whose rule the AWAW rule texts give too, by check id, with the AWAW rule their findings cite in an
AWAW game. ``preparation_house``: the house causes of winter preparation (App. K) are no cause 34.43 gives (AWAW
winter preparation increases by production, 34.431, and automatically, 34.432)."""

NO_AWAW_RULE: Final[tuple[tuple[str, str], ...]] = (
    ("A3R 1.", "the A3R rule options (table 1.2)"),
    ("A3R 28.7", "Russian and Western Allied SRs through each other's hexes"),
    ("A3R 33.7", "uninverting air and naval units"),
    ("A3R 35.7", "prorated BRP gains and losses"),
    ("A3R 37.71", "Russian ICs as supply sources"),
    ("A3R 58", "the French surrender and Vichy France"),
    ("A3R App. E", "the Russian-German tensions"),
    ("A3R App. G", "the house fortifications"),
    ("A3R App. L", "strategic warfare and the Murmansk convoys"),
    ("A3R extract 4.0", "naval combat"),
)
"""What the AWAW rule texts give no rule for, by the A3R rule number's prefix (the longest that matches)."""

NO_AWAW_RULE_BY_CHECK: Final[dict[str, str]] = {
    "deficit_covered_by_grants": "deficit spending",
    "deficit_limits": "deficit spending",
    "deficit_settled": "deficit spending",
    "deficit_consent": "deficit spending",
    "northern_routes": "BRP grants by the northern routes",
    "raiding_cost": "the BRP cost of raiding",
    "no_lent_italians": "lent Italian units",
    "usat_offensives": "USAT rises from offensive operations",
    "attacked_minor_moves_with_defender": "the house sequence of play",
    "axis_first": "the house sequence of play",
    "diplomacy_in_own_turn": "the house sequence of play",
    "joint_research": "the house sequence of play",
    "sw_allocation_timing": "the house sequence of play",
    "sw_in_combat_phase": "the house sequence of play",
}
"""What the AWAW rule texts give no rule for, by check, for the checks of the house rules' introduction
(``A3R intro``), which covers several subjects."""

NO_AWAW_KIND: Final = "no AWAW rule"
"""What the report groups the checks an AWAW game is not judged by under."""


def a3r_only(check: Check) -> bool:
    """Whether a check applies an A3R rule text (its rule is cited ``A3R ...``)."""
    return check.rule.startswith("A3R")


def no_awaw_rule(check: Check) -> str | None:
    """What the AWAW rule texts give no rule for, for an A3R check they do not give (None: not an A3R check, or
    one whose rule they give: :data:`AWAW_CITATIONS`, :data:`projections.rules.texts.REPRODUCED`)."""
    if not a3r_only(check) or check.id in AWAW_CITATIONS or awaw_rule(check.rule) is not None:
        return None
    if check.id in NO_AWAW_RULE_BY_CHECK:
        return NO_AWAW_RULE_BY_CHECK[check.id]
    found = [(len(prefix), words) for prefix, words in NO_AWAW_RULE if check.rule.startswith(prefix)]
    if not found:
        raise ValueError(f"{check.id} ({check.rule}): say what the AWAW rule texts give no rule for, or its AWAW rule")
    return max(found)[1]


def gated(check: Check) -> Check:
    """The check as an AWAW game must see it: an A3R check made only where the AWAW rule texts give its rule (its
    findings citing the AWAW rule), else reporting that they give none; any other check unchanged."""
    if not a3r_only(check):
        return check
    inner = check.function
    cited = AWAW_CITATIONS.get(check.id) or awaw_rule(check.rule)
    if cited is None:
        missing = (
            Unknown(
                reason=f"not checked: the AWAW rule texts give no rule for {no_awaw_rule(check)}", kind=NO_AWAW_KIND
            ),
        )

        def unjudged(c: Check, ctx: AuditContext[Any]) -> Result:
            return missing if awaw_game(ctx) else inner(c, ctx)

        return dataclasses.replace(check, function=unjudged)
    awaw = dataclasses.replace(check, rule=cited)

    def cites_awaw(c: Check, ctx: AuditContext[Any]) -> Result:
        out = inner(c, ctx)
        if not out or not awaw_game(ctx):
            return out
        return [_cited(awaw, ctx, o) for o in out]

    return dataclasses.replace(check, function=cites_awaw)


def awaw_game(ctx: AuditContext[Any]) -> bool:
    """Whether the event is one of a game played under the AWAW rules (``game_created`` says so of itself: the
    state before it is no game yet)."""
    event = ctx.event
    rules = event.rules if type(event) is GameCreated else ctx.state.meta.rules
    return rules == "awaw"


def _cited(awaw: Check, ctx: AuditContext[Any], outcome: Finding | Breach | Unknown) -> Finding | Unknown:
    """A finding of an AWAW game, citing the AWAW rule."""
    if type(outcome) is Breach:
        return ctx.found(awaw, outcome)
    if type(outcome) is Finding:
        return msgspec.structs.replace(outcome, rule=awaw.rule)
    return outcome  # type: ignore[return-value]
