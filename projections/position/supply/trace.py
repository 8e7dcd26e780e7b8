"""Supply traced on the map (30.2-30.3): from a hex, the best source its faction reaches by a land supply line, or
through a port that a sea supply line of this player turn delivered to, with the line found; or why it cannot be
decided (``cannot decide: no map data for EUR:K37 (terrain)``).

**What the tracer decides and how.** A land supply line is a chain of adjacent controlled land hexes, free of enemy
ZoCs, from a source to the hex (30.321); the source and the hex supplied may stand in an enemy ZoC, the hexes between
may not, and a hex next to its source may not trace straight to it when both lie in the ZoC of the same enemy armor
unit (30.322). A fortified hex of the tracing side keeps enemy ZoCs out (30.322, :func:`_enemy_zoc`). Hexes of the
faction, of its minors and of its major power allies count (30.323; the Western Allies and Russia only with consent,
29.24B, which no log records: undecided); enemy partisans block, and a hex held through friendly partisans only if
it was held before they came (30.324); a line crosses water only at a crossing arrow (30.328) and never leaves the
board (30.311, where the map data gives the board's extent); hexes gained by isolation this turn carry no line
(29.32). Full supply is found once per faction and position: one search out from all its full sources at once
(:func:`_full_field`) answers every hex asked there, which a determination of many units needs; where the field
does not reach, the search runs out from the hex (:func:`_trace`), which decides partial supply, no supply or what
is missing, at the cost of the hexes of its supply zone.

**Sources** (30.22-30.27): the named sources of :data:`projections.rules.supply.AWAW_SOURCES` (A3R App. I's in an
A3R game) found on the map by name, under the same conditions the claim checks apply (30.23, 30.263: a capital of a
power that surrendered is limited, an enemy-held one supplies no one; 30.29: who may draw on whose; 30.212: a source
switched off); an unnamed minor capital (unlimited for its own country's units, limited for the rest, 30.24, 30.264);
an IC for the units in its hex (limited, 30.267A, 30.27); the Urals box through the Russian hexes of the European
map's eastern edge, rows A to Z (30.225B); and the port a sea supply line of this player turn delivered to, carrying
what its origin gives (a box: full; a port: its own zone's supply, traced in turn, 30.332C; a port in an enemy ZoC
supplies only itself, 30.332A). A line that only touches a port gives it nothing (30.3341): only its destination
counts.

**When it says "no supply".** Only where every way out is closed by a fact the position holds: enemy or neutral
control recorded, sea, an enemy ZoC, the board's edge. A hex whose control no event records counts as its home
major power's when the map data gives its country (positive only: it can carry a line, never block one); anything
else undecided leaves the answer undecided. A zone with a port, a one-hex island or a bridgehead may be supplied by
sea: the answer is decided only if a sea line of this player turn ended in the zone (one line per zone, 30.342).

**When it holds.** It traces the board as it stands. Within the moving side's player turn its land supply only grows
(the enemy neither moves nor takes hexes then, and the initial determination comes after the moving player's air and
naval movement, 30.42), so the trace at its construction or redeployment phase is the supply of its post-combat
determination, and supply obtained at the initial one lasts (30.47): what the tracer finds then is the status the
hex has.
"""

from __future__ import annotations

import functools
from collections import deque
from typing import Final

import msgspec

from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Faction
from projections.board import Unit
from projections.position.core import Judged, Position, Unknown
from projections.position.supply.facts import _enemy_armor, _enemy_zoc, _holder_side, _is_hex
from projections.rules.control import SURRENDER_STATUSES, controller_faction
from projections.rules.mapdata import MapData
from projections.rules.supply import (
    DESIGNATION_OPTION,
    ONE_HEX_BEACHES,
    PACIFIC_URALS_ROWS,
    PACIFIC_URALS_ROWS_IF_ALLIED,
    RANK,
    SURRENDERED_CAPITALS,
    URALS_EDGE_ROWS,
    designated_active,
    may_draw,
    sources,
)


