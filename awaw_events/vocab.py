"""The game's fixed vocabulary: powers, factions, seasons, phases, unit types.

These literals are part of the on-disk schema (they appear in stored events), so values are only ever added,
never renamed. Sources: rules 27-30 extract section 5 (powers and alliance factions, turn structure), rules 31-34
extract section 5, rules 10-16 extract section 7 (unit types).
"""

from __future__ import annotations

from typing import Final, Literal, get_args

Season = Literal["spring", "summer", "fall", "winter"]
"""A game turn is one season; Winter carries the year in which it begins (27-30 extract 5.2)."""

SEASONS: Final[tuple[Season, ...]] = get_args(Season)

Side = Literal["axis", "allied"]
"""The two player turns of every game turn, Axis first (A3R house rule option ``sop.variant``; 27-30 extract 5.2)."""

SIDES: Final[tuple[Side, ...]] = get_args(Side)

Power = Literal["germany", "italy", "japan", "britain", "france", "usa", "russia", "china"]
"""The major powers (27-30 extract 5.1). China stands for Nationalist China; Communist China is a nationality."""

POWERS: Final[tuple[Power, ...]] = get_args(Power)

Group = Literal["european_axis", "western_allies", "axis", "allies"]
"""A side or an alliance faction of several powers, as the rules and reports speak of them: the European Axis
(Germany, Italy), the Western Allies (Britain, France, the U.S.), the Axis and the Allies (27-30 extract 5.1).
Resolved to its powers (:func:`powers_of`) where the rules need a power; where they need one power and a group
names several, a check says it cannot tell which."""

GROUPS: Final[tuple[Group, ...]] = get_args(Group)

Belligerent = Literal[
    "germany",
    "italy",
    "japan",
    "britain",
    "france",
    "usa",
    "russia",
    "china",
    "european_axis",
    "western_allies",
    "axis",
    "allies",
]
"""Who may declare war: a major power, or a faction or side where a source says a side declared (:data:`Group`).
One literal (not ``Power | Group``) so that the stored schema's list of values only grows."""

Actor = Literal[
    "germany",
    "italy",
    "japan",
    "britain",
    "france",
    "usa",
    "russia",
    "china",
    "system",
    "referee",
    "european_axis",
    "western_allies",
    "axis",
    "allies",
]
"""Who recorded an event: a major power, the system (derived bookkeeping), a referee (rulings), or a faction or side
(a report's "the Axis", "the Western Allies": :data:`Group`)."""

Faction = Literal["european_axis", "japan", "western_allies", "russia", "china"]
"""Alliance factions: the unit of oil pooling, redeployment and hex-control sharing (27-30 extract 5.1; 33.4)."""

FACTIONS: Final[tuple[Faction, ...]] = get_args(Faction)

FACTION_OF_POWER: Final[dict[Power, Faction]] = {
    "germany": "european_axis",
    "italy": "european_axis",
    "japan": "japan",
    "britain": "western_allies",
    "france": "western_allies",
    "usa": "western_allies",
    "russia": "russia",
    "china": "china",
}

SIDE_OF_FACTION: Final[dict[Faction, Side]] = {
    "european_axis": "axis",
    "japan": "axis",
    "western_allies": "allied",
    "russia": "allied",
    "china": "allied",
}

SIDE_OF_POWER: Final[dict[str, Side]] = {power: SIDE_OF_FACTION[f] for power, f in FACTION_OF_POWER.items()}
"""The side of each major power (its faction's); a minor country or ``system`` has none (``.get`` gives None)."""


def powers_of(name: str) -> tuple[Power, ...]:
    """The major powers a name stands for: a power itself; a faction (``european_axis``) or a side (``axis``,
    ``allies``) its powers, in the order of :data:`POWERS`; anything else (a minor country, ``system``) none."""
    if name in FACTION_OF_POWER:
        return (name,)
    if name in ("axis", "allies"):
        side = "axis" if name == "axis" else "allied"
        return tuple(p for p in POWERS if SIDE_OF_POWER[p] == side)
    return tuple(p for p in POWERS if FACTION_OF_POWER[p] == name)


Phase = Literal[
    "setup",
    "year_start",
    "research",
    "game_turn_start",
    "diplomacy",
    "oil_adjustment",
    "sw",
    "movement",
    "initial_supply",
    "combat",
    "exploitation",
    "attrition",
    "post_combat_supply",
    "unit_construction",
    "redeployment",
    "end_of_player_turn",
    "end_of_game_turn",
]
"""Phases and segments-as-phases of the sequence of play (27-30 extract 5.3; 31-34 extract 5.3; A3R 3.2).

Order within a player turn follows ``PLAYER_TURN_PHASES``; game-turn level phases come before the player turns.
"""

PHASES: Final[tuple[Phase, ...]] = get_args(Phase)

GAME_TURN_PHASES: Final[tuple[Phase, ...]] = ("setup", "year_start", "research", "game_turn_start")
PLAYER_TURN_PHASES: Final[tuple[Phase, ...]] = (
    "diplomacy",
    "oil_adjustment",
    "sw",
    "movement",
    "initial_supply",
    "combat",
    "exploitation",
    "attrition",
    "post_combat_supply",
    "unit_construction",
    "redeployment",
    "end_of_player_turn",
)

