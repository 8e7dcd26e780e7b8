"""Construction limits (27.3): the basic limit, reductions and increases, what feeds them (BRP losses by cause, KEAs,
grants, iron ore, V-weapons), what spending counts against the limit and who pays it (27.31, 27.7264).

Sources: 27-30 extract sections 1.4, 2.2 (L-01..L-12), 6.14 (DT-1..DT-4), 7 (open questions 4-6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal, cast

import msgspec

from awaw_events.events.economy import LossCause
from awaw_events.options import LIMIT_COUNTS_REPAIRS
from awaw_events.vocab import (
    FACTION_OF_POWER,
    POWERS,
    SIDE_OF_FACTION,
    Power,
)
from projections.core import Meta
from projections.rules.construction.costs import RuleBreach, Variant

# ---------------------------------------------------------------------------------------------------------------------
# 3. Construction limits (27.3)
# ---------------------------------------------------------------------------------------------------------------------

BASIC_LIMIT_DIVISOR: Final[int] = 3
"""Basic construction limit = BRP base / 3, rounded down (27.32A)."""

POOLED_LOSS_DIVISOR: Final[int] = 3
"""Transport shortage, bombing (incl. flying bombs), partisan and box-adjacency losses: -1 per 3 BRPs, totalled then
rounded down (27.331)."""

GRANT_DIVISOR: Final[int] = 3
"""Grants: donor -1 and recipient +1 per 3 BRPs granted, rounded down (27.334, 27.34A)."""

IRON_ORE_REDUCTION: Final[int] = 5
"""Germany's limit -5 while Swedish iron ore is cut off; not cumulative (27.332, 86.42)."""

TRANSPORT_SHORTAGE_POWERS: Final[frozenset[Power]] = frozenset({"britain", "japan"})
"""Only Britain and Japan suffer transport shortages (27.331A, 20.635)."""

COMMONWEALTH_PORTION: Final[int] = 40
"""The Commonwealth portion of the British BRP base, always counted for the British limit whatever KEAs in
Britain are lost, unless Australia or India has surrendered (27.335)."""

MapboardBox = Literal["australia", "india", "urals"]

BOX_REDUCTION_CAP: Final[Mapping[MapboardBox, int]] = {"australia": 3, "india": 3, "urals": 15}
"""Caps per turn on limit reductions from bombing + rockets + adjacent Axis units at a box, all causes together
(27.331B, 27.331D, 27.333 last paragraph)."""

BOX_LIMIT_OWNER: Final[Mapping[MapboardBox, Power]] = {
    "australia": "britain",
    "india": "britain",
    "urals": "russia",
}
"""Major power whose limit a box's losses reduce (27.331B/D, 27.333): Australia and India -> Britain (and their own
location limits), Urals -> Russia."""

ECON_PREP_POWERS: Final[frozenset[Power]] = frozenset({"germany", "britain", "russia", "japan", "china"})
"""Powers whose limits depend on GS (Germany, Britain, Russia) or SOA (Japan, China) econ-prep research (27.336)."""

ECON_PREP_MODIFIER: Final[Mapping[int, int]] = {0: -3, 1: -2, 2: -1, 3: 0, 4: 1, 5: 2, 6: 3}
"""Limit modifier by levels of economic preparation research: 0/1/2 -> -3/-2/-1 (27.336), 4/5/6 -> +1/+2/+3
(27.34C). Neither applies in classic AWAW."""

GRANT_PARTNERS_NOT_RAISING_BRITISH_LIMIT: Final[frozenset[str]] = frozenset(
    {"canada", "south_africa", "australia", "india"}
)
"""American grants to these do not raise the British limit (27.34A, 40.244)."""

BoxLossRatio = Literal["pooled", "one_to_one"]
"""How bombing and adjacency losses at a box reduce limits (open question 5). ``pooled`` (default, the 27.331
wording "for every three BRPs lost because of ... bombing ... and Axis units adjacent to mapboard boxes"): they join
the pooled total divided by 3; rockets stay 1:1 (27.333). ``one_to_one``: every BRP lost at a box is -1, up to the
cap."""

