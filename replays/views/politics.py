"""Politics for people, scripts and read models: research results, the French surrender and Vichy, diplomatic
results and outcomes, places controlled as sources state them, tracks beyond the tension tracks, the alignment of
minor countries, routes, and the chronicle of the game so far (everything the projections keep is
visible). Wars, tension tracks and statuses are on the board (:mod:`replays.views.board`).

Places a source names (``paris``, ``polish_corridor``) are shown as named; given the hexes the game's map data
resolves them to (``places``: :func:`projections.rules.mapdata.resolve_place`), each with its hexes, or "not in
the map data".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import msgspec
from rich.console import RenderableType

from awaw_events.vocab import SEASONS, powers_of
from projections.politics import Fact, Operation, PoliticsState, RandomEvent
from replays.views.common import Change, arrow, cells, country, faction_of, heading, line, name, table

VIEW = "politics"

Places = Mapping[str, tuple[str, ...] | None]
"""A place's hexes as the game's map data gives them (None: the map data does not know the name)."""

OUTCOME_WORDS = {
    "hex_control": "hex control (29.41)",
    "association": "association (29.42)",
    "activation": "activation (29.43)",
    "no_effect": "no effect",
}
TRACK_WORDS = {
    "aggression_index": "aggression index",
    "french_surrender_level": "French surrender level",
}
A3R_TRACK_RULES = {"french_surrender_level": "58.2"}
"""The rules that give a track, cited in an A3R game only: the French surrender level is A3R 58.2 (house rules
App. J); the AWAW rule texts here give no French surrender rules, so an AWAW game names the track without a
number."""


def track_words(track: str, rules: str | None = None) -> str:
    """A track in words, with the rule that gives it where the game's rule set has one: ``French surrender level
    (58.2)`` in an A3R game, ``French surrender level`` in an AWAW game."""
    words = TRACK_WORDS.get(track, name(track))
    rule = A3R_TRACK_RULES.get(track)
    return f"{words} ({rule})" if rule is not None and rules == "a3r" else words


def _turn_label(ref: str) -> str:
    """A game turn reference as the rules write it: ``1941-summer`` -> ``Summer 1941``."""
    year, _, season = ref.partition("-")
    return f"{season.capitalize()} {year}"


def _turn_words(turn: int) -> str:
    """A game turn index as the rules write it: ``Spring 1940``."""
    return f"{SEASONS[turn % 4].capitalize()} {1900 + turn // 4}"


def _mine(holder: str | None, power: str | None) -> bool:
    return power is None or holder in (power, faction_of(power))


def _known(fact: Fact | Any) -> str:
    """How a fact is known, when it is not a table record: ``reported``, ``inferred``, ``invented``."""
    provenance = getattr(fact, "provenance", "table")
    return "" if provenance == "table" else provenance


def _said(fact: Fact, field: str) -> str:
    """A fact's field in words, or "unknown" where the record says it does not know it (never the default)."""
    if field in getattr(fact, "unknown", ()):
        return "unknown"
    return name(getattr(fact, field))


def _hexes(place: str, places: Places | None) -> str:
    if places is None or place not in places:
        return ""
    hexes = places[place]
    return ", ".join(hexes) if hexes else "not in the map data"


# ---------------------------------------------------------------------------------------------------------------------
# Data (``--json``)


def data(state: PoliticsState, power: str | None = None, places: Places | None = None) -> dict[str, Any]:
    """Politics as plain data (``awaw state --view politics --json``), optionally what concerns one power."""
    plain = msgspec.to_builtins
    return {
        "research": {k: plain(v) for k, v in sorted(state.research.items()) if _mine(v.power, power)},
        "french_surrender": plain(state.french_surrender) if state.french_surrender else None,
        "vichy": state.vichy,
        "vichy_decision": plain(state.vichy_decision) if state.vichy_decision else None,
        "diplomatic_results": {
            c: {"faction": f, "result": r, "turn": _turn_words(t)}
            for c, (f, r, t) in sorted(state.diplomatic.items())
            if _mine(f, power)
        },
        "diplomatic_outcomes": {c: plain(v) for c, v in sorted(state.outcomes.items()) if _mine(v.holder, power)},
        "areas": {
            p: {**plain(v), **({"hexes": list(places.get(p) or ())} if places is not None else {})}
            for p, v in sorted(state.areas.items())
            if _mine(v.holder, power)
        },
        "tracks": {k: plain(v) for k, v in sorted(state.tracks.items()) if power is None or v.holder in (None, power)},
        "alignment": dict(sorted(state.alignment.items())),
        "routes": dict(sorted(state.routes.items())),
        "chronicle": [plain(c) for c in state.chronicle if power is None or not c.about or power in c.about],
        "ended": plain(state.ended) if state.ended else None,
        "conquered": {p: plain(f) for p, f in sorted(state.conquered.items()) if power is None or p == power},
        "operations": [plain(f) for f in state.operations if _concerns(f, power)],
        "plans": [plain(f) for f in state.plans if _concerns(f, power)],
        "quiet": [plain(f) for f in state.quiet],
        "random_events": [plain(r) for r in state.random_events if _mine(r.power, power) or r.power is None],
    }


