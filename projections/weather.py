"""Weather and winter preparation (AWAW rule 34; A3R house App. K): each zone's weather, each faction's winter
preparation, and the running facts the weather rules read.

Sources: 31-34 extract 4.5 (weather state), 2.7 (checks W-01..W-04, W-12..W-14); A3R extract 2.8, 3.13.

What the projection trusts: it shows the weather **as recorded**. A zone's weather and raw winter level are what its
last ``weather_determined`` claims; a faction's preparation is the level its last ``winter_preparation_changed``
claims. Whether those are what the rules give (the season's weather, die + modifier, one level per result) is the
audit's question; this state gives it what it needs besides the event:

* ``determined``: the zones whose weather was determined in the current game turn (34.23: once per game turn; 34.32:
  every winter die due this turn is rolled). Kept for one game turn: the next turn's first determination replaces it.
* ``produced``: winter preparation results bought by research or production this year, by faction (34.433: one per
  year). Kept for one year.
* ``held``: results produced and held back, not yet triggered, by faction (34.434B).
* ``surprise``: the game turn Japan declared war on Britain or the U.S. with surprise (34.331: Japanese forces ignore
  the monsoon that turn).
* ``border_war``: whether the war between Russia and Rumania is a border war over Bessarabia (34.32C: no winter
  effects in it), until another war involves either of them.
* ``offensives``: this game turn's offensive BRPs by alliance faction and weather zone, paid and carried out free
  under 34.25 (``offensive_declared.weather_zone``, ``free_brps``): the mud limit (34.22A) and the spring allowance
  east of the pact line (34.25).
* ``fall_axis``: where Axis units exploited (``exploitation``) and flew offensive air missions (``air``) in the last
  Fall game turn, for the house rule that rewards restraint in the Russian winter zone (A3R App. K); the audit reads
  the hexes' weather zones from the map data.

:func:`preparation` gives a faction's level: as last recorded, else the level the rules start it at (34.41): a log
that never recorded one does not leave the level unknown.
"""

from __future__ import annotations

from typing import Final, cast

import msgspec