NegativeLimit = Literal["allow_then_add", "clamp_before_increases"]
"""Whether basic - reductions may go below 0 before the increases are added (open question 6). The extract's formula
adds increases to the unclamped value (``allow_then_add``, default); the final limit is never below 0."""


class EnemyHeldKea(msgspec.Struct, frozen=True):
    """A key economic area originally controlled by the power and now under enemy control (27.335)."""

    value: int
    bombing_loss_when_captured: int = 0
    """BRPs lost to bombing of this KEA in the turn it was captured: deducted from its value first (27.335)."""


class BoxLosses(msgspec.Struct, frozen=True):
    """BRPs lost this turn at a mapboard box (27.331B, 27.331D, 27.333)."""

    box: MapboardBox
    bombing: int = 0
    rockets: int = 0
    adjacency: int = 0


class LimitInput(msgspec.Struct, frozen=True):
    """Everything the construction limit of one power in one turn depends on (27.32-27.34).

    ``grants_received`` must exclude grants that do not raise this limit (e.g. U.S. grants to Canada, South Africa,
    Australia or India for Britain, 40.244; see :func:`grant_raises_limit_of`).
    """

    power: Power
    brp_base: int
    russian_ic_value: int = 0
    enemy_held_keas: tuple[EnemyHeldKea, ...] = ()
    commonwealth_portion: int = COMMONWEALTH_PORTION
    transport_shortage_losses: int = 0
    bombing_losses: int = 0
    partisan_losses: int = 0
    box_adjacency_losses: int = 0
    rocket_losses: int = 0
    box_losses: tuple[BoxLosses, ...] = ()
    iron_ore_cut: bool = False
    grants_given: int = 0
    grants_received: int = 0
    vweapon_bonus: int = 0
    """Germany: BRPs lost by Britain or Russia to German flying bombs and rockets this turn (27.34B)."""
    econ_prep_levels: int | None = None
    variant: Variant = "classic"


class LimitBreakdown(msgspec.Struct, frozen=True):
    """The construction limit and how it was reached (27-30 extract 1.4 [DESIGN] formula)."""

    adj_base: int
    basic: int
    pooled_losses: int
    pooled_reduction: int
    rocket_reduction: int
    box_reduction: int
    iron_ore_reduction: int
    grant_reduction: int
    econ_prep_reduction: int
    reductions: int
    grant_increase: int
    vweapon_increase: int
    econ_prep_increase: int
    increases: int
    limit: int


def _box_reduction(box: BoxLosses, ratio: BoxLossRatio, other_pooled: int) -> tuple[int, int]:
    """(capped limit reduction from one box, pooled BRPs it adds) for 27.331B/D and 27.333."""
    pooled = box.bombing + box.adjacency
    if ratio == "pooled":
        share = (other_pooled + pooled) // POOLED_LOSS_DIVISOR - other_pooled // POOLED_LOSS_DIVISOR
        raw = share + box.rockets
    else:
        raw = pooled + box.rockets
    return min(BOX_REDUCTION_CAP[box.box], raw), pooled


def adjusted_base(
    power: Power,
    brp_base: int,
    *,
    russian_ic_value: int = 0,
    enemy_held_keas: Sequence[EnemyHeldKea] = (),
    commonwealth_portion: int = COMMONWEALTH_PORTION,
) -> int:
    """BRP base used for the basic limit (27.32A, 27.335): + Russian IC values; - values of the power's original
    KEAs now enemy-held, net of bombing in the capture turn; Britain never below its Commonwealth portion through
    KEA losses (27.335: the portion "is always included")."""
    if brp_base < 0:
        raise ValueError(f"BRP base must be >= 0, got {brp_base!r}")
    base = brp_base + (russian_ic_value if power == "russia" else 0)
    kea = sum(max(0, k.value - k.bombing_loss_when_captured) for k in enemy_held_keas)
    if power == "britain":
        kea = min(kea, max(0, base - commonwealth_portion))
    return max(0, base - kea)


