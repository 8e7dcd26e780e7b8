"""``awaw map merge``: the facts of one map-data file added to another's, and every disagreement between them.

:func:`merge` takes a BASE and an OTHER file (:class:`projections.rules.mapdata.MapData`, their entries as written,
sampled facts included) and goes fact by fact, for each hex and hexside either gives, and for each map's extent:

* a fact only one file gives is kept (with its provenance: sampled stays sampled);
* a fact both give alike is kept once, confirmed if either file confirms it (a person's fact and a sampled one that
  agree make a confirmed one), the higher confidence if both only sampled it;
* a **sampled fact never overrides a confirmed one**, in either direction: the confirmed value is kept and the
  sampled one is listed as set aside (``set_aside``), which is no contradiction;
* two confirmed facts (or two sampled ones) that differ, and two extents of one map that differ, are
  **contradictions**, each listed with both values: nothing is merged unless ``prefer`` says whose value wins.

A merged entry's ``rules`` are those of the entries its facts come from (the format gives rules per entry). The
result must still be map data: an entry outside the merged extent of its map is refused (:class:`MergeError`,
naming the entry and the file it comes from). Pure: map data in, a :class:`Merged` out; the CLI reads and writes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, Literal, NamedTuple

import msgspec

from awaw_events.errors import InputError
from projections.rules.geometry import parse
from projections.rules.mapdata import (
    HEX_FACTS,
    HEXSIDE_FACTS,
    HexFacts,
    HexsideFacts,
    MapData,
    MapExtent,
    MapFile,
    Provenance,
    row_runs,
)

Prefer = Literal["base", "other"]

NOTE_MAX: Final = 400
"""The longest note an entry may carry (``HexFacts.note``): two notes are joined only when they fit."""


class MergeError(InputError):
    """The two files cannot make one map-data file (an entry outside the merged extent): nothing is written."""


class Contradiction(msgspec.Struct, frozen=True):
    """One fact (or one map's extent) the two files give otherwise: where, which fact, and both values as shown
    (a sampled value says so, with its confidence)."""

    entry: str
    fact: str
    base: str
    other: str


class Merged(NamedTuple):
    """What :func:`merge` found, and the merged file (None when a contradiction stands and nothing was preferred)."""

    file: MapFile | None
    added: tuple[str, ...]
    """The facts of OTHER that BASE did not give (``EUR:K37 terrain: forest``)."""
    confirmed: tuple[str, ...]
    """The facts BASE only sampled that OTHER confirms with the same value."""
    set_aside: tuple[str, ...]
    """Sampled values that a confirmed value of the other file outranks (``... (sampled in OTHER, 0.62)``)."""
    contradictions: tuple[Contradiction, ...]
    prefer: Prefer | None


Entry = HexFacts | HexsideFacts


def _shown(value: object) -> str:
    return ",".join(str(v) for v in value) if isinstance(value, tuple) else str(value)


def _value(entry: Entry | None, fact: str) -> object | None:
    value = getattr(entry, fact) if entry is not None else None
    return None if value in (None, ()) else value


def _sampled(entry: Entry | None, fact: str) -> Provenance | None:
    return next((p for p in entry.provenance if p.fact == fact), None) if entry is not None else None


def _as_shown(value: object, sampled: Provenance | None) -> str:
    return _shown(value) + (f" (sampled, {sampled.confidence:.2f})" if sampled is not None else "")


class _Tally(NamedTuple):
    added: list[str]
    confirmed: list[str]
    set_aside: list[str]
    contradictions: list[Contradiction]


def _note(base: Entry | None, other: Entry | None) -> str:
    notes = [n for n in (base.note if base else "", other.note if other else "") if n]
    if len(notes) == 2 and notes[0] != notes[1] and len(joined := f"{notes[0]} {notes[1]}") <= NOTE_MAX:
        return joined
    return notes[0] if notes else ""


def _entry(
    where: str,
    base: Entry | None,
    other: Entry | None,
    facts: frozenset[str],
    prefer: Prefer | None,
    tally: _Tally,
) -> dict[str, object]:
    """The merged entry's facts, rules, note and provenance (as keyword arguments of its struct)."""
    fields: dict[str, object] = {}
    provenance: list[Provenance] = []
    used = {"base": False, "other": False}

    def keep(value: object, sampled: Provenance | None, *whose: str) -> None:
        fields[fact] = value
        if sampled is not None:
            provenance.append(sampled)
        for w in whose:
            used[w] = True

    for fact in sorted(facts):
        b, o = _value(base, fact), _value(other, fact)
        bs, os_ = _sampled(base, fact), _sampled(other, fact)
        if o is None:
            if b is not None:
                keep(b, bs, "base")
        elif b is None:
            keep(o, os_, "other")
            tally.added.append(f"{where} {fact}: {_as_shown(o, os_)}")
        elif b == o:
            if bs is not None and os_ is not None:
                keep(b, bs if bs.confidence >= os_.confidence else os_, "base", "other")
            else:
                keep(b, None, "base", "other")
                if bs is not None:
                    tally.confirmed.append(f"{where} {fact}: {_shown(b)}")
        elif bs is None and os_ is not None:
            keep(b, None, "base")
            tally.set_aside.append(f"{where} {fact}: {_as_shown(o, os_)} in OTHER; BASE confirms {_shown(b)}")
        elif bs is not None and os_ is None:
            keep(o, None, "other")
            tally.set_aside.append(f"{where} {fact}: {_as_shown(b, bs)} in BASE; OTHER confirms {_shown(o)}")
        else:
            tally.contradictions.append(Contradiction(where, fact, _as_shown(b, bs), _as_shown(o, os_)))
            if prefer == "other":
                keep(o, os_, "other")
            else:
                keep(b, bs, "base")
    rules: set[str] = set()
    for whose, entry in (("base", base), ("other", other)):
        if entry is not None and (used[whose] or not fields):
            rules.update(entry.rules)
    fields["rules"] = tuple(sorted(rules))
    fields["note"] = _note(base, other)
    fields["provenance"] = tuple(sorted(provenance, key=lambda p: p.fact))
    return fields


def _extents(
    base: MapData, other: MapData, prefer: Prefer | None, tally: _Tally
) -> tuple[tuple[MapExtent, ...], dict[str, tuple[str, frozenset[str]]]]:
    """The merged extent of each map, and for each, whose it is (``BASE``, ``OTHER`` or both) and its hexes."""
    theirs = {e.map: e for e in other.extent}
    ours = {e.map: e for e in base.extent}
    out: list[MapExtent] = []
    whose: dict[str, tuple[str, frozenset[str]]] = {}
    for map_ in sorted(set(ours) | set(theirs)):
        b, o = base.extent_of(map_), other.extent_of(map_)
        if o is None or b == o:
            out.append(ours[map_])
            whose[map_] = ("BASE" if o is None else "BASE and OTHER", b or frozenset())
            continue
        if b is None:
            out.append(theirs[map_])
            whose[map_] = ("OTHER", o)
            continue
        tally.contradictions.append(
            Contradiction(
                map_,
                "extent",
                f"{len(b):,} hexes ({len(b - o):,} not in OTHER's)",
                f"{len(o):,} hexes ({len(o - b):,} not in BASE's)",
            )
        )
        chosen = theirs if prefer == "other" else ours
        out.append(msgspec.structs.replace(chosen[map_], hexes=row_runs(o if prefer == "other" else b)))
        whose[map_] = ("OTHER" if prefer == "other" else "BASE", o if prefer == "other" else b)
    return tuple(out), whose


def _outside(
    entries: Sequence[tuple[Sequence[str], Entry | None, Entry | None]], whose: dict[str, tuple[str, frozenset[str]]]
) -> Iterator[str]:
    for hexes, base, other in entries:
        for h in hexes:
            known = whose.get(parse(h).map)
            if known is not None and h not in known[1]:
                came = "BASE" if base is not None and other is None else "OTHER" if base is None else "BASE and OTHER"
                where = hexes[0] if len(hexes) == 1 else f"{hexes[0]}/{hexes[1].split(':', 1)[1]}"
                yield f"{where} (from {came}) is outside the {parse(h).map} extent of {known[0]}"


def merge(base: MapData, other: MapData, *, prefer: Prefer | None = None) -> Merged:
    """OTHER's facts added to BASE's, as the module docstring says: the merged file keeps BASE's name, version and
    description. Raises :class:`MergeError` when an entry lies outside the merged extent of its map."""
    tally = _Tally([], [], [], [])
    extent, whose = _extents(base, other, prefer, tally)
    hexes: list[HexFacts] = []
    seen: list[tuple[Sequence[str], Entry | None, Entry | None]] = []
    for h in sorted({f.hex for f in (*base.written_hexes, *other.written_hexes)}, key=parse):
        b, o = base.written(h), other.written(h)
        seen.append(((h,), b, o))
        fields = _entry(h, b, o, HEX_FACTS, prefer, tally)
        hexes.append(HexFacts(hex=h, **fields))  # type: ignore[arg-type]
    sides: list[HexsideFacts] = []
    keys = {s.between for s in (*base.written_hexsides, *other.written_hexsides)}
    for a, c in sorted(keys, key=lambda k: (parse(k[0]), parse(k[1]))):
        bs, os_ = base.written_side(a, c), other.written_side(a, c)
        seen.append(((a, c), bs, os_))
        fields = _entry(f"{a}/{c.split(':', 1)[1]}", bs, os_, HEXSIDE_FACTS, prefer, tally)
        sides.append(HexsideFacts(between=(a, c), **fields))  # type: ignore[arg-type]
    stray = next(_outside(seen, whose), None)
    if stray is not None:
        raise MergeError(f"cannot merge: {stray}")
    standing = bool(tally.contradictions) and prefer is None
    file = (
        None
        if standing
        else MapFile(
            format="awaw-map-data/1",
            name=base.name,
            version=base.version,
            description=base.description,
            extent=extent,
            hexes=tuple(hexes),
            hexsides=tuple(sides),
        )
    )
    return Merged(
        file,
        tuple(tally.added),
        tuple(tally.confirmed),
        tuple(tally.set_aside),
        tuple(tally.contradictions),
        prefer,
    )


__all__ = ["Contradiction", "MergeError", "Merged", "Prefer", "merge"]
