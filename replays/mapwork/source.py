"""The compact map-data source format: a map a person can type and read, compiled to the per-hex YAML.

The per-hex YAML of :mod:`projections.rules.mapdata` (docs/map-data.md) stays the canonical, hashed form; this is
the form a club types in an evening (docs/map-source.md describes it). A source file has:

* a header: ``format: awaw-map-source/1``, ``name: our-map``, ``version: 2``, ``description: ...``;
* per mapboard, a section ``map EUR`` (or ``map EUR extent``: its rows are the map's extent, the hexes that exist),
  with one line a hex row: the first hex's id and its terrain codes with run lengths (``K30 c3 f ~2``: three clear,
  a forest, two sea; ``.`` a hex whose terrain is not given, ``_`` a column skipped);
* regions: ``FACT VALUE = RANGES`` (``country poland = K36..M40 N34``), ``*`` for every hex of the section's extent
  that no other line gives the fact; ``rules ... = RANGES`` for the entries' rules;
* hexsides as short codes: ``K36/K37 river``, ``MM26/NN26 qattara``, ``U38/V38 fortress of=V38``.

:func:`compile_source` reads a source into a :class:`MapFile` (errors name the line and column; nothing is partly
read); :func:`decompile` writes any map data back as a source that compiles to the same facts, and
:func:`emit_yaml` writes the canonical YAML file (entries in hex order, one line each). Pure text in, text out:
the CLI reads and writes the files.
"""

from __future__ import annotations

import functools
import json
import re
import shlex
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, get_args

import msgspec
import yaml

from awaw_events.errors import InputError
from projections.rules.geometry import ROW_LABELS, GeometryError, canonical, hexes_of, parse
from projections.rules.mapdata import (
    BOOLEAN_FACTS,
    FORMAT,
    HEX_FACTS,
    HEXSIDE_BOOLEAN_FACTS,
    HEXSIDE_FACTS,
    LIST_FACTS,
    HexFacts,
    HexsideFacts,
    MapData,
    MapDataError,
    MapFile,
    Terrain,
    row_runs,
)

SOURCE_FORMAT: Final = "awaw-map-source/1"
"""The format a source declares in its ``format:`` header line."""

TERRAIN_CODES: Final[dict[str, Terrain]] = {
    "c": "clear",
    "f": "forest",
    "m": "mountain",
    "s": "swamp",
    "j": "jungle",
    "J": "jungle_mountain",
    "d": "desert",
    "o": "outback",
    "l": "lake",
    "~": "sea",
}
"""One character a terrain (13.41B-C): ``c`` clear, ``f`` forest, ``m`` mountain, ``s`` swamp, ``j`` jungle, ``J``
jungle/mountain, ``d`` desert, ``o`` outback, ``l`` lake, ``~`` sea."""
CODE_OF: Final[dict[str, str]] = {v: k for k, v in TERRAIN_CODES.items()}
UNKNOWN: Final = "."
"""A hex that exists (in an ``extent`` section) whose terrain the source does not give."""
GAP: Final = "_"
"""A column skipped: no hex there (in an ``extent`` section), or a hex whose row the line does not describe."""
ALL: Final = "*"
"""In a region: every hex of the section's extent that no other line gives this fact."""

_HEADER = re.compile(r"^(format|name|version|description):(?:\s+(.*))?$")
_SECTION = re.compile(r"^map\s+(EUR|PAC)(\s+extent)?\s*$")
_ROW = re.compile(r"^([A-Z]{1,2})(\d{1,2})(?=\s|$)")
_RUN = re.compile(r"([cfmsjJdol~._])(\d*)")
_SIDE = re.compile(r"^((?:(?:EUR|PAC):)?[A-Z]{1,2}\d{1,2})/((?:(?:EUR|PAC):)?[A-Z]{1,2}\d{1,2})(?=\s|$)")
_WORD = re.compile(r"^[a-z][a-z_]*$")

