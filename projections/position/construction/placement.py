"""What may be rebuilt and where new units are placed (27.22-27.23, 27.42-27.477, 27.91-27.94): checks P-02..P-11,
A-04 and I-03..I-05 of the 27-30 extract.

Countries, colonies and ports are map data (``country``, ``area``, ``port`` of :class:`HexFacts`): a hex the game's
map data does not place is not decided (``no map data for EUR:K37 (country)``), never guessed. Supply is the hex's
status recorded or traced on the map (:mod:`projections.position.supply`); control is the board's, with the
hexes that changed hands this player turn from the land projection (27.45: controlled at the start of the player
turn).

Enemy ZoCs (27.44) are :func:`projections.position.zoc.zoc_on`'s. Not here: stacking after placement (27.46, P-08),
judged at the end of every phase by the stacking rules (12.11).
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import FortificationBuilt, UnitBuilt, UnitRedeployed
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, Power, power_name, sentence, type_words
from projections import land, redeployment
from projections.board import at_war
from projections.position.common import before_the_game
from projections.position.construction import Verdict
from projections.position.core import Position, Unknown, breach
from projections.position.supply import supply_of
from projections.position.supply.trace import trace_supply
from projections.position.wars import Wars, by_rule_and_message, either_way, wars_of
from projections.position.zoc import zoc_on
from projections.rules import construction as rules
from projections.rules.breach import Breach
from projections.rules.control import controller_faction


def _is_hex(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


def _places(pos: Position, location: str) -> tuple[str | None, str | None]:
    """The map data's country and area of a hex (None, None for a box or an unknown hex)."""
    facts = pos.hex(location) if _is_hex(location) else None
    return (facts.country, facts.area) if facts is not None else (None, None)


def _rebuilt(pos: Position, event: UnitBuilt) -> bool:
    return event.rebuild or event.unit in pos.board.eliminated


# ---------------------------------------------------------------------------------------------------------------------
# What may be rebuilt (27.22, 27.23)


def never_rebuilt(pos: Position, event: UnitBuilt) -> Verdict:
    """27.22: Dutch units in the Pacific and minor-country naval units (Australian cruisers and destroyers aside)
    are never rebuilt."""
    if not _rebuilt(pos, event):
        return ()
    if rules.country_of(event.nationality) in rules.REBUILD_RATE_COUNTRIES:
        return (Unknown(reason="the rebuild rates of Vlasov, Wang and INA units (27.22B) are not in the texts"),)
    gone = pos.board.eliminated.get(event.unit)
    why = rules.never_rebuilt(
        event.nationality, event.unit_type, gone.unit.location if gone is not None else event.location
    )
    return () if why is None else (breach("27.22", f"{event.unit} is rebuilt: {why}", "not rebuilt", event.unit),)


def elite_rebuilt(pos: Position, event: UnitBuilt) -> Verdict:
    """27.23: elite Japanese naval air units are rebuilt as normal naval air."""
    if not event.elite or (event.owner, event.unit_type) not in rules.ELITE_REBUILT_AS_NORMAL:
        return ()
    if not _rebuilt(pos, event):
        return ()
    message = (
        f"{event.unit} is rebuilt as an elite naval air unit; elite Japanese NAS are rebuilt as normal NAS (27.23, "
        "17.352)"
    )
    return (breach("27.23", message, "a normal NAS", "elite"),)


# ---------------------------------------------------------------------------------------------------------------------
# Where units are built (27.42, 27.47)


def _place_outcome(pos: Position, event: UnitBuilt) -> tuple[str, Any] | None:
    """(what the rule allows, verdict) for the build's location, or None when 27.42 does not speak to it."""
    location, country = event.location, rules.country_of(event.nationality)
    if location.startswith(("chart:", "pool")):
        return None
    home, area = _places(pos, location)
    if country in rules.COMMONWEALTH_PLACES:
        allowed = rules.COMMONWEALTH_PLACES[country]
        return ", ".join(sorted(allowed)), rules.place_verdict(allowed, location, home)
    owner = event.owner
    if country != owner and not (owner == "china" and country in rules.HOME_COUNTRIES["china"]):
        return None  # minor allies and other nationalities: their own rules
    if owner == "britain" and location == "box:canada":
        return None  # British units in Canada: 27.42D, judged by the naval and surrender rules
    allowed_home = ", ".join(sorted(rules.HOME_COUNTRIES[owner])) or "a U.S. box"
    return allowed_home, rules.home_verdict(owner, location, home, area)


