"""Zones of control of armor (10.34-10.342), as far as geometry, the board and the map data decide.

Source: 10-16 extract 1.3. Only armor with its mechanized part intact has a ZoC: not in partial supply or without
supply (30.522B); it covers the six adjacent hexes except (10.341) A. neutral countries, B. across impassable or
all-water hexsides, C. across enemy fortification or fortress hexsides (a fortified hex keeps enemy ZoCs out,
30.322), D. in the Pacific across rivers or into jungle, mountain, swamp, forest and jungle/mountain hexes (Japanese
armor: not into jungle). A ZoC affects supply lines (30.321) among others (10.343).

``extends`` answers True, False, or None when the map data lacks a fact it needs (the terrain of a Pacific hex); the
caller reports "not checked" for None, never a guess. [interpretation] A hexside the map data does not list is read
as open: all-water, impassable and river hexsides (10.341B, D) are features the data lists where they exist, while a
hex's terrain is a fact every hex has, so an unknown Pacific terrain stays unknown.
"""

from __future__ import annotations

from typing import Final

from projections.rules.mapdata import MapData

NO_ZOC_STATUSES: Final[frozenset[str]] = frozenset({"partial", "unsupplied", "isolated"})
"""Armor without full supply loses its mechanized component and its ZoC (30.522B, 10.32)."""

PACIFIC_NO_ZOC_TERRAIN: Final[frozenset[str]] = frozenset({"jungle", "mountain", "swamp", "forest", "jungle_mountain"})
"""Pacific terrain no ZoC extends into (10.341D)."""


def exerts(unit_type: str, supply: str | None) -> bool:
    """Whether a unit has a ZoC: armor with its mechanized part intact (10.34, 30.522B)."""
    return unit_type == "armor" and supply not in NO_ZOC_STATUSES


def extends(
    source: str,
    target: str,
    *,
    map_data: MapData | None,
    enemy_fortified: bool,
    neutral: bool,
    japanese: bool = False,
) -> bool | None:
    """Whether an armor ZoC from ``source`` covers the adjacent hex ``target`` (10.341-10.342): ``enemy_fortified``
    is a fortification or fortress of the armor's enemy in ``target`` (30.322); ``neutral`` the target is in a
    neutral country."""
    if neutral or enemy_fortified:
        return False
    side = map_data.hexside(source, target) if map_data is not None else None
    if side is not None and (side.all_water is not None or side.feature in ("qattara", "himalaya", "outback")):
        return False
    if not target.startswith("PAC:"):
        return True
    if side is not None and side.river is not None:
        return False
    facts = map_data.hex(target) if map_data is not None else None
    terrain = facts.terrain if facts is not None else None
    if terrain is None:
        return None
    if terrain in PACIFIC_NO_ZOC_TERRAIN:
        return False
    return not (japanese and terrain == "jungle")
