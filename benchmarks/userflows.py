"""What players wait for: whole ``awaw`` commands on a long game beside the same commands on a short one, in one run.
``python -m benchmarks.userflows [--events N] [--short N] [--repeat 5] [--out benchmarks/RESULTS.md]``.

Two games of :mod:`benchmarks.synthetic` (the long one's first ``--events`` events, default 60,000; a short one of
``--short``, default 1,000, with its own campaign sized to it), each cut at a game turn: the game so far is imported
without its audit and looked at once (``awaw state``: the player's own snapshots, as after any command), then the last
game turn (both player turns) is the opponent's turn, imported with its audit. Every command runs as a player runs
it, a process of its own with start-up included, from the same keys directory (so the same snapshot cache); each
figure is the median of ``--repeat`` runs, beside the same command on the short game and beside ``awaw --help`` (the
floor of any process). The load average (1 minute) is read before and after each command's runs and printed beside
it: others sharing the cores slow every figure. The import is timed on a fresh copy of the game and of the cache
before the turn each time.

Writes its table into ``--out`` between the markers :data:`BEGIN` and :data:`END` (``benchmarks/run.py`` keeps that
section when it rewrites the file). Asserts nothing; the targets are issue 25's.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script, the package is not on the path

BEGIN = "<!-- userflows: written by python -m benchmarks.userflows -->"
END = "<!-- /userflows -->"


@dataclass(frozen=True)
class Game:
    """A game in its own directory: the store after the turn, the keys directory, and where the turn stands."""

    label: str
    where: Path
    events: int
    turn_first: int
    turn_events: int
    turn_span: str
    middle: int

    @property
    def db(self) -> str:
        return str(self.where / "g.db")

    @property
    def keys(self) -> str:
        return str(self.where / "keys")


def awaw(*args: str) -> list[str]:
    found = shutil.which("awaw", path=str(Path(sys.executable).parent))
    return [found, *args] if found else [sys.executable, "-m", "replays", *args]


def player_env() -> dict[str, str]:
    """The environment the commands run in: this one, with Python's bytecode cache on as an installed package has it
    (with ``PYTHONDONTWRITEBYTECODE`` set, as on some development machines, every process compiles every module it
    imports again: a third of ``awaw state``'s time on the 60,000-event game). The project's packages are compiled
        before the first figure; what the commands import from elsewhere is compiled by their first run."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def run(argv: Sequence[str], *, ok: tuple[int, ...] = (0,)) -> float:
    """Run a process to its end; its wall time in seconds."""
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, check=False, env=player_env())
    wall = time.perf_counter() - started
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr.decode()[-3000:]}")
    return wall


def in_game(game: Game, *args: str) -> list[str]:
    return awaw("--db", game.db, "--keys", game.keys, *args)


def make(label: str, count: int, scratch: Path) -> tuple[Game, Path]:
    """The game of ``count`` synthetic events, cut at its last whole game turn: the store holds the game up to that
    turn (looked at once), and the turn is in a file of its own. Returns the game (its store still before the turn)
    and the turn's file."""
    from awaw_events.codec import tag_of
    from awaw_events.io import write_jsonl
    from benchmarks.synthetic import events

    log = list(events(count))
    starts = [i for i, e in enumerate(log) if tag_of(e) == "phase_started" and e.phase == "diplomacy"]
    if len(starts) < 3:
        raise SystemExit(f"{count:,} events hold fewer than two whole player turns")
    first, end = starts[-3], starts[-1]  # the last whole game turn: two player turns
    where = scratch / label
    where.mkdir()
    head, turn = where / "head.jsonl", where / "turn.jsonl"
    with head.open("wb") as handle:
        write_jsonl(log[:first], handle)
    with turn.open("wb") as handle:
        write_jsonl(log[first:end], handle)
    opening = log[first]
    span = f"{opening.year}-{opening.season}/{opening.side}"
    game = Game(label, where / "game", end, first + 1, end - first, span, first // 2)
    game.where.mkdir()
    run(in_game(game, "import", "g", str(head), "--no-audit"))
    run(in_game(game, "state", "g"))  # the player's look before the opponent's turn arrives
    return game, turn


@dataclass(frozen=True)
class Figure:
    median: float
    runs: list[float]
    load: tuple[float, float]


def timed(repeat: int, once: Callable[[], float]) -> Figure:
    before = os.getloadavg()[0]
    runs = [once() for _ in range(repeat)]
    return Figure(statistics.median(runs), runs, (before, os.getloadavg()[0]))


def import_turn(game: Game, turn: Path, before: Path, repeat: int) -> Figure:
    """The import of the turn with its audit, each time onto a fresh copy of the game and cache before it."""

    def once() -> float:
        copy_game_dir(before, game.where)
        return run(in_game(game, "import", "g", str(turn)))

    return timed(repeat, once)


def copy_game_dir(source: Path, target: Path) -> None:
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, symlinks=True)


