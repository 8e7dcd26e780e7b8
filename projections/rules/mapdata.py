"""Map data: the facts of hexes and hexsides that geometry cannot give (terrain, rivers, coasts, countries ...).

The format (``docs/map-data.md``) is a YAML file of per-hex and per-hexside entries, each naming the rule(s) it comes
from, and, per mapboard, the extent (which hexes exist). This module holds its typed structs, the frozen
:class:`MapData` with O(1) lookups, the canonical encoding and its SHA-256 (the identity a game records in
``map_data_used``), and the wordings a check uses when a fact is missing (:func:`no_map_data`) or was sampled from
an image and nobody confirmed it (:func:`not_confirmed`).

**Sampled facts are kept apart.** A fact proposed by sampling a map image carries ``provenance`` (``source:
sampled`` and a ``confidence``) in its entry until a person confirms it (deletes the provenance). :class:`MapData`
answers checks with the *confirmed* facts only (:meth:`MapData.hex`, :meth:`MapData.hexside`, ``hexes``): a sampled,
unconfirmed fact is absent there, so no finding can rest on one, and :meth:`MapData.sampled` says, in one look-up,
that the fact is there but unconfirmed, for the "not checked: sampled, unconfirmed" wording. The entries as written
(sampled values included) are :meth:`MapData.written` and ``written_hexes``, for the board and the editor.

**Where the layers split, and why.** The structs and lookups live here, in ``projections/rules``, because they are
rules knowledge that checks read beside the state, and :mod:`projections.rules.geometry` validates hexsides. Reading
a file, parsing YAML with line numbers and the store's copy of a game's map data live in :mod:`replays.maps`:
projections do no I/O (a test bans it), and the game log layer (``awaw_events``) cannot import these structs, so
the loader cannot sit with the event importers in ``awaw_events/io.py``. ``awaw_events`` only carries the
declaration (the ``map_data_used`` event) and keeps a file's bytes in the store by hash.

**Unknown is not false.** Every fact is optional: ``None`` means "the map data does not say", never "no". A check
that needs a fact the data does not give reports ``not checked: no map data for EUR:K37`` and never guesses
(DESIGN). Geometry (adjacency, distance) never needs map data.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Final, Literal, TypeVar

import msgspec
from msgspec import Meta

from awaw_events.events.base import Hex
from awaw_events.vocab import Front, WeatherZone
from projections.rules.geometry import (
    PACIFIC_GRIDS,
    ROW_LABELS,
    GeometryError,
    Grid,
    MapName,
    canonical,
    hexes_of,
    hexside_key,
    parse,
)

FORMAT: Final = "awaw-map-data/1"
"""The format a map-data file declares in its ``format`` field (docs/map-data.md)."""

Terrain = Literal[
    "clear", "forest", "mountain", "swamp", "jungle", "jungle_mountain", "desert", "outback", "lake", "sea"
]
"""Terrain of a whole hex (13.41B-C; 10-16 extract 4.1; 34.23C for lake hexes). ``sea`` is an all-sea hex."""

Fortification = Literal["maginot", "west_wall", "fortress", "fortification"]
"""Fortifications printed on the map or present at the start (32.4): the Maginot Line and the West Wall are
directional lines of hexsides; ``fortress`` and ``fortification`` are the 32.1 kinds."""

HexsideFeature = Literal["qattara", "himalaya", "outback", "chott_el_jerid"]
"""Named terrain along a hexside: all-Qattara (13.43B), all-Himalaya (13.43C), all-outback (13.43D) hexsides are
impassable to ground movement; the Chott el Jerid hexsides only in Winter turns under the A3R house rule
``terrain.chott_el_jerid_winter``. Map data says which hexsides they are; the rules say what they do."""

Edge = Literal["north", "south", "east", "west"]

E = TypeVar("E", "HexFacts", "HexsideFacts")

Rule = Annotated[str, Meta(min_length=1, max_length=80)]
Text = Annotated[str, Meta(max_length=400)]
Word = Annotated[str, Meta(min_length=1, max_length=60, pattern=r"^[a-z][a-z0-9_]*$")]
"""A lower-case identifier: a country (``russia``, ``communist_china``), a box (``urals``), a strait ..."""
Rules = Annotated[tuple[Rule, ...], Meta(min_length=1, max_length=20)]

FactName = Annotated[str, Meta(min_length=1, max_length=40, pattern=r"^[a-z][a-z_]*$")]
"""The name of a fact of an entry (a field of :class:`HexFacts` or :class:`HexsideFacts`: ``terrain``, ``river``)."""

Confidence = Annotated[float, Meta(ge=0.0, le=1.0)]
"""How sure a sampler is of a fact it proposes, from 0 (a guess) to 1."""

HexRange = Annotated[str, Meta(min_length=1, max_length=40)]
"""A hex id (``EUR:K37``) or a block of rows and columns (``EUR:K30..P42``; one row: ``EUR:A23..A62``)."""


class Provenance(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Where one fact of an entry came from, when no person confirmed it: ``source: sampled`` (read off a map image
    by ``awaw map sample``) with the sampler's ``confidence``. A fact with no provenance is a person's (typed or
    confirmed); confirming a sampled fact is deleting its provenance."""

    fact: FactName
    source: Literal["sampled"]
    confidence: Confidence


