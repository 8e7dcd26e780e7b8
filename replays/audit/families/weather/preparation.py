"""Winter preparation (34.4; A3R App. K): starting levels, production and its yearly limit, held and triggered
results, the automatic increase and the house increases (checks W-12..W-15 and C-WEA-2)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import WinterPreparationChanged
from awaw_events.gametime import game_turn
from awaw_events.vocab import GROUND_TYPES, Faction
from projections.board import at_war
from projections.position.common import from_play
from projections.rules.weather import (
    AUTOMATIC_INCREASE,
    AUTOMATIC_INCREASE_WARS,
    AUTOMATIC_INCREASE_ZONES,
    COUNTED_PRODUCTION_CAUSES,
    GERMANY_FIRST_TURN_PREPARATION,
    HOUSE_AXIS_MAX_RESTRAINT,
    MAX_WINTER_PREPARATION,
    PREPARATION_PRODUCERS,
    PRODUCTION_CAUSES,
    WA_HOUSE_WINTER_FROM_YEAR,
    WINTER_PREPARATION_START,
    axis_fall_restraint_bonus,
    preparation_production_findings,
)
from projections.weather import held_results, preparation, produced_in
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.weather.base import (
    FAMILY,
    STANDARD_A3R,
    faction_name,
    possessive,
    table_of,
    turn_name,
    unit_faction,
    zone_name,
    zone_of,
)

# ---------------------------------------------------------------------------------------------------------------------
# Winter preparation (34.4; W-12..W-14; A3R App. K, C-WEA-2)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "34.41",
    "winter preparation starts at its 34.41 level (Russia 6, Japan 2, others 0; house: Japan 0) and stays <= 6",
    reads=(WinterPreparationChanged,),
    covers=("31-34/W-12", "C-WEA-2"),
)
def check_preparation_level(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    if event.level > MAX_WINTER_PREPARATION:
        yield c.finding(
            ctx,
            expected=f"at most {MAX_WINTER_PREPARATION}",
            recorded=event.level,
            message=(
                f"{possessive(who)} winter preparation is set to {event.level}; it never exceeds "
                f"{MAX_WINTER_PREPARATION}"
            ),
        )
    if event.cause != "setup" or from_play(ctx.position, event):
        return  # a level play reached is what it was then, not the rules' start (34.41)
    start = WINTER_PREPARATION_START[table][event.faction]
    allowed = {start}
    if table == "awaw" and event.faction == "european_axis":
        allowed.add(GERMANY_FIRST_TURN_PREPARATION)  # 34.41A: first-turn attacks after German aggression
    if event.level not in allowed:
        yield c.finding(
            ctx,
            expected=start,
            recorded=event.level,
            message=f"{who} start with winter preparation {start}, recorded {event.level}",
        )


def _expected_after(ctx: AuditContext[Any], faction: str, increase: int) -> tuple[int, int] | None:
    """(level before, level after an increase capped at 6). The level before is the one last recorded, else the
    level the rules start the faction at (34.41; App. K): a log that never recorded it still has it."""
    table = table_of(ctx)
    if table is None:
        return None
    before = preparation(ctx.state.weather, faction, table)
    return before, min(MAX_WINTER_PREPARATION, before + increase)


@FAMILY.check(
    "34.431",
    "winter preparation bought by production: not by Russia, one level per result, effective when triggered "
    "(a result held back changes nothing until then)",
    reads=(WinterPreparationChanged,),
    covers=("31-34/W-13", "31-34/W-15"),
)
def check_preparation_production(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in PRODUCTION_CAUSES:
        return
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    if event.faction not in PREPARATION_PRODUCERS:
        yield c.finding(
            ctx,
            expected="no production",
            recorded=event.cause,
            message=f"{who} may not raise winter preparation by production (34.431, 42.24H)",
        )
        return
    if event.cause == "triggered" and not held_results(ctx.state.weather, event.faction):
        yield c.finding(
            ctx,
            expected="a result held back",
            recorded="triggered",
            message=f"{who} trigger a winter preparation result they hold none of (34.434B: only a result produced "
            f"and held back is triggered later)",
        )
    expected = _expected_after(ctx, event.faction, 0 if event.held else 1)
    if expected is not None and event.level != expected[1]:
        if event.held:
            message = f"a result {who} hold back leaves them at {expected[0]} until triggered (34.434B)"
        else:
            message = f"one winter preparation result takes {who} from {expected[0]} to {expected[1]}"
        yield c.finding(ctx, expected=expected[1], recorded=event.level, message=f"{message}; recorded {event.level}")


@FAMILY.check(
    "34.433",
    "at most one winter preparation result produced per year per faction",
    reads=(WinterPreparationChanged,),
    covers=("31-34/W-13",),
)
def check_preparation_per_year(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in COUNTED_PRODUCTION_CAUSES or event.faction not in PREPARATION_PRODUCERS:
        return
    earlier = produced_in(ctx.state.weather, event.faction, event.year)
    for _breach in preparation_production_findings(event.faction, {event.year: earlier + 1}):
        yield c.finding(
            ctx,
            expected="at most 1",
            recorded=earlier + 1,
            message=(
                f"{faction_name(event.faction)} produce winter preparation result number {earlier + 1} in "
                f"{event.year}; 34.433 allows one per year"
            ),
        )


@FAMILY.check(
    "34.432",
    "the automatic +2 goes to the EA or Japan at the end of a winter game turn at war with Russia, with a ground "
    "unit in the Russian winter zone (Japan: Siberia, Manchuria, Mongolia, Tannu Tuva)",
    reads=(WinterPreparationChanged,),
    covers=("31-34/W-14", "C-WEA-2"),
)
def check_preparation_automatic(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause != "automatic":
        return
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    power = AUTOMATIC_INCREASE_WARS.get(event.faction)
    if power is None:
        yield c.finding(
            ctx,
            expected="European Axis or Japan",
            recorded=event.faction,
            message=f"{who} gain no automatic winter preparation; only the European Axis and Japan do (34.432)",
        )
        return
    if event.season != "winter":
        yield c.finding(
            ctx,
            expected="winter",
            recorded=event.season,
            message=(
                f"{possessive(who)} automatic winter preparation comes at the end of a winter game turn, "
                f"not {event.season}"
            ),
        )
    if not at_war(ctx.state.board, power, "russia"):
        yield c.finding(
            ctx,
            expected=f"{power} at war with Russia",
            recorded="not at war",
            message=f"{who} gain the automatic +{AUTOMATIC_INCREASE} only while {power} is at war with Russia (34.432)",
        )
    expected = _expected_after(ctx, event.faction, AUTOMATIC_INCREASE)
    if expected is not None and event.level != expected[1]:
        yield c.finding(
            ctx,
            expected=expected[1],
            recorded=event.level,
            message=(
                f"the automatic +{AUTOMATIC_INCREASE} takes {who} from {expected[0]} to {expected[1]}; "
                f"recorded {event.level}"
            ),
        )
    yield from _units_in_zone(c, ctx)


def _units_in_zone(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    """The ground unit in the winter zone behind an automatic increase (34.432): ``units`` names them; the board
    says whose they are and where, the map data which zone that is."""
    event = ctx.event
    zone = AUTOMATIC_INCREASE_ZONES[event.faction]
    if not event.units:
        yield Missing(reason="an automatic winter preparation increase without the units in the zone (units)")
        return
    unknown: Missing | None = None
    for unit_id in event.units:
        unit = ctx.state.board.units.get(unit_id)
        if unit is None or unit.unit_type not in GROUND_TYPES or unit_faction(unit) != event.faction:
            continue
        found, why = zone_of(ctx, unit.location) if unit.location[:4] in ("EUR:", "PAC:") else (None, None)
        if found == zone:
            return
        unknown = unknown or why
    if unknown is not None:
        yield unknown
        return
    yield c.finding(
        ctx,
        expected=f"a {faction_name(event.faction)} ground unit in {zone_name(zone)}",
        recorded=", ".join(event.units),
        message=f"the automatic +{AUTOMATIC_INCREASE} needs a {faction_name(event.faction)} ground unit in "
        f"{zone_name(zone)} at the end of the winter turn (34.432); none of {', '.join(event.units)} is",
    )


@FAMILY.check(
    "A3R App. K",
    "house preparation: WA +1 each winter from 1942, the Axis restraint bonus (+1 no exploitation, +1 no offensive "
    "air in the Russian winter zone in the Fall), only under the house table",
    reads=(WinterPreparationChanged,),
    covers=("C-WEA-2",),
)
def check_preparation_house(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in ("wa_annual", "axis_restraint"):
        return
    table = table_of(ctx)
    who = faction_name(event.faction)
    if table != "a3r_house":
        yield c.finding(
            ctx,
            expected="no house preparation",
            recorded=event.cause,
            message=(
                f"{possessive(who)} {event.cause} winter preparation is a house rule (App. K) this game does not use"
            ),
        )
        return
    expected_faction: Faction = "western_allies" if event.cause == "wa_annual" else "european_axis"
    if event.faction != expected_faction:
        yield c.finding(
            ctx,
            expected=expected_faction,
            recorded=event.faction,
            message=f"{event.cause} winter preparation goes to the {faction_name(expected_faction)}, not the {who}",
        )
        return
    before: int | None = preparation(ctx.state.weather, event.faction, table)
    if event.cause == "wa_annual":
        if event.season != "winter" or event.year < WA_HOUSE_WINTER_FROM_YEAR:
            yield c.finding(
                ctx,
                expected=f"a winter from {WA_HOUSE_WINTER_FROM_YEAR}",
                recorded=turn_name(ctx),
                message=(
                    f"the Western Allies gain +1 winter preparation each winter from Winter "
                    f"{WA_HOUSE_WINTER_FROM_YEAR}, not in {turn_name(ctx)} (App. K)"
                ),
            )
        expected = _expected_after(ctx, event.faction, 1)
        if expected is not None and event.level != expected[1]:
            yield c.finding(
                ctx,
                expected=expected[1],
                recorded=event.level,
                message=f"the WA winter +1 takes them from {expected[0]} to {expected[1]}; recorded {event.level}",
            )
        return
    if before is not None and event.level > before and event.season != "winter":
        yield c.finding(
            ctx,
            expected="the ensuing winter turn",
            recorded=turn_name(ctx),
            message=f"the Axis restraint bonus applies to the winter after the Fall, not to {turn_name(ctx)} (App. K)",
        )
    if before is not None and event.level - before > HOUSE_AXIS_MAX_RESTRAINT:
        yield c.finding(
            ctx,
            expected=f"at most +{HOUSE_AXIS_MAX_RESTRAINT}",
            recorded=f"+{event.level - before}",
            message=(
                f"the Axis restraint bonus is at most +{HOUSE_AXIS_MAX_RESTRAINT} (no exploitation, no offensive "
                f"air); recorded {before} to {event.level}"
            ),
        )
        return
    yield from _restraint(c, ctx, before)


def _restraint(c: Check, ctx: AuditContext[WinterPreparationChanged], before: int | None) -> Result:
    """The bonus the last Fall allows: +1 if the Axis exploited nowhere in the Russian winter zone, +1 if they flew
    no offensive air there (App. K). The Fall's Axis exploitations and air missions are weather state; their
    hexes' zones come from the map data."""
    event = ctx.event
    weather = ctx.state.weather
    fall = weather.fall_axis if weather.fall_turn == game_turn(event) - 1 else {}
    did: dict[str, bool] = {}
    for what in ("exploitation", "air"):
        did[what] = False
        for hex_ in fall.get(what, ()):
            zone, why = zone_of(ctx, hex_)
            if why is not None:
                yield why
                return
            did[what] = did[what] or zone == "russian_winter"
    bonus = axis_fall_restraint_bonus(exploited_in_fall=did["exploitation"], offensive_air_in_fall=did["air"])
    if before is not None and event.level - before > bonus:
        done = [w for w, d in (("exploited", did["exploitation"]), ("flew offensive air", did["air"])) if d]
        yield c.finding(
            ctx,
            expected=f"at most +{bonus}",
            recorded=f"+{event.level - before}",
            message=f"the Axis {' and '.join(done)} in the Russian winter zone last Fall: their restraint bonus is "
            f"+{bonus} (App. K); recorded {before} to {event.level}",
        )
