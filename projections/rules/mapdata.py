"""Map data: the facts of hexes and hexsides that geometry cannot give (terrain, rivers, coasts, countries ...).

The format (``docs/map-data.md``) is a YAML file of per-hex and per-hexside entries, each naming the rule(s) it comes
from. This module holds its typed structs, the frozen :class:`MapData` with O(1) lookups, the canonical encoding
and its SHA-256 (the identity a game records in ``map_data_used``), and the one wording a check uses when a fact
is missing: :func:`no_map_data`.

**Where the layers split, and why.** The structs and lookups live here, in ``projections/rules``, because they are
rules knowledge that checks read beside the state, and :mod:`projections.rules.geometry` validates hexsides. Reading
a file, parsing YAML with line numbers and the store's copy of a game's map data live in :mod:`replays.maps`:
projections do no I/O (a test bans it), and the game log layer (``awaw_events``) cannot import these structs, so
the loader cannot sit with the event importers in ``awaw_events/io.py``. ``awaw_events`` only carries the
declaration (the ``map_data_used`` event) and keeps a file's bytes in the store by hash.

**Unknown is not false.** Every fact is optional: ``None`` means "the map data does not say", never "no". A check
that needs a fact the data does not give reports ``not checked: no map data for EUR:K37`` and never guesses
(DESIGN, issue 10). Geometry (adjacency, distance) never needs map data.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Final, Literal

import msgspec
from msgspec import Meta

from awaw_events.events.base import Hex
from awaw_events.vocab import Front, WeatherZone
from projections.rules.geometry import PACIFIC_GRIDS, GeometryError, Grid, canonical, hexside_key, parse

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

Rule = Annotated[str, Meta(min_length=1, max_length=80)]
Text = Annotated[str, Meta(max_length=400)]
Word = Annotated[str, Meta(min_length=1, max_length=60, pattern=r"^[a-z][a-z0-9_]*$")]
"""A lower-case identifier: a country (``russia``, ``communist_china``), a box (``urals``), a strait ..."""
Rules = Annotated[tuple[Rule, ...], Meta(min_length=1, max_length=20)]


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


class MapFile(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A map-data file as written (docs/map-data.md)."""

    format: Literal["awaw-map-data/1"]
    name: Annotated[str, Meta(min_length=1, max_length=80, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")]
    version: Annotated[str, Meta(min_length=1, max_length=40)]
    description: Annotated[str, Meta(max_length=2000)] = ""
    hexes: tuple[HexFacts, ...] = ()
    hexsides: tuple[HexsideFacts, ...] = ()


class MapDataError(ValueError):
    """Map data whose entries contradict each other or the geometry: ``index`` says which entry of which list."""

    def __init__(self, message: str, *, section: str, index: int) -> None:
        self.section = section
        self.index = index
        super().__init__(message)


def _normal_hex(facts: HexFacts) -> HexFacts:
    return msgspec.structs.replace(
        facts,
        hex=canonical(facts.hex),
        rules=tuple(sorted(set(facts.rules))),
        fortification_faces=tuple(sorted(set(facts.fortification_faces))),
        resources=tuple(sorted(set(facts.resources))),
        edge=tuple(sorted(set(facts.edge))),
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
    )


@dataclass(frozen=True, eq=False)
class MapData:
    """Map data ready for checks: its identity, its entries in canonical order, and O(1) lookups.

    Build it with :meth:`of` (from a :class:`MapFile`); two ``MapData`` are equal when their facts are
    (``sha256``), whatever their names or the order and spelling of the file they came from.
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

    @classmethod
    def of(cls, file: MapFile) -> MapData:
        """Check and index a file's entries: ids in one spelling, hexsides between adjacent hexes, no hex or
        hexside described twice. Raises :class:`MapDataError` naming the entry."""
        by_hex: dict[str, HexFacts] = {}
        for index, entry in enumerate(file.hexes):
            facts = _normal_hex(entry)
            if facts.hex in by_hex:
                raise MapDataError(f"{facts.hex} is described twice", section="hexes", index=index)
            by_hex[facts.hex] = facts
        by_side: dict[tuple[str, str], HexsideFacts] = {}
        for index, side_entry in enumerate(file.hexsides):
            side = _normal_side(side_entry, index)
            if side.between in by_side:
                a, b = side.between
                raise MapDataError(f"the hexside {a}-{b} is described twice", section="hexsides", index=index)
            by_side[side.between] = side
        hexes = tuple(sorted(by_hex.values(), key=lambda f: parse(f.hex)))
        sides = tuple(sorted(by_side.values(), key=lambda s: (parse(s.between[0]), parse(s.between[1]))))
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
            sha256=content_hash(hexes, sides),
            _by_hex=MappingProxyType({f.hex: f for f in hexes}),
            _by_side=MappingProxyType({s.between: s for s in sides}),
            _sides_of=MappingProxyType({h: tuple(v) for h, v in sides_of.items()}),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapData) and other.sha256 == self.sha256

    def __hash__(self) -> int:
        return hash(self.sha256)

    def hex(self, hex_id: str) -> HexFacts | None:
        """The facts of a hex (any spelling of its id), or None when the data has no entry for it."""
        return self._by_hex.get(canonical(hex_id))

    def hexside(self, a: str, b: str) -> HexsideFacts | None:
        """The facts of the hexside between ``a`` and ``b`` (either order), or None when the data has none."""
        return self._by_side.get(hexside_key(a, b))

    def hexsides_of(self, hex_id: str) -> tuple[HexsideFacts, ...]:
        """Every hexside entry that has ``hex_id`` on one side."""
        return self._sides_of.get(canonical(hex_id), ())

    def with_fact(self, name: str) -> tuple[HexFacts, ...]:
        """The hex entries that give ``name`` (a field of :class:`HexFacts`), e.g. every hex with a ``box``."""
        if name not in HexFacts.__struct_fields__:
            raise AttributeError(f"hex entries have no fact {name!r}")
        return tuple(f for f in self.hexes if getattr(f, name) not in (None, ()))

    def encode(self) -> bytes:
        """The canonical encoding the hash covers (JSON: the format, then every entry in hex order)."""
        return canonical_bytes(self.hexes, self.hexsides)


class _Canonical(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    format: str
    hexes: tuple[HexFacts, ...]
    hexsides: tuple[HexsideFacts, ...]


def canonical_bytes(hexes: Iterable[HexFacts], hexsides: Iterable[HexsideFacts]) -> bytes:
    """The facts as canonical JSON: the format id, then the entries sorted by hex (ids in one spelling, rule lists
    sorted, defaults left out). The name, version and description are labels, not facts: they are not included."""
    return msgspec.json.encode(_Canonical(format=FORMAT, hexes=tuple(hexes), hexsides=tuple(hexsides)))


def content_hash(hexes: Iterable[HexFacts], hexsides: Iterable[HexsideFacts]) -> str:
    """The SHA-256 (hex) of :func:`canonical_bytes`: the same facts always hash the same."""
    return hashlib.sha256(canonical_bytes(hexes, hexsides)).hexdigest()


NO_MAP_DATA: Final = "not checked: no map data for {hex}"
"""What a check reports when a fact it needs is missing (issue 10): the check says so and never guesses."""


def no_map_data(hex_id: str, fact: str | None = None) -> str:
    """``not checked: no map data for EUR:K37``, or with the fact that is missing:
    ``not checked: no map data for EUR:K37 (terrain)``."""
    text = NO_MAP_DATA.format(hex=canonical(hex_id))
    return f"{text} ({fact})" if fact else text


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
    """The hexes a place a source names stands for (issue 16): a hex id is itself; a name is the hexes whose map-data
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