def _concerns(fact: Fact | Operation, power: str | None) -> bool:
    """Whether a fact concerns ``power``: it holds it (or its faction or side does), or, of an operation, the
    operation is against it (or its faction or side)."""
    if power is None or fact.holder is None or power in (fact.holder, *powers_of(fact.holder)):
        return True
    against = fact.against if isinstance(fact, Operation) else None
    return against is not None and power in (against, *powers_of(against))


# ---------------------------------------------------------------------------------------------------------------------
# For people


def _research(state: PoliticsState, power: str | None) -> Iterator[RenderableType]:
    found = [r for _, r in sorted(state.research.items()) if _mine(r.power, power)]
    if not found:
        yield line("Research results: none recorded")
        return
    rows = table("Research results", ("power", "project", "steps", "result", "when", "known"), right=("steps",))
    for r in found:
        rows.add_row(*cells(country(r.power), name(r.project), r.steps or "-", r.result or "-", r.when, _known(r)))
    yield rows


def _france(state: PoliticsState, rules: str | None) -> Iterator[RenderableType]:
    """France's surrender and Vichy, citing A3R 58 in an A3R game (the AWAW rule texts here give no French rules:
    an AWAW game's lines cite none)."""

    def cite(rule: str) -> str:
        return f" ({rule})" if rules == "a3r" else ""

    surrender = state.french_surrender
    if surrender is not None:
        level = "not recorded" if surrender.level is None else f"{surrender.level:+d}"
        how = " (voluntary)" if surrender.voluntary else ""
        when = surrender.when or _turn_words(surrender.turn)
        yield line(f"France surrendered in {when}{how}; French surrender level {level}{cite('58.2')}")
    if state.vichy is not None:
        established = "established" if state.vichy else "not established"
        yield line(f"Vichy France {established}{cite('58.31')}")


def _diplomacy(state: PoliticsState, power: str | None) -> Iterator[RenderableType]:
    countries = sorted(
        c
        for c in state.diplomatic.keys() | state.outcomes.keys()
        if _mine((state.outcomes[c].holder if c in state.outcomes else state.diplomatic[c][0]), power)
    )
    if not countries:
        yield line("Diplomacy: no result recorded")
        return
    rows = table("Diplomacy (29.4)", ("country", "faction", "outcome", "result", "when", "known"))
    for c in countries:
        outcome = state.outcomes.get(c)
        number = state.diplomatic.get(c)
        faction = outcome.holder if outcome is not None else number[0] if number else None
        result = outcome.value if outcome is not None and outcome.value is not None else (number[1] if number else None)
        when = outcome.when if outcome is not None else _turn_words(number[2]) if number else ""
        words = OUTCOME_WORDS.get(outcome.what, outcome.what) if outcome is not None else "-"
        rows.add_row(
            *cells(country(c), country(faction), words, "-" if result is None else result, when, _known(outcome))
        )
    yield rows


def _areas(state: PoliticsState, power: str | None, places: Places | None) -> Iterator[RenderableType]:
    found = [(p, f) for p, f in sorted(state.areas.items()) if _mine(f.holder, power)]
    if not found:
        return
    columns = ("place", "controlled by", "how much", "how", "when", "known")
    rows = table(
        "Places controlled (29), as sources state them", (*columns, "hexes") if places is not None else columns
    )
    for place, f in found:
        values = [country(place), country(f.holder), f.what, _said(f, "cause"), f.when, _known(f)]
        if places is not None:
            values.append(_hexes(place, places))
        rows.add_row(*cells(*values))
    yield rows


