"""What may be rebuilt and where new units are placed (27.22-27.23, 27.42-27.477, 27.91-27.94): checks P-02..P-11,
A-04 and I-03..I-05 of the 27-30 extract.

Countries, colonies and ports are map data (``country``, ``area``, ``port`` of :class:`HexFacts`): a hex the game's
map data does not place is reported as not checked (``no map data for EUR:K37 (country)``), never guessed. Supply is
what the last supply determination recorded for the hex; control is the board's, with the hexes that changed hands
this player turn from the land projection (27.45: controlled at the start of the player turn).

Enemy ZoCs (27.44) are those of :mod:`projections.rules.zoc`. Not here: stacking after placement (27.46, P-08),
judged at the end of every phase by the stacking rules (12.11).
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import UnitBuilt, UnitRedeployed
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, Power, power_name, sentence, type_words
from projections import land, redeployment
from projections.board import at_war
from projections.position.zoc import zoc_on
from projections.rules.construction import (
    CANADA_ONLY,
    CHINDIT_PLACES,
    COMMONWEALTH_PLACES,
    ELITE_REBUILT_AS_NORMAL,
    HOME_COUNTRIES,
    REBUILD_RATE_COUNTRIES,
    SW_AIR_TYPES,
    SW_NAVAL_BUILDERS,
    SW_NAVAL_PLACES,
    SW_NAVAL_TYPES,
    built_uninverted,
    country_of,
    home_verdict,
    never_rebuilt,
    place_verdict,
    sw_air_placement_breaches,
    sw_box_transfer_breach,
)
from projections.rules.control import controller_faction
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

CHECKS = Family("construction")


def _is_hex(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


def _places(ctx: AuditContext[Any], location: str) -> tuple[str | None, str | None]:
    """The map data's country and area of a hex (None, None for a box or an unknown hex)."""
    facts = ctx.hex(location) if _is_hex(location) else None
    return (facts.country, facts.area) if facts is not None else (None, None)


def _rebuilt(ctx: AuditContext[UnitBuilt]) -> bool:
    event = ctx.event
    return event.rebuild or event.unit in ctx.state.board.eliminated


