"""Oil (AWAW rule 33): sources, production, damage, reserves, shipping, consumption, partial counters.

Source: 31-34 extract sections 1.1-1.15, 2.3-2.6 and 4.2-4.3 (seed ``awaw-rules-31-34-...txt`` is the authority).

**Every oil quantity is an integer number of fifths of an oil counter** (31-34 extract 0.3; 33.81: "each oil counter
converts to five partial oil counters"). A counter is ``FIFTHS_PER_COUNTER`` fifths. ``None`` stands for an unlimited
amount (the U.S. boxes, the international market before an embargo).

Check functions return :class:`Breach` values (empty tuple = no violation); ``ValueError`` is raised only for misuse
(a negative amount, an unknown name).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from awaw_events.events.oil import OilPurpose
from awaw_events.vocab import Faction, Power, SwBox
from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------
# Units (33.8)
# ---------------------------------------------------------------------------------------------------------------

FIFTHS_PER_COUNTER: Final = 5
"""One oil counter converts to five partial oil counters (33.81); every amount here is in fifths (extract 0.3)."""

MAX_RETAINED_FIFTHS: Final = 4
"""An alliance faction may never retain more than 80 % of an oil counter (33.83): at most 4 fifths."""


def counters(n: int) -> int:
    """``n`` whole oil counters in fifths (33.81)."""
    if n < 0:
        raise ValueError(f"negative oil counters: {n!r}")
    return n * FIFTHS_PER_COUNTER


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _non_negative(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value!r}")


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


@dataclass(frozen=True, slots=True)
class OilSource:
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


def synthetic_plant_production(markers: int = 0) -> int:
    """A plant's production in fifths: 5 less 1 per damage marker (33.32A); 0 once destroyed (33.32B).

    Extract Q3 default: production is ``5 - markers`` (33.32A), though 33.4422/33.4524 speak of "undamaged" plants;
    an objective with a *damaged* plant is not an unlimited source of the EA reserve (33.421A).
    """
    _non_negative("markers", markers)
    if markers >= SYNTHETIC_PLANT_DESTROYED_AT:
        return 0
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
    {"diplomacy", "persian_route", "surrender_concession", "partisan"}
)
"""Control changes that never damage an oil center (33.33B)."""

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


def repair_findings(power: Power, markers_removed: int) -> tuple[Breach, ...]:
    """A power's discretionary repairs in one turn (33.331; check O-08). Plant self-repair (26.72B) is separate:
    extract Q4 default, the automatic plant marker does not count against the 2."""
    if power not in REPAIRING_POWERS:
        return (Breach("33.331", f"{power} may not repair oil facilities"),)
    if markers_removed > REPAIR_MARKERS_PER_TURN:
        return (Breach("33.331", f"{power} removed {markers_removed} markers; at most {REPAIR_MARKERS_PER_TURN}"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# Which faction may draw on which source (33.44-33.47; extract 1.2)
# ---------------------------------------------------------------------------------------------------------------

Controller = Literal["european_axis", "japan", "western_allies", "russia", "china", "neutral", "partisan"]
"""Who holds an oil source: a faction, a neutral country, or partisans (33.33B)."""

EA_PLOESTI_RGT_BAR: Final = 45
"""The EA may not draw on a Russian-held Ploesti once RGT is 45 or more (33.4421A)."""

RUSSIA_PERSIA_MAX_FIFTHS: Final = 5
"""Russia draws at most one counter per turn from Persia (Abadan or Ahwaz) in total (33.4622)."""

WA_MOSUL_TO_RUSSIA_MAX_FIFTHS: Final = 5
"""At most one WA Mosul counter per turn goes to Russia through Turkey (33.4722)."""


@dataclass(frozen=True, slots=True)
class SourceAccess:
    """A source a faction may draw on, with the most it may take per turn (``None`` = all produced) (extract 1.2)."""

    faction: Faction
    source: OilSourceId
    max_fifths: int | None
    conditions: str
    rule: str


SOURCE_ACCESS: Final[tuple[SourceAccess, ...]] = (
    SourceAccess("european_axis", "ploesti", None, "line to a German objective; not if Russia holds it and is at war "
                 "with Germany or RGT >= 45; not if WA-held", "33.442, 33.4421"),
    SourceAccess("european_axis", "synthetic_plant", None, "German plants", "33.4422"),
    SourceAccess("european_axis", "mosul", None, "Axis-controlled", "33.4423"),
    SourceAccess("european_axis", "maikop", None, "Axis-controlled", "33.4423"),
    SourceAccess("european_axis", "grozny", None, "Axis-controlled", "33.4423"),
    SourceAccess("european_axis", "baku", None, "Axis-controlled", "33.4423"),
    SourceAccess("japan", "international_market", None, "embargo schedule", "33.4521"),
    SourceAccess("japan", "brunei", None, "Japanese at the start of the Japanese player turn; ship via Balikpapan",
                 "33.4522, 33.4523A"),
    SourceAccess("japan", "palembang", None, "Japanese at the start of the Japanese player turn; ship via Batavia",
                 "33.4522, 33.4523B"),
    SourceAccess("japan", "synthetic_plant", None, "Japanese plants", "33.4524"),
    SourceAccess("russia", "urals_box", None, "-", "33.4621"),
    SourceAccess("russia", "maikop", None, "Russian-controlled", "33.4622"),
    SourceAccess("russia", "grozny", None, "Russian-controlled", "33.4622"),
    SourceAccess("russia", "baku", None, "Russian-controlled", "33.4622"),
    SourceAccess("russia", "ploesti", None, "Russian-controlled", "33.4622"),
    SourceAccess("russia", "abadan", RUSSIA_PERSIA_MAX_FIFTHS, "Persian route opened on a previous turn; "
                 "1 counter per turn from Persia in total", "33.4622"),
    SourceAccess("russia", "ahwaz", RUSSIA_PERSIA_MAX_FIFTHS, "Persian route opened on a previous turn; "
                 "1 counter per turn from Persia in total", "33.4622"),
    SourceAccess("russia", "mosul", None, "Russian-controlled and the Allies control Turkey", "33.4622"),
    SourceAccess("western_allies", "us_atlantic_box", None, "a transport per counter", "33.4721, 33.473"),
    SourceAccess("western_allies", "us_pacific_box", None, "a transport per counter", "33.4721, 33.473"),
    SourceAccess("western_allies", "mosul", None, "Mosul's supply zone and the Mediterranean part of zones tracing "
                 "sea supply from it; not in Indian Ocean transports", "33.4722"),
    SourceAccess("western_allies", "abadan", None, "Persia neutral or WA; units and hexes in Persia unless shipped "
                 "out of Abadan", "33.4723"),
    SourceAccess("western_allies", "ahwaz", None, "Persia neutral or WA; units and hexes in Persia", "33.4723"),
    SourceAccess("western_allies", "brunei", None, "WA-controlled; its own supply zone only", "33.4724"),
    SourceAccess("western_allies", "palembang", None, "WA-controlled; its own supply zone only", "33.4724"),
    SourceAccess("western_allies", "ploesti", None, "WA-controlled; its own supply zone only", "33.4724"),
)  # fmt: skip
"""Which faction may draw on which source (33.44-33.47; extract table 1.2). China has no oil (33.49)."""


def source_access(faction: Faction, source: OilSourceId) -> SourceAccess | None:
    """The access entry for a faction and source, or ``None`` if the faction may never draw on it (e.g. the EA
    on Abadan or Ahwaz, 33.4423)."""
    for entry in SOURCE_ACCESS:
        if entry.faction == faction and entry.source == source:
            return entry
    return None


@dataclass(frozen=True, slots=True)
class DrawContext:
    """The recorded facts that decide whether a faction may draw on a source this turn (33.41A, 33.43, 33.44-33.47)."""

    controller: Controller
    captured_this_turn: bool = False
    germany_russia_at_war: bool = False
    rgt: int = 0
    persian_route_opened_previous_turn: bool = False
    allies_control_turkey: bool = False
    controlled_at_start_of_player_turn: bool = True
    persia_already_drawn_fifths: int = 0


def draw_findings(faction: Faction, source: OilSourceId, amount: int, ctx: DrawContext) -> tuple[Breach, ...]:
    """Whether ``faction`` may draw ``amount`` fifths from ``source`` in this turn (check O-02, O-04, O-05).

    Supply-line tracing (O-03) needs the map and is not checked here.
    """
    _non_negative("amount", amount)
    access = source_access(faction, source)
    if access is None:
        return (Breach("33.44-33.47", f"{faction} may never draw oil from {source}"),)
    found: list[Breach] = []
    kind = OIL_SOURCES[source].kind
    if ctx.controller == "partisan":
        found.append(Breach("33.33B", f"{source} is held by partisans and produces no oil"))
    if ctx.captured_this_turn and kind == "center":
        found.append(Breach("33.43", f"{source} was captured this turn; its oil may not be used"))
    ea_ploesti = faction == "european_axis" and source == "ploesti"
    wa_persia = faction == "western_allies" and source in ("abadan", "ahwaz")
    neutral_ok = wa_persia and ctx.controller == "neutral"
    if kind == "center" and not ea_ploesti and not neutral_ok and ctx.controller not in (faction, "partisan"):
        found.append(Breach("33.41A", f"{faction} draws from {source} held by {ctx.controller}"))
    if faction == "european_axis" and source == "ploesti":
        if ctx.controller == "western_allies":
            found.append(Breach("33.4421B", "Ploesti is WA-controlled"))
        if ctx.controller == "russia" and (ctx.germany_russia_at_war or ctx.rgt >= EA_PLOESTI_RGT_BAR):
            found.append(Breach("33.4421A", "Ploesti is Russian-held while at war or RGT >= 45"))
    if faction == "japan" and source in ("brunei", "palembang") and not ctx.controlled_at_start_of_player_turn:
        found.append(Breach("33.4522", f"{source} was not Japanese at the start of the Japanese player turn"))
    if faction == "russia" and source in ("abadan", "ahwaz"):
        if not ctx.persian_route_opened_previous_turn:
            found.append(Breach("33.4622", "Persian oil before the Persian route opened on a previous turn"))
        if ctx.persia_already_drawn_fifths + amount > RUSSIA_PERSIA_MAX_FIFTHS:
            found.append(Breach("33.4622", "more than one counter per turn from Persia"))
    if faction == "russia" and source == "mosul" and not ctx.allies_control_turkey:
        found.append(Breach("33.4622", "Russian Mosul oil while the Allies do not control Turkey"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Reserves: associated sources, maximum, starting level (33.421, 33.422; extract 1.6)
# ---------------------------------------------------------------------------------------------------------------

ReserveId = Literal["ea", "jp", "ru", "wa_eu", "wa_ind", "wa_sa", "wa_ph", "wa_aus", "wa_mnl"]
"""The nine oil reserves (33.421; extract 4.1)."""


@dataclass(frozen=True, slots=True)
class ReserveSpec:
    """An oil reserve: its faction, associated unlimited supply sources (its oil domain, 4.2), the locations whose
    control sets its maximum, the counters per location, any fixed maximum, the minimum, and the starting level.

    Counts are in whole counters as printed; use :func:`reserve_max_fifths` and ``RESERVE_START_FIFTHS``."""

    faction: Faction
    sources: tuple[str, ...]
    max_locations: tuple[str, ...]
    per_location: int
    fixed_max: int | None
    minimum: int
    start: int
    rule: str


RESERVES: Final[dict[ReserveId, ReserveSpec]] = {
    "ea": ReserveSpec("european_axis", ("berlin", "rome", "objective_with_undamaged_plant"), GERMAN_OBJECTIVES, 2,
                      None, 0, 10, "33.421A, 33.422A"),
    "jp": ReserveSpec("japan", ("tokyo", "osaka", "kagoshima", "seoul", "japanese_sw_units"),
                      ("harbin", "kagoshima", "mukden", "osaka", "tokyo"), 2, None, 0, 10, "33.421B, 33.422B, 33.451"),
    "ru": ReserveSpec("russia", ("urals_box",), ("moscow", "leningrad", "stalingrad", "grozny", "maikop", "urals_box"),
                      1, None, 1, 6, "33.421C, 33.422C"),
    "wa_eu": ReserveSpec("western_allies", ("london", "paris"), ("birmingham", "london", "manchester"), 2, None, 0, 6,
                         "33.421D, 33.422D"),
    "wa_ind": ReserveSpec("western_allies", ("colombo", "india_box"), (), 0, None, 0, 3,
                          "33.421E, 33.422E (Classic: 3; else research ladder)"),
    "wa_sa": ReserveSpec("western_allies", ("south_africa_box",), (), 0, 3, 0, 3, "33.421F, 33.422F"),
    "wa_ph": ReserveSpec("western_allies", ("pearl_harbor",), ("pearl_harbor",), 3, None, 0, 3, "33.421G, 33.422G"),
    "wa_aus": ReserveSpec("western_allies", ("australia_box",), (), 0, 3, 0, 0, "33.421H, 33.422H"),
    "wa_mnl": ReserveSpec("western_allies", ("manila",), ("manila",), 3, None, 0, 3, "33.421I, 33.422I"),
}  # fmt: skip
"""The oil reserves (33.421, 33.422; extract table 1.6). Pearl Harbor and Manila count their own location as the
"location listed in 33.422", so their maximum drops to 0 when captured (33.423; extract Q10 default)."""

RESERVE_START_FIFTHS: Final[dict[ReserveId, int]] = {r: counters(spec.start) for r, spec in RESERVES.items()}
"""Starting reserves in fifths: 10/10/6/6/India 3 (Classic)/3/3/0/3 counters (33.422; check O-22)."""

IndiaRules = Literal["classic", "full"]


def india_reserve_max(*, rules: IndiaRules = "classic", research_steps: int = 0, research_results: int = 0) -> int:
    """India box reserve maximum in counters (33.422E): Classic 3; otherwise 1, 3 steps -> 2, 1st result -> 3,
    9 steps -> 4, 2nd result -> 5 (the highest rung reached)."""
    if rules == "classic":
        return 3
    level = 1
    for reached, value in ((research_steps >= 3, 2), (research_results >= 1, 3), (research_steps >= 9, 4),
                           (research_results >= 2, 5)):  # fmt: skip
        if reached:
            level = max(level, value)
    return level


def reserve_max_fifths(
    reserve: ReserveId,
    controlled: Collection[str],
    *,
    india_rules: IndiaRules = "classic",
    india_research_steps: int = 0,
    india_research_results: int = 0,
) -> int:
    """A reserve's maximum in fifths given the locations its faction controls (33.422; extract 1.6 formulas).

    ``controlled`` names the locations under the reserve faction's control (e.g. ``{"berlin", "essen"}``).
    """
    spec = RESERVES[reserve]
    if reserve == "wa_ind":
        return counters(
            india_reserve_max(
                rules=india_rules, research_steps=india_research_steps, research_results=india_research_results
            )
        )
    if spec.fixed_max is not None:
        return counters(spec.fixed_max)
    held = sum(1 for place in spec.max_locations if place in controlled)
    return counters(max(spec.minimum, spec.per_location * held))


def reserve_cap_excess(reserve_fifths: int, max_fifths: int) -> int:
    """Fifths to eliminate at the end of a player turn because the reserve is over its maximum (33.422; O-20)."""
    _non_negative("reserve_fifths", reserve_fifths)
    return max(0, reserve_fifths - max_fifths)


WA_EU_ELIMINATION_LOCATIONS: Final[frozenset[str]] = frozenset({"paris", "london", "birmingham", "manchester"})
"""If the Axis hold Paris, London, Birmingham and Manchester the WA Europe reserve is eliminated (33.425)."""

WA_EU_SEA_SUPPLY_LOCATIONS: Final[frozenset[str]] = frozenset({"paris", "london"})
"""With Paris and London Axis-held the WA Europe reserve is usable only with sea supply from the Atlantic U.S.
box (33.425)."""


def wa_europe_reserve_status(axis_held: Collection[str]) -> Literal["normal", "us_sea_supply_only", "eliminated"]:
    """The WA Europe reserve's status under Axis captures (33.425; check O-28)."""
    if set(axis_held) >= WA_EU_ELIMINATION_LOCATIONS:
        return "eliminated"
    if set(axis_held) >= WA_EU_SEA_SUPPLY_LOCATIONS:
        return "us_sea_supply_only"
    return "normal"


