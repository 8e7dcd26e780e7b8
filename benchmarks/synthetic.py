"""A synthetic archive of valid events, for benchmarks: ``python benchmarks/synthetic.py DB [N]``.

The events follow the log's rules (game time in order, dice numbered without gaps, results referring to their
rolls) and touch every projection: units placed, moved, built and eliminated; dice and combat rounds; BRP spending
and losses; oil production and expenditure; ships laid down, advanced and launched. Moves step between adjacent
hexes from where the unit stands, never into a hex of the other side, and end where the stacking limit leaves room
(10-16 extract 1.15, 13.46, 12.11A), so the audit measures checks that pass, as in a real game. Deterministic
(seeded).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator

from awaw_events.events import (
    AnyEvent,
    BrpLost,
    BrpsSet,
    CombatRoundResolved,
    DiceRolled,
    GameCreated,
    GameTurnStarted,
    HexControlChanged,
    OilExpended,
    OilProduced,
    OilReserveDefined,
    OilTrackingStarted,
    PhaseStarted,
    PlayerTurnStarted,
    ShipLaidDown,
    ShipLaunched,
    ShipyardDefined,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitPlaced,
    WeatherDetermined,
)
from awaw_events.store import GameStore
from awaw_events.vocab import POWERS, SEASONS
from projections.rules.geometry import label, neighbours, parse

ROWS = 40
"""Rows A to NN of the European map's id space; columns 1 to :data:`COLUMNS`."""
COLUMNS = 98
UNITS_PER_POWER = 60
"""At least this many units per power; more when the moves per player turn need them (each unit spends at most its 3
MF a phase, 13.41-13.42)."""
MF = 3
STACK = 2
"""Ground units of one side a hex may hold (12.11A)."""
AXIS = ("germany", "italy", "japan")


def _hex(rng: random.Random) -> str:
    return label("EUR", rng.randrange(ROWS), rng.randint(1, COLUMNS))


def _on_board(h: str) -> bool:
    where = parse(h)
    return where.row < ROWS and 1 <= where.col <= COLUMNS


class Board:
    """Where the synthetic units stand, by side, so that moves and builds stay legal."""

    def __init__(self) -> None:
        self.where: dict[str, str] = {}
        self.side: dict[str, bool] = {}
        self.at: dict[str, list[str]] = {}

    def _fits(self, h: str, axis: bool, *, passing: bool = False) -> bool:
        here = self.at.get(h, ())
        return all(self.side[u] == axis for u in here) and (passing or len(here) < STACK)

    def free(self, rng: random.Random, axis: bool) -> str:
        while True:
            h = _hex(rng)
            if self._fits(h, axis):
                return h

    def put(self, unit: str, h: str, axis: bool) -> None:
        self.side[unit] = axis
        self.leave(unit)
        self.where[unit] = h
        self.at.setdefault(h, []).append(unit)

    def leave(self, unit: str) -> None:
        old = self.where.pop(unit, None)
        if old is not None:
            self.at[old].remove(unit)

    def walk(self, rng: random.Random, unit: str, steps: int) -> list[str]:
        """A path of up to ``steps`` adjacent hexes on the board, past no unit of the other side, ending with room."""
        axis, h = self.side[unit], self.where[unit]
        path: list[str] = []
        for i in range(steps):
            last = i == steps - 1
            options = [n for n in neighbours(h) if _on_board(n) and n != self.where[unit]]
            options = [n for n in options if self._fits(n, axis, passing=not last)]
            if not options:
                break
            h = rng.choice(options)
            path.append(h)
        while path and not self._fits(path[-1], axis):
            path.pop()
        return path


TURNS = 58
"""Game turns the archive spans, from Fall 1939 (the events are spread over them; years stay within the schema)."""


