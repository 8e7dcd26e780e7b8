"""Stacks at the end of a phase (AWAW 12): what counts in a stack, which hex kind's limit applies, when the limits
are judged, and the temporary overstacks that may wait (12.14-12.17, 16.51).

Sources: 10-16 extract 1.4 and checklist 2.4 (AUD-12-01, AUD-12-02, AUD-12-05), 2.2 (AUD-10-11: specialized units and
flak, 10.41E, 10.96), 6.5 (DT-13). The limits themselves are :data:`projections.rules.combat.stacking.
STACKING_LIMITS` (12.11-12.19), checked by :func:`projections.rules.combat.stacking.stacking_findings`.

Choices where the texts are open:

* Partisans count as non-specialized ground units (12.11A speaks of ground units; extract 1.4 [UNSURE]).
* Limits are judged at the end of every phase of a player turn except the unit construction phase, whose builds may
  be fixed in the redeployment phase that follows (12.22, 28.91), and at the end of every player turn.
* Stacks are per side: the units of one side in a hex (an airdrop or a failed overrun can leave both sides' units in
  one hex for a moment; 10.56 and 10.94 say what then happens).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

from projections.rules.combat.stacking import StackHex
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.mapdata import HexFacts

NON_SPECIALIZED_GROUND: Final[frozenset[str]] = frozenset(
    {"infantry", "mech_infantry", "replacement", "armor", "partisan"}
)
"""Units counted against the basic limit of 12.11 (partisans: a choice, see the module notes)."""

FLAK: Final = "flak"
"""Flak counts by factors, 3 per hex besides other units (10.96, 12.12)."""

STACKED_TYPES: Final[frozenset[str]] = NON_SPECIALIZED_GROUND | SPECIALIZED_TYPES | {FLAK}
"""Ground units, the only ones stacking limits count (air and naval units: 12.41, basing limits 18.1, 21.1)."""

PEARL_HARBOR: Final = "Pearl Harbor"
"""The hex name map data gives Pearl Harbor (12.19)."""

BREAKTHROUGH_WAITS_IN: Final[frozenset[str]] = frozenset(
    {"combat", "exploitation", "attrition", "post_combat_supply", "unit_construction"}
)
"""Phases at whose end a breakthrough hex may still be overstacked: the excess goes at the end of the attacker's
redeployment phase (12.14, 16.23, 16.51)."""

UNJUDGED_PHASES: Final[frozenset[str]] = frozenset({"unit_construction"})
"""Phases at whose end stacks are not judged while the player turn goes on (12.22, 28.91: fixed in redeployment)."""

SHOCK_ARMY_FACTORS: Final = 3
"""A shock army is a Russian 3-3 infantry, which may end its movement overstacked next to an enemy unit (12.16,
42.241)."""

RETREAT_DEADLINE_PHASE: Final = "movement"
"""A defender overstacked by an attrition retreat fixes it by the end of its next movement phase (12.17, 14.74)."""


class Count(msgspec.Struct, frozen=True):
    """One side's units in a hex as 12.11-12.12 count them."""

    ground: tuple[str, ...] = ()
    specialized: tuple[str, ...] = ()
    flak_factors: int = 0


def count(units: Iterable[tuple[str, str, int]]) -> Count:
    """Count ``(unit id, unit type, factors)`` against the limits (12.11, 12.12, 10.41E, 10.96)."""
    ground: list[str] = []
    special: list[str] = []
    flak = 0
    for unit_id, unit_type, factors in units:
        if unit_type in SPECIALIZED_TYPES:
            special.append(unit_id)
        elif unit_type == FLAK:
            flak += factors
        elif unit_type in NON_SPECIALIZED_GROUND:
            ground.append(unit_id)
    return Count(tuple(ground), tuple(special), flak)


def judged(closing_phase: str | None, *, player_turn_ends: bool) -> bool:
    """Whether stacks are judged at the end of this phase (12.22; AUD-12-01)."""
    return player_turn_ends or closing_phase not in UNJUDGED_PHASES


def breakthrough_may_wait(closing_phase: str | None, *, player_turn_ends: bool) -> bool:
    """Whether a breakthrough hex may still be overstacked at the end of this phase (12.14, 16.51)."""
    return not player_turn_ends and closing_phase in BREAKTHROUGH_WAITS_IN


def hex_kind(location: str, *, facts: HexFacts | None, bridgehead: bool) -> tuple[StackHex | None, str | None]:
    """The kind of hex whose limit applies (12.11-12.19), or None and the map fact that decides it when the map data
    does not give it: a Pacific hex may be a one-hex island (12.11B) or Pearl Harbor (12.19)."""
    if not location.startswith(("EUR:", "PAC:")):
        return "mapboard_box", None
    if facts is not None and facts.name == PEARL_HARBOR:
        return "pearl_harbor", None
    pacific = location.startswith("PAC:")
    if pacific:
        if facts is None or facts.island is None:
            return None, "island"
        if facts.island:
            return ("pacific_island_port" if facts.port else "pacific_island"), None
    if bridgehead:
        return "bridgehead", None
    return "standard", None


def at_sea(facts: HexFacts | None) -> bool | None:
    """Whether a ground unit in this hex is at sea (12.23): an all-sea hex; None when the terrain is unknown."""
    if facts is None or facts.terrain is None:
        return None
    return facts.terrain == "sea"