# ---------------------------------------------------------------------------------------------------------------
# Tracking start and stop (33.4424, 33.4624, 33.48, 33.4732A, 33.4733; extract 1.7)
# ---------------------------------------------------------------------------------------------------------------

DEEMED_RESERVE_FIFTHS: Final[dict[ReserveId, int]] = {"ea": counters(10), "wa_eu": counters(6), "ru": counters(6)}
"""Reserves deemed full while untracked (33.4424: EA 10; 33.48: WA Europe 6; Russia 6 until a center is lost)."""

RUSSIAN_TRACKING_CENTERS: Final[tuple[OilCenter, ...]] = ("maikop", "grozny", "baku")
"""An Axis capture of any of these starts Russian tracking; holding all three with 6 in reserve stops it (33.4624)."""

PREWAR_PACIFIC_OIL_TRANSPORTS: Final = 3
"""Before the Japan-WA war, 3 WA Pacific transports are assigned to oil each turn, no reserve change (33.4732A)."""

PREWAR_INDIA_INVERTED_TRANSPORTS: Final = 3
"""Before the Britain-Japan war (always in the European scenario), 3 Indian Ocean transports are inverted at the
start of each Allied player turn (33.4733B, C)."""


def ea_tracking_starts(*, germany_russia_war_before_this_turn: bool, rgt: int) -> bool:
    """EA tracking starts at the first Axis player turn after war between Germany and Russia, or at RGT 45, with
    the reserve at 10 counters (33.4424; check O-23)."""
    return germany_russia_war_before_this_turn or rgt >= EA_PLOESTI_RGT_BAR


