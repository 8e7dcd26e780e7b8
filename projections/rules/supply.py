"""Supply (rule 30; A3R App. H and I): sources, what a unit without supply may not do, sea supply and isolation.

Source: 27-30 extract 1.23-1.26 (sources, sea supply, status effects, isolation) and checklist 2.11 (S-01..S-25);
A3R extract 2.12 (App. I supply sources, App. H Russian IC supply; checks C-SUP-1, C-SUP-2). Tracing a supply line
needs the map: a determination records each result's source and, where the players give it, the land line and the
sea line it came through (``supply_result.path``, ``supply_result.sea_line``); the checks test those against the
geometry and the map data. Which determinations were made this player turn, the results of each, the units isolated
at the initial one and the sea lines traced are running facts of :mod:`projections.land`.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from awaw_events.vocab import SIDE_OF_FACTION, Faction, Side, SupplyStatus
from projections.rules.geometry import ROW_LABELS

Determination = Literal["initial", "post_combat"]
"""The two supply determinations of a player turn: initial (movement phase) and post-combat (30.41-30.43)."""

UNSUPPLIED_STATUSES: Final[frozenset[SupplyStatus]] = frozenset({"unsupplied", "isolated"})
"""Results with neither full nor partial (limited) supply. A ground unit with one at the initial determination does
not move, advance after combat or redeploy that player turn (30.16, 30.531; check S-12); a bridgehead with one at
its owner's post-combat determination is removed (31.41B)."""

RANK: Final[dict[str, int]] = {"isolated": 0, "unsupplied": 0, "partial": 1, "full": 2}
"""Supply results from worst to best (30.15): a limited source gives partial supply, an unlimited one full."""


def determined_by(faction: Faction, side: Side | None) -> bool:
    """Supply is determined only for the moving player's units: the faction belongs to the side whose player turn
    it is (30.41; check S-01). True when the player turn is not recorded."""
    return side is None or SIDE_OF_FACTION[faction] == side


def immobile(status: str) -> bool:
    """A ground unit with this status at the initial supply determination may not move or advance (30.16, 30.531)."""
    return status in UNSUPPLIED_STATUSES


def supplied(status: str | None) -> bool:
    """Full or partial (limited) supply (30.15, 30.47: either counts as "received supply")."""
    return status in ("full", "partial")


def downgrade(initial: str, post_combat: str) -> bool:
    """A post-combat result worse than the initial one: supply obtained at the initial determination lasts until the
    end of the next initial determination (30.47), and post-combat only re-traces to units and hexes unsupplied or
    partially supplied at the initial one (30.43; checks S-02, S-19)."""
    return RANK.get(post_combat, 0) < RANK.get(initial, 0)


# ---------------------------------------------------------------------------------------------------------------------
# Supply sources (30.2; A3R App. I)

SourceKind = Literal["unlimited", "limited"]
Scope = Literal["all", "in_hex", "controller"]
"""Whom a source supplies: its faction's units anywhere (``all``), only the units in its hex (``in_hex``, 30.262C,
30.267A), or the units of whoever controls its hex (``controller``: colonial capitals 30.265, conquered Chinese
objectives 30.266)."""


class Source(msgspec.Struct, frozen=True):
    """A named supply source: its faction, what it gives, whom it supplies, and the rule."""

    faction: Faction
    kind: SourceKind
    rule: str
    scope: Scope = "all"
    capital_of: str | None = None
    """The major power whose capital it is (30.23, 30.263: limited after that power surrenders; no source while the
    enemy holds it and the power has not surrendered)."""
    needs: str | None = None
    """A status it needs: ``not_surrendered:australia`` (30.224C), ``ukraine_axis`` (30.265 Kiev)."""


def _named(names: str, faction: Faction, kind: SourceKind, rule: str, scope: Scope = "all") -> dict[str, Source]:
    return {n: Source(faction, kind, rule, scope) for n in names.split()}


_COLONIAL_EUROPE: Final = "al_kuwait algiers amman baghdad cairo damascus jerusalem rabat tangier tirane tripoli tunis"
_COLONIAL_PACIFIC: Final = (
    "harbin mukden taipei saigon rangoon kuala_lumpur singapore kuching batavia palembang balikpapan ulan_bator kyzyl"
)

