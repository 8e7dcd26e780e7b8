"""Fortification, beach-defense and island-group builds (32.1, 32.5, 32.6, 27.11D-F; App. G) and the starting
fortifications (32.4) asked of a position: checks F-01 to F-15, F-24, F-25 and C-FRT-4.

Each query takes the build as a ``fortification_built`` event, the claim (``fortification_placed`` for the starting
fortifications), as a command would draft it. A build the set-up records (the beach defense or island group a
set-up places) was made in the game the position came from: no build rule judges it; and the starting
fortifications of 32.4 judge only a game set up before play, not a position play had reached.
"""

from __future__ import annotations

from typing import Final, cast

from awaw_events.events import FortificationBuilt, FortificationPlaced, PlayerTurnStarted
from awaw_events.vocab import FACTION_OF_POWER, Power, power_name
from projections import land
from projections.board import war_between
from projections.position.common import before_the_game, winter_preparation
from projections.position.core import Position, Unknown, breach
from projections.position.fortifications import STANDARD_A3R, Verdict, hex_supply, variant, west_wall_hex
from projections.position.supply import supply_of
from projections.position.wars import Wars, doubt, either_way, war_begun, wars_of
from projections.rules import fortifications as rules
from projections.rules.breach import Breach
from projections.rules.construction import BRP_COST_PER_COUNTER
from projections.rules.control import controller_faction, theater_of
from projections.rules.weather import FIXED_WINTER_LEVELS, FORT_RAILHEAD_BAN_LEVEL, effective_winter_level

WHAT: Final = {"fortification": "a fortification", "beach_defenses": "a pair of beach defenses"}
"""How a message names what a build places."""


def _forts(pos: Position, event: FortificationBuilt, wanted: str | None = "awaw") -> bool:
    """A build of a fortification-type counter (not a port) in the game (not history) under the rule set ``wanted``
    (``None``: any rule set the extracts give)."""
    if event.kind == "port" or before_the_game(pos, event):
        return False
    found = variant(pos)
    return found is not None if wanted is None else found == wanted


def _kind(event: FortificationBuilt | FortificationPlaced) -> str:
    return event.kind.replace("_", " ")