def russia_tracking_start_fifths(russian_controlled: Collection[str]) -> int:
    """Russia's reserve when tracking starts (an Axis capture of Maikop, Grozny or Baku): the 33.422C maximum at
    that moment (33.4624; TC-21: Maikop lost -> 5 counters)."""
    return reserve_max_fifths("ru", russian_controlled)


def russia_tracking_stops(*, russian_controlled: Collection[str], reserve_fifths: int) -> bool:
    """Russia stops tracking if it starts a player turn holding Maikop, Grozny and Baku with 6 counters in reserve
    (33.4624; check O-24)."""
    return set(RUSSIAN_TRACKING_CENTERS) <= set(russian_controlled) and reserve_fifths == counters(6)


# ---------------------------------------------------------------------------------------------------------------
# Sea shipment (33.43B, 33.4523, 33.473; extract 1.8)
# ---------------------------------------------------------------------------------------------------------------

TRANSPORTS_PER_OIL_COUNTER: Final = 1
"""Japan, the WA and WA oil to Russia: one transport sea escorts each oil counter (33.43B, 33.4523, 33.473)."""

EA_DESTROYER_FACTORS_PER_OIL_COUNTER: Final = 3
"""The European Axis escort each oil counter with 3 destroyer factors (33.43B)."""

JAPAN_MAX_OIL_SHIPPED_COUNTERS: Final = 6
"""Japan ships at most 6 counters per turn: the production of Brunei and Palembang (33.4523)."""