AWAW_SOURCES: Final[dict[str, Source]] = {
    "berlin": Source("european_axis", "unlimited", "30.222A", capital_of="germany"),
    "rome": Source("european_axis", "unlimited", "30.222A", capital_of="italy"),
    **_named("tokyo osaka kagoshima seoul", "japan", "unlimited", "30.223A"),
    "london": Source("western_allies", "unlimited", "30.224A", capital_of="britain"),
    "paris": Source("western_allies", "unlimited", "30.224A", capital_of="france"),
    **_named("us_atlantic us_pacific south_africa", "western_allies", "unlimited", "30.224B"),
    "australia": Source("western_allies", "unlimited", "30.224C", needs="not_surrendered:australia"),
    "india": Source("western_allies", "unlimited", "30.224C", needs="not_surrendered:india"),
    **_named("pearl_harbor manila colombo", "western_allies", "unlimited", "30.224D"),
    "urals": Source("russia", "unlimited", "30.225A"),
    **_named("chungking canton nanking peking shanghai", "china", "unlimited", "30.226A"),
    **_named("breslau cologne essen leipzig genoa milan", "european_axis", "limited", "30.262A"),
    **_named("birmingham manchester lyon marseilles", "western_allies", "limited", "30.262B"),
    **_named("vladivostok irkutsk", "russia", "limited", "30.262C", scope="in_hex"),
    **{n: Source("western_allies", "limited", "30.265", scope="controller") for n in _COLONIAL_EUROPE.split()},
    **{n: Source("western_allies", "limited", "30.265", scope="controller") for n in _COLONIAL_PACIFIC.split()},
    "kiev": Source("european_axis", "limited", "30.265", needs="ukraine_axis"),
}
"""AWAW's named supply sources (30.22, 30.26): their faction (the colonial capitals: whoever controls them; the
faction given is only a default), what they give and whom. Synthetic oil plants, Communist Chinese cities, minor
capitals and ICs are hexes, not names: a result names them by hex id."""

A3R_SOURCES: Final[dict[str, Source]] = {
    "berlin": AWAW_SOURCES["berlin"],
    "rome": AWAW_SOURCES["rome"],
    "london": AWAW_SOURCES["london"],
    "paris": AWAW_SOURCES["paris"],
    **_named("us_atlantic south_africa india", "western_allies", "unlimited", "A3R App. I 30.224"),
    "urals": Source("russia", "unlimited", "A3R App. I 30.225"),
    "moscow": Source("russia", "unlimited", "A3R App. I 30.225", capital_of="russia"),
    **_named("breslau cologne essen leipzig genoa milan", "european_axis", "limited", "A3R App. I 30.262"),
    **_named("birmingham manchester lyon marseilles", "western_allies", "limited", "A3R App. I 30.262"),
    **{
        n: Source("western_allies", "limited", "A3R App. I 30.265", scope="controller")
        for n in _COLONIAL_EUROPE.split()
    },
    "kiev": Source("european_axis", "limited", "A3R App. I 30.265", needs="ukraine_axis"),
}
"""The house rule's sources (A3R App. I, option ``supply.sources=awaw_30_2_mod``): no Pacific sources; Moscow is
unlimited for Russia; Suez and Basra are not sources (A3R 19.35 amended)."""

SOURCES_OPTION: Final = "supply.sources"
HOUSE_SOURCES: Final = "awaw_30_2_mod"
IC_SUPPLY_OPTION: Final = "supply.ic_supply"
HOUSE_IC_SUPPLY: Final = "awaw_37_7_mod"

URALS_EDGE_ROWS: Final[frozenset[str]] = frozenset(ROW_LABELS[: ROW_LABELS.index("Z") + 1])
"""The rows of the European map's eastern edge whose Russian hexes lead to the Urals box: A62 in the north to Z53
in the south (30.225B); which hex ends each row is the map data's extent."""

PACIFIC_URALS_ROWS: Final[frozenset[str]] = frozenset("ABCDEFGHIJKL")
"""The rows of the Pacific map's western edge whose Russian hexes lead to the Urals box: A23 to F18, and G18 to
L15 if Communist China is a Russian minor ally and those hexes are Russian-controlled (30.225B)."""
PACIFIC_URALS_ROWS_IF_ALLIED: Final[frozenset[str]] = frozenset("GHIJKL")
"""The rows of :data:`PACIFIC_URALS_ROWS` that lead to the Urals only with Communist China a Russian minor ally."""

SURRENDERED_CAPITALS: Final[frozenset[str]] = frozenset({"germany", "italy", "france", "britain", "russia"})
"""Powers whose capital becomes a limited source once they surrender (30.23, 30.263; Moscow too in the house rule,
A3R App. I)."""

AUTOMATIC_SOURCES: Final[frozenset[str]] = frozenset({"exploitation", "automatic", "neutral", "bridgehead"})
"""Source names that are not places: exploiting armor (30.551A), the other automatic cases (30.551B-E), a neutral's
own supply (30.48) and the bridgehead in the subject's own hex (30.25A)."""


