"""Start-up that matches the command: ``awaw state`` imports what it renders and nothing else.

Each case runs the command in a fresh interpreter (as a player's shell does) with every extra installed, then lists
the modules the process holds: the image, chart, read-model and signing libraries, the YAML parser and the project's
own modules for other commands (the audit, the read model, the pictures, the other views) must not be among them.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"

EXTRAS = ("numpy", "matplotlib", "PIL", "sqlite_utils", "datasette", "psycopg", "yaml", "cryptography")
"""The libraries of the extras (and of other commands) that are installed here, and that a text view never needs."""

THIRD_PARTY_NEEDED = {"click", "rich", "msgspec", "eventsourcing", "typing_extensions"}
"""Outside the standard library, all that ``awaw state`` may load: the command line, the tables it prints, the
codec, the store's library (and what these load themselves)."""

NOT_OURS_TO_LOAD = (
    "replays.audit",
    "replays.materialize",
    "replays.readmodel",
    "replays.report",
    "replays.pictures",
    "replays.charts",
    "replays.plotting",
    "replays.replay",
    "replays.stepper",
    "replays.logview",
    "replays.mapwork",
    "replays.maps",
    "replays.setup",
    "awaw_events.log",
    "awaw_events.io",
    "awaw_events.signatures",
    "awaw_events.verification",
)
"""The project's modules for other commands (auditing, writing, reading files, verifying, drawing)."""

VIEWS = ("board", "brp", "oil", "naval", "weather", "politics")

PROBE = """
import json, sys
from replays.cli import cli
try:
    cli(sys.argv[1:], prog_name="awaw")
except SystemExit as exc:
    if exc.code:
        raise
json.dump(sorted(sys.modules), sys.stderr)
"""


def loaded(tmp_path: Path, *argv: str) -> list[str]:
    """The modules a fresh ``awaw`` process holds after running ``argv``."""
    keys = tmp_path / "keys"
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "--db", str(tmp_path / "g.db"), "--keys", str(keys), *argv],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    modules: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return modules


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for name in EXTRAS:
        pytest.importorskip(name)  # the promise is about every extra installed: without one, it proves less
    where = tmp_path_factory.mktemp("startup")
    loaded(where, "import", "g", str(EXAMPLE), "--no-audit")
    loaded(where, "state", "g", "--view", "brp")  # the first look may fold and keep a snapshot
    return where


def unneeded(modules: list[str], view: str) -> list[str]:
    std = set(sys.stdlib_module_names)
    tops = {m.split(".")[0] for m in modules}
    third = sorted(
        t
        for t in tops - std - THIRD_PARTY_NEEDED - {"replays", "projections", "awaw_events", "__main__"}
        if not t.startswith("_")  # the interpreter's own (the editable install's finder, setuptools' hack)
    )
    others = [f"replays.views.{v}" for v in VIEWS if v != view]
    ours = sorted(m for m in modules if m.startswith(tuple(NOT_OURS_TO_LOAD) + tuple(others)))
    return third + ours


@pytest.mark.parametrize("view", ["brp", "board", "oil", "naval", "weather"])
def test_awaw_state_imports_only_what_it_renders(game: Path, view: str) -> None:
    modules = loaded(game, "state", "g", "--view", view)
    assert f"replays.views.{view}" in modules  # the probe saw the command run
    assert unneeded(modules, view) == []


def test_awaw_state_json_imports_only_what_it_renders(game: Path) -> None:
    modules = loaded(game, "state", "g", "--view", "brp", "--json", "--at", "1939-fall/axis")
    assert unneeded(modules, "brp") == []


def test_the_probe_sees_what_a_command_needs(game: Path) -> None:
    """The check can fail: the read model's command loads sqlite-utils (and so numpy, which the charts extra
    installs), which ``awaw state`` must not."""
    modules = loaded(game, "materialize", "g", "-o", str(game / "read.db"))
    assert {"sqlite_utils", "replays.materialize"} <= set(modules)
    assert "sqlite_utils" in unneeded(modules, "brp")


LOG_NEEDS_NOT = (
    "projections.game",
    "projections.core",
    "replays.state",
    "yaml",
    "awaw_events.io",
    "awaw_events.log",
    "awaw_events.handoffs",
)
"""What ``awaw log`` never needs: it reads records and tells them in words, folding nothing (no projection, no
snapshot), reading no file (the YAML parser) and verifying nothing (the log's verifier, the hand-offs). A rules
table that words an event may load (an oil amount in counters, 27.42)."""


def test_awaw_log_of_a_turn_folds_nothing_and_reads_no_file(game: Path) -> None:
    modules = loaded(game, "log", "g", "--turn", "1939-fall/axis")
    assert "replays.logview" in modules  # the probe saw the command run
    third = [m for m in unneeded(modules, "") if not m.startswith("replays.")]
    assert third == []
    assert [m for m in modules if m.startswith(LOG_NEEDS_NOT)] == []


BOARD_NEEDS_NOT = ("replays.charts", "replays.walk", "replays.plotting", "replays.report")
"""What ``awaw board`` never needs: the charts of ``awaw plot`` (and the walk and views they read), the report."""


def test_awaw_board_imports_no_chart(game: Path) -> None:
    modules = loaded(game, "board", "g", "-o", str(game / "board.svg"))
    assert "replays.pictures.board" in modules  # the probe saw the command run
    assert [m for m in modules if m.startswith(BOARD_NEEDS_NOT)] == []


def test_the_plot_command_offers_every_chart() -> None:
    """``awaw plot --view`` writes out the charts' names (so that ``awaw board`` need not import the charts)."""
    from replays.charts import CHART_VIEWS
    from replays.cli import cli

    command = cli.get_command(click.Context(cli), "plot")
    assert command is not None
    (view,) = [p for p in command.params if p.name == "view"]
    assert isinstance(view.type, click.Choice)
    assert tuple(view.type.choices) == CHART_VIEWS
