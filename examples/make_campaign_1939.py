"""Generate ``examples/campaign-1939.jsonl``: the opening of a classic AWAW campaign, Fall 1939 to Spring 1940.

Run ``python examples/make_campaign_1939.py`` from the repository root; the output is byte-identical on every run
(no clock, no randomness: the dice faces are written below, as if typed in from physical dice).

The players' decisions are made by :mod:`replays.commands`, the functions ``awaw move``, ``overrun``, ``attack``,
``invade``, ``losses``, ``advance``, ``bridgehead``, ``redeploy``, ``spend``, ``build``, ``fortify``, ``supply``,
``attrition``, ``oil-produce``, ``oil-spend``, ``weather`` and ``end-phase`` call, on the game so far
(:meth:`Game.play`): moves (exploitation included), overruns, ground attacks and seaborne invasions, bridgeheads,
redeployments, declarations of war, offensives and grants, builds, chart actions, fortifications, supply
determinations, attritions, oil produced and spent, the weather and the phases of each player turn (with the units that
turn face up and the oil above a reserve's maximum eliminated at its end); a decision the rules refuse stops the
generator. What no command decides yet (air and naval combat, SW, tension tracks, the Year Start Sequence, repairs,
minor-country units, control changes) is written here, with the
rules read from their one home, ``projections.rules``; the generator holds none of its own, and each event it writes is
refused, as a command's expenditure is, where it spends beyond the BRPs available or the construction limit
(:data:`replays.commands.economy.SPENT`). Set-up numbers that the extracts do not give (BRP levels, growth, the minor
countries' BRP values, most unit counts) are illustrative and listed in ``examples/README.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final, cast

import msgspec

from awaw_events.codec import encode, parse_event, tag_of
from awaw_events.events import (
    AirCombatResolved,
    AirMissionFlown,
    AnyEvent,
    BookmarkSet,
    BrpGained,
    BrpLost,
    BrpsSet,
    CombatRoundResolved,
    DiceRolled,
    Event,
    FrenchSurrenderChecked,
    GameCreated,
    HexControlChanged,
    MapDataUsed,
    NavalCombatResolved,
    NoteAdded,
    ResearchResult,
    RpSpent,
    ShipArrivedForRepair,
    ShipDamaged,
    ShipRepairStarted,
    StatusChanged,
    SwCombatResolved,
    TensionChanged,
    UnitEliminated,
    UnitInversionChanged,
    UnitPlaced,
    UnitReduced,
    WinterPreparationChanged,
    YearStarted,
)
from awaw_events.events.base import Modifier
from awaw_events.gametime import time_key
from awaw_events.vocab import (
    FACTION_OF_POWER,
    GROUND_TYPES,
    PLAYER_TURN_PHASES,
    SIDE_OF_FACTION,
    Actor,
    Phase,
    Season,
    Side,
)
from projections.game import GameState, fold, initial
from projections.position import Position
from projections.rules.air import air_combat_result
from projections.rules.combat.stacking import STACKING_LIMITS
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.construction.costs import FULL_OFFENSIVE_COST, unit_cost
from projections.rules.geometry import parse, ring
from projections.rules.naval.chart import repair_cost, repair_position
from projections.rules.stacks import NON_SPECIALIZED_GROUND
from replays.commands.attack import (
    Advance,
    Attack,
    Bridgehead,
    Losses,
    decide_advance,
    decide_attack,
    decide_bridgehead,
    decide_losses,
)
from replays.commands.attrition import (
    Attrition,
    AttritionLosses,
    Occupation,
    decide_attrition,
    decide_attrition_losses,
    decide_occupation,
)
from replays.commands.base import NO_DIE, Die, Query, Refusal, judged_in_turn
from replays.commands.economy import SPENT, Build, Redeploy, Spend, decide_build, decide_redeploy, decide_spend
from replays.commands.fortify import Fortify, decide_fortify
from replays.commands.move import Move as MoveCommand
from replays.commands.move import decide_move
from replays.commands.naval import Ship, decide_ship
from replays.commands.oil import Produce, decide_produce, decide_spend_oil
from replays.commands.oil import Spend as OilSpend
from replays.commands.overrun import Overrun, decide_overrun
from replays.commands.phase import decide_end_phase
from replays.commands.supply import Supply, decide_supply
from replays.commands.weather import Weather, decide_weather
from replays.maps import shipped_map_data
from replays.setup import parse_setup, setup_events

OUTPUT: Final = Path(__file__).with_name("campaign-1939.jsonl")
SETUP: Final = OUTPUT.with_name("setup-1939.yaml")
"""The game's opening position, as ``awaw setup`` writes it and ``awaw new --setup`` reads it."""
MAP_DATA: Final = shipped_map_data().data

# =====================================================================================================================
# The rules, read from their one home (projections.rules), never copied here
# =====================================================================================================================


def air_combat(factors: int, roll: int) -> tuple[int, int]:
    """Air Combat Table 19.2: (enemy factors eliminated, enemy factors aborted) for a side's factors and 2d6."""
    found = air_combat_result(factors, roll)
    return found.eliminated, found.aborted


# =====================================================================================================================
# The log writer, with its BRP, construction-limit and oil ledgers
# =====================================================================================================================


