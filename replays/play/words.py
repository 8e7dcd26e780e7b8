"""What Tab completes at the staged turn's prompt: the verbs, then the phasing side's unit ids (and their short
ends), hexes (the units' hexes and the map data's named hexes, by id and by name), powers and fronts."""

from __future__ import annotations

from projections.position import Position
from replays.commands.base import side_of
from replays.play.verbs import FRONTS, VERBS, own_side

POWERS_FIRST = ("w", "o", "g")


def completions(pos: Position, before: str) -> list[str]:
    """The words that complete the last word of ``before`` (sorted, at most 40)."""
    words = before.split(" ")
    word = words[-1]
    if len(words) == 1:
        return sorted({v for v in VERBS if v.startswith(word)})
    verb = words[0]
    found: set[str] = set()
    if verb in POWERS_FIRST:
        from awaw_events.vocab import POWERS

        found = set(POWERS) | set(FRONTS) | {u.nationality for u in pos.board.units.values()}
        return sorted(w for w in found if w.startswith(word))[:40]
    side = own_side(pos)
    plus = word.startswith("+")
    stem = word[1:] if plus else word
    for unit in pos.board.units.values():
        if side_of(unit.owner) == side or verb in ("a", "l"):
            found.add(unit.id)
        if ":" in unit.location:
            found.add(unit.location.split(":", 1)[1])
            found.add(unit.location)
    if pos.map is not None:
        for facts in pos.map.hexes:
            found.add(facts.hex)
            if facts.name:
                found.add(facts.name.replace(" ", "-"))
    hits = sorted(w for w in found if w.startswith(stem) or w.split("-", 1)[-1].startswith(stem))
    return [("+" + w if plus else w) for w in hits[:40]]
