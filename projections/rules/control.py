"""Hex control (rule 29): how a hex changes hands, and which alliance faction a controller belongs to.

Source: 27-30 extract 1.27 (control changes) and checklist 2.10 (H-01..H-12). Who controls each hex is board state
(:attr:`projections.board.BoardState.control`); the hexes ground units entered this player turn are running facts
of :mod:`projections.land`.
"""

from __future__ import annotations

from typing import Final, cast

from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Faction, Power, Side, Theater

OCCUPATION_CAUSES: Final[frozenset[str]] = frozenset(
    {"occupation", "movement", "advance_after_combat", "overrun", "exploitation", "attrition_occupation"}
)
"""Control changes that need a ground unit of the new controller's faction in the hex: a unit entering or moving
through it (29.21, 29.22); armor ZoC, or killing the defenders without advancing, changes nothing (29.21, 29.23;
check H-02)."""

SETUP_CAUSE: Final = "setup"
"""A control change recorded at set-up: the hex did not change hands in play."""

PACIFIC_MAP_PREFIX: Final = "PAC:"
"""Hexes of the Pacific map are in the Pacific theater; every other hex is in the European theater."""


OUTCOME_STATUS: Final[dict[str, str]] = {"association": "associated", "activation": "activated"}
"""The political status a diplomatic outcome gives a minor country: a minor that associates with a major power is
associated with it (29.42), one activated as a minor ally is activated (29.43). Hex control by diplomacy (29.41)
changes the hexes' control, not the minor's status."""


def controller_faction(controller: str | None) -> Faction | None:
    """The alliance faction of a hex's controller (29; 27-30 extract 5.1), or ``None`` when nobody is recorded or
    the controller is a minor country (whose alliance the board state does not give)."""
    if controller is None:
        return None
    return FACTION_OF_POWER.get(cast(Power, controller))


def theater_of(hex_id: str) -> Theater:
    """The theater of a hex, from its map (``PAC:`` the Pacific, otherwise Europe)."""
    return "pacific" if hex_id.startswith(PACIFIC_MAP_PREFIX) else "europe"


def controller_side(controller: str | None) -> Side | None:
    """The side of a hex's controller (None for nobody or a minor country)."""
    faction = controller_faction(controller)
    return SIDE_OF_FACTION[faction] if faction is not None else None


def is_major(controller: str | None) -> bool:
    """Whether a controller is a major power (the others are minor countries, 29.11)."""
    return controller in FACTION_OF_POWER


# ---------------------------------------------------------------------------------------------------------------------
# 29.2 occupation: allies, partisans, home countries

SURRENDER_STATUSES: Final[frozenset[str]] = frozenset({"surrendered", "fallen", "conquered"})
"""Statuses of a country that has surrendered or been conquered (29.22B, 29.61, 30.263)."""

NO_REVERSION_AFTER_SURRENDER: Final[frozenset[str]] = frozenset({"italy", "france"})
"""Italian and French home hexes do not revert to Italy or France after their surrender (29.22B)."""

CHINESE_COUNTRIES: Final[frozenset[str]] = frozenset({"china", "communist_china"})


def reversion(country: str | None, recapturer: str, *, surrendered: frozenset[str]) -> str | None:
    """Who controls a home-country hex an ally (or the home power itself) recaptures (29.22B): the home major
    power; Chinese hexes go to Communist China when Communist China or Russia recaptures them and to Nationalist
    China otherwise. None when the hex is no major power's home country, the home power has surrendered (Italy,
    France), or the recapturer is no ally of it."""
    if country is None:
        return None
    if country in CHINESE_COUNTRIES:
        return "communist_china" if recapturer in ("communist_china", "russia") else "china"
    if country not in FACTION_OF_POWER:
        return None
    if country in NO_REVERSION_AFTER_SURRENDER and country in surrendered:
        return None
    if country == recapturer:
        return country
    if controller_faction(country) is None or controller_side(country) != controller_side(recapturer):
        return None
    return country


# ---------------------------------------------------------------------------------------------------------------------
# 29.3 isolation, 29.4 diplomacy, 29.5 conquest

AXIS_DIPLOMATIC_CONTROL: Final = 8
ALLIED_DIPLOMATIC_CONTROL: Final = -1
"""A diplomatic result of 8 or more gives the Axis control of a European minor's hexes, -1 or less the Western Allies
or Russia (29.41, 82.31)."""


def diplomatic_control(faction: Faction, result: int) -> bool:
    """Whether a diplomatic result gives ``faction`` control of the minor's hexes (29.41)."""
    if SIDE_OF_FACTION[faction] == "axis":
        return result >= AXIS_DIPLOMATIC_CONTROL
    return result <= ALLIED_DIPLOMATIC_CONTROL


ISOLATION_PHASE: Final = "post_combat_supply"
"""Hexes change hands by isolation at the end of the moving player's post-combat supply determination segment
(29.31, 29.71)."""

CONQUEST_PHASES: Final[frozenset[str]] = frozenset({"end_of_player_turn"})
"""A European minor's hexes pass to its conqueror at the end of the conquering power's player turn (29.51, 83.22):
recorded in the end-of-player-turn phase."""

PRESENCE_COUNTERS: Final = "bridgehead, railhead, fortress, fortification, port counter, airbase, rocket base or IC"
"""What besides units keeps a pocket from evaporating (29.31B)."""

JAPANESE_INITIAL: Final[frozenset[str]] = frozenset({"dei_initial", "philippines_initial"})
DEI_KEY_AREAS: Final[tuple[str, ...]] = ("java", "sumatra", "south_borneo")
"""Japan gains the Dutch East Indies at the end of the first Japanese combat phase in which it has conquered Java,
Sumatra and South Borneo (29.54, 89.23): their ``status_changed`` ids."""


def joint_control_holds(pair: str, theater: str | None, wars: set[str] | frozenset[str]) -> bool:
    """Joint Western Allied control (29.25): Britain and France once Russia is at war with Germany, both being at
    war with Germany; Britain and the U.S. while the U.S. is at war in that theater (Europe: with Germany or Italy;
    the Pacific: with Japan). ``wars`` holds ``a|b`` keys (sorted names)."""

    def war(a: str, b: str) -> bool:
        return "|".join(sorted((a, b))) in wars

    if pair == "britain_france":
        return war("russia", "germany") and war("britain", "germany") and war("france", "germany")
    if theater == "pacific":
        return war("usa", "japan")
    return war("usa", "germany") or war("usa", "italy")