@dataclass(frozen=True)
class Flow:
    """One row: what a player does, the command for a game, and issue 25's target for the long game."""

    what: str
    argv: Callable[[Game], list[str]]
    target: float | None
    ok: tuple[int, ...] = (0,)
    within_2x: bool = True
    unkept: bool = False
    """Each run without the audit reports an earlier audit kept (the player's first audit of the game, or the first
    after a change to the code): they are removed from the cache before it."""


FOUND: Final = (0, 1)
"""The audit's exit codes for a clean log and for one with findings (the synthetic campaign plants faults)."""

FLOWS: tuple[Flow, ...] = (
    Flow("`awaw audit --from` the turn", lambda g: ["audit", "g", "--from", str(g.turn_first)], 0.4, FOUND),
    Flow("`awaw state --view brp` at the end", lambda g: ["state", "g", "--view", "brp"], 0.3),
    Flow(
        "`awaw state --view brp` in the middle", lambda g: ["state", "g", "--at", str(g.middle), "--view", "brp"], 0.3
    ),
    Flow("`awaw log --turn` the turn's first player turn", lambda g: ["log", "g", "--turn", g.turn_span], 0.3),
    Flow("`awaw diff` the game and a branch at the turn's start", lambda g: ["diff", "g", "g/before"], 0.3, (0, 1)),
    Flow("`awaw board` at the end (SVG)", lambda g: ["board", "g", "-o", str(g.where / "board.svg")], 0.3),
    Flow("`awaw plot --view brp`", lambda g: ["plot", "g", "--view", "brp", "-o", str(g.where / "brp.png")], 1.5),
    Flow("`awaw materialize`", lambda g: ["materialize", "g", "-o", str(g.where / "read.db")], 3.0, within_2x=False),
    Flow("`awaw report`", lambda g: ["report", "g", "-o", str(g.where / "report.html")], 6.0, within_2x=False),
    Flow(
        "`awaw audit` whole game, one process, no report kept",
        lambda g: ["audit", "g", "--jobs", "1"],
        2.5,
        FOUND,
        False,
        unkept=True,
    ),
    Flow("`awaw audit` whole game, one process, again", lambda g: ["audit", "g", "--jobs", "1"], 2.5, FOUND, False),
    Flow("`awaw audit` whole game, two processes", lambda g: ["audit", "g", "--jobs", "2"], None, FOUND, False),
)


def _runner(flow: Flow, game: Game) -> Callable[[], float]:
    def once() -> float:
        if flow.unkept:
            for kept in Path(game.keys, "snapshots").glob(f"*/{KEPT_AUDITS}-*"):
                shutil.rmtree(kept)
        return run(in_game(game, *flow.argv(game)), ok=flow.ok)

    return once


KEPT_AUDITS: Final = "audit"
"""The first word of the cache directories of kept audit reports (:data:`replays.audit.reuse.KIND`)."""


def seconds(value: float) -> str:
    return f"{value * 1000:.0f} ms" if value < 1 else f"{value:.2f} s"


def verdict(long: float, short: float, target: float | None, within_2x: bool) -> str:
    parts = []
    if target is not None:
        parts.append(f"< {seconds(target)}: {'yes' if long < target else '**no**'}")
    if within_2x:
        parts.append(f"within 2x: {'yes' if long <= 2 * short else '**no**'}")
    return "; ".join(parts) or "(no target)"