class Traced(msgspec.Struct, frozen=True):
    """The supply a hex gets: its status (``full``, ``partial`` or ``unsupplied``), the source (a name of the rules'
    table, a hex, ``urals``) and the land line from the source's hex to the hex (empty where none was found), and the
    sea line that brought it into the zone (None: by land)."""

    status: str
    source: str | None = None
    line: tuple[str, ...] = ()
    sea_line: str | None = None

    def describe(self) -> str:
        """``full from berlin (EUR:L32 - EUR:K32)``, ``unsupplied``."""
        if self.source is None:
            return self.status
        line = " - ".join(self.line)
        by_sea = f" by sea line {self.sea_line}" if self.sea_line else ""
        return f"{self.status} from {self.source}{by_sea}" + (f" ({line})" if line else "")


UNSUPPLIED: Final = Traced("unsupplied")


def trace_supply(
    pos: Position, hex_: str, faction: Faction, *, nationality: str | None = None, to_urals: bool = False
) -> Judged[Traced | None]:
    """The supply ``faction`` traces to ``hex_`` on the board as it stands (30.2-30.3), with the line it found; None,
    with what it lacks, where the position cannot decide. ``nationality``: the unit's, for sources that supply only
    their own country's units (30.24) or a unit's own kind (30.225C). ``to_urals``: the Urals box is the only
    source that counts (27.43B: Russian builds go where supply traces to it), so ``unsupplied`` says no line
    reaches it."""
    if not _is_hex(hex_):
        return Judged(None, unknown=(Unknown(reason=f"{hex_} is not a hex of the map", kind="supply trace"),))
    own = nationality if nationality is not None and nationality not in FACTION_OF_POWER else None
    return pos.cached(_answer, hex_, faction, own, to_urals)


def _answer(
    pos: Position, start: str, faction: Faction, nationality: str | None, to_urals: bool
) -> Judged[Traced | None]:
    """Full supply from the faction's field (:func:`_full_field`: one search for every hex asked at this position);
    anything less from the search out of ``start`` (:func:`_trace`), which says what it lacks. ``nationality``: a
    minor country's or Communist China's, the only ones the sources tell apart (30.24, 30.225C); a major power's
    units trace as its faction's."""
    refused = _not_a_start(pos, start, faction, SIDE_OF_FACTION[faction])
    if refused is not None:
        return Judged(None, unknown=(refused,))
    if to_urals:
        here = _urals_by_land(pos, start, faction, nationality, frozenset())
    else:
        here = _source(pos, start, start, faction, nationality, frozenset())
    if isinstance(here, Traced) and here.status == "full":
        return Judged(Traced(here.status, here.source, (start,), here.sea_line))
    found = pos.cached(_full_field, faction, nationality, to_urals).traced(start)
    if found is not None:
        return Judged(found)
    return _trace(pos, start, faction, nationality, frozenset(), to_urals)


def _trace(
    pos: Position,
    start: str,
    faction: Faction,
    nationality: str | None,
    skip_lines: frozenset[str],
    to_urals: bool = False,
) -> Judged[Traced | None]:
    side = SIDE_OF_FACTION[faction]
    refused = _not_a_start(pos, start, faction, side)
    if refused is not None:
        return Judged(None, unknown=(refused,))
    armor = pos.cached(_armor, side)
    parent: dict[str, str | None] = {start: None}
    zone = [start]
    queue = deque([start])
    found: list[Traced] = []
    straight: set[str] = set()
    onward: set[str] = set()  # hexes past the start a line has run on from (free of enemy ZoCs)
    doubt: Unknown | None = None
    while queue:
        here = queue.popleft()
        if to_urals:
            source = _urals_by_land(pos, here, faction, nationality, skip_lines)
        else:
            source = _source(pos, here, start, faction, nationality, skip_lines)
        if isinstance(source, Unknown):
            doubt = doubt or source
        elif source is not None:
            if _straight_in_shared_zoc(pos, here, start, parent, side, armor):
                # 30.322: not straight, but by a way round out of the source: one the search has run on from
                # already, or one that reaches it later
                way = _way_round(pos, here, start, onward, faction, side)
                if way is None:
                    straight.add(here)
                else:
                    parent[here] = way
            if here not in straight:
                found.append(_with_line(source, here, parent))
                if source.status == "full":
                    break
        if here != start:
            if isinstance(source, Traced) and _is_port_in_zoc(source, here, pos, side, armor):
                continue
            zoc = _enemy_zoc(pos, here, side, armor)
            if zoc is None:
                doubt = doubt or pos.missing_hex(here, "terrain (ZoC)")
                continue
            if zoc:
                continue  # the hexes of the line itself are free of enemy ZoCs (30.321)
            onward.add(here)
        for near in pos.grid.neighbours(here):
            if near in parent and near not in straight:
                continue
            step = _step(pos, here, near, faction, side)
            if step is True:
                if near in straight:
                    straight.discard(near)
                else:
                    zone.append(near)
                parent[near] = here
                queue.append(near)
            elif isinstance(step, Unknown):
                doubt = doubt or step
    best = max(found, key=lambda t: (RANK.get(t.status, 0), -len(t.line)), default=None)
    if best is not None and best.status == "full":
        return Judged(best)
    sea = _sea_doubt(pos, zone, faction, skip_lines)
    doubt = doubt or sea
    if doubt is not None:
        return Judged(None, unknown=(_cannot(doubt),))
    return Judged(best or UNSUPPLIED)


