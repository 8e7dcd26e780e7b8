"""What a set-up keeps of the record's politics: research results, France's surrender (who held Paris, the French
surrender level and its parts) and the decision on Vichy France, places controlled, diplomatic outcomes, tracks
beyond the tension tracks, powers conquered, random events, the chronicle, operations reported without their hexes
or planned, theaters quiet and the end of the game, written as the events that state them (the set-up file's
``history``), each at its own game turn.

``awaw setup --at`` writes them from the state at a point (:func:`history_of`); ``awaw new --setup`` records them
in the set-up (:func:`history_fields`): a fact dated before the new game's start is pre-game history, in date
order; one of the start's own season stands in it (an event without a phase). Each keeps how it is known
(``provenance``, ``citation``). Their player turn and phase are not kept (a fact of the record is dated by its turn,
or its range of turns), except that one recorded in a set-up stays in the set-up. Each fact keeps the fields the
record said it did not know (``unknown``). The factions minor countries are aligned with are the set-up's
``statuses`` (:mod:`replays.setup`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, get_args

from awaw_events.events.chronicle import TENSION_TRACKS
from awaw_events.vocab import Belligerent
from projections.board import BoardState
from projections.game import GameState
from projections.politics import Fact, PoliticsState
from projections.rules.calendar import turn_at


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


def _known(provenance: str, citation: str = "", unknown: tuple[str, ...] = ()) -> dict[str, Any]:
    """How a fact is known: its provenance and citation, and the fields the record does not know."""
    known: dict[str, Any] = {} if provenance == "table" else {"provenance": provenance}
    return known | ({"citation": citation} if citation else {}) | ({"unknown": list(unknown)} if unknown else {})


def _fact(tag: str, fact: Fact, **fields: Any) -> dict[str, Any]:
    given = {k: v for k, v in fields.items() if v is not None}
    return {"type": tag, **_when(fact.when), **given, **_known(fact.provenance, fact.citation, fact.unknown)}


def _france(politics: PoliticsState) -> Iterator[tuple[int, dict[str, Any]]]:
    """France's surrender (who held Paris, the FSL and its parts) and the decision on Vichy France."""
    fs = politics.french_surrender
    if fs is not None:
        surrender: dict[str, Any] = {"type": "french_surrender_checked", **_when(fs.when)}
        if fs.paris_controller is not None:
            surrender["paris_controller"] = fs.paris_controller
        surrender |= {k: v for k, v in (("voluntary", fs.voluntary), ("components", dict(fs.components))) if v}
        surrender |= {"level": fs.level} if fs.level is not None else {}
        yield fs.seq, surrender | {"surrenders": True} | _known(fs.provenance, fs.citation, fs.unknown)
    vichy = politics.vichy_decision
    if vichy is not None:
        decided: dict[str, Any] = {"type": "vichy_decided", **_when(vichy.when), "established": vichy.established}
        decided |= {"us_germany_at_war": True} if vichy.us_germany_at_war else {}
        yield vichy.seq, decided | _known(vichy.provenance, vichy.citation, vichy.unknown)


def _outcomes(politics: PoliticsState) -> Iterator[tuple[int, dict[str, Any]]]:
    """Operations reported without their hexes, theaters quiet, operations planned, and the end of the game."""
    for o in politics.operations:
        operation: dict[str, Any] = {"type": "operation_reported", **_when(o.when), "kind": o.kind, "by": o.holder}
        operation |= {"places": list(o.places)} | ({"against": o.against} if o.against else {})
        operation |= {"result": o.cause} | ({"text": o.text} if o.text else {})
        yield o.seq, operation | _known(o.provenance, o.citation, o.unknown)
    for q in politics.quiet:
        quiet: dict[str, Any] = {"type": "theater_quiet", **_when(q.when), "theater": q.what}
        yield q.seq, quiet | ({"text": q.text} if q.text else {}) | _known(q.provenance, q.citation, q.unknown)
    for o in politics.plans:
        plan: dict[str, Any] = {"type": "operation_planned", **_when(o.when), "kind": o.kind, "by": o.holder}
        plan |= {k: v for k, v in (("against", o.against), ("places", list(o.places)), ("text", o.text)) if v}
        plan |= {"planned_for": o.planned_for} if o.planned_for else {}
        yield o.seq, plan | {"basis": o.cause} | _known(o.provenance, o.citation, o.unknown)
    ended = politics.ended
    if ended is not None:
        end: dict[str, Any] = {"type": "game_ended", **_when(ended.when), "winner": ended.holder, "how": ended.cause}
        end |= {k: v for k, v in (("level", ended.what), ("conceded_by", ended.conceded_by)) if v}
        yield ended.seq, end | _known(ended.provenance, ended.citation, ended.unknown)


RESTATED: Final = ("status", "war", "tension", "control")
"""The board facts a set-up restates in its ``history`` when the record says how they are known (a reported status,
an inferred war, a hex's reported control: ``BoardState.known``), at their own game turn with their provenance,
instead of in ``statuses``, ``wars``, ``tracks`` and ``control`` as a table record of the set-up. Control a source
gives without its hex (``control?SEQ``: never put on a hex) is restated too, its hex still unknown. Every country's
latest diplomatic result (29.41) is restated too, at its game turn."""

UNKNOWN_HEX: Final = "EUR:A1"
"""The placeholder a restated ``hex_control_changed`` carries for a hex the record does not know (``unknown: [hex]``:
never read as a fact, never put on the board)."""


