"""Ground movement (AWAW 13.1-13.4, 10.1-10.3, 10.6, 10.9; A3R intro): movement factors, the cost of each step, the
hexsides no ground unit crosses, zones of control, and when units move and may be voluntarily eliminated.

Sources: 10-16 extract 1.1 (movement factors), 1.2 (costs), 1.3 (ZoCs), checklist 2.1 and 2.5 (AUD-10-01, AUD-10-06 to
10-09, AUD-13-01 to 13-09), worked examples 6.1 (EX-01, EX-02); A3R extract table 1.2 (options 18-20) and C-MOV-1.
Geometry (adjacency) is :mod:`projections.rules.geometry`; what a hex or hexside is (terrain, rivers, water,
countries), map data (:mod:`projections.rules.mapdata`): a fact the map data does not give is unknown here, never
guessed, and the functions below say so by returning ``None``.

Choices where the texts are open (each beside its rule below):

* Armor's printed MF is the counter's (``unit_placed.movement``); airborne, marines, SNLF, commandos and partisans
  move their printed MF too (the extract cannot read their counters, 1.1 [UNSURE]); unknown when not recorded.
* Every infantry unit has 3 MF in Europe and 2 in the Pacific (10.11, 13.41F, table 1.1), whatever its counter.
* A hex of terrain ``lake`` or ``sea`` has only all-water hexsides: ground movement into it is prohibited (13.43A);
  sea transport (21.43) is not ground movement.
* Partisans count as non-specialized ground units for stacking (12.11A says "ground units"; 1.4 [UNSURE]).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import POWERS, SIDE_OF_POWER, Theater, powers_of
from projections.rules.mapdata import HexFacts, HexsideFacts

# ---------------------------------------------------------------------------------------------------------------------
# Who moves a unit (13.4; A3R intro, sop.variant f)

Mover = Literal["owner", "ally", "other"]
"""Who moves a unit: its owner; a power of the owner's side where the rules leave open which power plays the unit;
any other power."""

CONTROL_OPEN_RULE: Final = "A3R intro (sop.variant f); 13.4"
"""Where the rules leave open which power of a side plays a unit: a minor country's units, or units of a nationality
that is not their owner's. Choice: another power of the same side moving such a unit is a finding (the players'
arrangement decides), not a refusal; a power of the other side never moves it."""


def who_moves(*, owner: str, nationality: str, actor: str) -> Mover:
    """Who ``actor`` is to a unit of ``owner`` and ``nationality`` (13.4: a power moves its own units). An actor that
    is not a major power (``system``, an umpire's record) is taken as the owner: there is no one to check."""
    if actor == owner:
        return "owner"
    if actor not in POWERS:  # a faction or side moves the units of its powers; system or a referee is not checked
        group = powers_of(actor)
        return "other" if group and owner not in group else "owner"
    side = SIDE_OF_POWER.get(owner)
    if nationality != owner and side is not None and side == SIDE_OF_POWER.get(actor):
        return "ally"
    return "other"


MAP_PREFIXES: Final = ("EUR:", "PAC:")
"""Locations on a mapboard (a hex of the European or the Pacific map); anything else is a box, a chart or a pool."""

BOX_PREFIX: Final = "box:"
"""A mapboard box (13.44; rule 5)."""

MOVABLE_PREFIXES: Final = (*MAP_PREFIXES, BOX_PREFIX)
"""Where a unit that moves can stand: a hex or a mapboard box (a pool, a chart or an SW box is not on the board)."""

# ---------------------------------------------------------------------------------------------------------------
# Movement factors (10.11, 10.12, 10.22, 10.32, 10.6, 10.92, 13.41F; extract 1.1)
# ---------------------------------------------------------------------------------------------------------------

INFANTRY_MF: Final[dict[Theater, int]] = {"europe": 3, "pacific": 2}
"""Infantry: 3 MF in Europe, 2 in the Pacific, not slowed by limited supply or army oil effects (10.11, 13.41F)."""

MECH_INFANTRY_MF: Final[dict[Theater, int]] = {"europe": 4, "pacific": 2}
"""Western Allied mechanized infantry: 4 in Europe; plain infantry in the Pacific (10.12, 13.41F)."""

NEGATED_MF: Final[dict[Theater, int]] = {"europe": 3, "pacific": 2}
"""Armor and mechanized infantry whose mechanized part is negated (partial supply, army oil effects, Pacific rough
terrain, weather) or that are partially supplied move as infantry: 3 in Europe, 2 in the Pacific (10.32, 13.41F)."""

FIXED_MF: Final[dict[str, int]] = {"replacement": 1, "flak": 1, "chindit": 2}
"""Replacements 1 (10.22), flak 1 (10.92), the 1-2 Chindit 2 (10.6, 10.65A)."""

PRINTED_MF_TYPES: Final[frozenset[str]] = frozenset({"armor", "airborne", "marine", "snlf", "commando", "partisan"})
"""Types that move their printed MF (armor 10.31; the rest as printed, extract 1.1 [UNSURE])."""

MECHANIZED_TYPES: Final[frozenset[str]] = frozenset({"armor", "mech_infantry"})
"""Units with a mechanized part that supply, oil, terrain and weather can negate (10.12, 10.32)."""

UNSUPPLIED_MF: Final = 0
"""Out-of-supply ground units may not move (13.41A, 30.531)."""


class Allowance(msgspec.Struct, frozen=True):
    """A ground unit's movement factor for this phase: ``mf`` (None when the log does not give what it depends on,
    ``why`` says what), the rule, and whether its mechanized part works (armor, mechanized infantry)."""

    mf: int | None
    rule: str
    why: str
    mechanized: bool = False


@functools.cache
def allowance(
    unit_type: str,
    theater: Theater,
    printed: int | None,
    partial_supply: bool = False,
    army_oil: bool = False,
) -> Allowance:
    """The movement factor of a ground unit by type, theater and status (extract 1.1; AUD-10-01, AUD-10-06).

    ``partial_supply``: the unit was partially (limited) supplied at this player turn's initial determination;
    ``army_oil``: its faction accepted the army oil effect this player turn and nothing exempts the unit (33.61C:
    Japanese armor in Japan; 16.61: armor that exploited last turn). Neither slows infantry (10.11)."""
    where = "Europe" if theater == "europe" else "the Pacific"
    if unit_type in FIXED_MF:
        return Allowance(FIXED_MF[unit_type], "10.22, 10.6, 10.92", f"{unit_type} moves {FIXED_MF[unit_type]} MF")
    if unit_type == "infantry":
        return Allowance(INFANTRY_MF[theater], "10.11, 13.41F", f"infantry in {where} moves {INFANTRY_MF[theater]}")
    slowed = partial_supply or army_oil
    cause = "partial supply" if partial_supply else "the army oil effect"
    if unit_type == "mech_infantry":
        if theater == "pacific":
            return Allowance(
                MECH_INFANTRY_MF[theater], "10.12, 13.41F", "mechanized infantry in the Pacific is infantry"
            )
        if slowed:
            return Allowance(NEGATED_MF[theater], "10.12, 13.41F", f"mechanized infantry under {cause} moves 3")
        return Allowance(MECH_INFANTRY_MF[theater], "10.12", "mechanized infantry in Europe moves 4", mechanized=True)
    if unit_type == "armor" and slowed:
        mf = NEGATED_MF[theater]
        return Allowance(mf, "10.32, 13.41F", f"armor under {cause} acts as infantry: {mf} MF in {where}")
    if unit_type in PRINTED_MF_TYPES:
        if printed is None:
            return Allowance(
                None, "10.31", f"the printed MF of the {unit_type} unit is not recorded (unit_placed.movement)"
            )
        mechanized = unit_type == "armor"
        return Allowance(printed, "10.31" if mechanized else "10.4", f"printed MF {printed}", mechanized=mechanized)
    return Allowance(None, "13.41", f"no movement factor for {unit_type} units (not a ground unit)")


def infantry_allowance(theater: Theater) -> int:
    """The allowance armor falls to where its mechanized part is negated (10.32, 10.33)."""
    return NEGATED_MF[theater]


# ---------------------------------------------------------------------------------------------------------------
# The cost of entering a hex (13.41B-E, 13.44, 13.56, 10.63; A3R terrain.rough; extract 1.2)
# ---------------------------------------------------------------------------------------------------------------

ENTER_COST: Final = 1
"""Entering a clear hex costs 1 MF (13.41B); off-board hexes count as clear (13.44)."""

ROUGH_TERRAIN: Final[frozenset[str]] = frozenset({"forest", "jungle", "mountain", "jungle_mountain", "swamp"})
"""Rough terrain: +1 MF to enter (13.41C)."""

ROUGH_EXTRA: Final = 1
"""The extra MF to enter rough terrain (13.41C)."""

JUNGLE_MOVERS: Final = "Japanese ground units and the Chindit"
"""They enter jungle at no extra cost and pay the extra MF only for jungle/mountain (13.41C, 10.63)."""

A3R_ROUGH_TERRAIN: Final[frozenset[str]] = frozenset({"forest", "mountain", "swamp"})
"""A3R house option ``terrain.rough = awaw``: +1 MF to enter forest, mountain and swamp (A3R intro; C-MOV-1)."""

ROUGH_OPTION: Final = "terrain.rough"
HOUSE_ROUGH: Final = "awaw"

NO_GROUND_TERRAIN: Final[frozenset[str]] = frozenset({"lake", "sea"})
"""Hexes bounded by all-water hexsides: no ground movement into them (13.43A; a choice, see the module notes)."""

PACIFIC_NEGATING_TERRAIN: Final = ROUGH_TERRAIN
"""Armor entering these Pacific hexes loses its mechanized part (Japanese armor keeps it in jungle) (10.32)."""

ZOC_EXIT_COST: Final[dict[Theater, int]] = {"europe": 2, "pacific": 1}
"""Leaving a hex in a hostile armor ZoC, or moving from one such hex to another: +2 MF in Europe, +1 in the
Pacific (13.41D); entering one costs nothing more."""

SURPRISE_ZOC_EXIT_COST: Final = 1
"""First Axis player turn of a German attack on Russia with RGT below 40 at the attack: Russian armor not adjacent to
Axis-controlled hexes costs +1 to leave (10.344, 63.51F)."""

SURPRISE_RGT_BELOW: Final = 40
"""10.344 applies when RGT were below 40 when Germany attacked (63.51F)."""


def enter_cost(terrain: str | None, *, jungle_mover: bool, rules: str, rough_option: str) -> int | None:
    """MF to enter a hex of this terrain (13.41B-C, 10.63; A3R ``terrain.rough``), before ZoCs and overruns; None
    when the terrain is unknown or the rule set's cost is not in the extracts (A3R ``terrain.rough = a3r``)."""
    if terrain is None:
        return None
    if rules == "a3r":
        if rough_option != HOUSE_ROUGH:
            return None
        return ENTER_COST + (ROUGH_EXTRA if terrain in A3R_ROUGH_TERRAIN else 0)
    if terrain in ROUGH_TERRAIN and not (jungle_mover and terrain == "jungle"):
        return ENTER_COST + ROUGH_EXTRA
    return ENTER_COST


def is_jungle_mover(unit_type: str, nationality: str) -> bool:
    """Japanese ground units and the Chindit move through jungle as clear (13.41C, 10.63)."""
    return unit_type == "chindit" or nationality == "japan"


def negates_mechanized(terrain: str | None, *, theater: Theater, japanese: bool) -> bool | None:
    """Whether armor standing in this hex has its mechanized part negated by the terrain (10.32): Pacific rough
    terrain (Japanese armor keeps it in jungle). None when the Pacific terrain is unknown."""
    if theater == "europe":
        return False
    if terrain is None:
        return None
    return terrain in PACIFIC_NEGATING_TERRAIN and not (japanese and terrain == "jungle")


# ---------------------------------------------------------------------------------------------------------------
# Hexsides no ground unit crosses (13.43; A3R terrain.chott_el_jerid_winter)
# ---------------------------------------------------------------------------------------------------------------

IMPASSABLE_FEATURES: Final[dict[str, str]] = {
    "qattara": "13.43B (all-Qattara depression hexside)",
    "himalaya": "13.43C (all-Himalaya hexside)",
    "outback": "13.43D (all-outback hexside)",
}
CHOTT_OPTION: Final = "terrain.chott_el_jerid_winter"
CHOTT_RULE: Final = "A3R intro (Chott el Jerid hexsides are impassable in Winter)"


def crossing_ban(side: HexsideFacts | None, into: HexFacts | None, *, winter: bool, chott_closed: bool) -> str | None:
    """Why ground movement may not cross this hexside into this hex (the rule), or None if nothing the map data
    says forbids it (13.43A-D; A3R Chott el Jerid in Winter when ``chott_closed``; C-MOV-1)."""
    if side is not None:
        if side.all_water is not None and not side.crossing_arrow:
            return f"13.43A (all-{side.all_water} hexside without a crossing arrow)"
        if side.feature in IMPASSABLE_FEATURES:
            return IMPASSABLE_FEATURES[side.feature]
        if side.feature == "chott_el_jerid" and winter and chott_closed:
            return CHOTT_RULE
    if into is not None and into.terrain in NO_GROUND_TERRAIN:
        return f"13.43A (a {into.terrain} hex: all its hexsides are all-water)"
    return None


# ---------------------------------------------------------------------------------------------------------------
# Zones of control: what leaving one costs (13.41D, 10.344). Where a ZoC reaches is projections.rules.zoc's.
# ---------------------------------------------------------------------------------------------------------------


def zoc_exit_cost(theater: Theater, *, surprise_reduced: bool) -> int:
    """The extra MF to leave a hex in a hostile armor ZoC (13.41D), or 1 under the Russian surprise (10.344)."""
    return SURPRISE_ZOC_EXIT_COST if surprise_reduced else ZOC_EXIT_COST[theater]


def russian_surprise(rgt_when_attacked: int | None) -> bool | None:
    """Whether 10.344 applies in the first Axis player turn of a German attack on Russia (RGT below 40 when Germany
    attacked, 63.51F); None when the RGT was not recorded."""
    if rgt_when_attacked is None:
        return None
    return rgt_when_attacked < SURPRISE_RGT_BELOW


# ---------------------------------------------------------------------------------------------------------------
# Order of movement, and voluntary elimination (13.11, 13.21-13.22, 13.33, 30.42)
# ---------------------------------------------------------------------------------------------------------------

MOVE_PHASES: Final[frozenset[str]] = frozenset({"movement", "exploitation"})
"""Ground units move in the movement phase and, if exploiting, in exploitation (13.4, 16.3)."""

RETREAT_PHASE: Final = "attrition"
"""The one phase in which the other side's ground units move: retreats after attrition occupation (14.7)."""

VOLUNTARY_PHASES: Final[frozenset[str]] = frozenset({"sw", "movement", "redeployment", "end_of_player_turn"})
"""Voluntary eliminations: immediately before the owner's movement phase (the phase before it, or the movement phase
before any of its units moves) and at the end of its redeployment phase (13.21, 28.91). A choice: "immediately
before" is read as the SW phase or the start of the movement phase."""

VOLUNTARY_NAVAL_RULE: Final = "13.22C"
"""Launched naval units may not be voluntarily eliminated (13.22C); airbase counters are not units here (13.22D)."""

VOLUNTARY_CAUSE: Final = "voluntary"
"""The cause a voluntary elimination records (``unit_eliminated.cause``, ``counter_removed.cause``; 13.21, 13.22D)."""

ACTIVE_MINOR_STATUSES: Final[frozenset[str]] = frozenset({"associated", "activated", "allied", "vichy_activated"})
"""Statuses after which a minor country's units may be voluntarily eliminated (13.22B)."""

VICHY_BEFORE_ACTIVATION: Final[frozenset[str]] = frozenset({"neutral", "vichy_established"})
"""Statuses of Vichy France (``vichy``, or France's) before its activation or association (13.22B)."""


def vichy_active(statuses: Mapping[str, str]) -> bool | None:
    """Whether Vichy France is activated or associated (13.22B: "Minor country units, including Vichy French units,
    may not be voluntarily eliminated prior to activation or association"), from the statuses of ``vichy`` and
    ``france``; None when neither says (the log does not record Vichy's status)."""
    vichy, france = statuses.get("vichy"), statuses.get("france")
    if vichy in ACTIVE_MINOR_STATUSES or france == "vichy_activated":
        return True
    if vichy in VICHY_BEFORE_ACTIVATION or france == "vichy_established":
        return False
    return None


# ---------------------------------------------------------------------------------------------------------------
# The cost of a move, step by step (13.41, 13.411, 10.33; AUD-13-05, AUD-10-07)
# ---------------------------------------------------------------------------------------------------------------


class Step(msgspec.Struct, frozen=True):
    """One hex entered: what it costs (terrain, ZoC to leave the hex before it, overrun), and what is unknown."""

    hex: str
    terrain: int | None
    zoc: int = 0
    zoc_unknown: tuple[str, str] | None = None
    """The hex and the fact that would decide a ZoC surcharge the map data leaves open."""
    overrun: int = 0
    negated: bool | None = False
    """The unit's mechanized part is negated in this hex (armor in Pacific rough terrain, 10.32)."""


class Costed(msgspec.Struct, frozen=True):
    """A move's cost: the least it certainly costs, and the facts that may add to it (first one named)."""

    least: int
    unknown: tuple[tuple[str, str], ...]
    """Each (hex, fact) the map data does not give that could add to the cost."""
    stop_at: int | None = None
    """The index of a step after which armor had to stop (10.33), if a later step follows."""


def cost_of(steps: Iterable[Step], *, spent_before: int, infantry_mf: int | None) -> Costed:
    """The cost of a move (13.41B-E): each step's terrain (unknown terrain counts 1, the least it can cost), the ZoC
    surcharge for leaving the hex before it, and the overrun surcharge. With ``infantry_mf`` (armor only), the step
    after which armor standing where its mechanized part is negated has used its whole infantry allowance and must
    stop (10.33, EX-01, EX-02)."""
    least = 0
    unknown: list[tuple[str, str]] = []
    stop_at: int | None = None
    listed = list(steps)
    for i, s in enumerate(listed):
        if s.terrain is None:
            least += ENTER_COST
            unknown.append((s.hex, "terrain"))
        else:
            least += s.terrain
        least += s.zoc + s.overrun
        if s.zoc_unknown is not None:
            unknown.append(s.zoc_unknown)
        if (
            infantry_mf is not None
            and s.negated
            and spent_before + least >= infantry_mf
            and i < len(listed) - 1
            and stop_at is None
        ):
            stop_at = i
    return Costed(least, tuple(unknown), stop_at)


def min_one_hex(*, hexes_this_phase: int, overrun: bool, supplied: bool) -> bool:
    """A supplied ground unit may always move one hex, whatever it costs, but not to overrun (13.411; A3R
    ``move.min_one_hex``)."""
    return supplied and hexes_this_phase == 1 and not overrun


MIN_ONE_HEX_OPTION: Final = "move.min_one_hex"