def _not_a_start(pos: Position, hex_: str, faction: Faction, side: str) -> Unknown | None:
    """Why no line is traced to ``hex_`` at all (sea, off the board, another side's, or a fact missing), else None."""
    first = _passable(pos, hex_, faction, side, subject=True)
    if first is True:
        return None
    return _cannot(first if isinstance(first, Unknown) else Unknown(reason=f"{hex_} is no land hex its side holds"))


@functools.lru_cache(maxsize=4096)
def _cannot(why: Unknown) -> Unknown:
    reason = why.reason.removeprefix("not checked: ")
    return Unknown(reason=f"cannot decide: {reason}", kind=why.kind)


def _armor(pos: Position, side: str) -> dict[str, list[Unit]]:
    return _enemy_armor(pos, side)


def _with_line(source: Traced, at: str, parent: dict[str, str | None]) -> Traced:
    line = [at]
    while (back := parent[line[-1]]) is not None:
        line.append(back)
    return Traced(source.status, source.source, tuple(line), source.sea_line)


def _straight_in_shared_zoc(
    pos: Position, source_hex: str, start: str, parent: dict[str, str | None], side: str, armor: dict[str, list[Unit]]
) -> bool:
    """30.322 for a source the search reached straight from its start (:func:`_shared_zoc`)."""
    return parent.get(source_hex) == start and _shared_zoc(pos, source_hex, start, side, armor)


def _way_round(pos: Position, source_hex: str, start: str, onward: set[str], faction: Faction, side: str) -> str | None:
    """A hex next to ``source_hex`` that the search out of ``start`` has run on from (so it is free of enemy ZoCs and
    linked to ``start``) and that a line may leave the source for (30.322's way round), or None."""
    for near in pos.grid.neighbours(source_hex):
        if near != start and near in onward and _step(pos, near, source_hex, faction, side) is True:
            return near
    return None


def _is_port_in_zoc(source: Traced, hex_: str, pos: Position, side: str, armor: dict[str, list[Unit]]) -> bool:
    """30.332A: sea supply into a port in an enemy ZoC supplies the port, but the line goes no further."""
    return source.sea_line is not None and bool(_enemy_zoc(pos, hex_, side, armor))


# ---------------------------------------------------------------------------------------------------------------------
# Full supply, once per faction and position


class _Field(msgspec.Struct, frozen=True):
    """Where ``faction`` traces full supply on the board as it stands: the full sources a line may enter, and for
    every other hex a line reaches, the next hex of its shortest line toward one (one search from every source at
    once, instead of one from each hex asked)."""

    sources: dict[str, Traced]
    toward: dict[str, str]

    def traced(self, hex_: str) -> Traced | None:
        """The full supply traced to ``hex_`` with its line (source hex first), or None where no line reaches it."""
        if hex_ not in self.toward:
            return None
        line = [hex_]
        while line[-1] not in self.sources:
            line.append(self.toward[line[-1]])
        found = self.sources[line[-1]]
        return Traced(found.status, found.source, tuple(reversed(line)), found.sea_line)