_SIDE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "river": ("river", "river"),
    "canal": ("river", "canal"),
    "ocean": ("all_water", "ocean"),
    "lake": ("all_water", "lake"),
    "qattara": ("feature", "qattara"),
    "himalaya": ("feature", "himalaya"),
    "outback": ("feature", "outback"),
    "chott_el_jerid": ("feature", "chott_el_jerid"),
    "maginot": ("fortification", "maginot"),
    "west_wall": ("fortification", "west_wall"),
    "fortress": ("fortification", "fortress"),
    "fortification": ("fortification", "fortification"),
    "arrow": ("crossing_arrow", "yes"),
    "coast": ("coast", "yes"),
}
"""Hexside codes that are a value by themselves (``K36/K37 river``); anything else is ``fact=value``."""
_YES: Final = {"yes": True, "no": False, "true": True, "false": False}


def _where(line: int, column: int) -> str:
    return f"line {line}, column {column}"


def _error(message: str, line: int, column: int, field: str | None = None) -> InputError:
    return InputError(message, where=_where(line, column), field=field)


@dataclass
class _Entry:
    """A hex or hexside being read: its facts (fact -> value, with where each was given) and rules."""

    facts: dict[str, Any] = field(default_factory=dict)
    at: dict[str, tuple[int, int]] = field(default_factory=dict)
    first: tuple[int, int] = (0, 0)


@dataclass
class _Reader:
    """The state of one compilation: the header, the extents, the entries, and the lines still to resolve."""

    header: dict[str, str] = field(default_factory=dict)
    descriptions: list[str] = field(default_factory=list)
    extents: dict[str, list[str]] = field(default_factory=dict)
    hexes: dict[str, _Entry] = field(default_factory=dict)
    sides: dict[tuple[str, str], _Entry] = field(default_factory=dict)
    wildcards: list[tuple[str, str, Any, int, int]] = field(default_factory=list)
    """``FACT VALUE = *`` lines: (map, fact, value, line, column), resolved once every other line is read."""
    rules_default: tuple[tuple[str, ...], int, int] | None = None

    def hex_entry(self, hex_id: str, line: int, column: int) -> _Entry:
        entry = self.hexes.get(hex_id)
        if entry is None:
            entry = self.hexes[hex_id] = _Entry(first=(line, column))
        return entry

    def give(self, entry: _Entry, label: str, name: str, value: Any, line: int, column: int) -> None:
        if name in entry.facts and entry.facts[name] != value:
            first = entry.at[name]
            raise _error(
                f"{label} is given {name} {_shown(value)}, but line {first[0]} gives it {_shown(entry.facts[name])}",
                line,
                column,
                name,
            )
        entry.facts[name] = value
        entry.at.setdefault(name, (line, column))


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return repr(value) if isinstance(value, str) and " " in value else str(value)


def _qualify(text: str, map_: str | None, line: int, column: int) -> str:
    """A hex id (``EUR:K36``, or ``K36`` in a map section) in its canonical spelling."""
    if ":" not in text:
        if map_ is None:
            raise _error(f"{text!r} names no map: write EUR:{text} or put it in a 'map EUR' section", line, column)
        text = f"{map_}:{text}"
    try:
        return canonical(text)
    except GeometryError as exc:
        raise _error(exc.message, line, column) from None


def _ranges(text: str, map_: str | None, line: int, column: int) -> Iterator[tuple[str, int]]:
    """The hexes of a list of ids and blocks (``K36..M40 N34``), each with the column of the item naming it."""
    for match in re.finditer(r"\S+", text):
        item, col = match.group(), column + match.start()
        if item == ALL:
            raise _error("'*' stands alone: every hex of the section's extent that no other line gives", line, col)
        first, sep, second = item.partition("..")
        start = _qualify(first, map_, line, col)
        if not sep:
            yield start, col
            continue
        end = _qualify(second if ":" in second else f"{start.split(':')[0]}:{second}", None, line, col)
        try:
            found = hexes_of([f"{start}..{end}"])
        except GeometryError as exc:
            raise _error(exc.message, line, col) from None
        for h in found:
            yield h, col


