"""What a supply determination costs on the map: ``python benchmarks/supply_field.py [--rows N] [--units N]``.

A FICTIONAL board (made up, never the printed map of *A World at War*): ``--rows`` rows of 41 clear German hexes
(EUR:A20-A60, B20-B60 ...) with Berlin in the first row's west end, a Russian front line of armor east of it, and a
determination of ``--units`` German units spread over the board that names no line, audited as the audit does it
(``land_supply_lines``: one trace per result). Timed both ways on the same position: the search out of each hex
(:func:`projections.position.supply.trace._trace`, what every result cost before) and the faction's field (one
search from its sources for the whole position, :func:`~projections.position.supply.trace.trace_supply`). Prints
the CPU seconds of each and checks that they agree. Asserts nothing else; nothing is written.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> None:
    from awaw_events.events import GameCreated, HexControlChanged, PlayerTurnStarted, UnitPlaced
    from projections import game
    from projections.position import Position
    from projections.position.supply import trace
    from projections.rules.geometry import ROW_LABELS
    from projections.rules.mapdata import FORMAT, HexFacts, MapData, MapFile

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=20)
    parser.add_argument("--units", type=int, default=120)
    args = parser.parse_args(argv)
    rows = ROW_LABELS[: args.rows]
    german = [f"EUR:{r}{c}" for r in rows for c in range(20, 61)]
    front = [f"EUR:{r}61" for r in rows]
    hexes = [
        HexFacts(hex=h, terrain="clear", country="germany", name="Berlin" if h == german[0] else None, port=False,
                 island=False, rules=("benchmark",))
        for h in german
    ] + [HexFacts(hex=h, terrain="clear", country="russia", port=False, island=False, rules=("benchmark",))
         for h in front]  # fmt: skip
    data = MapData.of(MapFile(format=FORMAT, name="fictional-benchmark", version="1", hexes=tuple(hexes)))
    setup = {"year": 1939, "season": "fall", "phase": "setup"}
    events = [GameCreated(year=1939, season="fall")]
    events += [HexControlChanged(**setup, hex=h, controller="germany", cause="setup") for h in german]  # type: ignore[arg-type]
    events += [HexControlChanged(**setup, hex=h, controller="russia", cause="setup") for h in front]  # type: ignore[arg-type]
    events += [
        UnitPlaced(**setup, unit=f"rus-{h}", owner="russia", nationality="russia", unit_type="armor", factors=4,  # type: ignore[arg-type]
                   location=h)
        for h in front
    ]  # fmt: skip
    events.append(PlayerTurnStarted(year=1941, season="fall", side="axis"))
    state = game.fold(game.initial(), events)  # type: ignore[arg-type]
    step = max(1, len(german) // args.units)
    asked = german[::step][: args.units]

    def timed(ask: object) -> tuple[float, list[object]]:
        pos = Position(state, data)
        start = time.process_time()
        found = [ask(pos, h) for h in asked]  # type: ignore[operator]
        return time.process_time() - start, found

    each, before = timed(lambda pos, h: trace._trace(pos, h, "european_axis", None, frozenset(), False).answer)
    field, after = timed(lambda pos, h: trace.trace_supply(pos, h, "european_axis").answer)
    same = [getattr(a, "status", None) for a in before] == [getattr(a, "status", None) for a in after]
    print(f"{len(german)} German hexes, {len(asked)} results traced at one position")
    print(f"  a search out of each hex:   {each:.3f} s CPU")
    print(f"  the faction's field:        {field:.3f} s CPU")
    print(f"  statuses agree: {same} ({sorted({str(getattr(a, 'status', None)) for a in after})})")


if __name__ == "__main__":
    main()