def _tracks(state: PoliticsState, power: str | None, rules: str | None) -> Iterator[RenderableType]:
    found = [f for _, f in sorted(state.tracks.items()) if power is None or f.holder in (None, power)]
    if not found:
        return
    rows = table("Other tracks", ("track", "power", "value", "when", "known"), right=("value",))
    for f in found:
        rows.add_row(*cells(track_words(f.what, rules), country(f.holder), f.value, f.when, _known(f)))
    yield rows


def _alignment(state: PoliticsState) -> Iterator[RenderableType]:
    if state.alignment:
        rows = table("Countries aligned with a faction (29.42-29.43, statuses)", ("country", "faction"))
        for c, f in sorted(state.alignment.items()):
            rows.add_row(*cells(country(c), country(f)))
        yield rows
    if state.routes:
        rows = table("Routes", ("route", "open"))
        for r, is_open in sorted(state.routes.items()):
            rows.add_row(*cells(name(r), "open" if is_open else "closed"))
        yield rows


def _chronicle(state: PoliticsState, power: str | None) -> Iterator[RenderableType]:
    lines = [c for c in state.chronicle if power is None or not c.about or power in c.about]
    if not lines:
        return
    rows = table("Chronicle", ("#", "when", "entry", "known"))
    for c in lines:
        text = c.text if c.kind == "narrative" else f"{c.text} ({c.kind})"
        rows.add_row(*cells(c.seq, c.when, text, _known(c)))
    yield rows


HOW_ENDED = {
    "victory_conditions": "on the victory conditions",
    "concession": "by concession",
    "adjudication": "by adjudication",
    "agreement": "by agreement",
    "time": "when time ran out",
}
WINNER_WORDS = {"axis": "the Axis won", "allies": "the Allies won", "draw": "a draw", "none": "no result"}


def _outcomes(state: PoliticsState, power: str | None, rules: str | None) -> Iterator[RenderableType]:
    for p, f in sorted(state.conquered.items()):
        if power is None or p == power:
            by = f" by {country(f.holder)}" if f.holder else ""
            known = f" ({_known(f)})" if _known(f) else ""
            yield line(f"{country(p)} conquered{by} in {f.when}: its wars ended (29.61){known}")
    reported = [o for o in state.operations if _concerns(o, power)]
    if reported:
        rows = table("Operations reported without their hexes", ("#", "when", "by", "operation", "result", "known"))
        for o in reported:
            rows.add_row(*cells(o.seq, o.when, country(o.holder), o.what, o.cause or "-", _known(o)))
        yield rows
    planned = [o for o in state.plans if _concerns(o, power)]
    if planned:
        rows = table("Operations planned or implied", ("#", "when", "by", "operation", "for", "basis", "known"))
        for o in planned:
            to_come = _turn_label(o.planned_for) if o.planned_for else "unknown"
            what = name(o.kind) + "".join(f" in {country(p)}" for p in o.places[:1])
            what += "".join(f", {country(p)}" for p in o.places[1:])
            what += f" against {country(o.against)}" if o.against else ""
            rows.add_row(*cells(o.seq, o.when, country(o.holder), what, to_come, o.cause, _known(o)))
        yield rows
    for q in state.quiet:
        known = f" ({_known(q)})" if _known(q) else ""
        yield line(f"The {q.what.capitalize()} theater was quiet in {q.when}{known}")
    for r in state.random_events:
        if _mine(r.power, power) or r.power is None:
            yield line(_random_words(r, rules=rules))
    ended = state.ended
    if ended is not None:
        level = f" ({ended.what} victory)" if ended.what else ""
        how = HOW_ENDED.get(ended.cause or "", ended.cause or "")
        yield line(f"The game ended in {ended.when}, {how}: {WINNER_WORDS.get(ended.holder or '', '?')}{level}")


def _same_random(event: RandomEvent) -> tuple[Any, ...]:
    """What a random event says, without when or where it was recorded."""
    return (event.name, event.power, event.raised, event.lowered)


def _random_words(event: RandomEvent, *, when: bool = True, rules: str | None = None) -> str:
    """``Random event (name unknown), Japan, in Spring 1935 to Winter 1938: raised the aggression index
    (reported)`` (without ``in ...`` and how it is known, ``when=False``)."""
    which = "name unknown" if "name" in event.unknown or event.name is None else event.name
    moved = [f"raised the {track_words(t, rules)}" for t in event.raised]
    moved += [f"lowered the {track_words(t, rules)}" for t in event.lowered]
    whom = f", {country(event.power)}" if event.power else ""
    known = f" ({_known(event)})" if _known(event) and when else ""
    at = f", in {event.when}" if when else ""
    return f"Random event ({which}){whom}{at}: {', '.join(moved) or 'effect not given'}{known}"


