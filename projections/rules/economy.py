"""A3R "Best of AWAW" economy house rules: BRP prorating and timing (35.7), deficit spending, grant ordering.

Sources: A3R extract 1.2 (options 3 ``econ.brp_prorating``, 4 ``econ.deficit_spending``, 4a
``econ.deficit_limits_scope``, 4b ``econ.deficit_base_reduction``), 2.1 (App. B 35.7), 3.3 (checks C-BRP-1..11) and
5.3 (the BRP ledger per-turn algorithm); seed ``a3r-house-rules-best-of-awaw-2007.txt`` (intro, App. B).

The option values are the strings of ``awaw_events.options.A3R_OPTIONS``. BRPs are ints; prorating rounds down.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

import msgspec

from awaw_events.events.economy import ChangeCause
from awaw_events.options import (
    BRP_PRORATING,
    DEFICIT_BASE_REDUCTION,
    DEFICIT_LIMITS_SCOPE,
    DEFICIT_SPENDING,
    PRORATE_NEGATIVE_ROUNDING,
)
from awaw_events.vocab import SEASONS, Power, Season, Side
from projections.core import Meta
from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------
# Option values (A3R extract 1.2)
# ---------------------------------------------------------------------------------------------------------------

ProratingOption = Literal["a3r", "awaw_35_7"]
"""Option 3 ``econ.brp_prorating``: the package value ``awaw_35_7`` prorates gains and losses by season."""

DeficitOption = Literal["none", "option1_grant_matched", "option2_base_reduction"]
"""Option 4 ``econ.deficit_spending`` (needs mutual consent): none (A3R); Option 1, deficits up to the turn's
incoming grants; Option 2, Germany, Russia, Britain and the U.S. may overspend, uncovered deficits cut the base."""

DeficitLimitsScope = Literal["both_options", "option2_only"]
"""Option 4a ``econ.deficit_limits_scope`` [UNSURE]: do the 1939 ban and the base-minus-KEA cap bind both options
(default) or Option 2 only?"""

DeficitBaseReduction = Literal["one_for_one", "growth_rate_at_yss"]
"""Option 4b ``econ.deficit_base_reduction`` [UNSURE]: the uncovered deficit cuts the base one for one at the end of
the player turn (default), or AWAW-style at the YSS by deficit x growth rate, the rest off next year's BRPs."""

NegativeRounding = Literal["toward_zero", "floor"]
"""How a net loss is rounded (A3R extract 2.1 [UNSURE], Q4): ``toward_zero`` (default, the magnitude rounds down,
in the owner's favour) or ``floor`` (mathematical floor of the signed amount)."""

AlliedWinterConquest = Literal["yss", "next_spring"]
"""35.73A names only Axis winter conquests (credited at the YSS); Allied ones are not stated (A3R extract Q5).
Default ``yss``; ``next_spring`` credits them in the next Spring diplomatic phase at 100 %."""


def deficit_option(meta: Meta) -> DeficitOption:
    """The game's ``econ.deficit_spending`` (option 4; default ``none``)."""
    value = meta.option(DEFICIT_SPENDING, "none")
    if value == "option1_grant_matched":
        return "option1_grant_matched"
    return "option2_base_reduction" if value == "option2_base_reduction" else "none"


def deficit_limits_scope(meta: Meta) -> DeficitLimitsScope:
    """``econ.deficit_limits_scope`` (option 4a; default ``both_options``)."""
    return "option2_only" if meta.option(DEFICIT_LIMITS_SCOPE, "both_options") == "option2_only" else "both_options"


def deficit_base_reduction(meta: Meta) -> DeficitBaseReduction:
    """``econ.deficit_base_reduction`` (option 4b; default ``one_for_one``)."""
    value = meta.option(DEFICIT_BASE_REDUCTION, "one_for_one")
    return "growth_rate_at_yss" if value == "growth_rate_at_yss" else "one_for_one"


def prorating_option(meta: Meta) -> ProratingOption:
    """35.7 prorating applies to A3R games that record ``econ.brp_prorating = awaw_35_7`` (option 3)."""
    return "awaw_35_7" if meta.rules == "a3r" and meta.option(BRP_PRORATING, "a3r") == "awaw_35_7" else "a3r"