def home_country(pos: Position, event: UnitBuilt) -> Verdict:
    """27.42: units are built in their power's home country (East Prussia, Sicily, Ulster yes; Sardinia, Corsica,
    Karafuto, the Kuriles, Okinawa, eastern Europe, Manchuria no) or a place 27.47 allows."""
    found = _place_outcome(pos, event)
    if found is None or found[1] == "ok":
        return ()
    allowed, verdict = found
    if verdict == "unknown":
        return (pos.missing_hex(event.location, "country"),)
    message = (
        f"{event.unit} ({rules.country_of(event.nationality).replace('_', ' ')}) is built at {event.location}, "
        f"outside the places 27.42 and 27.47 allow ({allowed})"
    )
    return (breach("27.42", message, allowed, event.location),)


def canada_and_chindit(pos: Position, event: UnitBuilt) -> Verdict:
    """27.475A: the Canadian 4-5 armor and 3-4 infantry are built in Canada; the Chindit in an Indian hex or the
    India box."""
    location = event.location
    if rules.country_of(event.nationality) == "canada" and event.unit_type in rules.CANADA_ONLY:
        if location == "box:canada":
            return ()
        message = (
            f"Canadian {type_words(event.unit_type)} unit {event.unit} is built at {location}; it is built in Canada "
            "(27.475A)"
        )
        return (breach("27.475A", message, "box:canada", location),)
    if event.unit_type != "chindit":
        return ()
    verdict = rules.place_verdict(rules.CHINDIT_PLACES, location, _places(pos, location)[0])
    if verdict == "unknown":
        return (pos.missing_hex(location, "country"),)
    if verdict == "ok":
        return ()
    message = (
        f"the Chindit {event.unit} is built at {location}; it is built in an Indian hex or the India box (27.474D)"
    )
    return (breach("27.474D", message, "an Indian hex or box:india", location),)


def colonial_rebuild(pos: Position, event: UnitBuilt) -> Verdict:
    """27.477: French colonial 1-3 infantry are rebuilt only in the colony they began the game in."""
    start = pos.state.redeployment.colonial.get(event.unit)
    if start is None or event.location == start:
        return ()
    began, _ = _places(pos, start)
    now = _places(pos, event.location)[0] if _is_hex(event.location) else event.location
    if began is None:
        return (pos.missing_hex(start, "country"),)
    if now is None:
        return (pos.missing_hex(event.location, "country"),)
    if now == began:
        return ()
    message = (
        f"French colonial infantry {event.unit} began the game in {began} ({start}) and is rebuilt in {now}; it may "
        "only be rebuilt in its own colony (27.477, 27.42E)"
    )
    return (breach("27.477", message, f"in {began}", f"{event.location} ({now})"),)


# ---------------------------------------------------------------------------------------------------------------------
# The hex: supply, control, stacking (27.43, 27.45, 27.46)


def build_supply(pos: Position, event: UnitBuilt) -> Verdict:
    """27.43A: a new unit takes the supply status of its hex: the status recorded for the hex, else traced on the
    map (:func:`~projections.position.supply.supply_of`). That the hex is fully supplied (27.43A, 30.61D) is
    :func:`~projections.position.supply.sources.construction_needs_full_supply`'s."""
    if event.supply is None or not _is_hex(event.location):
        return ()
    judged = supply_of(pos, event.location, FACTION_OF_POWER[event.owner])
    status = judged.answer
    if status is None:
        return judged.unknown
    if event.supply == status:
        return ()
    message = f"{event.unit} takes the supply status of its hex, {status} (27.43A); recorded {event.supply}"
    return (breach("27.43A", message, status, event.supply),)


