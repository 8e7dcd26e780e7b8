"""Supply sources (30.2, 30.29; A3R App. H and I), isolated ICs (30.267B) and construction in supplied hexes (30.61):
S-14..S-16, S-24, S-25, C-SUP-1, C-SUP-2.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AttackDeclared,
    CounterPlaced,
    FortificationBuilt,
    PlayerTurnEnded,
    SupplyDetermined,
    UnitBuilt,
)
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, SIDE_OF_FACTION
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.supply import supply_of
from projections.position.supply.facts import _enemy_zoc, _is_hex, _named_hex, _where
from projections.rules.control import SURRENDER_STATUSES, controller_side
from projections.rules.supply import (
    AUTOMATIC_SOURCES,
    HOUSE_IC_SUPPLY,
    IC_SUPPLY_OPTION,
    SURRENDERED_CAPITALS,
    Source,
    may_draw,
    sources,
)

# ---------------------------------------------------------------------------------------------------------------------
# Sources (30.2, 30.29; A3R App. I)


def _sources_of(pos: Position) -> dict[str, Source]:
    meta = pos.meta
    return sources(meta.rules, meta.options)


def supply_sources(pos: Position, event: SupplyDetermined) -> Verdict:
    """30.2: each result's source supplies that faction and that much: no Western Allied-Russian sharing, limited
    sources give partial supply, capitals of powers that surrendered are limited and enemy-held ones supply no
    one, a bridgehead only in its placement turn and not in an enemy ZoC"""
    table = _sources_of(pos)
    for result in event.results:
        source = result.source
        if source is None:
            continue
        if source in AUTOMATIC_SOURCES:
            yield from _automatic_source(pos, event, result)
        elif _is_hex(source):
            yield from _hex_source(pos, event, result, source)
        else:
            spec = table.get(source)
            if spec is None:
                yield Unknown(
                    reason=f"{source!r} is not a supply source the rules name (30.2); a hex source is named by "
                    "its hex id",
                    kind="source not named by the rules",
                )
            else:
                yield from _named_source(pos, event, result, source, spec)


def _unit_nationality(pos: Position, subject: str) -> str | None:
    unit = pos.state.board.units.get(subject)
    return unit.nationality if unit is not None else None


def _named_source(pos: Position, event: SupplyDetermined, result: SupplyResult, name: str, spec: Source) -> Verdict:
    board = pos.state.board
    owner = spec.faction
    where = _named_hex(pos, name)
    if spec.scope == "controller":
        holder = board.control.get(where) if where is not None else None
        if holder is None:
            yield Unknown(
                reason=f"who controls {name} is not known (map data names it, and hex control)", kind="source"
            )
            return
        owner = FACTION_OF_POWER.get(holder, owner)  # type: ignore[call-overload]
    allowed = may_draw(event.faction, owner, nationality=_unit_nationality(pos, result.subject))
    if allowed == "no":
        yield breach(
            "30.2",
            f"{result.subject} ({event.faction}) may not draw supply from {name}, a {owner} source "
            "(30.29: no Western Allied and Russian sharing, no Japanese use of Russian sources)",
            f"a source of {event.faction}",
            f"{name} ({owner})",
        )
        return
    limited = spec.kind == "limited" or allowed == "limited"
    capital = spec.capital_of
    surrendered = capital is not None and capital in SURRENDERED_CAPITALS and _surrendered(pos, capital)
    if capital is not None and not surrendered:
        held = board.control.get(where) if where is not None else None
        if where is None:
            yield Unknown(reason=f"no map data names {name} (who holds the capital, 30.263)", kind="no map data (name)")
        elif held is not None and controller_side(held) != controller_side(capital):
            yield breach(
                "30.2",
                f"{name} is held by {held} while {capital} has not surrendered: it supplies neither side (30.263)",
                "no supply",
                f"{result.status} from {name}",
            )
            return
    if result.status == "full" and (limited or surrendered):
        if surrendered:
            why = f"{capital} has surrendered (30.23, 30.263)"
        elif spec.kind == "limited":
            why = f"{name} is a limited source (30.26)"
        elif _air_unit(pos, result.subject):  # 30.294's exception: the Flying Tigers, which no event marks
            yield Unknown(
                reason=f"whether {result.subject}, an air unit drawing full supply from {name}, is the Flying Tigers "
                "(30.294: Nationalist Chinese sources give other Western Allied units only limited supply)",
                kind="flying tigers",
            )
            return
        else:
            why = f"a Nationalist Chinese source gives {event.faction} units only limited supply (30.294)"
        yield breach("30.2", f"{result.subject} draws full supply from {name}, but {why}", "partial at most", "full")
    yield from _source_conditions(pos, result, name, spec, where)


def _air_unit(pos: Position, subject: str) -> bool:
    unit = pos.state.board.units.get(subject)
    return unit is not None and unit.unit_type in AIR_TYPES


def _surrendered(pos: Position, power: str) -> bool:
    if power == "france" and pos.state.politics.french_surrender is not None:
        return True
    return pos.state.board.statuses.get(power) in SURRENDER_STATUSES


def _source_conditions(pos: Position, result: SupplyResult, name: str, spec: Source, where: str | None) -> Verdict:
    if spec.scope == "in_hex":
        here = _where(pos, result.subject)
        if where is None or here is None:
            yield Unknown(
                reason=f"no map data names {name} (it supplies only the units in it)", kind="no map data (name)"
            )
        elif here != where:
            yield breach(
                "30.2",
                f"{name} supplies only the units in its own hex ({spec.rule})",
                f"only units in {name}",
                f"{result.subject} in {here}",
            )
    needs = spec.needs or ""
    if needs.startswith("not_surrendered:") and _surrendered(pos, needs.split(":", 1)[1]):
        yield breach(
            "30.2",
            f"the {name} box is no source once {needs.split(':', 1)[1]} has surrendered ({spec.rule})",
            "no supply",
            f"{result.status} from {name}",
        )
    if needs == "ukraine_axis" and SIDE_OF_FACTION.get(pos.state.politics.alignment.get("ukraine")) != "axis":  # type: ignore[call-overload]
        yield breach(
            "30.2",
            f"Kiev is a source only while the Ukraine is associated with or allied to Germany ({spec.rule})",
            "the Ukraine associated with or allied to Germany",
            "not",
        )


def _hex_source(pos: Position, event: SupplyDetermined, result: SupplyResult, hex_: str) -> Verdict:
    board = pos.state.board
    if hex_ in board.bridgeheads:
        yield from _bridgehead_source(pos, event, result, hex_)
        return
    if hex_ in pos.state.brp.ics or ((facts := pos.hex(hex_)) is not None and facts.industrial_centre):
        yield from _ic_source(pos, event, result, hex_)
        return
    facts = pos.hex(hex_)
    if facts is not None and facts.capital and facts.country is not None:
        nationality = _unit_nationality(pos, result.subject)
        if result.status == "full" and nationality != facts.country:
            yield breach(
                "30.2",
                f"{result.subject}: a minor capital ({hex_}) gives full supply only to its own country's "
                "units, limited supply to others (30.24, 30.264)",
                "partial at most",
                "full",
            )
        return
    yield Unknown(reason=f"{hex_} is not a known supply source (no bridgehead, IC or capital there)", kind="hex source")


def _bridgehead_source(pos: Position, event: SupplyDetermined, result: SupplyResult, hex_: str) -> Verdict:
    bridgehead = pos.state.board.bridgeheads[hex_]
    facts = pos.state.land
    if (
        bridgehead.cause != "seaborne_invasion"
        or hex_ not in facts.bridgeheads_placed
        or event.determination != "post_combat"
        or bridgehead.faction != event.faction
    ):
        yield breach(
            "30.2",
            f"{result.subject} draws supply from the bridgehead in {hex_}: a bridgehead placed by seaborne "
            "invasion is a source only at the post-combat supply determination of the player turn it is placed "
            "(30.25A-B)",
            "only the faction's seaborne bridgehead, at the post-combat determination of its placement turn",
            f"{bridgehead.cause.replace('_', ' ')} bridgehead placed {bridgehead.placed}",
        )
        return
    armor = _enemy_zoc(pos, hex_, SIDE_OF_FACTION[event.faction])
    if armor is True:
        yield breach(
            "30.2",
            f"the bridgehead in {hex_} is in an enemy ZoC: no supply may be traced out of it (30.25A, 30.321)",
            "no supply traced out of it",
            f"{result.status} from {hex_}",
        )
    elif armor is None:
        yield pos.missing_hex(hex_, "terrain (ZoC)")


def _ic_source(pos: Position, event: SupplyDetermined, result: SupplyResult, hex_: str) -> Verdict:
    here = _where(pos, result.subject)
    house = pos.meta.rules == "a3r" and pos.meta.option(IC_SUPPLY_OPTION, HOUSE_IC_SUPPLY) == HOUSE_IC_SUPPLY
    if here != hex_:
        yield breach(
            "30.2",
            f"an IC supplies only the units in its own hex (30.267A, A3R 37.71): {result.subject} is not in {hex_}",
            f"only units in {hex_}",
            f"{result.subject} in {here}",
        )
        return
    holder_side = controller_side(pos.state.board.control.get(hex_))
    if SIDE_OF_FACTION[event.faction] == "axis" and holder_side == "axis" and house:
        yield breach(
            "30.2",
            "under the house rules the Axis may not draw supply from captured ICs (A3R App. I 30.292)",
            "no supply from a captured IC",
            f"{result.status} from {hex_}",
        )
    elif result.status == "full" and not (house and event.faction == "russia"):
        yield breach(
            "30.2",
            f"an IC is a limited source (30.267A): {result.subject} gets at most partial supply from it",
            "partial at most",
            "full",
        )


def _automatic_source(pos: Position, event: SupplyDetermined, result: SupplyResult) -> Verdict:
    source = result.source
    if source == "bridgehead":
        here = _where(pos, result.subject)
        if here is None or here not in pos.state.board.bridgeheads:
            yield breach(
                "30.2",
                f"{result.subject} names a bridgehead as its source, but none is in its hex (30.25A)",
                "a bridgehead in the subject's hex",
                f"{result.subject} in {here}",
            )
        else:
            yield from _bridgehead_source(pos, event, result, here)
    elif source == "automatic":
        unit = pos.state.board.units.get(result.subject)
        if unit is not None and unit.unit_type in ("partisan", "chindit"):
            return
        if unit is not None and unit.owner == "japan":
            facts = pos.hex(unit.location) if _is_hex(unit.location) else None
            if facts is None or facts.country is None:
                yield pos.missing_hex(unit.location, "country")
            elif facts.country != "japan":
                yield breach(
                    "30.2",
                    "only Japanese units in Japan are supplied automatically (30.551D)",
                    "a unit in Japan",
                    f"{result.subject} in {unit.location}",
                )
            return
        yield breach(
            "30.2",
            f"{result.subject} is not among the units supplied automatically (30.551B-D)",
            "partisans, Chindits or Japanese units in Japan",
            result.subject,
        )


# ---------------------------------------------------------------------------------------------------------------------
# ICs (30.267B; A3R App. H) and construction (27.43A, 30.61)


def ic_isolation_dm(pos: Position, event: AttackDeclared) -> Verdict:
    """30.267: an IC hex whose units have no other supply defends 1 DM lower per turn of isolation, one turn later
    per 5 BRPs in the IC"""
    ics = pos.state.brp.ics
    if not ics:
        return
    counts = pos.state.land.ic_isolation
    for defender in event.defenders:
        hex_ = defender.hex
        if hex_ is None or hex_ not in ics:
            continue
        expected = max(0, counts.get(hex_, 0) - ics[hex_] // 5)
        claimed = -sum(m.value for m in defender.dms if m.code == "isolated")
        if claimed != expected:
            yield breach(
                "30.267",
                f"{defender.unit} in the IC hex {hex_}: {counts.get(hex_, 0)} turn(s) of isolation, "
                f"delayed {ics[hex_] // 5} by the IC's {ics[hex_]} BRPs, give a DM of -{expected} (30.267B)",
                f"isolated DM -{expected}" if expected else "no isolation DM",
                f"-{claimed}" if claimed else "none",
            )


def _in_supply(status: str) -> str:
    """A supply status as a hex's state in a sentence: ``in partial supply``, ``unsupplied``, ``isolated``."""
    return status if status in ("unsupplied", "isolated") else f"in {status} supply"


