"""Declaration and offensive costs (27.12) and the options of an A3R game (A3R 1.1-1.2): C-OPT-1..C-OPT-3."""

from __future__ import annotations

from typing import Any, Literal

from awaw_events.codec import tag_of
from awaw_events.events import (
    AttritionDeclared,
    GameCreated,
    OffensiveDeclared,
    RailheadBuilt,
    RuleOptionChanged,
    SwCombatResolved,
    WarDeclared,
)
from awaw_events.options import A3R_OPTIONS, inconsistencies
from awaw_events.vocab import POWERS
from projections.position.common import before_the_game
from projections.rules.construction import DECLARATION_OF_WAR_COST, FULL_OFFENSIVE_COST
from projections.rules.houserules import OPTION_GATES
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.politics.common import _a3r

CHECKS = Family("politics")


# ---------------------------------------------------------------------------------------------------------------------
# 27.12 costs


@CHECKS.check(
    "27.12",
    "a declaration of war costs 35 BRPs against a major power, 10 against a minor; a war begun before the game, none",
    reads=(WarDeclared,),
    covers=("C-06", "C-BRP-12"),
)
def check_declaration_cost(c: Check, ctx: AuditContext[WarDeclared]) -> Result:
    event = ctx.event
    if before_the_game(
        ctx.position, ctx.event
    ):  # a war already under way when the game starts: paid before it, if at all
        if event.brp_cost:
            yield c.finding(
                ctx,
                expected=0,
                recorded=event.brp_cost,
                message=f"{event.aggressor} is charged {event.brp_cost} BRPs for a war on {event.target} begun "
                "before the game; what was paid before the game is not charged in it",
            )
        return
    kind: Literal["major", "minor"] = "major" if event.target in POWERS else "minor"
    cost = DECLARATION_OF_WAR_COST[kind]
    if event.since_year is None and event.brp_cost != cost:  # a war under way at a set-up declares nothing
        yield c.finding(
            ctx,
            expected=cost,
            recorded=event.brp_cost,
            message=f"{event.aggressor} paid {event.brp_cost} BRPs to declare war on {event.target}; a "
            f"declaration against a {kind} power costs {cost} (27.12)",
        )


@CHECKS.check(
    "27.12", "a full offensive costs 15 BRPs", reads=(OffensiveDeclared,), id="full_offensive_cost", covers=("C-06",)
)
def check_full_offensive_cost(c: Check, ctx: AuditContext[OffensiveDeclared]) -> Result:
    event = ctx.event
    if event.kind == "full" and event.brp_cost != FULL_OFFENSIVE_COST:
        yield c.finding(
            ctx,
            expected=FULL_OFFENSIVE_COST,
            recorded=event.brp_cost,
            message=f"{event.power} paid {event.brp_cost} BRPs for a full offensive on the {event.front} "
            f"front; a full offensive costs {FULL_OFFENSIVE_COST} (27.12)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Options (A3R 1.1-1.2)


@CHECKS.check(
    "A3R 1.1",
    "an A3R game fixes every option of table 1.2 at creation, each with a value the table allows, and no event "
    "comes under an option value that disables it",
    reads=(GameCreated, RuleOptionChanged, RailheadBuilt, SwCombatResolved, AttritionDeclared),
    covers=("C-OPT-1",),
)
def check_options_recorded(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if isinstance(event, GameCreated):
        if event.rules != "a3r":
            return ()
        missing = sorted(set(A3R_OPTIONS) - set(event.options))
        bad = [f"{k}={v}" for k, v in event.options.items() if k in A3R_OPTIONS and v not in A3R_OPTIONS[k].values]
        found = []
        if missing:
            found.append(
                c.finding(
                    ctx,
                    expected="every option of table 1.2",
                    recorded=f"{len(missing)} missing ({', '.join(missing[:3])}{' ...' if len(missing) > 3 else ''})",
                    message="an A3R game records every house-rule option at creation, defaults included (A3R 1.1)",
                )
            )
        if bad:
            found.append(
                c.finding(
                    ctx,
                    expected="values table 1.2 allows",
                    recorded=", ".join(bad),
                    message=f"option values that table 1.2 does not allow: {', '.join(bad)} (A3R 1.2)",
                )
            )
        return found
    if not _a3r(ctx):
        return ()
    if isinstance(event, RuleOptionChanged):
        option = A3R_OPTIONS.get(event.option)
        if option is not None and event.new not in option.values:
            return (
                c.finding(
                    ctx,
                    expected=" or ".join(option.values),
                    recorded=event.new,
                    message=f"option {event.option} takes one of {', '.join(option.values)} (A3R 1.2)",
                ),
            )
        return ()
    gate = OPTION_GATES.get(tag_of(event))
    if gate is None:
        return ()
    if isinstance(event, SwCombatResolved) and event.round != "secondary":
        return ()
    if isinstance(event, AttritionDeclared) and not event.partisans:
        return ()
    name, values, why = gate.option, gate.allows, gate.why
    value = ctx.meta.option(name, A3R_OPTIONS[name].default)
    if value in values:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"{name}={' or '.join(values)}",
            recorded=f"{name}={value}",
            message=f"the game plays {name}={value}, under which this event cannot happen: {why} (A3R 1.2)",
        ),
    )


@CHECKS.check(
    "A3R intro",
    "deficit spending is agreed by every player",
    reads=(GameCreated, RuleOptionChanged),
    id="deficit_consent",
    covers=("C-OPT-2",),
)
def check_deficit_consent(c: Check, ctx: AuditContext[GameCreated | RuleOptionChanged]) -> Result:
    event = ctx.event
    option = "econ.deficit_spending"
    if isinstance(event, GameCreated):
        value = event.options.get(option, "none")
        agreed = set(event.consented_by.get(option, ()))
        players = set(event.players) | set(event.player_keys)
    else:
        if event.option != option:
            return ()
        value, agreed, players = event.new, set(event.consented_by), set(ctx.state.politics.players)
    if value == "none":
        return ()
    if not players:
        return (Missing(reason="the game names no players, so their consent to deficit spending cannot be checked"),)
    missing = sorted(players - agreed)
    if not missing:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"consent of {', '.join(sorted(players))}",
            recorded=f"consent of {', '.join(sorted(agreed)) or 'nobody'}",
            message=f"deficit spending ({value}) needs the mutual consent of the players; "
            f"{', '.join(missing)} did not consent (A3R intro)",
        ),
    )


@CHECKS.check(
    "A3R 1.2",
    "the options of a game do not contradict each other",
    reads=(GameCreated, RuleOptionChanged),
    id="options_consistent",
    covers=("C-OPT-3",),
)
def check_options_consistent(c: Check, ctx: AuditContext[GameCreated | RuleOptionChanged]) -> Result:
    event = ctx.event
    options = dict(event.options) if isinstance(event, GameCreated) else {**ctx.meta.options, event.option: event.new}
    return [
        c.finding(ctx, expected="consistent options", recorded=f"{name}={options.get(name)}", message=problem)
        for name, problem in inconsistencies(options)
    ]