def econ_prep_modifier(power: Power, levels: int | None, variant: Variant) -> int:
    """Limit modifier for GS/SOA economic preparation research (27.336, 27.34C); 0 in classic AWAW or when no level
    is recorded, and for powers the rule does not name."""
    if variant == "classic" or levels is None or power not in ECON_PREP_POWERS:
        return 0
    if levels < 0:
        raise ValueError(f"econ-prep levels must be >= 0, got {levels!r}")
    return ECON_PREP_MODIFIER[min(levels, max(ECON_PREP_MODIFIER))]


def construction_limit(
    data: LimitInput,
    *,
    box_loss_ratio: BoxLossRatio = "pooled",
    negative_limit: NegativeLimit = "allow_then_add",
) -> LimitBreakdown:
    """A power's construction limit for a turn, with its parts (27.32-27.34, 27.335, 27.336, 27.34C).

    * basic = floor(adjusted base / 3) (27.32A, 27.335);
    * reductions: floor((transport shortage + bombing + partisans + box adjacency) / 3) (27.331); rockets 1:1
      (27.333); box losses capped at Australia 3 / India 3 / Urals 15 per turn from all causes (27.333);
      iron ore 5 (27.332); floor(grants given / 3) (27.334); econ prep 0-2 levels (27.336, not classic);
    * increases, after all reductions (27.34A): floor(grants received / 3); German V-weapon bonus (27.34B); econ
      prep 4-6 levels (27.34C, not classic).
    """
    if data.iron_ore_cut and data.power != "germany":
        raise ValueError("iron ore reduction applies to Germany only (27.332)")
    if data.vweapon_bonus and data.power != "germany":
        raise ValueError("the V-weapon increase applies to Germany only (27.34B)")
    adj = adjusted_base(
        data.power,
        data.brp_base,
        russian_ic_value=data.russian_ic_value,
        enemy_held_keas=data.enemy_held_keas,
        commonwealth_portion=data.commonwealth_portion,
    )
    basic = adj // BASIC_LIMIT_DIVISOR
    other_pooled = (
        data.transport_shortage_losses + data.bombing_losses + data.partisan_losses + data.box_adjacency_losses
    )
    box_red = 0
    box_pooled = 0
    for box in data.box_losses:
        if BOX_LIMIT_OWNER[box.box] != data.power:
            raise ValueError(f"losses at the {box.box} box do not reduce the {data.power} limit")
        red, pooled = _box_reduction(box, box_loss_ratio, other_pooled + box_pooled)
        box_red += red
        box_pooled += pooled
    pooled_red = other_pooled // POOLED_LOSS_DIVISOR
    iron = IRON_ORE_REDUCTION if data.iron_ore_cut else 0
    grant_red = data.grants_given // GRANT_DIVISOR
    prep = econ_prep_modifier(data.power, data.econ_prep_levels, data.variant)
    prep_red = -prep if prep < 0 else 0
    prep_inc = prep if prep > 0 else 0
    reductions = pooled_red + data.rocket_losses + box_red + iron + grant_red + prep_red
    grant_inc = data.grants_received // GRANT_DIVISOR
    increases = grant_inc + data.vweapon_bonus + prep_inc
    after_reductions = basic - reductions
    if negative_limit == "clamp_before_increases":
        after_reductions = max(0, after_reductions)
    return LimitBreakdown(
        adj_base=adj,
        basic=basic,
        pooled_losses=other_pooled + box_pooled,
        pooled_reduction=pooled_red,
        rocket_reduction=data.rocket_losses,
        box_reduction=box_red,
        iron_ore_reduction=iron,
        grant_reduction=grant_red,
        econ_prep_reduction=prep_red,
        reductions=reductions,
        grant_increase=grant_inc,
        vweapon_increase=data.vweapon_bonus,
        econ_prep_increase=prep_inc,
        increases=increases,
        limit=max(0, after_reductions + increases),
    )


def grant_limit_effect(amount: int) -> int:
    """Limit change from a grant of ``amount`` BRPs: donor -n, recipient +n, n = floor(amount / 3) (27.334, 27.34A)."""
    if amount < 0:
        raise ValueError(f"grant must be >= 0, got {amount!r}")
    return amount // GRANT_DIVISOR


