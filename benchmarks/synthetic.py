"""A synthetic archive of valid events, for benchmarks: ``python benchmarks/synthetic.py DB [N]``.

The events follow the log's rules (game time in order, dice numbered without gaps, results referring to their
rolls) and touch every projection: units placed, moved, built and eliminated; dice and combat rounds; BRP spending
and losses; oil production and expenditure; ships laid down, advanced and launched. Deterministic (seeded).
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

ROWS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
UNITS_PER_POWER = 60


def _hex(rng: random.Random) -> str:
    return f"EUR:{rng.choice(ROWS)}{rng.randint(1, 62)}"


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
    for power in POWERS:
        yield from emit(BrpsSet(year=1939, season="fall", phase="setup", power=power, base=150, available=1000))
        for n in range(UNITS_PER_POWER):
            unit = f"{power[:3]}-{n}"
            units[unit] = power
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
                    location=_hex(rng),
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
            for unit in rng.choices(mine, k=moves) if mine else ():
                path = [_hex(rng), _hex(rng)]
                entered.append((path[-1], units[unit]))
                yield from emit(UnitMoved(**t, side=side, phase="movement", actor=units[unit], unit=unit, path=path))
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
                            location=_hex(rng),
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