def sources(rules: str, options: dict[str, str]) -> dict[str, Source]:
    """The named sources of a game: AWAW's (30.2), or the house list for an A3R game using App. I."""
    if rules == "a3r" and options.get(SOURCES_OPTION, HOUSE_SOURCES) == HOUSE_SOURCES:
        return A3R_SOURCES
    return AWAW_SOURCES


def may_draw(user: Faction, owner: Faction, *, nationality: str | None = None) -> Literal["yes", "no", "limited"]:
    """Whether units of ``user`` may draw on a source of ``owner`` (30.29): their own faction's; Nationalist China
    on Western Allied and Russian sources (30.226B); Communist China on Russian sources (30.225C); the Western
    Allies only limited supply from Nationalist Chinese sources (30.294); never Western Allied and Russian sources
    across (30.291), nor Japanese units from Russian ones (30.293), nor across the two sides."""
    if user == owner:
        return "yes"
    if user == "china" and owner in ("western_allies", "russia"):
        return "yes"
    if nationality == "communist_china" and owner == "russia":
        return "yes"
    if user == "western_allies" and owner == "china":
        return "limited"
    return "no"


# ---------------------------------------------------------------------------------------------------------------------
# Isolation (30.54) and automatic supply (30.55)

Exception_ = Literal["fort", "pacific_port", "japanese_jungle", "chinese_in_china", "air_naval"]

EXCEPTION_RULES: Final[dict[Exception_, str]] = {
    "fort": "30.542A",
    "pacific_port": "30.542B",
    "japanese_jungle": "30.542C",
    "chinese_in_china": "30.542D",
    "air_naval": "30.542E",
}
"""Units not eliminated by isolation (30.542A-E)."""

JAPANESE_JUNGLE_EXCLUDED: Final[frozenset[str]] = frozenset({"thailand", "wang", "ina"})
"""Nationalities the Japanese jungle exception does not extend to: Thai, Wang and Indian National Army (30.542C)."""

JUNGLE_TERRAINS: Final[frozenset[str]] = frozenset({"jungle", "jungle_mountain"})


def isolation_exception(
    *,
    naval_or_air: bool,
    fortified: bool | None,
    pacific: bool,
    port_or_island: bool | None,
    nationality: str,
    owner: str,
    terrain: str | None,
    country: str | None,
) -> Exception_ | Literal["unknown"] | None:
    """Why an isolated unit survives the post-combat determination (30.542), None when nothing saves it, or
    ``unknown`` when a fact the exceptions need (fort, port, terrain, country) is not known."""
    if naval_or_air:
        return "air_naval"
    if fortified:
        return "fort"
    unknown = fortified is None
    if pacific:
        if port_or_island:
            return "pacific_port"
        unknown = unknown or port_or_island is None
        if owner == "japan" and nationality not in JAPANESE_JUNGLE_EXCLUDED:
            if terrain in JUNGLE_TERRAINS:
                return "japanese_jungle"
            unknown = unknown or terrain is None
    if nationality in ("china", "communist_china") or owner == "china":
        if country in ("china", "communist_china"):
            return "chinese_in_china"
        unknown = unknown or country is None
    return "unknown" if unknown else None


def automatic_supply_valid(exploited_turn: int, turn: int, *, redeployed: bool) -> bool:
    """Exploiting armor is automatically in full supply during the game turn after it exploited (30.551A), unless it
    redeployed in the player turn it exploited (30.552); ``turn`` is the game turn of the determination."""
    return not redeployed and turn == exploited_turn + 1


# ---------------------------------------------------------------------------------------------------------------------
# Sea supply (30.33-30.38)

BoxRoute = Literal["destination", "line"]


class BoxSupply(msgspec.Struct, frozen=True):
    """Sea supply from a mapboard box (30.331C): the transports it needs (their SW box), counted per destination
    hex or per line, and the hexes it must end in or pass (empty: anywhere)."""

    transport: Literal["atlantic", "pacific", "indian_ocean"]
    per: BoxRoute
    rule: str
    ends: frozenset[str] = frozenset()
    """Hex names at least one of which the line must end in or pass (by map data name)."""
    entry: frozenset[str] = frozenset()
    """Hex names through which the line enters the map."""


