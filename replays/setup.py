"""Set-ups: the position of a game as a human-writable YAML file (``docs/setup.md``), written from any point of a
game (``awaw setup``) and turned into the set-up events of a new game (``awaw new --setup``).

:func:`position` is the one definition of what a set-up holds: the rule set and options; every unit with where it
stands (face up or inverted, damaged); hex control, CTLs, bridgeheads, fortifications, railheads and counters; wars
(with when they began), political statuses and the factions minor countries are aligned with, the tension tracks
and winter preparation; each power's BRP base and
available BRPs; the oil reserves and their levels, and oil outside reserves; the shipyards and the ships on their
charts; the force pools; and the point of play (game turn, player turn, phase). Not the ledgers' history, not
event numbers, not this turn's running facts (attacks, supply determinations, spending tallies): a set-up starts
them afresh. ``awaw setup`` then ``awaw new --setup`` gives back exactly :func:`position` (a property test at
random phase ends of the example checks it).

:func:`setup_events` turns a file into events that the existing projections fold: ``unit_placed``,
``hex_control_changed`` (cause ``setup``), ``ship_laid_down`` (``setup: true``), ``war_declared`` with the date the
war began (``since``) and no cost, and so on; ``brps_set`` comes last, so that nothing placed before it (a repair
under way, a railhead) moves a balance. Then, when the position is within a player turn, ``player_turn_started``
and ``phase_started`` bring the clock to it, so that ``awaw end-phase`` goes on from there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Annotated, Any, Final, Literal, cast

import msgspec
import yaml
from msgspec import Meta

from awaw_events import io as event_io
from awaw_events.codec import parse_event
from awaw_events.errors import InputError
from awaw_events.gametime import GamePoint, parse_game_point
from awaw_events.log import Numbered
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, POWERS
from projections.board import BoardState
from projections.game import GameState
from replays.setup_errors import event_error, schema_error
from replays.setup_history import history_fields, history_of, ordered, restated, war_event

FORMAT: Final = "awaw-setup/1"
"""The ``format`` a set-up file declares."""

UNIT_WORDS: Final = re.compile(r"^(?P<type>[a-z_]+) (?P<factors>\d+)(?:-(?P<movement>\d+))?(?P<rest>(?: [a-z_:]+)*)$")
"""A unit in a set-up file: ``TYPE FACTORS[-MOVEMENT] [NATIONALITY] [inverted] [damaged]`` (``armor 4-6``,
``infantry 2-3 poland``, ``aaf 5 inverted``)."""

FLAGS: Final = ("inverted", "damaged")

GAME_TURN_START: Final = "game_turn_start"
"""The phase a game turn begins in: a point of play at a game turn's start, whether its ``game_turn_started`` gave a
phase or not (the example's first one, after the set-up, does)."""

CHART_STATUSES: Final = frozenset({"on_chart", "waiting_for_repair"})
"""Ships a set-up lists under ``ships`` (on a Naval Construction Chart, or in its Waiting for Repair box); the
others are units on the board (or gone)."""

Hex = Annotated[str, Meta(pattern=r"^(EUR|PAC):[A-Z]{1,2}\d{1,2}$")]


class UnitSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A unit written out in full (a named ship, or any unit): its type, factors, and the rest."""

    type: str
    factors: Annotated[int, Meta(ge=0, le=99)]
    movement: Annotated[int, Meta(ge=0, le=12)] | None = None
    nationality: str | None = None
    name: str | None = None
    inverted: bool = False
    damaged: bool = False


class Reserve(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """An oil reserve: its faction, location and maximum (fifths), and, when oil is tracked, what started the
    tracking and its level (fifths)."""

    faction: str
    location: str
    maximum: Annotated[int, Meta(ge=0, le=5000)] | None = None
    tracked: str | None = None
    level: Annotated[int, Meta(ge=-5000, le=5000)] | None = None


class Yard(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A shipyard: owner, where its ships launch, rate, capacity rule; who controls it, and how (27.713)."""

    owner: str
    location: str | None = None
    rate: Annotated[int, Meta(ge=0, le=12)] = 0
    capacity_rule: Literal["double_rate", "us_box", "captured"] = "double_rate"
    controller: str | None = None
    mode: Literal["owned", "captured", "recaptured_by_owner", "recaptured_by_ally"] = "owned"


class ChartShip(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A ship on a chart: type, factors, name, the owner (default: the yard's), its cell, and whether it is being
    repaired (``repair: true``) rather than built; a ship waiting for repair has no cell (``waiting: true``)."""

    type: str
    factors: Annotated[int, Meta(ge=0, le=99)]
    name: str | None = None
    owner: str | None = None
    row: Literal["5", "4", "3", "2", "launch"] | None = None
    column: Literal["spring", "summer", "fall", "winter"] | None = None
    repair: bool = False
    waiting: bool = False


class Fort(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    kind: str
    owner: str
    faces: tuple[str, ...] = ()
    beach_defense: bool = False
    island_group: bool = False


class Bridgehead(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    faction: str
    cause: str


class StatusSpec(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A country's political status with the faction it is associated with, allied to or conquered by
    (``status_changed.faction``)."""

    status: str
    faction: str | None = None


class SetupFile(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """A set-up file as written (``docs/setup.md``)."""

    format: Literal["awaw-setup/1"]
    title: str = ""
    rules: Literal["awaw", "a3r"] = "awaw"
    variant: Literal["classic", "full"] = "classic"
    scenario: str = "campaign-1939"
    start: str
    """The game turn (``1939-fall``), or the point of play within it (``1939-fall/axis/movement``)."""
    options: dict[str, str] = {}
    map_data: dict[str, str] = {}
    brps: dict[str, dict[Literal["base", "available"], int]] = {}
    tracks: dict[str, int] = {}
    winter_preparation: dict[str, int] = {}
    ctl: dict[str, dict[str, int]] = {}
    wars: dict[str, str] = {}
    statuses: dict[str, str | StatusSpec] = {}
    """Each country's status (``surrendered``), or its status and faction (``{status: vichy_activated, faction:
    european_axis}``)."""
    control: dict[str, list[Hex]] = {}
    units: dict[str, dict[str, dict[str, str | UnitSpec]]] = {}
    force_pools: dict[str, dict[str, int]] = {}
    fortifications: dict[str, Fort] = {}
    bridgeheads: dict[str, Bridgehead] = {}
    railheads: dict[str, str] = {}
    counters: dict[str, dict[str, str]] = {}
    oil: dict[str, Reserve] = {}
    oil_outside: dict[str, int] = {}
    yards: dict[str, Yard] = {}
    ships: dict[str, dict[str, ChartShip]] = {}
    history: list[dict[str, Any]] = []
    """The record's political facts, as events at their own game turns (:mod:`replays.setup_history`)."""


# ---------------------------------------------------------------------------------------------------------------
# The position


def position(state: GameState) -> dict[str, Any]:
    """What a set-up holds of a game state, as plain sorted data (two states with equal positions are the same
    position; see the module's notes for what is left out)."""
    board, naval, oil = state.board, state.naval, state.oil
    clock = state.clock
    return {
        "rules": [state.meta.rules, state.meta.variant, dict(sorted(state.meta.options.items()))],
        "point": [clock.year, clock.season, clock.side, clock.phase or (None if clock.side else GAME_TURN_START)],
        "units": {u.id: _unit_data(u) for u in sorted(board.units.values(), key=lambda u: u.id)},
        "force_pools": {k: v for k, v in sorted(board.force_pools.items()) if v},
        "control": dict(sorted(board.control.items())),
        "bridgeheads": {h: [b.faction, b.cause] for h, b in sorted(board.bridgeheads.items())},
        "fortifications": {
            h: [f.kind, f.owner, list(f.faces), f.beach_defense is not None, f.island_group is not None]
            for h, f in sorted(board.fortifications.items())
        },
        "railheads": dict(sorted(board.railheads.items())),
        "counters": dict(sorted(board.counters.items())),
        "wars": dict(sorted(board.wars.items())),
        "declared": dict(sorted(board.declared.items())),
        "tensions": dict(sorted(board.tensions.items())),
        "statuses": dict(sorted(board.statuses.items())),
        "alignment": dict(sorted(state.politics.alignment.items())),
        "diplomacy": dict(sorted(board.diplomacy.items())),
        "ctl": dict(sorted(board.ctl.items())),
        "winter_preparation": dict(sorted(state.weather.winter_preparation.items())),
        "brps": {p: [state.brp.base.get(p), state.brp.available.get(p)] for p in POWERS},
        "oil": {
            "reserves": {
                r: [v.faction, v.location, v.maximum, v.tracking, v.trigger] for r, v in sorted(oil.reserves.items())
            },
            "levels": dict(sorted(oil.levels.items())),
            "outside": {k: v for k, v in sorted(oil.pools.items()) if v},
        },
        "yards": {
            y: [
                c.owner,
                c.controller,
                c.mode,
                c.location,
                c.rate,
                c.capacity_rule,
                dict(sorted(c.cells.items())),
                list(c.waiting),
            ]
            for y, c in sorted(naval.charts.items())
        },
        "ships": {
            s.id: [s.status, s.yard, s.row, s.column, s.work]
            for s in sorted(naval.ships.values(), key=lambda s: s.id)
            if s.status in CHART_STATUSES
        },
    }


def _unit_data(unit: Any) -> dict[str, Any]:
    """A unit's part of the position: all but its supply (a determination of this turn, made afresh)."""
    data = cast(dict[str, Any], msgspec.to_builtins(unit))
    data.pop("supply", None)
    return data


# ---------------------------------------------------------------------------------------------------------------
# Writing a set-up


def _unit_words(unit: Any) -> str | dict[str, Any]:
    """The short form ``armor 4-6 [nationality] [inverted] [damaged]``, or the full one for a named unit."""
    if unit.name is not None:
        spec = UnitSpec(
            type=unit.unit_type,
            factors=unit.factors,
            movement=unit.movement,
            nationality=unit.nationality if unit.nationality != unit.owner else None,
            name=unit.name,
            inverted=unit.inverted,
            damaged=unit.damaged,
        )
        return cast(dict[str, Any], msgspec.to_builtins(spec))
    words = [unit.unit_type, f"{unit.factors}" + (f"-{unit.movement}" if unit.movement is not None else "")]
    if unit.nationality != unit.owner:
        words.append(unit.nationality)
    words += [flag for flag in FLAGS if getattr(unit, flag)]
    return " ".join(words)


def setup_of(state: GameState, *, title: str = "") -> dict[str, Any]:
    """The set-up file (as data, to dump as YAML) of a game state."""
    board, clock = state.board, state.clock
    meta = state.meta
    phase = clock.phase or (None if clock.side else GAME_TURN_START)
    start = "/".join(str(p) for p in (f"{clock.year}-{clock.season}", clock.side, phase) if p is not None)
    data: dict[str, Any] = {"format": FORMAT, "title": title, "rules": meta.rules, "variant": meta.variant}
    data["start"] = start
    data["options"] = dict(sorted(meta.options.items()))
    if meta.map_data is not None:
        data["map_data"] = {
            "name": meta.map_data.name,
            "version": meta.map_data.version,
            "sha256": meta.map_data.sha256,
        }
    data["brps"] = {
        p: {"base": state.brp.base[p], "available": state.brp.available.get(p, 0)}
        for p in POWERS
        if p in state.brp.base
    }
    again = restated(state)  # the facts the history restates with how they are known
    data["tracks"] = {k: v for k, v in sorted(board.tensions.items()) if f"tension:{k}" not in again}
    data["winter_preparation"] = dict(sorted(state.weather.winter_preparation.items()))
    ctl: dict[str, dict[str, int]] = {}
    for key, level in sorted(board.ctl.items()):
        faction, _, domain = key.partition("/")
        ctl.setdefault(faction, {})[domain] = level
    data["ctl"] = ctl
    data["wars"] = {ordered(board, k): v for k, v in sorted(board.wars.items()) if f"war:{k}" not in again}
    aligned = state.politics.alignment
    data["statuses"] = {
        c: {"status": status, "faction": aligned[c]} if c in aligned else status
        for c, status in sorted(board.statuses.items())
        if f"status:{c}" not in again
    }
    control: dict[str, list[str]] = {}
    for hex_, who in sorted(board.control.items()):
        if f"control:{hex_}" not in again:  # a hex's control known from a source is restated in the history
            control.setdefault(who, []).append(hex_)
    data["control"] = dict(sorted(control.items()))
    data["units"] = _units_of(board, state)
    pools: dict[str, dict[str, int]] = {}
    for key, n in sorted(board.force_pools.items()):
        if n:
            power, _, rest = key.partition("/")
            pools.setdefault(power, {})[rest] = n
    data["force_pools"] = pools
    data["fortifications"] = {
        h: msgspec.to_builtins(
            Fort(
                kind=f.kind,
                owner=f.owner,
                faces=f.faces,
                beach_defense=f.beach_defense is not None,
                island_group=f.island_group is not None,
            )
        )
        for h, f in sorted(board.fortifications.items())
    }
    data["bridgeheads"] = {h: {"faction": b.faction, "cause": b.cause} for h, b in sorted(board.bridgeheads.items())}
    data["railheads"] = dict(sorted(board.railheads.items()))
    counters: dict[str, dict[str, str]] = {}
    for key, power in sorted(board.counters.items()):
        hex_, _, counter = key.partition("/")
        counters.setdefault(hex_, {})[counter] = power
    data["counters"] = counters
    data |= _economy_of(state)
    data["ships"] = _chart_ships(state)
    history = history_of(state)
    if history:
        data["history"] = history
    return {k: v for k, v in data.items() if v not in ({}, "", None) or k in ("format", "start")}


def _economy_of(state: GameState) -> dict[str, Any]:
    """The oil reserves, oil outside them, and the shipyards of a set-up."""
    naval = state.naval
    data: dict[str, Any] = {}
    data["oil"] = {
        r: msgspec.to_builtins(
            Reserve(
                faction=v.faction,
                location=v.location,
                maximum=v.maximum,
                tracked=(v.trigger or "setup") if v.tracking == "tracked" else None,
                level=state.oil.levels.get(r) if v.tracking == "tracked" else None,
            )
        )
        for r, v in sorted(state.oil.reserves.items())
    }
    data["oil_outside"] = {k: v for k, v in sorted(state.oil.pools.items()) if v}
    data["yards"] = {
        y: msgspec.to_builtins(
            Yard(
                owner=c.owner,
                location=c.location,
                rate=c.rate,
                capacity_rule=c.capacity_rule,
                controller=c.controller if c.controller != c.owner else None,
                mode=cast(Any, c.mode),
            )
        )
        for y, c in sorted(naval.charts.items())
    }
    return data


def _units_of(board: BoardState, state: GameState) -> dict[str, dict[str, dict[str, Any]]]:
    """Units by owner and location, but the ships on a chart or waiting for repair (under ``ships``)."""
    ships = state.naval.ships
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for unit in sorted(board.units.values(), key=lambda u: (u.owner, u.location, u.id)):
        ship = ships.get(unit.id)
        if ship is not None and ship.status in CHART_STATUSES:
            continue
        found.setdefault(unit.owner, {}).setdefault(unit.location, {})[unit.id] = _unit_words(unit)
    return found


def _chart_ships(state: GameState) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    units = state.board.units
    for ship in sorted(state.naval.ships.values(), key=lambda s: s.id):
        if ship.status not in CHART_STATUSES or ship.yard is None:
            continue
        chart = state.naval.charts.get(ship.yard)
        unit = units.get(ship.id)
        spec = ChartShip(
            type=str(ship.unit_type),
            factors=ship.factors or 0,
            name=ship.name,
            owner=ship.owner if chart is None or ship.owner != chart.owner else None,
            row=ship.row,
            column=cast(Any, ship.column),
            repair=ship.work == "repair" or (unit is not None and unit.damaged and ship.status == "on_chart"),
            waiting=ship.status == "waiting_for_repair",
        )
        found.setdefault(ship.yard, {})[ship.id] = msgspec.to_builtins(spec)
    return found


def dump(data: Mapping[str, Any]) -> str:
    """A set-up as YAML: sections in order, leaf lists and mappings on one line."""
    head = f"# A World at War set-up ({FORMAT}): docs/setup.md describes every section.\n"
    return head + yaml.safe_dump(dict(data), sort_keys=False, default_flow_style=None, width=118, allow_unicode=True)


# ---------------------------------------------------------------------------------------------------------------
# Reading a set-up


def parse_setup(text: str | bytes, *, source: str = "the set-up") -> SetupFile:
    """A set-up file's text, checked whole: every problem names its line and field (unknown fields refused)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"{source} is not UTF-8 text: {exc}") from None
    root = event_io.compose_yaml(text)  # nesting and alias expansion bounded before anything is built
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise event_io.yaml_error(exc) from None
    if not isinstance(root, yaml.MappingNode) or not isinstance(data, dict):
        raise InputError(f"{source} is one YAML mapping (format, start, units ...: docs/setup.md)", where="line 1")
    try:
        setup = msgspec.convert(data, SetupFile)
    except msgspec.ValidationError as exc:
        raise schema_error(root, data, exc, SetupFile) from None
    setup_events(setup, root=root)  # what each section makes, checked here: a refusal names its line
    return setup


def start_point(setup: SetupFile) -> GamePoint:
    """The point of play a set-up starts at (its game turn, and the player turn and phase within it)."""
    return parse_game_point(setup.start)


def resumes(setup: SetupFile) -> str | None:
    """Where play resumes, for a set-up that is a position taken during play (its ``start`` names a player turn or a
    phase after the set-up: ``1939-fall/axis/combat``, ``1940-spring/research``); None for a position before play
    (``1939-fall/setup``, ``1939-fall``). ``awaw new --setup`` records it in ``game_created.resumes``."""
    point = start_point(setup)
    return str(point) if point.side is not None or point.phase not in (None, "setup") else None


def _unit(words: str | UnitSpec, where: str) -> UnitSpec:
    if isinstance(words, UnitSpec):
        return words
    found = UNIT_WORDS.match(words.strip())
    if found is None:
        raise InputError(
            f"expected 'TYPE FACTORS[-MOVEMENT] [NATIONALITY] [inverted] [damaged]', got {words!r}", field=where
        )
    rest = found.group("rest").split()
    flags = {w for w in rest if w in FLAGS}
    others = [w for w in rest if w not in FLAGS]
    if len(others) > 1:
        raise InputError(f"one nationality at most, got {' '.join(others)!r}", field=where)
    movement = found.group("movement")
    return UnitSpec(
        type=found.group("type"),
        factors=int(found.group("factors")),
        movement=int(movement) if movement is not None else None,
        nationality=others[0] if others else None,
        inverted="inverted" in flags,
        damaged="damaged" in flags,
    )


def setup_events(setup: SetupFile, *, root: yaml.Node | None = None) -> list[Numbered]:
    """The events that set a new game up in the position a file describes (after ``game_created`` and
    ``map_data_used``, which ``awaw new`` records), each with where in the file it comes from; a refusal names the
    entry (and its line, given the file's YAML ``root``)."""
    point = start_point(setup)
    made: list[Numbered] = []
    where = "start"
    try:
        for where, fields in _fields(setup):
            fields.setdefault("year", point.year)
            fields.setdefault("season", point.season)
            fields.setdefault("phase", "setup")
            made.append(Numbered(where, parse_event(fields, where=where)))
    except InputError as exc:
        raise event_error(exc, where, root) from None
    made += [Numbered("start", parse_event(fields, where="start")) for fields in _resume(point)]
    return made


def _resume(point: GamePoint) -> list[dict[str, Any]]:
    """The events that bring the clock from the set-up to the point of play (none for a set-up before play)."""
    turn: dict[str, Any] = {"year": point.year, "season": point.season}
    if point.side is not None:
        begun = [{"type": "player_turn_started", **turn, "side": point.side}]
        if point.phase is not None:
            begun.append({"type": "phase_started", **turn, "side": point.side, "phase": point.phase})
        return begun
    if point.phase in (None, GAME_TURN_START):  # after the set-up phase, the game turn starts in game_turn_start
        return [{"type": "game_turn_started", **turn, "phase": GAME_TURN_START}]
    if point.phase == "end_of_game_turn":
        return [{"type": "game_turn_ended", **turn, "phase": point.phase}]
    if point.phase == "setup":
        return []
    return [{"type": "phase_started", **turn, "phase": point.phase}]


def _fields(setup: SetupFile) -> Iterator[tuple[str, dict[str, Any]]]:
    yield from history_fields(setup.history)  # first: a power conquered then re-entered keeps its later wars
    for track, level in setup.tracks.items():
        yield f"tracks.{track}", {"type": "tension_changed", "track": track, "old": 0, "new": level, "cause": "setup"}
    for faction, level in setup.winter_preparation.items():
        yield (
            f"winter_preparation.{faction}",
            {"type": "winter_preparation_changed", "faction": faction, "level": level, "cause": "setup"},
        )
    for who, domains in setup.ctl.items():
        # a faction's level, or a nation's own (Italy's beside Germany's: 14.43, 15.551)
        own = {} if who in FACTIONS else {"faction": FACTION_OF_POWER.get(who, who), "nationality": who}  # type: ignore[call-overload]
        for domain, level in domains.items():
            yield f"ctl.{who}", {"type": "ctl_set", "faction": who, "domain": domain, "level": level, **own}
    for country, status in setup.statuses.items():
        given = status if isinstance(status, StatusSpec) else StatusSpec(status=status)
        aligned = {"faction": given.faction} if given.faction is not None else {}
        yield f"statuses.{country}", {"type": "status_changed", "country": country, "status": given.status, **aligned}
    for key, since in setup.wars.items():
        yield f"wars.{key}", war_event(key, since)
    yield from _naval(setup)
    placed: dict[str, str] = {}
    for owner, places in setup.units.items():
        for location, units in places.items():
            for unit_id, words in units.items():
                where = f"units.{owner}.{location}.{unit_id}"
                if unit_id in placed:  # one counter stands in one place
                    raise InputError(
                        f"{unit_id!r} is placed twice: at {placed[unit_id]} and at {owner}.{location}",
                        where=f"the set-up's {where}",
                        field="units",
                    )
                placed[unit_id] = f"{owner}.{location}"
                spec = _unit(words, where)
                yield (
                    where,
                    {
                        "type": "unit_placed",
                        "unit": unit_id,
                        "owner": owner,
                        "nationality": spec.nationality or owner,
                        "unit_type": spec.type,
                        "factors": spec.factors,
                        "location": location,
                        "movement": spec.movement,
                        "name": spec.name,
                        "inverted": spec.inverted,
                    },
                )
                if spec.damaged:
                    yield where, {"type": "ship_damaged", "ship": unit_id, "cause": "setup"}
    for power, types in setup.force_pools.items():
        for key, n in types.items():
            unit_type, _, area = key.partition("/")
            yield (
                f"force_pools.{power}",
                {
                    "type": "force_pool_changed",
                    "power": power,
                    "unit_type": unit_type,
                    "area": area or None,
                    "delta": n,
                    "cause": "setup",
                },
            )
    for controller, hexes in setup.control.items():
        for hex_ in hexes:
            yield (
                f"control.{controller}",
                {"type": "hex_control_changed", "hex": hex_, "controller": controller, "cause": "setup"},
            )
    yield from _board_counters(setup)
    yield from _oil(setup)
    for power, amounts in setup.brps.items():
        yield (
            f"brps.{power}",
            {
                "type": "brps_set",
                "power": power,
                "base": amounts.get("base", 0),
                "available": amounts.get("available", 0),
            },
        )


def _board_counters(setup: SetupFile) -> Iterator[tuple[str, dict[str, Any]]]:
    for hex_, fort in setup.fortifications.items():
        where = f"fortifications.{hex_}"
        yield (
            where,
            {
                "type": "fortification_placed",
                "hex": hex_,
                "kind": fort.kind,
                "owner": fort.owner,
                "hexsides": list(fort.faces),
            },
        )
        for added in ("beach_defense", "island_group"):
            if getattr(fort, added):
                yield (
                    where,
                    {"type": "fortification_built", "power": fort.owner, "kind": added, "hexes": [hex_], "brp_cost": 0},
                )
    for hex_, bridgehead in setup.bridgeheads.items():
        yield (
            f"bridgeheads.{hex_}",
            {"type": "bridgehead_placed", "hex": hex_, "faction": bridgehead.faction, "cause": bridgehead.cause},
        )
    for hex_, power in setup.railheads.items():
        yield f"railheads.{hex_}", {"type": "railhead_built", "power": power, "hex": hex_, "brp_cost": 0}
    for hex_, counters in setup.counters.items():
        for counter, power in counters.items():
            yield f"counters.{hex_}", {"type": "counter_placed", "power": power, "hex": hex_, "counter": counter}


def _oil(setup: SetupFile) -> Iterator[tuple[str, dict[str, Any]]]:
    for reserve, spec in setup.oil.items():
        where = f"oil.{reserve}"
        yield (
            where,
            {
                "type": "oil_reserve_defined",
                "reserve": reserve,
                "faction": spec.faction,
                "location": spec.location,
                "maximum": spec.maximum if spec.maximum is not None else 0,
            },
        )
        if spec.tracked is not None:
            yield (
                where,
                {
                    "type": "oil_tracking_started",
                    "reserve": reserve,
                    "trigger": spec.tracked,
                    "initial": spec.level or 0,
                },
            )
    for key, amount in setup.oil_outside.items():
        faction, _, source = key.partition("/")
        yield f"oil_outside.{key}", {"type": "oil_produced", "faction": faction, "source": source, "amount": amount}


def _naval(setup: SetupFile) -> Iterator[tuple[str, dict[str, Any]]]:
    for yard, found in setup.yards.items():
        where = f"yards.{yard}"
        yield (
            where,
            {
                "type": "shipyard_defined",
                "yard": yard,
                "owner": found.owner,
                "location": found.location or f"chart:{yard}",
                "rate": found.rate,
                "capacity_rule": found.capacity_rule,
            },
        )
        if found.mode != "owned" or (found.controller or found.owner) != found.owner:
            yield (
                where,
                {
                    "type": "shipyard_control_changed",
                    "yard": yard,
                    "controller": found.controller or found.owner,
                    "mode": found.mode,
                },
            )
    for yard, ships in setup.ships.items():
        owner_of = setup.yards[yard].owner if yard in setup.yards else None
        for ship, spec in ships.items():
            where = f"ships.{yard}.{ship}"
            owner = spec.owner or owner_of
            if not spec.repair and not spec.waiting:
                yield (
                    where,
                    {
                        "type": "ship_laid_down",
                        "yard": yard,
                        "ship": ship,
                        "owner": owner,
                        "unit_type": spec.type,
                        "factors": spec.factors,
                        "name": spec.name,
                        "row": spec.row,
                        "column": spec.column,
                        "setup": True,
                    },
                )
                continue
            yield (
                where,
                {
                    "type": "unit_placed",
                    "unit": ship,
                    "owner": owner,
                    "nationality": owner,
                    "unit_type": spec.type,
                    "factors": spec.factors,
                    "name": spec.name,
                    "location": f"chart:{yard}",
                },
            )
            yield where, {"type": "ship_damaged", "ship": ship, "cause": "setup"}
            yield where, {"type": "ship_arrived_for_repair", "ship": ship, "yard": yard}
            if spec.repair:
                yield where, {"type": "ship_repair_started", "ship": ship, "yard": yard, "column": spec.column}