@dataclass
class Game:
    events: list[AnyEvent] = field(default_factory=list)
    year: int = 1939
    season: Season = "fall"
    side: Side | None = None
    phase: Phase | None = "setup"
    state: GameState = field(default_factory=initial)
    unfolded: list[AnyEvent] = field(default_factory=list)
    """Events written since :attr:`state` was last folded (a decision folds them first)."""

    # -- decisions ----------------------------------------------------------------------------------------------

    def position(self) -> Position:
        """The position a command decides on: the game so far, on the shipped map data it declares."""
        self.state, self.unfolded = fold(self.state, self.unfolded), []
        return Position(self.state, MAP_DATA)

    def play(self, decide: Callable[[Position], list[AnyEvent] | Refusal]) -> None:
        """A player's decision, made by :mod:`replays.commands` (the function ``awaw move``, ``redeploy``, ``spend``
        and ``end-phase`` call) on the game so far; a decision the rules refuse stops the generator."""
        decided = decide(self.position())
        if isinstance(decided, Refusal):
            raise ValueError(f"event {len(self.events) + 1}: the rules refuse it: {decided}")
        for event in decided:
            self.append(event)

    # -- time ---------------------------------------------------------------------------------------------------

    @property
    def turn(self) -> str:
        return f"{self.season.capitalize()} {self.year}"

    def at(self, year: int, season: Season, phase: Phase | None = None) -> None:
        self.year, self.season, self.side, self.phase = year, season, None, phase

    def start_game_turn(self, year: int, season: Season) -> None:
        """The next game turn begins (``awaw end-phase`` from the set-up or the end of the last game turn)."""
        self.play(decide_end_phase)
        if (self.year, self.season) != (year, season):
            raise ValueError(f"the game turn that begins is {self.turn}, not {season} {year}")

    def start_player_turn(self, side: Side) -> None:
        """The player turn of ``side`` begins (``awaw end-phase``: from the game-turn phases for the Axis; the end of
        the Axis player turn has begun the Allied one already)."""
        if self.side != side:
            self.play(decide_end_phase)
        if self.side != side:
            raise ValueError(f"the player turn that begins is the {self.side}'s, not the {side}'s")

    def enter(self, phase: Phase) -> None:
        """Move on to ``phase``: every player-turn phase passed on the way gets its ``phase_started`` marker."""
        if self.side is None:
            self.phase = phase
            return
        current = PLAYER_TURN_PHASES.index(self.phase) if self.phase in PLAYER_TURN_PHASES else -1
        target = PLAYER_TURN_PHASES.index(phase)
        if target < current:
            raise ValueError(f"phase {phase!r} comes before {self.phase!r}")
        while self.phase != phase:
            self.play(decide_end_phase)

    def end_player_turn(self) -> None:
        """The end of the player turn (``awaw end-phase`` from its last phase): the oil above each tracked reserve's
        maximum eliminated (33.422), the inverted air and naval units the position says turn face up (27-30 extract
        1.20), then the next player turn or the end of the game turn."""
        self.enter("end_of_player_turn")
        self.play(decide_end_phase)

    # -- writing ------------------------------------------------------------------------------------------------

    def emit(self, cls: type[Event], actor: str = "system", judges: Sequence[Query] = (), **fields: Any) -> int:
        """Append one event at the current game time, written here where no command decides it yet; refused, as a
        command's expenditure is, where it spends beyond the BRPs available or the construction limit (the
        commands' :data:`~replays.commands.economy.SPENT` queries), or where it breaks one of ``judges``. Returns
        its event number (1-based line number)."""
        event: Any = cls(
            year=self.year, season=self.season, side=self.side, phase=self.phase, actor=cast(Actor, actor), **fields
        )
        parse_event(msgspec.to_builtins(event), where=f"event {len(self.events) + 1}")
        self.play(lambda pos: judged_in_turn(pos, [event], {cls: tuple(judges)}, SPENT))
        return len(self.events)

    def append(self, event: Any) -> int:
        """Append an event (written here or decided by a command)."""
        cls = type(event)
        if self.events and not cls.annotation:
            last = next(e for e in reversed(self.events) if not type(e).annotation)
            if time_key(event) < time_key(last):
                raise ValueError(f"{tag_of(cls)} goes back in game time")
        self.events.append(event)
        self.unfolded.append(event)
        if not cls.annotation:
            self.year, self.season, self.side, self.phase = event.year, event.season, event.side, event.phase
        return len(self.events)

    def roll(self, purpose: str, dice: Sequence[int], ref: str | None = None, actor: str = "system") -> int:
        """A physical die roll (the faces as typed in), numbered as the dice record expects; returns its number."""
        number = self.position().state.dice.next_roll
        self.emit(DiceRolled, actor=actor, roll=number, purpose=purpose, dice=list(dice), source="physical", ref=ref)
        return number

    # -- rendering ----------------------------------------------------------------------------------------------

    def render(self) -> bytes:
        return b"".join(encode(e) + b"\n" for e in self.events)


# =====================================================================================================================
# Helpers that turn one game action into its events
# =====================================================================================================================


def _side(owner: str) -> str:
    return SIDE_OF_FACTION[FACTION_OF_POWER[cast(Any, owner)]]


def room(g: Game, near: str, owner: str, unit_type: str) -> str:
    """Where a ground unit goes when it is placed, built or redeployed to ``near``: that hex if the stacking limits
    leave room (12.11A: two non-specialized units; 12.12: three specialized units), else the nearest hex that does
    (ring by ring, row by row) and holds no unit of the other side. Boxes and non-ground units stay where asked."""
    if not near.startswith(("EUR:", "PAC:")) or unit_type not in NON_SPECIALIZED_GROUND | SPECIALIZED_TYPES:
        return near
    kind = SPECIALIZED_TYPES if unit_type in SPECIALIZED_TYPES else NON_SPECIALIZED_GROUND
    limit = STACKING_LIMITS["standard"]
    cap = limit.specialized if unit_type in SPECIALIZED_TYPES else limit.ground_units
    side, board = _side(owner), g.position().board
    for distance in range(4):
        for h in sorted(ring(near, distance) if distance else (near,), key=parse):
            here = [u for u in board.units.values() if u.location == h and u.unit_type in GROUND_TYPES]
            if any(_side(u.owner) != side for u in here):
                continue
            if sum(1 for u in here if u.unit_type in kind) < (cap or 0):
                return h
    raise ValueError(f"no room for a {unit_type} unit near {near}")


def redeploy(
    g: Game,
    *,
    actor: str,
    unit: str,
    kind: str,
    origin: str,
    destination: str,
    path: Sequence[str] = (),
    nr: str | None = None,
) -> None:
    """A redeployment (``awaw redeploy``) from where the unit stands (``origin`` is where it was meant to be; a build
    may have placed it next door) to ``destination``, or the nearest hex with room for it (12.22: stacking applies at
    the end of the redeployment phase)."""
    del origin
    u = g.position().board.units[unit]
    where = room(g, destination, u.owner, u.unit_type)
    g.play(lambda pos: decide_redeploy(pos, Redeploy(unit, where, kind, tuple(path), actor, nr)))


def place(g: Game, power: str, units: Sequence[tuple[Any, ...]], nationality: str | None = None) -> None:
    """Set-up placements: (unit, type, factors, location[, movement][, name]), each in the nearest hex with room for
    it (:func:`room`)."""
    for spec in units:
        unit, unit_type, factors, wanted, *rest = spec
        location = room(g, wanted, power, unit_type)
        movement = next((r for r in rest if isinstance(r, int)), None)
        name = next((r for r in rest if isinstance(r, str)), None)
        g.emit(
            UnitPlaced,
            unit=unit,
            owner=power,
            nationality=nationality or power,
            unit_type=unit_type,
            factors=factors,
            location=location,
            movement=movement,
            name=name,
            inverted=False,
        )


