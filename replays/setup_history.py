"""What a set-up keeps of the record's politics: research results, places controlled, diplomatic outcomes, tracks
beyond the tension tracks, powers conquered, random events and the chronicle, written as the events that state them
(the set-up file's ``history``), each at its own game turn.

``awaw setup --at`` writes them from the state at a point (:func:`history_of`); ``awaw new --setup`` records them
in the set-up (:func:`history_fields`): a fact dated before the new game's start is pre-game history, in date
order; one of the start's own season stands in it (an event without a phase). Each keeps how it is known
(``provenance``, ``citation``). Their player turn and phase are not kept (a fact of the record is dated by its turn,
or its range of turns), except that one recorded in a set-up stays in the set-up. Not kept: the French surrender
and Vichy, which their own events record, and operations reported without their hexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from awaw_events.events.chronicle import TENSION_TRACKS
from projections.game import GameState
from projections.politics import Fact


def _when(label: str) -> dict[str, Any]:
    """The game turn (and range) of a label as :func:`awaw_events.gametime.label` writes it: ``Fall 1938``,
    ``Spring 1939 to Winter 1939``, ``Spring 1940 Axis combat``."""
    words = label.split()
    when: dict[str, Any] = {"season": words[0].lower(), "year": int(words[1])}
    if len(words) >= 5 and words[2] == "to":
        when["until"] = f"{words[4]}-{words[3].lower()}"
    if words[-1] == "setup":
        when["phase"] = "setup"  # recorded in a set-up: so it stays
    return when


def _known(provenance: str, citation: str = "") -> dict[str, Any]:
    known: dict[str, Any] = {} if provenance == "table" else {"provenance": provenance}
    return known | ({"citation": citation} if citation else {})


def _fact(tag: str, fact: Fact, **fields: Any) -> dict[str, Any]:
    given = {k: v for k, v in fields.items() if v is not None}
    return {"type": tag, **_when(fact.when), **given, **_known(fact.provenance, fact.citation)}


def history_of(state: GameState) -> list[dict[str, Any]]:
    """The record's political facts at a point, as events in game-time order (the set-up file's ``history``)."""
    politics = state.politics
    found: list[tuple[int, dict[str, Any]]] = []
    for r in politics.research.values():
        research = {"type": "research_result", **_when(r.when), "power": r.power, "project": r.project}
        research |= {k: v for k, v in (("steps", r.steps), ("result", r.result)) if v}
        found.append((r.seq, research | _known(r.provenance)))
    for place, f in politics.areas.items():
        found.append((f.seq, _fact("area_controlled", f, place=place, controller=f.holder, extent=f.what,
                                   cause=f.cause)))  # fmt: skip
    for country, f in politics.outcomes.items():
        found.append((f.seq, _fact("diplomatic_outcome", f, country=country, faction=f.holder, outcome=f.what,
                                   result=f.value)))  # fmt: skip
    for f in politics.tracks.values():
        if f.what not in TENSION_TRACKS:  # the tension tracks are the set-up's own ``tracks``
            found.append((f.seq, _fact("track_value", f, track=f.what, value=f.value, power=f.holder)))
    for power, f in politics.conquered.items():
        found.append((f.seq, _fact("power_conquered", f, power=power, by=f.holder)))
    for e in politics.random_events:
        drawn: dict[str, Any] = {"type": "random_event_drawn", **_when(e.when)}
        drawn |= {k: v for k, v in (("name", e.name), ("power", e.power), ("raised", list(e.raised)),
                                    ("lowered", list(e.lowered)), ("text", e.text), ("unknown", list(e.unknown)))
                  if v}  # fmt: skip
        found.append((e.seq, drawn | _known(e.provenance, e.citation)))
    for c in politics.chronicle:
        line: dict[str, Any] = {"type": "chronicle_entry", **_when(c.when), "text": c.text}
        line |= {k: v for k, v in (("kind", c.kind if c.kind != "narrative" else None), ("about", list(c.about)),
                                   ("places", list(c.places))) if v}  # fmt: skip
        found.append((c.seq, line | _known(c.provenance, c.citation)))
    return [event for _, event in sorted(found, key=lambda item: (_order(item[1]), item[0]))]


def _order(event: dict[str, Any]) -> tuple[int, int]:
    from awaw_events.gametime import SEASON_INDEX

    return event["year"], SEASON_INDEX[event["season"]]


def history_fields(history: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The set-up's ``history`` as the events it records, each with where in the file it comes from (game-time
    order: the order :func:`history_of` writes, which a file written by hand must keep)."""
    for index, event in enumerate(history):
        yield f"history[{index}]", {"phase": None, **event}  # dated by its turn, not by the set-up's phase
