"""The sequence of play of the A3R house rules (option ``sop.variant=best_of_awaw``; A3R intro, App. C, App. L).

Source: A3R extract 1.2 option 5 and checks C-SOP-1..C-SOP-7: the Axis always move first, with no initiative; one
joint research phase at the start of each game turn; each side's diplomacy at the start of its own player turn;
raiders and SW in the owner's combat phase; SW allocations at the end of the owner's redeployment phase in Spring,
Summer and Fall (or in the Year Start Sequence), effective the next turn; an attacked non-aligned minor moves with
the side that did not attack it; attrition after all regular and exploitation combat (14.12). Which player turns
and research phases a game turn has had, and whether an attrition was resolved this player turn, are politics state
(:mod:`projections.politics`).
"""

from __future__ import annotations

from typing import Final

SOP_OPTION: Final = "sop.variant"
HOUSE_SOP: Final = "best_of_awaw"

FIRST_SIDE: Final = "axis"
"""The Axis move first each game turn; there is no initiative from BRP levels (A3R intro)."""

RESEARCH_PHASE: Final = "research"
DIPLOMACY_PHASE: Final = "diplomacy"

SW_PHASE: Final = "combat"
"""A player's raiders and strategic warfare combat happen in his combat phase (A3R intro; interception at A3R SoP
step 10d and effects at 10h, steps the log does not name)."""

SW_ALLOCATION_PHASES: Final[frozenset[str]] = frozenset({"redeployment", "end_of_player_turn"})
"""SW allocation changes are made at the end of the owner's redeployment phase (A3R intro) ..."""
SW_ALLOCATION_SEASONS: Final[frozenset[str]] = frozenset({"spring", "summer", "fall"})
"""... in Spring, Summer and Fall turns, or in the Year Start Sequence."""
YSS_PHASE: Final = "year_start"

SW_PREFIX: Final = "sw:"
"""Locations of the SW boxes (``sw:atlantic``)."""

MOVE_PHASES: Final[frozenset[str]] = frozenset({"movement", "exploitation"})
"""Ground units move in the movement phase, and armor from a breakthrough in the exploitation phase (13.11, 16.3)."""

ATTACK_PHASES: Final[frozenset[str]] = frozenset({"combat", "exploitation"})
"""Ground attacks are made in the combat phase, and by exploiting armor in the exploitation phase (15.1, 16.4)."""

LATE_COMBAT_KINDS: Final[frozenset[str]] = frozenset({"regular", "exploitation", "invasion", "airdrop"})
"""Attacks that are regular or exploitation combat: none may follow an attrition in the same player turn (14.12)."""


def house_sequence(rules: str, options: dict[str, str]) -> bool:
    """Whether a game plays the house sequence of play (an A3R game with ``sop.variant=best_of_awaw``)."""
    return rules == "a3r" and options.get(SOP_OPTION, HOUSE_SOP) == HOUSE_SOP


def sw_allocation_allowed(phase: str | None, season: str) -> bool:
    """Whether an SW allocation may change at this point (A3R intro, App. L): the end of the owner's redeployment
    phase in Spring, Summer or Fall, or the Year Start Sequence."""
    if phase == YSS_PHASE:
        return True
    return phase in SW_ALLOCATION_PHASES and season in SW_ALLOCATION_SEASONS
