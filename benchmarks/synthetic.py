"""A synthetic archive of valid events shaped like a real game: ``python benchmarks/synthetic.py DB [N]``.

The archive is one campaign of :mod:`benchmarks.campaign` from Fall 1939 on: fronts across both mapboards where
units move along adjacent hexes within their movement factors and stacking limits, attack from adjacent hexes with
their strengths, odds, CRT results, losses and advances, attrition, supply determinations, hex control changes,
builds at their 27.11 cost within each power's BRPs and construction limit, ground support missions, strategic
redeployments, oil produced and spent, and shipyards laying down, advancing and launching ships; every claim is
computed with :mod:`projections.rules`, so the audit finds only the faults planted on purpose (a real log has some:
see :class:`benchmarks.campaign.Faults`). Rolls are numbered without gaps, seeded (from a committed seed, revealed
and renewed each Year Start Sequence) or physical. Deterministic (seeded).

The war is sized to the archive: more fronts (up to the 72 the mapboards hold) and a higher attack rate for more
events, so that ``N`` events fill about :data:`TARGET_TURNS` game turns. One campaign holds at most about
:data:`MAX_EVENTS` events: the log's years end in 1955, every power's BRP base is capped (2,000) and its losses must
be rebuilt from it, so a busier war cannot be recorded in one game; a larger ``N`` is refused.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, the package is not on the path

from awaw_events.events import AnyEvent
from awaw_events.store import GameStore
from benchmarks.campaign import Campaign, Faults, max_fronts

EVENTS_PER_FRONT_TURN = 40
"""About how many events one front gives in a game turn at a middling attack rate (measured), to size the war."""
TARGET_TURNS = 60
"""Game turns the archive should fill (Fall 1939 to Summer 1954), leaving room before the schema's last year."""
MAX_EVENTS = 250_000
"""The most events one synthetic campaign is asked for (it runs out of game turns at about 290,000)."""


def fronts_for(count: int) -> int:
    """How many fronts the war needs for ``count`` events to fill about :data:`TARGET_TURNS` game turns (at most
    as many as the mapboards hold)."""
    return min(max_fronts(), max(1, -(-count // (TARGET_TURNS * EVENTS_PER_FRONT_TURN))))


def campaign(count: int, seed: int = 1939, *, faults: Faults | None = None) -> Campaign:
    """The campaign whose first ``count`` events are the archive (``faults``: the planted mistakes; default
    :class:`Faults`'s rates, ``Faults.none()`` for none)."""
    if count > MAX_EVENTS:
        raise ValueError(
            f"a synthetic campaign holds at most {MAX_EVENTS:,} events, not {count:,}: the log's years end in 1955 "
            "and every power's BRPs are capped, so a busier war does not fit in one game"
        )
    return Campaign(fronts_for(count), seed, pace=count // TARGET_TURNS, faults=faults)


def events(count: int, seed: int = 1939, *, faults: Faults | None = None) -> Iterator[AnyEvent]:
    """``count`` valid events of one synthetic campaign (the last game turn may be cut short)."""
    return cut(campaign(count, seed, faults=faults), count)


def cut(game: Campaign, count: int) -> Iterator[AnyEvent]:
    """The first ``count`` events of a campaign (its planted faults beyond them are not in the archive)."""
    made = 0
    for batch in game.turns():
        for event in batch:
            if made == count:
                return
            made += 1
            yield event
    raise ValueError(f"the campaign ended in Winter 1955 after {made:,} events, short of {count:,}")


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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write the synthetic campaign archive into a store.")
    parser.add_argument("target", nargs="?", default="synthetic.db", help="the store (default: synthetic.db)")
    parser.add_argument("events", nargs="?", type=int, default=MAX_EVENTS, help=f"how many (default {MAX_EVENTS:,})")
    args = parser.parse_args(argv)
    seconds = build(args.target, args.events)
    print(f"wrote {args.events:,} events to {args.target} in {seconds:.1f} s ({args.events / seconds:,.0f} events/s)")


if __name__ == "__main__":
    main()
