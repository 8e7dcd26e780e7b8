"""Map-data files: reading them (with the line and field of every problem), the data that ships with awaw-events,
and the map data a game declared.

The typed structs and the lookups are :mod:`projections.rules.mapdata` (pure); this module does the I/O that
projections may not do: it reads files and package data, parses YAML keeping line numbers, and asks the store for
the copy of a game's map data kept when the game was started (``awaw new --map-data``). See docs/map-data.md.
"""

from __future__ import annotations

import importlib.resources
import re
from pathlib import Path
from typing import Any, Final, NamedTuple

import msgspec
import yaml

from awaw_events import io as event_io
from awaw_events.errors import InputError
from awaw_events.log import MapDataFile
from awaw_events.store import GameStore
from projections.core import MapDataRef
from projections.game import GameState
from projections.rules.mapdata import MapData, MapDataError, MapFile, resolve_place
from replays.state import state_at

SHIPPED: Final = "rule-texts.yaml"
"""The map data that ships with awaw-events: the hex and hexside facts the rule texts themselves give."""
SHIPPED_SOURCE: Final = "shipped"
"""The ``source`` a game records when it uses the shipped map data."""

_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PATH_PART = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]")
_UNKNOWN_FIELD = re.compile(r"unknown field `([^`]+)`")


class LoadedMap(NamedTuple):
    """A map-data file read and checked: its facts, its bytes as read, and where it came from."""

    data: MapData
    content: bytes
    source: str

    def declaration(self) -> MapDataFile:
        """What ``awaw new`` records about it (``map_data_used``) and keeps in the store."""
        return MapDataFile(
            name=self.data.name,
            version=self.data.version,
            sha256=self.data.sha256,
            source=self.source,
            content=self.content,
            hexes=len(self.data.hexes),
            hexsides=len(self.data.hexsides),
        )


# ---------------------------------------------------------------------------------------------------------------
# Parsing, with lines


def _compose(text: str) -> yaml.Node:
    node = event_io.compose_yaml(text)  # nesting and alias expansion bounded before anything is built
    if not isinstance(node, yaml.MappingNode):
        raise InputError("a map-data file is one YAML mapping (format, name, version, hexes, hexsides)", where="line 1")
    _refuse_duplicate_keys(node)
    return node


def _construct(node: yaml.Node) -> Any:
    """The plain data of a composed document (parsed once: the nodes keep the lines for error messages)."""
    loader = _SafeLoader("")
    try:
        return loader.construct_document(node)
    except yaml.YAMLError as exc:
        raise event_io.yaml_error(exc) from None
    except ValueError as exc:  # a value YAML reads as a date or a number but cannot build (2001-13-45)
        raise InputError(f"not valid YAML: {exc}") from None
    finally:
        loader.dispose()


def _refuse_duplicate_keys(node: yaml.Node) -> None:
    """YAML keeps the last of two equal keys silently; a map-data file with one is refused."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = str(key.value)
            if name in seen:
                raise InputError(
                    f"{name!r} is given twice in one entry (first at line {seen[name]})",
                    where=f"line {key.start_mark.line + 1}",
                    field=name,
                )
            seen[name] = key.start_mark.line + 1
            _refuse_duplicate_keys(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _refuse_duplicate_keys(item)


def _child(node: yaml.Node, part: str | int) -> tuple[yaml.Node, yaml.Node | None]:
    """The node under a mapping key or sequence index (and the key node, for a mapping)."""
    if isinstance(part, int) and isinstance(node, yaml.SequenceNode) and part < len(node.value):
        return node.value[part], None
    if isinstance(part, str) and isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == part:
                return value, key
    raise LookupError(part)


def _line_of(root: yaml.Node, path: list[str | int], key: bool = False) -> int:
    """The line (1-based) of the node at ``path``, or of its key with ``key=True``; as deep as the path goes."""
    node, line = root, root.start_mark.line + 1
    for part in path:
        try:
            node, key_node = _child(node, part)
        except LookupError:
            break
        line = (key_node if key and key_node is not None else node).start_mark.line + 1
    return line


def _parse_path(text: str) -> list[str | int]:
    return [name if name else int(index) for name, index in _PATH_PART.findall(text)]


def _field_name(path: list[str | int]) -> str:
    """``hexes[3].terrain`` for ``["hexes", 3, "terrain"]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _validation_error(root: yaml.Node, exc: msgspec.ValidationError) -> InputError:
    message, _, at = str(exc).partition(" - at `$")
    path = _parse_path(at.rstrip("`"))
    unknown = _UNKNOWN_FIELD.search(message)
    if unknown:
        path = [*path, unknown.group(1)]
        message = f"unknown field {unknown.group(1)!r} (docs/map-data.md lists the fields)"
    else:
        message = message[0].lower() + message[1:] if message else "invalid value"
    return InputError(message, where=f"line {_line_of(root, path, key=bool(unknown))}", field=_field_name(path))


