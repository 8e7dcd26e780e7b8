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

from awaw_events.vocab import power_name
from projections.board import BoardState, war_between
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
    wars: Mapping[tuple[str, str], bool | None], rule: str, judge: Callable[[Wars], Iterable[Breach | Unknown]]
) -> list[Breach | Unknown]:
    """``judge`` under every reading of the wars: what it finds under one reading, or, with wars in doubt, the
    breaches every reading finds, and what it cannot tell where the readings disagree (:func:`war_doubt`)."""
    found = [list(judge(reading)) for reading in readings(wars)]
    first = found[0]
    if all(f == first for f in found[1:]):
        return first
    certain = [b for b in first if all(b in f for f in found[1:])]
    return [*certain, war_doubt(wars, rule)]


def same_either_way(wars: Mapping[tuple[str, str], bool | None], answer: Callable[[Wars], T]) -> tuple[bool, T]:
    """``answer`` under every reading of the wars: (whether every reading gives the same, the first reading's)."""
    found = [answer(reading) for reading in readings(wars)]
    return all(f == found[0] for f in found[1:]), found[0]