SEA_ROUTES: Final[dict[SwBox, dict[str, frozenset[str]]]] = {
    "atlantic": {"us_atlantic_box": frozenset({"wa_port", "south_africa_box"})},
    "pacific": {"us_pacific_box": frozenset({"wa_ph", "wa_aus", "wa_mnl"})},
    "indian_ocean": {
        "abadan": frozenset({"south_africa_box", "india_box", "suez", "basra"}),
        "south_africa_box": frozenset({"india_box", "suez", "abadan", "basra"}),
    },
}
"""WA oil shipping routes by SW box: origin -> destinations (33.4731-33.4733; check O-36). ``wa_port`` = any
eligible WA-controlled port."""


def oil_shipping_capacity(transports_available: int, faction: Faction) -> int:
    """Most oil counters (whole counters) a faction may ship from one SW box per turn: half the transports
    available there, rounded up; Japan at most 6 (33.4523, 33.473; TC-09, TC-10). Russia never ships (33.43B)."""
    _non_negative("transports_available", transports_available)
    if faction == "russia":
        return 0
    cap = _ceil_div(transports_available, 2)
    return min(cap, JAPAN_MAX_OIL_SHIPPED_COUNTERS) if faction == "japan" else cap


def shipment_findings(
    faction: Faction,
    fifths: int,
    *,
    transports: int = 0,
    destroyer_factors: int = 0,
    shipped_this_turn_fifths: int = 0,
    transports_available: int = 0,
) -> tuple[Breach, ...]:
    """A sea shipment of ``fifths`` (whole counters only): escort and per-box capacity (33.43B, 33.4523, 33.473;
    checks O-30, O-31). ``shipped_this_turn_fifths`` = earlier shipments from the same SW box this turn."""
    _non_negative("fifths", fifths)
    if faction == "russia":
        return (Breach("33.43B", "Russia may not ship oil by sea"),)
    found: list[Breach] = []
    whole, rest = divmod(fifths, FIFTHS_PER_COUNTER)
    if rest:
        found.append(Breach("33.43B", f"{fifths} fifths shipped: only whole counters move by sea"))
    if faction == "european_axis":
        if destroyer_factors < EA_DESTROYER_FACTORS_PER_OIL_COUNTER * whole:
            found.append(
                Breach("33.43B", f"{whole} counters need {3 * whole} destroyer factors, had {destroyer_factors}")
            )
    else:
        if transports < TRANSPORTS_PER_OIL_COUNTER * whole:
            found.append(Breach("33.43B", f"{whole} counters need {whole} transports, had {transports}"))
        cap = oil_shipping_capacity(transports_available, faction)
        total = (shipped_this_turn_fifths + fifths) // FIFTHS_PER_COUNTER
        if total > cap:
            found.append(Breach("33.473" if faction != "japan" else "33.4523",
                                f"{total} counters shipped from one SW box; the limit is {cap}"))  # fmt: skip
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# The Japanese embargo schedule (33.4521, 33.45211; extract 1.9)
# ---------------------------------------------------------------------------------------------------------------