def restated(state: GameState) -> set[str]:
    """The keys of the board facts the set-up's ``history`` restates (``status:france``, ``war:britain|germany``,
    ``tension:usjt``), which its sections leave out."""
    return {key for key, _ in _board_facts(state)}


def _board_facts(state: GameState) -> Iterator[tuple[str, tuple[int, dict[str, Any]]]]:
    """The board's doubtful facts (how each is known), as the events that state them; a status or diplomatic result
    that a diplomatic outcome stated is the outcome's (restated with it)."""
    board, politics = state.board, state.politics
    by_outcome = {f.seq for f in politics.outcomes.values()}
    for key, known in sorted(board.known.items()):
        kind, _, what = key.partition(":")
        if key.startswith("control?"):
            kind = "control?"
        elif kind not in RESTATED or known.seq in by_outcome:
            continue
        event: dict[str, Any]
        if kind == "control?":  # the controller a source gives without the hex
            event = {"type": "hex_control_changed", "hex": UNKNOWN_HEX, "controller": known.value, "cause": "other"}
        elif kind == "control" and what in board.control:
            event = {"type": "hex_control_changed", "hex": what, "controller": board.control[what], "cause": "other"}
        elif kind == "status" and what in board.statuses:
            event = {"type": "status_changed", "country": what, "status": board.statuses[what]}
            event |= {"faction": politics.alignment[what]} if what in politics.alignment else {}
        elif kind == "war" and what in board.wars:
            event = war_event(ordered(board, what), board.wars[what])
        elif kind == "tension" and what in board.tensions:
            event = {"type": "track_value", "track": what, "value": board.tensions[what]}
        else:
            continue
        dated = {"type": event.pop("type"), **_when(known.when)}
        if kind == "war" and (dated["year"], dated["season"]) == (state.clock.year, state.clock.season):
            dated["phase"] = "setup"  # a war of the set-up's own game turn: part of the set-up, charged nothing
        yield key, (known.seq, dated | event | _known(known.provenance, known.citation, known.unknown))
    for country, (faction, result, turn) in sorted(politics.diplomatic.items()):  # each one's latest result (29.41)
        how = board.known.get(f"diplomacy:{country}")
        if how is not None and how.seq in by_outcome:
            continue
        year, season = turn_at(turn)
        said = _known(how.provenance, how.citation, how.unknown) if how is not None else {}
        when = _when(how.when) if how is not None else {"season": season, "year": year}
        event = {"type": "diplomatic_result", **when, "country": country, "faction": faction, "result": result}
        yield f"diplomacy:{country}", (how.seq if how is not None else 0, event | said)


def ordered(board: BoardState, key: str) -> str:
    """A war's key with the side that declared it first (``germany|britain``), as a set-up writes it; the board's
    own (sorted) key where the record names no aggressor."""
    aggressor = board.declared.get(key)
    sides = key.split("|")
    if aggressor not in sides:
        return key
    return "|".join([aggressor, *(s for s in sides if s != aggressor)] if len(sides) == 2 else sides)


def war_event(key: str, since: str) -> dict[str, Any]:
    """The ``war_declared`` that states a war (``germany|britain``: the aggressor first, as :func:`ordered` writes
    it) begun ``since`` (``fall 1939``, or an approximate date ``fall 1939 to winter 1940``), at no cost. The
    first side declared. A set-up written before the aggressor was kept has the board's sorted order
    (``belgium|germany``), which it read as the first side that may declare war (a power, a faction or a side; a
    minor country never does): so it still reads, and so do both sides of two powers (``britain|germany``:
    nothing such a file says tells otherwise)."""
    sides = key.split("|")
    may_declare = get_args(Belligerent)
    aggressor = sides[0] if sides[0] in may_declare else next((s for s in sides if s in may_declare), sides[0])
    target = next((s for s in sides if s != aggressor), aggressor)
    begun, _, until = since.partition(" to ")
    season, _, year = begun.partition(" ")
    war: dict[str, Any] = {
        "type": "war_declared",
        "aggressor": aggressor,
        "target": target,
        "brp_cost": 0,
        "since_season": season,
        "since_year": int(year) if year.isdigit() else year,
    }
    if until:
        until_season, _, until_year = until.partition(" ")
        war["since_until"] = f"{until_year}-{until_season}"
    return war


def history_of(state: GameState) -> list[dict[str, Any]]:
    """The record's political facts at a point, and the board's facts the record says how it knows, as events in
    game-time order (the set-up file's ``history``)."""
    politics = state.politics
    found: list[tuple[int, dict[str, Any]]] = [fact for _, fact in _board_facts(state)]
    for r in politics.research.values():
        research = {"type": "research_result", **_when(r.when), "power": r.power, "project": r.project}
        research |= {k: v for k, v in (("steps", r.steps), ("result", r.result)) if v}
        found.append((r.seq, research | _known(r.provenance, r.citation, r.unknown)))
    found += _france(politics)
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
    found += _outcomes(politics)
    return [event for _, event in sorted(found, key=lambda item: (_order(item[1]), item[0]))]


def _order(event: dict[str, Any]) -> tuple[int, int]:
    from awaw_events.gametime import SEASON_INDEX

    return event["year"], SEASON_INDEX[event["season"]]


def history_fields(history: list[dict[str, Any]]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The set-up's ``history`` as the events it records, each with where in the file it comes from (game-time
    order: the order :func:`history_of` writes, which a file written by hand must keep)."""
    for index, event in enumerate(history):
        yield f"history[{index}]", {"phase": None, **event}  # dated by its turn, not by the set-up's phase
