"""Names for what a player declares, so that nobody has to invent one: an attack on Warsaw is ``warsaw-1`` (the
second one this player turn ``warsaw-2``), its breakthrough ``bt-warsaw``, an attrition against China ``china-1``,
an offensive on the eastern front ``eastern-1939-fall`` (``-2`` for a second one that turn).

The place is the name the game's map data gives the hex (``Warsaw``), else the hex itself (``EUR:L34`` -> ``l34``).
Ids are unique among those the position holds for this player turn (attacks, attritions, breakthroughs), which is
where the commands and the audit look them up.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import msgspec

from awaw_events.events import AnyEvent, OffensiveDeclared
from projections.position import Position
from replays.commands.base import Refusal


def slug(text: str) -> str:
    """``Brest-Litovsk`` -> ``brest-litovsk``, ``EUR:L34`` -> ``l34``: lower case, words joined by ``-``."""
    words = re.findall(r"[a-z0-9]+", text.split(":")[-1].lower() if ":" in text else text.lower())
    return "-".join(words) or "x"


def place(pos: Position, hex_: str) -> str:
    """The hex's name in the map data, as an id's stem, else the hex's own."""
    facts = pos.map.hex(hex_) if pos.map is not None else None
    return slug(facts.name) if facts is not None and facts.name else slug(hex_)


def fresh(stem: str, taken: Collection[str]) -> str:
    """``stem-1``, or the first ``stem-N`` not taken."""
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def attack_id(pos: Position, hexes: Collection[str]) -> str:
    """The next free id for an attack on ``hexes`` (named after the first): ``warsaw-1``."""
    return fresh(place(pos, next(iter(hexes))), pos.state.combat.attacks)


def attrition_id(pos: Position, target: str) -> str:
    """The next free id for an attrition against ``target``: ``china-1``."""
    return fresh(slug(target), pos.state.combat.attritions)


def breakthrough_id(pos: Position, attack: str, hex_: str | None) -> str:
    """The id of the breakthrough an attack makes: ``bt-`` and the hex's place (``bt-warsaw``), numbered when that
    is taken this player turn."""
    known = pos.state.combat.attacks.get(attack)
    where = hex_ or (known.declared.defender_hexes[0] if known is not None else attack)
    stem = f"bt-{place(pos, where)}"
    taken = pos.state.combat.breakthroughs
    return stem if stem not in taken else fresh(stem, taken)


def offensive_id(pos: Position, power: str, front: str) -> str:
    """An offensive's id: the front and the game turn (``eastern-1939-fall``), ``-2`` when ``power`` already
    declared one on that front this player turn (the position holds whether one was, not how many)."""
    clock = pos.state.clock
    stem = f"{slug(front)}-{clock.year}-{clock.season}"
    return f"{stem}-2" if (power, front) in pos.state.combat.offensives else stem


def name_offensives(pos: Position, decided: list[AnyEvent] | Refusal) -> list[AnyEvent] | Refusal:
    """Decided events with each unnamed ``offensive_declared`` given its :func:`offensive_id`."""
    if isinstance(decided, Refusal):
        return decided
    return [
        msgspec.structs.replace(e, offensive=offensive_id(pos, e.power, e.front))
        if isinstance(e, OffensiveDeclared) and e.offensive is None
        else e
        for e in decided
    ]
