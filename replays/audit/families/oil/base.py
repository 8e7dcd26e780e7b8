"""What the oil checks share: the family, naming amounts in messages, and the facts they read from the state and
the map data (what a place holds, who controls it, whether a faction's oil is tracked)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, cast

from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections import oil as ledger
from projections.oil import Reserve
from projections.rules.control import controller_faction
from projections.rules.mapdata import MapData
from projections.rules.oil import (
    FIFTHS_PER_COUNTER,
    OIL_CENTERS,
    PLACE_NAMES,
    PLACE_OWNERS,
    RESERVES,
    Controller,
    ReserveId,
    offset_in_force,
)
from replays.audit.engine import AuditContext, Family, Missing

FAMILY: Final = Family("oil")
"""Oil checks (33)."""

PARTISAN_CAUSE: Final = "partisans"
"""``hex_control_changed.cause`` of a hex taken by partisans (33.33B: it produces no oil while they hold it)."""


def fifths(n: int) -> str:
    """``7`` -> ``"7 fifths (1 counter + 2)"`` for messages."""
    whole, part = divmod(n, FIFTHS_PER_COUNTER)
    if n < FIFTHS_PER_COUNTER:
        return f"{n} fifth{'s' if n != 1 else ''}"
    counters = f"{whole} counter{'s' if whole != 1 else ''}"
    return f"{n} fifths ({counters}{f' + {part}' if part else ''})"


def holding(ctx: AuditContext[Any], faction: str, place: str) -> int | None:
    """Fifths held by a tracked reserve, or by the faction's recorded oil outside reserves at ``place``; ``None``
    when nothing is counted there (an untracked reserve, an unlimited source)."""
    state = ctx.state.oil
    if place in state.reserves:
        return ledger.level(state, place) if ledger.is_tracked(state, place) else None
    return state.pools.get(f"{faction}/{place}")


def reserve_of(ctx: AuditContext[Any], reserve: str) -> tuple[Reserve | None, ReserveId | None]:
    """A reserve of the log and which reserve of 33.422 it is (``None`` when unknown)."""
    found = ctx.state.oil.reserves.get(reserve)
    kind = found.kind if found is not None else None
    return found, kind if kind in RESERVES else None


def faction_tracked(ctx: AuditContext[Any], faction: str) -> bool:
    """Every reserve the faction has defined is tracked (so its oil consumption is required: 33.4424, 33.4624,
    33.48, 33.4732A, 33.4733B). A faction with no reserve defined is not."""
    reserves = [r for r in ctx.state.oil.reserves.values() if r.faction == faction]
    return bool(reserves) and all(r.tracking == "tracked" for r in reserves)


# ---------------------------------------------------------------------------------------------------------------------
# Places and their control (33.41A, 33.422, 33.4523)
# ---------------------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _named_hexes(data: MapData) -> dict[str, str]:
    """The hexes the map data names, by place id (``Pearl Harbor`` -> ``pearl_harbor``)."""
    return {facts.name.lower().replace(" ", "_"): facts.hex for facts in data.hexes if facts.name}


def place_hex(ctx: AuditContext[Any], place: str) -> str | None:
    """The hex of a place the oil rules name: the hex an oil event gave for an oil center, else the hex the map
    data names so (``HexFacts.name``), else ``None``."""
    facility = ctx.state.oil.facilities.get(place)
    if facility is not None and facility.hex is not None:
        return facility.hex
    if ctx.map is None:
        return None
    return _named_hexes(ctx.map).get(place)


def controller_at(ctx: AuditContext[Any], hex_: str | None, place: str) -> Controller:
    """Who holds a place (33.41A): the faction of its hex's controller, partisans if they took it (33.33B), a
    neutral for a minor country, and the place's first holder while the log never changed its control."""
    if hex_ is None or place.endswith("_box"):
        return PLACE_OWNERS.get(place, "neutral")
    capture = ctx.state.oil.captures.get(hex_)
    if capture is not None and capture.cause == PARTISAN_CAUSE:
        return "partisan"
    controller = ctx.state.board.control.get(hex_)
    if controller is None:
        return PLACE_OWNERS.get(place, "neutral")
    return controller_faction(controller) or aligned(ctx, controller) or "neutral"


def aligned(ctx: AuditContext[Any], country: str) -> Controller | None:
    """The alliance faction a minor country is aligned with (``status_changed``), or ``None`` (neutral)."""
    return cast(Controller | None, ctx.state.politics.alignment.get(country))


def controller_of(ctx: AuditContext[Any], place: str) -> tuple[Controller | None, Missing | None]:
    """Who holds a named place, or why it cannot be told: the hex is known from an oil event or the map data."""
    if place.endswith("_box"):
        return PLACE_OWNERS.get(place, "neutral"), None
    hex_ = place_hex(ctx, place)
    if hex_ is None:
        name = PLACE_NAMES.get(place, place)
        reason = f"no map data names {name} (the hex whose control decides it)"
        if ctx.map is None:
            reason += f": {ctx.map_reason}"
        return None, Missing(reason=reason, kind=f"no map data ({'oil center' if place in OIL_CENTERS else 'place'})")
    return controller_at(ctx, hex_, place), None


def controlled(ctx: AuditContext[Any], faction: str, places: tuple[str, ...]) -> tuple[set[str], list[Missing]]:
    """Which of ``places`` the faction holds, and (as one :class:`Missing`) the places whose hex is unknown."""
    held: set[str] = set()
    unknown: list[str] = []
    for place in places:
        who, why = controller_of(ctx, place)
        if why is not None:
            unknown.append(PLACE_NAMES.get(place, place))
        elif who == faction:
            held.add(place)
    if not unknown:
        return held, []
    reason = f"no map data names {', '.join(unknown)} (the hexes whose control decides it)"
    if ctx.map is None:
        reason += f": {ctx.map_reason}"
    return held, [Missing(reason=reason, kind="no map data (places of 33.422)")]


def power_faction(power: str) -> str:
    """The alliance faction of a major power (a minor country: itself)."""
    return FACTION_OF_POWER.get(cast(Power, power), power)


def offsets_in_force(ctx: AuditContext[Any], faction: str, purpose: str) -> bool:
    """The faction has a ``purpose`` offset in force now (33.541): bought this player turn or since the start of
    its previous one, in any oil domain."""
    event = ctx.event
    now = (game_turn(event), event.side, event.phase)
    for key, paid in ctx.state.oil.offsets.items():
        if key.startswith(f"{faction}/{purpose}/") and offset_in_force((paid.turn, paid.side), now):
            return True
    return False