from awaw_events.events import (
    AirMissionFlown,
    AttackDeclared,
    OffensiveDeclared,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.core import Context, Handlers
from projections.rules.weather import (
    BORDER_WAR_PARTIES,
    COUNTED_PRODUCTION_CAUSES,
    MINOR_WINTER_PREPARATION_START,
    OFFENSIVE_AIR_MISSIONS,
    WINTER_PREPARATION_START,
    WinterTable,
    minor_winter_preparation,
)


class Weather(msgspec.Struct, frozen=True, kw_only=True):
    """A zone's weather as last determined: its type (34.3), its raw winter level (34.32, 34.41; ``None`` when the
    log gives none) and the game turn (``"fall 1939"``)."""

    weather: str
    level: int | None = None
    turn: str = ""


class WeatherState(msgspec.Struct, kw_only=True):
    """Weather and winter preparation at one point of the game. Treat it as a value: only the fold mutates a clone."""

    zones: dict[str, Weather] = {}
    """Each zone's latest weather, by zone (``russian_winter``, ``western`` ...)."""
    winter_preparation: dict[str, int] = {}
    """Each faction's winter preparation level as last recorded (34.4), by faction."""
    determined_turn: int = -1
    """The game turn (index) ``determined`` belongs to: the latest turn with a weather determination."""
    determined: set[str] = set()
    """Zones whose weather was determined in game turn ``determined_turn`` (34.23, 34.32)."""
    produced_year: int = 0
    """The year ``produced`` belongs to."""
    produced: dict[str, int] = {}
    """Winter preparation results bought by research or production in ``produced_year``, by faction (34.433)."""
    held: dict[str, int] = {}
    """Produced results held back and not yet triggered, by faction (34.434B)."""
    surprise: int | None = None
    """The game turn (index) Japan went to war on Britain or the U.S. with surprise (34.331)."""
    fall_turn: int | None = None
    """The Fall game turn (index) ``fall_axis`` belongs to."""
    fall_axis: dict[str, tuple[str, ...]] = {}
    """Hexes where Axis units exploited (``exploitation``) or flew offensive air missions (``air``) in that Fall."""
    border_war: bool = False
    """Russia and Rumania are at war over Bessarabia only (34.32C), no other war involving either since."""
    offensives_turn: int = -1
    """The game turn (index) ``offensives`` belongs to."""
    offensives: dict[str, tuple[int, int]] = {}
    """Offensive BRPs in game turn ``offensives_turn`` by ``"<faction>|<weather zone>"``: (paid, free under 34.25),
    against partisans left out (34.22A)."""


HANDLERS: Final = Handlers[WeatherState]()


def initial() -> WeatherState:
    return WeatherState()


def determined_in(state: WeatherState, turn: int) -> set[str] | frozenset[str]:
    """The zones whose weather was determined in game turn ``turn`` (an index; 34.23)."""
    return state.determined if state.determined_turn == turn else frozenset()


def produced_in(state: WeatherState, faction: str, year: int) -> int:
    """Winter preparation results ``faction`` bought by research or production in ``year`` so far (34.433)."""
    return state.produced.get(faction, 0) if state.produced_year == year else 0


def preparation(state: WeatherState, faction: str, table: WinterTable, minor: str | None = None) -> int:
    """A faction's winter preparation: as last recorded, else its starting level (34.41; App. K). For a minor
    country's units (``minor``: ``finland``, ``sweden`` ...), its own start plus the faction's level (34.42)."""
    level = state.winter_preparation.get(faction)
    if level is None:
        level = WINTER_PREPARATION_START[table].get(faction, 0)  # type: ignore[call-overload]
    if minor is not None and minor in MINOR_WINTER_PREPARATION_START[table]:
        return minor_winter_preparation(minor, level, table=table)
    return level


@HANDLERS.on(WeatherDetermined)
def _weather(state: WeatherState, event: WeatherDetermined, ctx: Context) -> None:
    now = ctx.now
    state.zones[event.zone] = Weather(weather=event.weather, level=event.level, turn=f"{now.season} {now.year}")
    if state.determined_turn != now.turn:
        state.determined_turn = now.turn
        state.determined = set()
    state.determined.add(event.zone)


@HANDLERS.on(WinterPreparationChanged)
def _preparation(state: WeatherState, event: WinterPreparationChanged, ctx: Context) -> None:
    if event.held:
        state.held[event.faction] = state.held.get(event.faction, 0) + 1
    else:
        state.winter_preparation[event.faction] = event.level
    if event.cause == "triggered" and state.held.get(event.faction):
        state.held[event.faction] -= 1
    if event.cause in COUNTED_PRODUCTION_CAUSES:
        if state.produced_year != event.year:
            state.produced_year = event.year
            state.produced = {}
        state.produced[event.faction] = state.produced.get(event.faction, 0) + 1


@HANDLERS.on(WarDeclared)
def _war(state: WeatherState, event: WarDeclared, ctx: Context) -> None:
    if event.aggressor == "japan" and event.target in ("britain", "usa") and event.surprise:
        state.surprise = ctx.now.turn
    if event.border_war:
        state.border_war = True
    elif state.border_war and ({event.aggressor, event.target} & BORDER_WAR_PARTIES):
        state.border_war = False  # a general war involving Russia or Rumania ends the border war's exemption


@HANDLERS.on(OffensiveDeclared)
def _offensive(state: WeatherState, event: OffensiveDeclared, ctx: Context) -> None:
    if event.weather_zone is None or event.against_partisans:
        return
    if state.offensives_turn != ctx.now.turn:
        state.offensives_turn, state.offensives = ctx.now.turn, {}
    key = f"{FACTION_OF_POWER[event.power]}|{event.weather_zone}"
    paid, free = state.offensives.get(key, (0, 0))
    state.offensives[key] = (paid + event.brp_cost, free + event.free_brps)


def offensives_in(state: WeatherState, turn: int, faction: str, zone: str) -> tuple[int, int]:
    """The faction's offensive BRPs in the weather zone in game turn ``turn`` (an index): paid, and carried out free
    under 34.25; offensives against partisans left out (34.22A)."""
    if state.offensives_turn != turn:
        return 0, 0
    return state.offensives.get(f"{faction}|{zone}", (0, 0))


def _axis_units(ctx: Context, units: list[str]) -> bool:
    board = ctx.game.board if ctx.game is not None else None
    if board is None:
        return False
    for unit_id in units:
        unit = board.units.get(unit_id)
        if unit is not None:
            return FACTION_OF_POWER.get(cast(Power, unit.owner)) == "european_axis"
    return False


def _fall(state: WeatherState, ctx: Context, what: str, hexes: list[str]) -> None:
    if ctx.now.season != "fall":
        return
    if state.fall_turn != ctx.now.turn:
        state.fall_turn, state.fall_axis = ctx.now.turn, {}
    state.fall_axis[what] = (*state.fall_axis.get(what, ()), *hexes)


@HANDLERS.on(AttackDeclared)
def _attack(state: WeatherState, event: AttackDeclared, ctx: Context) -> None:
    if (
        event.kind == "exploitation"
        and ctx.now.season == "fall"
        and _axis_units(ctx, [a.unit for a in event.attackers])
    ):
        _fall(state, ctx, "exploitation", list(event.defender_hexes))


@HANDLERS.on(AirMissionFlown)
def _mission(state: WeatherState, event: AirMissionFlown, ctx: Context) -> None:
    if (
        event.mission in OFFENSIVE_AIR_MISSIONS
        and ctx.now.season == "fall"
        and event.target is not None
        and event.target[:4] in ("EUR:", "PAC:")
        and _axis_units(ctx, list(event.units))
    ):
        _fall(state, ctx, "air", [event.target])


def held_results(state: WeatherState, faction: str) -> int:
    """Produced results the faction holds back, not yet triggered (34.434B)."""
    return state.held.get(faction, 0)