def events(count: int, seed: int = 1939) -> Iterator[AnyEvent]:
    """``count`` valid events (the last game turn may be cut short)."""
    rng = random.Random(seed)
    per_side = max(1, count // (TURNS * 2))
    moves = per_side * 55 // 100
    attacks = max(1, per_side * 40 // 100 // 3)
    made = 0
    roll = 0
    year, season_index = 1939, 2
    t = {"year": year, "season": "fall"}

    def emit(event: AnyEvent) -> Iterator[AnyEvent]:
        nonlocal made
        if made < count:
            made += 1
            yield event

    yield from emit(GameCreated(year=1939, season="fall", phase="setup", title="synthetic benchmark archive"))
    units: dict[str, str] = {}
    board = Board()
    per_power = max(UNITS_PER_POWER, -(-moves // (MF * len(AXIS))))
    for power in POWERS:
        yield from emit(BrpsSet(year=1939, season="fall", phase="setup", power=power, base=150, available=1000))
        for n in range(per_power):
            unit = f"{power[:3]}-{n}"
            units[unit] = power
            board.put(unit, board.free(rng, power in AXIS), power in AXIS)
            yield from emit(
                UnitPlaced(
                    year=1939,
                    season="fall",
                    phase="setup",
                    unit=unit,
                    owner=power,
                    nationality=power,
                    unit_type="infantry",
                    factors=3,
                    location=board.where[unit],
                )
            )
    yield from emit(
        ShipyardDefined(
            year=1939, season="fall", phase="setup", yard="kiel", owner="germany", location="EUR:K27", rate=6
        )
    )
    yield from emit(
        OilReserveDefined(
            year=1939, season="fall", phase="setup", reserve="japan", faction="japan", location="PAC:K10", maximum=5000
        )
    )
    yield from emit(
        OilTrackingStarted(year=1939, season="fall", phase="setup", reserve="japan", trigger="start", initial=100)
    )
    ship = 0
    built = 0
    pending: dict[str, list[str]] = {}
    while made < count:
        season = SEASONS[season_index]
        t = {"year": year, "season": season}
        yield from emit(GameTurnStarted(**t, phase="game_turn_start"))
        yield from emit(WeatherDetermined(**t, phase="game_turn_start", zone="clear", weather="clear"))
        for side in ("axis", "allied"):
            yield from emit(PlayerTurnStarted(**t, side=side))
            powers = [p for p in POWERS if (p in ("germany", "italy", "japan")) == (side == "axis")]
            yield from emit(PhaseStarted(**t, side=side, phase="oil_adjustment"))
            if side == "axis":
                yield from emit(
                    OilProduced(
                        **t,
                        side=side,
                        phase="oil_adjustment",
                        faction="japan",
                        source="international_market",
                        amount=10,
                        reserve="japan",
                    )
                )
                yield from emit(
                    OilExpended(
                        **t,
                        side=side,
                        phase="oil_adjustment",
                        faction="japan",
                        reserve="japan",
                        purpose="army",
                        amount=5,
                    )
                )
            yield from emit(PhaseStarted(**t, side=side, phase="movement"))
            mine = [u for u, p in units.items() if p in powers]
            entered: list[tuple[str, str]] = []
            left = dict.fromkeys(mine, MF)
            for _ in range(moves):
                if not mine:
                    break
                i = rng.randrange(len(mine))
                unit = mine[i]
                path = board.walk(rng, unit, min(left[unit], rng.choice((1, 2))))
                if not path:
                    continue
                left[unit] -= len(path)
                if not left[unit]:  # its MF are spent: out of the draw (swap with the last, pop)
                    mine[i] = mine[-1]
                    mine.pop()
                board.put(unit, path[-1], units[unit] in AXIS)
                entered.append((path[-1], units[unit]))
                yield from emit(
                    UnitMoved(
                        **t, side=side, phase="movement", actor=units[unit], unit=unit, path=path, mf_used=len(path)
                    )
                )
            yield from emit(PhaseStarted(**t, side=side, phase="combat"))
            for attack in range(attacks):
                roll += 1
                yield from emit(
                    DiceRolled(**t, side=side, phase="combat", roll=roll, purpose="crt", dice=[rng.randint(1, 6)])
                )
                target, taker = rng.choice(entered) if entered else (_hex(rng), powers[0])
                yield from emit(
                    CombatRoundResolved(
                        **t,
                        side=side,
                        phase="combat",
                        attack=f"a{roll}",
                        roll=roll,
                        result=rng.choice(["D", "d", "Ex", "a", "A"]),
                        odds="2:1",
                    )
                )
                yield from emit(HexControlChanged(**t, side=side, phase="combat", hex=target, controller=taker))
                if attack % 40 == 0 and len(units) > 100:
                    victim = rng.choice([u for u in units if units[u] not in powers] or list(units))
                    pending.setdefault(units.pop(victim), []).append(victim)
                    board.leave(victim)
                    yield from emit(UnitEliminated(**t, side=side, phase="combat", unit=victim, cause="combat"))
            yield from emit(PhaseStarted(**t, side=side, phase="unit_construction"))
            for power in powers:
                yield from emit(
                    BrpLost(**t, side=side, phase="unit_construction", power=power, amount=1, cause="other")
                )
                for _ in pending.pop(power, []):
                    built += 1
                    fresh = f"{power[:3]}-b{built}"
                    units[fresh] = power
                    board.put(fresh, board.free(rng, power in AXIS), power in AXIS)
                    yield from emit(
                        UnitBuilt(
                            **t,
                            side=side,
                            phase="unit_construction",
                            actor=power,
                            unit=fresh,
                            owner=power,
                            nationality=power,
                            unit_type="infantry",
                            factors=3,
                            location=board.where[fresh],
                            cost=3,
                        )
                    )
            if side == "axis":
                ship += 1
                yield from emit(
                    ShipLaidDown(
                        **t,
                        side=side,
                        phase="unit_construction",
                        yard="kiel",
                        ship=f"ship-{ship}",
                        owner="germany",
                        unit_type="ca",
                        factors=2,
                        row="2",
                        column=SEASONS[(season_index + 2) % 4],
                        sb=1,
                        brps=3,
                    )
                )
                if ship > 2:
                    yield from emit(
                        ShipLaunched(
                            **t,
                            side=side,
                            phase="unit_construction",
                            yard="kiel",
                            ship=f"ship-{ship - 2}",
                            mode="paid_from_row2",
                            location="EUR:K27",
                            sb=1,
                            brps=3,
                        )
                    )
        season_index = (season_index + 1) % 4
        if season_index == 0:
            year += 1


def build(path: str, count: int, *, name: str = "synthetic", batch: int = 10_000) -> float:
    """Write the archive into a store; returns seconds taken."""
    started = time.perf_counter()
    with GameStore(path) as store:
        chunk: list[AnyEvent] = []
        created = False
        for event in events(count):
            chunk.append(event)
            if len(chunk) == batch:
                if created:
                    store.append(name, chunk)
                else:
                    store.create_game(name, chunk)
                    created = True
                chunk = []
        if chunk:
            store.append(name, chunk) if created else store.create_game(name, chunk)
    return time.perf_counter() - started


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else "synthetic.db"
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    seconds = build(target, n)
    print(f"wrote {n:,} events to {target} in {seconds:.1f} s ({n / seconds:,.0f} events/s)")
