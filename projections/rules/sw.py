"""Strategic warfare and the Murmansk box: the house sequencing of A3R Appendix L (A3R extract 2.14, checks C-SW-1 to
C-SW-3, worked examples T-L1 and T-L2; option ``sw.murmansk_box``).

What the texts give, and what they do not:

* German submarines go into the Murmansk box only in game turns for which Germany has declared unrestricted
  submarine warfare (App. L, first bullet).
* Allocations of submarines, ASW and 9FFs made in game turn N are used in game turn N+1; those made in the year start
  sequence are used in the Spring turn that follows it (App. L steps 1-2 and their example).
* ``best_of_awaw`` (the default): the primary SW round, in the German combat phase, counts the SW-box units only;
  each SW-box 9FF and ASW eliminates one SW-box submarine (steps 3-5). The Murmansk convoy battle follows in the
  Allied redeployment phase (A3R 37.6, SoP step 13e): the escort eliminates attacking submarines one for one (step
  6). The Murmansk-box submarines that did not attack a convoy then fight a secondary round in the SW box, with a new
  die roll, the SW-box submarines of the primary round plus themselves against the same 9FFs and ASW, and take at
  most 1 BRP each (step 7). The turn's submarine losses are then the SW-box 9FFs not reduced below 9 FF, plus every
  ASW allocated that turn wherever it was allocated, plus the submarines the convoy escort's 9FFs sank, at most the
  submarines deployed (step 8).
* ``a3r`` (regular A3R, the commentary of App. L): the convoy battles come before SW, and one SW round counts the
  SW-box submarines and the unused Murmansk-box submarines.
* Not in the texts: the A3R SW table (the BRPs an SW round takes for its ratio and die, A3R 42.46x), the convoy
  battle's BRP losses (A3R 37.6), and regular A3R's submarine losses. Checks that meet them say so (``Missing``).

Choices, written here and in the checks:

* A 9FF is nine naval factors of the Western Allies' fleet units (destroyers, CVEs, cruisers, named ships) in the SW
  box: the 9FFs of a box are its fleet factors divided by nine, rounded down (a ship reduced by other naval actions
  lowers the count through its factors).
* Of the escort's kills, the 9FFs' come first (step 8 counts "submarines eliminated by 9FFs that escorted a
  Murmansk convoy"; the escort's ASW count among "all ASW allocated").
* Step 8's losses beyond the primary round's and the convoy battles' are recorded on the secondary round's
  ``subs_lost``; a turn with no submarine withheld may still record a secondary round with ``withheld=0`` and no
  BRPs to carry them. The turn's total is checked when its SW is over: at the secondary round, at the end of the
  Allied player turn or the game turn, or failing those at the next game turn's first SW event.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final, Literal

from awaw_events.vocab import CHART_TYPES

MurmanskSequencing = Literal["a3r", "best_of_awaw"]
"""Option ``sw.murmansk_box`` (A3R extract 1.2 #27)."""

SW_OPTION: Final = "sw.murmansk_box"
DEFAULT_SEQUENCING: Final[MurmanskSequencing] = "best_of_awaw"

SW_BOX_PREFIX: Final = "sw:"
"""SW boxes are locations ``sw:atlantic``, ``sw:pacific``, ``sw:indian_ocean``."""

MURMANSK_BOX: Final = "box:murmansk"
"""The Murmansk box, where German submarines wait for Murmansk convoys (App. L)."""

MURMANSK_SW_BOX: Final = "atlantic"
"""The SW box the withheld Murmansk submarines join for the secondary round (App. L step 7)."""

FACTORS_PER_NINE_FF: Final = 9
"""A 9FF is nine naval factors (A3R)."""

SUBMARINE: Final = "submarine"
ASW: Final = "asw"
FLEET_TYPES: Final[frozenset[str]] = frozenset(CHART_TYPES)
"""Naval units whose factors make up 9FFs (see the choices above)."""

MAX_SECONDARY_TAKE_PER_SUB: Final = 1
"""Each withheld Murmansk submarine takes at most 1 BRP in the secondary round (App. L step 7)."""

SAME_TURN_PHASES: Final[frozenset[str]] = frozenset({"setup", "year_start"})
"""Allocations made at set-up or in the year start sequence fight in the game turn that follows at once (the Spring
turn of that year; App. L step 2 example); all others in the next game turn."""

SW_TABLE_MISSING: Final = (
    "the BRPs a primary SW round takes come from the A3R SW table (42.46x), which is not in the rule texts: "
    "brps_taken taken as recorded"
)
CONVOY_TABLE_MISSING: Final = (
    "a Murmansk convoy's BRP losses come from A3R 37.6, which is not in the rule texts: brps_lost taken as recorded"
)
A3R_LOSSES_MISSING: Final = (
    "regular A3R's submarine losses for a turn (A3R 42.46x) are not in the rule texts: subs_lost taken as recorded"
)


def sw_box_location(box: str) -> str:
    """The location of an SW box (``atlantic`` -> ``sw:atlantic``); the Murmansk box is ``box:murmansk``."""
    return MURMANSK_BOX if box == "murmansk" else f"{SW_BOX_PREFIX}{box}"


def is_sw_location(location: str) -> bool:
    """An SW box or the Murmansk box: where allocations go (App. L step 1)."""
    return location.startswith(SW_BOX_PREFIX) or location == MURMANSK_BOX


def fights_from(turn: int, phase: str | None) -> int:
    """The first game turn in which a unit allocated at ``turn`` (a game turn index) in ``phase`` fights: the next
    one, or this one for set-up and year start allocations (App. L step 2)."""
    return turn if phase in SAME_TURN_PHASES else turn + 1


def nine_ffs(fleet_factors: int) -> int:
    """9FFs in fleet factors: one per nine, rounded down."""
    return max(0, fleet_factors) // FACTORS_PER_NINE_FF


def sw_ratio(submarines: int, killers: int) -> Fraction | None:
    """The SW ratio, submarines to killers (App. L step 3; ``None`` when there are no killers)."""
    return Fraction(submarines, killers) if killers else None


def parse_ratio(text: str) -> Fraction | None:
    """A claimed ratio ``7:6`` or ``1.5:1`` as a number (``None`` for a zero right side)."""
    left, right = text.split(":")
    denominator = Fraction(right)
    return Fraction(left) / denominator if denominator else None


def ratio_words(ratio: Fraction | None) -> str:
    """A ratio as players write it: ``7:6``, ``3:2``; ``no killers`` for none."""
    if ratio is None:
        return "no killers"
    return f"{ratio.numerator}:{ratio.denominator}"


def primary_kills(submarines: int, killers: int) -> int:
    """Each SW-box 9FF and ASW eliminates one SW-box submarine (App. L step 5)."""
    return min(submarines, killers)


def convoy_kills(attacking: int, escort_nine_ffs: int, escort_asw: int) -> int:
    """The escort's 9FFs and ASW eliminate attacking submarines one for one (App. L step 6)."""
    return min(attacking, escort_nine_ffs + escort_asw)


def convoy_nine_ff_kills(attacking: int, escort_nine_ffs: int) -> int:
    """The submarines the escort's 9FFs sank (counted first; App. L step 8)."""
    return min(attacking, escort_nine_ffs)


def secondary_max_take(withheld: int) -> int:
    """The most BRPs a secondary round takes: 1 per withheld submarine (App. L step 7)."""
    return withheld * MAX_SECONDARY_TAKE_PER_SUB


def turn_sub_losses(*, deployed: int, sw_nine_ffs: int, asw_allocated: int, convoy_nine_ff_kills: int) -> int:
    """A turn's submarine losses (App. L step 8): the SW-box 9FFs not reduced below 9 FF, every ASW allocated that
    turn wherever it was, and the submarines convoy escorts' 9FFs sank, at most the submarines deployed."""
    return min(deployed, sw_nine_ffs + asw_allocated + convoy_nine_ff_kills)


def sr_usat_brps(secondary_last_turn: int, naval_sw_this_turn: int) -> int:
    """The BRPs that turn N's Western Allied SR reductions and USAT points use: the secondary round's take of turn
    N-1 plus the naval SW take of turn N (App. L, T-L2: 2 + 12 = 14)."""
    return secondary_last_turn + naval_sw_this_turn