def _value(name: str, text: str, line: int, column: int) -> Any:
    """A fact's value as written (``yes``, ``poland``, ``germany,luxembourg``, ``Lake Ladoga``)."""
    if name in BOOLEAN_FACTS:
        if text not in _YES:
            raise _error(f"{name} is yes or no, not {text!r}", line, column, name)
        return _YES[text]
    if name in LIST_FACTS:
        return tuple(sorted({v.strip() for v in text.split(",") if v.strip()}))
    if not text:
        raise _error(f"{name} needs a value: '{name} VALUE = HEXES'", line, column, name)
    return text


def _terrain_row(reader: _Reader, text: str, map_: str, extent: bool, line: int) -> None:
    """``K30 c3 f ~2``: the hexes of one row from the first id, west to east."""
    match = _ROW.match(text)
    assert match is not None
    first = _qualify(match.group(1) + match.group(2), map_, line, 1)
    start = parse(first)
    col = start.col
    pos = match.end()
    for token in re.finditer(r"\S+", text[pos:]):
        body, base = token.group(), pos + token.start() + 1
        index = 0
        for run in _RUN.finditer(body):
            if run.start() != index:
                break
            index = run.end()
            code, count_text = run.groups()
            count = int(count_text) if count_text else 1
            if count == 0:
                raise _error("a run of 0 hexes", line, base + run.start())
            for _ in range(count):
                if col > 99:
                    raise _error(f"row {ROW_LABELS[start.row]} runs past column 99", line, base + run.start())
                hex_id = f"{map_}:{ROW_LABELS[start.row]}{col}"
                col += 1
                if code == GAP:
                    continue
                if extent:
                    if hex_id in reader.extents.get(map_, ()):
                        raise _error(f"{hex_id} is in two rows of the extent", line, base + run.start())
                    reader.extents.setdefault(map_, []).append(hex_id)
                if code == UNKNOWN:
                    if not extent:
                        raise _error(
                            "'.' (a hex whose terrain is not given) is for 'map ... extent' sections; skip with '_'",
                            line,
                            base + run.start(),
                        )
                    continue
                entry = reader.hex_entry(hex_id, line, base + run.start())
                reader.give(entry, hex_id, "terrain", TERRAIN_CODES[code], line, base + run.start())
        if index != len(body):
            bad = body[index]
            raise _error(
                f"{bad!r} is not a terrain code (c f m s j J d o l ~, '.' not given, '_' no hex; a count after)",
                line,
                base + index,
            )


def _fact_line(reader: _Reader, text: str, map_: str | None, line: int) -> None:
    """``FACT VALUE = RANGES`` (or ``rules R1, R2 = RANGES``, ``note TEXT = RANGES``, ``sampled FACT C = RANGES``)."""
    head, sep, tail = text.rpartition(" = ")
    if not sep:
        raise _error("expected 'FACT VALUE = HEXES' (e.g. 'country poland = K36..M40'), a row or a hexside", line, 1)
    name, _, value_text = head.strip().partition(" ")
    value_text = value_text.strip()
    value_col = len(name) + 2
    ranges_col = len(head) + len(sep) + 1
    tail = tail.rstrip()
    if name == "rules":
        rules = tuple(sorted({r.strip() for r in value_text.split(",") if r.strip()}))
        if not rules:
            raise _error("rules needs at least one rule: 'rules 13.43B = MM26'", line, value_col, "rules")
        if tail.strip() == ALL:
            if reader.rules_default is not None:
                raise _error(f"'rules ... = *' is given twice (first at line {reader.rules_default[1]})", line, 1)
            reader.rules_default = (rules, line, ranges_col)
            return
        for h, col in _ranges(tail, map_, line, ranges_col):
            reader.give(reader.hex_entry(h, line, col), h, "rules", rules, line, col)
        return
    if name == "note":
        for h, col in _ranges(tail, map_, line, ranges_col):
            reader.give(reader.hex_entry(h, line, col), h, "note", value_text, line, col)
        return
    if name == "sampled":
        fact, _, confidence_text = value_text.partition(" ")
        try:
            confidence = float(confidence_text)
        except ValueError:
            raise _error(f"'sampled FACT CONFIDENCE = HEXES', not {value_text!r}", line, value_col) from None
        for h, col in _ranges(tail, map_, line, ranges_col):
            entry = reader.hex_entry(h, line, col)
            reader.give(entry, h, f"sampled:{fact}", confidence, line, col)
        return
    if name not in HEX_FACTS:
        raise _error(f"{name!r} is not a hex fact (docs/map-data.md lists them)", line, 1)
    value = _value(name, value_text, line, value_col)
    if name == "terrain" and value not in get_args(Terrain):
        raise _error(f"terrain is one of {', '.join(get_args(Terrain))}, not {value!r}", line, value_col, name)
    if tail.strip() == ALL:
        if map_ is None:
            raise _error(
                "'*' is every other hex of a map's extent: put the line in a 'map EUR extent' section", line, 1
            )
        reader.wildcards.append((map_, name, value, line, ranges_col))
        return
    for h, col in _ranges(tail, map_, line, ranges_col):
        reader.give(reader.hex_entry(h, line, col), h, name, value, line, col)


