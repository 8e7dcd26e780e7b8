"""Oil sources and production, synthetic oil plants, damage and repair (33.2, 33.23, 33.3; 31-34 extract 1.1-1.5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.options import INTERPRETATION_OPTIONS, OIL_DAMAGED_PLANT, OIL_PLANT_SELF_REPAIR
from awaw_events.vocab import Power
from projections.rules.breach import Breach
from projections.rules.oil.fifths import FIFTHS_PER_COUNTER, _non_negative

# ---------------------------------------------------------------------------------------------------------------
# Sources and production (33.2; extract 1.1)
# ---------------------------------------------------------------------------------------------------------------

OilCenter = Literal["ploesti", "mosul", "abadan", "ahwaz", "baku", "grozny", "maikop", "palembang", "brunei"]
"""The nine oil centers (33.22A-I)."""

OilSourceId = Literal[
    "us_atlantic_box",
    "us_pacific_box",
    "urals_box",
    "ploesti",
    "mosul",
    "abadan",
    "ahwaz",
    "baku",
    "grozny",
    "maikop",
    "palembang",
    "brunei",
    "synthetic_plant",
    "international_market",
]
"""Every kind of oil source (33.2). Synthetic plants are one kind; each plant is a facility of that kind."""

SourceKind = Literal["box", "center", "plant", "market"]

SYNTHETIC_PLANT_FIFTHS: Final = 5
"""An undamaged synthetic plant produces one counter per turn (33.4422, 33.4524)."""


class OilSource(msgspec.Struct, frozen=True):
    """An oil source: its kind, its undamaged production per turn in fifths (``None`` = unlimited), its rule."""

    kind: SourceKind
    fifths: int | None
    country: str
    rule: str


OIL_SOURCES: Final[dict[OilSourceId, OilSource]] = {
    "us_atlantic_box": OilSource("box", None, "usa", "33.21A, 33.4721"),
    "us_pacific_box": OilSource("box", None, "usa", "33.21A, 33.4721"),
    "urals_box": OilSource("box", 5, "russia", "33.21B, 33.4621 (+1 counter per IC diverted, 37.65)"),
    "ploesti": OilSource("center", 15, "rumania", "33.22A"),
    "mosul": OilSource("center", 15, "iraq", "33.22B"),
    "abadan": OilSource("center", 15, "persia", "33.22C"),
    "ahwaz": OilSource("center", 15, "persia", "33.22D"),
    "baku": OilSource("center", 10, "russia", "33.22E"),
    "grozny": OilSource("center", 5, "russia", "33.22F"),
    "maikop": OilSource("center", 5, "russia", "33.22G"),
    "palembang": OilSource("center", 15, "dutch_east_indies", "33.22H"),
    "brunei": OilSource("center", 15, "borneo", "33.22I"),
    "synthetic_plant": OilSource(
        "plant", SYNTHETIC_PLANT_FIFTHS, "germany_or_japan", "33.23, 33.32A (less 1 fifth per damage marker)"
    ),
    "international_market": OilSource("market", None, "off_map", "33.24, 33.4521 (embargo schedule)"),
}
"""Oil sources and undamaged production per turn in fifths (33.2; extract table 1.1). Minor capitals (33.25) supply
oil only to that minor's own units and produce no counters, so they are not listed."""

OIL_CENTERS: Final[tuple[OilCenter, ...]] = (
    "ploesti",
    "mosul",
    "abadan",
    "ahwaz",
    "baku",
    "grozny",
    "maikop",
    "palembang",
    "brunei",
)

URALS_FIFTHS_PER_DIVERTED_IC: Final = 5
"""The Urals box produces one more counter for each IC diverted to oil production (33.21B, 37.65)."""


def urals_production(ics_diverted: int = 0) -> int:
    """Urals box production in fifths: 1 counter + 1 per IC diverted (33.21B, 33.4621; check O-11)."""
    _non_negative("ics_diverted", ics_diverted)
    base = OIL_SOURCES["urals_box"].fifths
    assert base is not None
    return base + URALS_FIFTHS_PER_DIVERTED_IC * ics_diverted


# ---------------------------------------------------------------------------------------------------------------
# Synthetic oil plants (33.23, 33.234, 33.32)
# ---------------------------------------------------------------------------------------------------------------

GERMAN_OBJECTIVES: Final[tuple[str, ...]] = ("berlin", "breslau", "cologne", "essen", "leipzig")
"""The five German objectives [RECON from 33.422A] that hold German synthetic plants (33.231C) and set the
European Axis reserve maximum (33.422A)."""

GERMAN_PLANTS_AT_START_CLASSIC: Final = 2
"""German synthetic plants at the start of Classic AWAW (33.231A)."""

JAPANESE_PLANT_CITIES: Final[tuple[str, ...]] = ("harbin", "mukden")
"""Japanese plants go only in Harbin and Mukden, at most one per city (33.232C)."""

JAPANESE_PLANT_RESEARCH_STEPS: Final[tuple[int, ...]] = (15, 18)
"""Storm Over Asia economic-preparation steps that make the 1st and 2nd Japanese plant available (33.232B)."""

