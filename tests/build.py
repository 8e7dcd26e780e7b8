"""The tests' builder, the one module every test makes its games, positions, events, map data and audits with.

A position is written in one line (:mod:`replays.notation`) and becomes the events ``awaw new --setup`` records for
it: :func:`position` starts the game in a store of its own with :func:`awaw_events.log.start_game`, as the command
does, so a test's position is a real game's opening, never a hand-made imitation of one::

    events = position("1939-fall axis movement | ger: arm-3 4-6 EUR:M35 | ctrl poland EUR:L36")
    report = audit([*events, move("ger-arm-3", "EUR:M35", "EUR:M36")])

Below it, the events of play one at a time (:func:`make` and its named shapes), the fictional map data the tests
declare (every map here is a test's own, made of the hexes it lists: none is a real mapboard), and the audit of a
list of events as if it were a stored log, with findings and skipped checks picked out by rule or by check.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from awaw_events.events import (
    AirMissionFlown,
    AnyEvent,
    BrpsSet,
    Event,
    GameCreated,
    HexControlChanged,
    MapDataUsed,
    OilReserveDefined,
    OilTrackingStarted,
    PhaseStarted,
    PlayerTurnEnded,
    PlayerTurnStarted,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    WarDeclared,
)
from awaw_events.events.board import SupplyResult
from awaw_events.gametime import GamePoint
from awaw_events.log import MapDataFile, start_game
from awaw_events.store import GameStore, Record
from projections.core import MapDataRef
from projections.rules.mapdata import FORMAT, HexFacts, HexsideFacts, MapData, MapFile
from replays import notation
from replays.audit import engine
from replays.audit.catalogue import audit as run_audit
from replays.audit.catalogue import checks
from replays.audit.engine import AuditReport
from replays.setup import SetupFile, resumes, setup_events, start_point

E = TypeVar("E", bound=Event)

# ---------------------------------------------------------------------------------------------------------------------
# Positions and games


def position(line: str | SetupFile, *, map_data: MapDataFile | None = None) -> list[AnyEvent]:
    """The events a game starts with from the position ``line`` describes (or a set-up file), as ``awaw new --setup``
    records them: ``game_created`` (the line's rule set and options), ``map_data_used`` when ``map_data`` is given,
    the set-up events and those that bring the clock to the point of play."""
    setup = notation.parse_line(line) if isinstance(line, str) else line
    point = start_point(setup)
    with GameStore(":memory:") as store:
        start_game(
            store,
            "position",
            rules=setup.rules,
            options=setup.options,
            title=setup.title,
            start=GamePoint(point.year, point.season),
            variant=setup.variant,
            scenario=setup.scenario,
            setup=setup_events(setup),
            seeded=False,
            map_data=map_data,
            resumes=resumes(setup),
        )
        return list(store.events("position"))


def game(line: str, *events: Event, name: str = "g", store: GameStore | None = None) -> GameStore:
    """A stored game started from ``line`` with ``events`` after its opening (a ``:memory:`` store unless one is
    given)."""
    from awaw_events.log import append_events, numbered

    store = store or GameStore(":memory:")
    opening = position(line)
    append_events(store, name, numbered([*opening, *events]))
    return store


def awaw(
    db: Path | str,
    *args: str,
    keys: Path | None = None,
    env: Mapping[str, str | None] | None = None,
    catch_exceptions: bool = True,
) -> tuple[int, str]:
    """Run ``awaw --db DB ARGS...`` as a person would type it (``keys``: the keys directory to name): the exit code
    and what it printed."""
    from click.testing import CliRunner

    from replays.cli import cli

    where = ["--db", str(db), *(["--keys", str(keys)] if keys is not None else [])]
    result = CliRunner().invoke(cli, [*where, *args], env=env, catch_exceptions=catch_exceptions)
    return result.exit_code, result.output


def records(events: Sequence[Event | AnyEvent]) -> list[Record]:
    """The events numbered from 1, as records of a stored log."""
    return [Record(seq, event, "", "", 0) for seq, event in enumerate(events, start=1)]  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------------
# Game time

C = 5
"""Fifths in an oil counter."""

FALL: dict[str, Any] = {"year": 1939, "season": "fall"}
WINTER: dict[str, Any] = {"year": 1939, "season": "winter"}
SPRING: dict[str, Any] = {"year": 1940, "season": "spring"}
YEAR, SEASON = 1941, "summer"
WHEN: dict[str, Any] = {"year": YEAR, "season": SEASON}
"""The game turn the ground-war tests play in (Summer 1941)."""


def at(year: int, season: str, side: str | None = None, phase: str | None = None) -> dict[str, Any]:
    """A game time as event fields."""
    found: dict[str, Any] = {"year": year, "season": season}
    if side is not None:
        found["side"] = side
    if phase is not None:
        found["phase"] = phase
    return found


def when(
    season: str = "summer", year: int = 1941, side_: str | None = "axis", phase: str | None = None
) -> dict[str, Any]:
    """A game time as event fields, by default the Axis player turn of Summer 1941."""
    return at(year, season, side_, phase)


# ---------------------------------------------------------------------------------------------------------------------
# Events


def make(cls: type[E], time: Mapping[str, Any] | None = None, /, **fields: Any) -> E:
    """An event from loosely typed test fields (``time``: game-time fields, as :func:`at` gives them)."""
    return cls(**{**(time or {}), **fields})


def created(rules: str = "awaw", **options: str) -> GameCreated:
    return GameCreated(year=1939, season="fall", phase="setup", rules=rules, options=options)  # type: ignore[arg-type]


def place(
    unit: str,
    owner: str,
    location: str,
    unit_type: str = "infantry",
    factors: int = 3,
    nationality: str | None = None,
    **kw: Any,
) -> UnitPlaced:
    """A unit placed at set-up (Fall 1939)."""
    return make(
        UnitPlaced,
        FALL,
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=nationality or owner,
        unit_type=unit_type,
        factors=factors,
        location=location,
        **kw,
    )


def place_typed(
    unit: str,
    owner: str,
    unit_type: str,
    location: str,
    *,
    factors: int = 3,
    movement: int | None = None,
    nationality: str | None = None,
) -> UnitPlaced:
    """:func:`place` with the type before the location (the ground-war tests' order)."""
    return place(unit, owner, location, unit_type, factors, nationality, movement=movement)


def placed(
    unit: str,
    unit_type: str,
    factors: int,
    at: str,
    *,
    owner: str = "germany",
    nationality: str | None = None,
    **kw: Any,
) -> UnitPlaced:
    """:func:`place` by type and factors first (the construction and redeployment tests' order)."""
    return place(unit, owner, at, unit_type, factors, nationality, **kw)


def unit(
    uid: str,
    location: str,
    unit_type: str = "infantry",
    owner: str = "germany",
    factors: int = 3,
    nationality: str | None = None,
) -> UnitPlaced:
    """:func:`place` with the owner after the type (the oil and weather tests' order)."""
    return place(uid, owner, location, unit_type, factors, nationality)


def war(aggressor: str, target: str, **time: Any) -> WarDeclared:
    t = {**WHEN, "side": "axis", "phase": "diplomacy", **time}
    return WarDeclared(**t, aggressor=aggressor, target=target, brp_cost=35)  # type: ignore[arg-type]


def turn(side: str = "axis", **time: Any) -> PlayerTurnStarted:
    """A player turn of Summer 1941 (or of the game time ``time`` gives)."""
    return PlayerTurnStarted(**{**WHEN, **time}, side=side)  # type: ignore[arg-type]


def turn_of(season: str = "summer", year: int = 1941, side_: str = "axis") -> PlayerTurnStarted:
    """:func:`turn` by season and year first."""
    return PlayerTurnStarted(**when(season, year, side_))


def phase(name: str, side: str = "axis", **time: Any) -> PhaseStarted:
    return PhaseStarted(**{**WHEN, **time}, side=side, phase=name)  # type: ignore[arg-type]


def move(
    unit: str,
    *path: str,
    mf: int | None = None,
    actor: str = "germany",
    side: str = "axis",
    phase: str = "movement",
    exploitation: bool = False,
    sea_transport: bool = False,
    **time: Any,
) -> UnitMoved:
    return UnitMoved(
        **{**WHEN, **time},
        side=side,  # type: ignore[arg-type]
        phase=phase,  # type: ignore[arg-type]
        actor=actor,  # type: ignore[arg-type]
        unit=unit,
        path=list(path),
        mf_used=mf,
        exploitation=exploitation,
        sea_transport=sea_transport,
    )


def built(
    unit: str,
    unit_type: str,
    factors: int,
    at: str,
    *,
    owner: str = "germany",
    cost: int | None = None,
    when: dict[str, Any] = FALL,
    side: str | None = None,
    phase: str = "unit_construction",
    **kw: Any,
) -> UnitBuilt:
    from projections.rules.construction import unit_cost

    return make(
        UnitBuilt,
        when,
        side=side or ("allied" if owner in ("britain", "france", "usa", "russia", "china") else "axis"),
        phase=phase,
        unit=unit,
        owner=owner,
        nationality=kw.pop("nationality", owner),
        unit_type=unit_type,
        factors=factors,
        location=at,
        cost=unit_cost(unit_type, factors) if cost is None else cost,  # type: ignore[arg-type]
        **kw,
    )


def moved(
    unit: str,
    kind: str,
    origin: str,
    destination: str,
    *,
    side: str = "axis",
    segment: str | None = None,
    when: dict[str, Any] = FALL,
    phase: str = "redeployment",
    **kw: Any,
) -> UnitRedeployed:
    return make(
        UnitRedeployed,
        when,
        side=side,
        phase=phase,
        unit=unit,
        kind=kind,
        origin=origin,
        destination=destination,
        segment=segment,
        **kw,
    )


def mission(
    units: Sequence[str], kind: str = "das", *, side: str = "axis", when: dict[str, Any] = FALL, phase: str = "combat"
) -> AirMissionFlown:
    return make(AirMissionFlown, when, side=side, phase=phase, mission=kind, units=list(units))


def uninverted(
    unit: str,
    *,
    side: str = "axis",
    when: dict[str, Any] = FALL,
    phase: str = "end_of_player_turn",
    inverted: bool = False,
) -> UnitInversionChanged:
    return make(UnitInversionChanged, when, side=side, phase=phase, unit=unit, inverted=inverted)


def eliminated(
    unit: str, cause: str, *, when: dict[str, Any] = FALL, side: str = "axis", phase: str = "combat"
) -> UnitEliminated:
    return make(UnitEliminated, when, side=side, phase=phase, unit=unit, cause=cause)


def controlled(
    hex_: str,
    controller: str,
    *,
    cause: str = "setup",
    side: str | None = None,
    when: dict[str, Any] = FALL,
    phase: str = "setup",
) -> HexControlChanged:
    return make(HexControlChanged, when, side=side, phase=phase, hex=hex_, controller=controller, cause=cause)


def held(hex_: str, controller: str) -> HexControlChanged:
    """Control at set-up."""
    return controlled(hex_, controller)


def control(
    hex_: str, controller: str, when: dict[str, Any], cause: str = "occupation", ref: str | None = None
) -> Event:
    """A change of control at the game time ``when``."""
    return make(HexControlChanged, when, hex=hex_, controller=controller, cause=cause, ref=ref)


def res(subject: str, status: str = "full", source: str | None = None, **kw: Any) -> SupplyResult:
    return SupplyResult(subject=subject, status=status, source=source, **kw)  # type: ignore[arg-type]


def supply(
    faction: str,
    determination: str,
    results: Sequence[SupplyResult],
    season: str = "summer",
    year: int = 1941,
    side_: str | None = None,
) -> SupplyDetermined:
    """A supply determination (Summer 1941 unless told) with these results."""
    from awaw_events.vocab import SIDE_OF_FACTION

    phase = "initial_supply" if determination == "initial" else "post_combat_supply"
    return SupplyDetermined(
        **when(season, year, side_ or SIDE_OF_FACTION[faction], phase),  # type: ignore[index]
        faction=faction,  # type: ignore[arg-type]
        determination=determination,  # type: ignore[arg-type]
        results=list(results),
    )


def supplied(
    faction: str,
    results: dict[str, str],
    *,
    side: str = "axis",
    when: dict[str, Any] = FALL,
    determination: str = "initial",
    source: str | None = None,
) -> SupplyDetermined:
    """A supply determination (Fall 1939 unless told): each subject with its status."""
    return make(
        SupplyDetermined,
        when,
        side=side,
        phase="initial_supply" if determination == "initial" else "post_combat_supply",
        faction=faction,
        determination=determination,
        results=[res(k, v, source) for k, v in results.items()],
    )


def ended(side: str = "axis", when: dict[str, Any] = FALL) -> PlayerTurnEnded:
    return make(PlayerTurnEnded, when, side=side, phase="end_of_player_turn")


def end(when: dict[str, Any]) -> PlayerTurnEnded:
    """The end of the player turn ``when`` names."""
    return make(PlayerTurnEnded, {**when, "phase": "end_of_player_turn"})


def brps(power: str, base: int, available: int | None = None, when: dict[str, Any] = FALL) -> BrpsSet:
    return make(
        BrpsSet, when, phase="setup", power=power, base=base, available=base if available is None else available
    )


def reserve(
    rid: str,
    faction: str,
    maximum: int,
    level: int | None = None,
    *,
    when: dict[str, Any] | None = None,
    trigger: str = "campaign_start",
) -> list[Event]:
    """A reserve defined at set-up, and its tracking started at ``level`` (None: untracked)."""
    setup = when or at(1939, "fall", phase="setup")
    events: list[Event] = [
        make(OilReserveDefined, setup, reserve=rid, faction=faction, location="pool", maximum=maximum)
    ]
    if level is not None:
        events.append(make(OilTrackingStarted, setup, reserve=rid, trigger=trigger, initial=level))
    return events


# ---------------------------------------------------------------------------------------------------------------------
# Map data (fictional: each test's map is the hexes it lists)

RULE = ("test",)


def facts(hex_: str, **kw: Any) -> HexFacts:
    """The facts of one hex, for a test's map data."""
    return HexFacts(hex=hex_, rules=RULE, **kw)


def side(a: str, b: str, **kw: Any) -> HexsideFacts:
    return HexsideFacts(between=(a, b), rules=RULE, **kw)


def map_data(
    hexes: Iterable[HexFacts | Mapping[str, Any]] | Mapping[str, Mapping[str, Any]] = (),
    hexsides: Iterable[HexsideFacts | Mapping[str, Any]] = (),
) -> MapData:
    """A test's map data: hexes as :class:`HexFacts`, as mappings of their fields, or as ``{hex: facts}``; hexsides
    as :class:`HexsideFacts` or mappings of their fields."""
    if isinstance(hexes, Mapping):
        hexes = [{"hex": h, **f} for h, f in hexes.items()]
    return MapData.of(
        MapFile(
            format=FORMAT,
            name="test-map",
            version="1",
            hexes=tuple(h if isinstance(h, HexFacts) else HexFacts(rules=RULE, **h) for h in hexes),
            hexsides=tuple(s if isinstance(s, HexsideFacts) else HexsideFacts(rules=RULE, **s) for s in hexsides),
        )
    )


def named(**places: str) -> list[HexFacts]:
    """Map data entries naming places: ``named(berlin="EUR:L32")``."""
    return [facts(h, name=p.replace("_", " ").title()) for p, h in places.items()]


def declared(data: MapData) -> MapDataUsed:
    """The ``map_data_used`` event of a test's map data."""
    return MapDataUsed(
        year=1939, season="fall", phase="setup", name=data.name, version=data.version, sha256=data.sha256
    )


# ---------------------------------------------------------------------------------------------------------------------
# Audits


def _resolver(data: MapData | None) -> engine.MapResolver:
    def maps(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return (data, None) if data is not None and ref.sha256 == data.sha256 else (None, "not the test's map data")

    return maps


def audit(events: Sequence[Event | AnyEvent], rule: str | None = None, data: MapData | None = None) -> AuditReport:
    """The audit of ``events`` (numbered from 1) with the checks whose rule starts with ``rule``; with ``data``, the
    game declares that map data (a ``map_data_used`` right after ``game_created`` unless the events hold one)."""
    listed = list(events)
    if data is None:
        return run_audit(records(listed), rule_prefix=rule)
    if not any(isinstance(e, MapDataUsed) for e in listed):
        first = 1 if listed and isinstance(listed[0], GameCreated) else 0
        listed = [*listed[:first], declared(data), *listed[first:]]
    return run_audit(records(listed), rule_prefix=rule, maps=_resolver(data))


def run(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> AuditReport:
    """Audit ``events`` with the checks of ``rule``; with ``data``, a ``map_data_used`` for it goes in after the first
    event and the audit resolves it."""
    if data is None:
        return run_audit(records(events), rule_prefix=rule)
    return run_audit(records([events[0], declared(data), *events[1:]]), rule_prefix=rule, maps=_resolver(data))


def run_with(events: Sequence[Event], data: MapData | None = None) -> AuditReport:
    """Audit with every check and ``data`` as the game's map data (declared right after the first event)."""
    return run(events, None, data)


def run_created(events: Sequence[Event], data: MapData | None = None) -> AuditReport:
    """Audit with every check; ``data`` is declared right after ``game_created`` when the events begin with it."""
    listed = list(events)
    if data is not None and listed and isinstance(listed[0], GameCreated):
        return run(listed, None, data)
    return run_audit(records(listed), maps=_resolver(data))


def audit_check(events: Sequence[Event], data: MapData | None = None, check: str | None = None) -> AuditReport:
    """The audit of ``events`` with the map data ``data`` (declared by the caller) and only the check ``check``
    (all when None)."""

    def maps(_: object) -> tuple[MapData | None, str | None]:
        return data, None if data is not None else "no map data in this test"

    chosen = [c for c in checks() if check is None or c.id == check]
    return engine.run(chosen, records(events), maps=maps)


def findings(events: Sequence[Event], rule: str | None = None) -> list[tuple[int, str, str]]:
    """(event number, check id, message) of every finding."""
    return [(f.seq, f.check, f.message) for f in run(events, rule).findings]


def check_messages(
    events: Sequence[Event], rule: str | None = None, data: MapData | None = None
) -> list[tuple[str, str]]:
    """(check id, message) of every finding."""
    return [(f.check, f.message) for f in run(events, rule, data).findings]


def checks_found(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> list[str]:
    return [f.check for f in run(events, rule, data).findings]


def skipped(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> list[str]:
    """Why the checks of ``rule`` could not be made."""
    return [s.reason for s in run(events, rule, data).skipped]


def found(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """The messages of ``check``'s findings (every check run, ``data`` declared after the first event)."""
    return [f.message for f in run_with(events, data).findings if f.check == check]


def skipped_with(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """Why ``check`` could not be made (every check run, ``data`` declared after the first event)."""
    return [s.reason for s in run_with(events, data).skipped if s.check == check]


def found_at(events: Sequence[Event], check: str, data: MapData | None = None) -> list[tuple[int, str]]:
    """(event number, message) of the findings of the check ``check`` alone."""
    return [(f.seq, f.message) for f in audit_check(events, data, check).findings]


def seqs(events: Sequence[Event], check: str, data: MapData | None = None) -> list[int]:
    """The event numbers of one check's findings."""
    return [f.seq for f in audit_check(events, data, check).findings]


def skipped_check(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """Why the check ``check`` could not be made."""
    return [s.reason for s in audit_check(events, data, check).skipped]


def messages(report: AuditReport, check: str) -> list[str]:
    """The messages of one check's findings."""
    return [f.message for f in report.findings if f.check == check]


def report_skipped(report: AuditReport, check: str) -> list[str]:
    """Why one check of a report could not be made."""
    return [s.reason for s in report.skipped if s.check == check]