def _full_field(pos: Position, faction: Faction, nationality: str | None, to_urals: bool) -> _Field:
    """30.321-30.322 from the sources out: a line leaves a full source (or an open hex it reached: controlled, free
    of enemy ZoCs, not gained by isolation, 29.32) into each neighbour across no water (30.328); a hex next to its
    source is not reached straight from it when both lie in the ZoC of the same enemy armor unit (30.322)."""
    side = SIDE_OF_FACTION[faction]
    armor = pos.cached(_armor, side)
    sources: dict[str, Traced] = {}
    for hex_ in _candidates(pos, faction, nationality, to_urals):
        if to_urals:
            found = _urals_by_land(pos, hex_, faction, nationality, frozenset())
        else:
            found = _source(pos, hex_, "", faction, nationality, frozenset())
        if isinstance(found, Traced) and found.status == "full" and _enters(pos, hex_, faction, side):
            sources[hex_] = found
    toward: dict[str, str] = {}
    queue = deque(sources)
    while queue:
        here = queue.popleft()
        for near in pos.grid.neighbours(here):
            if near in toward or near in sources:
                continue
            side_facts = pos.hexside(here, near)
            if side_facts is not None and side_facts.all_water is not None and not side_facts.crossing_arrow:
                continue  # 30.328
            if here in sources and _shared_zoc(pos, here, near, side, armor):
                continue  # 30.322: not straight from the source; reached by a way round, it is supplied
            toward[near] = here
            if _enters(pos, near, faction, side) and _enemy_zoc(pos, near, side, armor) is False:
                queue.append(near)
    return _Field(sources, toward)


def _enters(pos: Position, hex_: str, faction: Faction, side: str) -> bool:
    """Whether a land line may run into ``hex_`` for certain (:func:`_step` without the hexside)."""
    return hex_ not in pos.state.land.isolation_gained and _passable(pos, hex_, faction, side, subject=False) is True


def _shared_zoc(pos: Position, source_hex: str, start: str, side: str, armor: dict[str, list[Unit]]) -> bool:
    """30.322: a hex next to its source may not trace straight to it when both are in the ZoC of the same enemy
    armor unit (the source's own fortification keeps the ZoC out, which :func:`_enemy_zoc` knows)."""
    reach_a = {u.id for n in pos.grid.neighbours(source_hex) for u in armor.get(n, ())}
    reach_b = {u.id for n in pos.grid.neighbours(start) for u in armor.get(n, ())}
    if not reach_a & reach_b:
        return False
    return bool(_enemy_zoc(pos, source_hex, side, armor)) and bool(_enemy_zoc(pos, start, side, armor))


def _candidates(pos: Position, faction: Faction, nationality: str | None, to_urals: bool) -> list[str]:
    """The hexes that may be a full source of ``faction``: the map data's named, capital and box hexes and the
    Urals edges (:func:`_places`), and the ports a sea supply line of this player turn ended in."""
    data = pos.map
    if data is None:
        return []
    named, edges = _places(data)
    russian = faction == "russia" or nationality == "communist_china"
    found = list(edges) if russian else []
    if not to_urals:
        found.extend(named)
        found.extend(
            line.traced.destination
            for line in pos.state.land.sea_lines.values()
            if line.traced.faction == faction and _is_hex(line.traced.destination)
        )
    elif russian:
        found.extend(h for h in named if (f := data.hex(h)) is not None and f.box == "urals")
    return list(dict.fromkeys(found))