MAX_SYNTHETIC_PLANTS: Final[dict[Power, int]] = {"germany": 6, "japan": 2}
"""At most 6 German and 2 Japanese plants in play at any one time; Russia may not build them (33.233, 33.234)."""

SYNTHETIC_PLANT_RP_COST: Final = 5
"""A plant costs 5 RPs, less 1 per military breakthrough (33.234, 42.24F)."""

SYNTHETIC_PLANT_DESTROYED_AT: Final = 5
"""A plant with 5 or more damage markers is destroyed (33.32B, 26.72C)."""

PLANT_SELF_REPAIR_PER_TURN: Final = 1
"""A damaged plant loses one damage marker each turn at no BRP cost (33.32A, 26.72B)."""


DamagedPlant = Literal["less_a_fifth_per_marker", "undamaged_only"]
"""Option ``oil.damaged_plant`` (31-34 extract Q3): what a damaged synthetic plant produces. 33.32A takes one fifth
off per damage marker (``less_a_fifth_per_marker``, the extract's proposal and the default); 33.4422 and 33.4524
speak of "each undamaged plant" (``undamaged_only``: a damaged plant produces nothing)."""

PlantSelfRepair = Literal["separate", "counted"]
"""Option ``oil.plant_self_repair`` (31-34 extract Q4): whether a plant's own repair of one marker a turn (26.72B)
comes on top of the two markers a power may remove (33.331: ``separate``, the default) or counts against them."""


def damaged_plant_reading(options: Mapping[str, str]) -> DamagedPlant:
    """The game's ``oil.damaged_plant`` option (default ``less_a_fifth_per_marker``)."""
    value = options.get(OIL_DAMAGED_PLANT)
    return "undamaged_only" if value == "undamaged_only" else "less_a_fifth_per_marker"


def plant_self_repair_reading(options: Mapping[str, str]) -> PlantSelfRepair:
    """The game's ``oil.plant_self_repair`` option (default ``separate``)."""
    value = options.get(OIL_PLANT_SELF_REPAIR, INTERPRETATION_OPTIONS[OIL_PLANT_SELF_REPAIR].default)
    return "counted" if value == "counted" else "separate"


def synthetic_plant_production(markers: int = 0, reading: DamagedPlant = "less_a_fifth_per_marker") -> int:
    """A plant's production in fifths: 5 less 1 per damage marker (33.32A); 0 once destroyed (33.32B); under
    ``reading="undamaged_only"`` (option ``oil.damaged_plant``) 5 undamaged and 0 damaged (33.4422, 33.4524).

    An objective with a *damaged* plant is not an unlimited source of the EA reserve either way (33.421A).
    """
    _non_negative("markers", markers)
    if markers >= SYNTHETIC_PLANT_DESTROYED_AT:
        return 0
    if reading == "undamaged_only":
        return SYNTHETIC_PLANT_FIFTHS if markers == 0 else 0
    return SYNTHETIC_PLANT_FIFTHS - markers


def oil_plant_rp_cost(military_breakthroughs: int = 0) -> int:
    """RP cost of one synthetic plant: 5 less 1 per military breakthrough, not below 0 (33.234; TC-20)."""
    _non_negative("military_breakthroughs", military_breakthroughs)
    return max(0, SYNTHETIC_PLANT_RP_COST - military_breakthroughs)


def japanese_plants_available(research_steps: int) -> int:
    """How many Japanese plants SoA economic-preparation research makes available (33.232B: 15 and 18 steps)."""
    return sum(1 for steps in JAPANESE_PLANT_RESEARCH_STEPS if research_steps >= steps)


