"""Winter preparation asked of a position (34.4; A3R App. K): starting levels, production and its yearly limit, held
and triggered results, the automatic increase and the house increases (checks W-12..W-15 and C-WEA-2). Each query
takes the change as a ``winter_preparation_changed`` event, the claim."""

from __future__ import annotations

from awaw_events.events import WinterPreparationChanged
from awaw_events.gametime import game_turn
from awaw_events.vocab import GROUND_TYPES, Faction
from projections.board import war_between
from projections.position.common import from_play
from projections.position.core import Position, Unknown, breach
from projections.position.wars import war_doubt
from projections.position.weather import (
    STANDARD_A3R,
    Verdict,
    faction_name,
    possessive,
    table_of,
    turn_name,
    unit_faction,
    zone_name,
    zone_of,
)
from projections.rules import weather as rules
from projections.weather import held_results, preparation, produced_in


def preparation_level(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """34.41: winter preparation starts at its 34.41 level (Russia 6, Japan 2, others 0; house: Japan 0) and stays
    <= 6."""
    table = table_of(pos)
    if table is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    most = rules.MAX_WINTER_PREPARATION
    if event.level > most:
        message = f"{possessive(who)} winter preparation is set to {event.level}; it never exceeds {most}"
        yield breach("34.41", message, f"at most {most}", event.level)
    if event.cause != "setup" or from_play(pos, event):
        return  # a level play reached is what it was then, not the rules' start (34.41)
    start = rules.WINTER_PREPARATION_START[table][event.faction]
    allowed = {start}
    if table == "awaw" and event.faction == "european_axis":
        allowed.add(rules.GERMANY_FIRST_TURN_PREPARATION)  # 34.41A: first-turn attacks after German aggression
    if event.level not in allowed:
        message = f"{who} start with winter preparation {start}, recorded {event.level}"
        yield breach("34.41", message, start, event.level)


def _expected_after(pos: Position, faction: str, increase: int) -> tuple[int, int] | None:
    """(level before, level after an increase capped at 6). The level before is the one last recorded, else the
    level the rules start the faction at (34.41; App. K): a log that never recorded it still has it."""
    table = table_of(pos)
    if table is None:
        return None
    before = preparation(pos.state.weather, faction, table)
    return before, min(rules.MAX_WINTER_PREPARATION, before + increase)


def preparation_production(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """34.431: winter preparation bought by production: not by Russia, one level per result, effective when
    triggered (a result held back changes nothing until then)."""
    if event.cause not in rules.PRODUCTION_CAUSES:
        return
    if table_of(pos) is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    if event.faction not in rules.PREPARATION_PRODUCERS:
        message = f"{who} may not raise winter preparation by production (34.431, 42.24H)"
        yield breach("34.431", message, "no production", event.cause)
        return
    if event.cause == "triggered" and not held_results(pos.state.weather, event.faction):
        message = (
            f"{who} trigger a winter preparation result they hold none of (34.434B: only a result produced and held "
            "back is triggered later)"
        )
        yield breach("34.434B", message, "a result held back", "triggered")
    expected = _expected_after(pos, event.faction, 0 if event.held else 1)
    if expected is not None and event.level != expected[1]:
        if event.held:
            message = f"a result {who} hold back leaves them at {expected[0]} until triggered (34.434B)"
        else:
            message = f"one winter preparation result takes {who} from {expected[0]} to {expected[1]}"
        yield breach("34.431", f"{message}; recorded {event.level}", expected[1], event.level)


def preparation_per_year(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """34.433: at most one winter preparation result produced per year per faction."""
    if event.cause not in rules.COUNTED_PRODUCTION_CAUSES or event.faction not in rules.PREPARATION_PRODUCERS:
        return
    earlier = produced_in(pos.state.weather, event.faction, event.year)
    for _ in rules.preparation_production_findings(event.faction, {event.year: earlier + 1}):
        message = (
            f"{faction_name(event.faction)} produce winter preparation result number {earlier + 1} in {event.year}; "
            "34.433 allows one per year"
        )
        yield breach("34.433", message, "at most 1", earlier + 1)


def preparation_automatic(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """34.432: the automatic +2 goes to the EA or Japan at the end of a winter game turn at war with Russia, with a
    ground unit in the Russian winter zone (Japan: Siberia, Manchuria, Mongolia, Tannu Tuva)."""
    if event.cause != "automatic":
        return
    if table_of(pos) is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    who = faction_name(event.faction)
    power = rules.AUTOMATIC_INCREASE_WARS.get(event.faction)
    increase = rules.AUTOMATIC_INCREASE
    if power is None:
        message = f"{who} gain no automatic winter preparation; only the European Axis and Japan do (34.432)"
        yield breach("34.432", message, "European Axis or Japan", event.faction)
        return
    if event.season != "winter":
        message = (
            f"{possessive(who)} automatic winter preparation comes at the end of a winter game turn, not {event.season}"
        )
        yield breach("34.432", message, "winter", event.season)
    at_war = war_between(pos.board, power, "russia")
    if at_war is None:  # a war of factions or sides that may or may not be this power's on Russia
        yield war_doubt({(power, "russia"): None}, "34.432")
    elif not at_war:
        message = f"{who} gain the automatic +{increase} only while {power} is at war with Russia (34.432)"
        yield breach("34.432", message, f"{power} at war with Russia", "not at war")
    expected = _expected_after(pos, event.faction, increase)
    if expected is not None and event.level != expected[1]:
        message = f"the automatic +{increase} takes {who} from {expected[0]} to {expected[1]}; recorded {event.level}"
        yield breach("34.432", message, expected[1], event.level)
    yield from _units_in_zone(pos, event)


def _units_in_zone(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """The ground unit in the winter zone behind an automatic increase (34.432): ``units`` names them; the board
    says whose they are and where, the map data which zone that is."""
    zone = rules.AUTOMATIC_INCREASE_ZONES[event.faction]
    if not event.units:
        yield Unknown(reason="an automatic winter preparation increase without the units in the zone (units)")
        return
    unknown: Unknown | None = None
    for unit_id in event.units:
        unit = pos.board.units.get(unit_id)
        if unit is None or unit.unit_type not in GROUND_TYPES or unit_faction(unit) != event.faction:
            continue
        found, why = zone_of(pos, unit.location) if unit.location[:4] in ("EUR:", "PAC:") else (None, None)
        if found == zone:
            return
        unknown = unknown or why
    if unknown is not None:
        yield unknown
        return
    who, units = faction_name(event.faction), ", ".join(event.units)
    message = (
        f"the automatic +{rules.AUTOMATIC_INCREASE} needs a {who} ground unit in {zone_name(zone)} at the end of the "
        f"winter turn (34.432); none of {units} is"
    )
    yield breach("34.432", message, f"a {who} ground unit in {zone_name(zone)}", units)


def preparation_house(pos: Position, event: WinterPreparationChanged) -> Verdict:
    """A3R App. K: house preparation: WA +1 each winter from 1942, the Axis restraint bonus (+1 no exploitation, +1
    no offensive air in the Russian winter zone in the Fall), only under the house table."""
    if event.cause not in ("wa_annual", "axis_restraint"):
        return
    table = table_of(pos)
    who = faction_name(event.faction)
    if table != "a3r_house":
        if pos.meta.rules == "awaw":  # the AWAW rule: winter preparation rises by production and automatically only
            message = (
                f"{possessive(who)} {event.cause} winter preparation is no increase the AWAW rules give: by "
                "production (34.431) or automatically (34.432) only; it is an A3R house rule (App. K)"
            )
            yield breach("34.43", message, "no house preparation", event.cause)
            return
        message = f"{possessive(who)} {event.cause} winter preparation is a house rule (App. K) this game does not use"
        yield breach("A3R App. K", message, "no house preparation", event.cause)
        return
    wanted: Faction = "western_allies" if event.cause == "wa_annual" else "european_axis"
    if event.faction != wanted:
        message = f"{event.cause} winter preparation goes to the {faction_name(wanted)}, not the {who}"
        yield breach("A3R App. K", message, wanted, event.faction)
        return
    before: int | None = preparation(pos.state.weather, event.faction, table)
    if event.cause == "wa_annual":
        first = rules.WA_HOUSE_WINTER_FROM_YEAR
        if event.season != "winter" or event.year < first:
            message = (
                f"the Western Allies gain +1 winter preparation each winter from Winter {first}, not in "
                f"{turn_name(event)} (App. K)"
            )
            yield breach("A3R App. K", message, f"a winter from {first}", turn_name(event))
        expected = _expected_after(pos, event.faction, 1)
        if expected is not None and event.level != expected[1]:
            message = f"the WA winter +1 takes them from {expected[0]} to {expected[1]}; recorded {event.level}"
            yield breach("A3R App. K", message, expected[1], event.level)
        return
    if before is not None and event.level > before and event.season != "winter":
        message = f"the Axis restraint bonus applies to the winter after the Fall, not to {turn_name(event)} (App. K)"
        yield breach("A3R App. K", message, "the ensuing winter turn", turn_name(event))
    most = rules.HOUSE_AXIS_MAX_RESTRAINT
    if before is not None and event.level - before > most:
        message = (
            f"the Axis restraint bonus is at most +{most} (no exploitation, no offensive air); recorded {before} to "
            f"{event.level}"
        )
        yield breach("A3R App. K", message, f"at most +{most}", f"+{event.level - before}")
        return
    yield from _restraint(pos, event, before)


def _restraint(pos: Position, event: WinterPreparationChanged, before: int | None) -> Verdict:
    """The bonus the last Fall allows: +1 if the Axis exploited nowhere in the Russian winter zone, +1 if they flew
    no offensive air there (App. K). The Fall's Axis exploitations and air missions are weather state; their
    hexes' zones come from the map data."""
    weather = pos.state.weather
    fall = weather.fall_axis if weather.fall_turn == game_turn(event) - 1 else {}
    did: dict[str, bool] = {}
    for what in ("exploitation", "air"):
        did[what] = False
        for hex_ in fall.get(what, ()):
            zone, why = zone_of(pos, hex_)
            if why is not None:
                yield why
                return
            did[what] = did[what] or zone == "russian_winter"
    bonus = rules.axis_fall_restraint_bonus(exploited_in_fall=did["exploitation"], offensive_air_in_fall=did["air"])
    if before is not None and event.level - before > bonus:
        done = [w for w, d in (("exploited", did["exploitation"]), ("flew offensive air", did["air"])) if d]
        message = (
            f"the Axis {' and '.join(done)} in the Russian winter zone last Fall: their restraint bonus is +{bonus} "
            f"(App. K); recorded {before} to {event.level}"
        )
        yield breach("A3R App. K", message, f"at most +{bonus}", f"+{event.level - before}")