def negative_rounding(meta: Meta) -> NegativeRounding:
    """``econ.prorate_negative_rounding`` (A3R extract 2.1 [UNSURE], Q4; default ``toward_zero``)."""
    return "floor" if meta.option(PRORATE_NEGATIVE_ROUNDING, "toward_zero") == "floor" else "toward_zero"


# ---------------------------------------------------------------------------------------------------------------
# Prorating (35.71, 35.72; extract 2.1)
# ---------------------------------------------------------------------------------------------------------------

PRORATE_PERCENT: Final[dict[Season, int]] = {"spring": 100, "summer": 75, "fall": 50, "winter": 25}
"""BRP gains and losses are prorated by the season of the turn in which they are applied, rounded down (35.71)."""


def prorate(amount: int, season: Season, *, negative_rounding: NegativeRounding = "toward_zero") -> int:
    """A BRP gain or loss prorated by season, rounded down (35.71; T-B1: +20 in Summer -> +15, Winter -> +5)."""
    pct = PRORATE_PERCENT[season]
    if amount >= 0 or negative_rounding == "floor":
        return amount * pct // 100
    return -(-amount * pct // 100)


def prorate_batch(items: Iterable[int], season: Season, *, negative_rounding: NegativeRounding = "toward_zero") -> int:
    """Net a batch (one power's items of one diplomatic phase, or its losses at the end of one combat phase), then
    prorate once (35.72; T-B3: +15 and -5 in Summer -> net 10 -> +7, not 11 - 3 = 8)."""
    return prorate(sum(items), season, negative_rounding=negative_rounding)


def batch_findings(
    items: Iterable[int],
    season: Season,
    recorded: int,
    *,
    option: ProratingOption = "awaw_35_7",
    negative_rounding: NegativeRounding = "toward_zero",
) -> tuple[Breach, ...]:
    """A recorded batch amount equals the netted, prorated sum (35.71, 35.72; checks C-BRP-1, C-BRP-2). With the
    A3R option (no prorating) the batch applies its net unchanged."""
    values = list(items)
    expected = (
        prorate_batch(values, season, negative_rounding=negative_rounding) if option == "awaw_35_7" else sum(values)
    )
    if recorded != expected:
        return (
            Breach(
                "35.71-35.72",
                f"batch {values} in {season} ({PRORATE_PERCENT[season]} %) gives {expected}, recorded {recorded}",
            ),
        )
    return ()


# ---------------------------------------------------------------------------------------------------------------
# Timing (35.73; extract 2.1)
# ---------------------------------------------------------------------------------------------------------------

BatchPoint = Literal[
    "diplomatic_phase",
    "combat_phase_end",
    "yss",
    "allied_turn_start",
    "immediate",
]
"""Where a BRP change is applied (35.73; extract 2.1 and 5.3)."""

Whose = Literal["own", "opponent", "event", "capturing"]
"""Whose phase: the affected power's own, the opposing player's, the phase in which the event occurred, or the
capturing player's combat phase."""


class Timing(msgspec.Struct, frozen=True):
    """When a cause's BRP change is applied and whether it is prorated (35.73; extract 2.1)."""

    point: BatchPoint
    whose: Whose
    next_season: bool
    prorated: bool
    rule: str


CHANGE_TIMING: Final[dict[ChangeCause, Timing]] = {
    "conquest": Timing("diplomatic_phase", "own", True, True, "35.73A"),
    "minor_activation": Timing("diplomatic_phase", "event", False, True, "35.73B"),
    "association": Timing("diplomatic_phase", "event", False, True, "35.73B"),
    "economic_penetration": Timing("diplomatic_phase", "event", False, True, "35.73B"),
    "diplomatic_withdrawal": Timing("diplomatic_phase", "event", False, True, "35.73B"),
    "loss_of_conquest": Timing("combat_phase_end", "own", False, True, "35.73C (if not retaken)"),
    "loss_of_minor": Timing("combat_phase_end", "own", False, True, "35.73C"),
    "loss_of_colony": Timing("combat_phase_end", "own", False, True, "35.73C"),
    "kea_capture": Timing("combat_phase_end", "capturing", False, True, "35.73D (original owner's KEA)"),
    "ic_capture": Timing("combat_phase_end", "capturing", False, True, "35.73D (Russian-controlled IC)"),
    "free_french_colonies": Timing("allied_turn_start", "own", True, True, "58.531A"),
    "econ_interest_forfeit": Timing("immediate", "own", False, False, "App. E"),
    "other": Timing("immediate", "own", False, False, "-"),
}
"""Timing of each cause of BRP change (35.73A-D, 58.531A, App. E; extract 2.1). KEAs held by a non-original power and
Axis-held ICs count as conquests (35.73D): record them with cause ``conquest``/``loss_of_conquest``."""

BATCH_POINT_PHASES: Final[dict[BatchPoint, frozenset[str]]] = {
    "diplomatic_phase": frozenset({"diplomacy"}),
    "combat_phase_end": frozenset({"combat"}),
    "yss": frozenset({"year_start"}),
    "allied_turn_start": frozenset({"diplomacy", "research", "game_turn_start"}),
}
"""The phases in which each 35.73 batch point lies (A3R extract 2.1 and 5.3: the end of a diplomatic phase, the
end of a combat phase, the YSS, the start of the Allied player turn); ``immediate`` changes have no batch."""

NEXT_SEASON: Final[dict[Season, Season]] = {"spring": "summer", "summer": "fall", "fall": "winter", "winter": "spring"}


class ConquestCredit(msgspec.Struct, frozen=True):
    """When conquest BRPs arrive: the batch point, its season (``None`` at the YSS), and the amount applied."""

    point: BatchPoint
    season: Season | None
    next_year: bool
    applied: int


def conquest_credit(
    value: int,
    season_of_conquest: Season,
    conqueror_side: Side,
    *,
    allied_winter: AlliedWinterConquest = "yss",
    negative_rounding: NegativeRounding = "toward_zero",
) -> ConquestCredit:
    """Conquest BRPs (35.73A; check C-BRP-3; T-B2): a Spring/Summer/Fall conquest is credited at the end of the
    conqueror's diplomatic phase of the next season, prorated by that season; an Axis Winter conquest at the
    following YSS, unprorated (extract 2.1 [UNSURE]: YSS amounts are yearly)."""
    if season_of_conquest != "winter":
        due = NEXT_SEASON[season_of_conquest]
        return ConquestCredit("diplomatic_phase", due, False, prorate(value, due, negative_rounding=negative_rounding))
    if conqueror_side == "allied" and allied_winter == "next_spring":
        return ConquestCredit("diplomatic_phase", "spring", True, prorate(value, "spring"))
    return ConquestCredit("yss", None, True, value)


# ---------------------------------------------------------------------------------------------------------------
# Deficit spending (intro; extract 1.2 option 4, 3.3 C-BRP-7..11, 5.3)
# ---------------------------------------------------------------------------------------------------------------

DEFICIT_BANNED_YEARS: Final[frozenset[int]] = frozenset({1939})
"""Deficit spending is prohibited in 1939 (intro)."""

OPTION2_POWERS: Final[frozenset[Power]] = frozenset({"germany", "russia", "britain", "usa"})
"""Option 2: only Germany, Russia, Britain and the U.S. may spend beyond their available BRPs (intro)."""


def deficit_cap(base: int, uncontrolled_kea_values: Iterable[int] = ()) -> int:
    """The most a nation may be in deficit: its BRP base minus the BRP value of its uncontrolled key economic areas
    (intro; check C-BRP-9). Never below 0."""
    return max(0, base - sum(uncontrolled_kea_values))


def deficit_findings(
    power: Power,
    year: int,
    deficit: int,
    *,
    option: DeficitOption,
    base: int,
    uncontrolled_kea_values: Iterable[int] = (),
    grants_this_turn: int = 0,
    limits_scope: DeficitLimitsScope = "both_options",
    consent: bool = True,
) -> tuple[Breach, ...]:
    """Checks on a power's outstanding deficit (``deficit`` = BRPs spent beyond those available, > 0) (intro; checks
    C-OPT-2, C-BRP-7..11; T-B5, T-B6).

    Option 1: the deficit must be matched by the BRP grants the power receives this turn (judged by the end of the
    turn). Option 2: only Germany, Russia, Britain and the U.S.; any power may fall short of grants (the base pays).
    The 1939 ban and the base-minus-KEA cap bind both options unless ``limits_scope="option2_only"``.
    """
    if deficit <= 0:
        return ()
    found: list[Breach] = []
    if option == "none":
        return (Breach("intro", f"{power} spent {deficit} BRPs beyond those available; deficit spending is off"),)
    if not consent:
        found.append(Breach("intro", "deficit spending without the consent of all players"))
    limits = limits_scope == "both_options" or option == "option2_base_reduction"
    if limits and year in DEFICIT_BANNED_YEARS:
        found.append(Breach("intro", f"deficit spending by {power} in {year}"))
    cap = deficit_cap(base, uncontrolled_kea_values)
    if limits and deficit > cap:
        found.append(Breach("intro", f"{power} deficit {deficit} exceeds base minus uncontrolled KEAs ({cap})"))
    if option == "option1_grant_matched" and deficit > grants_this_turn:
        found.append(Breach("intro", f"{power} deficit {deficit} exceeds this turn's grants ({grants_this_turn})"))
    if option == "option2_base_reduction" and power not in OPTION2_POWERS:
        found.append(Breach("intro", f"{power} may not deficit spend under Option 2"))
    return tuple(found)


class GrantApplication(msgspec.Struct, frozen=True):
    """How a grant is applied (intro; extract 5.3 ``apply_grant``): first to the base-reducing deficit, then to other
    deficits, the rest to available BRPs."""

    to_base_reducing: int
    to_other: int
    to_available: int


def apply_grant(grant: int, *, base_reducing_deficit: int = 0, other_deficit: int = 0) -> GrantApplication:
    """Apply a received grant: base-reducing deficit first, then other deficits, then available (intro; C-BRP-11).

    "Other deficits" are not defined by the text; extract 5.3 reads them as negative balances from losses.
    """
    if min(grant, base_reducing_deficit, other_deficit) < 0:
        raise ValueError("grants and deficits are not negative")
    a = min(grant, base_reducing_deficit)
    b = min(grant - a, other_deficit)
    return GrantApplication(a, b, grant - a - b)


class DeficitSettlement(msgspec.Struct, frozen=True):
    """The end-of-player-turn settlement of an Option 2 deficit (intro; extract 5.3 step I)."""

    uncovered: int
    base_after: int
    available_after: int
    yss_base_cut: int
    yss_level_deduction: int


def settle_deficit(
    base: int,
    available: int,
    *,
    reduction: DeficitBaseReduction = "one_for_one",
    growth_rate_percent: int = 0,
) -> DeficitSettlement:
    """Settle a power's negative available BRPs at the end of its player turn under Option 2 (intro; 5.3 step I;
    T-B5: base 125, 2 uncovered -> base 123, available 0).

    ``one_for_one`` (default, extract Q2): the base falls by the uncovered deficit now and available is reset to 0.
    ``growth_rate_at_yss`` (AWAW 35 style [UNSURE]): the base is cut at the YSS by ``floor(uncovered x growth rate)``
    and the rest is deducted from next year's BRPs; nothing changes now except available is reset to 0.
    """
    uncovered = max(0, -available)
    if uncovered == 0:
        return DeficitSettlement(0, base, available, 0, 0)
    if reduction == "one_for_one":
        return DeficitSettlement(uncovered, base - uncovered, 0, 0, 0)
    cut = uncovered * growth_rate_percent // 100
    return DeficitSettlement(uncovered, base, 0, cut, uncovered - cut)


def option1_end_of_turn_findings(power: Power, available_at_end: int) -> tuple[Breach, ...]:
    """Option 1: by the end of the turn the grants must have covered the deficit, so available is back >= 0
    (intro; check C-BRP-10)."""
    if available_at_end < 0:
        return (Breach("intro", f"{power} ends the turn {-available_at_end} BRPs in deficit under Option 1"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# Offensive operations (A3R App. D 9.61-9.64, intro; option ``ops.offensives``)
# ---------------------------------------------------------------------------------------------------------------

FULL_OFFENSIVE_BRPS: Final[int] = 15
"""A major power's full offensive on a front: 15 BRPs (9.63; 27.12)."""

LIMITED_OFFENSIVE_MAX: Final[int] = 14
"""An alliance faction spends at most 14 BRPs of offensive operations on a front unless one of its major powers
runs a full offensive there (9.62); attrition needs less than 15 (9.61) and exploitation on an attrition front keeps
the total at 14 or less (9.64)."""


def offensive_front_breach(faction_total: int, *, full_offensive_paid: bool) -> Breach | None:
    """A faction's offensive BRPs on a front this turn (9.62; C-OFF-1): more than 14 needs a major power's full
    offensive there."""
    if faction_total > LIMITED_OFFENSIVE_MAX and not full_offensive_paid:
        return Breach("9.62", f"{faction_total} BRPs of offensives on a front without a full offensive (at most 14)")
    return None


def attrition_allowed(faction_total: int) -> bool:
    """An alliance faction may attrition on a front only if it spends less than 15 BRPs of offensive operations there
    that turn (9.61; C-OFF-2); exploitation on an attrition front keeps the total at 14 or less (9.64; C-OFF-3)."""
    return faction_total <= LIMITED_OFFENSIVE_MAX


def usat_offensive_modifier(axis_offensive_brps: int) -> int:
    """USAT +1 per 15 Axis BRPs of offensive operations in a turn, a remnant of 8 or more counting as 15 (intro,
    option ``diplo.usat_changes``; C-OFF-6; T-U1): floor((S + 7) / 15)."""
    if axis_offensive_brps < 0:
        raise ValueError(f"offensive BRPs are not negative, got {axis_offensive_brps!r}")
    return (axis_offensive_brps + 7) // FULL_OFFENSIVE_BRPS


USAT_OFFENSIVE_CAUSE: Final = "axis_offensives"
"""The ``tension_changed.cause`` of the USAT offensive-spending modifier (intro)."""

USAT_FULL_OFFENSIVES_CAUSE: Final = "axis_full_offensives"
"""The A3R modifier for Axis full offensives, which the house modifier replaces (intro; C-OFF-6)."""

RAIDING_FACTORS_PER_BRP: Final[int] = 3
"""Raiding with ships costs 1 BRP per 3 naval factors employed, rounded up (intro, option
``econ.naval_raiding_cost = one_brp_per_3ff``)."""


def raiding_cost(factors: int) -> int:
    """The BRP cost of raiding with ``factors`` naval factors (intro, option 28): ceil(factors / 3)."""
    return -(-factors // RAIDING_FACTORS_PER_BRP)


# ---------------------------------------------------------------------------------------------------------------
# Grant routes into Russia (intro; extract 2.13), Russian ICs (App. E, App. H), SW (App. L)
# ---------------------------------------------------------------------------------------------------------------

NORTHERN_ROUTE_SEASONS: Final[dict[str, frozenset[Season]]] = {
    "murmansk": frozenset({"spring", "summer", "fall", "winter"}),
    "archangel": frozenset({"summer", "fall"}),
}
"""Grants to Russia by the northern routes (option ``econ.northern_grant_routes = murmansk_archangel``): Murmansk all
year, Archangel in Summer and Fall only (intro; C-BRP-17). Both need a supply line A47/A50 -> Vologda -> east edge."""

IC_STEP: Final[int] = 5
"""Russian ICs: a new IC is worth 5 and grows by 5 at each later unit construction phase (App. E); each use as a
supply source costs the IC 5 and Russia 5 BRPs (37.711, 30.225E); a reduced IC regains 5 at a YSS if fully supplied
(C-BRP-13, C-BRP-14). The year's IC value (the cap of the growth) is not in the texts."""

IC_CAUSE_PHASES: Final[dict[str, frozenset[str]]] = {
    "built": frozenset({"unit_construction"}),
    "growth": frozenset({"unit_construction"}),
    "supply_use": frozenset({"initial_supply"}),
    "yss_regain": frozenset({"year_start"}),
}
"""When each kind of IC value change happens: built and grown in the unit construction phase (App. E), used as a
supply source at the initial supply determination (37.711), regained at the YSS (30.225E)."""


def ic_value_expected(cause: str, before: int | None) -> int | None:
    """The IC value after a change of ``cause`` from ``before`` (``None`` when the rules do not fix it): built 5;
    growth +5; supply use -5 (eliminated at 0); YSS regain +5 (capped by the year's value, not in the texts)."""
    if cause == "built":
        return IC_STEP
    if before is None:
        return None
    if cause in ("growth", "yss_regain"):
        return before + IC_STEP
    if cause == "supply_use":
        return max(0, before - IC_STEP)
    return None


SECONDARY_SW_BRPS_PER_SUB: Final[int] = 1
"""In the secondary SW round the withheld Murmansk submarines take at most 1 BRP each (App. L; C-BRP-18)."""

JETS_RESEARCH_MINIMUM: Final[int] = 13
"""Jets may be built only after a research result of 13 or more (17.54; A3R extract 2.5)."""


# ---------------------------------------------------------------------------------------------------------------
# When an accrued change is due (35.73A-D, 58.531A; checks C-BRP-3, C-BRP-4, C-BRP-6, C-BRP-15)
# ---------------------------------------------------------------------------------------------------------------


class Due(msgspec.Struct, frozen=True):
    """When an accrued BRP change must be applied: the game turn, the player turn's side (None: any), the point."""

    turn: int
    side: str | None
    point: BatchPoint


def batch_due(
    cause: ChangeCause,
    accrued_turn: int,
    accrued_side: str | None,
    *,
    allied_winter: AlliedWinterConquest = "yss",
) -> Due | None:
    """When an item accrued in game turn ``accrued_turn`` (player turn ``accrued_side``) is applied (35.73; extract
    2.1 and 5.3): a conquest at the end of the conqueror's diplomatic phase of the next season (an Axis Winter
    conquest at the YSS, 35.73A); minor-country changes at the end of the diplomatic phase in which they occur
    (35.73B); captured KEAs and Russian ICs at the end of the capturing player's combat phase (35.73D); Free French
    colonies at the start of the next Allied player turn (58.531A). ``None`` where the text fixes no turn (losses of
    conquests, minors and colonies wait for the owner's chance to retake them, 35.73C) or nothing is prorated."""
    timing = CHANGE_TIMING.get(cause)
    if timing is None or timing.point == "immediate":
        return None
    if cause == "conquest":
        season: Season = SEASONS[accrued_turn % 4]
        if season == "winter" and (accrued_side != "allied" or allied_winter == "yss"):
            return Due(accrued_turn + 1, None, "yss")
        return Due(accrued_turn + 1, accrued_side, "diplomatic_phase")
    if cause == "free_french_colonies":
        return Due(accrued_turn + 1 if accrued_side == "allied" else accrued_turn, "allied", "allied_turn_start")
    if timing.whose in ("event", "capturing"):
        return Due(accrued_turn, accrued_side, timing.point)
    return None


FRENCH_COLONY_AREAS: Final[frozenset[str]] = frozenset(
    {"lebanon_syria", "lebanon", "syria", "tunisia_algeria_morocco", "tunisia", "algeria", "morocco", "nw_africa"}
)
"""The French colonies of the two colony rolls (58.53: Lebanon-Syria; Tunisia-Algeria-Morocco), by the area names a
log may give them. If Vichy is not established the Axis do not gain the BRPs of colonies that would have become
Vichy (58.31B)."""


AREA_LOSS_CAUSES: Final[frozenset[str]] = frozenset({"loss_of_conquest", "loss_of_minor", "loss_of_colony"})
"""Losses of conquests, minors and colonies: debited at the end of the owner's next combat phase, and only if the
owner (or an allied major power) did not recapture the area by then (A3R 35.73C; C-BRP-5)."""