_POWER_BY_NAME: Final[Mapping[str, Power]] = {p: p for p in POWERS}


def grant_raises_limit_of(donor: Power, recipient: str) -> Power | None:
    """The major power whose limit a grant raises: the recipient if it is a major power; ``None`` for grants to
    Canada, South Africa, Australia or India (they do not raise the British limit, 27.34A, 40.244) or to other
    minors."""
    del donor  # the rule names U.S. grants; any grant to these minors raises no major power's limit
    if recipient in GRANT_PARTNERS_NOT_RAISING_BRITISH_LIMIT:
        return None
    return _POWER_BY_NAME.get(recipient)


def limit_breaches(spent: int, limit: int) -> tuple[RuleBreach, ...]:
    """Construction BRPs spent (at the cost actually paid, multipliers included) vs the limit (27.31, 27.35D)."""
    if spent > limit:
        return (RuleBreach("27.31", "construction spending exceeds the construction limit", limit, spent),)
    return ()


# ---------------------------------------------------------------------------------------------------------------------
# 3a. What feeds the limit: BRP losses by cause, KEAs, the Commonwealth portion (27.331-27.335, 27.34B)
# ---------------------------------------------------------------------------------------------------------------------

PooledInput = Literal["transport_shortage", "bombing", "partisans", "adjacency"]
"""The pooled loss inputs of :class:`LimitInput` (27.331): transport shortage, bombing, partisans, box adjacency."""

POOLED_LOSS_INPUT: Final[Mapping[LossCause, PooledInput]] = {
    "transport_shortage": "transport_shortage",
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "partisans": "partisans",
    "adjacent_to_box": "adjacency",
}
"""BRP losses pooled for the losing power's limit, -1 per 3 (27.331); flying bombs count as bombing (27.331B)."""

BoxInput = Literal["bombing", "rockets", "adjacency"]

BOX_LOSS_INPUT: Final[Mapping[LossCause, BoxInput]] = {
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "rocket": "rockets",
    "adjacent_to_box": "adjacency",
}
"""Losses at the Australia, India and Urals boxes that reduce the box owner's limit, capped per turn (27.331B,
27.331D, 27.333): bombing (flying bombs included), rockets and Axis units adjacent to the box."""

ROCKET_LOSS_CAUSES: Final[frozenset[LossCause]] = frozenset({"rocket"})
"""Rocket losses reduce the limit one for one (27.333)."""

VWEAPON_CAUSES: Final[frozenset[LossCause]] = frozenset({"flying_bomb", "rocket"})
VWEAPON_VICTIMS: Final[frozenset[Power]] = frozenset({"britain", "russia"})
"""BRPs Britain or Russia lose to German flying bombs and rockets raise the German limit this turn (27.34B)."""

KEA_BOMBING_CAUSES: Final[frozenset[LossCause]] = frozenset({"bombing", "flying_bomb"})
"""Bombing of a KEA in the turn it is captured is deducted from its value first (27.335)."""

COMMONWEALTH_COUNTRIES: Final[frozenset[str]] = frozenset({"australia", "india"})
"""The British Commonwealth portion (40) is kept for the British limit unless Australia or India has surrendered
(27.335). [Interpretation] once one has, the text gives no other figure: no portion is protected (0)."""


def box_of(target: str | None) -> MapboardBox | None:
    """The mapboard box a loss's ``target`` names, if it is one whose losses feed a limit (27.331B/D, 27.333)."""
    if target == "australia" or target == "india" or target == "urals":
        return cast(MapboardBox, target)
    return None


def vweapon_bonus_of(cause: LossCause, victim: str, attacker: str | None) -> bool:
    """Whether a BRP loss raises the German limit: Britain or Russia hit by German flying bombs or rockets (27.34B)."""
    return cause in VWEAPON_CAUSES and victim in VWEAPON_VICTIMS and attacker == "germany"


