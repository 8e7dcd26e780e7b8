"""``awaw map check``: what a map-data file gives, what it lacks, and what the audit can do with it.

For a file (:class:`projections.rules.mapdata.MapData`), :func:`check_map` reports

* the **extent** of each map (how many hexes exist), or that the file does not say;
* **completeness** per map and per fact: how many hexes give each fact, confirmed by a person, and how many only as
  a sampled, unconfirmed fact; terrain over every hex of the extent, the land facts (country, front, weather zone
  and the yes-or-no facts) over the hexes not known to be sea; and the same per country;
* **the rule texts' facts** (the shipped ``rule-texts.yaml``): which of them the file lacks, which it contradicts;
* **problems within the file**: a coastal hex with no sea beside it (or the other way round), a port or beach
  that is not coastal, a coast hexside between two land hexes, a capital with no country, an island beside land;
* **the rules**: for each check that needs map data (:mod:`replays.mapwork.needs`), which of its facts the file
  gives somewhere; the rules the file unlocks (the shipped data answers none of their facts), and the rules still
  not checkable, by the fact the file gives nowhere.

Pure: map data in, a report out (:func:`lines` words it for people, ``msgspec.to_builtins`` for ``--json``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

import msgspec

from projections.rules.geometry import DEFAULT_GRID, parse
from projections.rules.mapdata import HEX_FACTS, LAND_FACTS, PLACE_FACTS, HexFacts, MapData
from replays.mapwork.needs import HEXSIDE, MapNeed, map_needs


class FactCount(msgspec.Struct, frozen=True):
    """One fact on one map: the hexes that give it confirmed, those that give it only sampled, out of how many."""

    fact: str
    confirmed: int
    sampled: int
    of: int | None
    """The hexes that should give it (None: facts only some hexes have)."""


class MapCount(msgspec.Struct, frozen=True):
    """One map: its extent (None: not given), the hexes counted, and each fact's count."""

    map: str
    extent: int | None
    counted: int
    land: int
    facts: tuple[FactCount, ...]


class CountryCount(msgspec.Struct, frozen=True):
    """The land hexes of one country, and each land fact some of them lack (fact, hexes lacking it)."""

    country: str
    hexes: int
    lacking: tuple[tuple[str, int], ...]


class RuleStatus(msgspec.Struct, frozen=True):
    """One check that needs map data: the facts it names, how many hexes (or hexsides) of the file give each, and
    whether the shipped data gives it anywhere."""

    check: str
    rule: str
    title: str
    facts: tuple[tuple[str, int], ...]
    shipped: tuple[tuple[str, int], ...]

    @property
    def lacks(self) -> tuple[str, ...]:
        """The facts the file gives nowhere."""
        return tuple(f for f, n in self.facts if n == 0)

    @property
    def unlocked(self) -> bool:
        """The file gives one of its facts on more hexes (or hexsides) than the shipped rule-texts data does."""
        return any(n > m for (_, n), (_, m) in zip(self.facts, self.shipped, strict=True))


class MapCheck(msgspec.Struct, frozen=True):
    """What ``awaw map check`` reports about one file."""

    name: str
    version: str
    sha256: str
    hexes: int
    hexsides: int
    maps: tuple[MapCount, ...]
    countries: tuple[CountryCount, ...]
    hexside_kinds: tuple[tuple[str, int], ...]
    rule_texts_lacked: tuple[str, ...]
    rule_texts_contradicted: tuple[str, ...]
    problems: tuple[str, ...]
    rules: tuple[RuleStatus, ...]
    area: str = ""
    """The area completeness was counted over (``--area``), if any."""


def _given(facts: HexFacts | None, name: str) -> bool:
    return facts is not None and getattr(facts, name) not in (None, ())


def _is_sea(data: MapData, hex_id: str) -> bool | None:
    facts = data.written(hex_id)
    terrain = facts.terrain if facts is not None else None
    return None if terrain is None else terrain == "sea"


def _map_count(data: MapData, map_: str, hexes: list[str], extent: int | None) -> MapCount:
    land = [h for h in hexes if _is_sea(data, h) is not True]
    counts = []
    for fact in ("terrain", *LAND_FACTS, *PLACE_FACTS):
        where = hexes if fact == "terrain" else land if fact in LAND_FACTS else hexes
        confirmed = sum(_given(data.hex(h), fact) for h in where)
        sampled = sum(fact in data.sampled(h) for h in where)
        of = len(where) if fact == "terrain" or fact in LAND_FACTS else None
        if of is None and not confirmed and not sampled:
            continue
        counts.append(FactCount(fact, confirmed, sampled, of))
    return MapCount(map_, extent, len(hexes), len(land), tuple(counts))


def _countries(data: MapData, hexes: set[str]) -> tuple[CountryCount, ...]:
    by: dict[str, list[HexFacts]] = {}
    for facts in data.hexes:
        if facts.country is not None and facts.hex in hexes and facts.terrain != "sea":
            by.setdefault(facts.country, []).append(facts)
    found = []
    for country, entries in sorted(by.items()):
        lacking = tuple(
            (fact, n) for fact in ("terrain", *LAND_FACTS) if (n := sum(not _given(e, fact) for e in entries))
        )
        found.append(CountryCount(country, len(entries), lacking))
    return tuple(found)