BOX_SUPPLY: Final[dict[str, BoxSupply]] = {
    "us_atlantic": BoxSupply("atlantic", "destination", "30.331C"),
    "us_pacific": BoxSupply(
        "pacific",
        "destination",
        "30.331C",
        ends=frozenset(
            {"Dutch Harbor", "Hawaii", "Kauai", "Maui", "Necker", "Oahu", "Pearl Harbor", "Bora Bora", "Tahiti"}
        ),
    ),
    "south_africa": BoxSupply("indian_ocean", "line", "30.331C", ends=frozenset({"Suez", "Basra", "Abadan"})),
    "india": BoxSupply("indian_ocean", "line", "30.331C", entry=frozenset({"PAC:CC2"})),
    "australia": BoxSupply("pacific", "line", "30.331C", entry=frozenset({"PAC:NN24", "PAC:NN31"})),
}
"""Sea supply from the mapboard boxes (30.331C, 27-30 extract 1.24): one Atlantic or Pacific transport per
destination hex from the U.S. boxes, one Indian Ocean or Pacific transport per line from the South Africa, India and
Australia boxes; the Pacific U.S. box's lines end in or pass a port of Dutch Harbor, the Hawaiian or Society
Islands; the South Africa box supplies only Suez, Basra or Abadan; the India box enters the Pacific map at CC2, the
Australia box at NN24 or NN31."""

BOX_DESTINATION_PURPOSES: Final[frozenset[str]] = frozenset({"oil", "brp"})
"""Sea supply lines may end in a mapboard box only to ship oil or BRPs (30.331D) ..."""
BOX_DESTINATIONS: Final[frozenset[str]] = frozenset({"south_africa", "india", "australia"})
"""... and only in the South Africa, India or Australia box (30.331D, 33.43B, 40)."""

ONE_HEX_BEACHES: Final[frozenset[str]] = frozenset({"New Ireland", "Palawan", "Halmahera"})
"""Islands whose beach hexes take sea supply as though they were ports (30.331B, 4.75), by map data name."""

NEW_GUINEA: Final = "New Guinea"
NEW_GUINEA_PORTS: Final[frozenset[str]] = frozenset({"Port Moresby", "Sorong"})
"""No full supply into New Guinea's jungle/mountain hexes (except by sea into Port Moresby or Sorong), and none out
of them (partial out of Port Moresby or Sorong) (30.327): the area and the ports by map data name."""

SECOND_LINE_EXCEPTIONS: Final[frozenset[str]] = frozenset({"zoc_split"})
"""Why a second line to one supply zone in one determination may be allowed: ZoCs stop one line supplying the
whole zone (30.342); oil and BRP shipments are never limited (purpose ``oil``/``brp``)."""

RETRY_EXCEPTIONS: Final[frozenset[str]] = frozenset({"new_port", "upgrade"})
"""Why a post-combat line may go to a zone tried (or declined) at the initial determination: a newly captured port
(30.45) or an upgrade (30.46)."""


def line_type(origin_status: str | None) -> str:
    """The supply a sea line carries: that of the zone or source it leaves from (30.332C, 30.333)."""
    return origin_status or "unsupplied"


# ---------------------------------------------------------------------------------------------------------------------
# Designation (30.212)

DESIGNATION_OPTION: Final = "supply.designation_timing"
"""30.212 "A supply source so designated does not provide supply in the turn of designation" [UNSURE: which
designation]. ``next_turn`` (default, the extract's reading): switching a source on or off takes effect from the next
game turn (a source switched off still supplies this turn; one switched on does not yet). ``off_at_once``: a source
switched off stops at once, one switched on waits until the next game turn."""


def designated_active(active: bool, since_turn: int, turn: int, timing: str) -> bool:
    """Whether a source designated ``active`` in game turn ``since_turn`` acts as a source in game turn ``turn``."""
    if turn > since_turn:
        return active
    if timing == "off_at_once" and not active:
        return False
    return not active  # the turn of designation keeps the previous state


# ---------------------------------------------------------------------------------------------------------------------
# Partial supply impairments (30.52)

PARTIAL_ARMOR_MF: Final[dict[str, int]] = {"europe": 3, "pacific": 2}
"""Armor (and British and U.S. mechanized infantry in Europe) in partial supply lose their mechanized component:
movement factor 3 in Europe, 2 in the Pacific (30.522B)."""

PARTIAL_MECH_TYPES: Final[frozenset[str]] = frozenset({"armor", "mech_infantry"})

OFFENSIVE_MISSIONS: Final[frozenset[str]] = frozenset(
    {"counterair", "escort", "ground_support", "bombing", "naval_patrol", "shore_bombardment", "air_transport"}
)
"""Air missions a unit based in a partially supplied (or unsupplied) hex may not fly (30.523A: no offensive
operations, no search or air cover; defensive activities only in its own hex)."""