def build(
    g: Game,
    power: str,
    unit: str,
    unit_type: str,
    factors: int,
    location: str,
    *,
    yard: str | None = None,
    oil_covered: bool = False,
) -> None:
    """A unit built (``awaw build``) at the price the position gives, in the nearest hex with room for it (27.46,
    :func:`room`); ``yard``: the shipyard whose SB a submarine, ASW or transport takes; ``oil_covered``: the whole
    cost covered by the faction's oil (27.35A)."""
    where = room(g, location, power, unit_type)
    covered = unit_cost(cast(Any, unit_type), factors) if oil_covered else None
    made = Build(unit, where, power, unit_type, factors, oil_covered=covered, yard=yard)
    g.play(lambda pos: decide_build(pos, made))


def lay_down(g: Game, yard: str, ship: str, unit_type: str, factors: int, *, name: str | None = None) -> None:
    """A ship laid down (``awaw build SHIP --yard``) in the cell and at the cost of 27.7251."""
    g.play(lambda pos: decide_ship(pos, Ship(ship, "lay_down", yard, unit_type, factors, name)))


def advance(g: Game, ship: str) -> None:
    """Construction continued (``awaw build SHIP --chart continue``): down one row, 1 SB + 3 BRPs (27.7272A)."""
    g.play(lambda pos: decide_ship(pos, Ship(ship, "continue")))


def launch(g: Game, ship: str, *, paid: bool) -> None:
    """A launch from row 2 for 1 SB + 3 BRPs (``continue``), or free from the Launch row (27.7272D, 27.7273)."""
    g.play(lambda pos: decide_ship(pos, Ship(ship, "continue" if paid else "launch")))


def weather(g: Game, dice: dict[str, int]) -> None:
    """The weather of every zone this game turn (``awaw weather --die ZONE=N``, 34.1-34.41)."""
    g.play(lambda pos: decide_weather(pos, Weather(dice), NO_DIE))


def tension(g: Game, track: str, old: int, mods: Sequence[tuple[str, int, str | None]], cause: str) -> int:
    """A tension track moves by the sum of its modifiers (A3R extract 2.6 for RGT, 2.5 for USAT)."""
    new = old + sum(v for _, v, _ in mods)
    g.emit(
        TensionChanged,
        track=track,
        old=old,
        new=new,
        cause=cause,
        modifiers=[Modifier(code=c, value=v, rule=r) for c, v, r in mods],
    )
    return new


def move(g: Game, actor: str, unit: str, path: Sequence[str], *, breakthrough: str | None = None) -> None:
    """A move (``awaw move``), as the hexes the unit enters in order (``unit_moved.path`` leaves out the hex it
    starts in): the command prices it on the map data (13.41, with the MF of a hex the unit overran, 13.41E), gives
    an exploiting unit its allowance (16.31) and refuses what the rules forbid."""
    g.play(lambda pos: decide_move(pos, MoveCommand(unit, tuple(path), breakthrough, actor)))


def war(g: Game, power: str, target: str) -> None:
    """A declaration of war (``awaw spend POWER war TARGET``), at its 27.12 price."""
    g.play(lambda pos: decide_spend(pos, Spend(power, "war", target=target)))


def offensive(g: Game, power: str, front: str) -> None:
    """A full offensive (``awaw spend POWER offensive --front FRONT``), at its 27.12 price."""
    g.play(lambda pos: decide_spend(pos, Spend(power, "offensive", front=front)))


def fly(g: Game, actor: str, mission: str, units: Sequence[str], target: str, ref: str) -> None:
    """An air (or naval) mission; the units that flew it are inverted (27-30 extract 1.20; A3R option 13)."""
    g.emit(AirMissionFlown, actor=actor, mission=mission, units=list(units), target=target, ref=ref)
    for unit in units:
        g.emit(UnitInversionChanged, actor=actor, unit=unit, inverted=True, cause="mission")


def control(g: Game, hexes: Sequence[str], controller: str, cause: str, ref: str | None = None) -> None:
    for h in hexes:
        g.emit(HexControlChanged, hex=h, controller=controller, cause=cause, ref=ref)


def supply(g: Game, faction: str, subjects: Sequence[str], status: str = "full", source: str | None = None) -> None:
    """A supply determination (``awaw supply``; 30.4): initial, or post-combat in the post-combat supply phase; the
    status and source are the players' where the position cannot trace them on the game's map data."""
    g.play(lambda pos: decide_supply(pos, Supply(faction, tuple(subjects), status, source)))


def fortify(g: Game, power: str, hex_: str, basis: str) -> None:
    """A fortification (``awaw fortify``) at the 32.12 price; ``basis``: why the hex may take one (32.13A), where
    the map data does not say."""
    g.play(lambda pos: decide_fortify(pos, Fortify(power, (hex_,), basis=basis)))


def attack(
    g: Game,
    ident: str,
    hexes: Sequence[str],
    attackers: Sequence[str],
    *,
    die: int,
    support: Sequence[str] = (),
    dms: Mapping[str, tuple[str, ...]] | None = None,
    terrain: str | None = None,
    losses: Sequence[tuple[str, Mapping[str, int | None]]] = (("defender", {}),),
    advance: Sequence[str] = (),
    breakthrough: str | None = None,
    sea: str | None = None,
    bombardment: Sequence[str] = (),
    bridgehead: bool = False,
) -> int:
    """A ground attack (``awaw attack``, ``losses``, ``advance``; 15.1-15.9) or a seaborne invasion from the sea hex
    ``sea`` (``awaw invade``): ground support and shore bombardment, the declaration from the board, the die typed
    in and the CRT's result; each side's losses in turn (none named: everything the result takes); the attack ended
    and ``advance`` moved in (placing ``bridgehead``). Returns the event number of its round."""
    declared = Attack(
        ident, tuple(hexes), tuple(attackers), tuple(support), dms=dms or {}, terrain=terrain, sea=sea,
        bombardment=tuple(bombardment),
    )  # fmt: skip
    g.play(lambda pos: decide_attack(pos, declared, Die(face=die)))
    resolved = len(g.events)
    for side, units in losses:
        g.play(partial(decide_losses, command=Losses(ident, side, units)))
    g.play(lambda pos: decide_advance(pos, Advance(ident, tuple(advance), breakthrough=breakthrough)))
    if bridgehead:
        g.play(lambda pos: decide_bridgehead(pos, Bridgehead(ident)))
    return resolved


def attrition(
    g: Game,
    *,
    ident: str,
    actor: str,
    target: str,
    front: str,
    units: Sequence[str],
    die: int,
    losses: Sequence[str],
    take_2c: bool = False,
    occupy: Mapping[str, str] | None = None,
) -> None:
    """Attrition on a front (``awaw attrition``, 14.2-14.6): the declaration, the die typed in and the table's
    result, the defender's losses and the attacker's occupation."""
    declared = Attrition(ident, target, front, tuple(units), take_2c=take_2c, actor=actor)
    g.play(lambda pos: decide_attrition(pos, declared, Die(face=die)))
    g.play(lambda pos: decide_attrition_losses(pos, AttritionLosses(ident, tuple(losses))))
    if occupy:
        g.play(lambda pos: decide_occupation(pos, Occupation(ident, occupy)))