@functools.lru_cache(maxsize=8)
def _places(data: MapData) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The map's hexes with a name, a capital or a box, and the hexes of the Urals edges (30.225B): the last hex of
    each European row A to Z and the first of each Pacific row A to L, where the extent gives them."""
    named = tuple(f.hex for f in data.hexes if f.name is not None or f.capital or f.box is not None)
    edges: list[str] = []
    for map_, rows, step in (("EUR", URALS_EDGE_ROWS, 1), ("PAC", PACIFIC_URALS_ROWS, -1)):
        extent = data.extent_of(map_)
        if extent is None:
            continue
        for hex_ in sorted(extent):
            row = hex_[4:].rstrip("0123456789")
            if row in rows and f"{map_}:{row}{int(hex_[4 + len(row) :]) + step}" not in extent:
                edges.append(hex_)
    return named, tuple(edges)


# ---------------------------------------------------------------------------------------------------------------------
# The hexes a line may run through


def _step(pos: Position, here: str, near: str, faction: Faction, side: str) -> bool | Unknown:
    """Whether a land line may run from ``here`` into ``near`` (True), may not for certain (False), or cannot be
    decided (the Unknown)."""
    side_facts = pos.hexside(here, near)
    if side_facts is not None and side_facts.all_water is not None and not side_facts.crossing_arrow:
        return False  # 30.328: water is crossed only at a crossing arrow
    if near in pos.state.land.isolation_gained:
        return False  # 29.32: no supply line through hexes gained by isolation until the next turn
    return _passable(pos, near, faction, side, subject=False)


def _passable(pos: Position, hex_: str, faction: Faction, side: str, *, subject: bool) -> bool | Unknown:
    data = pos.map
    if data is not None:
        extent = data.extent_of(hex_[:3])
        if extent is not None and hex_ not in extent:
            return False  # 30.311: no line off the board
    facts = pos.hex(hex_)
    if facts is None or facts.terrain is None:
        return pos.missing_hex(hex_, "terrain")
    if facts.terrain == "sea":
        return False
    if facts.terrain == "lake":
        return pos.missing_hex(hex_, "frozen lake (34.23C)")
    friendly = _friendly(pos, hex_, faction, side, facts.country)
    if friendly is not True:
        return friendly
    return _partisans(pos, hex_, side) if not subject else True


def _friendly(pos: Position, hex_: str, faction: Faction, side: str, country: str | None) -> bool | Unknown:
    """30.323: hexes of the tracing faction, its minors and its major power allies (the Western Allies and Russia
    trace through each other's only with consent, 29.24B: undecided). An unrecorded hex of a major power's home
    country counts as that power's (29.11: the scenario sets out each major power's hexes)."""
    holder = pos.state.board.control.get(hex_)
    if holder is None:
        if country is not None and country in FACTION_OF_POWER and FACTION_OF_POWER[country] == faction:
            return True
        return Unknown(reason=f"who controls {hex_} is not recorded", kind="hex control")
    if controller_faction(holder) == faction:
        return True
    holder_side = _holder_side(pos, holder)
    if holder_side == side:
        other = controller_faction(holder)
        if {faction, other} == {"western_allies", "russia"}:
            return Unknown(reason=f"whether Russia and the Western Allies agreed to trace through {hex_} (29.24B)")
        return True
    if holder_side is None and holder not in pos.state.board.statuses:
        return Unknown(reason=f"whose side {holder}, holding {hex_}, is on is not recorded", kind="hex control")
    return False


def _partisans(pos: Position, hex_: str, side: str) -> bool:
    """30.324: no line through enemy partisans; through friendly ones only where the hex was held before them."""
    for unit_id in pos.state.board.units_at.get(hex_, ()):
        unit = pos.state.board.units.get(unit_id)
        if (
            unit is not None
            and unit.unit_type == "partisan"
            and (_holder_side(pos, unit.owner) != side or hex_ in pos.state.land.partisan_held)
        ):
            return False
    return True


# ---------------------------------------------------------------------------------------------------------------------
# Sources


def _source(
    pos: Position, hex_: str, start: str, faction: Faction, nationality: str | None, skip_lines: frozenset[str]
) -> Traced | Unknown | None:
    """The supply the source in ``hex_`` gives a line to ``start`` (None: no source there for this faction)."""
    by_sea = _sea_source(pos, hex_, faction, skip_lines)
    if by_sea is not None:
        return by_sea
    facts = pos.hex(hex_)
    if facts is None:
        return None
    named = _named_source(pos, hex_, start, faction, nationality, facts.name)
    if named is not None:
        return named
    if facts.capital and facts.country is not None and facts.country not in FACTION_OF_POWER:
        own = nationality == facts.country and pos.state.board.statuses.get(facts.country) != "conquered"
        return Traced("full" if own else "partial", hex_)  # 30.24, 30.264
    if hex_ == start and (facts.industrial_centre or hex_ in pos.state.brp.ics):
        return Traced("partial", hex_)  # 30.267A: for the units in the IC only
    return _urals(pos, hex_, faction, nationality)


def _urals_by_land(
    pos: Position, hex_: str, faction: Faction, nationality: str | None, skip_lines: frozenset[str]
) -> Traced | Unknown | None:
    """The Urals box as the only source (27.43B); a sea supply line into ``hex_`` may carry the Urals' supply from
    the port it left, which is not followed: undecided."""
    if _sea_source(pos, hex_, faction, skip_lines) is not None:
        return Unknown(reason=f"whether the sea supply into {hex_} comes from the Urals box (27.43B)")
    return _urals(pos, hex_, faction, nationality)


def _urals(pos: Position, hex_: str, faction: Faction, nationality: str | None) -> Traced | Unknown | None:
    """The Urals box, reached through ``hex_`` (30.225B), for Russia and Communist Chinese units (30.225C)."""
    if faction != "russia" and nationality != "communist_china":
        return None
    facts = pos.hex(hex_)
    if facts is None:
        return None
    if _urals_edge(pos, hex_, facts.box, facts.country):
        return Traced("full", "urals")
    return _pacific_edge(pos, hex_, facts.country)


def _named_source(
    pos: Position, hex_: str, start: str, faction: Faction, nationality: str | None, name: str | None
) -> Traced | Unknown | None:
    if name is None:
        return None
    key = name.lower().replace(" ", "_")
    spec = sources(pos.meta.rules, pos.meta.options).get(key)
    if spec is None:
        return None
    if spec.scope == "in_hex" and hex_ != start:
        return None
    owner = spec.faction
    holder = pos.state.board.control.get(hex_)
    if spec.scope == "controller":
        if holder is None:
            return Unknown(reason=f"who controls {name} ({hex_}) is not recorded", kind="hex control")
        owner = FACTION_OF_POWER.get(holder, owner)  # type: ignore[call-overload]
    allowed = may_draw(faction, owner, nationality=nationality)
    if allowed == "no" or not _designated(pos, faction, key):
        return None
    if spec.needs is not None:
        return Unknown(reason=f"whether {name} is a source now ({spec.needs.replace('_', ' ')}, {spec.rule})")
    capital = spec.capital_of
    surrendered = capital is not None and capital in SURRENDERED_CAPITALS and _surrendered(pos, capital)
    enemy_held = holder is not None and controller_faction(holder) != FACTION_OF_POWER.get(capital)  # type: ignore[call-overload]
    if capital is not None and not surrendered and enemy_held:
        return None  # 30.263: an enemy-held capital of a power still at war supplies no one
    limited = spec.kind == "limited" or allowed == "limited" or surrendered
    return Traced("partial" if limited else "full", key)


def _surrendered(pos: Position, power: str) -> bool:
    return pos.state.board.statuses.get(power) in SURRENDER_STATUSES


def _designated(pos: Position, faction: Faction, source: str) -> bool:
    """30.212: a source switched off (or on) acts as designated only from the next game turn."""
    found = pos.state.land.designations.get(f"{faction}/{source}")
    if found is None:
        return True
    active, since = found
    return designated_active(active, since, pos.state.clock.turn, pos.meta.option(DESIGNATION_OPTION, "next_turn"))


def _urals_edge(pos: Position, hex_: str, box: str | None, country: str | None) -> bool:
    """30.225B: a Russian-held hex of the European map's eastern edge, A62 to Z53, leads to the Urals box."""
    if not hex_.startswith("EUR:") or country not in (None, "russia"):
        return False
    if controller_faction(pos.state.board.control.get(hex_)) != "russia" and country != "russia":
        return False
    if box == "urals":
        return True
    data = pos.map
    extent = data.extent_of("EUR") if data is not None else None
    row = hex_[4:].rstrip("0123456789")
    if extent is None or row not in URALS_EDGE_ROWS:
        return False
    column = int(hex_[4 + len(row) :])
    return f"EUR:{row}{column + 1}" not in extent and hex_ in extent


