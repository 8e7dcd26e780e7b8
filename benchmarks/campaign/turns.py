"""The synthetic campaign's sequence of play: the set-up, then game turn after game turn from Fall 1939.

Each game turn: the Year Start Sequence in Spring (the dice seed of the past year revealed and a new one committed,
BRPs set, CTLs raised on schedule), the weather of every zone (34), then the Axis and the Allied player turns, each
through every phase of the sequence of play with its ``phase_started`` marker (27-30 extract 5.3): declarations of
war (first turn), oil adjustment, movement, initial supply, combat, attrition, post-combat supply, unit
construction, redeployment, the end of the player turn.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from awaw_events.events import (
    AnyEvent,
    CtlSet,
    GameCreated,
    GameTurnEnded,
    GameTurnStarted,
    HexControlChanged,
    MapDataUsed,
    PhaseStarted,
    PlayerTurnEnded,
    PlayerTurnStarted,
    TensionChanged,
    UnitInversionChanged,
    UnitPlaced,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
    YearStarted,
)
from awaw_events.events.base import Modifier
from awaw_events.vocab import PLAYER_TURN_PHASES, SEASONS, SIDES, Power, Side
from benchmarks.campaign.combat import Battle, Combat
from benchmarks.campaign.economy import YARD_PLACES, Economy
from benchmarks.campaign.land import Land
from benchmarks.campaign.log import Log
from benchmarks.campaign.tamper import Faults, Tamper
from benchmarks.campaign.world import ARMIES, HOME_BOXES, ROWS, Front, Unit, World, hex_id, lay_out, reserved_hexes
from projections.rules.construction import DECLARATION_OF_WAR_COST
from projections.rules.tensions import WAR_LEVEL
from projections.rules.weather import (
    WEATHER_ZONES,
    WINTER_PREPARATION_START,
    raw_winter_level,
    weather_for,
    winter_roll_modifier,
)

LAST_YEAR: Final = 1955
"""The last year the log's schema allows (``Year``): the game may not run past Winter 1955."""
SEEDED_SHARE: Final = 0.75
"""Share of game turns played with the dice server (seeded rolls); the others at a table with physical dice."""
CTL_SCHEDULE: Final[dict[int, dict[str, int]]] = {
    1942: {"russia": 2, "western_allies": 2},
    1944: {"japan": 2},
}
"""Ground CTLs raised at the Year Start Sequence of these years (taken as recorded: no rule gives them)."""
START_CTL: Final[dict[str, int]] = {"european_axis": 2, "russia": 1, "western_allies": 1, "japan": 1, "china": 0}
"""Ground CTLs at the start of the 1939 campaign (the 14.43 examples: German 2, Russian 1)."""
MIN_ATTACK_SHARE: Final = 0.05
MAX_ATTACK_SHARE: Final = 1.0
POOL_PER_FRONT: Final = 3
"""Units of each side of a front that start in the force pool (built in the first turns)."""


@dataclass(slots=True)
class PlayerTurn:
    """What one player turn's phases hand on to the later ones."""

    side: Side
    battles: list[Battle] = field(default_factory=list)
    busy: set[str] = field(default_factory=set)
    """Units that moved, attacked or were built this turn (they do not redeploy)."""
    places: dict[int, list[str]] = field(default_factory=dict)
    """Where each front's power may build, by front."""


@functools.cache
def max_fronts() -> int:
    """How many fronts the mapboards hold."""
    return len(lay_out(None, reserved_hexes(list(YARD_PLACES.values()))))


