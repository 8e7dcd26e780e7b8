"""The read model's tables of what happened, one row per move, attack (and each unit in it), combat round, die roll,
build and redeployment, and every text a player may search (notes, the chronicle, citations, rulings' reasons,
bookmarks), from the events as a walk reads them (:mod:`replays.walk`; ``awaw materialize``).

Every row names its event (``seq``, a foreign key to ``events``); a round names its attack's declaration
(``attack_seq``) and its roll (``roll_seq``), a unit of an attack its declaration, so that SQL joins what the log
cross-references by id. Where a move starts is where the unit stood before the event (the state the walk shows),
not a claim of the log. Values are as recorded (ids, hexes); the tables' descriptions are in
:mod:`replays.readmodel`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from awaw_events.events import (
    AttackDeclared,
    BookmarkSet,
    ChronicleEntry,
    CombatRoundResolved,
    DiceRolled,
    NoteAdded,
    Ruling,
    UnitBuilt,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.gametime import label
from awaw_events.store import Record
from projections.game import GameState
from replays.walk import Reader, Touched

Row = tuple[Any, ...]
Sink = Callable[[Row], None]

_WHEN: Final[dict[str, type]] = {"seq": int, "game_time": str, "side": str, "phase": str}

SCHEMAS: Final[dict[str, dict[str, type]]] = {
    "moves": {
        **_WHEN,
        "unit": str,
        "owner": str,
        "unit_type": str,
        "from_location": str,
        "to_location": str,
        "path": str,
        "hexes": int,
        "mf_used": int,
        "exploitation": int,
        "breakthrough": str,
        "sea_transport": int,
    },
    "attacks": {
        **_WHEN,
        "attack": str,
        "kind": str,
        "defender_hexes": str,
        "attackers": int,
        "attack_factors": int,
        "defenders": int,
        "defence_factors": int,
        "terrain": str,
        "fortification": str,
    },
    "attack_units": {
        "attack_seq": int,
        "attack": str,
        "role": str,
        "unit": str,
        "factors": int,
        "location": str,
    },
    "rolls": {
        **_WHEN,
        "roll": int,
        "purpose": str,
        "dice": str,
        "sides": int,
        "source": str,
        "ref": str,
        "modifiers": str,
        "dice_known": int,
    },
    "rounds": {
        **_WHEN,
        "attack_seq": int,
        "attack": str,
        "round": int,
        "attack_strength": int,
        "defence_strength": int,
        "odds": str,
        "roll_seq": int,
        "roll": int,
        "modified_die": int,
        "result": str,
        "conversion": str,
    },
    "builds": {
        **_WHEN,
        "unit": str,
        "owner": str,
        "nationality": str,
        "unit_type": str,
        "factors": int,
        "location": str,
        "cost": int,
        "payer": str,
        "rebuild": int,
        "multiplier": int,
        "oil_covered_brps": int,
    },
    "redeployments": {
        **_WHEN,
        "unit": str,
        "owner": str,
        "unit_type": str,
        "kind": str,
        "origin": str,
        "destination": str,
        "path": str,
    },
    "texts": {**_WHEN, "kind": str, "about_seq": int, "text": str},
}
"""Each table's columns, in the order of its rows."""

PRIMARY_KEYS: Final[dict[str, str]] = {
    "moves": "seq",
    "attacks": "seq",
    "rolls": "seq",
    "rounds": "seq",
    "builds": "seq",
    "redeployments": "seq",
}
"""The tables keyed by their event: one row per event."""

FOREIGN_KEYS: Final[dict[str, list[tuple[str, str, str]]]] = {
    "moves": [("seq", "events", "seq")],
    "attacks": [("seq", "events", "seq")],
    "attack_units": [("attack_seq", "attacks", "seq")],
    "rolls": [("seq", "events", "seq")],
    "rounds": [("seq", "events", "seq"), ("attack_seq", "attacks", "seq"), ("roll_seq", "rolls", "seq")],
    "builds": [("seq", "events", "seq")],
    "redeployments": [("seq", "events", "seq")],
    "texts": [("seq", "events", "seq"), ("about_seq", "events", "seq")],
}
"""What each table's columns point at (Datasette links them)."""

ORDER: Final = ("moves", "attacks", "attack_units", "rolls", "rounds", "builds", "redeployments", "texts")
"""The order the tables are created in: each after the tables its foreign keys name."""


def _words(items: list[str]) -> str:
    return " ".join(items)