def _hexside_kinds(data: MapData) -> tuple[tuple[str, int], ...]:
    kinds: dict[str, int] = {}
    for side in data.hexsides:
        for what in (side.river, side.all_water and f"all-{side.all_water}", side.feature, side.fortification):
            if what:
                kinds[str(what)] = kinds.get(str(what), 0) + 1
        if side.coast:
            kinds["coast"] = kinds.get("coast", 0) + 1
        if side.crossing_arrow:
            kinds["crossing arrow"] = kinds.get("crossing arrow", 0) + 1
    return tuple(sorted(kinds.items()))


def _rule_texts(data: MapData, shipped: MapData) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The rule texts' facts the file lacks, and those it contradicts (``EUR:C45 terrain: lake (34.23C)``)."""
    lacked: list[str] = []
    contradicted: list[str] = []
    for entry in shipped.written_hexes:
        ours = data.written(entry.hex)
        rules = ", ".join(entry.rules)
        if data.exists(entry.hex) is False:
            contradicted.append(f"{entry.hex}: the rule texts name it ({rules}); this file's extent leaves it out")
            continue
        for fact in HEX_FACTS:
            value = getattr(entry, fact)
            if value in (None, ()):
                continue
            theirs = getattr(ours, fact) if ours is not None else None
            shown = ",".join(value) if isinstance(value, tuple) else value
            if theirs in (None, ()):
                lacked.append(f"{entry.hex} {fact}: {shown} ({rules})")
            elif theirs != value:
                found = ",".join(theirs) if isinstance(theirs, tuple) else theirs
                contradicted.append(f"{entry.hex} {fact}: the rule texts give {shown} ({rules}), this file {found}")
    for side in shipped.written_hexsides:
        a, b = side.between
        ours_side = data.written_side(a, b)
        rules = ", ".join(side.rules)
        for fact in ("river", "all_water", "feature", "fortification", "fortification_of", "crossing_arrow", "coast"):
            value = getattr(side, fact)
            if value is None:
                continue
            theirs = getattr(ours_side, fact) if ours_side is not None else None
            if theirs is None:
                lacked.append(f"{a}/{b} {fact}: {value} ({rules})")
            elif theirs != value:
                contradicted.append(f"{a}/{b} {fact}: the rule texts give {value} ({rules}), this file {theirs}")
    return tuple(lacked), tuple(contradicted)


def _problems(data: MapData) -> Iterator[str]:
    """What the file says that its own facts contradict."""
    for facts in data.written_hexes:
        h = facts.hex
        if _is_sea(data, h) is not False:
            continue
        around = [n for n in DEFAULT_GRID.neighbours(h) if data.exists(n) is not False]
        sea = [n for n in around if _is_sea(data, n)]
        known = all(_is_sea(data, n) is not None for n in around) and data.exists(h) is not None
        if facts.coastal is True and not sea and known:
            yield f"{h} is coastal, but no hex beside it is sea"
        if facts.coastal is False and sea:
            yield f"{h} is not coastal, but {sea[0]} beside it is sea"
        for what in ("port", "beach"):
            if getattr(facts, what) is True and facts.coastal is False:
                yield f"{h} is a {what} but not coastal"
        if facts.capital is True and facts.country is None:
            yield f"{h} is a capital of no country"
        if facts.island is True and any(_is_sea(data, n) is False for n in around):
            land = next(n for n in around if _is_sea(data, n) is False)
            yield f"{h} is a one-hex island, but {land} beside it is land"
    for side in data.written_hexsides:
        if side.coast:
            kinds = {_is_sea(data, h) for h in side.between}
            if kinds == {False}:
                yield f"{side.between[0]}/{side.between[1]} is a coast between two land hexes"
            elif kinds == {True}:
                yield f"{side.between[0]}/{side.between[1]} is a coast between two sea hexes"


def _covering(data: MapData, fact: str) -> int:
    if fact == HEXSIDE:
        return sum(
            1 for s in data.hexsides if s.river or s.all_water or s.feature or s.fortification or s.crossing_arrow
        )
    return len(data.with_fact(fact))


def _rules(data: MapData, shipped: MapData, needs: Iterable[MapNeed]) -> tuple[RuleStatus, ...]:
    cache: dict[tuple[int, str], int] = {}

    def count(of: MapData, fact: str) -> int:
        key = (id(of), fact)
        if key not in cache:
            cache[key] = _covering(of, fact)
        return cache[key]

    return tuple(
        RuleStatus(
            n.check,
            n.rule,
            n.title,
            tuple((f, count(data, f)) for f in n.facts),
            tuple((f, count(shipped, f)) for f in n.facts),
        )
        for n in needs
        if n.facts
    )


