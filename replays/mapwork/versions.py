"""Map versions: a game moves to a newer version of its map data (``awaw map use``), as an event.

Before the change is appended the players see what it does to their game: the hexes the game has used (named by
any of its events, or where its board stands now) that the new extent leaves out; the facts of those hexes (and
of the hexsides between them) that the new data gives otherwise, or no longer gives; and what the audit of the
game's events would find if they were all read with the new data that it does not find now. :func:`plan_change`
works that out;
:func:`append_change` records it (``map_data_changed``, keeping the file in the store), from which point on the
checks read the new data (the fold replaces ``Meta.map_data``). The events before it keep the map data they were
played with.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

import msgspec

from awaw_events.codec import encode
from awaw_events.errors import InputError
from awaw_events.events import MapDataChanged
from awaw_events.log import Numbered as Input
from awaw_events.log import append_events
from awaw_events.store import GameStore, Numbered, Record
from projections.core import MapDataRef
from projections.rules.geometry import canonical, parse
from projections.rules.mapdata import HEX_FACTS, HEXSIDE_FACTS, MapData
from replays.audit.catalogue import audit, store_maps
from replays.audit.engine import Finding
from replays.maps import LoadedMap, declared_map_data, keep_map_data

HEX_ID: Final = re.compile(rb'"((?:EUR|PAC):[A-Z]{1,2}\d{1,2})"')
"""A hex id as a string value in an encoded event."""
SHOWN: Final = 4000
"""The most hexes a ``map_data_changed`` lists as dropped (the event's limit)."""


class FactChange(NamedTuple):
    """A fact of a hex (or hexside) the game has used that the new map data gives otherwise (``new`` None: it no
    longer gives it)."""

    where: str
    fact: str
    old: object
    new: object


class MapChange(NamedTuple):
    """What moving a game to other map data does, and the event that records it."""

    timeline: str
    old: MapData | None
    old_ref: MapDataRef | None
    new: MapData
    used: int
    """How many hexes the game has used (named by its events)."""
    dropped: tuple[str, ...]
    changed: tuple[FactChange, ...]
    findings: tuple[Finding, ...]
    """What the audit of the game's events would find with the new data and does not find now."""
    events: int
    event: MapDataChanged


def hexes_used(records: Iterable[Numbered | Record]) -> set[str]:
    """Every hex id the events name (paths, locations, targets, control ...), in its canonical spelling."""
    found: set[str] = set()
    for record in records:
        for raw in HEX_ID.findall(encode(record.event)):
            try:
                found.add(canonical(raw.decode()))
            except InputError:
                continue
    return found


def _value(entry: object, fact: str) -> object:
    value = getattr(entry, fact) if entry is not None else None
    return None if value in (None, (), "") else value


def fact_changes(old: MapData | None, new: MapData, used: set[str]) -> tuple[FactChange, ...]:
    """The facts of the hexes in ``used`` (and of the hexsides between two of them) that ``old`` gives and ``new``
    gives otherwise or not at all."""
    if old is None:
        return ()
    found: list[FactChange] = []
    for h in sorted(used, key=parse):
        was, now = old.written(h), new.written(h)
        for fact in sorted(HEX_FACTS):
            before = _value(was, fact)
            if before is not None and before != _value(now, fact):
                found.append(FactChange(h, fact, before, _value(now, fact)))
    for side in old.written_hexsides:
        a, b = side.between
        if a in used and b in used:
            now_side = new.written_side(a, b)
            for fact in sorted(HEXSIDE_FACTS):
                before = _value(side, fact)
                if before is not None and before != _value(now_side, fact):
                    found.append(FactChange(f"{a}/{b}", fact, before, _value(now_side, fact)))
    return tuple(found)


def _key(f: Finding) -> tuple[int, str, str]:
    return (f.seq, f.check, f.message)


def plan_change(
    store: GameStore, timeline: str, loaded: LoadedMap, *, reason: str = "", agreed_by: Sequence[str] = ()
) -> MapChange:
    """What moving ``timeline`` to ``loaded`` would do (nothing is written). Raises :class:`InputError` when the
    game already uses exactly these facts."""
    new = loaded.data
    declared = declared_map_data(store, timeline)
    if declared.declared is not None and declared.declared.sha256 == new.sha256:
        raise InputError(f"{timeline!r} already uses these facts ({new.name} version {new.version}): nothing to do")
    handle = store.open(timeline)
    records = list(handle.effective_events(1, handle.count))
    used = hexes_used(records)
    extent_dropped = tuple(h for h in sorted(used, key=parse) if new.exists(h) is False)
    current = store_maps(store)
    old_sha = declared.declared.sha256 if declared.declared is not None else None

    def with_new(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return new, None  # every event read with the new facts: what they say of the game played so far

    now = {_key(f) for f in audit(records, maps=current).findings}
    then = tuple(f for f in audit(records, maps=with_new).findings if _key(f) not in now)
    last = records[-1].event if records else None
    if last is None:
        raise InputError(f"{timeline!r} has no events: start it with awaw new --map-data instead")
    changed = fact_changes(declared.data, new, used)
    event = MapDataChanged(
        year=last.year,
        season=last.season,
        side=last.side,
        phase=last.phase,
        name=new.name,
        version=new.version,
        sha256=new.sha256,
        previous_sha256=old_sha,
        source=loaded.source,
        hexes=len(new.hexes),
        hexsides=len(new.hexsides),
        dropped=list(extent_dropped[:SHOWN]),
        changed=len(changed),
        reason=reason,
        agreed_by=list(agreed_by),
    )
    return MapChange(
        timeline,
        declared.data,
        declared.declared,
        new,
        len(used),
        extent_dropped,
        changed,
        then,
        handle.count,
        event,
    )


def append_change(store: GameStore, change: MapChange, loaded: LoadedMap) -> Record:
    """Record the change (the map data kept in the store with it), refused if the game moved on since the plan."""
    with store.transaction():
        keep_map_data(store, loaded)
        [record] = append_events(
            store, change.timeline, [Input("the map data change", change.event)], expected_count=change.events
        )
    return record


def change_lines(change: MapChange, *, shown: int = 20) -> list[str]:
    """What the change does, for people (at most ``shown`` lines of each list)."""
    old = (
        f"{change.old.name} version {change.old.version} (sha256 {change.old.sha256[:12]}...)"
        if change.old is not None
        else (f"{change.old_ref.name} version {change.old_ref.version}" if change.old_ref else "no map data")
    )
    new = change.new
    out = [
        f"{change.timeline} uses {old}",
        f"the new map data: {new.name} version {new.version} (sha256 {new.sha256[:12]}...)",
        f"its extent leaves out {len(change.dropped):,} of the {change.used:,} hexes the game has used"
        + (":" if change.dropped else ""),
    ]
    out += [f"  {h}" for h in change.dropped[:shown]]
    if len(change.dropped) > shown:
        out.append(f"  ... and {len(change.dropped) - shown:,} more")
    out.append(
        f"it gives otherwise {len(change.changed):,} fact(s) of the hexes the game has used"
        + (":" if change.changed else "")
    )
    for c in change.changed[:shown]:
        out.append(f"  {c.where} {c.fact}: {_shown(c.old)} -> {_shown(c.new)}")
    if len(change.changed) > shown:
        out.append(f"  ... and {len(change.changed) - shown:,} more")
    out.append(
        f"read with it, the {change.events:,} events give {len(change.findings):,} finding(s) they do not give now"
        + (":" if change.findings else "")
    )
    for f in change.findings[:shown]:
        out += textwrap.wrap(
            f"event {f.seq} {f.rule} {f.check}: {f.message}", 78, initial_indent="  ", subsequent_indent="    "
        )
    if len(change.findings) > shown:
        out.append(f"  ... and {len(change.findings) - shown:,} more")
    return out


def _shown(value: object) -> str:
    if value is None:
        return "(not given)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


def change_data(change: MapChange) -> dict[str, object]:
    """The change as data (``--json``)."""
    return {
        "timeline": change.timeline,
        "old": None if change.old_ref is None else msgspec.to_builtins(change.old_ref),
        "new": {"name": change.new.name, "version": change.new.version, "sha256": change.new.sha256},
        "hexes_used": change.used,
        "dropped": list(change.dropped),
        "changed": [{"where": c.where, "fact": c.fact, "old": c.old, "new": c.new} for c in change.changed],
        "new_findings": [msgspec.to_builtins(f) for f in change.findings],
        "event": msgspec.to_builtins(change.event),
    }