def russian_build_supply(pos: Position, event: UnitBuilt | FortificationBuilt) -> Verdict:
    """27.43B: Russian units and fortifications are built only in hexes that trace supply to the Urals box: traced
    on the map with the Urals as the only source; where the map cannot decide, the source the last determination
    recorded for the hex."""
    if isinstance(event, UnitBuilt):
        if event.owner != "russia":
            return []
        built = [(event.location, f"Russian unit {event.unit}", event.nationality)]
    else:
        if event.power != "russia" or event.kind == "port" or before_the_game(pos, event):
            return []
        built = [(hex_, "a Russian fortification", "russia") for hex_ in event.hexes]
    found: list[Breach | Unknown] = []
    for hex_, what, nationality in built:
        if _is_hex(hex_):
            found.extend(_urals_build(pos, hex_, what, nationality))
    return found


def _urals_build(pos: Position, hex_: str, what: str, nationality: str) -> Verdict:
    traced = trace_supply(pos, hex_, "russia", nationality=nationality, to_urals=True)
    if traced.answer is not None:
        if traced.answer.source == "urals":
            return ()
        found = actual = f"no line to the Urals box (traced on the map: {traced.answer.describe()})"
    else:
        recorded = pos.state.redeployment.hex_supply.get(hex_)
        if recorded is None or recorded[1] is None:
            return (
                *traced.unknown,
                Unknown(reason="the supply source of the Russian build hex at the last determination is not recorded"),
            )
        if "urals" in recorded[1]:
            return ()
        found, actual = f"supplied from {recorded[1]}", recorded[1]
    message = (
        f"{what} is built at {hex_}, {found}; Russian units are built only where supply traces from the Urals box "
        "(27.43B, 30.225)"
    )
    return (breach("27.43B", message, "supply traced from the Urals box", actual),)


def build_control(pos: Position, event: UnitBuilt) -> Verdict:
    """27.45: units are built only in hexes the builder controlled at the start of the player turn, not retaken
    during it."""
    hex_ = event.location
    if not _is_hex(hex_):
        return ()
    state = pos.state
    controller = state.board.control.get(hex_)
    if controller is None:
        return (Unknown(reason="who controls the build hex is not recorded (hex_control_changed)"),)
    own = FACTION_OF_POWER[event.owner]
    if controller_faction(controller) != own:
        message = f"{event.unit} is built at {hex_}, which {power_name(controller)} controls (27.45)"
        return (breach("27.45", message, f"controlled by {power_name(own)}", controller),)
    if hex_ not in state.land.changed_hands or not land.same_player_turn(state.land, event):
        return ()
    message = (
        f"{event.unit} is built at {hex_}, which changed hands this player turn; units are built only in hexes "
        "controlled at its start, and not in recaptured hexes until the next player turn (27.45)"
    )
    return (breach("27.45", message, "held since the start of the player turn", "changed hands this player turn"),)


def build_zoc(pos: Position, event: UnitBuilt) -> Verdict:
    """27.44: units are not built in an enemy ZoC (the ZoC of a future enemy's armor, not yet at war, does not
    count)."""
    if not _is_hex(event.location):
        return ()
    zoc = zoc_on(pos, event.location, owner=event.owner)
    covered = zoc.present
    if covered is None:
        return (zoc.not_checked(pos, "27.44") or pos.missing_hex(event.location, "terrain"),)
    if not covered:
        return ()
    message = f"{event.unit} is built at {event.location}, in the ZoC of enemy armor (27.44, 10.34)"
    return (breach("27.44", message, "a hex in no enemy ZoC", event.location),)


# ---------------------------------------------------------------------------------------------------------------------
# SW units (27.91-27.94)


def us_at_war_in(pos: Position, wars: Wars | None = None) -> frozenset[str]:
    """The SW boxes of the theaters the U.S. is at war in (27.92D): Atlantic (Germany or Italy), Pacific (Japan).
    ``wars``: one reading of the wars (default: a war the board records between the powers themselves)."""
    board = pos.board

    def war(a: str, b: str) -> bool:
        return wars[(a, b)] if wars is not None else at_war(board, a, b)

    found = set()
    if war("usa", "germany") or war("usa", "italy"):
        found.add("sw:atlantic")
    if war("usa", "japan"):
        found.add("sw:pacific")
    return frozenset(found)