def _side_line(reader: _Reader, text: str, map_: str | None, line: int) -> None:
    """``K36/K37 river``, ``U38/V38 fortress of=V38 rules=32.43B``, ``MM26/NN26 qattara note="..."``."""
    match = _SIDE.match(text)
    assert match is not None
    a = _qualify(match.group(1), map_, line, 1)
    b = _qualify(match.group(2), map_, line, match.start(2) + 1)
    key = (a, b) if parse(a) <= parse(b) else (b, a)
    entry = reader.sides.get(key)
    if entry is None:
        entry = reader.sides[key] = _Entry(first=(line, 1))
    label = f"the hexside {key[0]}/{key[1]}"
    rest = text[match.end() :]
    try:
        tokens = shlex.split(rest, comments=True, posix=True)
    except ValueError as exc:
        raise _error(f"cannot read the hexside's codes: {exc}", line, match.end() + 1) from None
    search = match.end()
    for token in tokens:
        found = text.find(token.split("=", 1)[0], search)
        col = (found if found >= 0 else search) + 1
        search = max(search, found + 1)
        name, eq, value = token.partition("=")
        if not eq:
            if name not in _SIDE_WORDS:
                raise _error(
                    f"{name!r} is not a hexside code (river, canal, ocean, lake, arrow, coast, qattara, himalaya, "
                    "outback, chott_el_jerid, maginot, west_wall, fortress, fortification, or FACT=VALUE)",
                    line,
                    col,
                )
            name, value = _SIDE_WORDS[name]
        if name == "of":
            reader.give(entry, label, "fortification_of", _qualify(value, map_, line, col), line, col)
        elif name == "rules":
            rules = tuple(sorted({r.strip() for r in value.split(",") if r.strip()}))
            reader.give(entry, label, "rules", rules, line, col)
        elif name == "note":
            reader.give(entry, label, "note", value, line, col)
        elif name == "sampled":
            fact, _, confidence = value.partition(":")
            try:
                reader.give(entry, label, f"sampled:{fact}", float(confidence), line, col)
            except ValueError:
                raise _error(f"'sampled=FACT:CONFIDENCE', not {value!r}", line, col) from None
        elif name in HEXSIDE_BOOLEAN_FACTS:
            if value not in _YES:
                raise _error(f"{name} is yes or no, not {value!r}", line, col, name)
            reader.give(entry, label, name, _YES[value], line, col)
        elif name in HEXSIDE_FACTS:
            reader.give(entry, label, name, value, line, col)
        else:
            raise _error(f"{name!r} is not a hexside fact (docs/map-data.md lists them)", line, col)


def _uncomment(text: str) -> str:
    """``K36..M40 N34  # the corridor`` -> ``K36..M40 N34``: a comment runs from a ``#`` after a space."""
    return re.split(r"(?:^|\s)#", text, maxsplit=1)[0].rstrip()