def _pacific_edge(pos: Position, hex_: str, country: str | None) -> Traced | Unknown | None:
    """30.225B: the Urals box supplies the Pacific map through the Russian hexes of its western edge, rows A to F
    (A23-F18), and rows G to L (G18-L15) if Communist China is a Russian minor ally, which no event records (then
    undecided). The edge is where the map data's extent ends to the west."""
    if not hex_.startswith("PAC:") or country not in (None, "russia"):
        return None
    if controller_faction(pos.state.board.control.get(hex_)) != "russia" and country != "russia":
        return None
    data = pos.map
    extent = data.extent_of("PAC") if data is not None else None
    row = hex_[4:].rstrip("0123456789")
    if extent is None or row not in PACIFIC_URALS_ROWS or hex_ not in extent:
        return None
    column = int(hex_[4 + len(row) :])
    if f"PAC:{row}{column - 1}" in extent:
        return None
    if row in PACIFIC_URALS_ROWS_IF_ALLIED:
        return Unknown(
            reason=f"whether Communist China is a Russian minor ally, for the Urals box through {hex_} (30.225B)",
            kind="supply source",
        )
    return Traced("full", "urals")


# ---------------------------------------------------------------------------------------------------------------------
# Sea supply into the zone (30.33)


def _sea_source(pos: Position, hex_: str, faction: Faction, skip_lines: frozenset[str]) -> Traced | Unknown | None:
    """A sea supply line of this player turn that ended in ``hex_`` (30.331B): what it carries, or None."""
    for line in pos.state.land.sea_lines.values():
        traced = line.traced
        if traced.destination != hex_ or traced.faction != faction or traced.purpose != "supply":
            continue
        if traced.line in skip_lines:
            continue
        if line.outcome is None:
            return Unknown(reason=f"sea supply line {traced.line} to {hex_} is not resolved yet", kind="sea supply")
        if line.outcome != "delivered":
            continue
        carried = _carried(pos, traced.origin, faction, skip_lines | {traced.line})
        if isinstance(carried, Unknown):
            return carried
        return Traced(carried, traced.origin, (), traced.line) if carried != "unsupplied" else None
    return None