EMBARGO_USJT: Final = 20
"""The U.S. may impose the oil embargo once USJT reaches 20; it is never lifted (33.45211A)."""

EMBARGO_PARTIAL_TURNS: Final = 2
"""The partial embargo lasts the two Japanese turns after the embargo turn (33.4521B)."""

EMBARGO_PARTIAL_FIFTHS: Final = 15
"""Three counters per turn from the market under the partial embargo (33.4521B)."""

MarketRules = Literal["classic", "full"]


def international_market_fifths(
    turns_since_embargo: int | None,
    *,
    at_war_with_usa: bool = False,
    war_declared_this_turn: bool = False,
    japanese_dei_flags: int = 0,
    british_dei_flags: int = 0,
    rules: MarketRules = "classic",
) -> int | None:
    """Oil Japan receives from the international market this game turn, in fifths; ``None`` = unlimited
    (33.4521, 33.45211; TC-01, check O-33).

    ``turns_since_embargo``: ``None`` if no embargo yet, 0 in the embargo turn, 1 the next game turn, and so on.
    DEI flag modifiers (33.45211B) apply only outside Classic.
    """
    if at_war_with_usa and not war_declared_this_turn:
        return 0
    if turns_since_embargo is None or turns_since_embargo == 0:
        return None
    if turns_since_embargo < 0:
        raise ValueError(f"turns_since_embargo must not be negative, not {turns_since_embargo!r}")
    jp = japanese_dei_flags if rules == "full" else 0
    br = british_dei_flags if rules == "full" else 0
    if turns_since_embargo <= EMBARGO_PARTIAL_TURNS:
        return max(0, EMBARGO_PARTIAL_FIFTHS + counters(jp) - counters(br))
    return counters(jp)