def _read(text: str) -> _Reader:
    reader = _Reader()
    map_: str | None = None
    extent = False
    in_header = True
    sections: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        body = raw.strip()
        if not body or body.startswith("#"):
            continue
        indent = len(raw) - len(raw.lstrip())
        header = _HEADER.match(body)
        if header is not None:
            if not in_header:
                raise _error(f"the header line {header.group(1)!r} comes before the first section", number, 1)
            key, value = header.group(1), (header.group(2) or "").strip()
            if key == "description":
                reader.descriptions.append(value)
            elif key in reader.header:
                raise _error(f"{key!r} is given twice", number, 1, key)
            else:
                reader.header[key] = value
            continue
        in_header = False
        if not _SIDE.match(body):  # a hexside's codes are read with their quotes (shlex), comments and all
            head, sep, tail = body.partition(" = ")
            body = head + sep + _uncomment(tail) if sep else _uncomment(body)
        section = _SECTION.match(body)
        try:
            if section is not None:
                map_, extent = section.group(1), bool(section.group(2))
                if map_ in sections:
                    raise _error(f"the section 'map {map_}' is given twice", number, 1)
                sections.add(map_)
            elif _SIDE.match(body):
                _side_line(reader, body, map_, number)
            elif _ROW.match(body) and " = " not in body:
                if map_ is None:
                    raise _error("a row of terrain codes belongs in a 'map EUR' section", number, 1)
                _terrain_row(reader, body, map_, extent, number)
            elif _WORD.match(body.split(" ", 1)[0]):
                _fact_line(reader, body, map_, number)
            else:
                raise _error(
                    "expected a header line, 'map EUR [extent]', a row ('K30 c3 f ~2'), a region "
                    "('country poland = K36..M40') or a hexside ('K36/K37 river')",
                    number,
                    indent + 1,
                )
        except InputError as exc:
            if exc.where is not None and indent:
                line_part, _, col_part = exc.where.partition(", column ")
                where = f"{line_part}, column {int(col_part) + indent}"
                raise InputError(exc.message, where=where, field=exc.field) from None
            raise
    return reader


def _resolve(reader: _Reader) -> None:
    """``FACT VALUE = *`` lines: every hex of the map's extent that is not sea and that no other line gives the fact
    (read once every other line is: the rows give the sea)."""
    for map_, name, value, line, column in reader.wildcards:
        hexes = reader.extents.get(map_)
        if not hexes:
            raise _error(f"'*' is every other hex of {map_}'s extent, but {map_} has no extent rows", line, column)
        for h in hexes:
            entry = reader.hexes.get(h)
            if entry is not None and (name in entry.facts or entry.facts.get("terrain") == "sea"):
                continue
            reader.give(reader.hex_entry(h, line, column), h, name, value, line, column)


