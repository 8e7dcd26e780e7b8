"""Wars between powers as a rule that needs the powers asks of them, where a record may name a war of factions or
sides (``war_declared`` of ``european_axis`` on ``western_allies``): :func:`projections.board.war_between` answers
True, False or cannot tell (None), and a rule whose answer turns on a war it cannot tell of is not checked, with
its reason, never a finding and never a pass.

:func:`readings` lists every way the wars in doubt may stand; :func:`either_way` judges a claim under each and
keeps what every reading finds: breaches found under all of them are breaches, and where the readings disagree
the query says what it cannot tell (:func:`war_doubt`). A war the record does not name under any reading is no war
(False), as :func:`projections.board.at_war` reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from itertools import product
from typing import TypeVar

from awaw_events.vocab import power_name, powers_of
from projections.board import BoardState, war_between, war_key
from projections.position.core import Unknown
from projections.rules.breach import Breach

T = TypeVar("T")

Wars = Mapping[tuple[str, str], bool]
"""How the wars a rule asks about stand under one reading: (power, power) -> at war."""


def wars_of(board: BoardState, *pairs: tuple[str, str]) -> dict[tuple[str, str], bool | None]:
    """Whether each pair of powers is at war: True, False, or None where the record's war is one of a faction or
    side that may or may not include them."""
    return {pair: war_between(board, *pair) for pair in pairs}


def readings(wars: Mapping[tuple[str, str], bool | None]) -> list[dict[tuple[str, str], bool]]:
    """Every way the wars may stand: one reading when the record tells of each, else one for each combination of
    the wars it cannot tell of."""
    doubtful = [pair for pair, at_war in wars.items() if at_war is None]
    known = {pair: at_war for pair, at_war in wars.items() if at_war is not None}
    return [known | dict(zip(doubtful, values, strict=True)) for values in product((True, False), repeat=len(doubtful))]


def war_doubt(wars: Mapping[tuple[str, str], bool | None], rule: str) -> Unknown:
    """What a query cannot tell when its answer turns on the wars in doubt."""
    which = " or ".join(f"{power_name(a)} and {power_name(b)}" for (a, b), at_war in wars.items() if at_war is None)
    reason = f"not checked: whether {which} are at war ({rule}): the record's war is one of a faction or side, "
    reason += "which may or may not include them"
    return Unknown(reason=reason, kind="war of factions")


def either_way(
    wars: Mapping[tuple[str, str], bool | None],
    rule: str,
    judge: Callable[[Wars], Iterable[Breach | Unknown]],
    same: Callable[[Breach | Unknown], object] | None = None,
) -> list[Breach | Unknown]:
    """``judge`` under every reading of the wars: what it finds under one reading, or, with wars in doubt, the
    breaches every reading finds, and what it cannot tell where the readings disagree (:func:`war_doubt`).
    ``same``: what makes two readings' breaches the same one (default: equal in every field; a breach whose
    ``expected`` names what the wars allow differs by reading and is the same finding by rule and message)."""
    key = same if same is not None else (lambda b: b)
    found = [list(judge(reading)) for reading in readings(wars)]
    first = found[0]
    keys = [[key(b) for b in f] for f in found]
    if all(k == keys[0] for k in keys[1:]):
        return first
    certain = [b for b in first if all(key(b) in k for k in keys[1:])]
    return [*certain, war_doubt(wars, rule)]


def by_rule_and_message(found: Breach | Unknown) -> object:
    """A breach by its rule and message (what a player reads), for :func:`either_way`."""
    return (found.rule, found.message) if isinstance(found, Breach) else found


def same_either_way(wars: Mapping[tuple[str, str], bool | None], answer: Callable[[Wars], T]) -> tuple[bool, T]:
    """``answer`` under every reading of the wars: (whether every reading gives the same, the first reading's)."""
    found = [answer(reading) for reading in readings(wars)]
    return all(f == found[0] for f in found[1:]), found[0]


def any_war(board: BoardState, power: str, enemies: Iterable[str]) -> bool | None:
    """Whether ``power`` is at war with any of ``enemies``: True if with one, None if the only wars that could be one
    are of a faction or side (:func:`projections.board.war_between`), False otherwise."""
    found = {war_between(board, power, enemy) for enemy in enemies}
    return True if True in found else (None if None in found else False)


def war_begun(board: BoardState, a: str, b: str) -> str | None:
    """The game turn the record dates the war between two powers from (``"fall 1941"``): their own war's, else
    that of the first war of a faction or side that may include them (the turn a reading that takes it for their
    war uses); None where neither is recorded."""
    own = board.wars.get(war_key(a, b))
    if own is not None:
        return own
    for key, begun in board.wars.items():
        x, _, y = key.partition("|")
        left, right = (x, *powers_of(x)), (y, *powers_of(y))
        if (a in left and b in right) or (b in left and a in right):
            return begun
    return None


def declared_by(aggressors: Iterable[str], aggressor: str, target: str) -> bool | None:
    """Whether ``aggressor`` declared war on ``target``, from the ``"AGGRESSOR>TARGET"`` declarations a record
    holds: True for the powers' own declaration; None where only a declaration by or on a faction or side that
    holds them could be it (the European Axis on the Allies: was it Germany's, on Russia?); False otherwise."""
    found: bool | None = False
    for declared in aggressors:
        by, _, on = declared.partition(">")
        if by == aggressor and on == target:
            return True
        if aggressor in (by, *powers_of(by)) and target in (on, *powers_of(on)):
            found = None
    return found


def doubt(rule: str, what: str) -> Unknown:
    """What a query cannot tell when ``what`` (``"whether the U.S. is at war with Germany"``) turns on a war the
    record names as one of factions or sides."""
    reason = f"not checked: {what} ({rule}): the record's war is one of a faction or side, which may or may not "
    return Unknown(reason=reason + "include them", kind="war of factions")
