"""Fortification, beach-defense and island-group builds (32.1, 32.5, 32.6, 27.11D-F; App. G) and the starting
fortifications (32.4): checks F-01 to F-15, F-24, F-25 and C-FRT-4."""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import FortificationBuilt, FortificationPlaced, PlayerTurnStarted
from awaw_events.vocab import FACTION_OF_POWER, Power, power_name
from projections import land
from projections.board import at_war, war_key
from projections.position.common import winter_preparation
from projections.rules.construction import BRP_COST_PER_COUNTER
from projections.rules.control import controller_faction, theater_of
from projections.rules.fortifications import (
    BUILD_KIND,
    FORT_BUILD_PHASE,
    FORT_BUILDERS,
    FORT_BUILDS_PER_FACTION_PER_TURN,
    FORT_COUNTER_KINDS,
    HOUSE_FORTS_PER_TURN,
    ITALIAN_TERRITORY,
    MAX_WEST_WALL_UPGRADES_PER_TURN,
    NATIONALITY_RULES,
    START_KIND_RECORDS,
    FortBuild,
    fort_build_findings,
    fort_cost,
    fort_research_result,
    house_build_counts,
    house_german_fort_findings,
    island_group_payer,
    starting_fortifications,
)
from projections.rules.weather import FIXED_WINTER_LEVELS, FORT_RAILHEAD_BAN_LEVEL, effective_winter_level
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.fortifications.base import FAMILY, STANDARD_A3R, hex_supply, variant, west_wall_hex

_WHAT = {"fortification": "a fortification", "beach_defenses": "a pair of beach defenses"}


def _builds_forts(event: FortificationBuilt) -> bool:
    return event.kind != "port"