def _provenance(facts: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [
        {"fact": k.split(":", 1)[1], "source": "sampled", "confidence": v}
        for k, v in facts.items()
        if k.startswith("sampled:")
    ]


def _raw(reader: _Reader) -> dict[str, Any]:
    missing = [k for k in ("format", "name", "version") if k not in reader.header]
    if missing:
        raise InputError(
            f"the header needs {', '.join(missing)} (format: {SOURCE_FORMAT}, name: ..., version: ...)", where="line 1"
        )
    if reader.header["format"] != SOURCE_FORMAT:
        raise InputError(
            f"format is {SOURCE_FORMAT!r}, not {reader.header['format']!r}", where="line 1", field="format"
        )
    default = reader.rules_default
    hexes: list[dict[str, Any]] = []
    for h, entry in reader.hexes.items():
        facts = {k: v for k, v in entry.facts.items() if not k.startswith("sampled:")}
        if "rules" not in facts:
            if default is None:
                line, column = entry.first
                raise _error(
                    f"{h} has no rules: add 'rules RULE = {h.split(':')[1]}' or 'rules RULE = *'", line, column
                )
            facts["rules"] = default[0]
        raw = {"hex": h, **{k: list(v) if isinstance(v, tuple) else v for k, v in facts.items()}}
        prov = _provenance(entry.facts)
        if prov:
            raw["provenance"] = prov
        hexes.append(raw)
    sides: list[dict[str, Any]] = []
    for (a, b), entry in reader.sides.items():
        facts = {k: v for k, v in entry.facts.items() if not k.startswith("sampled:")}
        if "rules" not in facts:
            if default is None:
                line, column = entry.first
                raise _error(f"the hexside {a}/{b} has no rules: add rules=RULE or 'rules RULE = *'", line, column)
            facts["rules"] = default[0]
        raw = {"between": [a, b], **{k: list(v) if isinstance(v, tuple) else v for k, v in facts.items()}}
        prov = _provenance(entry.facts)
        if prov:
            raw["provenance"] = prov
        sides.append(raw)
    out: dict[str, Any] = {
        "format": FORMAT,
        "name": reader.header["name"],
        "version": reader.header["version"],
    }
    if reader.descriptions:
        out["description"] = "\n".join(reader.descriptions)
    out["extent"] = [{"map": m, "hexes": list(row_runs(hs))} for m, hs in reader.extents.items()]
    out["hexes"] = hexes
    out["hexsides"] = sides
    return out


def compile_source(text: str) -> MapFile:
    """A source's text as a :class:`MapFile` (checked whole: :meth:`MapData.of` accepts it). Every problem raises
    :class:`InputError` naming the line and column (and the field where there is one)."""
    reader = _read(text)
    _resolve(reader)
    raw = _raw(reader)
    try:
        file = msgspec.convert(raw, MapFile)
    except msgspec.ValidationError as exc:
        raise InputError(f"the compiled map data is not valid: {exc}") from None
    try:
        MapData.of(file)
    except MapDataError as exc:
        raise InputError(str(exc), where=_entry_where(reader, exc)) from None
    return file


def _entry_where(reader: _Reader, exc: MapDataError) -> str | None:
    """The line and column of the entry a :class:`MapDataError` names (its first mention in the source)."""
    entries = list(reader.hexes.values()) if exc.section == "hexes" else list(reader.sides.values())
    if exc.section in ("hexes", "hexsides") and exc.index < len(entries):
        return _where(*entries[exc.index].first)
    return None


# ---------------------------------------------------------------------------------------------------------------------
# Writing: the source of any map data, and the canonical YAML

WIDTH: Final = 100
"""The longest line :func:`decompile` writes where it can break one (a region's hexes, a row of the extent)."""


class NotCompact(ValueError):
    """Map data that the compact format cannot write (a rule containing a comma, a note on two lines)."""


def _relative(hex_id: str, map_: str) -> str:
    return hex_id[len(map_) + 1 :] if hex_id.startswith(f"{map_}:") else hex_id


def _region_lines(head: str, hexes: Iterable[str], map_: str) -> Iterator[str]:
    """``head = K36..K40 L34..L39`` wrapped at :data:`WIDTH` (several lines give one region)."""
    items = [_relative(r, map_) for r in row_runs(hexes)]
    line = ""
    for item in items:
        if line and len(line) + 1 + len(item) > WIDTH:
            yield line
            line = ""
        line = f"{head} = {item}" if not line else f"{line} {item}"
    if line:
        yield line


def _written_value(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = ",".join(value) if isinstance(value, tuple) else str(value)
    if "\n" in text or text != text.strip() or " = " in text or not text:
        raise NotCompact(f"the {name} {text!r} cannot be written on one line of the compact format")
    return text


def _rules_text(rules: tuple[str, ...]) -> str:
    for rule in rules:
        if "," in rule or "\n" in rule or " = " in rule:
            raise NotCompact(f"the rule {rule!r} cannot be written in the compact format (a comma or ' = ' in it)")
    return ", ".join(rules)


def _row_codes(map_: str, row: int, cols: list[int], terrain: Mapping[str, str], extent: frozenset[str] | None) -> str:
    """The terrain codes of one row, run-length encoded: ``c3 f ~2``, ``_`` for a column skipped."""
    codes: list[str] = []
    for col in range(cols[0], cols[-1] + 1):
        h = f"{map_}:{ROW_LABELS[row]}{col}"
        if h in terrain:
            codes.append(CODE_OF[terrain[h]])
        elif extent is not None and h in extent:
            codes.append(UNKNOWN)
        else:
            codes.append(GAP)
    runs: list[str] = []
    i = 0
    while i < len(codes):
        j = i
        while j < len(codes) and codes[j] == codes[i]:
            j += 1
        runs.append(codes[i] + (str(j - i) if j - i > 1 else ""))
        i = j
    return " ".join(runs)


DEFAULT_HEADER: Final = "awaw map source (docs/map-source.md); compile with: awaw map compile THIS -o FILE.yaml"


def leading_comments(text: str) -> str:
    """The comment lines a file starts with, without their ``#`` (what :func:`emit_yaml` and :func:`decompile`
    carry from one form to the other)."""
    lines: list[str] = []
    for raw in text.splitlines():
        if not raw.startswith("#"):
            break
        lines.append(raw[1:].removeprefix(" "))
    return "\n".join(lines)


def decompile(data: MapData, *, header: str | None = None) -> str:
    """Map data as a compact source that :func:`compile_source` reads back to the same facts (the same
    ``sha256``): the header comment (``header``, default :data:`DEFAULT_HEADER`), the header fields, the rules
    most entries share as ``rules ... = *``, each map's rows and regions, its hexsides. Raises :class:`NotCompact`
    for what the format cannot write."""
    comment = DEFAULT_HEADER if header is None else header
    out = [f"# {line}".rstrip() for line in comment.splitlines()]
    out += [
        f"format: {SOURCE_FORMAT}",
        f"name: {data.name}",
        f"version: {data.version}",
    ]
    for line in data.description.split("\n") if data.description else ():
        out.append(f"description: {line}".rstrip())
    entries: list[HexFacts | HexsideFacts] = [*data.written_hexes, *data.written_hexsides]
    common = Counter(e.rules for e in entries).most_common(1)
    default = common[0][0] if common else None
    if default is not None:
        out += ["", f"rules {_rules_text(default)} = *"]
    maps = sorted(
        {parse(h.hex).map for h in data.written_hexes}
        | {e.map for e in data.extent}
        | {parse(s.between[0]).map for s in data.written_hexsides}
    )
    for map_ in maps:
        out += ["", *_map_section(data, map_, default)]
    return "\n".join(out) + "\n"


def _map_section(data: MapData, map_: str, default: tuple[str, ...] | None) -> list[str]:
    extent = data.extent_of(map_)
    out = [f"map {map_}" + (" extent" if extent is not None else "")]
    hexes = [h for h in data.written_hexes if parse(h.hex).map == map_]
    terrain = {h.hex: h.terrain for h in hexes if h.terrain is not None}
    rows: dict[int, list[int]] = {}
    for hex_id in extent if extent is not None else terrain:
        at = parse(hex_id)
        rows.setdefault(at.row, []).append(at.col)
    for row in sorted(rows):
        cols = sorted(rows[row])
        out.append(f"{ROW_LABELS[row]}{cols[0]} {_row_codes(map_, row, cols, terrain, extent)}")
    land = {h for h in extent if terrain.get(h) != "sea"} if extent is not None else set()
    names = [n for n in HexFacts.__struct_fields__ if n in HEX_FACTS and n != "terrain"]
    for name in names:
        by_value: dict[Any, list[str]] = {}
        for h in hexes:
            value = getattr(h, name)
            if value not in (None, ()):
                by_value.setdefault(value, []).append(h.hex)
        if not by_value:
            continue
        out.append("")
        wildcard = None
        given = {h for where in by_value.values() for h in where}
        if extent is not None and given == land:
            wildcard = max(by_value, key=lambda v: (len(by_value[v]), _written_value(name, v)))
        for value in sorted(by_value, key=lambda v: _written_value(name, v)):
            head = f"{name} {_written_value(name, value)}"
            if value == wildcard:
                continue
            out += list(_region_lines(head, by_value[value], map_))
        if wildcard is not None:
            out.append(f"{name} {_written_value(name, wildcard)} = {ALL}")
    groups: dict[tuple[str, ...], list[str]] = {}
    notes: dict[str, list[str]] = {}
    sampled: dict[tuple[str, float], list[str]] = {}
    for h in hexes:
        if h.rules != default:
            groups.setdefault(h.rules, []).append(h.hex)
        if h.note:
            notes.setdefault(h.note, []).append(h.hex)
        for p in h.provenance:
            sampled.setdefault((p.fact, p.confidence), []).append(h.hex)
    if groups or notes or sampled:
        out.append("")
    for rules, where in sorted(groups.items()):
        out += list(_region_lines(f"rules {_rules_text(rules)}", where, map_))
    for note, where in sorted(notes.items()):
        out += list(_region_lines(f"note {_written_value('note', note)}", where, map_))
    for (fact, confidence), where in sorted(sampled.items()):
        out += list(_region_lines(f"sampled {fact} {confidence!r}", where, map_))
    sides = [s for s in data.written_hexsides if parse(s.between[0]).map == map_]
    if sides:
        out.append("")
    for s in sides:
        out.append(_side_code(s, map_, default))
    return out


def _side_code(side: HexsideFacts, map_: str, default: tuple[str, ...] | None) -> str:
    """``K36/K37 river``: a hexside's facts as short codes."""
    a, b = (_relative(h, map_) for h in side.between)
    parts = [f"{a}/{b}"]
    shorthand = {v: k for k, v in _SIDE_WORDS.items()}
    for name in HexsideFacts.__struct_fields__:
        if name not in HEXSIDE_FACTS:
            continue
        value = getattr(side, name)
        if value is None:
            continue
        if name == "fortification_of":
            parts.append(f"of={_relative(value, map_)}")
        elif isinstance(value, bool):
            parts.append(
                "arrow"
                if (name, value) == ("crossing_arrow", True)
                else "coast"
                if (name, value) == ("coast", True)
                else f"{name}={'yes' if value else 'no'}"
            )
        elif (name, value) in shorthand:
            parts.append(shorthand[(name, value)])
        else:
            parts.append(f"{name}={shlex.quote(value)}")
    if side.rules != default:
        parts.append(f"rules={shlex.quote(_rules_text(side.rules))}")
    if side.note:
        parts.append(f"note={shlex.quote(_written_value('note', side.note))}")
    for p in side.provenance:
        parts.append(f"sampled={p.fact}:{p.confidence!r}")
    return " ".join(parts)


# ---------------------------------------------------------------------------------------------------------------------
# The canonical YAML


@functools.lru_cache(maxsize=4096)
def _plain(text: str) -> bool:
    """Can a string stand unquoted in a YAML flow collection and read back as itself? (Asked of YAML itself:
    ``1``, ``yes`` and ``2001-12-25`` cannot.)"""
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.:\-]*", text):
        return False
    try:
        return bool(yaml.safe_load(f"[{text}]") == [text])
    except yaml.YAMLError:
        return False


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    text = str(value)
    return text if _plain(text) else json.dumps(text, ensure_ascii=False)


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return _scalar(value)


def emit_yaml(data: MapData, *, header: str = "") -> str:
    """The canonical YAML of map data: the header fields, the extent (one-row blocks), then one line an entry in
    hex order; the same facts always give the same text, which :func:`replays.maps.parse_map_data` reads back to the
    same ``sha256``. ``header``: comment lines to put first (each line gets ``# ``)."""
    out = [f"# {line}".rstrip() for line in header.splitlines()]
    out += [f"format: {FORMAT}", f"name: {_scalar(data.name)}", f"version: {json.dumps(data.version)}"]
    if data.description:
        out.append(f"description: {json.dumps(data.description, ensure_ascii=False)}")
    if data.extent:
        out.append("extent:")
        for e in data.extent:
            out.append(f"  - map: {e.map}")
            if e.note:
                out.append(f"    note: {json.dumps(e.note, ensure_ascii=False)}")
            out.append("    hexes:")
            out += [f"      - {_scalar(h)}" for h in e.hexes]
    if data.written_hexes:
        out.append("hexes:")
        out += [f"  - {_flow(msgspec.to_builtins(h))}" for h in data.written_hexes]
    if data.written_hexsides:
        out.append("hexsides:")
        out += [f"  - {_flow(msgspec.to_builtins(s))}" for s in data.written_hexsides]
    return "\n".join(out) + "\n"
