"""The BRP economy: base and available BRPs, gains and losses, grants, spending, construction limits.

Sources: 27-30 extract 3.2 (BRPs, limits); A3R extract 4.2 (ledger, 35.7 prorating, deficit spending). Every BRP
cost lives on exactly one event: construction on ``unit_built`` and the ship events, declarations of war on
``war_declared``, offensives on ``offensive_declared``, fortifications on ``fortification_built``, railheads on
``railhead_built``, grants on ``brp_grant_made``; ``brp_spent`` covers the remaining categories.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Brps, Event, Factors, Hex, Ident, Name, SignedBrps
from awaw_events.vocab import Power, SwBox

LossCause = Literal[
    "transport_shortage",
    "bombing",
    "flying_bomb",
    "rocket",
    "partisans",
    "adjacent_to_box",
    "sw",
    "murmansk",
    "ic_supply_use",
    "other",
]
"""Causes of BRP losses; the first six pool into construction-limit reductions (27.331-27.333)."""

ChangeCause = Literal[
    "conquest",
    "minor_activation",
    "association",
    "economic_penetration",
    "diplomatic_withdrawal",
    "loss_of_conquest",
    "loss_of_minor",
    "loss_of_colony",
    "kea_capture",
    "ic_capture",
    "free_french_colonies",
    "econ_interest_forfeit",
    "other",
]
"""Causes of BRP gains and losses that A3R 35.7 prorates by season (A3R extract 4.2 ``BrpChangeAccrued``)."""

SpendCategory = Literal["repair", "raise", "raiding", "research", "diplomacy", "other"]


class BrpsSet(Event, tag="brps_set", frozen=True, kw_only=True):
    """A power's BRP base and available BRPs at set-up, or as computed at a Year Start Sequence (claimed)."""

    family: ClassVar[str] = "economy"
    power: Power
    base: Brps
    available: SignedBrps
    growth: SignedBrps | None = None


class BrpBaseChanged(Event, tag="brp_base_changed", frozen=True, kw_only=True):
    """A change to a power's BRP base (mobilization, IC change, KEA lost or regained; 27.32A, 27.335)."""

    family: ClassVar[str] = "economy"
    power: Power
    delta: SignedBrps
    cause: Name = "other"


class BrpLost(Event, tag="brp_lost", frozen=True, kw_only=True):
    """BRPs lost at once by a power (bombing, partisans, SW, transport shortage; 27.331-27.333, 11.71)."""

    family: ClassVar[str] = "economy"
    power: Power
    amount: Brps
    cause: LossCause
    target: Name | None = None
    attacker: Power | None = None


class BrpGained(Event, tag="brp_gained", frozen=True, kw_only=True):
    """BRPs added at once to a power's available total (conquests under the standard rules, other gains)."""

    family: ClassVar[str] = "economy"
    power: Power
    amount: Brps
    cause: ChangeCause = "other"
    area: Name | None = None


class BrpChangeAccrued(Event, tag="brp_change_accrued", frozen=True, kw_only=True):
    """A gain or loss to be prorated by season and applied in a batch (A3R 35.7; option ``econ.brp_prorating``)."""

    family: ClassVar[str] = "economy"
    power: Power
    amount: SignedBrps
    cause: ChangeCause
    area: Name | None = None


class BrpBatchApplied(Event, tag="brp_batch_applied", frozen=True, kw_only=True):
    """A batch of accrued gains and losses applied, netted and prorated (A3R 35.7, table 2.1): the claimed amount."""

    family: ClassVar[str] = "economy"
    power: Power
    net: SignedBrps
    percent: Literal[100, 75, 50, 25]
    applied: SignedBrps


class BrpGrantMade(Event, tag="brp_grant_made", frozen=True, kw_only=True):
    """A BRP grant from one power to another (27.334, 27.34A; A3R routes), with the transports it used."""

    family: ClassVar[str] = "economy"
    donor: Power
    recipient: Power | Name
    amount: Brps
    route: Name | None = None
    transports: dict[SwBox, int] = {}
    purpose: Literal["general", "minor_construction", "prewar_transports"] = "general"


class BrpSpent(Event, tag="brp_spent", frozen=True, kw_only=True):
    """BRPs spent on something no other event prices (repairs, raising ships, raiding, research)."""

    family: ClassVar[str] = "economy"
    power: Power
    amount: Brps
    category: SpendCategory
    ref: Ident | None = None
    factors: Factors | None = None
    """Naval factors employed, for raiding with ships (A3R option 28: 1 BRP per 3 factors, rounded up)."""


class ConstructionLimitDeclared(Event, tag="construction_limit_declared", frozen=True, kw_only=True):
    """The construction limit a power claims for this turn (27.3), with its claimed breakdown."""

    family: ClassVar[str] = "economy"
    power: Power
    limit: Annotated[int, Meta(ge=-100, le=1000)]
    components: dict[str, int] = {}


class IronOreStatusChanged(Event, tag="iron_ore_status_changed", frozen=True, kw_only=True):
    """Swedish iron ore cut off or restored (27.332: -5 to the German construction limit)."""

    family: ClassVar[str] = "economy"
    cut: bool


class KeaControlChanged(Event, tag="kea_control_changed", frozen=True, kw_only=True):
    """A key economic area changes hands (27.335)."""

    family: ClassVar[str] = "economy"
    kea: Name
    original_owner: Power
    controller: Name
    value: Brps


class IcValueChanged(Event, tag="ic_value_changed", frozen=True, kw_only=True):
    """A Russian industrial center's value changes (A3R App. H, option ``supply.ic_supply``)."""

    family: ClassVar[str] = "economy"
    hex: Hex
    value: Brps
    cause: Literal["built", "growth", "supply_use", "yss_regain", "capture", "setup"]


__all__ = [
    "BrpBaseChanged",
    "BrpBatchApplied",
    "BrpChangeAccrued",
    "BrpGained",
    "BrpGrantMade",
    "BrpLost",
    "BrpSpent",
    "BrpsSet",
    "ChangeCause",
    "ConstructionLimitDeclared",
    "IcValueChanged",
    "IronOreStatusChanged",
    "KeaControlChanged",
    "LossCause",
    "SpendCategory",
]