def embargo_findings(usjt: int) -> tuple[Breach, ...]:
    """The embargo is imposed only at USJT >= 20 (33.45211A)."""
    if usjt < EMBARGO_USJT:
        return (Breach("33.45211A", f"oil embargo imposed at USJT {usjt}; needs {EMBARGO_USJT}"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# WA oil shipments to Russia (33.4623; extract 1.10)
# ---------------------------------------------------------------------------------------------------------------

RussiaOilRoute = Literal["murmansk", "persia", "turkey", "siberia"]


@dataclass(frozen=True, slots=True)
class RussiaOilRouteSpec:
    """A route for WA oil to Russia: most counters per turn, and transports needed per counter (33.4623)."""

    max_counters: int
    transports_per_counter: int


RUSSIA_OIL_ROUTES: Final[dict[RussiaOilRoute, RussiaOilRouteSpec]] = {
    "murmansk": RussiaOilRouteSpec(2, 1),
    "persia": RussiaOilRouteSpec(1, 0),
    "turkey": RussiaOilRouteSpec(1, 0),
    "siberia": RussiaOilRouteSpec(1, 1),
}
"""WA oil to Russia per route and turn (33.4623; extract table 1.10)."""

OIL_COUNTER_BRP_EQUIVALENT: Final = 10
"""Each counter shipped to Russia counts 10 BRPs against the route limit and the overall grant limit; BRP levels are
not changed (33.4623)."""


def russia_oil_brp_equivalent(fifths: int) -> int:
    """BRPs charged to route and grant limits for oil shipped to Russia (33.4623; TC-19: 3 counters -> 30)."""
    _non_negative("fifths", fifths)
    return _ceil_div(fifths, FIFTHS_PER_COUNTER) * OIL_COUNTER_BRP_EQUIVALENT


def russia_shipment_findings(
    route: RussiaOilRoute, fifths: int, *, transports: int = 0, route_open: bool = True
) -> tuple[Breach, ...]:
    """WA oil to Russia on one route in one turn (33.4623; check O-34)."""
    _non_negative("fifths", fifths)
    spec = RUSSIA_OIL_ROUTES[route]
    found: list[Breach] = []
    n = _ceil_div(fifths, FIFTHS_PER_COUNTER)
    if not route_open:
        found.append(Breach("33.4623", f"oil sent via {route} while the route is closed"))
    if n > spec.max_counters:
        found.append(Breach("33.4623", f"{n} counters via {route}; at most {spec.max_counters} per turn"))
    if transports < n * spec.transports_per_counter:
        found.append(Breach("33.4623", f"{n} counters via {route} need {n * spec.transports_per_counter} transports"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Consumption by purpose (33.5-33.7, 33.8; extract 1.11, 1.12)
# ---------------------------------------------------------------------------------------------------------------

AIR_FACTORS_PER_FIFTH: Final = 5
"""One fifth lets 5 air factors conduct or oppose strategic bombing, or fly the Hump (33.82A)."""

SHIPS_PER_FIFTH: Final = 1
"""One fifth lets one fast 4/5-factor BB, CV or CVB operate (33.72C, 33.82B)."""

SUB_FACTORS_PER_FIFTH: Final = 5
"""One fifth covers 1-5 submarine factors, rounded up (33.72D, 33.82B)."""

BRPS_PER_FIFTH: Final = 5
"""One fifth covers 5 BRPs of construction at normal cost, or of BRP base growth (33.82C, D); a counter, 25."""

OilService = Literal["air", "naval", "army", "construction", "economic"]
"""The five oil effects (33.61A-E)."""

Unit = Literal["none", "air_factors", "ships", "sub_factors", "brps", "modifier_steps"]


@dataclass(frozen=True, slots=True)
class PurposeCost:
    """How one purpose is paid for (extract table 1.11).

    ``counter_covers``: quantity one full counter covers (``None`` = everything of that kind in the domain).
    ``per_fifth``: quantity one fifth covers, or ``None`` if fifths may not be used (33.81).
    ``unit``: what the quantity counts. ``timing``: when it may be bought (33.52, 33.73A).
    """

    service: OilService
    unit: Unit
    counter_covers: int | None
    per_fifth: int | None
    timing: str
    rule: str


OIL_PURPOSES: Final[dict[OilPurpose, PurposeCost]] = {
    "air_general": PurposeCost("air", "none", None, None, "oil adjustment, initial or post-combat supply",
                               "33.61A, 33.71B-C"),
    "naval_general": PurposeCost("naval", "none", None, None, "oil adjustment, initial or post-combat supply",
                                 "33.61B, 33.72B"),
    "army": PurposeCost("army", "none", None, None, "oil adjustment, initial or post-combat supply", "33.61C"),
    "strategic_air": PurposeCost("air", "air_factors", None, AIR_FACTORS_PER_FIFTH, "when conducted",
                                 "33.71D, 33.82A"),
    "hump": PurposeCost("air", "air_factors", None, AIR_FACTORS_PER_FIFTH, "when conducted", "33.71D, 33.82A"),
    "heavy_ships": PurposeCost("naval", "ships", None, SHIPS_PER_FIFTH, "when conducted", "33.72C, 33.82B"),
    "submarines": PurposeCost("naval", "sub_factors", None, SUB_FACTORS_PER_FIFTH, "when conducted",
                              "33.72D, 33.82B"),
    "construction": PurposeCost("construction", "brps", 25, BRPS_PER_FIFTH, "unit construction phase",
                                "33.61D, 33.82C"),
    "brp_growth": PurposeCost("economic", "brps", 25, BRPS_PER_FIFTH, "YSS", "33.61E, 33.82D"),
    "japanese_resistance": PurposeCost("economic", "modifier_steps", 1, None, "end of game turn", "33.74"),
    "local_naval": PurposeCost("naval", "none", None, None, "from Spring 1944, in Brunei or Palembang", "33.4522"),
    "other": PurposeCost("economic", "none", None, None, "-", "33.5"),
}  # fmt: skip
"""Cost of each purpose (33.5-33.7; extract table 1.11). The general air, naval and army offsets cost exactly one
full counter per oil domain (per nationality for Britain and the U.S., 33.55)."""

FIFTHS_ALLOWED_PURPOSES: Final[frozenset[OilPurpose]] = frozenset(
    p for p, cost in OIL_PURPOSES.items() if cost.per_fifth is not None
)
"""Purposes partial counters may pay for: strategic air and the Hump, heavy ships and submarines, construction,
BRP growth (33.81A-D). Not the general air, naval or army effects (33.81, by omission [RECON])."""

FREE_OIL_USES: Final[dict[str, str]] = {
    "kamikaze": "33.61A, 33.71D",
    "uninversion": "33.91",
    "non_inverted_heavy_ship_interception": "33.72C",
    "naval_units_in_sw_boxes": "33.72E",
    "wa_naval_atlantic_pacific_sw_boxes": "33.4716E",
    "japan_home_waters_interception": "33.61B",
    "units_inside_sa_india_australia_boxes": "33.4715",
}
"""Uses that cost no oil, with their rules (extract 1.11). Check O-66: no oil is recorded for these."""


def oil_cost_fifths(purpose: OilPurpose, quantity: int = 0) -> int:
    """The fifths one expenditure for ``purpose`` needs (33.61, 33.7, 33.82; checks O-50, O-54, O-56, O-57, O-82).

    ``quantity`` is in the purpose's unit (air factors, ships, submarine factors, BRPs, resistance steps). Where a
    full counter covers everything of its kind (strategic air, heavy ships), the cheaper of the counter and the
    fifths is returned; submarines have no counter of their own (the general naval offset covers them).
    """
    _non_negative("quantity", quantity)
    cost = OIL_PURPOSES[purpose]
    if cost.unit == "none":
        return FIFTHS_PER_COUNTER
    if cost.unit == "modifier_steps":
        return counters(quantity)
    assert cost.per_fifth is not None
    fifths = _ceil_div(quantity, cost.per_fifth)
    if purpose in ("strategic_air", "hump", "heavy_ships"):
        return min(fifths, FIFTHS_PER_COUNTER)
    return fifths


def oil_allowance(purpose: OilPurpose, fifths: int) -> int:
    """What ``fifths`` of oil buys for a fifths-payable purpose, in its unit: air factors, ships, submarine factors
    or BRPs (33.82; TC-04, TC-15). A full counter on strategic air or heavy ships covers all (use ``oil_cost``)."""
    _non_negative("fifths", fifths)
    per = OIL_PURPOSES[purpose].per_fifth
    if per is None:
        raise ValueError(f"{purpose!r} is not paid by the fifth (33.81)")
    return per * fifths


def construction_allowance_brps(fifths: int) -> int:
    """BRPs of units buildable at normal cost: 25 per counter + 5 per fifth (33.61D, 33.81C; TC-04)."""
    return oil_allowance("construction", fifths)


def double_cost_brps(normal_cost_brps: int, oil_fifths: int) -> int:
    """BRPs of builds beyond the oil allowance; those are charged double (33.61D, 27.13B; check O-61)."""
    _non_negative("normal_cost_brps", normal_cost_brps)
    return max(0, normal_cost_brps - construction_allowance_brps(oil_fifths))


def growth_allowance_brps(fifths: int, *, power: Power | None = None) -> int | None:
    """BRP base growth the YSS oil allows: 25 per counter + 5 per fifth; China is exempt (``None`` = no limit)
    (33.61E, 33.82D; check O-63)."""
    if power == "china":
        return None
    return oil_allowance("brp_growth", fifths)


def expenditure_findings(purpose: OilPurpose, fifths: int, quantity: int = 0) -> tuple[Breach, ...]:
    """One recorded expenditure: the general offsets take exactly one full counter; fifths-payable purposes must
    pay at least what the quantity needs (33.61A-C, 33.81, 33.82; checks O-50, O-54, O-56, O-57, O-80)."""
    _non_negative("fifths", fifths)
    cost = OIL_PURPOSES[purpose]
    if purpose in ("air_general", "naval_general", "army", "local_naval"):
        if fifths != FIFTHS_PER_COUNTER:
            return (Breach("33.81", f"{purpose} offset paid with {fifths} fifths; it takes exactly one full counter"),)
        return ()
    if purpose == "japanese_resistance":
        if fifths != counters(quantity):
            return (Breach("33.74", f"{quantity} resistance steps cost {counters(quantity)} fifths, paid {fifths}"),)
        if fifths % FIFTHS_PER_COUNTER:
            return (Breach("33.74", "resistance oil is paid in whole counters"),)
        return ()
    if cost.per_fifth is None:
        return ()
    need = oil_cost_fifths(purpose, quantity)
    if fifths < need:
        return (Breach(cost.rule, f"{purpose}: {quantity} {cost.unit} need {need} fifths, paid {fifths}"),)
    return ()


def shortfall_fifths(available: int, spent: int) -> int:
    """By how many fifths a spend exceeds what is available (0 if covered). A reserve never goes below 0
    (extract 4.3 invariant)."""
    _non_negative("available", available)
    _non_negative("spent", spent)
    return max(0, spent - available)


def available_findings(available: int, spent: int, *, where: str = "reserve") -> tuple[Breach, ...]:
    """ "Spent more than available": oil spent from a reserve, pool or retained fifths that do not hold it
    (extract 4.3: no debt, no negative reserves; checks O-26, O-81)."""
    short = shortfall_fifths(available, spent)
    if short:
        return (Breach("33.4", f"{spent} fifths spent from {where} holding {available} ({short} short)"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# Partial counters: breaking and retention (33.81, 33.83; extract 1.12)
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Retention:
    """Partial oil after consolidation at the end of a player turn (33.83): whole counters back and fifths kept."""

    consolidated_counters: int
    retained_fifths: int


def retain_partial(fifths: int) -> Retention:
    """Consolidate unused partial oil: at most 4 fifths are retained; every 5 become a full counter (33.83)."""
    _non_negative("fifths", fifths)
    whole, rest = divmod(fifths, FIFTHS_PER_COUNTER)
    return Retention(whole, rest)


def retention_findings(retained_fifths: int) -> tuple[Breach, ...]:
    """Retained fifths never exceed 80 % of a counter (33.83; check O-81)."""
    if retained_fifths > MAX_RETAINED_FIFTHS:
        return (Breach("33.83", f"{retained_fifths} fifths retained; at most {MAX_RETAINED_FIFTHS}"),)
    return ()


@dataclass(frozen=True, slots=True)
class PartialDraw:
    """Paying ``fifths`` from retained partials first, then by breaking counters from the reserve (extract 4.3, 3.1)."""

    from_retained: int
    counters_broken: int
    retained_after: int


def draw_partial(fifths: int, retained: int) -> PartialDraw:
    """Pay ``fifths`` from retained partial oil first, breaking as few counters as needed (33.81, 33.83)."""
    _non_negative("fifths", fifths)
    _non_negative("retained", retained)
    use = min(fifths, retained)
    broken = _ceil_div(fifths - use, FIFTHS_PER_COUNTER)
    return PartialDraw(use, broken, retained - use + counters(broken) - (fifths - use))


# ---------------------------------------------------------------------------------------------------------------
# Oil effects (33.61, 33.63; extract 1.13) and oil domains (extract 4.2)
# ---------------------------------------------------------------------------------------------------------------

OIL_EFFECT_NATIONALITY_DRM: Final = -1
"""Air or Naval Nationality DRM when the air or naval effect is not offset, or units fight without oil (33.61A-B,
33.73C)."""

OIL_EFFECT_CTL: Final = -1
"""CTL of all ground units under the army oil effect (33.61C)."""

UNOILED_ARMOR_MOVEMENT: Final[dict[str, int]] = {"europe": 3, "pacific": 2}
"""Armor (and WA mechanized infantry in Europe) under the army effect move 3 (Europe) or 2 (Pacific) (33.61C)."""

JAPAN_HOME_INTERCEPT_HEXES: Final = 4
"""Japanese ships based in Japan intercept within 4 hexes of a Japanese port in Japan without oil (33.61B)."""

OIL_EFFECTS: Final[dict[OilService, tuple[str, ...]]] = {
    "air": (
        "Air Nationality DRM -1",
        "no offensive operations, search, air cover, naval strikes at sea, strategic bombing or Hump flights",
        "defensive air only in the base hex",
        "Japanese air units in Japan exempt from the search, air cover, naval-strike and defensive limits",
        "staging and redeployment free",
    ),
    "naval": (
        "Naval Nationality DRM -1 (not Japanese home-waters interception)",
        "no offensive operations, sea-supply protection, sea escort or interception (subs in fortified ports excepted)",
        "submarine warfare only with submarine oil (33.72D)",
        "no onboard sea escort by transports (21.64G)",
        "changing base and redeploying free",
    ),
    "army": (
        "CTL -1 for all ground units",
        "no sea transport or seaborne invasion from the location",
        "no attrition losses from a zone that last sea-supplied the attrition zone (14.52A)",
        "armor and WA mech infantry in Europe act as infantry (move 3 Europe / 2 Pacific, no ZoC, no breakthrough)",
        "no airdrops",
        "equal to partial supply and not cumulative with it (30.52)",
    ),
    "construction": ("builds beyond 25 BRPs per counter + 5 per fifth cost double (27.13B)",),
    "economic": ("YSS BRP growth limited to 25 BRPs per counter + 5 per fifth; China exempt",),
}
"""What an unoffset oil effect does (33.61A-E; extract 1.13), as reference data for the audit's messages."""

OFFSET_SERVICES: Final[tuple[OilService, ...]] = ("air", "naval", "army")
"""Services bought per oil domain with one full counter each (33.52A, 33.61A-C)."""

WA_OIL_NATIONALITIES: Final[tuple[Power, ...]] = ("britain", "usa")
"""The WA buy offsets separately for British and American service branches (33.55)."""

OIL_EXEMPT_FACTIONS: Final[frozenset[Faction]] = frozenset({"china"})
"""China has no oil effects at all, the Flying Tigers included (33.49)."""

RESERVE_DOMAINS: Final[dict[ReserveId, tuple[str, ...]]] = {r: spec.sources for r, spec in RESERVES.items()}
"""Reserve oil domains: the unlimited supply sources that share one oil status (33.441, 33.451, 33.461, 33.471;
extract 4.2). Zone domains (33.533, 33.534) are named by the supply zone and pay from local or shipped-in oil."""


# ---------------------------------------------------------------------------------------------------------------
# Pearl Harbor oil strike (33.424) and Japanese resistance (33.74)
# ---------------------------------------------------------------------------------------------------------------


def pearl_harbor_strike_loss(air_attack_result: int, reserve_fifths: int = counters(3)) -> int:
    """Fifths destroyed by a second Pearl Harbor strike: 1/2/all 3 counters for results 1/2/3+, none for 0
    (33.424; TC-14). Never more than the reserve holds."""
    _non_negative("air_attack_result", air_attack_result)
    return min(reserve_fifths, counters(min(air_attack_result, 3)))


RESISTANCE_DELTA_STEPS: Final[tuple[tuple[int, int], ...]] = ((6, 2), (2, 1))
"""Island-group difference thresholds and the resistance modifier they buy: >= 6 -> 2, >= 2 -> 1 (33.74)."""


@dataclass(frozen=True, slots=True)
class ResistancePurchase:
    """The Japanese resistance modifier an island-group difference allows, and who pays how many fifths (33.74)."""

    modifier: int
    payer: Faction | None
    fifths: int


def japanese_resistance_oil(island_group_delta: int) -> ResistancePurchase:
    """``delta`` = island groups Japan controls - those the WA control. The benefiting side pays one counter per
    modifier step at the end of the game turn (33.74, 33.52D; TC-16, check O-64)."""
    size = abs(island_group_delta)
    for threshold, steps in RESISTANCE_DELTA_STEPS:
        if size >= threshold:
            if island_group_delta > 0:
                return ResistancePurchase(steps, "japan", counters(steps))
            return ResistancePurchase(-steps, "western_allies", counters(steps))
    return ResistancePurchase(0, None, 0)
