"""Oil asked of a position (AWAW rule 33): sources, production and damage (:mod:`.production`), reserves and
tracking (:mod:`.reserves`), spending, shipping and oil for Russia (:mod:`.ledger`), consumption and its effects
(:mod:`.consumption`). This module holds what they share: naming amounts, what a place holds, who controls it,
whether a faction's oil is tracked and which offsets are in force.

Sources: 31-34 extract 2.3-2.6 (checks O-01..O-82), 1.1-1.15 (tables), 4.1-4.3 (state and the ledger), section 6
(worked examples TC-01..TC-04, TC-08..TC-12, TC-14..TC-16, TC-19..TC-21). Arithmetic and tables come from
:mod:`projections.rules.oil`; reserve levels, maxima, tracking, pools, facilities, captures, payments and the other
running facts from the oil projection (:mod:`projections.oil`); control from the board. All amounts are in fifths of
an oil counter (extract 0.3). Places the rules name (Berlin, Maikop, Balikpapan ...) are found by their hex: the hex
an oil event gave, or the hex the map data names so; without it a query says "not checked: no map data names
Berlin". What the log cannot record at all is listed in ``replays/audit/notes/oil.yaml``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final, cast

from awaw_events.events import Event
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.oil import Reserve, is_tracked, level
from projections.position.core import Position, Unknown
from projections.rules import oil as rules
from projections.rules.breach import Breach
from projections.rules.control import controller_faction
from projections.rules.mapdata import MapData

Verdict = Iterable[Breach | Unknown]

PARTISAN_CAUSE: Final = "partisans"
"""``hex_control_changed.cause`` of a hex taken by partisans (33.33B: it produces no oil while they hold it)."""


def fifths(n: int) -> str:
    """``7`` -> ``"7 fifths (1 counter + 2)"`` for messages."""
    whole, part = divmod(n, rules.FIFTHS_PER_COUNTER)
    if n < rules.FIFTHS_PER_COUNTER:
        return f"{n} fifth{'s' if n != 1 else ''}"
    counters = f"{whole} counter{'s' if whole != 1 else ''}"
    return f"{n} fifths ({counters}{f' + {part}' if part else ''})"


def holding(pos: Position, faction: str, place: str) -> int | None:
    """Fifths held by a tracked reserve, or by the faction's recorded oil outside reserves at ``place``; ``None``
    when nothing is counted there (an untracked reserve, an unlimited source)."""
    state = pos.state.oil
    if place in state.reserves:
        return level(state, place) if is_tracked(state, place) else None
    return state.pools.get(f"{faction}/{place}")


def reserve_of(pos: Position, reserve: str) -> tuple[Reserve | None, rules.ReserveId | None]:
    """A reserve of the log and which reserve of 33.422 it is (``None`` when unknown)."""
    found = pos.state.oil.reserves.get(reserve)
    kind = found.kind if found is not None else None
    return found, kind if kind in rules.RESERVES else None


def faction_tracked(pos: Position, faction: str) -> bool:
    """Every reserve the faction has defined is tracked (so its oil consumption is required: 33.4424, 33.4624,
    33.48, 33.4732A, 33.4733B). A faction with no reserve defined is not."""
    reserves = [r for r in pos.state.oil.reserves.values() if r.faction == faction]
    return bool(reserves) and all(r.tracking == "tracked" for r in reserves)


def tracks_any(pos: Position, faction: str) -> bool:
    """Some reserve of the faction is tracked (its consumption is counted)."""
    return any(r.faction == faction and r.tracking == "tracked" for r in pos.state.oil.reserves.values())


@lru_cache(maxsize=8)
def _named_hexes(data: MapData) -> dict[str, str]:
    """The hexes the map data names, by place id (``Pearl Harbor`` -> ``pearl_harbor``)."""
    return {facts.name.lower().replace(" ", "_"): facts.hex for facts in data.hexes if facts.name}


def place_hex(pos: Position, place: str) -> str | None:
    """The hex of a place the oil rules name: the hex an oil event gave for an oil center, else the hex the map
    data names so (``HexFacts.name``), else ``None``."""
    facility = pos.state.oil.facilities.get(place)
    if facility is not None and facility.hex is not None:
        return facility.hex
    return _named_hexes(pos.map).get(place) if pos.map is not None else None


def controller_at(pos: Position, hex_: str | None, place: str) -> rules.Controller:
    """Who holds a place (33.41A): the faction of its hex's controller, partisans if they took it (33.33B), a
    neutral for a minor country, and the place's first holder while the log never changed its control."""
    if hex_ is None or place.endswith("_box"):
        return rules.PLACE_OWNERS.get(place, "neutral")
    capture = pos.state.oil.captures.get(hex_)
    if capture is not None and capture.cause == PARTISAN_CAUSE:
        return "partisan"
    controller = pos.board.control.get(hex_)
    if controller is None:
        return rules.PLACE_OWNERS.get(place, "neutral")
    aligned = cast(rules.Controller | None, pos.state.politics.alignment.get(controller))
    return controller_faction(controller) or aligned or "neutral"


def _no_map_names(pos: Position, names: str) -> str:
    reason = f"no map data names {names}"
    return reason if pos.map is not None else f"{reason}: {pos.map_reason}"


def controller_of(pos: Position, place: str) -> tuple[rules.Controller | None, Unknown | None]:
    """Who holds a named place, or why it cannot be told: the hex is known from an oil event or the map data."""
    if place.endswith("_box"):
        return rules.PLACE_OWNERS.get(place, "neutral"), None
    hex_ = place_hex(pos, place)
    if hex_ is None:
        reason = f"{rules.PLACE_NAMES.get(place, place)} (the hex whose control decides it)"
        kind = f"no map data ({'oil center' if place in rules.OIL_CENTERS else 'place'})"
        return None, Unknown(reason=_no_map_names(pos, reason), kind=kind)
    return controller_at(pos, hex_, place), None


def controlled(pos: Position, faction: str, places: tuple[str, ...]) -> tuple[set[str], list[Unknown]]:
    """Which of ``places`` the faction holds, and (as one :class:`Unknown`) the places whose hex is unknown."""
    held: set[str] = set()
    unknown: list[str] = []
    for place in places:
        who, why = controller_of(pos, place)
        if why is not None:
            unknown.append(rules.PLACE_NAMES.get(place, place))
        elif who == faction:
            held.add(place)
    if not unknown:
        return held, []
    reason = _no_map_names(pos, f"{', '.join(unknown)} (the hexes whose control decides it)")
    return held, [Unknown(reason=reason, kind="no map data (places of 33.422)")]


def power_faction(power: str) -> str:
    """The alliance faction of a major power (a minor country: itself)."""
    return FACTION_OF_POWER.get(cast(Power, power), power)


def offsets_in_force(pos: Position, event: Event, faction: str, purpose: str) -> bool:
    """The faction has a ``purpose`` offset in force at the event (33.541): bought this player turn or since the
    start of its previous one, in any oil domain."""
    now = (game_turn(event), event.side, event.phase)
    for key, paid in pos.state.oil.offsets.items():
        if key.startswith(f"{faction}/{purpose}/") and rules.offset_in_force((paid.turn, paid.side), now):
            return True
    return False