@FAMILY.check(
    "32.11",
    "fortifications are built by Germany, Japan, Russia, Britain or the U.S.",
    reads=(FortificationBuilt,),
    covers=("31-34/F-01",),
)
def check_fortification_builder(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    rules = variant(ctx)
    if not _builds_forts(event) or rules is None:
        return
    allowed = FORT_BUILDERS if rules == "awaw" else frozenset({"germany"})
    if event.kind == "island_group" and rules == "awaw":
        allowed = frozenset({"japan", "britain", "usa"})  # 32.61: Japan and the Western Allies
    if event.power not in allowed:
        if rules == "a3r_house":
            yield Missing(reason=f"{STANDARD_A3R} (only Germany's App. G builds are checked)")
            return
        who = "Japan, Britain or the U.S. (32.61)" if event.kind == "island_group" else "Germany, Japan, Russia, ..."
        yield c.finding(
            ctx,
            expected=who,
            recorded=event.power,
            message=f"{power_name(event.power)} may not build {event.kind.replace('_', ' ')}s "
            f"({'32.61' if event.kind == 'island_group' else '32.11'})",
        )


@FAMILY.check(
    "32.11",
    "fortifications and ports are built in the unit construction phase",
    reads=(FortificationBuilt,),
    id="fortification_phase",
    covers=("F-02",),
)
def check_fortification_phase(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.phase is not None and event.phase != FORT_BUILD_PHASE:
        yield c.finding(
            ctx,
            expected=FORT_BUILD_PHASE,
            recorded=event.phase,
            message=(
                f"{power_name(event.power)} built a {event.kind.replace('_', ' ')} in the "
                f"{event.phase.replace('_', ' ')} phase; construction happens in the unit construction phase"
            ),
        )


@FAMILY.check(
    "32.12",
    "a fortification, pair of beach defenses or island group costs 5 BRPs + 1 RP (Japan no RP); a port 10 BRPs",
    reads=(FortificationBuilt,),
    covers=("F-03",),
)
def check_fortification_cost(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    who = power_name(event.power)
    if event.kind == "port":
        port = BRP_COST_PER_COUNTER["port"]
        if event.brp_cost != port.brps:
            yield c.finding(
                ctx,
                expected=port.brps,
                recorded=event.brp_cost,
                message=f"{who} paid {event.brp_cost} BRPs for a port; {port.rule} gives {port.brps}",
            )
        return
    if variant(ctx) != "awaw":
        return  # App. G prices are check_house_fortification's
    kind = BUILD_KIND[event.kind]
    cost = fort_cost(event.power, kind)
    if (event.brp_cost, event.rp_cost) != (cost.brps, cost.rps):
        what = _WHAT.get(kind, "an island-group fortification")
        yield c.finding(
            ctx,
            expected=f"{cost.brps} BRPs + {cost.rps} RP",
            recorded=f"{event.brp_cost} BRPs + {event.rp_cost} RP",
            message=(
                f"{who} paid {event.brp_cost} BRPs + {event.rp_cost} RP for {what}; 32.12 gives "
                f"{cost.brps} BRPs + {cost.rps} RP (27.11D-E)"
            ),
        )


@FAMILY.check(
    "32.61",
    "the U.S. pays for a WA island group, Britain while Japan is at war with Britain only (save U.S.-held groups)",
    reads=(FortificationBuilt,),
    covers=("F-04",),
)
def check_island_group_payer(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind != "island_group" or event.power not in ("britain", "usa") or variant(ctx) != "awaw":
        return
    board = ctx.state.board
    held_by_usa = any(board.control.get(h) == "usa" for h in (*event.hexes, *event.islands))
    payer = island_group_payer(usa_at_war_with_japan=at_war(board, "usa", "japan"), group_occupied_by_usa=held_by_usa)
    if event.power != payer:
        yield c.finding(
            ctx,
            expected=payer,
            recorded=event.power,
            message=(
                f"this Western Allied island group is paid for by {power_name(payer)} (32.61: the U.S., or Britain "
                f"while Japan is at war with Britain alone, except groups the U.S. occupies); "
                f"{power_name(event.power)} paid"
            ),
        )


@FAMILY.check(
    "32.53",
    "a beach-defense build places two counters in two beach hexes, never on one-hex islands; other builds one",
    reads=(FortificationBuilt,),
    covers=("F-14",),
)
def check_fortification_counters(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if variant(ctx) != "awaw":
        return
    if event.kind == "beach_defense":
        if len(set(event.hexes)) != BRP_COST_PER_COUNTER["beach_defense"].counters:
            yield c.finding(
                ctx,
                expected="2 hexes",
                recorded=", ".join(event.hexes),
                message=(
                    f"one beach-defense build places two counters, at most one per hex (32.53, 32.54); "
                    f"recorded {', '.join(event.hexes)}"
                ),
            )
        for hex_ in event.hexes:
            facts = ctx.hex(hex_)
            if facts is not None and facts.island:
                yield c.finding(
                    ctx,
                    expected="a beach hex on a larger island or the mainland",
                    recorded=hex_,
                    message=f"{hex_} is a one-hex island; beach defenses are never built on one (32.52)",
                )
            elif facts is None or facts.beach is None:
                yield ctx.missing_hex(hex_, "beach")
            elif not facts.beach:
                yield c.finding(
                    ctx, expected="a beach hex", recorded=hex_, message=f"{hex_} is not a beach hex (32.52)"
                )
    elif len(event.hexes) != 1 and not event.upgrade and event.kind != "island_group" and _builds_forts(event):
        yield c.finding(
            ctx,
            expected="1 hex",
            recorded=", ".join(event.hexes),
            message=f"one {event.kind.replace('_', ' ')} build places one counter; recorded {', '.join(event.hexes)}",
        )


@FAMILY.check(
    "32.14D",
    "one fortification, pair of beach defenses or island group per alliance faction per turn",
    reads=(FortificationBuilt,),
    covers=("F-10",),
)
def check_fortification_per_turn(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) != "awaw":
        return
    faction = FACTION_OF_POWER[event.power]
    earlier = land.fort_builds(ctx.state.land, event, faction)
    if len(earlier) >= FORT_BUILDS_PER_FACTION_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {FORT_BUILDS_PER_FACTION_PER_TURN}",
            recorded=len(earlier) + 1,
            message=(
                f"the {power_name(faction)} already built a fortification-type counter this turn (event {earlier[0]}); "
                f"32.14D allows {FORT_BUILDS_PER_FACTION_PER_TURN} fortification, pair of beach defenses "
                "or island group"
            ),
        )


@FAMILY.check(
    "32.14A",
    "no build in a hex already fortified (West Wall hexes upgrade); one beach defense per hex; counters of different "
    "turns",
    reads=(FortificationBuilt,),
    covers=("F-07", "F-15"),
)
def check_fortification_hex(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) is None:
        return
    forts = ctx.state.board.fortifications
    now = f"{event.season.capitalize()} {event.year}"
    for hex_ in (*event.hexes, *event.islands):
        there = forts.get(hex_)
        west_wall = west_wall_hex(ctx, hex_)
        if event.upgrade and not west_wall:
            yield c.finding(
                ctx,
                expected="a West Wall hex",
                recorded=hex_,
                message=f"{hex_} is not a West Wall hex; only West Wall hexes are upgraded to fortresses (32.15)",
            )
        if there is None:
            continue
        beach = there.built if there.kind == "beach_defense" else there.beach_defense
        group = there.built if there.kind == "island_group" else there.island_group
        if event.kind == "beach_defense" and beach is not None:
            yield c.finding(
                ctx,
                expected="no beach defense there",
                recorded="beach defense",
                message=f"{hex_} already holds a beach defense (built {beach}); at most one per hex (32.54)",
            )
        elif event.kind != "beach_defense" and event.kind != "island_group" and there.kind in FORT_COUNTER_KINDS:
            if west_wall and there.kind == "west_wall":
                continue  # 32.15: fortifying a West Wall hex makes it a fortress
            yield c.finding(
                ctx,
                expected="an unfortified hex",
                recorded=there.kind,
                message=(
                    f"{hex_} already holds a {there.kind.replace('_', ' ')} ({there.built}); 32.14A forbids a second"
                ),
            )
        for other, when in (("beach defense", beach), ("island-group fortification", group)):
            if when is not None and when.startswith(now) and event.kind not in ("beach_defense", "island_group"):
                yield c.finding(
                    ctx,
                    expected="built in different turns",
                    recorded=when,
                    message=f"{hex_} received a {other} this turn ({when}); a fortification joins it only in a "
                    "later turn (32.56, 32.66)",
                )
        if there.kind in FORT_COUNTER_KINDS and there.built.startswith(now) and event.kind == "beach_defense":
            yield c.finding(
                ctx,
                expected="built in different turns",
                recorded=there.built,
                message=f"{hex_} was fortified this turn ({there.built}); beach defenses join it only in a later "
                "turn (32.56)",
            )


@FAMILY.check(
    "32.13C",
    "the hex is held by the builder's faction (beach defenses: its power) since the start of its player turn, and is "
    "fully supplied",
    reads=(FortificationBuilt,),
    covers=("F-06",),
)
def check_fortification_control(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) != "awaw" or event.kind == "island_group":
        return  # island groups: check_island_group_islands
    faction = FACTION_OF_POWER[event.power]
    facts = ctx.state.land
    changed = facts.changed_hands if land.same_player_turn(facts, event) else frozenset()
    for hex_ in event.hexes:
        controller = ctx.state.board.control.get(hex_)
        holder = controller_faction(controller)
        if controller is not None and holder is not None:  # else unknown, or a minor's id (no alliance known)
            if event.kind == "beach_defense" and controller != event.power:
                yield c.finding(
                    ctx,
                    expected=event.power,
                    recorded=controller,
                    message=f"beach defenses in {hex_} are built by the power controlling it (32.52), here "
                    f"{controller}",
                )
            elif holder != faction:
                yield c.finding(
                    ctx,
                    expected=faction,
                    recorded=controller,
                    message=f"{power_name(event.power)} fortified {hex_}, which {controller} controls (32.13C)",
                )
            elif hex_ in changed:
                yield c.finding(
                    ctx,
                    expected="controlled at the start of the player turn",
                    recorded="captured this player turn",
                    message=f"{hex_} changed hands this player turn; fortifications go only in hexes held at its "
                    "start (32.13C)",
                )
        supply = hex_supply(ctx, hex_)
        if supply is None:
            yield Missing(reason="no supply result is recorded for the fortified hex or its units (32.13B)")
        elif supply != "full":
            yield c.finding(
                ctx,
                expected="full",
                recorded=supply,
                message=f"{hex_} is not fully supplied ({supply}); fortifications and beach defenses go only in "
                "fully supplied hexes (32.13B, 32.52)",
            )


@FAMILY.check(
    "32.13A",
    "a fortification goes in a city, a hex open to seaborne invasion, or (Japan) a jungle or jungle/mountain hex",
    reads=(FortificationBuilt,),
    covers=("F-05",),
)
def check_fortification_terrain(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind not in FORT_COUNTER_KINDS or variant(ctx) != "awaw":
        return
    for hex_ in event.hexes:
        if west_wall_hex(ctx, hex_):
            continue  # 32.14A, 32.15: West Wall hexes may be fortified
        facts = ctx.hex(hex_)
        reasons = {
            "city": None if facts is None else facts.city,
            "invasion_hex": None if facts is None else (facts.beach or facts.island),
            "jungle": None
            if facts is None or facts.terrain is None
            else event.power == "japan" and facts.terrain in ("jungle", "jungle_mountain"),
        }
        if any(reasons.values()):
            continue
        if None in reasons.values():
            yield ctx.missing_hex(hex_, "city, beach and terrain")
            continue
        yield c.finding(
            ctx,
            expected="a city, a hex open to seaborne invasion, or (Japan) jungle",
            recorded=hex_,
            message=f"{hex_} is no city, no hex open to seaborne invasion and no Japanese jungle hex (32.13A)",
        )


@FAMILY.check(
    "32.14B",
    "no fortification in an enemy ZoC (armor with its mechanized part intact, next to the hex)",
    reads=(FortificationBuilt,),
    covers=("F-08",),
)
def check_fortification_zoc(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) != "awaw":
        return
    board = ctx.state.board
    faction = FACTION_OF_POWER[event.power]
    targets = set(event.hexes)
    around = {n: h for h in targets for n in ctx.grid.neighbours(h)}
    for unit in board.units.values():
        hex_ = around.get(unit.location)
        if hex_ is None or unit.unit_type != "armor" or unit.supply in ("partial", "isolated", "unsupplied"):
            continue  # only armor with its mechanized part intact has a ZoC (10.34, 10.32)
        owner = controller_faction(unit.owner)
        if owner is None or owner == faction or not at_war(board, unit.owner, event.power):
            continue
        side = ctx.map.hexside(unit.location, hex_) if ctx.map is not None else None
        if theater_of(hex_) == "pacific" or side is None:
            yield ctx.missing_hex(unit.location, "hexsides")  # all-water hexsides, Pacific terrain (10.341)
            continue
        if side.all_water or side.feature is not None or side.fortification is not None:
            continue
        yield c.finding(
            ctx,
            expected="no enemy ZoC",
            recorded=unit.id,
            message=f"{hex_} is in the ZoC of {unit.id} in {unit.location}; no fortification in an enemy ZoC "
            "(32.14B, 10.34)",
        )


@FAMILY.check(
    "32.14C",
    "no fortification where the builder's winter level, after winter preparation, is 5 or worse",
    reads=(FortificationBuilt,),
    covers=("F-09",),
)
def check_fortification_winter(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) != "awaw":
        return
    weather_state = ctx.state.weather
    faction = FACTION_OF_POWER[event.power]
    for hex_ in event.hexes:
        facts = ctx.hex(hex_)
        if facts is None or facts.weather_zone is None:
            yield ctx.missing_hex(hex_, "weather zone")
            continue
        zone = facts.weather_zone
        weather = weather_state.zones.get(zone)
        current = weather is not None and weather.turn == f"{event.season} {event.year}"
        if not current or weather is None or weather.weather != "winter":
            if event.season == "winter" or (zone == "siberia" and event.season == "fall"):
                yield Missing(reason=f"no weather_determined for the {zone} zone this turn")
            continue
        if weather.level is None:
            yield Missing(reason=f"the {zone} zone's winter level is not recorded")
            continue
        level = effective_winter_level(
            weather.level, winter_preparation(ctx.position, faction), fixed=zone in FIXED_WINTER_LEVELS
        )
        if level >= FORT_RAILHEAD_BAN_LEVEL:
            yield c.finding(
                ctx,
                expected=f"a winter level below {FORT_RAILHEAD_BAN_LEVEL}",
                recorded=level,
                message=f"{hex_} is under winter level {level} for the {power_name(faction)} ({zone} zone "
                f"{weather.level}, less preparation); no fortification at 5 or worse (32.14C)",
            )


@FAMILY.check(
    "32.14E",
    "EA forts by Germany, not in Italy before its surrender; WA forts in British or U.S. hexes, by Britain or a U.S. "
    "at war there; WA Pacific forts after Japan's war on Britain or USJT 40",
    reads=(FortificationBuilt,),
    covers=("F-11", "F-12", "F-13"),
)
def check_fortification_nationality(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or event.kind == "island_group" or variant(ctx) != "awaw":
        return
    board = ctx.state.board
    hex_ = event.hexes[0]
    theater = theater_of(hex_)
    enemies = ("japan",) if theater == "pacific" else ("germany", "italy")
    war_on_britain = board.wars.get(war_key("japan", "britain"))
    cost = fort_cost(event.power)
    italy_surrendered = board.statuses.get("italy") == "surrendered"
    build = FortBuild(
        power=event.power,
        faction=FACTION_OF_POWER[event.power],
        kind=BUILD_KIND[event.kind],
        phase=FORT_BUILD_PHASE,
        brps_paid=cost.brps,
        rps_paid=cost.rps,
        hex_controller=cast(Power | None, board.control.get(hex_)),
        italy_surrendered=italy_surrendered,
        theater=theater,
        usa_at_war_in_theater=any(at_war(board, "usa", e) for e in enemies),
        japan_war_on_britain_before_this_turn=(
            war_on_britain is not None and war_on_britain != f"{event.season} {event.year}"
        ),
        usjt=board.tensions.get("usjt", 0),
        hex_country=_country(ctx, event) if event.power == "germany" and not italy_surrendered else None,
    )
    for breach in fort_build_findings(build):
        if breach.rule in NATIONALITY_RULES:
            yield c.finding(
                ctx, expected=breach.rule, recorded=event.power, message=f"{breach.message} ({breach.rule})"
            )
    if build.hex_country is None and event.power == "germany" and not italy_surrendered:
        facts = ctx.hex(hex_)
        if facts is None or facts.country is None:
            yield ctx.missing_hex(hex_, "country")


def _country(ctx: AuditContext[FortificationBuilt], event: FortificationBuilt) -> str | None:
    """The country (or Sicily, Sardinia) of the hex, from the map data, for 32.14E."""
    facts = ctx.hex(event.hexes[0])
    if facts is None:
        return None
    for name in (facts.area, facts.country):
        if name is not None and name.lower() in ITALIAN_TERRITORY:
            return name.lower()
    return facts.country


def _german_fort_research(ctx: AuditContext[Any]) -> int | None:
    """Germany's latest recorded fortification research result (App. G)."""
    latest: tuple[int, int] | None = None
    for research in ctx.state.politics.research.values():
        result = fort_research_result(research.power, research.project, research.result)
        if result is not None and (latest is None or research.seq > latest[0]):
            latest = (research.seq, result)
    return latest[1] if latest is not None else None


@FAMILY.check(
    "A3R App. G 32.21",
    "house German forts: 5 BRPs, one a turn, research 7+; West Wall upgrades 5 BRPs a hex, 1-5 a turn, 9+",
    reads=(FortificationBuilt,),
    covers=("C-FRT-4", "C-BRP-12"),
)
def check_house_fortification(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if not _builds_forts(event) or variant(ctx) != "a3r_house" or event.power != "germany":
        return
    research = _german_fort_research(ctx)
    if research is None:
        yield Missing(reason="no German fortification research result is recorded")
        return
    forts, upgrades = house_build_counts(upgrade=event.upgrade, hexes=len(event.hexes))
    for breach in house_german_fort_findings(research, forts, upgrades, event.brp_cost):
        yield c.finding(ctx, expected=breach.rule, recorded=event.brp_cost, message=breach.message)
    done = land.german_house_builds(ctx.state.land, event)
    if forts and done[0] + forts > HOUSE_FORTS_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {HOUSE_FORTS_PER_TURN}",
            recorded=done[0] + forts,
            message=f"Germany builds fortification number {done[0] + forts} this turn; App. G allows one",
        )
    if upgrades and done[1] + upgrades > MAX_WEST_WALL_UPGRADES_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {MAX_WEST_WALL_UPGRADES_PER_TURN}",
            recorded=done[1] + upgrades,
            message=f"{done[1] + upgrades} West Wall hexes upgraded this turn; App. G allows 1 to 5",
        )


@FAMILY.check(
    "32.65",
    "an island-group fortification benefits only islands the faction controlled and fully supplied at the start of "
    "its player turn",
    reads=(FortificationBuilt,),
    covers=("F-24",),
)
def check_island_group_islands(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind != "island_group" or variant(ctx) != "awaw":
        return
    if not event.islands:
        yield Missing(reason="fortification_built does not list the islands of the group that benefit (islands)")
        return
    faction = FACTION_OF_POWER[event.power]
    facts = ctx.state.land
    changed = facts.changed_hands if land.same_player_turn(facts, event) else frozenset()
    for hex_ in event.islands:
        controller = ctx.state.board.control.get(hex_)
        if controller is None:
            yield Missing(reason="the control of an island of the group is not recorded")
        elif controller_faction(controller) != faction or hex_ in changed:
            yield c.finding(
                ctx,
                expected=f"held by the {power_name(faction)} since the start of the player turn",
                recorded=controller,
                message=f"{hex_} benefits from the island-group fortification, but the {power_name(faction)} did "
                "not control it at the start of the player turn (32.65)",
            )
            continue
        supply = hex_supply(ctx, hex_)
        if supply is None:
            yield Missing(reason="no supply result is recorded for an island of the group (32.65)")
        elif supply != "full":
            yield c.finding(
                ctx,
                expected="full",
                recorded=supply,
                message=f"{hex_} benefits from the island-group fortification, but it was not fully supplied "
                f"({supply}; 32.65)",
            )


def _starting_entry(ctx: AuditContext[Any], hex_: str) -> tuple[str, tuple[str, ...], str] | Missing | None:
    """The 32.4 entry for a hex: (location, kinds that record it, owner), ``None`` if the hex has none, or why it
    cannot be told (Gibraltar, Malta and Singapore have no hex in the rules: the map data's names tell)."""
    for fort in starting_fortifications():
        if hex_ in fort.hexes:
            return fort.location, START_KIND_RECORDS[fort.kind], fort.owner
    facts = ctx.hex(hex_)
    if facts is None or facts.name is None:
        return ctx.missing_hex(hex_, "name")
    for fort in starting_fortifications():
        if not fort.hexes and facts.name.lower() == fort.location:
            return fort.location, START_KIND_RECORDS[fort.kind], fort.owner
    return None


@FAMILY.check(
    "32.4",
    "the starting fortifications are those of 32.4 (Classic AWAW), with their kind and owner",
    reads=(FortificationPlaced, PlayerTurnStarted),
    covers=("F-25",),
)
def check_starting_fortifications(c: Check, ctx: AuditContext[FortificationPlaced | PlayerTurnStarted]) -> Result:
    event = ctx.event
    meta = ctx.state.meta
    if meta.rules != "awaw":
        return
    if meta.variant != "classic":
        yield Missing(reason="the starting fortifications of full AWAW follow research results (32.43-32.44)")
        return
    if isinstance(event, PlayerTurnStarted):
        if ctx.state.land.player_turn[1] is not None or (meta.start_year, meta.start_season) != (1939, "fall"):
            return  # only before the first player turn of a game that starts in Fall 1939
        forts = ctx.state.board.fortifications
        if not any(f.built == "setup" for f in forts.values()):
            return  # a log that records no set-up fortification at all (a slice of a game) is not judged
        for fort in starting_fortifications():
            absent = [h for h in fort.hexes if h not in forts]
            if absent:
                yield c.finding(
                    ctx,
                    expected=f"{fort.location} ({fort.rule})",
                    recorded="absent",
                    message=f"the game starts without the {fort.location.replace('_', ' ')} fortification in "
                    f"{', '.join(absent)} (32.41: fortified at the start, regardless of when war breaks out)",
                )
        return
    entry = _starting_entry(ctx, event.hex)
    if isinstance(entry, Missing):
        yield entry
    elif entry is None:
        yield c.finding(
            ctx,
            expected="a 32.4 hex",
            recorded=event.hex,
            message=f"{event.hex} is not fortified at the start of Classic AWAW (32.41-32.44)",
        )
    elif event.kind not in entry[1] or event.owner != entry[2]:
        yield c.finding(
            ctx,
            expected=f"{' or '.join(entry[1])} of {entry[2]}",
            recorded=f"{event.kind} of {event.owner}",
            message=f"{event.hex} ({entry[0].replace('_', ' ')}) starts as a {entry[1][0].replace('_', ' ')} of "
            f"{power_name(entry[2])} (32.42-32.44); recorded a {event.kind.replace('_', ' ')} of "
            f"{power_name(event.owner)}",
        )