def render(
    state: PoliticsState, power: str | None = None, places: Places | None = None, rules: str | None = None
) -> list[RenderableType]:
    """Politics for people: what concerns ``power`` only, when given; places with their hexes, given ``places``;
    ``rules``: the game's rule set, whose rule numbers the lines cite."""
    return [
        heading("Politics"),
        *_research(state, power),
        *_france(state, rules),
        *_diplomacy(state, power),
        *_areas(state, power, places),
        *_tracks(state, power, rules),
        *_alignment(state),
        *_chronicle(state, power),
        *_outcomes(state, power, rules),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Differences


def _fact_words(fact: Fact | None, rules: str | None = None) -> str | None:
    if fact is None:
        return None
    parts = [country(fact.holder)] if fact.holder else []
    if fact.what:
        parts.append(OUTCOME_WORDS.get(fact.what) or track_words(fact.what, rules))
    if fact.value is not None:
        parts.append(f"result {fact.value}" if fact.what in OUTCOME_WORDS else str(fact.value))
    return " ".join(parts)


def _changes(kind: str, da: Mapping[str, Any], db: Mapping[str, Any], words: Any) -> Iterator[Change]:
    for key in sorted(da.keys() | db.keys()):
        va, vb = da.get(key), db.get(key)
        if va != vb:
            yield Change(
                view=VIEW,
                subject=key,
                what=kind,
                a=msgspec.to_builtins(va),
                b=msgspec.to_builtins(vb),
                text=words(key, va, vb),
            )


def _same_fact(fact: Fact | None) -> Any:
    """What a fact says, without when or where it was recorded (a branch that records the same fact later has no
    difference in it)."""
    return None if fact is None else (fact.holder, fact.what, fact.value, fact.cause)


def differences(a: PoliticsState, b: PoliticsState, rules: str | None = None) -> list[Change]:
    """What differs between two political states, each change as data and in words (``A → B``); ``rules``: the
    game's rule set, whose rule numbers the sentences cite (A3R 58 in an A3R game only)."""
    found: list[Change] = []
    research_a = {k: (r.steps, r.result) for k, r in a.research.items()}
    research_b = {k: (r.steps, r.result) for k, r in b.research.items()}
    found += _changes(
        "research",
        research_a,
        research_b,
        lambda k, x, y: (
            f"{country(k.partition('/')[0])}: research {name(k.partition('/')[2])} {arrow(_steps(x), _steps(y))}"
        ),
    )
    found += _changes(
        "diplomatic_outcome",
        {k: _same_fact(v) for k, v in a.outcomes.items()},
        {k: _same_fact(v) for k, v in b.outcomes.items()},
        lambda k, x, y: (
            f"{country(k)}: diplomatic outcome "
            f"{arrow(_fact_words(a.outcomes.get(k), rules), _fact_words(b.outcomes.get(k), rules))}"
        ),
    )
    found += _changes(
        "diplomatic_result",
        {k: (f, r) for k, (f, r, _) in a.diplomatic.items()},
        {k: (f, r) for k, (f, r, _) in b.diplomatic.items()},
        lambda k, x, y: f"{country(k)}: diplomatic result {arrow(x and x[1], y and y[1])}",
    )
    found += _changes(
        "area",
        {k: _same_fact(v) for k, v in a.areas.items()},
        {k: _same_fact(v) for k, v in b.areas.items()},
        lambda k, x, y: f"{country(k)}: controlled by {arrow(_area_words(x), _area_words(y))}",
    )
    found += _changes(
        "track",
        {k: v.value for k, v in a.tracks.items()},
        {k: v.value for k, v in b.tracks.items()},
        lambda k, x, y: f"{_track_subject(k, rules)}: {arrow(x, y)}",
    )
    found += _changes(
        "alignment",
        a.alignment,
        b.alignment,
        lambda k, x, y: f"{country(k)}: aligned with {arrow(x and country(x), y and country(y))}",
    )
    found += _changes("route", a.routes, b.routes, lambda k, x, y: f"route {name(k)}: open {arrow(x, y)}")
    surrender_a = a.french_surrender.level if a.french_surrender else None
    surrender_b = b.french_surrender.level if b.french_surrender else None
    if (a.french_surrender is None) != (b.french_surrender is None) or surrender_a != surrender_b:
        found.append(
            Change(
                view=VIEW,
                subject="france",
                what="surrender",
                a=msgspec.to_builtins(a.french_surrender),
                b=msgspec.to_builtins(b.french_surrender),
                text=f"France: surrendered {arrow(_surrender_words(a), _surrender_words(b))}",
            )
        )
    if a.vichy != b.vichy:
        vichy = {None: "not decided", True: "established", False: "not established"}
        cite = " (58.31)" if rules == "a3r" else ""
        text = f"Vichy France{cite}: {vichy[a.vichy]} → {vichy[b.vichy]}"
        found.append(Change(view=VIEW, subject="vichy", what="vichy", a=a.vichy, b=b.vichy, text=text))
    texts_a = {c.text for c in a.chronicle}
    for c in b.chronicle:
        if c.text not in texts_a:
            found.append(
                Change(view=VIEW, subject="chronicle", what="chronicle", b=c.text, text=f"chronicle: + {c.text}")
            )
    randoms_a = {_same_random(r): r for r in a.random_events}
    randoms_b = {_same_random(r): r for r in b.random_events}
    for key in randoms_a.keys() ^ randoms_b.keys():
        gone = key in randoms_a
        words = _random_words((randoms_a if gone else randoms_b)[key], when=False, rules=rules)
        found.append(
            Change(
                view=VIEW,
                subject="random_event",
                what="random_event",
                a=key[0] if gone else None,
                b=None if gone else key[0],
                text=f"random events: {'-' if gone else '+'} {words}",
            )
        )
    texts_b = {c.text for c in b.chronicle}
    for c in a.chronicle:
        if c.text not in texts_b:
            found.append(
                Change(view=VIEW, subject="chronicle", what="chronicle", a=c.text, text=f"chronicle: - {c.text}")
            )
    return found


def _track_subject(key: str, rules: str | None = None) -> str:
    """``japan/aggression_index`` -> ``Japan: aggression index``."""
    power, _, track = key.rpartition("/")
    words = track_words(track, rules)
    return f"{country(power)}: {words}" if power else words


def _steps(value: tuple[int, str] | None) -> str | None:
    if value is None:
        return None
    steps, result = value
    return " ".join(p for p in (f"{steps} steps" if steps else "", result) if p) or "recorded"


def _area_words(value: tuple[Any, ...] | None) -> str | None:
    if value is None:
        return None
    holder, extent, _, cause = value
    return f"{country(holder)} ({extent}{', ' + name(cause) if cause and cause != 'other' else ''})"


def _surrender_words(state: PoliticsState) -> str:
    surrender = state.french_surrender
    if surrender is None:
        return "no"
    level = "" if surrender.level is None else f", FSL {surrender.level:+d}"
    return f"{surrender.when or _turn_words(surrender.turn)}{level}"


# ---------------------------------------------------------------------------------------------------------------------
# Read-model rows


def tables(state: PoliticsState) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``politics_<table>``)."""
    plain = msgspec.to_builtins
    diplomacy: list[dict[str, Any]] = []
    for c in sorted(state.diplomatic.keys() | state.outcomes.keys()):
        outcome = state.outcomes.get(c)
        number = state.diplomatic.get(c)
        diplomacy.append(
            {
                "country": c,
                "faction": outcome.holder if outcome else number[0] if number else None,
                "outcome": outcome.what if outcome else None,
                "result": (outcome.value if outcome and outcome.value is not None else number[1] if number else None),
                "when": outcome.when if outcome else _turn_words(number[2]) if number else None,
                "provenance": outcome.provenance if outcome else "table",
            }
        )
    return {
        "research": [plain(r) for r in state.research.values()],
        "diplomacy": diplomacy,
        "areas": [{"place": p, **plain(f)} for p, f in state.areas.items()],
        "tracks": [{"key": k, **plain(f)} for k, f in state.tracks.items()],
        "alignment": [{"country": c, "faction": f} for c, f in state.alignment.items()],
        "chronicle": [{**plain(c), "about": ",".join(c.about), "places": ",".join(c.places)} for c in state.chronicle],
    }