def construction_needs_full_supply(pos: Position, event: UnitBuilt | CounterPlaced | FortificationBuilt) -> Verdict:
    """30.61: units, airbases, rocket bases and port counters are built only in fully supplied hexes"""
    if isinstance(event, UnitBuilt):
        hexes, power, what = [event.location], event.owner, event.unit
    elif isinstance(event, CounterPlaced):
        hexes, power, what = (
            [event.hex],
            event.power,
            "an airbase" if event.counter == "airbase" else f"a {event.counter.replace('_', ' ')}",
        )
    elif event.kind == "port":
        hexes, power, what = list(event.hexes), event.power, "a port counter"
    else:
        return ()
    faction = FACTION_OF_POWER[power]
    found: list[Any] = []
    for hex_ in hexes:
        if not _is_hex(hex_):
            continue
        judged = supply_of(pos, hex_, faction)
        status = judged.answer
        if status is None:
            found.extend(judged.unknown)
        elif status != "full":
            found.append(
                breach(
                    "30.61",
                    f"{what} is built in {hex_}, which is {_in_supply(status)}: construction needs full supply "
                    "(27.43A, 30.61A, 30.61D)",
                    "a fully supplied hex",
                    f"{hex_} {status}",
                )
            )
    return found


def russian_ic_supply(pos: Position, event: SupplyDetermined | PlayerTurnEnded) -> Verdict:
    """a Russian IC used as a source supplies only Russian units in its hex, is declared at the initial
    determination and costs the IC 5 BRPs"""
    meta = pos.meta
    if meta.rules != "a3r" or meta.option(IC_SUPPLY_OPTION, HOUSE_IC_SUPPLY) != HOUSE_IC_SUPPLY:
        return ()
    ics = pos.state.brp.ics
    if isinstance(event, PlayerTurnEnded):
        facts = pos.state.land
        unpaid = sorted(set(facts.ic_used) - facts.ic_paid)
        return [
            breach(
                "A3R 37.71",
                f"the IC in {hex_} supplied units this player turn, which costs the IC and Russia 5 BRPs "
                "(A3R App. H 37.711)",
                "the IC's value reduced by 5 (ic_value_changed, cause supply_use)",
                "not paid",
            )
            for hex_ in unpaid
        ]
    found = []
    for result in event.results:
        if result.source is None or result.source not in ics:
            continue
        unit = pos.state.board.units.get(result.subject)
        russian = unit is not None and unit.owner == "russia"
        if not russian or event.determination != "initial":
            found.append(
                breach(
                    "A3R 37.71",
                    f"a Russian IC ({result.source}) supplies only Russian units in its hex and is declared "
                    "during initial supply determination (A3R App. H 37.71)",
                    "Russian units, declared at the initial determination",
                    f"{result.subject} at the {event.determination.replace('_', '-')} determination",
                )
            )
    return found