def measure(events: int, short: int, repeat: int) -> list[str]:
    scratch = Path(tempfile.mkdtemp(prefix="awaw-userflows-"))
    try:
        print(f"making the games ({events:,} and {short:,} events)", flush=True)
        games = [make("long", events, scratch), make("short", short, scratch)]
        packages = [str(ROOT / name) for name in ("awaw_events", "projections", "replays")]
        run([sys.executable, "-m", "compileall", "-q", *packages])  # the bytecode cache, as an install writes it
        help_figure = timed(repeat, lambda: run(awaw("--help")))
        rows: list[tuple[str, Figure, Figure, float | None, bool]] = []
        imports = []
        for game, turn in games:
            before = scratch / f"{game.label}-before"
            copy_game_dir(game.where, before)
            print(f"  {game.label}: import of the turn ({game.turn_events} events)", flush=True)
            imports.append(import_turn(game, turn, before, repeat))
            run(in_game(game, "branch", "g", "before", "--at", str(game.turn_first - 1)))
        rows.append(("import of the turn, with its audit", imports[0], imports[1], 0.5, True))
        for flow in FLOWS:
            print(f"  {flow.what}", flush=True)
            figures = [timed(repeat, _runner(flow, game)) for game, _ in games]
            rows.append((flow.what, figures[0], figures[1], flow.target, flow.within_2x))
        long, short_game = games[0][0], games[1][0]
        snapshot_bytes = sum(p.stat().st_size for p in Path(long.keys, "snapshots").rglob("*.snap"))
        snapshot_files = len(list(Path(long.keys, "snapshots").rglob("*.snap")))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    lines = [
        BEGIN,
        "## What players wait for (issue 25)",
        "",
        f"Generated by `python -m benchmarks.userflows --events {events} --short {short} --repeat {repeat}` on "
        f"{platform.node()} ({os.cpu_count()} cores, Python {platform.python_version()}), "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Whole processes, each the median of {repeat} runs; "
        "the load average (1 minute, before and after each command's runs) beside each: this machine's cores are "
        "shared, so a figure taken at load 4 is about twice the one at load 1. Python's bytecode cache is on, as in an "
        "installed copy.",
        "",
        f"Long game: {long.events:,} events, the turn imported onto it {long.turn_events} events (from event "
        f"{long.turn_first:,}; `log --turn {long.turn_span}`). Short game: {short_game.events:,} events, its turn "
        f"{short_game.turn_events} events. `awaw --help`: {seconds(help_figure.median)} (the floor of a process). "
        f"The player's snapshot cache after these commands: {snapshot_files} files, "
        f"{snapshot_bytes / 1024:,.0f} KiB.",
        "",
        f"| what a player does | {long.events:,} events | {short_game.events:,} events | load | target | met |",
        "|---|---|---|---|---|---|",
    ]
    for what, lf, sf, target, within in rows:
        load = f"{lf.load[0]:.1f}-{lf.load[1]:.1f} / {sf.load[0]:.1f}-{sf.load[1]:.1f}"
        goal = (f"< {seconds(target)}" if target is not None else "") + (", 2x the short" if within else "")
        lines.append(
            f"| {what} | {seconds(lf.median)} | {seconds(sf.median)} | {load} | {goal} | "
            f"{verdict(lf.median, sf.median, target, within)} |"
        )
    return [*lines, "", END]


def section_of(out: Path) -> list[str]:
    """The section written before into ``out`` (empty if none)."""
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    if BEGIN not in text or END not in text:
        return []
    return [BEGIN, *text.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n").splitlines(), END]


def write(out: Path, section: list[str]) -> None:
    """Put the section into ``out`` in place of the one written before (or at its end)."""
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + "\n".join(section) + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + "\n".join(section) + "\n"
    out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=60_000, help="events of the long game (default 60,000)")
    parser.add_argument("--short", type=int, default=1_000, help="events of the short game (default 1,000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "RESULTS.md"))
    args = parser.parse_args(argv)
    section = measure(args.events, args.short, args.repeat)
    write(Path(args.out), section)
    print("\n".join(section))


if __name__ == "__main__":
    main()