# ---------------------------------------------------------------------------------------------------------------------
# What may be rebuilt (27.22, 27.23)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.22",
    "Dutch units in the Pacific and minor-country naval units (Australian cruisers and destroyers aside) are never "
    "rebuilt",
    reads=(UnitBuilt,),
    id="never_rebuilt",
    partly={"P-02": "the rebuild rates of Vlasov, Wang and INA units (27.22B) are in rules outside the texts"},
)
def check_never_rebuilt(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not _rebuilt(ctx):
        return ()
    if country_of(event.nationality) in REBUILD_RATE_COUNTRIES:
        return (Missing(reason="the rebuild rates of Vlasov, Wang and INA units (27.22B) are not in the texts"),)
    gone = ctx.state.board.eliminated.get(event.unit)
    where = gone.unit.location if gone is not None else event.location
    why = never_rebuilt(event.nationality, event.unit_type, where)
    if why is None:
        return ()
    return (c.finding(ctx, expected="not rebuilt", recorded=event.unit, message=f"{event.unit} is rebuilt: {why}"),)


@CHECKS.check(
    "27.23",
    "elite Japanese naval air units are rebuilt as normal naval air",
    reads=(UnitBuilt,),
    id="elite_rebuilt",
    covers=("A-04",),
)
def check_elite_rebuilt(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not event.elite or (event.owner, event.unit_type) not in ELITE_REBUILT_AS_NORMAL or not _rebuilt(ctx):
        return ()
    return (
        c.finding(
            ctx,
            expected="a normal NAS",
            recorded="elite",
            message=f"{event.unit} is rebuilt as an elite naval air unit; elite Japanese NAS are rebuilt as normal "
            "NAS (27.23, 17.352)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Where units are built (27.42, 27.47)
# ---------------------------------------------------------------------------------------------------------------------


def _place_outcome(ctx: AuditContext[UnitBuilt]) -> tuple[str, Any] | None:
    """(what the rule allows, verdict) for the build's location, or None when 27.42 does not speak to it."""
    event = ctx.event
    location = event.location
    country = country_of(event.nationality)
    if location.startswith(("chart:", "pool")):
        return None
    home, area = _places(ctx, location)
    if country in COMMONWEALTH_PLACES:
        allowed = COMMONWEALTH_PLACES[country]
        return ", ".join(sorted(allowed)), place_verdict(allowed, location, home)
    owner = event.owner
    if country != owner and not (owner == "china" and country in HOME_COUNTRIES["china"]):
        return None  # minor allies and other nationalities: their own rules
    if owner == "britain" and location == "box:canada":
        return None  # British units in Canada: 27.42D, judged by the naval and surrender rules
    allowed_home = HOME_COUNTRIES[owner]
    verdict = home_verdict(owner, location, home, area)
    return ", ".join(sorted(allowed_home)) or "a U.S. box", verdict


@CHECKS.check(
    "27.42",
    "units are built in their power's home country (East Prussia, Sicily, Ulster yes; Sardinia, Corsica, Karafuto, "
    "the Kuriles, Okinawa, eastern Europe, Manchuria no) or a place 27.47 allows",
    reads=(UnitBuilt,),
    id="home_country",
    covers=("P-03",),
)
def check_home_country(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    found = _place_outcome(ctx)
    if found is None:
        return ()
    allowed, verdict = found
    if verdict == "ok":
        return ()
    if verdict == "unknown":
        return (ctx.missing_hex(event.location, "country"),)
    return (
        c.finding(
            ctx,
            expected=allowed,
            recorded=event.location,
            message=f"{event.unit} ({country_of(event.nationality).replace('_', ' ')}) is built at {event.location}, "
            f"outside the places 27.42 and 27.47 allow ({allowed})",
        ),
    )


@CHECKS.check(
    "27.475A",
    "the Canadian 4-5 armor and 3-4 infantry are built in Canada; the Chindit in an Indian hex or the India box",
    reads=(UnitBuilt,),
    id="canada_and_chindit",
    covers=("P-10",),
)
def check_canada_and_chindit(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    location = event.location
    if country_of(event.nationality) == "canada" and event.unit_type in CANADA_ONLY:
        if location == "box:canada":
            return ()
        return (
            c.finding(
                ctx,
                expected="box:canada",
                recorded=location,
                message=f"Canadian {type_words(event.unit_type)} unit {event.unit} is built at {location}; it is "
                "built in Canada (27.475A)",
            ),
        )
    if event.unit_type != "chindit":
        return ()
    country, _ = _places(ctx, location)
    verdict = place_verdict(CHINDIT_PLACES, location, country)
    if verdict == "unknown":
        return (ctx.missing_hex(location, "country"),)
    if verdict == "ok":
        return ()
    return (
        c.finding(
            ctx,
            expected="an Indian hex or box:india",
            recorded=location,
            message=f"the Chindit {event.unit} is built at {location}; it is built in an Indian hex or the India box "
            "(27.474D)",
        ),
    )


@CHECKS.check(
    "27.477",
    "French colonial 1-3 infantry are rebuilt only in the colony they began the game in",
    reads=(UnitBuilt,),
    id="colonial_rebuild",
    covers=("P-09",),
)
def check_colonial_rebuild(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    start = ctx.state.redeployment.colonial.get(event.unit)
    if start is None or event.location == start:
        return ()
    began, _ = _places(ctx, start)
    now, _ = _places(ctx, event.location) if _is_hex(event.location) else (event.location, None)
    if began is None:
        return (ctx.missing_hex(start, "country"),)
    if now is None:
        return (ctx.missing_hex(event.location, "country"),)
    if now == began:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"in {began}",
            recorded=f"{event.location} ({now})",
            message=f"French colonial infantry {event.unit} began the game in {began} ({start}) and is rebuilt in "
            f"{now}; it may only be rebuilt in its own colony (27.477, 27.42E)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# The hex: supply, control, stacking (27.43, 27.45, 27.46)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.43A",
    "units are built only in fully supplied hexes, and take the supply status of their hex",
    reads=(UnitBuilt,),
    id="build_supply",
    covers=("P-04", "P-11"),
)
def check_build_supply(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not _is_hex(event.location):
        return ()
    found = ctx.state.redeployment.hex_supply.get(event.location)
    if found is None:
        return (Missing(reason="the supply status of the build hex at the last supply determination is not recorded"),)
    status, _ = found
    out: list[Outcome] = []
    if status != "full":
        out.append(
            c.finding(
                ctx,
                expected="full",
                recorded=status,
                message=f"{event.unit} is built at {event.location}, {status} at the last supply determination; units "
                "are built only in fully supplied hexes (27.43A, 30.61D)",
            )
        )
    if event.supply is not None and event.supply != status:
        out.append(
            c.finding(
                ctx,
                expected=status,
                recorded=event.supply,
                message=f"{event.unit} takes the supply status of its hex, {status} (27.43A); recorded {event.supply}",
            )
        )
    return out


@CHECKS.check(
    "27.43B",
    "Russian units (and forts) are built only in hexes that trace supply to the Urals box",
    reads=(UnitBuilt,),
    id="russian_build_supply",
    partly={"P-05": "the source recorded for the hex at its last supply determination is compared, not the trace"},
)
def check_russian_build_supply(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.owner != "russia" or not _is_hex(event.location):
        return ()
    found = ctx.state.redeployment.hex_supply.get(event.location)
    if found is None or found[1] is None:
        return (Missing(reason="the supply source of the Russian build hex at the last determination is not recorded"),)
    source = found[1]
    if "urals" in source:
        return ()
    return (
        c.finding(
            ctx,
            expected="supply traced from the Urals box",
            recorded=source,
            message=f"Russian unit {event.unit} is built at {event.location}, supplied from {source}; Russian units "
            "are built only where supply traces from the Urals box (27.43B, 30.225)",
        ),
    )


@CHECKS.check(
    "27.45",
    "units are built only in hexes the builder controlled at the start of the player turn, not retaken during it",
    reads=(UnitBuilt,),
    id="build_control",
    covers=("P-07",),
)
def check_build_control(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    hex_ = event.location
    if not _is_hex(hex_):
        return ()
    state = ctx.state
    controller = state.board.control.get(hex_)
    if controller is None:
        return (Missing(reason="who controls the build hex is not recorded (hex_control_changed)"),)
    own = FACTION_OF_POWER[event.owner]
    if controller_faction(controller) != own:
        return (
            c.finding(
                ctx,
                expected=f"controlled by {power_name(own)}",
                recorded=controller,
                message=f"{event.unit} is built at {hex_}, which {power_name(controller)} controls (27.45)",
            ),
        )
    if hex_ in state.land.changed_hands and land.same_player_turn(state.land, event):
        return (
            c.finding(
                ctx,
                expected="held since the start of the player turn",
                recorded="changed hands this player turn",
                message=f"{event.unit} is built at {hex_}, which changed hands this player turn; units are built only "
                "in hexes controlled at its start, and not in recaptured hexes until the next player turn (27.45)",
            ),
        )
    return ()


@CHECKS.check(
    "27.44",
    "units are not built in an enemy ZoC (the ZoC of a future enemy's armor, not yet at war, does not count)",
    reads=(UnitBuilt,),
    id="build_zoc",
    covers=("P-06",),
)
def check_build_zoc(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not _is_hex(event.location):
        return ()
    covered = zoc_on(ctx.position, event.location, owner=event.owner).present
    if covered is None:
        return (ctx.missing_hex(event.location, "terrain"),)
    if not covered:
        return ()
    return (
        c.finding(
            ctx,
            expected="a hex in no enemy ZoC",
            recorded=event.location,
            message=f"{event.unit} is built at {event.location}, in the ZoC of enemy armor (27.44, 10.34)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# SW units (27.91-27.94)
# ---------------------------------------------------------------------------------------------------------------------


def us_at_war_in(ctx: AuditContext[Any]) -> frozenset[str]:
    """The SW boxes of the theaters the U.S. is at war in (27.92D): Atlantic (Germany or Italy), Pacific (Japan)."""
    board = ctx.state.board
    found = set()
    if at_war(board, "usa", "germany") or at_war(board, "usa", "italy"):
        found.add("sw:atlantic")
    if at_war(board, "usa", "japan"):
        found.add("sw:pacific")
    return frozenset(found)


@CHECKS.check(
    "27.92",
    "new strategic bombers and interceptors go to the SW box (and front) their power's rule names",
    reads=(UnitBuilt,),
    id="sw_air_placement",
    covers=("I-03",),
)
def check_sw_air_placement(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type not in SW_AIR_TYPES:
        return ()
    breaches = sw_air_placement_breaches(event.owner, event.location, event.front, us_at_war_in=us_at_war_in(ctx))
    return tuple(
        c.finding(
            ctx,
            expected=b.allowed,
            recorded=b.actual,
            message=f"new {type_words(event.unit_type)} unit {event.unit}: {b.message} ({b.rule})",
        )
        for b in breaches
    )


@CHECKS.check(
    "27.91A",
    "research-phase builds of new interceptors and bombers: the Axis place theirs first, then the Allies",
    reads=(UnitBuilt,),
    id="research_build_order",
    covers=("I-04",),
)
def check_research_build_order(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not built_uninverted(event.unit_type, event.phase) or FACTION_OF_POWER[event.owner] in ("western_allies",):
        return ()
    if event.owner not in ("germany", "italy", "japan"):
        return ()
    allied = redeployment.research_builds(ctx.state.redeployment, game_turn(event), "allied")
    if not allied:
        return ()
    return (
        c.finding(
            ctx,
            expected="before the Allied builds",
            recorded=f"after {allied} Allied build(s)",
            message=f"{sentence(power_name(event.owner))} places new {type_words(event.unit_type)} unit {event.unit} "
            "after the Allies placed theirs; the Axis place their research-phase SW builds first (27.91A)",
        ),
    )


@CHECKS.check(
    "27.93",
    "new submarines, ASW and transports: only the types each power builds, placed in its home ports, Canada or a "
    "U.S. box",
    reads=(UnitBuilt,),
    id="sw_naval_placement",
    covers=("I-05",),
)
def check_sw_naval_placement(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type not in SW_NAVAL_TYPES:
        return ()
    owner = event.owner
    allowed_types = SW_NAVAL_BUILDERS.get(owner, frozenset())
    if event.unit_type not in allowed_types:
        return (
            c.finding(
                ctx,
                expected=", ".join(sorted(allowed_types)) or "none",
                recorded=event.unit_type,
                message=f"{sentence(power_name(owner))} builds {type_words(event.unit_type)} unit {event.unit}; "
                f"27.93 lets it build {', '.join(sorted(allowed_types)) or 'none of these'}",
            ),
        )
    places = SW_NAVAL_PLACES[owner]
    country, _ = _places(ctx, event.location)
    verdict = place_verdict(places, event.location, country)
    if verdict == "unknown":
        return (ctx.missing_hex(event.location, "country"),)
    if verdict == "ok":
        return ()
    return (
        c.finding(
            ctx,
            expected=", ".join(sorted(places)),
            recorded=event.location,
            message=f"new {type_words(event.unit_type)} unit {event.unit} is placed at {event.location}; 27.93 places "
            f"{power_name(owner)}'s in {', '.join(sorted(places))}",
        ),
    )


@CHECKS.check(
    "27.94",
    "a new submarine, ASW or transport redeploys only to the SW box its place of construction allows",
    reads=(UnitRedeployed,),
    id="sw_box_transfer",
    covers=("I-05",),
)
def check_sw_box_transfer(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if not event.destination.startswith("sw:"):
        return ()
    state = ctx.state
    built_at = state.redeployment.built.get(event.unit)
    if built_at is None or not redeployment.this_player_turn(state.redeployment, game_turn(event), event.side):
        return ()
    unit = state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in SW_NAVAL_TYPES:
        return ()
    breach = sw_box_transfer_breach(cast(Power, unit.owner), cast(Any, unit.unit_type), built_at, event.destination)
    if breach is None:
        return ()
    return (
        c.finding(
            ctx,
            expected="an SW box its place of construction allows",
            recorded=event.destination,
            message=f"{event.unit}, built at {built_at} this turn, redeploys to {event.destination}: {breach.message} "
            "(27.94)",
        ),
    )