class HexFacts(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The facts the map data gives about one hex, and the rules they come from (``rules``, required). Every fact
    is optional: ``None`` (or an empty list) means the data does not say, never "no"."""

    hex: Hex
    name: Annotated[str, Meta(min_length=1, max_length=80)] | None = None
    terrain: Terrain | None = None
    country: Word | None = None
    area: Annotated[str, Meta(min_length=1, max_length=80)] | None = None
    capital: bool | None = None
    objective: bool | None = None
    city: bool | None = None
    port: bool | None = None
    coastal: bool | None = None
    beach: bool | None = None
    island: bool | None = None
    industrial_centre: bool | None = None
    oil_centre: bool | None = None
    resources: tuple[Word, ...] = ()
    front: Front | None = None
    weather_zone: WeatherZone | None = None
    supply_source: Word | None = None
    fortification: Fortification | None = None
    fortification_faces: tuple[Word, ...] = ()
    strait: Word | None = None
    route: Word | None = None
    box: Word | None = None
    edge: tuple[Edge, ...] = ()
    partial: bool | None = None
    rules: Rules
    note: Text = ""
    provenance: tuple[Provenance, ...] = ()
    """The facts of this entry that were sampled and nobody confirmed (:class:`Provenance`); empty: all confirmed."""


class HexsideFacts(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The facts the map data gives about the hexside between two adjacent hexes (``between``, either order), and
    the rules they come from (``rules``, required)."""

    between: tuple[Hex, Hex]
    river: Literal["river", "canal"] | None = None
    crossing_arrow: bool | None = None
    all_water: Literal["ocean", "lake"] | None = None
    coast: bool | None = None
    feature: HexsideFeature | None = None
    fortification: Fortification | None = None
    fortification_of: Hex | None = None
    """The hex whose (directional) fortification or fortress covers this hexside (32.43B: Sevastopol, V38)."""
    rules: Rules
    note: Text = ""
    provenance: tuple[Provenance, ...] = ()
    """The facts of this entry that were sampled and nobody confirmed (:class:`Provenance`); empty: all confirmed."""


class MapExtent(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """Which hexes exist on one mapboard: ids and blocks of rows and columns (``EUR:A23..A62``, one block a row for
    a slanted edge). A map with an extent has no other hexes; a map without one says nothing of which exist."""

    map: MapName
    hexes: Annotated[tuple[HexRange, ...], Meta(min_length=1, max_length=2000)]
    note: Text = ""


class MapFile(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A map-data file as written (docs/map-data.md)."""

    format: Literal["awaw-map-data/1"]
    name: Annotated[str, Meta(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")]
    version: Annotated[str, Meta(min_length=1, max_length=40)]
    description: Annotated[str, Meta(max_length=2000)] = ""
    extent: tuple[MapExtent, ...] = ()
    hexes: tuple[HexFacts, ...] = ()
    hexsides: tuple[HexsideFacts, ...] = ()


class MapDataError(ValueError):
    """Map data whose entries contradict each other or the geometry: ``index`` says which entry of which list."""

    def __init__(self, message: str, *, section: str, index: int) -> None:
        self.section = section
        self.index = index
        super().__init__(message)


HEX_FACTS: Final[frozenset[str]] = frozenset(HexFacts.__struct_fields__) - {"hex", "rules", "note", "provenance"}
"""The facts a hex entry can give (what :class:`Provenance` may name)."""
HEXSIDE_FACTS: Final[frozenset[str]] = frozenset(HexsideFacts.__struct_fields__) - {
    "between",
    "rules",
    "note",
    "provenance",
}
"""The facts a hexside entry can give."""


def _facts_typed(struct: type[msgspec.Struct], kind: type) -> frozenset[str]:
    return frozenset(f.name for f in msgspec.structs.fields(struct) if f.type == kind | None)


BOOLEAN_FACTS: Final[frozenset[str]] = _facts_typed(HexFacts, bool)
"""The yes-or-no facts of a hex entry (``port``, ``coastal`` ...), read off the struct."""
LIST_FACTS: Final[frozenset[str]] = frozenset(
    f.name for f in msgspec.structs.fields(HexFacts) if f.name in HEX_FACTS and f.default == ()
)
"""The facts of a hex entry that are lists (``resources``, ``fortification_faces``, ``edge``)."""
HEXSIDE_BOOLEAN_FACTS: Final[frozenset[str]] = _facts_typed(HexsideFacts, bool)
"""The yes-or-no facts of a hexside entry (``crossing_arrow``, ``coast``)."""
LAND_FACTS: Final[tuple[str, ...]] = ("country", "front", "weather_zone", *sorted(BOOLEAN_FACTS))
"""The facts every land hex of a complete map gives (``awaw map check`` counts them over the hexes not known to be
sea): its country, front and weather zone, and every yes-or-no fact."""
PLACE_FACTS: Final[tuple[str, ...]] = tuple(
    n for n in HexFacts.__struct_fields__ if n in HEX_FACTS and n != "terrain" and n not in LAND_FACTS
)
"""The facts only some hexes have (names, straits, boxes, fortifications ...): counted, never "incomplete"."""


_ENTRY: Final = {"hexes": "hex", "hexsides": "hexside"}


def _given(entry: HexFacts | HexsideFacts, name: str) -> bool:
    return getattr(entry, name) not in (None, ())


def _normal_provenance(
    entry: HexFacts | HexsideFacts, facts: frozenset[str], *, section: str, index: int
) -> tuple[Provenance, ...]:
    """The provenance of an entry sorted by fact, each naming a fact the entry gives, once."""
    seen: set[str] = set()
    for p in entry.provenance:
        if p.fact not in facts:
            raise MapDataError(
                f"provenance names {p.fact!r}, which is not a fact of a {section[:-2]} entry",
                section=section,
                index=index,
            )
        if not _given(entry, p.fact):
            raise MapDataError(
                f"provenance names {p.fact!r}, which this entry does not give", section=section, index=index
            )
        if p.fact in seen:
            raise MapDataError(f"provenance names {p.fact!r} twice", section=section, index=index)
        seen.add(p.fact)
    return tuple(sorted(entry.provenance, key=lambda p: p.fact))


def _normal_hex(facts: HexFacts, index: int) -> HexFacts:
    return msgspec.structs.replace(
        facts,
        hex=canonical(facts.hex),
        rules=tuple(sorted(set(facts.rules))),
        fortification_faces=tuple(sorted(set(facts.fortification_faces))),
        resources=tuple(sorted(set(facts.resources))),
        edge=tuple(sorted(set(facts.edge))),
        provenance=_normal_provenance(facts, HEX_FACTS, section="hexes", index=index),
    )


def _adjacent_somehow(a: str, b: str) -> bool:
    """European hexsides follow the European grid; a Pacific hexside is accepted if it is one under either
    reading of ``map.pacific_grid`` (map data does not choose the game's option)."""
    if parse(a).map == "EUR":
        return Grid().adjacent(a, b)
    return any(Grid(g).adjacent(a, b) for g in PACIFIC_GRIDS)


def _normal_side(facts: HexsideFacts, index: int) -> HexsideFacts:
    a, b = facts.between
    if parse(a).map != parse(b).map:
        raise MapDataError(
            f"a hexside joins two hexes of one map, not {a!r} and {b!r}", section="hexsides", index=index
        )
    if not _adjacent_somehow(a, b):
        raise MapDataError(
            f"{a!r} and {b!r} are not adjacent (10-16 extract 1.15): no hexside joins them",
            section="hexsides",
            index=index,
        )
    owner = facts.fortification_of
    if owner is not None and canonical(owner) not in (canonical(a), canonical(b)):
        raise MapDataError(
            f"fortification_of {owner!r} is neither side of the hexside {a!r}-{b!r}", section="hexsides", index=index
        )
    return msgspec.structs.replace(
        facts,
        between=hexside_key(a, b),
        rules=tuple(sorted(set(facts.rules))),
        fortification_of=canonical(owner) if owner is not None else None,
        provenance=_normal_provenance(facts, HEXSIDE_FACTS, section="hexsides", index=index),
    )


def _confirmed(entry: E) -> E:
    """An entry with its sampled, unconfirmed facts left out (itself when it has none): what checks may read."""
    if not entry.provenance:
        return entry
    blank: dict[str, object] = {
        p.fact: () if isinstance(getattr(entry, p.fact), tuple) else None for p in entry.provenance
    }
    return msgspec.structs.replace(entry, provenance=(), **blank)


def row_runs(hexes: Iterable[str]) -> tuple[str, ...]:
    """Hexes as blocks of one row each, ``EUR:A23..A62``, in map, row and column order (a single hex: its id): the
    shortest list of one-row blocks that :func:`geometry.hexes_of` reads back as exactly these hexes."""
    cols: dict[tuple[str, int], list[int]] = {}
    for h in hexes:
        p = parse(h)
        cols.setdefault((p.map, p.row), []).append(p.col)
    out: list[str] = []
    for (map_, row), found in sorted(cols.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        found = sorted(set(found))
        start = prev = found[0]
        for c in [*found[1:], None]:
            if c is not None and c == prev + 1:
                prev = c
                continue
            first = f"{map_}:{ROW_LABELS[row]}{start}"
            out.append(first if start == prev else f"{first}..{ROW_LABELS[row]}{prev}")
            if c is not None:
                start = prev = c
    return tuple(out)


def _normal_extents(extents: Iterable[MapExtent]) -> tuple[tuple[MapExtent, ...], dict[str, frozenset[str]]]:
    """Each map's extent as one-row blocks (its canonical form) and as a set of hex ids."""
    sets: dict[str, frozenset[str]] = {}
    normal: list[MapExtent] = []
    for index, extent in enumerate(extents):
        if extent.map in sets:
            raise MapDataError(f"the extent of {extent.map} is given twice", section="extent", index=index)
        try:
            found = hexes_of(extent.hexes)
        except GeometryError as exc:
            raise MapDataError(str(exc), section="extent", index=index) from None
        stray = next((h for h in found if parse(h).map != extent.map), None)
        if stray is not None:
            raise MapDataError(
                f"{stray} is not on the {extent.map} map this extent describes", section="extent", index=index
            )
        sets[extent.map] = frozenset(found)
        normal.append(msgspec.structs.replace(extent, hexes=row_runs(found)))
    return tuple(sorted(normal, key=lambda e: e.map)), sets


def _outside(extents: Mapping[str, frozenset[str]], hex_id: str) -> bool:
    """Is the hex on a map with an extent that does not include it?"""
    known = extents.get(parse(hex_id).map)
    return known is not None and hex_id not in known


@dataclass(frozen=True, eq=False)
class MapData:
    """Map data ready for checks: its identity, its entries in canonical order, and O(1) lookups.

    Build it with :meth:`of` (from a :class:`MapFile`); two ``MapData`` are equal when their facts are
    (``sha256``), whatever their names or the order and spelling of the file they came from. ``hexes`` and
    ``hexsides`` (and every look-up but :meth:`written`) give the confirmed facts only: a sampled fact nobody
    confirmed is left out there (:meth:`sampled` says it is there); ``written_hexes`` and ``written_hexsides`` are
    the entries as the file gives them.
    """

    name: str
    version: str
    description: str
    hexes: tuple[HexFacts, ...]
    hexsides: tuple[HexsideFacts, ...]
    sha256: str
    _by_hex: Mapping[str, HexFacts] = field(repr=False)
    _by_side: Mapping[tuple[str, str], HexsideFacts] = field(repr=False)
    _sides_of: Mapping[str, tuple[HexsideFacts, ...]] = field(repr=False)
    extent: tuple[MapExtent, ...]
    """Which hexes exist, per map, as one-row blocks (canonical); a map not listed: the data does not say."""
    written_hexes: tuple[HexFacts, ...]
    written_hexsides: tuple[HexsideFacts, ...]
    _extents: Mapping[str, frozenset[str]] = field(repr=False)
    _written: Mapping[str, HexFacts] = field(repr=False)
    _written_sides: Mapping[tuple[str, str], HexsideFacts] = field(repr=False)
    _sampled: Mapping[str, Mapping[str, Provenance]] = field(repr=False)
    _sampled_sides: Mapping[tuple[str, str], Mapping[str, Provenance]] = field(repr=False)

    @classmethod
    def of(cls, file: MapFile) -> MapData:
        """Check and index a file's entries: ids in one spelling, hexsides between adjacent hexes, no hex or
        hexside described twice, every entry inside its map's extent, provenance naming facts the entry gives.
        Raises :class:`MapDataError` naming the entry."""
        extent, extents = _normal_extents(file.extent)
        by_hex: dict[str, HexFacts] = {}
        for index, entry in enumerate(file.hexes):
            facts = _normal_hex(entry, index)
            if facts.hex in by_hex:
                raise MapDataError(f"{facts.hex} is described twice", section="hexes", index=index)
            if _outside(extents, facts.hex):
                raise MapDataError(
                    f"{facts.hex} is outside the extent of the {parse(facts.hex).map} map", section="hexes", index=index
                )
            by_hex[facts.hex] = facts
        by_side: dict[tuple[str, str], HexsideFacts] = {}
        for index, side_entry in enumerate(file.hexsides):
            side = _normal_side(side_entry, index)
            a, b = side.between
            if side.between in by_side:
                raise MapDataError(f"the hexside {a}-{b} is described twice", section="hexsides", index=index)
            off = next((h for h in side.between if _outside(extents, h)), None)
            if off is not None:
                raise MapDataError(
                    f"the hexside {a}-{b}: {off} is outside the extent of the {parse(off).map} map",
                    section="hexsides",
                    index=index,
                )
            by_side[side.between] = side
        written = tuple(sorted(by_hex.values(), key=lambda f: parse(f.hex)))
        written_sides = tuple(sorted(by_side.values(), key=lambda s: (parse(s.between[0]), parse(s.between[1]))))
        hexes = tuple(_confirmed(f) for f in written)
        sides = tuple(_confirmed(s) for s in written_sides)
        sides_of: dict[str, list[HexsideFacts]] = {}
        for side in sides:
            for h in side.between:
                sides_of.setdefault(h, []).append(side)
        return cls(
            name=file.name,
            version=file.version,
            description=file.description,
            hexes=hexes,
            hexsides=sides,
            sha256=content_hash(written, written_sides, extent),
            _by_hex=MappingProxyType({f.hex: f for f in hexes}),
            _by_side=MappingProxyType({s.between: s for s in sides}),
            _sides_of=MappingProxyType({h: tuple(v) for h, v in sides_of.items()}),
            extent=extent,
            written_hexes=written,
            written_hexsides=written_sides,
            _extents=MappingProxyType(extents),
            _written=MappingProxyType({f.hex: f for f in written}),
            _written_sides=MappingProxyType({s.between: s for s in written_sides}),
            _sampled=MappingProxyType(
                {f.hex: MappingProxyType({p.fact: p for p in f.provenance}) for f in written if f.provenance}
            ),
            _sampled_sides=MappingProxyType(
                {s.between: MappingProxyType({p.fact: p for p in s.provenance}) for s in written_sides if s.provenance}
            ),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapData) and other.sha256 == self.sha256

    def __hash__(self) -> int:
        return hash(self.sha256)

    def hex(self, hex_id: str) -> HexFacts | None:
        """The confirmed facts of a hex (any spelling of its id), or None when the data has no entry for it."""
        return self._by_hex.get(canonical(hex_id))

    def hexside(self, a: str, b: str) -> HexsideFacts | None:
        """The confirmed facts of the hexside between ``a`` and ``b`` (either order), or None when the data has
        none."""
        return self._by_side.get(hexside_key(a, b))

    def hexsides_of(self, hex_id: str) -> tuple[HexsideFacts, ...]:
        """Every hexside entry (its confirmed facts) that has ``hex_id`` on one side."""
        return self._sides_of.get(canonical(hex_id), ())

    def with_fact(self, name: str) -> tuple[HexFacts, ...]:
        """The hex entries that give ``name`` (a field of :class:`HexFacts`) confirmed, e.g. every hex with a
        ``box``."""
        if name not in HexFacts.__struct_fields__:
            raise AttributeError(f"hex entries have no fact {name!r}")
        return tuple(f for f in self.hexes if getattr(f, name) not in (None, ()))

    def exists(self, hex_id: str) -> bool | None:
        """Whether a hex is on its mapboard: True or False where the data gives that map's extent, None where it
        does not say."""
        known = self._extents.get(parse(hex_id).map)
        return None if known is None else canonical(hex_id) in known

    def extent_of(self, map_: str) -> frozenset[str] | None:
        """The hexes of a mapboard (``EUR``, ``PAC``), or None when the data does not say which exist."""
        return self._extents.get(map_)

    def written(self, hex_id: str) -> HexFacts | None:
        """A hex's entry as the file gives it, sampled facts included (for pictures and the editor, not checks)."""
        return self._written.get(canonical(hex_id))

    def written_side(self, a: str, b: str) -> HexsideFacts | None:
        """A hexside's entry as the file gives it, sampled facts included."""
        return self._written_sides.get(hexside_key(a, b))

    def sampled(self, hex_id: str) -> Mapping[str, Provenance]:
        """The facts of a hex that were sampled and nobody confirmed, by fact name (empty: none): one look-up."""
        return self._sampled.get(canonical(hex_id), _NONE)

    def sampled_side(self, a: str, b: str) -> Mapping[str, Provenance]:
        """The facts of a hexside that were sampled and nobody confirmed, by fact name (empty: none)."""
        return self._sampled_sides.get(hexside_key(a, b), _NONE)

    def confirmed(self, hex_id: str, name: str) -> bool:
        """Does the data give fact ``name`` of the hex, confirmed by a person (not sampled)?"""
        return fact(self, hex_id, name) is not None

    def encode(self) -> bytes:
        """The canonical encoding the hash covers (JSON: the format, the extent, then every entry in hex order)."""
        return canonical_bytes(self.written_hexes, self.written_hexsides, self.extent)


_NONE: Final[Mapping[str, Provenance]] = MappingProxyType({})


class _Canonical(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    format: str
    hexes: tuple[HexFacts, ...]
    hexsides: tuple[HexsideFacts, ...]
    extent: tuple[MapExtent, ...] = ()
    """Last, and left out when empty: a file without an extent encodes (and hashes) as before extents existed."""


def canonical_bytes(
    hexes: Iterable[HexFacts], hexsides: Iterable[HexsideFacts], extent: Iterable[MapExtent] = ()
) -> bytes:
    """The facts as canonical JSON: the format id, then the entries sorted by hex (ids in one spelling, rule lists
    sorted, defaults left out), then the extent as one-row blocks. The name, version and description are labels, not
    facts: they are not included."""
    return msgspec.json.encode(
        _Canonical(format=FORMAT, hexes=tuple(hexes), hexsides=tuple(hexsides), extent=tuple(extent))
    )


def content_hash(hexes: Iterable[HexFacts], hexsides: Iterable[HexsideFacts], extent: Iterable[MapExtent] = ()) -> str:
    """The SHA-256 (hex) of :func:`canonical_bytes`: the same facts always hash the same."""
    return hashlib.sha256(canonical_bytes(hexes, hexsides, extent)).hexdigest()


NO_MAP_DATA: Final = "not checked: no map data for {hex}"
"""What a check reports when a fact it needs is missing: the check says so and never guesses."""


def no_map_data(hex_id: str, fact: str | None = None) -> str:
    """``not checked: no map data for EUR:K37``, or with the fact that is missing:
    ``not checked: no map data for EUR:K37 (terrain)``."""
    text = NO_MAP_DATA.format(hex=canonical(hex_id))
    return f"{text} ({fact})" if fact else text


SAMPLED_UNCONFIRMED: Final = "not checked: sampled, unconfirmed"
"""What a check reports when the fact it needs was sampled from a map image and nobody confirmed it: never a
finding on a guess (docs/map-data.md, "Sampled facts")."""


def not_confirmed(hex_id: str, fact: str | None = None) -> str:
    """``not checked: sampled, unconfirmed: EUR:K37 (terrain)``."""
    text = f"{SAMPLED_UNCONFIRMED}: {canonical(hex_id)}"
    return f"{text} ({fact})" if fact else text


_FACT_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "weather zone": ("weather_zone",),
    "zone": ("weather_zone",),
    "ic": ("industrial_centre",),
    "industrial centre": ("industrial_centre",),
    "one-hex island": ("island",),
    "fort": ("fortification",),
    "fortifications": ("fortification",),
    "oil centre": ("oil_centre",),
    "supply source": ("supply_source",),
}
"""The words checks use for facts in "not checked" reasons, where they are not the field's name."""
_HEXSIDE_WORDS: Final[frozenset[str]] = frozenset({"hexside", "hexsides", "river", "rivers", "river hexsides"})
_SPLIT: Final = re.compile(r",|\band\b|\bor\b|/")
_PARENS: Final = re.compile(r"\([^)]*\)")


def facts_named(text: str) -> tuple[tuple[str, ...], bool]:
    """The hex facts a check's words name (``"city, beach and terrain"`` -> city, beach, terrain), and whether they
    name a hexside fact (``"river hexsides"``): how a "not checked" reason is matched with sampled facts."""
    names: list[str] = []
    hexside = False
    for word in _SPLIT.split(_PARENS.sub("", text.lower())):
        word = " ".join(word.split())
        if not word:
            continue
        if word in _HEXSIDE_WORDS:
            hexside = True
        elif word in _FACT_WORDS:
            names.extend(_FACT_WORDS[word])
        elif word.replace(" ", "_").replace("-", "_") in HEX_FACTS:
            names.append(word.replace(" ", "_").replace("-", "_"))
    return tuple(names), hexside


def unconfirmed_reason(data: MapData | None, hex_id: str, fact: str | None) -> str | None:
    """:func:`not_confirmed` when a fact that ``fact`` names (a check's words: ``"weather zone"``, ``"river
    hexsides"``) was sampled at the hex (or on one of its hexsides) and nobody confirmed it; None otherwise (the
    check says "no map data")."""
    if data is None or not fact or not (data._sampled or data._sampled_sides):
        return None
    names, hexside = facts_named(fact)
    sampled = data.sampled(hex_id)
    if any(n in sampled for n in names):
        return not_confirmed(hex_id, fact)
    if hexside and any(data.sampled_side(*s.between) for s in data.hexsides_of(hex_id)):
        return not_confirmed(hex_id, fact)
    if hexside and data._sampled_sides:
        h = canonical(hex_id)
        if any(h in key for key in data._sampled_sides):
            return not_confirmed(hex_id, fact)
    return None


def fact(data: MapData | None, hex_id: str, name: str) -> object | None:
    """One fact of a hex (a field of :class:`HexFacts`), or None when there is no map data, no entry for the hex,
    or the entry does not give it. Pair it with :func:`no_map_data` for the "not checked" wording."""
    if name not in HexFacts.__struct_fields__:
        raise AttributeError(f"hex entries have no fact {name!r}")
    facts = data.hex(hex_id) if data is not None else None
    value = getattr(facts, name) if facts is not None else None
    return None if value == () else value


def place_key(text: str) -> str:
    """A place name as sources' names are compared: lower case, words joined by underscores (``Lake Ladoga`` ->
    ``lake_ladoga``)."""
    return "_".join(text.lower().replace("-", " ").split())


def resolve_place(data: MapData | None, place: str) -> tuple[str, ...] | None:
    """The hexes a place a source names stands for: a hex id is itself; a name is the hexes whose map-data
    ``name`` is that name (a city, a strait, a lake), else the hexes of that ``country``, else of that ``area``.
    None when the map data does not know the name (or there is none): a view says so, a check says "not checked",
    nothing guesses."""
    if place[:4] in ("EUR:", "PAC:"):
        try:
            return (canonical(place),)
        except GeometryError:
            return None
    if data is None:
        return None
    key = place_key(place)
    for fact in ("name", "country", "area"):
        found = tuple(f.hex for f in data.hexes if getattr(f, fact) is not None and place_key(getattr(f, fact)) == key)
        if found:
            return found
    return None