def oil_plant_findings(
    power: Power, location: str, existing: Mapping[str, int], *, research_steps: int = 0
) -> tuple[Breach, ...]:
    """Checks on building one synthetic plant at ``location`` (33.231-33.234; check O-09).

    ``existing`` counts the power's plants already in play by location.
    """
    found: list[Breach] = []
    total = sum(existing.values())
    if power not in MAX_SYNTHETIC_PLANTS:
        return (Breach("33.233", f"{power} may not produce synthetic oil plants"),)
    if total >= MAX_SYNTHETIC_PLANTS[power]:
        found.append(
            Breach("33.234", f"{power} already has {total} plants; the maximum is {MAX_SYNTHETIC_PLANTS[power]}")
        )
    here = existing.get(location, 0)
    if power == "germany":
        if location not in GERMAN_OBJECTIVES:
            found.append(Breach("33.231C", f"German plant at {location!r}: not a German objective"))
        elif here >= 2:
            found.append(Breach("33.231C", f"third German plant at {location!r}"))
        elif here == 1 and any(existing.get(o, 0) == 0 for o in GERMAN_OBJECTIVES):
            found.append(Breach("33.231C", f"second German plant at {location!r} before every objective has one"))
    else:
        if location not in JAPANESE_PLANT_CITIES:
            found.append(Breach("33.232C", f"Japanese plant at {location!r}: only Harbin or Mukden"))
        elif here >= 1:
            found.append(Breach("33.232C", f"second Japanese plant at {location!r}"))
        if total >= japanese_plants_available(research_steps):
            found.append(Breach("33.232B", f"Japanese plant {total + 1} needs more research ({research_steps} steps)"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Damage and repair (33.32, 33.33, 33.331; extract 1.3-1.5)
# ---------------------------------------------------------------------------------------------------------------

ODD_MARKER_FIFTHS: Final = 2
"""Each odd-numbered damage marker on an oil center removes 2 fifths (33.33A)."""

EVEN_MARKER_FIFTHS: Final = 3
"""Each even-numbered damage marker removes 3 more fifths: two markers = one counter (33.33A)."""

CAPTURE_DAMAGE_DIVISOR: Final = 5
"""Capture by ground combat: one damage marker per 5 defending factors with DM (33.33B)."""

NO_CAPTURE_DAMAGE_CAUSES: Final[frozenset[str]] = frozenset(
    {"diplomacy", "persian_route", "surrender_concession", "partisan", "partisans", "surrender"}
)
"""Control changes that never damage an oil center (33.33B): a minor country's diplomatic result, the opening of
the Persian BRP route, a British surrender concession, partisans (the extract's names and
``hex_control_changed.cause``'s)."""

GROUND_COMBAT_CAUSES: Final[frozenset[str]] = frozenset(
    {"advance_after_combat", "overrun", "attrition_occupation", "exploitation"}
)
"""Control changes through ground combat (``hex_control_changed.cause``): the ones that damage a captured oil center
(33.33B). Moving into an empty hex is no combat: no defenders, no damage."""

CAPTURE_DEFENSE_CAUSES: Final[frozenset[str]] = frozenset({"advance_after_combat", "exploitation", "overrun"})
"""Captures whose defending factors (with DM) the combat record gives: an attack or an overrun. An attrition
occupation has no defence total."""

REPAIRING_POWERS: Final[frozenset[Power]] = frozenset({"germany", "japan", "britain", "russia"})
"""Powers that may remove damage markers from oil facilities they control (33.331)."""

REPAIR_MARKERS_PER_TURN: Final = 2
"""Each repairing power removes at most 2 markers per turn, at the end of its player turn, free (33.331)."""


def oil_center_damage_reduction(markers: int) -> int:
    """Fifths of production lost to ``markers`` damage markers: ``5*(k//2) + 2*(k%2)`` (33.33A; extract 1.3)."""
    _non_negative("markers", markers)
    return (ODD_MARKER_FIFTHS + EVEN_MARKER_FIFTHS) * (markers // 2) + ODD_MARKER_FIFTHS * (markers % 2)


def oil_center_max_damage(center: OilCenter) -> int:
    """Markers that bring a center to zero production, the most it may carry (33.33C): 6 / 4 (Baku) / 2."""
    base = OIL_SOURCES[center].fifths
    assert base is not None
    return 2 * (base // FIFTHS_PER_COUNTER)


def oil_center_production(center: OilCenter, markers: int = 0) -> int:
    """An oil center's production in fifths after damage (33.22, 33.33A; check O-01, TC-11)."""
    base = OIL_SOURCES[center].fifths
    assert base is not None
    return max(0, base - oil_center_damage_reduction(markers))


def capture_damage_markers(defense_with_dm: int, center: OilCenter, existing_markers: int = 0) -> int:
    """Markers a center takes when captured by ground combat: ``defense // 5``, capped so the total never exceeds
    the zero-production level (33.33B, 33.33C; check O-06, TC-12). Other kinds of control change: no damage."""
    _non_negative("defense_with_dm", defense_with_dm)
    room = max(0, oil_center_max_damage(center) - existing_markers)
    return min(defense_with_dm // CAPTURE_DAMAGE_DIVISOR, room)


def oil_source_production(
    source: str, *, markers: int = 0, ics_diverted: int = 0, plant: DamagedPlant = "less_a_fifth_per_marker"
) -> int | None:
    """What a source produces this turn in fifths (33.2, 33.32A, 33.33A; check O-01, O-11): an oil center after its
    damage, a synthetic plant after its damage, the Urals box with the ICs diverted; ``None`` for an unlimited
    source (the U.S. boxes) or one whose amount depends on more (the international market: 33.4521)."""
    if source in OIL_CENTERS:
        return oil_center_production(source, markers)
    if source == "synthetic_plant":
        return synthetic_plant_production(markers, plant)
    if source == "urals_box":
        return urals_production(ics_diverted)
    return None


def repair_findings(power: Power, markers_removed: int) -> tuple[Breach, ...]:
    """A power's discretionary repairs in one turn (33.331; check O-08). Plant self-repair (26.72B) is separate:
    extract Q4 default, the automatic plant marker does not count against the 2."""
    if power not in REPAIRING_POWERS:
        return (Breach("33.331", f"{power} may not repair oil facilities"),)
    if markers_removed > REPAIR_MARKERS_PER_TURN:
        return (Breach("33.331", f"{power} removed {markers_removed} markers; at most {REPAIR_MARKERS_PER_TURN}"),)
    return ()