def check_map(data: MapData, shipped: MapData, *, area: frozenset[str] | None = None, area_words: str = "") -> MapCheck:
    """The report of ``awaw map check`` on ``data``, against the shipped rule-text facts ``shipped``; ``area``
    restricts the completeness counts to those hexes."""
    maps = []
    counted: set[str] = set()
    for map_ in ("EUR", "PAC"):
        extent = data.extent_of(map_)
        hexes = set(extent) if extent is not None else {f.hex for f in data.written_hexes if f.hex.startswith(map_)}
        if area is not None:
            hexes &= {h for h in area if data.exists(h) is not False}
        if not hexes and extent is None:
            continue
        ordered = sorted(hexes, key=parse)
        counted |= hexes
        maps.append(_map_count(data, map_, ordered, len(extent) if extent is not None else None))
    lacked, contradicted = _rule_texts(data, shipped)
    return MapCheck(
        name=data.name,
        version=data.version,
        sha256=data.sha256,
        hexes=len(data.hexes),
        hexsides=len(data.hexsides),
        maps=tuple(maps),
        countries=_countries(data, counted),
        hexside_kinds=_hexside_kinds(data),
        rule_texts_lacked=lacked,
        rule_texts_contradicted=contradicted,
        problems=tuple(_problems(data)),
        rules=_rules(data, shipped, map_needs()),
        area=area_words,
    )


# ---------------------------------------------------------------------------------------------------------------------
# For people

WIDTH: Final = 80


def _wrap(head: str, items: Iterable[str], indent: str = "    ") -> Iterator[str]:
    """``head item, item, ...`` in lines of at most :data:`WIDTH` columns, the next ones indented."""
    line = head
    for item in items:
        if len(line) + len(item) + 2 > WIDTH and line.strip():
            yield line
            line = indent
        line += (" " if line and not line.endswith(" ") else "") + item + ","
    if line.strip():
        yield line.rstrip(",")


def _share(n: int, of: int | None) -> str:
    if of is None:
        return f"{n:,}"
    percent = f"{100 * n / of:.1f} %" if of else "-"
    return f"{n:,} of {of:,} ({percent})"


def lines(report: MapCheck) -> Iterator[str]:
    """The report in words, at 80 columns."""
    yield f"{report.name} version {report.version} (sha256 {report.sha256[:12]}...)"
    yield f"  {report.hexes:,} hex entries, {report.hexsides:,} hexside entries"
    yield ""
    yield "Extent (which hexes exist)" + (f", counted over {report.area}" if report.area else "")
    for m in report.maps:
        if m.extent is None:
            yield f"  {m.map}: not given: the file does not say which {m.map} hexes exist"
        else:
            yield f"  {m.map}: {m.extent:,} hexes"
    for m in report.maps:
        yield ""
        what = f"{m.counted:,} hexes" if m.extent is not None else f"{m.counted:,} hexes with entries"
        yield f"Completeness on {m.map} ({what}, {m.land:,} not known to be sea)"
        for f in m.facts:
            sampled = f"  + {f.sampled:,} sampled, unconfirmed" if f.sampled else ""
            yield f"  {f.fact.replace('_', ' '):<20}{_share(f.confirmed, f.of)}{sampled}"
    if report.countries:
        yield ""
        yield "By country (its land hexes)"
        for c in report.countries:
            if not c.lacking:
                yield f"  {c.country}: {c.hexes:,} hexes, every land fact given"
            else:
                missing = [f"{f.replace('_', ' ')} {n:,}" for f, n in c.lacking]
                yield from _wrap(f"  {c.country}: {c.hexes:,} hexes; lacking:", missing, "      ")
    yield ""
    kinds = [f"{n:,} {k.replace('_', ' ')}" for k, n in report.hexside_kinds]
    yield from _wrap("Hexsides:", kinds or ["none"], "  ")
    yield ""
    yield "The facts the rule texts give (projections/rules/maps/rule-texts.yaml)"
    if not report.rule_texts_lacked and not report.rule_texts_contradicted:
        yield "  every one is here, and none is contradicted"
    for head, items in (("lacks", report.rule_texts_lacked), ("contradicts", report.rule_texts_contradicted)):
        if items:
            yield f"  this file {head} {len(items):,}:"
            yield from (f"    {i}" for i in items)
    yield ""
    yield "Problems within the file" + ("" if report.problems else ": none")
    yield from (f"  {p}" for p in report.problems)
    unlocked = [r for r in report.rules if r.unlocked]
    yield ""
    yield f"Rules this file unlocks ({len(unlocked)} checks): the facts they need, on how many hexes here"
    yield "  (in brackets: how many the shipped rule-texts data gives; 'hexside': hexsides)"
    for r in unlocked:
        given = [f"{f.replace('_', ' ')} {n:,} ({m:,})" for (f, n), (_, m) in zip(r.facts, r.shipped, strict=True) if n]
        yield from _wrap(f"  {r.rule} {r.check}:", given, "      ")
    by_fact: dict[str, list[str]] = {}
    for r in report.rules:
        for fact in r.lacks:
            by_fact.setdefault(fact, []).append(f"{r.rule} {r.check}")
    yield ""
    yield "Rules still not checked for lack of a fact this file gives nowhere" + ("" if by_fact else ": none")
    for fact, rules in sorted(by_fact.items()):
        yield from _wrap(f"  {fact.replace('_', ' ')}:", rules, "    ")