class Campaign:
    """One synthetic game: call :meth:`turns` for its events, a player turn at a time."""

    def __init__(self, fronts: int, seed: int, *, pace: int | None = None, faults: Faults | None = None) -> None:
        """``fronts`` fronts; ``pace``: the events a game turn should give (the attack rate follows it); ``faults``:
        the mistakes :class:`~benchmarks.campaign.tamper.Tamper` plants once the game is played (default
        :class:`Faults`'s rates; ``Faults.none()`` for a clean log)."""
        self.rng = random.Random(seed)
        self.log = Log(random.Random(self.rng.getrandbits(64)))
        self.world = World(lay_out(fronts, reserved_hexes(list(YARD_PLACES.values()))))
        self.tamper = Tamper(faults or Faults(), random.Random(self.rng.getrandbits(64)))
        self.planted = self.tamper.planted
        """The planted faults: (event number, the audit check that finds it)."""
        self.economy = Economy(self.log, self.world, self.rng)
        self.ctl: dict[str, int] = dict(START_CTL)
        self.preparation: dict[str, int] = dict(WINTER_PREPARATION_START["awaw"].items())
        self.land = Land(self.log, self.world, self.rng)
        self.combat = Combat(self.log, self.world, self.economy, self.rng, self.ctl)
        self.combat.preparation = self.preparation
        self.turn = 0
        self.units = 0
        self.pace = pace

    def turns(self) -> Iterator[list[AnyEvent]]:
        """The set-up's events, then each game turn's."""
        self.setup()
        yield self.flush()
        year, season = 1939, 2
        while year <= LAST_YEAR:
            before = self.log.made
            self.game_turn(year, SEASONS[season])
            self.steer(self.log.made - before)
            yield self.flush()
            season = (season + 1) % len(SEASONS)
            year += season == 0

    def steer(self, made: int) -> None:
        """Raise or lower the attack rate so that a game turn gives about ``pace`` events (a busier or quieter war,
        as the archive's size asks)."""
        if self.pace is None or made == 0:
            return
        factor = min(1.25, max(0.8, self.pace / made))
        self.combat.attack_share = min(MAX_ATTACK_SHARE, max(MIN_ATTACK_SHARE, self.combat.attack_share * factor))

    def flush(self) -> list[AnyEvent]:
        """The events played since the last flush, with the faults planted in them."""
        out, self.log.out = self.log.out, []
        return self.tamper.batch(out)

    # -- the set-up --------------------------------------------------------------------------------------------

    def setup(self) -> None:
        log = self.log
        log.emit(
            GameCreated,
            title="Synthetic campaign (benchmark archive)",
            scenario="campaign-1939",
            options={"econ.deficit_spending": "none"},
            seed_commitment=log.commitment,
        )
        from replays.maps import shipped_map_data

        shipped = shipped_map_data().declaration()
        log.emit(
            MapDataUsed,
            name=shipped.name,
            version=shipped.version,
            sha256=shipped.sha256,
            source=shipped.source,
            hexes=shipped.hexes,
            hexsides=shipped.hexsides,
        )
        self.economy.setup()
        for faction, level in self.ctl.items():
            log.emit(CtlSet, faction=faction, domain="ground", level=level)
        for faction, level in self.preparation.items():
            log.emit(WinterPreparationChanged, faction=faction, level=level, cause="setup")
        for front in self.world.fronts:
            self.deploy(front)

    def deploy(self, front: Front) -> None:
        """Each side's units on the front: two in its hex on the line, one behind it, in every row; and control of
        the hexes on the line."""
        for side in SIDES:
            power = front.power(side)
            step = front.inward(side)
            for i, row in enumerate(front.rows()):
                line = front.front_col(row, side)
                kinds = [
                    ("infantry", line),
                    ("armor" if i % 3 == 1 else "infantry", line),
                    ("armor" if i % 2 else "infantry", line + step),
                    ("infantry", line + step),
                ]
                for kind, col in kinds:
                    self.place(front, power, kind, hex_id(front.map, row, col))
                self.log.emit(HexControlChanged, hex=hex_id(front.map, row, line), controller=power, cause="setup")
            for row in range(front.row0, front.row0 + ROWS, 2):
                self.place(front, power, "aaf", hex_id(front.map, row, front.rear_col(side)))
            for _ in range(POOL_PER_FRONT):
                army = ARMIES[power]
                self.units += 1
                unit = Unit(f"{army.prefix}-{self.units}", power, "infantry", army.infantry, 3, "pool", front.index)
                self.world.pool.setdefault(power, []).append(unit)

    def place(self, front: Front, power: Power, kind: str, where: str) -> None:
        army = ARMIES[power]
        if kind == "armor" and army.armor is None:
            kind = "infantry"
        if kind == "aaf" and army.aaf is None:
            return
        self.units += 1
        factors = {"armor": army.armor, "aaf": army.aaf}.get(kind, army.infantry)
        movement = {"armor": army.armor_mf, "aaf": None}.get(kind, 3)
        assert factors is not None
        unit = Unit(f"{army.prefix}-{self.units}", power, kind, factors, movement, where, front.index)
        self.world.place(unit)
        self.log.emit(
            UnitPlaced,
            unit=unit.id,
            owner=power,
            nationality=power,
            unit_type=kind,
            factors=factors,
            location=where,
            movement=movement,
        )

    # -- a game turn -------------------------------------------------------------------------------------------

    def game_turn(self, year: int, season: str) -> None:
        log = self.log
        log.year, log.season, log.side = year, season, None  # type: ignore[assignment]
        log.phase = "game_turn_start" if self.turn == 0 else None
        self.turn += 1
        self.economy.new_turn(self.turn)
        log.emit(GameTurnStarted)
        if season == "spring":
            self.year_start()
        log.seeded = self.rng.random() < SEEDED_SHARE
        self.weather()
        for side in SIDES:
            self.player_turn(side)
        log.side, log.phase = None, "end_of_game_turn"
        log.emit(GameTurnEnded)

    def year_start(self) -> None:
        log = self.log
        log.phase = "year_start"
        log.emit(YearStarted)
        log.reveal_and_reseed()
        self.economy.year_start()
        for faction, level in CTL_SCHEDULE.get(log.year, {}).items():
            self.ctl[faction] = level
            log.emit(CtlSet, faction=faction, domain="ground", level=level)

    def weather(self) -> None:
        """Every zone's weather (34.2-34.3); a winter die where the Winter Table calls for one (34.41)."""
        log = self.log
        log.phase = "game_turn_start"
        self.combat.winter = {}
        for zone in WEATHER_ZONES:
            kind = weather_for(zone, log.season)
            modifier = winter_roll_modifier(zone, log.season)
            if modifier is not None:
                roll, (die,) = log.roll("winter", ref=f"winter-table:{zone}")
                level = raw_winter_level(die, zone, log.season)
                mods = [Modifier(code=f"{zone}_{log.season}", value=modifier, rule="34.32")]
                log.emit(WeatherDetermined, zone=zone, weather=kind, level=level, roll=roll, modifiers=mods)
            else:
                level = raw_winter_level(None, zone, log.season) if kind == "winter" else 0
                log.emit(WeatherDetermined, zone=zone, weather=kind, level=level or None)
            if kind == "winter" and level:
                self.combat.winter[zone] = level

    # -- a player turn -----------------------------------------------------------------------------------------

    def player_turn(self, side: Side) -> None:
        """Every phase of the side's player turn, each opened by its marker."""
        log = self.log
        log.side, log.phase = side, None
        log.emit(PlayerTurnStarted)
        turn = PlayerTurn(side)
        for phase in PLAYER_TURN_PHASES:
            log.phase = phase
            log.emit(PhaseStarted)
            handler = getattr(self, f"phase_{phase}", None)
            if handler is not None:
                handler(turn)
        log.emit(PlayerTurnEnded)

    def phase_diplomacy(self, turn: PlayerTurn) -> None:
        if self.turn == 1:
            self.declarations(turn.side)

    def phase_oil_adjustment(self, turn: PlayerTurn) -> None:
        self.economy.oil_adjustment(turn.side)

    def phase_movement(self, turn: PlayerTurn) -> None:
        """The attacks of the turn are planned from where the units stand; the initial supply determination comes
        first (13.33, 30.42): of the units that will attack and, for each faction, of a hex on its line (a faction
        with no attack still determines its supply, 30.41); then the ground moves (the attackers stay)."""
        side = turn.side
        turn.battles = self.combat.plan(side)
        attackers: list[Unit] = [u for b in turn.battles for u in b.attackers]
        subjects = list(attackers)
        for front in self.world.fronts:
            rows = list(front.rows())
            row = self.rng.choice(rows)
            line = (hex_id(front.map, r, front.front_col(r, side)) for r in [row, *rows])
            subjects += next((self.world.at(h) for h in line if self.world.at(h)), [])
        self.land.determine(side, "initial", subjects)
        before = {u.id: u.location for u in self.world.units.values()}
        self.land.movement(side, {u.id for u in attackers})
        turn.busy |= {u for u, at in before.items() if u in self.world.units and self.world.units[u].location != at}

    def phase_combat(self, turn: PlayerTurn) -> None:
        self.economy.declare_offensives()
        self.combat.missions(turn.battles, turn.side)
        for battle in turn.battles:
            self.combat.fight(battle, turn.side)

    def phase_attrition(self, turn: PlayerTurn) -> None:
        attacked = {u.id for b in turn.battles for u in b.attackers}
        turn.busy |= attacked
        self.combat.attrition(turn.side, attacked, {b.front.index for b in turn.battles})

    def phase_post_combat_supply(self, turn: PlayerTurn) -> None:
        """The hexes the side will build in, determined fully supplied (30.61)."""
        side = turn.side
        turn.places = self.build_places(side)
        hexes = [(f.power(side), h) for f in self.world.fronts for h in turn.places[f.index] if h[:4] != "box:"]
        self.land.determine(side, "post_combat", hexes)

    def phase_unit_construction(self, turn: PlayerTurn) -> None:
        supplied = {h for hs in turn.places.values() for h in hs}
        for power in sorted({f.power(turn.side) for f in self.world.fronts}):
            built = self.economy.construct(power, turn.places, supplied)
            turn.busy |= {u.id for u, _ in built}

    def phase_redeployment(self, turn: PlayerTurn) -> None:
        self.land.redeployment(turn.side, turn.busy)

    def phase_end_of_player_turn(self, turn: PlayerTurn) -> None:
        self.uninvert()
        self.economy.end_of_player_turn(turn.side)

    def uninvert(self) -> None:
        """The units inverted this player turn (missions, air built, ships launched) uninvert at its end."""
        for unit in self.world.inverted:
            if unit.inverted and self.world.units.get(unit.id) is unit:
                unit.inverted = False
                self.log.emit(UnitInversionChanged, unit=unit.id, inverted=False, cause="end_of_player_turn")
        self.world.inverted = []

    def build_places(self, side: Side) -> dict[int, list[str]]:
        """Where each front's power of the side may build this turn: its home box (the U.S., Russia), else hexes of
        the front's rear with room (as many as half the units in its force pool)."""
        wanted: dict[int, int] = {}
        for power, units in self.world.pool.items():
            for u in units:
                if self.world.fronts[u.front].power(side) == power:
                    wanted[u.front] = wanted.get(u.front, 0) + 1
        places: dict[int, list[str]] = {}
        for f in self.world.fronts:
            box = HOME_BOXES.get(f.power(side), {}).get(f.map)
            places[f.index] = [box] if box else self.land.build_places(f, side, (wanted.get(f.index, 0) + 1) // 2)
        return places

    def declarations(self, side: Side) -> None:
        """The wars of the campaign, declared by the Axis in its first player turn (27.12: 35 BRPs each)."""
        if side != "axis":
            return
        pairs = sorted({(f.axis, f.allied) for f in self.world.fronts if f.allied != "china"})
        for aggressor, target in pairs:
            cost = DECLARATION_OF_WAR_COST["major"]
            self.economy.pay(aggressor, cost)
            self.log.emit(WarDeclared, actor=aggressor, aggressor=aggressor, target=target, brp_cost=cost)
            if aggressor == "germany" and target == "russia":
                self.economy.ea_tracking_due = True
                self.log.emit(
                    TensionChanged,
                    track="rgt",
                    old=0,
                    new=WAR_LEVEL,
                    cause="german_dow_on_russia",
                    modifiers=[Modifier(code="german_dow_on_russia", value=WAR_LEVEL, rule="A3R App. E")],
                )