UnitType = Literal[
    # ground (10; 27.11A-C)
    "infantry",
    "mech_infantry",
    "replacement",
    "armor",
    "airborne",
    "chindit",
    "marine",
    "snlf",
    "commando",
    "flak",
    "partisan",
    # air (27.11C)
    "aaf",
    "jet",
    "air_transport",
    "strategic_bomber",
    "interceptor",
    "nas",
    "kamikaze",
    # naval (27.11C, 27.7)
    "dd",
    "cve",
    "ca",
    "bb",
    "bc",
    "pb",
    "cv",
    "cvb",
    "cvl",
    "transport",
    "submarine",
    "asw",
]
"""Counter types (rules 10-16 extract 7.1; 27-30 extract 5.6)."""

UNIT_TYPES: Final[tuple[UnitType, ...]] = get_args(UnitType)

GROUND_TYPES: Final[frozenset[UnitType]] = frozenset(UNIT_TYPES[:11])
AIR_TYPES: Final[frozenset[UnitType]] = frozenset(UNIT_TYPES[11:18])
NAVAL_TYPES: Final[frozenset[UnitType]] = frozenset(UNIT_TYPES[18:])
NAMED_SHIP_TYPES: Final[frozenset[UnitType]] = frozenset({"bb", "bc", "pb", "cv", "cvb", "cvl"})
"""Capital ships and carriers that go on the naval construction chart by size (27.7251)."""
CHART_TYPES: Final[frozenset[UnitType]] = NAMED_SHIP_TYPES | {"dd", "cve", "ca"}
"""Naval counters that are built through a shipyard chart; subs, ASW and transports are immediate (27.721)."""

Map = Literal["EUR", "PAC"]

Theater = Literal["europe", "pacific"]
Front = Literal["western", "eastern", "mediterranean", "pacific", "asian", "southeast_asian"]
"""Fronts of each theater (27-30 extract 5.4)."""

SwBox = Literal["atlantic", "pacific", "indian_ocean"]
"""Strategic warfare boxes; transports are typed by SW box (27.472-27.474)."""

WeatherZone = Literal[
    "russian_winter",
    "siberia",
    "eastern_poland",
    "western",
    "mediterranean",
    "monsoon",
    "clear",
]
"""Weather zones (31-34 extract 5.5)."""

WeatherType = Literal["clear", "mud", "winter", "monsoon"]

SupplyStatus = Literal["full", "partial", "unsupplied", "isolated"]
"""Supply results (30.4-30.6). ``partial`` is limited supply; ``isolated`` is no supply at all."""

CombatResult = Literal["A", "a", "Ex", "Ex-1", "Ex-2", "Ex-3", "d", "D", "none"]
"""Results of the Combat Results Table (15.6) and house table (A3R App. C-1)."""

ChartRow = Literal["5", "4", "3", "2", "launch"]
"""Rows ("levels") of a naval construction chart (27.724C)."""

CHART_ROWS: Final[tuple[ChartRow, ...]] = get_args(ChartRow)

RuleSet = Literal["awaw", "a3r"]


SIDE_OF_GROUP: Final[dict[str, Side]] = {
    "european_axis": "axis",
    "western_allies": "allied",
    "axis": "axis",
    "allies": "allied",
}
"""The side of each faction or side a record may name (:data:`Group`)."""


def side_of(name: str) -> Side | None:
    """The side of a major power, a faction or a side (``european_axis``: ``axis``); None for anything else (a minor
    country, ``system``)."""
    return SIDE_OF_POWER.get(name) or SIDE_OF_GROUP.get(name)


def faction_of(power: Power) -> Faction:
    """The alliance faction a major power belongs to."""
    return FACTION_OF_POWER[power]


def power_name(name: str) -> str:
    """How a message or a view names a power, faction or country: ``Germany``, ``Western Allies``, ``the U.S.``
    (one spelling everywhere; :func:`sentence` capitalises it at the start of a sentence)."""
    if name == "usa":
        return "the U.S."
    return name.replace("_", " ").title() if name else "nobody"


def sentence(text: str) -> str:
    """``text`` with its first letter capitalised (``the U.S. paid`` -> ``The U.S. paid``)."""
    return text[:1].upper() + text[1:]


UNIT_TYPE_WORDS: Final[dict[str, str]] = {
    "aaf": "army air",
    "nas": "naval air",
    "dd": "destroyer",
    "cve": "escort carrier",
    "ca": "cruiser",
    "asw": "ASW",
    "strategic_bomber": "strategic bomber",
    "air_transport": "air transport",
    "mech_infantry": "mechanized infantry",
    "snlf": "SNLF",
}
"""How messages name unit types whose tag is not plain words."""


def type_words(unit_type: str) -> str:
    """A unit type in words (``nas`` -> ``naval air``)."""
    return UNIT_TYPE_WORDS.get(unit_type, unit_type.replace("_", " "))
