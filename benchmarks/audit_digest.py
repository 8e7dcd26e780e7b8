"""Every audit result, written down to compare two versions of the code: ``python benchmarks/audit_digest.py OUT.json
[--root TREE] [--events N]``.

Audits the shipped example games (``examples/*.jsonl``, imported as ``awaw import`` would: the ruling on its game)
and the benchmark's synthetic campaign with its planted faults (its first N events, default 30,000), and writes, for
each, everything the report holds: the findings, the ungraded findings, the checks not made (with their first
event, reason and count), and the counts. Run it on two trees (``--root`` puts another checkout first on the import
path) and compare the files (``cmp`` or ``diff``): a change meant only to make the audit faster must leave them
identical.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", help="where to write the results (JSON)")
    parser.add_argument("--root", default=str(HERE), help="the tree whose code runs (default: this one)")
    parser.add_argument("--events", type=int, default=30_000, help="events of the synthetic campaign")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    sys.path.insert(0, str(root))
    examples = root / "examples"
    results = {name: example(*(examples / f for f in files)) for name, files in EXAMPLES.items()}
    results["synthetic"] = synthetic(args.events)
    Path(args.out).write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    for name, found in results.items():
        print(f"{name}: {len(found['findings'])} findings, {len(found['skipped'])} not-checked lines")


def digest(report: Any) -> dict[str, Any]:
    import msgspec

    return {
        "findings": msgspec.to_builtins(report.findings),
        "ungraded": msgspec.to_builtins(report.ungraded),
        "skipped": msgspec.to_builtins(report.skipped),
        "counts": [report.events, report.checks, report.applied, report.unchecked, report.unread],
    }


EXAMPLES = {
    "campaign-1939": ("campaign-1939.jsonl",),
    "disputed-turn": ("disputed-turn.jsonl",),
    "disputed-turn+ruling": ("disputed-turn.jsonl", "lodz-ruling.jsonl"),
}
"""The shipped example games: the files imported, one after the other, into one game (a ruling goes on its game)."""


def example(*paths: Path) -> dict[str, Any]:
    from awaw_events.io import iter_events
    from awaw_events.log import import_events
    from awaw_events.store import GameStore
    from replays.audit.timelines import audit_timeline

    with tempfile.TemporaryDirectory() as scratch, GameStore(str(Path(scratch) / "g.db")) as store:
        for path in paths:
            with path.open("rb") as handle:
                import_events(store, "g", iter_events(handle, "jsonl"))
        return digest(audit_timeline(store.open("g")))


def synthetic(count: int) -> dict[str, Any]:
    from awaw_events.stored import Record
    from benchmarks.campaign import Faults
    from benchmarks.synthetic import campaign, cut
    from replays.audit.catalogue import audit

    game = campaign(count, faults=Faults(crt=0.05, cost=0.02))
    log = list(cut(game, count))
    return digest(audit([Record(seq, event, "", "") for seq, event in enumerate(log, start=1)]))


if __name__ == "__main__":
    main()
