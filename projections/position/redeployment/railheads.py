"""Railheads (28.65; A3R option 17a, App. F): checks RH-01..RH-05 of the 27-30 extract and C-RED-5 of the A3R
extract. Costs and limits come from :mod:`projections.rules.redeployment`; the railheads built this turn from
:mod:`projections.redeployment`; a hex's city, objective, country, front and weather zone from the map data.

A military breakthrough (28.652B: a railhead then costs 1 RP) is read from a ``research_result`` of project
``military_breakthrough`` for the power.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import CounterRemoved, RailheadBuilt
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, RuleSet, power_name, sentence
from projections import land, redeployment
from projections.position.common import before_the_game, winter_preparation
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.wars import any_war, doubt
from projections.position.zoc import zoc_on
from projections.rules.breach import Breach
from projections.rules.control import controller_faction
from projections.rules.redeployment import (
    MILITARY_BREAKTHROUGH,
    RAILHEAD_WINTER_BLOCK_LEVEL,
    railhead_breaches,
    railheads_used,
)
from projections.rules.redeployment import (
    railhead_cost as railhead_price,
)

"""The ``research_result.project`` that records a military breakthrough (28.652B)."""


def _rules(pos: Position) -> RuleSet:
    return "a3r" if pos.meta.rules == "a3r" else "awaw"


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.65)
# ---------------------------------------------------------------------------------------------------------------------


def railhead_cost(pos: Position, event: RailheadBuilt) -> Verdict:
    """28.652: a railhead costs 5 BRPs and 2 RPs (1 RP after a military breakthrough)"""
    if before_the_game(pos, event):  # a set-up's railhead was paid for in the game it came from
        return
    rules = _rules(pos)
    normal = railhead_price(ruleset=rules)
    after = railhead_price(military_breakthrough=True, ruleset=rules)
    if event.brp_cost != normal.brps:
        yield breach(
            "28.652",
            f"{sentence(power_name(event.power))} paid {event.brp_cost} BRPs for the railhead at {event.hex}; "
            f"a railhead costs {normal.brps} (27.11D, 28.652A)",
            normal.brps,
            event.brp_cost,
        )
    if event.rp_cost == normal.rps:
        return
    if event.rp_cost == after.rps:
        if military_breakthrough(pos, event.power):
            return
        yield Unknown(reason="a railhead at 1 RP without a military breakthrough recorded (research_result)")
        return
    yield breach(
        "28.652",
        f"{sentence(power_name(event.power))} paid {event.rp_cost} RPs for the railhead at {event.hex}; "
        f"28.652B asks {normal.rps}"
        + (f" ({after.rps} after a military breakthrough)" if normal.rps != after.rps else ""),
        normal.rps if normal.rps == after.rps else f"{normal.rps} ({after.rps} after a military breakthrough)",
        event.rp_cost,
    )


def railhead_rules(pos: Position, event: RailheadBuilt) -> Verdict:
    """28.654: railheads: allowed builders, one per alliance faction per turn, one per hex"""
    rules = _rules(pos)
    if not railheads_used(pos.meta):
        yield breach(
            "28.654",
            f"{sentence(power_name(event.power))} builds a railhead at {event.hex}, but this game does not use "
            "railheads (option redeploy.railheads is off)",
            "no railheads",
            event.hex,
        )
        return
    faction = FACTION_OF_POWER[event.power]
    built = redeployment.railheads_built(pos.state.redeployment, game_turn(event), faction)
    place = _railhead_place(pos, event) if rules == "awaw" and event.power in ("italy", "usa") else True
    if isinstance(place, Unknown):
        yield place
    breaches = railhead_breaches(
        event.power,
        railheads_by_faction_this_turn=built,
        hex_has_railhead=event.hex in pos.state.board.railheads,
        italian_place=place is not False,  # unknown (no map data): not checked, said above, never a breach
        us_at_war_in_theater=place is not False,
        ruleset=rules,
    )
    if breaches:
        yield breach(
            "28.654",
            f"{sentence(power_name(event.power))}'s railhead at {event.hex}: "
            + "; ".join(f"{b.message} ({b.rule})" for b in breaches),
            "; ".join(str(b.allowed) for b in breaches if b.allowed is not None) or "no railhead",
            event.hex,
        )


def _railhead_place(pos: Position, event: RailheadBuilt) -> bool | Unknown:
    """Where Italy and the U.S. may build railheads (28.654E-F): Italy in Italy (Sicily too), or in a Mediterranean
    island or colony holding an Italian unit now; the U.S. in a theater in which it is at war (the European map:
    with Germany or Italy; the Pacific map: with Japan)."""
    board = pos.state.board
    if event.power == "usa":
        pacific = event.hex.startswith("PAC:")
        war = any_war(board, "usa", ("japan",) if pacific else ("germany", "italy"))
        if war is None:  # a war of factions or sides may or may not be the U.S.'s war in this theater
            return doubt("28.654F", f"whether the U.S. is at war with {'Japan' if pacific else 'Germany or Italy'}")
        return war
    facts = pos.hex(event.hex)
    if facts is None or (facts.country is None and facts.front is None):
        return pos.missing_hex(event.hex, "country")
    if facts.country in ("italy", "sicily"):
        return True
    if facts.front != "mediterranean":
        return False
    return any(u.location == event.hex and u.owner == "italy" for u in board.units.values())


def military_breakthrough(pos: Position, power: str) -> bool:
    """Whether the log records a military breakthrough for ``power`` (a ``research_result`` of project
    ``military_breakthrough``; 28.652B)."""
    found = pos.state.politics.research.get(f"{power}/{MILITARY_BREAKTHROUGH}")
    return found is not None and (found.steps > 0 or bool(found.result))


def railhead_site(pos: Position, event: RailheadBuilt) -> Verdict:
    """28.653: a railhead goes in a fully supplied city that is not an objective, held by the builder's faction
    since the start of the player turn, in no enemy ZoC, where the winter result (less winter preparation) is
    below 5"""
    hex_ = event.hex
    state = pos.state
    facts = pos.hex(hex_)
    if facts is None or facts.city is None or facts.objective is None:
        yield pos.missing_hex(hex_, "city")
    elif not facts.city or facts.objective:
        what = "not a city" if not facts.city else "an objective"
        yield _site(event, "a non-objective city", what, f"{hex_} is {what} (28.653, 28.654A)")
    faction = FACTION_OF_POWER[event.power]
    holder = state.board.control.get(hex_)
    if holder is None:
        yield Unknown(reason="who controls the railhead hex is not recorded")
    elif controller_faction(holder) != faction or (
        hex_ in state.land.changed_hands and land.same_player_turn(state.land, event)
    ):
        yield _site(
            event,
            f"held by {faction} since the turn began",
            holder,
            f"{hex_} was not held by {faction} at the start of the player turn (28.653)",
        )
    supply = state.redeployment.hex_supply.get(hex_)
    if supply is None:
        yield Unknown(reason="the supply status of the railhead hex is not recorded")
    elif supply[0] != "full" or (pos.meta.rules == "a3r" and supply[1] is not None and "ic" in supply[1].split(":")):
        yield _site(event, "fully supplied", supply[0], f"{hex_} is not fully supplied ({supply[0]}) (28.653)")
    zoc_at = zoc_on(pos, hex_, owner=event.power)
    zoc = zoc_at.present
    if zoc is None:
        yield zoc_at.not_checked(pos, "28.654B") or pos.missing_hex(hex_, "terrain")
    elif zoc:
        yield _site(event, "a hex in no enemy ZoC", "enemy ZoC", f"{hex_} is in an enemy ZoC (28.654B)")
    yield from _winter(pos, event, facts, faction)


def _site(event: RailheadBuilt, expected: str, recorded: object, why: str) -> Breach | Unknown:
    return breach("28.653", f"{sentence(power_name(event.power))}'s railhead at {event.hex}: {why}", expected, recorded)


def _winter(pos: Position, event: RailheadBuilt, facts: Any, faction: str) -> list[Breach | Unknown]:
    """No railheads under a winter result of 5 or worse, less the faction's winter preparation (28.654C)."""
    zone = facts.weather_zone if facts is not None else None
    if zone is None:
        return []
    weather = pos.state.weather.zones.get(zone)
    if weather is None or weather.level is None:
        return []
    effective = max(0, weather.level - winter_preparation(pos, faction))
    if effective < RAILHEAD_WINTER_BLOCK_LEVEL:
        return []
    return [
        _site(
            event,
            f"a winter result below {RAILHEAD_WINTER_BLOCK_LEVEL}",
            effective,
            f"the {zone.replace('_', ' ')} winter result is {weather.level}, {effective} after winter preparation "
            "(28.654C)",
        )
    ]


def railhead_permanent(pos: Position, event: CounterRemoved) -> Verdict:
    """28.656: railheads are never moved or destroyed: a captured one serves its new controller, an isolated one
    stays"""
    if event.counter != "railhead":
        return ()
    return (
        breach(
            "28.656",
            f"the railhead at {event.location} is removed; railheads are never moved or destroyed (28.656)",
            "the railhead stays",
            f"removed ({event.cause})",
        ),
    )
