"""What the audit and the views read from the ledger: this turn's totals, balances, deficits, the construction limit
and the spending counted against it, and the expenditure an event made."""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Power
from projections.brp.state import Line, LineKind, State
from projections.rules.economy import FULL_OFFENSIVE_BRPS, deficit_cap


def total(state: State, power: str, key: str) -> int:
    """This turn's total of ``key`` for ``power`` (a :data:`Category`, or ``additions``, ``losses``, ``spent``,
    ``adjustments``, ``limit_spent``)."""
    return state.totals.get(f"{power}/{key}", 0)


def available_of(state: State, power: str) -> int | None:
    """BRPs the power has available now (negative in deficit), or ``None`` before its first ``brps_set``."""
    return state.available.get(power)


def deficit_of(state: State, power: str) -> int:
    """The power's outstanding deficit: BRPs spent beyond those available (A3R intro, option 4)."""
    return max(0, -state.available.get(power, 0))


def construction_spent(state: State, power: str) -> int:
    """BRPs the power spent this turn against its construction limit (27.31,
    :data:`projections.rules.construction.LIMIT_SPENDING`)."""
    return total(state, power, "limit_spent")


def construction_in_doubt(state: State, power: str) -> int:
    """Of :func:`construction_spent`, the BRPs whose charge to this power's limit turns on a war the record names as
    one of factions (Britain's cash-and-carry transports go to the U.S. limit only before the U.S.-German war,
    27.7322A)."""
    return total(state, power, "limit_doubt")


def construction_remaining(state: State, power: str) -> int | None:
    """Computed limit minus construction spent this turn, or ``None`` without a base (27.31)."""
    limit = state.limits.get(power)
    return None if limit is None else limit.limit - construction_spent(state, power)


def grants_received(state: State, power: str) -> int:
    """BRPs the power received in grants this turn (27.334; A3R intro, Option 1)."""
    return total(state, power, "grant_received")


def uncontrolled_kea_values(state: State, power: str) -> list[int]:
    """BRP values of the power's own KEAs it does not control (A3R intro deficit cap; C-BRP-9)."""
    return [k.value for k in state.keas.values() if k.original_owner == power and k.controller != power]


def deficit_cap_of(state: State, power: str) -> int | None:
    """The most the power may be in deficit: base minus uncontrolled KEAs (A3R intro), or ``None`` without a base."""
    base = state.base.get(power)
    return None if base is None else deficit_cap(base, uncontrolled_kea_values(state, power))


def expenditure_at(state: State, seq: int) -> Line | None:
    """The expenditure event ``seq`` made, if it is in this turn's lines (read after the event): its payer
    (``power``, ``""`` when unknown), BRPs (``-amount``), balance ``before`` and whether it counts against the
    construction limit (``limit``)."""
    for line in reversed(state.lines):
        if line.seq < seq:
            return None
        if line.seq == seq and line.kind == "expenditure":
            return line
    return None


def lines_of(state: State, power: str, kinds: Iterable[LineKind] | None = None) -> list[Line]:
    """The current turn's lines of one power (optionally of some kinds)."""
    wanted = None if kinds is None else frozenset(kinds)
    return [line for line in state.lines if line.power == power and (wanted is None or line.kind in wanted)]


def side_of(power: str) -> str | None:
    """The side of a major power (``None`` for anything else)."""
    faction = FACTION_OF_POWER.get(cast(Power, power))
    return None if faction is None else SIDE_OF_FACTION[faction]


def turn_label(year: int, season: str) -> str:
    return f"{season.capitalize()} {year}" if season else "before the game"


def offensives_on(state: State, faction: str, front: str, *, for_attrition: bool = False) -> tuple[int, bool]:
    """The offensive BRPs the alliance faction's powers spent on ``front`` this turn, and whether one of them paid a
    full offensive there (15 BRPs or more: A3R 9.61-9.63). ``for_attrition``: leave out the BRPs of offensives
    against partisans only, which do not count in determining whether an attrition is permitted (11.82, 9.61)."""
    total_ = 0
    full = False
    for key, brps in state.offensives.items():
        power, _, where = key.partition("|")
        if where == front and FACTION_OF_POWER.get(cast(Power, power)) == faction:
            total_ += brps - (state.partisan_offensives.get(key, 0) if for_attrition else 0)
            full = full or brps >= FULL_OFFENSIVE_BRPS
    return total_, full


def offensive_brps_of_side(state: State, side: str) -> int:
    """The offensive BRPs the powers of one side spent this turn, on every front (A3R intro: the USAT modifier)."""
    return sum(brps for key, brps in state.offensives.items() if side_of(key.partition("|")[0]) == side)