class EventRows(Reader):
    """A walk's reader that writes the rows of :data:`SCHEMAS` through ``sinks`` (one per table) as it goes."""

    def __init__(self, sinks: dict[str, Sink]) -> None:
        self.sinks = sinks
        self.attacks: dict[str, int] = {}
        """Each attack id's latest declaration (what its rounds and units refer to)."""
        self.rolls: dict[int, int] = {}
        """Each roll number's ``dice_rolled`` event."""
        self._before: tuple[str, str, str] | None = None
        self._labels: dict[tuple[Any, ...], str] = {}

    def _when(self, record: Record) -> tuple[Any, ...]:
        event = record.event
        key = (event.year, event.season, event.side, event.phase, event.until)
        game_time = self._labels.get(key)
        if game_time is None:
            game_time = self._labels[key] = label(event)
        return (record.seq, game_time, event.side, event.phase)

    def before(self, record: Record, state: GameState) -> None:
        event = record.event
        if isinstance(event, UnitMoved | UnitRedeployed):
            unit = state.board.units.get(event.unit)
            self._before = (unit.location, unit.owner, unit.unit_type) if unit is not None else None

    def after(self, record: Record, state: GameState, touched: Touched) -> None:
        event = record.event
        match event:
            case UnitMoved():
                was = self._before
                self.sinks["moves"](
                    (
                        *self._when(record),
                        event.unit,
                        was[1] if was else None,
                        was[2] if was else None,
                        was[0] if was else None,
                        event.path[-1],
                        _words(event.path),
                        len(event.path),
                        event.mf_used,
                        event.exploitation,
                        event.breakthrough,
                        event.sea_transport,
                    )
                )
            case UnitRedeployed():
                was = self._before
                self.sinks["redeployments"](
                    (
                        *self._when(record),
                        event.unit,
                        was[1] if was else None,
                        was[2] if was else None,
                        event.kind,
                        event.origin,
                        event.destination,
                        _words(event.path),
                    )
                )
            case AttackDeclared():
                self._attack(record, event)
            case CombatRoundResolved():
                roll_seq = self.rolls.get(event.roll) if event.roll is not None else None
                self.sinks["rounds"](
                    (
                        *self._when(record),
                        self.attacks.get(event.attack),
                        event.attack,
                        event.round,
                        event.attack_strength,
                        event.defence_strength,
                        event.odds,
                        roll_seq,
                        event.roll,
                        event.modified_die,
                        event.result,
                        event.conversion,
                    )
                )
            case DiceRolled():
                self.rolls[event.roll] = record.seq
                modifiers = " ".join(f"{m.code}{m.value:+d}" for m in event.modifiers)
                self.sinks["rolls"](
                    (
                        *self._when(record),
                        event.roll,
                        event.purpose,
                        " ".join(str(d) for d in event.dice),
                        event.sides,
                        event.source,
                        event.ref,
                        modifiers,
                        "dice" not in event.unknown,
                    )
                )
            case UnitBuilt():
                self.sinks["builds"](
                    (
                        *self._when(record),
                        event.unit,
                        event.owner,
                        event.nationality,
                        event.unit_type,
                        event.factors,
                        event.location,
                        event.cost,
                        event.payer,
                        event.rebuild,
                        event.multiplier,
                        event.oil_covered_brps,
                    )
                )
            case NoteAdded():
                self._text(record, "note", event.text, event.about)
            case ChronicleEntry():
                self._text(record, "chronicle", event.text)
            case Ruling():
                self._text(record, "ruling", event.reason)
            case BookmarkSet():
                self._text(record, "bookmark", event.name, event.at)
        if event.citation:
            self._text(record, "citation", event.citation)

    def _attack(self, record: Record, event: AttackDeclared) -> None:
        self.attacks[event.attack] = record.seq
        self.sinks["attacks"](
            (
                *self._when(record),
                event.attack,
                event.kind,
                _words(event.defender_hexes),
                len(event.attackers),
                sum(a.factors for a in event.attackers),
                len(event.defenders),
                sum(d.factors for d in event.defenders),
                event.terrain,
                event.fortification,
            )
        )
        add = self.sinks["attack_units"]
        for a in event.attackers:
            add((record.seq, event.attack, "attacker", a.unit, a.factors, a.origin))
        for d in event.defenders:
            add((record.seq, event.attack, "defender", d.unit, d.factors, d.hex))
        for role, units in (
            ("ground support", event.ground_support),
            ("shore bombardment", event.shore_bombardment),
            ("defensive air support", event.das),
        ):
            for u in units:
                add((record.seq, event.attack, role, u.unit, u.factors, None))

    def _text(self, record: Record, kind: str, text: str, about: int | None = None) -> None:
        self.sinks["texts"]((*self._when(record), kind, about, text))


__all__ = ["FOREIGN_KEYS", "ORDER", "PRIMARY_KEYS", "SCHEMAS", "EventRows"]