def _carried(pos: Position, origin: str, faction: Faction, skip_lines: frozenset[str]) -> str | Unknown:
    """30.332C, 30.333: a line from a box carries full supply; from a port, the supply of the port's own zone
    (partial from a partially supplied one), never what came into that port by sea (30.331A, 30.332B)."""
    if not _is_hex(origin):
        return "full"
    into_origin = frozenset(
        line.traced.line for line in pos.state.land.sea_lines.values() if line.traced.destination == origin
    )
    if len(skip_lines) > 8:
        return Unknown(reason=f"the sea supply lines chained into {origin} are too many to follow", kind="sea supply")
    found = _trace(pos, origin, faction, None, skip_lines | into_origin)
    if found.answer is None:
        return found.unknown[0]
    return found.answer.status


def _sea_doubt(pos: Position, zone: list[str], faction: Faction, skip_lines: frozenset[str]) -> Unknown | None:
    """Where the zone could take sea supply (a port, a one-hex island, a bridgehead) and no sea line of this player
    turn ended in it, whether supply came by sea is not known."""
    ends = {
        line.traced.destination
        for line in pos.state.land.sea_lines.values()
        if line.traced.faction == faction and line.traced.line not in skip_lines
    }
    if any(h in ends for h in zone):
        return None
    for hex_ in zone:
        facts = pos.hex(hex_)
        if facts is None:
            continue
        if hex_ in pos.state.board.bridgeheads or facts.island or facts.name in ONE_HEX_BEACHES or facts.port:
            return Unknown(reason=f"whether sea supply reached {hex_} is not recorded (30.33)", kind="sea supply")
        if facts.port is None:
            return pos.missing_hex(hex_, "port")
    return None


# ---------------------------------------------------------------------------------------------------------------------
# Supply zones (30.342)


def supply_zone(pos: Position, hex_: str, faction: Faction) -> Judged[frozenset[str] | None]:
    """The hexes a land supply line of ``faction`` links to ``hex_`` (its supply zone, which takes one sea supply
    line a determination, 30.342): enemy ZoCs that cut the land between two ports make two zones. None where
    ``hex_`` is no land hex the faction holds; the unknown names the hexes at its edge it cannot judge."""
    side = SIDE_OF_FACTION[faction]
    refused = _not_a_start(pos, hex_, faction, side)
    if refused is not None:
        return Judged(None, unknown=(refused,))
    armor = pos.cached(_armor, side)
    seen = {hex_}
    queue = deque([hex_])
    doubt: list[Unknown] = []
    while queue:
        here = queue.popleft()
        if here != hex_:
            zoc = _enemy_zoc(pos, here, side, armor)
            if zoc is None:
                doubt.append(pos.missing_hex(here, "terrain (ZoC)"))
            if zoc is not False:
                continue
        for near in pos.grid.neighbours(here):
            if near in seen:
                continue
            step = _step(pos, here, near, faction, side)
            if step is True:
                seen.add(near)
                queue.append(near)
            elif isinstance(step, Unknown):
                doubt.append(step)
    return Judged(frozenset(seen), unknown=tuple(_cannot(d) for d in doubt[:1]))