def oil_turn(g: Game, produced: int) -> None:
    """Japan's oil adjustment phase (``awaw oil-produce``, ``oil-spend``): market oil in, then the army and general
    air offsets bought (33.41A, 33.52, 33.61A, C)."""
    g.play(lambda pos: decide_produce(pos, Produce("japan", "international_market", produced)))
    for purpose in ("army", "air_general"):
        g.play(partial(decide_spend_oil, command=OilSpend("japan", purpose)))


def oil_for(g: Game, purpose: str, brps: int) -> None:
    """Japan's construction or growth oil for ``brps`` BRPs (``awaw oil-spend japan construction 10``; 33.61D-E)."""
    g.play(lambda pos: decide_spend_oil(pos, OilSpend("japan", purpose, brps)))


# =====================================================================================================================
# The game
# =====================================================================================================================

# Illustrative set-up BRPs (base, available); the extracts give none of these.
START_BRPS: Final[dict[str, tuple[int, int]]] = {
    "germany": (150, 110),
    "italy": (75, 50),
    "japan": (90, 60),
    "britain": (125, 95),
    "france": (85, 65),
    "usa": (200, 80),
    "russia": (90, 70),
    "china": (24, 12),
}
# Illustrative 1940 Year Start Sequence: BRP growth and conquests added to the base; available = new base.
GROWTH_1940: Final[dict[str, int]] = {
    "germany": 10,
    "italy": 5,
    "japan": 10,
    "britain": 10,
    "france": 5,
    "usa": 10,
    "russia": 10,
    "china": 0,
}
POLAND_BRPS: Final = 15  # illustrative
DENMARK_BRPS: Final = 5  # illustrative

# Hexes the game's decisions name (the set-up places every unit: setup-1939.yaml): Copenhagen and Helsinki are the
# A3R house rules' straits (the shipped map data); the rest are plausible ids on the European and Pacific maps (see
# README), placed so that every move and attack follows the hex geometry of 10-16 extract 1.15.
BERLIN, KIEL, WILHELMSHAVEN, KONIGSBERG = "EUR:L32", "EUR:J30", "EUR:K29", "EUR:J38"
LODZ_FLANK: Final = "EUR:N34"
"""The Polish unit that does not fit in Lodz (12.11A) stands next to it, in reach of the same attackers (15.44)."""
WARSAW, POZNAN, LODZ, KRAKOW, BREST, LWOW, BIALYSTOK, VILNA = (
    "EUR:L37",
    "EUR:L34",
    "EUR:M36",
    "EUR:O35",
    "EUR:L39",
    "EUR:P37",
    "EUR:K39",
    "EUR:I41",
)
PARIS, LONDON, GLASGOW, CALAIS = "EUR:P21", "EUR:M20", "EUR:H20", "EUR:N22"
ROME, GENOA, TRIESTE, LENINGRAD, MOSCOW = "EUR:Y23", "EUR:T23", "EUR:S26", "EUR:D44", "EUR:H49"
HELSINKI, KARELIA, OSLO, BERGEN, COPENHAGEN = "EUR:D41", "EUR:D43", "EUR:D33", "EUR:D30", "EUR:H32"
TOKYO, CHUNGKING = "PAC:K30", "PAC:Q10"


def setup(g: Game) -> dict[str, int]:
    """Fall 1939 set-up: the game, the map data it uses and the position of ``setup-1939.yaml`` (BRPs, forces,
    shipyards, charts, fortifications, control, CTLs, oil, winter preparation), recorded as ``awaw new --setup``
    records a set-up (:func:`replays.setup.setup_events`)."""
    g.emit(
        GameCreated,
        title="Classic campaign game: Fall 1939 to Spring 1940 (example)",
        rules="awaw",
        variant="classic",
        scenario="campaign-1939",
        options={"econ.deficit_spending": "none"},
    )
    shipped = shipped_map_data().declaration()
    g.emit(
        MapDataUsed,
        name=shipped.name,
        version=shipped.version,
        sha256=shipped.sha256,
        source=shipped.source,
        hexes=shipped.hexes,
        hexsides=shipped.hexsides,
    )
    position = parse_setup(SETUP.read_bytes(), source=SETUP.name)
    for made in setup_events(position):
        g.append(made.event)
    prepared = next(n for n, e in enumerate(g.events, 1) if isinstance(e, WinterPreparationChanged))
    g.emit(
        NoteAdded,
        about=prepared,
        text="34.41A: Germany counts winter preparation 2 when attacking Poland in the "
        "first turn; Fall 1939 has no winter in Poland, so it changes nothing here.",
    )
    return {"rgt": 0, **position.tracks}