def fortification_builder(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.11: fortifications are built by Germany, Japan, Russia, Britain or the U.S."""
    if not _forts(pos, event, None):
        return
    awaw = variant(pos) == "awaw"
    allowed = rules.FORT_BUILDERS if awaw else frozenset({"germany"})
    if event.kind == "island_group" and awaw:
        allowed = frozenset({"japan", "britain", "usa"})  # 32.61: Japan and the Western Allies
    if event.power in allowed:
        return
    if not awaw:
        yield Unknown(reason=f"{STANDARD_A3R} (only Germany's App. G builds are checked)")
        return
    group = event.kind == "island_group"
    yield breach(
        "32.61" if group else "32.11",
        f"{power_name(event.power)} may not build {_kind(event)}s ({'32.61' if group else '32.11'})",
        "Japan, Britain or the U.S. (32.61)" if group else "Germany, Japan, Russia, ...",
        event.power,
    )


def fortification_phase(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.11: fortifications and ports are built in the unit construction phase."""
    if event.phase is None or event.phase == rules.FORT_BUILD_PHASE or before_the_game(pos, event):
        return ()
    message = (
        f"{power_name(event.power)} built a {_kind(event)} in the {event.phase.replace('_', ' ')} phase; "
        "construction happens in the unit construction phase"
    )
    return (breach("32.11", message, rules.FORT_BUILD_PHASE, event.phase),)


def fortification_cost(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.12: a fortification, pair of beach defenses or island group costs 5 BRPs + 1 RP (Japan no RP); a port 10
    BRPs."""
    who = power_name(event.power)
    if before_the_game(pos, event):
        return  # paid in the game the position came from
    if event.kind == "port":
        port = BRP_COST_PER_COUNTER["port"]
        if event.brp_cost != port.brps:
            message = f"{who} paid {event.brp_cost} BRPs for a port; {port.rule} gives {port.brps}"
            yield breach(port.rule, message, port.brps, event.brp_cost)
        return
    if variant(pos) != "awaw":
        return  # App. G prices are house_fortification's
    kind = rules.BUILD_KIND[event.kind]
    cost = rules.fort_cost(event.power, kind)
    given, paid = f"{cost.brps} BRPs + {cost.rps} RP", f"{event.brp_cost} BRPs + {event.rp_cost} RP"
    if given != paid:
        what = WHAT.get(kind, "an island-group fortification")
        yield breach("32.12", f"{who} paid {paid} for {what}; 32.12 gives {given} (27.11D-E)", given, paid)


def island_group_payer(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.61: the U.S. pays for a WA island group, Britain while Japan is at war with Britain only (save U.S.-held
    groups)."""
    if event.kind != "island_group" or event.power not in ("britain", "usa") or not _forts(pos, event):
        return ()
    board = pos.board
    held_by_usa = any(board.control.get(h) == "usa" for h in (*event.hexes, *event.islands))

    def judge(wars: Wars) -> list[Breach]:
        payer = rules.island_group_payer(
            usa_at_war_with_japan=wars[("usa", "japan")], group_occupied_by_usa=held_by_usa
        )
        if event.power == payer:
            return []
        message = (
            f"this Western Allied island group is paid for by {power_name(payer)} (32.61: the U.S., or Britain while "
            f"Japan is at war with Britain alone, except groups the U.S. occupies); {power_name(event.power)} paid"
        )
        return [breach("32.61", message, payer, event.power)]

    return either_way(wars_of(board, ("usa", "japan")), "32.61", judge)


def fortification_counters(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.53: a beach-defense build places two counters in two beach hexes, never on one-hex islands; other builds
    one."""
    if not _forts(pos, event):
        return
    hexes = ", ".join(event.hexes)
    if event.kind != "beach_defense":
        if len(event.hexes) != 1 and not event.upgrade and event.kind != "island_group":
            yield breach("32.53", f"one {_kind(event)} build places one counter; recorded {hexes}", "1 hex", hexes)
        return
    if len(set(event.hexes)) != BRP_COST_PER_COUNTER["beach_defense"].counters:
        message = f"one beach-defense build places two counters, at most one per hex (32.53, 32.54); recorded {hexes}"
        yield breach("32.53", message, "2 hexes", hexes)
    for hex_ in event.hexes:
        facts = pos.hex(hex_)
        if facts is not None and facts.island:
            message = f"{hex_} is a one-hex island; beach defenses are never built on one (32.52)"
            yield breach("32.52", message, "a beach hex on a larger island or the mainland", hex_)
        elif facts is None or facts.beach is None:
            yield pos.missing_hex(hex_, "beach")
        elif not facts.beach:
            yield breach("32.52", f"{hex_} is not a beach hex (32.52)", "a beach hex", hex_)


def fortification_per_turn(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.14D: one fortification, pair of beach defenses or island group per alliance faction per turn."""
    if not _forts(pos, event):
        return ()
    faction = FACTION_OF_POWER[event.power]
    earlier = land.fort_builds(pos.state.land, event, faction)
    if len(earlier) < rules.FORT_BUILDS_PER_FACTION_PER_TURN:
        return ()
    most = rules.FORT_BUILDS_PER_FACTION_PER_TURN
    message = (
        f"the {power_name(faction)} already built a fortification-type counter this turn (event {earlier[0]}); "
        f"32.14D allows {most} fortification, pair of beach defenses or island group"
    )
    return (breach("32.14D", message, f"at most {most}", len(earlier) + 1),)


def fortification_hex(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.14A: no build in a hex already fortified (West Wall hexes upgrade); one beach defense per hex; counters of
    different turns."""
    if not _forts(pos, event, None):
        return
    forts = pos.board.fortifications
    now = f"{event.season.capitalize()} {event.year}"
    for hex_ in (*event.hexes, *event.islands):
        there = forts.get(hex_)
        west_wall = west_wall_hex(pos, hex_)
        if event.upgrade and not west_wall:
            message = f"{hex_} is not a West Wall hex; only West Wall hexes are upgraded to fortresses (32.15)"
            yield breach("32.15", message, "a West Wall hex", hex_)
        if there is None:
            continue
        beach = there.built if there.kind == "beach_defense" else there.beach_defense
        group = there.built if there.kind == "island_group" else there.island_group
        if event.kind == "beach_defense" and beach is not None:
            message = f"{hex_} already holds a beach defense (built {beach}); at most one per hex (32.54)"
            yield breach("32.54", message, "no beach defense there", "beach defense")
        elif event.kind not in ("beach_defense", "island_group") and there.kind in rules.FORT_COUNTER_KINDS:
            if west_wall and there.kind == "west_wall":
                continue  # 32.15: fortifying a West Wall hex makes it a fortress
            message = f"{hex_} already holds a {there.kind.replace('_', ' ')} ({there.built}); 32.14A forbids a second"
            yield breach("32.14A", message, "an unfortified hex", there.kind)
        for other, when in (("beach defense", beach), ("island-group fortification", group)):
            if when is not None and when.startswith(now) and event.kind not in ("beach_defense", "island_group"):
                message = (
                    f"{hex_} received a {other} this turn ({when}); a fortification joins it only in a later turn "
                    "(32.56, 32.66)"
                )
                yield breach("32.56", message, "built in different turns", when)
        if there.kind in rules.FORT_COUNTER_KINDS and there.built.startswith(now) and event.kind == "beach_defense":
            message = (
                f"{hex_} was fortified this turn ({there.built}); beach defenses join it only in a later turn (32.56)"
            )
            yield breach("32.56", message, "built in different turns", there.built)


def _changed_hands(pos: Position, event: FortificationBuilt) -> set[str] | frozenset[str]:
    facts = pos.state.land
    return facts.changed_hands if land.same_player_turn(facts, event) else frozenset()


def fortification_control(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.13C: the hex is held by the builder's faction (beach defenses: its power) since the start of its player
    turn; 32.13B: it is fully supplied (the status recorded for the hex or its units, else traced on the map)."""
    if event.kind == "island_group" or not _forts(pos, event):
        return  # island groups: island_group_islands
    faction = FACTION_OF_POWER[event.power]
    changed = _changed_hands(pos, event)
    for hex_ in event.hexes:
        controller = pos.board.control.get(hex_)
        holder = controller_faction(controller)
        if controller is not None and holder is not None:  # else unknown, or a minor's id (no alliance known)
            if event.kind == "beach_defense" and controller != event.power:
                message = f"beach defenses in {hex_} are built by the power controlling it (32.52), here {controller}"
                yield breach("32.52", message, event.power, controller)
            elif holder != faction:
                message = f"{power_name(event.power)} fortified {hex_}, which {controller} controls (32.13C)"
                yield breach("32.13C", message, faction, controller)
            elif hex_ in changed:
                yield breach(
                    "32.13C",
                    f"{hex_} changed hands this player turn; fortifications go only in hexes held at its start "
                    "(32.13C)",
                    "controlled at the start of the player turn",
                    "captured this player turn",
                )
        judged = supply_of(pos, hex_, faction)  # recorded, else traced on the map
        supply = judged.answer
        if supply is None:
            yield from judged.unknown
        elif supply != "full":
            message = (
                f"{hex_} is not fully supplied ({supply}); fortifications and beach defenses go only in fully "
                "supplied hexes (32.13B, 32.52)"
            )
            yield breach("32.13B", message, "full", supply)


def fortification_terrain(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.13A: a fortification goes in a city, a hex open to seaborne invasion, or (Japan) a jungle or
    jungle/mountain hex."""
    if event.kind not in rules.FORT_COUNTER_KINDS or not _forts(pos, event):
        return
    for hex_ in event.hexes:
        if west_wall_hex(pos, hex_):
            continue  # 32.14A, 32.15: West Wall hexes may be fortified
        facts = pos.hex(hex_)
        reasons = (
            (None, None, None)
            if facts is None
            else (
                facts.city,
                facts.beach or facts.island,
                None
                if facts.terrain is None
                else event.power == "japan" and facts.terrain in ("jungle", "jungle_mountain"),
            )
        )
        if any(reasons):
            continue
        if None in reasons:
            yield pos.missing_hex(hex_, "city, beach and terrain")
            continue
        message = f"{hex_} is no city, no hex open to seaborne invasion and no Japanese jungle hex (32.13A)"
        yield breach("32.13A", message, "a city, a hex open to seaborne invasion, or (Japan) jungle", hex_)


def fortification_zoc(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.14B: no fortification in an enemy ZoC (armor with its mechanized part intact, next to the hex)."""
    if not _forts(pos, event):
        return
    board = pos.board
    faction = FACTION_OF_POWER[event.power]
    around = {n: h for h in set(event.hexes) for n in pos.grid.neighbours(h)}
    for unit in board.units.values():
        hex_ = around.get(unit.location)
        if hex_ is None or unit.unit_type != "armor" or unit.supply in ("partial", "isolated", "unsupplied"):
            continue  # only armor with its mechanized part intact has a ZoC (10.34, 10.32)
        owner = controller_faction(unit.owner)
        war = war_between(board, unit.owner, event.power) if owner is not None and owner != faction else False
        if war is False:
            continue
        side = pos.hexside(unit.location, hex_)
        if theater_of(hex_) == "pacific" or side is None:
            yield pos.missing_hex(unit.location, "hexsides")  # all-water hexsides, Pacific terrain (10.341)
            continue
        if side.all_water or side.feature is not None or side.fortification is not None:
            continue
        if war is None:  # a war of factions or sides may or may not include the armor's owner and the builder
            yield doubt("32.14B", f"whether {unit.id} in {unit.location}, next to {hex_}, is an enemy's")
            continue
        message = (
            f"{hex_} is in the ZoC of {unit.id} in {unit.location}; no fortification in an enemy ZoC (32.14B, 10.34)"
        )
        yield breach("32.14B", message, "no enemy ZoC", unit.id)


def fortification_winter(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.14C: no fortification where the builder's winter level, after winter preparation, is 5 or worse."""
    if not _forts(pos, event):
        return
    faction = FACTION_OF_POWER[event.power]
    for hex_ in event.hexes:
        facts = pos.hex(hex_)
        if facts is None or facts.weather_zone is None:
            yield pos.missing_hex(hex_, "weather zone")
            continue
        zone = facts.weather_zone
        weather = pos.state.weather.zones.get(zone)
        if weather is None or weather.turn != f"{event.season} {event.year}" or weather.weather != "winter":
            if event.season == "winter" or (zone == "siberia" and event.season == "fall"):
                yield Unknown(reason=f"no weather_determined for the {zone} zone this turn")
            continue
        if weather.level is None:
            yield Unknown(reason=f"the {zone} zone's winter level is not recorded")
            continue
        prepared = winter_preparation(pos, faction)
        level = effective_winter_level(weather.level, prepared, fixed=zone in FIXED_WINTER_LEVELS)
        if level >= FORT_RAILHEAD_BAN_LEVEL:
            message = (
                f"{hex_} is under winter level {level} for the {power_name(faction)} ({zone} zone {weather.level}, "
                "less preparation); no fortification at 5 or worse (32.14C)"
            )
            yield breach("32.14C", message, f"a winter level below {FORT_RAILHEAD_BAN_LEVEL}", level)


def fortification_nationality(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.14E: EA forts by Germany, not in Italy before its surrender; WA forts in British or U.S. hexes, by Britain
    or a U.S. at war there; WA Pacific forts after Japan's war on Britain or USJT 40."""
    if event.kind == "island_group" or not _forts(pos, event):
        return
    board = pos.board
    hex_ = event.hexes[0]
    theater = theater_of(hex_)
    enemies = ("japan",) if theater == "pacific" else ("germany", "italy")
    war_on_britain = war_begun(board, "japan", "britain")
    cost = rules.fort_cost(event.power)
    italy_surrendered = board.statuses.get("italy") == "surrendered"
    german = event.power == "germany" and not italy_surrendered
    country = _country(pos, hex_) if german else None

    def judge(wars: Wars) -> list[Breach]:
        build = rules.FortBuild(
            power=event.power,
            faction=FACTION_OF_POWER[event.power],
            kind=rules.BUILD_KIND[event.kind],
            phase=rules.FORT_BUILD_PHASE,
            brps_paid=cost.brps,
            rps_paid=cost.rps,
            hex_controller=cast(Power | None, board.control.get(hex_)),
            italy_surrendered=italy_surrendered,
            theater=theater,
            usa_at_war_in_theater=any(wars[("usa", e)] for e in enemies),
            japan_war_on_britain_before_this_turn=(
                wars[("japan", "britain")]
                and war_on_britain is not None
                and war_on_britain != f"{event.season} {event.year}"
            ),
            usjt=board.tensions.get("usjt", 0),
            hex_country=country,
        )
        return [
            breach(b.rule, f"{b.message} ({b.rule})", b.rule, event.power)
            for b in rules.fort_build_findings(build)
            if b.rule in rules.NATIONALITY_RULES
        ]

    wars = wars_of(board, *(("usa", e) for e in enemies), ("japan", "britain"))
    yield from either_way(wars, "32.14E", judge)
    if country is None and german:
        facts = pos.hex(hex_)
        if facts is None or facts.country is None:
            yield pos.missing_hex(hex_, "country")


def _country(pos: Position, hex_: str) -> str | None:
    """The country (or Sicily, Sardinia) of the hex, from the map data, for 32.14E."""
    facts = pos.hex(hex_)
    if facts is None:
        return None
    for name in (facts.area, facts.country):
        if name is not None and name.lower() in rules.ITALIAN_TERRITORY:
            return name.lower()
    return facts.country


def _german_fort_research(pos: Position) -> int | None:
    """Germany's latest recorded fortification research result (App. G)."""
    latest: tuple[int, int] | None = None
    for research in pos.state.politics.research.values():
        result = rules.fort_research_result(research.power, research.project, research.result)
        if result is not None and (latest is None or research.seq > latest[0]):
            latest = (research.seq, result)
    return latest[1] if latest is not None else None


def house_fortification(pos: Position, event: FortificationBuilt) -> Verdict:
    """A3R App. G 32.21: house German forts: 5 BRPs, one a turn, research 7+; West Wall upgrades 5 BRPs a hex, 1-5
    a turn, 9+."""
    if event.power != "germany" or not _forts(pos, event, "a3r_house"):
        return
    research = _german_fort_research(pos)
    if research is None:
        yield Unknown(reason="no German fortification research result is recorded")
        return
    forts, upgrades = rules.house_build_counts(upgrade=event.upgrade, hexes=len(event.hexes))
    for b in rules.house_german_fort_findings(research, forts, upgrades, event.brp_cost):
        yield breach(b.rule, b.message, b.rule, event.brp_cost)
    done = land.german_house_builds(pos.state.land, event)
    if forts and done[0] + forts > rules.HOUSE_FORTS_PER_TURN:
        message = f"Germany builds fortification number {done[0] + forts} this turn; App. G allows one"
        yield breach("A3R App. G 32.21", message, f"at most {rules.HOUSE_FORTS_PER_TURN}", done[0] + forts)
    if upgrades and done[1] + upgrades > rules.MAX_WEST_WALL_UPGRADES_PER_TURN:
        yield breach(
            "A3R App. G 32.21",
            f"{done[1] + upgrades} West Wall hexes upgraded this turn; App. G allows 1 to 5",
            f"at most {rules.MAX_WEST_WALL_UPGRADES_PER_TURN}",
            done[1] + upgrades,
        )


def island_group_islands(pos: Position, event: FortificationBuilt) -> Verdict:
    """32.65: an island-group fortification benefits only islands the faction controlled and fully supplied at the
    start of its player turn."""
    if event.kind != "island_group" or not _forts(pos, event):
        return
    if not event.islands:
        yield Unknown(reason="fortification_built does not list the islands of the group that benefit (islands)")
        return
    faction = FACTION_OF_POWER[event.power]
    changed = _changed_hands(pos, event)
    for hex_ in event.islands:
        controller = pos.board.control.get(hex_)
        if controller is None:
            yield Unknown(reason="the control of an island of the group is not recorded")
            continue
        if controller_faction(controller) != faction or hex_ in changed:
            yield breach(
                "32.65",
                f"{hex_} benefits from the island-group fortification, but the {power_name(faction)} did not control "
                "it at the start of the player turn (32.65)",
                f"held by the {power_name(faction)} since the start of the player turn",
                controller,
            )
            continue
        supply = hex_supply(pos, hex_)
        if supply is None:
            yield Unknown(reason="no supply result is recorded for an island of the group (32.65)")
        elif supply != "full":
            message = (
                f"{hex_} benefits from the island-group fortification, but it was not fully supplied ({supply}; 32.65)"
            )
            yield breach("32.65", message, "full", supply)


# ---------------------------------------------------------------------------------------------------------------------
# The starting fortifications (32.4; F-25)


def _starting_entry(pos: Position, hex_: str) -> tuple[str, tuple[str, ...], str] | Unknown | None:
    """The 32.4 entry for a hex: (location, kinds that record it, owner), ``None`` if the hex has none, or why it
    cannot be told (Gibraltar, Malta and Singapore have no hex in the rules: the map data's names tell)."""
    for fort in rules.starting_fortifications():
        if hex_ in fort.hexes:
            return fort.location, rules.START_KIND_RECORDS[fort.kind], fort.owner
    facts = pos.hex(hex_)
    if facts is None or facts.name is None:
        return pos.missing_hex(hex_, "name")
    for fort in rules.starting_fortifications():
        if not fort.hexes and facts.name.lower() == fort.location:
            return fort.location, rules.START_KIND_RECORDS[fort.kind], fort.owner
    return None


def starting_fortifications(pos: Position, event: FortificationPlaced | PlayerTurnStarted) -> Verdict:
    """32.4: the starting fortifications are those of 32.4 (Classic AWAW), with their kind and owner."""
    meta = pos.meta
    if meta.rules != "awaw" or meta.resumes is not None:
        return  # a position taken during play holds the fortifications play left (32.41 is the start of the game)
    if meta.variant != "classic":
        yield Unknown(reason="the starting fortifications of full AWAW follow research results (32.43-32.44)")
        return
    if isinstance(event, PlayerTurnStarted):
        if pos.state.land.player_turn[1] is not None or (meta.start_year, meta.start_season) != (1939, "fall"):
            return  # only before the first player turn of a game that starts in Fall 1939
        forts = pos.board.fortifications
        if not any(f.built == "setup" for f in forts.values()):
            return  # a log that records no set-up fortification at all (a slice of a game) is not judged
        for fort in rules.starting_fortifications():
            absent = [h for h in fort.hexes if h not in forts]
            if absent:
                message = (
                    f"the game starts without the {fort.location.replace('_', ' ')} fortification in "
                    f"{', '.join(absent)} (32.41: fortified at the start, regardless of when war breaks out)"
                )
                yield breach(fort.rule, message, f"{fort.location} ({fort.rule})", "absent")
        return
    entry = _starting_entry(pos, event.hex)
    if isinstance(entry, Unknown):
        yield entry
    elif entry is None:
        message = f"{event.hex} is not fortified at the start of Classic AWAW (32.41-32.44)"
        yield breach("32.41", message, "a 32.4 hex", event.hex)
    elif event.kind not in entry[1] or event.owner != entry[2]:
        place, kinds, owner = entry
        message = (
            f"{event.hex} ({place.replace('_', ' ')}) starts as a {kinds[0].replace('_', ' ')} of {power_name(owner)} "
            f"(32.42-32.44); recorded a {_kind(event)} of {power_name(event.owner)}"
        )
        yield breach("32.4", message, f"{' or '.join(kinds)} of {owner}", f"{event.kind} of {event.owner}")