def sw_air_placement(pos: Position, event: UnitBuilt) -> Verdict:
    """27.92: new strategic bombers and interceptors go to the SW box (and front) their power's rule names. Where a
    war of factions may or may not be a war of the U.S., it is judged under each reading of the wars."""
    if event.unit_type not in rules.SW_AIR_TYPES:
        return ()
    what = f"new {type_words(event.unit_type)} unit {event.unit}"

    def judge(wars: Wars) -> list[Breach]:
        found = rules.sw_air_placement_breaches(
            event.owner, event.location, event.front, us_at_war_in=us_at_war_in(pos, wars)
        )
        return [breach(b.rule, f"{what}: {b.message} ({b.rule})", str(b.allowed), str(b.actual)) for b in found]

    return either_way(wars_of(pos.board, *rules.US_SW_WARS), "27.92D", judge, by_rule_and_message)


def research_build_order(pos: Position, event: UnitBuilt) -> Verdict:
    """27.91A: research-phase builds of new interceptors and bombers: the Axis place theirs first, then the
    Allies."""
    if not rules.built_uninverted(event.unit_type, event.phase) or event.owner not in ("germany", "italy", "japan"):
        return ()
    allied = redeployment.research_builds(pos.state.redeployment, game_turn(event), "allied")
    if not allied:
        return ()
    message = (
        f"{sentence(power_name(event.owner))} places new {type_words(event.unit_type)} unit {event.unit} after the "
        "Allies placed theirs; the Axis place their research-phase SW builds first (27.91A)"
    )
    return (breach("27.91A", message, "before the Allied builds", f"after {allied} Allied build(s)"),)


def sw_naval_placement(pos: Position, event: UnitBuilt) -> Verdict:
    """27.93: new submarines, ASW and transports: only the types each power builds, placed in its home ports,
    Canada or a U.S. box."""
    if event.unit_type not in rules.SW_NAVAL_TYPES:
        return ()
    owner, what = event.owner, type_words(event.unit_type)
    allowed_types = rules.SW_NAVAL_BUILDERS.get(owner, frozenset())
    if event.unit_type not in allowed_types:
        message = (
            f"{sentence(power_name(owner))} builds {what} unit {event.unit}; 27.93 lets it build "
            f"{', '.join(sorted(allowed_types)) or 'none of these'}"
        )
        return (breach("27.93", message, ", ".join(sorted(allowed_types)) or "none", event.unit_type),)
    places = rules.SW_NAVAL_PLACES[owner]
    verdict = rules.place_verdict(places, event.location, _places(pos, event.location)[0])
    if verdict == "unknown":
        return (pos.missing_hex(event.location, "country"),)
    if verdict == "ok":
        return ()
    message = (
        f"new {what} unit {event.unit} is placed at {event.location}; 27.93 places {power_name(owner)}'s in "
        f"{', '.join(sorted(places))}"
    )
    return (breach("27.93", message, ", ".join(sorted(places)), event.location),)


def sw_box_transfer(pos: Position, event: UnitRedeployed) -> Verdict:
    """27.94: a new submarine, ASW or transport redeploys only to the SW box its place of construction allows."""
    if not event.destination.startswith("sw:"):
        return ()
    state = pos.state
    built_at = state.redeployment.built.get(event.unit)
    if built_at is None or not redeployment.this_player_turn(state.redeployment, game_turn(event), event.side):
        return ()
    unit = state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in rules.SW_NAVAL_TYPES:
        return ()
    found = rules.sw_box_transfer_breach(
        cast(Power, unit.owner), cast(Any, unit.unit_type), built_at, event.destination
    )
    if found is None:
        return ()
    message = f"{event.unit}, built at {built_at} this turn, redeploys to {event.destination}: {found.message} (27.94)"
    return (breach("27.94", message, "an SW box its place of construction allows", event.destination),)
