"""What naval construction costs: shipbuilding points and BRPs (27.72, 27.721; 27-30 extract 1.8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import NAMED_SHIP_TYPES, UnitType
from projections.rules.construction import BRP_COST_PER_FACTOR

# ---------------------------------------------------------------------------------------------------------------------
# Costs (27.72, 27.721)
# ---------------------------------------------------------------------------------------------------------------------

BRPS_PER_SB: Final[int] = 3
"""Every shipbuilding point spent is accompanied by three BRPs (27.72, 27.7251, 27.7267, 27.7272A)."""


class NavalCost(msgspec.Struct, frozen=True):
    """Shipbuilding points and BRPs of one naval payment."""

    sb: int
    brps: int

    def __add__(self, other: NavalCost) -> NavalCost:
        return NavalCost(self.sb + other.sb, self.brps + other.brps)


FREE: Final[NavalCost] = NavalCost(0, 0)
"""No SB, no BRPs: deferral, free launch, cruiser repair, scuttling (27.7267, 27.7272C-E)."""

STEP_COST: Final[NavalCost] = NavalCost(1, BRPS_PER_SB)
"""One chart step: lay-down, continue, paid launch from row 2, named-ship repair start, raising (27.7251,
27.7262, 27.7267, 27.7272A)."""

ConstructionKind = Literal["transport", "sub_asw", "dd_cve", "cruiser", "named_2", "named_3", "named_4", "named_5"]
"""Rows of the Naval Repair and Construction Costs table (27.721)."""


class RepairConstructionCost(msgspec.Struct, frozen=True):
    """One row of table 27.721: turns and SB to repair a damaged unit and to build a new one.

    ``0`` turns = immediate; ``None`` = not applicable (the unit is never damaged). BRPs = 3 x SB (27.72).
    """

    damaged_turns: int | None
    damaged_sb: int | None
    new_turns: int
    new_sb: int


NAVAL_REPAIR_AND_CONSTRUCTION: Final[Mapping[ConstructionKind, RepairConstructionCost]] = {
    "transport": RepairConstructionCost(0, 0, 0, 1),
    "sub_asw": RepairConstructionCost(None, None, 0, 1),
    "dd_cve": RepairConstructionCost(None, None, 1, 1),
    "cruiser": RepairConstructionCost(1, 0, 2, 2),
    "named_2": RepairConstructionCost(2, 1, 4, 2),
    "named_3": RepairConstructionCost(2, 1, 8, 3),
    "named_4": RepairConstructionCost(2, 1, 12, 4),
    "named_5": RepairConstructionCost(2, 1, 16, 5),
}
"""Naval Repair and Construction Costs, table 27.721 (27-30 extract 1.8 [RECON, high confidence]). Transports,
subs, ASW, DDs and CVEs: per factor. New construction turns assume no acceleration or deferral."""

IMMEDIATE_TYPES: Final[frozenset[UnitType]] = frozenset({"submarine", "asw", "transport"})
"""Launched immediately for 1 SB + 3 BRPs per factor, never on a chart (27.721A, 27.724B)."""

ONE_FACTOR_TYPES: Final[frozenset[UnitType]] = frozenset({"dd", "cve", "submarine", "asw", "transport"})
"""One-factor naval units: at most half a yard's rate (round up) each turn (27.7221A); never damaged except
transports (27.721)."""

DD_CVE_TYPES: Final[frozenset[UnitType]] = frozenset({"dd", "cve"})
CRUISER_FACTORS: Final[int] = 2
"""Cruisers are built in two-factor increments, one CA2 counter at a time (27.7251B)."""
NAMED_SHIP_SIZES: Final[range] = range(2, 6)
"""Named ships have 2 to 5 factors (27.721 table)."""
ACCELERABLE_SIZES: Final[frozenset[int]] = frozenset({3, 4, 5})
"""Only three-, four- and five-factor ships may be accelerated (27.7272B)."""


def construction_kind(unit_type: UnitType, factors: int) -> ConstructionKind:
    """The 27.721 row for a unit."""
    if unit_type == "transport":
        return "transport"
    if unit_type in ("submarine", "asw"):
        return "sub_asw"
    if unit_type in DD_CVE_TYPES:
        return "dd_cve"
    if unit_type == "ca":
        return "cruiser"
    if unit_type in NAMED_SHIP_TYPES:
        if factors not in NAMED_SHIP_SIZES:
            raise ValueError(f"a named ship has 2 to 5 factors, got {factors!r}")
        return _NAMED_KIND[factors]
    raise ValueError(f"{unit_type!r} is not a naval unit")


_NAMED_KIND: Final[Mapping[int, ConstructionKind]] = {
    2: "named_2",
    3: "named_3",
    4: "named_4",
    5: "named_5",
}


def new_construction_total(unit_type: UnitType, factors: int) -> NavalCost:
    """SB and BRPs to build a unit from scratch without acceleration (27.72, 27.721): N SB + 3N BRPs."""
    kind = construction_kind(unit_type, factors)
    row = NAVAL_REPAIR_AND_CONSTRUCTION[kind]
    sb = row.new_sb * factors if kind in ("transport", "sub_asw", "dd_cve") else row.new_sb
    return NavalCost(sb, sb * BRPS_PER_SB)


def immediate_build_cost(unit_type: UnitType, factors: int) -> NavalCost:
    """Subs, ASW, transports: 1 SB + 3 BRPs per factor, launched at once (27.721A)."""
    if unit_type not in IMMEDIATE_TYPES:
        raise ValueError(f"{unit_type!r} is not built immediately (27.721A)")
    return NavalCost(factors, BRP_COST_PER_FACTOR[unit_type] * factors)