def fall_1939(g: Game, t: dict[str, int]) -> None:
    g.start_game_turn(1939, "fall")
    weather(g, {"siberia": 3})
    at_war_0 = [("automatic", 1, "A3R App. E"), ("ST_AT_WAR_0", 3, "A3R App. E")]
    t["rgt"] = tension(g, "rgt", t["rgt"], at_war_0, "turn_start")

    # ---------------------------------------------------------------- Axis Fall 1939
    g.start_player_turn("axis")
    g.enter("diplomacy")
    war(g, "germany", "poland")
    g.enter("oil_adjustment")
    oil_turn(g, 15)
    g.enter("movement")
    # Supply is determined in the movement phase, after air and naval movement and before ground movement (13.33).
    supply(
        g,
        "european_axis",
        ["ger-arm-1", "ger-arm-2", "ger-arm-3", "ger-arm-4", "ger-inf-1", "ger-inf-4"],
        source="berlin",
    )
    move(g, "germany", "ger-inf-3", ["EUR:L33", "EUR:M33", "EUR:M34"])
    # ger-arm-4 waits in M33, beside the Poznan attack: L33 holds two armor units already (12.11A)
    move(g, "germany", "ger-arm-4", ["EUR:K32", BERLIN, "EUR:L33", "EUR:M33"])
    g.enter("combat")
    offensive(g, "germany", "eastern")
    # ger-arm-2 stays in L33, beside the Poznan attack, so that it may exploit (16.21, 16.22D)
    attack(
        g,
        "pol-1",
        [POZNAN],
        ["ger-arm-1", "ger-inf-1", "ger-inf-2", "ger-inf-3"],
        support=["ger-aaf-1", "ger-aaf-2"],
        die=6,
        advance=["ger-arm-1"],
        breakthrough="bt-poznan",
    )
    attack(
        g,
        "pol-2",
        [LODZ, LODZ_FLANK],
        ["ger-arm-3", "ger-inf-4", "ger-inf-5", "ger-inf-6"],
        support=["ger-aaf-3"],
        die=3,
        losses=(
            ("attacker", {"ger-inf-4": None, "ger-inf-5": None, "ger-inf-6": None, "ger-aaf-3": 3}),
            ("defender", {}),
        ),
        advance=["ger-arm-3"],
        breakthrough="bt-lodz",
    )
    g.enter("exploitation")
    # ger-arm-1 attacked Poznan and may not exploit (16.22D); ger-arm-2 (in L33) and ger-arm-4 (in M33), beside the
    # attack, are placed on Poznan and exploit; ger-arm-4 in L35 keeps the chain to Warsaw (16.47)
    move(g, "germany", "ger-arm-2", [POZNAN, "EUR:L35", "EUR:L36"], breakthrough="bt-poznan")
    move(g, "germany", "ger-arm-4", [POZNAN, "EUR:L35"], breakthrough="bt-poznan")
    warsaw_round = attack(
        g, "pol-x1", [WARSAW], ["ger-arm-2"], support=["ger-aaf-4"], terrain="city", die=5, advance=["ger-arm-2"]
    )
    warsaw = cast(CombatRoundResolved, g.events[warsaw_round - 1]).result
    g.emit(
        NoteAdded,
        about=warsaw_round,
        text=f"Warsaw falls to an exploitation attack: 9 against 6 is 1:1, "
        f"die 5 reads {warsaw}; the Polish DMs drop to 1 and 2, so an Ex-2 costs the attacker nothing (15.61).",
    )
    g.enter("attrition")
    attrition(
        g,
        ident="china-1939-fall",
        actor="japan",
        target="china",
        front="asian",
        units=[f"jap-inf-{n}" for n in range(1, 10)],
        die=4,
        losses=["chi-inf-1", "chi-inf-2", "chi-inf-3"],
    )
    g.enter("post_combat_supply")
    supply(g, "european_axis", ["ger-arm-1", "ger-arm-2", "ger-arm-3"], source="berlin")
    fallen = g.emit(StatusChanged, actor="germany", country="poland", status="conquered", faction="european_axis")
    for unit in ("pol-inf-7", "pol-inf-8"):
        g.emit(UnitEliminated, unit=unit, cause="surrender", ref="poland")
    g.emit(BrpGained, actor="germany", power="germany", amount=POLAND_BRPS, cause="conquest", area="poland")
    g.emit(BookmarkSet, name="Poland falls", at=fallen)
    g.enter("unit_construction")
    launch(g, "ger-ca-3", paid=True)
    lay_down(g, "kiel", "ger-dd-7", "dd", 1)
    for n in (4, 5, 6):
        build(g, "germany", f"ger-inf-{n}", "infantry", 3, BERLIN)
    build(g, "germany", "ger-arm-7", "armor", 4, BERLIN)
    fortify(g, "germany", KONIGSBERG, "city")
    lay_down(g, "genoa", "ita-ca-3", "ca", 2)
    build(g, "italy", "ita-inf-7", "infantry", 2, ROME)
    oil_for(g, "construction", 10)
    lay_down(g, "tokyo", "jap-dd-3", "dd", 1)
    for n in (13, 14):
        build(g, "japan", f"jap-inf-{n}", "infantry", 3, TOKYO, oil_covered=True)
    build(g, "japan", "jap-nas-2", "nas", 1, TOKYO, oil_covered=True)
    g.enter("redeployment")
    redeploy(g, actor="germany", unit="ger-arm-3", kind="SR", origin=LODZ, destination="EUR:M28", path=[BERLIN])
    redeploy(g, actor="germany", unit="ger-arm-4", kind="SR", origin="EUR:L35", destination=BERLIN)
    redeploy(
        g,
        actor="germany",
        unit="ger-inf-2",
        kind="SR",
        origin="EUR:K34",
        destination="EUR:N28",
        path=[BERLIN],
    )
    g.enter("end_of_player_turn")
    control(g, [KRAKOW], "germany", "conquest")  # a conquered minor's hexes pass at the end of the player turn (29.51)
    t["usat"] = tension(
        g, "usat", t["usat"], [("axis_offensive_brps", (FULL_OFFENSIVE_COST + 7) // 15, "A3R intro")], "axis_offensives"
    )
    g.end_player_turn()

    # ---------------------------------------------------------------- Allied Fall 1939
    g.start_player_turn("allied")
    g.enter("diplomacy")
    for power in ("britain", "france"):
        war(g, power, "germany")
    g.enter("movement")
    supply(g, "russia", ["rus-inf-6", "rus-inf-7", "rus-inf-8", "rus-inf-9"], source="urals")  # 13.33
    for unit, path in (
        ("rus-inf-8", ["EUR:M40", "EUR:M39", BREST]),
        ("rus-inf-9", ["EUR:P39", "EUR:P38", LWOW]),
        ("rus-inf-6", ["EUR:J42", "EUR:I42", VILNA]),
        ("rus-inf-7", ["EUR:K41", "EUR:K40", BIALYSTOK]),
    ):
        move(g, "russia", unit, path)
    control(g, [BREST, LWOW, VILNA, BIALYSTOK], "russia", "occupation")
    t["rgt"] = tension(g, "rgt", t["rgt"], [("EV_RUSSIA_EASTERN_POLAND", -1, "A3R App. E")], "russian_occupation")
    move(g, "britain", "hood", ["EUR:E23", "EUR:F23", "EUR:F24", "EUR:F25", "EUR:F26", "EUR:F27"])
    g.enter("initial_supply")
    supply(g, "western_allies", ["fra-inf-1", "fra-inf-2", "brit-inf-1"], source="paris")
    g.enter("unit_construction")
    for n in (5, 6):
        lay_down(g, "glasgow", f"brit-dd-{n}", "dd", 1)
    for n in (7, 8):
        lay_down(g, "glasgow", f"brit-ca-{n}", "ca", 2)
    for n in (7, 8):
        build(g, "britain", f"brit-inf-{n}", "infantry", 3, LONDON)
    lay_down(g, "lorient", "fra-dd-4", "dd", 1)
    for n in (9, 10):
        build(g, "france", f"fra-inf-{n}", "infantry", 2, PARIS)
    lay_down(g, "us-atlantic", "usa-ca-3", "ca", 2)
    lay_down(g, "leningrad", "rus-dd-3", "dd", 1)
    for n in (11, 12):
        build(g, "russia", f"rus-inf-{n}", "infantry", 3, MOSCOW)
    for n in (15, 16):
        build(g, "china", f"chi-inf-{n}", "infantry", 2, CHUNGKING)
    g.enter("redeployment")
    redeploy(g, actor="britain", unit="brit-inf-1", kind="NR", origin=LONDON, destination=CALAIS, nr="bef-1")
    redeploy(g, actor="britain", unit="brit-inf-2", kind="NR", origin=LONDON, destination=CALAIS, nr="bef-1")
    redeploy(g, actor="russia", unit="rus-inf-5", kind="SR", origin=MOSCOW, destination=LENINGRAD)
    redeploy(g, actor="china", unit="chi-inf-15", kind="SR", origin=CHUNGKING, destination="PAC:N17")
    redeploy(g, actor="china", unit="chi-inf-16", kind="SR", origin=CHUNGKING, destination="PAC:P17")
    g.enter("end_of_player_turn")
    g.emit(FrenchSurrenderChecked, actor="france", paris_controller="france", surrenders=False)
    g.end_player_turn()


def winter_1939(g: Game, t: dict[str, int]) -> None:
    g.start_game_turn(1939, "winter")
    g.enter("game_turn_start")
    weather(g, {"russian_winter": 4, "siberia": 2})
    t["rgt"] = tension(
        g, "rgt", t["rgt"], [("automatic", 1, "A3R App. E"), ("ST_AT_WAR_2PLUS", 1, "A3R App. E")], "turn_start"
    )

    # ---------------------------------------------------------------- Axis Winter 1939
    g.start_player_turn("axis")
    g.enter("oil_adjustment")
    oil_turn(g, 10)
    g.enter("sw")
    g.emit(SwCombatResolved, actor="germany", box="atlantic", submarines=5, killers=2, brps_taken=6, subs_lost=2)
    for n in (1, 2):
        g.emit(UnitEliminated, unit=f"ger-sub-{n}", cause="naval_combat", ref="sw-atlantic-1939-winter")
    g.emit(BrpLost, actor="germany", power="britain", amount=6, cause="sw", target="atlantic", attacker="germany")
    g.enter("movement")
    for ship in ("scharnhorst", "gneisenau"):
        move(g, "germany", ship, ["EUR:J29", "EUR:I29", "EUR:H29"])
    for ship in ("scharnhorst", "gneisenau"):
        move(g, "germany", ship, ["EUR:I29", "EUR:J29", KIEL])
    g.enter("initial_supply")
    supply(g, "european_axis", ["ger-arm-1", "ger-arm-2", "ger-inf-1"], source="berlin")
    supply(g, "japan", [f"jap-inf-{n}" for n in range(1, 10)], source="tokyo")
    g.enter("attrition")
    attrition(
        g,
        ident="china-1939-winter",
        actor="japan",
        target="china",
        front="asian",
        units=[f"jap-inf-{n}" for n in range(1, 10)],
        die=6,
        losses=[f"chi-inf-{n}" for n in (4, 13, 10, 11)],  # chi-inf-9 holds O17, which Japan occupies (14.62A)
        occupy={"jap-inf-2": "PAC:O17"},
    )
    g.enter("unit_construction")
    launch(g, "ger-dd-7", paid=False)
    advance(g, "bismarck")
    build(g, "germany", "ger-sub-6", "submarine", 1, WILHELMSHAVEN, yard="kiel")
    build(g, "germany", "ger-aaf-6", "aaf", 5, BERLIN)
    for n in (13, 14):
        build(g, "germany", f"ger-inf-{n}", "infantry", 3, BERLIN)
    lay_down(g, "trieste", "ita-dd-3", "dd", 1)
    build(g, "italy", "ita-inf-8", "infantry", 2, ROME)
    oil_for(g, "construction", 10)
    launch(g, "jap-dd-3", paid=False)
    lay_down(g, "tokyo", "jap-ca-4", "ca", 2)
    for n in (15, 16):
        build(g, "japan", f"jap-inf-{n}", "infantry", 3, TOKYO, oil_covered=True)
    build(g, "japan", "jap-nas-3", "nas", 1, TOKYO, oil_covered=True)
    g.enter("redeployment")
    redeploy(g, actor="germany", unit="ger-sub-6", kind="NR", origin=WILHELMSHAVEN, destination="sw:atlantic")
    redeploy(g, actor="germany", unit="ger-aaf-5", kind="TR", origin="EUR:M29", destination="EUR:K30")
    redeploy(g, actor="japan", unit="jap-inf-13", kind="NR", origin=TOKYO, destination="PAC:N18")
    g.enter("end_of_player_turn")
    g.end_player_turn()

    # ---------------------------------------------------------------- Allied Winter 1939
    g.start_player_turn("allied")
    g.enter("diplomacy")
    war(g, "russia", "finland")
    t["rgt"] = tension(g, "rgt", t["rgt"], [("EV_RUSSIAN_DOW_MINOR", -1, "A3R App. E")], "russian_dow_finland")
    # Finland, attacked by Russia, is played by the side that did not attack it (A3R intro, sop.variant (f)).
    place(
        g,
        "germany",
        [("fin-inf-1", "infantry", 3, KARELIA, 3), ("fin-inf-2", "infantry", 2, HELSINKI, 3)],
        nationality="finland",
    )
    g.enter("movement")
    fly(g, "britain", "bombing", ["brit-aaf-2"], WILHELMSHAVEN, "heligoland")
    fly(g, "germany", "interception", ["ger-aaf-5"], WILHELMSHAVEN, "heligoland")
    dice = (2, 3, 4, 5)  # British 2d6, then German 2d6 (both sides roll at once, 19.21)
    roll = g.roll("air_combat", dice, ref="heligoland", actor="britain")
    brit_kills, brit_aborts = air_combat(3, dice[0] + dice[1])
    ger_kills, ger_aborts = air_combat(5, dice[2] + dice[3])
    brit_lost = min(3, ger_kills)
    g.emit(
        AirCombatResolved,
        actor="britain",
        battle="heligoland",
        round=1,
        attacker_factors=3,
        defender_factors=5,
        roll=roll,
        attacker_eliminated=brit_lost,
        attacker_aborted=min(3 - brit_lost, ger_aborts),
        defender_eliminated=brit_kills,
        defender_aborted=min(5 - brit_kills, brit_aborts),
    )
    g.emit(UnitEliminated, unit="brit-aaf-2", cause="air_combat", ref="heligoland")
    g.emit(UnitReduced, unit="ger-aaf-5", factors_lost=brit_kills, ref="heligoland")
    g.enter("initial_supply")
    supply(g, "russia", ["rus-inf-1", "rus-inf-2", "rus-inf-3", "rus-inf-4"], source="urals")
    g.enter("combat")
    offensive(g, "russia", "eastern")
    karelia_round = attack(
        g,
        "karelia-1",
        [KARELIA],
        ["rus-inf-1", "rus-inf-2", "rus-inf-3", "rus-inf-4"],
        dms={"fin-inf-1": ("rough",)},
        terrain="forest",
        die=2,
        losses=(("attacker", {"rus-inf-1": None, "rus-inf-2": None}),),
    )
    winter_war = cast(CombatRoundResolved, g.events[karelia_round - 1]).result
    g.emit(
        NoteAdded,
        about=karelia_round,
        text=f"The Winter War: 12 Russian factors against a 3-factor Finnish "
        f"infantry in forest (DM 3) is 1:1; die 2 gives {winter_war!r} and Russia loses ceil(9/2) = 5 factors.",
    )
    g.enter("unit_construction")
    g.play(lambda pos: decide_spend(pos, Spend("britain", "grant", target="france", amount=9)))
    launch(g, "brit-dd-5", paid=False)
    launch(g, "brit-dd-6", paid=False)
    lay_down(g, "glasgow", "vanguard", "bb", 4, name="Vanguard")
    build(g, "britain", "brit-asw-3", "asw", 1, GLASGOW, yard="glasgow")
    build(g, "britain", "brit-aaf-4", "aaf", 3, LONDON)
    build(g, "britain", "brit-inf-9", "infantry", 3, LONDON)
    launch(g, "fra-dd-4", paid=False)
    lay_down(g, "marseilles", "fra-ca-4", "ca", 2)
    for n in (11, 12, 13):
        build(g, "france", f"fra-inf-{n}", "infantry", 2, PARIS)
    build(g, "usa", "usa-inf-3", "infantry", 3, "box:us_atlantic")
    launch(g, "rus-dd-3", paid=False)
    for n in (1, 2):
        build(g, "russia", f"rus-inf-{n}", "infantry", 3, MOSCOW)
    for n in (17, 18):
        build(g, "china", f"chi-inf-{n}", "infantry", 2, CHUNGKING)
    g.enter("redeployment")
    redeploy(g, actor="britain", unit="brit-asw-3", kind="NR", origin=GLASGOW, destination="sw:atlantic")
    redeploy(g, actor="britain", unit="brit-inf-3", kind="NR", origin=GLASGOW, destination=CALAIS, nr="bef-2")
    redeploy(g, actor="russia", unit="rus-aaf-2", kind="SR", origin="EUR:L42", destination=LENINGRAD)
    for n in (17, 18):
        redeploy(g, actor="china", unit=f"chi-inf-{n}", kind="SR", origin=CHUNGKING, destination="PAC:Q16")
    g.enter("end_of_player_turn")
    g.emit(FrenchSurrenderChecked, actor="france", paris_controller="france", surrenders=False)
    g.end_player_turn()


def spring_1940(g: Game, t: dict[str, int]) -> None:
    g.start_game_turn(1940, "spring")
    # Year Start Sequence 1940 (illustrative growth; conquests added to the base).
    g.enter("year_start")
    g.emit(YearStarted)
    bases: dict[str, int] = {}
    for power, (base, _) in START_BRPS.items():
        bases[power] = base + GROWTH_1940[power] + (POLAND_BRPS if power == "germany" else 0)
        g.emit(BrpsSet, power=power, base=bases[power], available=bases[power], growth=GROWTH_1940[power])
    oil_for(g, "brp_growth", GROWTH_1940["japan"])
    g.enter("research")
    g.emit(RpSpent, actor="germany", power="germany", amount=2, purpose="winter_preparation")
    g.emit(
        ResearchResult,
        actor="germany",
        power="germany",
        project="winter_preparation",
        steps=1,
        result="one winter preparation result",
    )
    g.emit(WinterPreparationChanged, actor="germany", faction="european_axis", level=1, cause="produced")
    g.enter("game_turn_start")
    weather(g, {})
    t["rgt"] = tension(
        g, "rgt", t["rgt"], [("automatic", 1, "A3R App. E"), ("ST_AT_WAR_2PLUS", 1, "A3R App. E")], "turn_start"
    )

    # ---------------------------------------------------------------- Axis Spring 1940
    g.start_player_turn("axis")
    g.enter("diplomacy")
    for country in ("denmark", "norway"):
        war(g, "germany", country)
    place(g, "britain", [("den-inf-1", "infantry", 1, COPENHAGEN, 3)], nationality="denmark")
    place(
        g,
        "britain",
        [("nor-inf-1", "infantry", 2, OSLO, 3), ("nor-inf-2", "infantry", 2, BERGEN, 3)],
        nationality="norway",
    )
    g.enter("oil_adjustment")
    oil_turn(g, 10)
    g.enter("sw")
    g.emit(SwCombatResolved, actor="germany", box="atlantic", submarines=4, killers=3, brps_taken=2, subs_lost=3)
    for n in (3, 4, 5):
        g.emit(UnitEliminated, unit=f"ger-sub-{n}", cause="naval_combat", ref="sw-atlantic-1940-spring")
    g.emit(BrpLost, actor="germany", power="britain", amount=2, cause="sw", target="atlantic", attacker="germany")
    g.enter("movement")
    offensive(g, "germany", "western")
    # Naval units move before ground units (13.11), so Copenhagen is still Danish when the fleet sails: it leaves
    # through the Kiel canal and the North Sea, west of Jutland, into the Skagerrak (E33), not through the Kattegat
    # (H32, H33), whose passage needs friendly or neutral control (A3R App. A 21.211D).
    for ship in ("gneisenau", "scharnhorst", "lutzow", "ger-ca-1"):
        move(g, "germany", ship, ["EUR:J29", "EUR:I29", "EUR:H29", "EUR:G30", "EUR:F31", "EUR:E32", "EUR:E33"])
    move(g, "britain", "renown", ["EUR:D23", "EUR:D24", "EUR:D25", "EUR:C26", "EUR:C27", "EUR:C28"])
    naval = g.roll("naval_combat", [5, 2], ref="skagerrak", actor="britain")
    g.emit(
        NavalCombatResolved,
        actor="britain",
        battle="skagerrak",
        location="EUR:C28",
        attacker_units=["renown"],
        defender_units=["gneisenau", "scharnhorst"],
        roll=naval,
        outcome="Renown and Gneisenau damaged (naval combat table, outside the extracts)",
    )
    for ship in ("renown", "gneisenau"):
        g.emit(ShipDamaged, ship=ship, cause="naval_combat", ref="skagerrak")
    # 13.33: supply after naval movement, before ground movement
    supply(g, "european_axis", ["ger-inf-8", "ger-inf-9", "ger-arm-4", "ger-arm-5"], source="berlin")
    move(g, "germany", "ger-arm-4", ["EUR:K32", "EUR:J32", "EUR:I32"])
    move(g, "germany", "ger-arm-5", ["EUR:K32", "EUR:J32", "EUR:I32"])
    overran = Overrun("denmark-overrun", COPENHAGEN, ("ger-arm-4", "ger-arm-5"), support=("ger-aaf-2",))
    g.play(lambda pos: decide_overrun(pos, overran))
    move(g, "germany", "ger-arm-4", [COPENHAGEN])  # the overrun MF is charged by the move (13.41E)
    g.emit(StatusChanged, actor="germany", country="denmark", status="conquered", faction="european_axis")
    g.emit(BrpGained, actor="germany", power="germany", amount=DENMARK_BRPS, cause="conquest", area="denmark")
    g.enter("combat")
    oslo_round = attack(
        g,
        "oslo",
        [OSLO],
        ["ger-inf-8", "ger-inf-9"],
        sea="EUR:E33",
        support=["ger-aaf-1"],
        bombardment=["ger-ca-1"],
        die=6,
        losses=(("attacker", {"ger-ca-1": None}), ("defender", {})),
        advance=["ger-inf-8", "ger-inf-9"],
        bridgehead=True,
    )
    oslo = cast(CombatRoundResolved, g.events[oslo_round - 1]).result
    landing = len(g.events)
    g.emit(BookmarkSet, name="Weserübung: Oslo bridgehead", at=landing)
    g.emit(
        NoteAdded,
        about=oslo_round,
        text=f"Oslo: 13 against 6 is 2:1 and the die of 6 reads D, converted to "
        f"{oslo} by 15.55B (invasion, German CTL 2); the loss of 2 factors is paid by the Blücher.",
    )
    g.enter("attrition")
    attrition(
        g,
        ident="china-1940-spring",
        actor="japan",
        target="china",
        front="asian",
        units=[*(f"jap-inf-{n}" for n in range(1, 10)), "jap-inf-13"],
        die=2,
        take_2c=True,
        losses=["chi-inf-8", "chi-inf-15"],
    )
    g.enter("post_combat_supply")
    # the Oslo hex, newly acquired, draws on the bridgehead placed this turn (30.25A, 30.43B); the invaders had full
    # supply at the initial determination and keep it (30.47)
    supply(g, "european_axis", [OSLO], source="bridgehead")
    g.enter("unit_construction")
    advance(g, "tirpitz")
    build(g, "germany", "ger-sub-7", "submarine", 1, WILHELMSHAVEN, yard="kiel")
    for n in (15, 16, 17):
        build(g, "germany", f"ger-inf-{n}", "infantry", 3, BERLIN)
    build(g, "germany", "ger-arm-8", "armor", 4, BERLIN)
    build(g, "germany", "ger-ab-2", "airborne", 1, BERLIN)
    fortify(g, "germany", "EUR:M27", "city")  # a West Wall hex: the fortification makes it a fortress (32.15)
    launch(g, "ita-ca-3", paid=True)
    launch(g, "ita-dd-3", paid=False)
    build(g, "italy", "ita-inf-9", "infantry", 2, ROME)
    oil_for(g, "construction", 10)
    for n in (4, 5):
        lay_down(g, "tokyo", f"jap-dd-{n}", "dd", 1)
    build(g, "japan", "jap-inf-17", "infantry", 3, TOKYO, oil_covered=True)
    build(g, "japan", "jap-nas-4", "nas", 1, TOKYO, oil_covered=True)
    g.enter("redeployment")
    redeploy(g, actor="germany", unit="gneisenau", kind="NR", origin="EUR:E33", destination=KIEL)
    g.emit(ShipArrivedForRepair, actor="germany", ship="gneisenau", yard="kiel")
    redeploy(g, actor="germany", unit="ger-sub-7", kind="NR", origin=WILHELMSHAVEN, destination="sw:atlantic")
    g.enter("end_of_player_turn")
    t["usat"] = tension(
        g, "usat", t["usat"], [("axis_offensive_brps", (FULL_OFFENSIVE_COST + 7) // 15, "A3R intro")], "axis_offensives"
    )
    g.end_player_turn()

    # ---------------------------------------------------------------- Allied Spring 1940
    g.start_player_turn("allied")
    g.enter("movement")
    move(
        g,
        "britain",
        "renown",
        ["EUR:D27", "EUR:D26", "EUR:D25", "EUR:E24", "EUR:F23", "EUR:G22", "EUR:H21", GLASGOW],
    )
    g.emit(ShipArrivedForRepair, actor="britain", ship="renown", yard="glasgow")
    move(g, "britain", "hood", ["EUR:E28", "EUR:D29"])
    g.enter("initial_supply")
    supply(g, "western_allies", ["brit-inf-1", "brit-inf-2", "brit-inf-3", "fra-inf-1"], source="paris")
    g.enter("unit_construction")
    for n in (7, 8):
        launch(g, f"brit-ca-{n}", paid=True)
    cost = repair_cost("bc")
    g.emit(
        ShipRepairStarted,
        actor="britain",
        ship="renown",
        yard="glasgow",
        column=repair_position("bc", g.season).column,
        sb=cost.sb,
        brps=cost.brps,
    )
    build(g, "britain", "brit-asw-4", "asw", 1, GLASGOW, yard="glasgow")
    for n in (10, 11):
        build(g, "britain", f"brit-inf-{n}", "infantry", 3, LONDON)
    build(g, "britain", "brit-aaf-5", "aaf", 3, LONDON)
    lay_down(g, "lorient", "fra-dd-5", "dd", 1)
    for n in (14, 15):
        build(g, "france", f"fra-inf-{n}", "infantry", 2, PARIS)
    launch(g, "usa-ca-3", paid=True)
    for n in (19, 20, 21):
        build(g, "russia", f"rus-inf-{n}", "infantry", 3, MOSCOW)
    for n in (19, 20):
        build(g, "china", f"chi-inf-{n}", "infantry", 2, CHUNGKING)
    g.enter("redeployment")
    redeploy(g, actor="britain", unit="brit-asw-4", kind="NR", origin=GLASGOW, destination="sw:atlantic")
    redeploy(g, actor="britain", unit="brit-inf-7", kind="NR", origin=LONDON, destination=CALAIS, nr="bef-3")
    g.enter("end_of_player_turn")
    g.emit(FrenchSurrenderChecked, actor="france", paris_controller="france", surrenders=False)
    g.end_player_turn()


def build_game() -> Game:
    g = Game()
    tensions = setup(g)
    fall_1939(g, tensions)
    winter_1939(g, tensions)
    spring_1940(g, tensions)
    return g


def main(argv: Sequence[str]) -> int:
    g = build_game()
    OUTPUT.write_bytes(g.render())
    print(f"wrote {len(g.events)} events to {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
