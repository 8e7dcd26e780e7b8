"""Every check of the audit, family by family, and the functions that run them over a game.

The families are listed here, explicitly; each module of :mod:`replays.audit.families` exports its ``FAMILY`` (the
checks it defines, in order). ``awaw audit --list-checks`` and ``docs/audit-checks.md`` list them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from awaw_events.codec import tag_of
from awaw_events.store import GameStore, Numbered, Record
from projections.core import MapDataRef
from projections.game import Fold, GameState
from projections.rules.mapdata import MapData
from replays.audit import engine, rulesets
from replays.audit.engine import AuditReport, Check, Family
from replays.audit.families import (
    attrition,
    combat,
    construction,
    control,
    dice,
    economy,
    fortifications,
    france,
    movement,
    naval,
    offensives,
    oil,
    overruns,
    partisans,
    politics,
    records,
    redeployment,
    specialized,
    stacking,
    supply,
    units,
    weather,
)
from replays.maps import resolve_map_data, shipped_map_data

FAMILIES: Final[tuple[Family, ...]] = (
    dice.FAMILY,
    combat.FAMILY,
    overruns.FAMILY,
    attrition.FAMILY,
    control.FAMILY,
    supply.FAMILY,
    politics.FAMILY,
    france.FAMILY,
    construction.FAMILY,
    redeployment.FAMILY,
    economy.FAMILY,
    offensives.FAMILY,
    naval.FAMILY,
    oil.FAMILY,
    fortifications.FAMILY,
    fortifications.BRIDGEHEADS,
    weather.FAMILY,
    movement.FAMILY,
    stacking.FAMILY,
    units.FAMILY,
    specialized.FAMILY,
    partisans.FAMILY,
    records.FAMILY,
)
"""Every family of checks."""


def shipped_maps(declared: MapDataRef) -> tuple[MapData | None, str | None]:
    """The map data that ships with awaw-events, if it is what the game declares (an audit with no store)."""
    shipped = shipped_map_data().data
    if shipped.sha256 == declared.sha256:
        return shipped, None
    return None, f"declared map data {declared.name!r} is not the shipped map data (no store to look it up in)"


def checks(rule_prefix: str | None = None) -> list[Check]:
    """Every check, optionally those whose rule number (or id) starts with a prefix, sorted by family and rule; an
    A3R check judges an AWAW game only where the AWAW rule texts give its rule (:func:`rulesets.gated`)."""
    found = [
        rulesets.gated(c)
        for family in FAMILIES
        for c in family.checks
        if rule_prefix is None or c.rule.startswith(rule_prefix) or c.id.startswith(rule_prefix)
    ]
    return sorted(found, key=lambda c: (c.family, _rule_key(c.rule), c.id))


def _rule_key(rule: str) -> tuple[Any, ...]:
    parts: list[Any] = []
    for piece in rule.replace("A3R ", "").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((int(digits) if digits else 0, piece))
    return tuple(parts)


def audit(
    records: Iterable[Record | Numbered],
    *,
    rule_prefix: str | None = None,
    start: int = 1,
    state: GameState | None = None,
    progress: Callable[[int], None] | None = None,
    maps: engine.MapResolver | None = shipped_maps,
    fold: Fold | None = None,
    at_end: bool = True,
) -> AuditReport:
    """Audit the effective records (rulings applied). Events before ``start`` are folded but not checked. ``maps``
    finds the map data the game declares (default: the shipped map data only); ``fold`` and ``at_end``: see
    :func:`engine.run`."""
    return engine.run(
        checks(rule_prefix), records, start=start, state=state, progress=progress, maps=maps, fold=fold, at_end=at_end
    )


def store_maps(store: GameStore) -> engine.MapResolver:
    """Map data looked up in a store (the declared file kept beside the game, or the shipped data), each declaration
    once: the file is parsed on its first lookup (the reuse of kept reports and the fold both ask), not again."""
    resolved: dict[MapDataRef, tuple[MapData | None, str | None]] = {}

    def maps(declared: MapDataRef) -> tuple[MapData | None, str | None]:
        answer = resolved.get(declared)
        if answer is None:
            found = resolve_map_data(store, declared)
            answer = resolved[declared] = (found.data, found.reason)
        return answer

    return maps


def iter_checks_markdown() -> Iterator[str]:
    """``docs/audit-checks.md``: every check with its rule, what it checks and the events it reads."""
    all_checks = checks()
    yield "# Audit checks"
    yield ""
    yield "Generated from `replays/audit/families/` by `python -m replays.audit.docs`; do not edit by hand."
    yield ""
    yield f"{len(all_checks)} checks. `awaw audit --list-checks` prints the same table."
    yield ""
    family = None
    for c in all_checks:
        if c.family != family:
            family = c.family
            yield ""
            yield f"## {family}"
            yield ""
            yield "| rule | check | what it checks | events it reads |"
            yield "|---|---|---|---|"
        reads = ", ".join(f"`{tag_of(k)}`" for k in c.reads)
        yield f"| {c.rule} | `{c.id}` | {c.title} | {reads} |"