def commonwealth_portion(statuses: Mapping[str, str]) -> int:
    """The part of the British base KEA losses never remove: 40, or 0 once Australia or India has surrendered
    (27.335; ``statuses``: the political status of each Commonwealth country)."""
    surrendered = any(statuses.get(c) == "surrendered" for c in COMMONWEALTH_COUNTRIES)
    return 0 if surrendered else COMMONWEALTH_PORTION


def enemy_controlled(controller: str, owner: str) -> bool:
    """Whether ``controller`` is an enemy of ``owner`` for 27.335: not the owner, and not a major power of the same
    side. [Interpretation] a controller that is not a major power (partisans, a minor) counts as enemy."""
    if controller == owner:
        return False
    faction = FACTION_OF_POWER.get(cast(Power, controller))
    own = FACTION_OF_POWER.get(cast(Power, owner))
    if faction is None or own is None:
        return True
    return SIDE_OF_FACTION[faction] != SIDE_OF_FACTION[own]


# ---------------------------------------------------------------------------------------------------------------------
# 3c. What counts against the limit, and who pays (27.31, 27.7, 27.7264)
# ---------------------------------------------------------------------------------------------------------------------

LIMIT_SPENDING: Final[frozenset[str]] = frozenset({"construction", "fortification", "railhead", "repair", "raise"})
"""Spending counted against the payer's construction limit (27.31: air, ground, naval and SW units, fortifications,
railheads, ports, partisans). Naval repair starts and raising sunk ships are not named by 27.31; the 27-30 extract
(open question 4, L-01) reads "all BRPs spent on building or repairing units count": option
``econ.limit_counts_repairs`` (:data:`RepairsInLimit`)."""

REPAIR_SPENDING: Final[frozenset[str]] = frozenset({"repair", "raise"})
"""The spending option ``econ.limit_counts_repairs = excluded`` leaves out of the limit (27-30 extract Q4)."""

RepairsInLimit = Literal["counted", "excluded"]
"""Option ``econ.limit_counts_repairs`` (27-30 extract open question 4): do naval repair starts and raisings count
against the construction limit? ``counted`` (default) or ``excluded``."""


def repairs_in_limit(meta: Meta) -> RepairsInLimit:
    """The game's ``econ.limit_counts_repairs`` (default ``counted``)."""
    return "excluded" if meta.option(LIMIT_COUNTS_REPAIRS, "counted") == "excluded" else "counted"


def counts_against_limit(category: str, *, repairs: RepairsInLimit = "counted") -> bool:
    """Whether spending of a ledger ``category`` counts against the construction limit (27.31; 27-30 extract Q4)."""
    if repairs == "excluded" and category in REPAIR_SPENDING:
        return False
    return category in LIMIT_SPENDING


CAPTURED_YARD_MODES: Final[frozenset[str]] = frozenset({"captured", "recaptured_by_ally"})
"""Shipyard control modes in which a repair is paid by the ship's owner, not the yard's (27.7264). [Interpretation]
a yard recaptured by an ally of its owner counts as captured."""


def installment_payer(ship_owner: str | None, yard_owner: str | None) -> str | None:
    """Who pays a ship's lay-down, advance, launch or raising: its owner (27.7, 27.7263). [Interpretation] a ship the
    log never placed is charged to its shipyard's owner; ``None`` when neither is known."""
    return ship_owner or yard_owner or None


def repair_payer(ship_owner: str | None, yard_owner: str | None, yard_mode: str | None) -> str | None:
    """Who pays a naval repair: the shipyard's owner, or in a captured shipyard the ship's owner (27.7264). A yard
    whose owner is unknown charges the ship's owner."""
    if yard_owner and yard_mode not in CAPTURED_YARD_MODES:
        return yard_owner
    return installment_payer(ship_owner, yard_owner)


def box_limit_reduction(box: BoxLosses, *, box_loss_ratio: BoxLossRatio = "pooled") -> int:
    """Reduction of the Australian or Indian (or, for the Urals, the Russian box share) limit from one box's losses
    this turn, capped per 27.333 (Australia 3, India 3, Urals 15)."""
    red, _ = _box_reduction(box, box_loss_ratio, 0)
    return red
