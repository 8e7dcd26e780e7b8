"""Who may draw on which source, the reserves and their maxima, tracking (33.42-33.48; 31-34 extract 1.2, 1.6, 1.7)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final, Literal

import msgspec

from awaw_events.events.oil import ReserveKind
from awaw_events.options import INTERPRETATION_OPTIONS, OIL_PARTIAL_IN_CAP
from awaw_events.vocab import Faction
from projections.rules.breach import Breach
from projections.rules.oil.fifths import _non_negative, counters, partial_of
from projections.rules.oil.production import GERMAN_OBJECTIVES, OIL_SOURCES, OilCenter, OilSourceId

# ---------------------------------------------------------------------------------------------------------------
# Which faction may draw on which source (33.44-33.47; extract 1.2)
# ---------------------------------------------------------------------------------------------------------------

Controller = Literal["european_axis", "japan", "western_allies", "russia", "china", "neutral", "partisan"]
"""Who holds an oil source: a faction, a neutral country, or partisans (33.33B)."""

EA_PLOESTI_RGT_BAR: Final = 45
"""The EA may not draw on a Russian-held Ploesti once RGT is 45 or more (33.4421A)."""

PERSIAN_OIL_CENTERS: Final[tuple[OilCenter, ...]] = ("abadan", "ahwaz")
"""Persia's oil centers: Russia draws at most one counter a turn from them together (33.4622)."""

RUSSIA_PERSIA_MAX_FIFTHS: Final = 5
"""Russia draws at most one counter per turn from Persia (Abadan or Ahwaz) in total (33.4622)."""

WA_MOSUL_TO_RUSSIA_MAX_FIFTHS: Final = 5
"""At most one WA Mosul counter per turn goes to Russia through Turkey (33.4722)."""


class SourceAccess(msgspec.Struct, frozen=True):
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


class DrawContext(msgspec.Struct, frozen=True):
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

ReserveId = ReserveKind
"""The nine oil reserves (33.421; extract 4.1): ``oil_reserve_defined.kind``."""


class ReserveSpec(msgspec.Struct, frozen=True):
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

RESERVE_ALIASES: Final[dict[str, ReserveId]] = {
    **{r: r for r in RESERVES},
    "european_axis": "ea",
    "japan": "jp",
    "russia": "ru",
    "wa_europe": "wa_eu",
    "wa_india": "wa_ind",
    "wa_south_africa": "wa_sa",
    "wa_pearl_harbor": "wa_ph",
    "wa_australia": "wa_aus",
    "wa_manila": "wa_mnl",
}
"""Reserve ids a log may use for the reserves of 33.422: the extract's short ids (4.1) and the long ones the
example game and README use. Another id names its reserve with ``oil_reserve_defined.kind``."""


def reserve_kind(reserve: str, declared: str | None = None) -> ReserveId | None:
    """Which reserve of 33.422 a log's reserve id stands for: the declared kind, else the id's own spelling
    (:data:`RESERVE_ALIASES`), else ``None`` (unknown: the audit cannot give its maximum)."""
    if declared in RESERVES:
        return declared
    return RESERVE_ALIASES.get(reserve)


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


def fixed_reserve_max(reserve: ReserveId, *, variant: str = "classic") -> int | None:
    """A reserve's maximum in fifths when no control decides it: the South Africa and Australia boxes 3 counters,
    the India box 3 in Classic (33.422E-F, H; 33.431: the South Africa box holds at most 3 at the end of a player
    turn, whatever is promised to India). ``None`` when control (or, for India outside Classic, research) sets it."""
    spec = RESERVES[reserve]
    if spec.fixed_max is not None:
        return counters(spec.fixed_max)
    if reserve == "wa_ind" and variant == "classic":
        return counters(india_reserve_max(rules="classic"))
    return None


PLACE_OWNERS: Final[dict[str, Controller]] = {
    **dict.fromkeys(GERMAN_OBJECTIVES, "european_axis"),
    **dict.fromkeys(("tokyo", "osaka", "kagoshima", "harbin", "mukden"), "japan"),
    **dict.fromkeys(("moscow", "leningrad", "stalingrad", "grozny", "maikop", "baku", "urals_box"), "russia"),
    **dict.fromkeys(("birmingham", "london", "manchester", "paris", "pearl_harbor", "manila"), "western_allies"),
    **dict.fromkeys(("ploesti", "mosul", "abadan", "ahwaz", "palembang", "brunei", "balikpapan", "batavia"), "neutral"),
}  # fmt: skip
"""Who holds each place the oil rules name at the start of a game, for a hex whose control the log never changed
(33.422 reserve locations, 33.4523 ports, 33.22 oil centers). Minor countries are ``neutral`` here: the board
records their hexes' control by country, and a minor's oil goes to nobody until an alliance faction holds it
(33.41A). Boxes never change hands."""

PLACE_NAMES: Final[dict[str, str]] = {place: place.replace("_", " ").title() for place in PLACE_OWNERS}
"""How map data names each place (``HexFacts.name``): ``pearl_harbor`` is "Pearl Harbor"."""


PartialInCap = Literal["excluded", "counted"]
"""Option ``oil.partial_in_cap``: does a reserve's partial oil count toward its maximum (33.422, 33.83; extract Q2)?

``excluded`` (default, the extract's Q2 proposal "outside the cap"): the maximum limits whole **oil counters**
("any oil counters in excess of the maximum are eliminated", 33.422); the reserve's retained fifths (``level % 5``,
at most 4, 33.83) stay on top of it. ``counted``: the level in fifths, partials included, is cut to the maximum."""


def partial_in_cap(options: Mapping[str, str]) -> PartialInCap:
    """The game's ``oil.partial_in_cap`` option (default ``excluded``; unknown values fall back to the default)."""
    option = INTERPRETATION_OPTIONS[OIL_PARTIAL_IN_CAP]
    value = options.get(OIL_PARTIAL_IN_CAP, option.default)
    return value if value in option.values else option.default  # type: ignore[return-value]


def reserve_cap_excess(reserve_fifths: int, max_fifths: int, partial: PartialInCap = "counted") -> int:
    """Fifths to eliminate at the end of a player turn because the reserve is over its maximum (33.422; O-20).

    ``partial`` is the reading of option ``oil.partial_in_cap``: with ``excluded`` the reserve's partial oil is not
    held against the maximum. A level below zero (a log that spent more than it held) has no excess."""
    counted = reserve_fifths if partial == "counted" else reserve_fifths - partial_of(reserve_fifths)
    return max(0, counted - max_fifths)


ELIMINATION_RULES: Final[dict[str, str]] = {
    "over_reserve_max": "33.422",
    "unused_at_source": "33.41D",
    "not_in_reserve": "33.431",
    "reserve_eliminated": "33.425",
    "pearl_harbor_strike": "33.424",
}
"""The rule behind each elimination reason (``oil_counters_eliminated.reason``; extract 3.6)."""


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