def parse_map_data(text: str | bytes, *, source: str = "map data") -> MapData:
    """A map-data file's text as :class:`MapData`; every problem raises :class:`InputError` naming the line, the
    field (``hexes[3].terrain``) and what was expected. Unknown fields are refused."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{source} is not UTF-8 text: {exc}") from None
    root = _compose(text)
    try:
        file = msgspec.convert(_construct(root), MapFile)
    except msgspec.ValidationError as exc:
        raise _validation_error(root, exc) from None
    try:
        return MapData.of(file)
    except MapDataError as exc:
        raise InputError(
            str(exc), where=f"line {_line_of(root, [exc.section, exc.index])}", field=f"{exc.section}[{exc.index}]"
        ) from None


# ---------------------------------------------------------------------------------------------------------------
# Files, the shipped data


def load_map_file(path: str | Path) -> LoadedMap:
    """Read and check a map-data file (the ``source`` recorded is its file name)."""
    path = Path(path)
    content = event_io.read_file(path, what="map-data file")
    try:
        data = parse_map_data(content, source=path.name)
    except InputError as exc:
        raise InputError(f"{path.name}: {exc.message}", where=exc.where, field=exc.field) from None
    return LoadedMap(data, content, path.name)


def shipped_content() -> bytes:
    """The bytes of the shipped map-data file (package data of ``projections.rules``)."""
    return importlib.resources.files("projections.rules").joinpath("maps", SHIPPED).read_bytes()


def shipped_map_data() -> LoadedMap:
    """The map data that ships with awaw-events (``projections/rules/maps/rule-texts.yaml``)."""
    content = shipped_content()
    return LoadedMap(parse_map_data(content, source=SHIPPED), content, SHIPPED_SOURCE)


# ---------------------------------------------------------------------------------------------------------------
# The map data of a game


class DeclaredMapData(NamedTuple):
    """The map data a game declared: the facts (None when they cannot be had), the declaration, and why not."""

    data: MapData | None
    declared: MapDataRef | None
    reason: str | None
    """None when ``data`` is there; otherwise why it is not (no declaration, not available, hash mismatch)."""


def describe(data: MapData) -> str:
    """One line about map data: ``rule-texts version 1, 51 hexes, 10 hexsides, sha256 4af789a436e2...``."""
    return (
        f"{data.name} version {data.version}, {len(data.hexes)} hexes, {len(data.hexsides)} hexsides, "
        f"sha256 {data.sha256[:12]}..."
    )


def keep_map_data(store: GameStore, loaded: LoadedMap) -> None:
    """Keep a map-data file in the store, by the hash of its facts, so that games declaring it find it."""
    store.put_map_data(loaded.data.sha256, loaded.content)


def keep_for_game(store: GameStore, timeline: str, loaded: LoadedMap) -> str:
    """``awaw import --map-data``: keep the file in the store, and say whether it is the map data the game declares."""
    keep_map_data(store, loaded)
    found = declared_map_data(store, timeline) if store.exists(timeline) else None
    kept = f"kept map data {describe(loaded.data)}"
    if found is None or found.declared is None:
        return f"{kept}; {timeline!r} declares no map data"
    if found.declared.sha256 != loaded.data.sha256:
        detail = describe(found.data) if found.data is not None else found.reason
        return f"{kept}; but {timeline!r} declares other map data: {detail}"
    return f"{kept}: the map data {timeline!r} declares"


def resolve_map_data(store: GameStore, declared: MapDataRef) -> DeclaredMapData:
    """The facts a ``map_data_used`` event names (``Meta.map_data``): the store's copy (kept by ``awaw new`` or
    ``awaw import --map-data``), else the shipped data if it has that hash; None with the reason otherwise."""
    label = f"{declared.name!r} version {declared.version!r} (sha256 {declared.sha256[:12]}...)"
    content = store.map_data(declared.sha256)
    if content is not None:
        try:
            data = parse_map_data(content)
        except InputError as exc:
            return DeclaredMapData(None, declared, f"the stored copy of map data {label} cannot be read: {exc}")
        if data.sha256 != declared.sha256:
            return DeclaredMapData(
                None, declared, f"hash mismatch: the stored copy of map data {label} hashes to {data.sha256[:12]}..."
            )
        return DeclaredMapData(data, declared, None)
    shipped = shipped_map_data().data
    if shipped.sha256 == declared.sha256:
        return DeclaredMapData(shipped, declared, None)
    return DeclaredMapData(
        None,
        declared,
        f"declared map data not available: {label} is not in this store and is not the shipped map data "
        f"(version {shipped.version!r}, sha256 {shipped.sha256[:12]}...); import the game with --map-data FILE",
    )


def declared_map_data(store: GameStore, timeline: str, *, at: int | None = None) -> DeclaredMapData:
    """The :class:`MapData` a game declared (its last ``map_data_used`` up to event ``at``, rulings applied), or
    None with the reason: no declaration, declared map data not available, hash mismatch."""
    seq = store.count(timeline) if at is None else at
    declared = state_at(store.open(timeline), seq, save=False).meta.map_data
    if declared is None:
        return DeclaredMapData(None, None, f"{timeline!r} declares no map data")
    return resolve_map_data(store, declared)


def places_named(store: GameStore, state: GameState) -> dict[str, tuple[str, ...] | None]:
    """The hexes of every place the political state names (places controlled, chronicle places), as the game's
    declared map data resolves them (None for a name it does not know, or when it has none)."""
    names = set(state.politics.areas) | {p for line in state.politics.chronicle for p in line.places}
    if not names:
        return {}
    declared = state.meta.map_data
    data = resolve_map_data(store, declared).data if declared is not None else None
    return {name: resolve_place(data, name) for name in sorted(names)}
