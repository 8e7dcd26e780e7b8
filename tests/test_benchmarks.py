"""The benchmark script runs end to end on a few thousand events (its figures are not checked: speed targets
live in the benchmark, never in tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import POSTGRES_DSN

ROOT = Path(__file__).resolve().parent.parent


def test_the_benchmark_script_writes_its_report(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    argv = [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--events", "3000", "--points", "5"]
    argv += ["--appends", "20", "--peer-events", "2000", "--no-profiles", "--out", str(out)]
    if POSTGRES_DSN:
        argv += ["--postgres", POSTGRES_DSN]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    report = out.read_text()
    sections = ["## Machine", "## SQLite", "## Both", *(["## PostgreSQL"] if POSTGRES_DSN else [])]
    for section in sections:
        assert section in report
    for measure in (
        "`awaw import --no-audit` of 3,000 events",
        "`awaw import` of 3,000 events with the audit of the new events",
        "raw `executemany`",
        "durable single appends",
        "full replay",
        "audit with every check, as `awaw audit` runs it",
        "audit with every check, in one process",
        "the audit's floor: every check's body empty",
        "the checks' own work, per check call",
        "state at a random point",
        "eventsourcing `Application.save`",
        "`awaw materialize`",
        "`awaw --help`",
    ):
        assert measure in report, measure


def test_the_userflows_table_is_written_into_its_section_and_kept_by_the_benchmark(tmp_path: Path) -> None:
    from benchmarks import userflows

    out = tmp_path / "RESULTS.md"
    out.write_text("# Benchmark results\n\nother figures\n")
    section = [userflows.BEGIN, "| a | row |", userflows.END]
    userflows.write(out, section)
    userflows.write(out, [userflows.BEGIN, "| the | newer |", userflows.END])
    text = out.read_text()
    assert text.count(userflows.BEGIN) == 1 and "| the | newer |" in text and "| a | row |" not in text
    assert text.startswith("# Benchmark results\n\nother figures\n")
    assert userflows.section_of(out) == [userflows.BEGIN, "| the | newer |", userflows.END]


def test_the_userflows_script_runs_every_command(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    argv = [sys.executable, "-m", "benchmarks.userflows", "--events", "1500", "--short", "800", "--repeat", "1"]
    done = subprocess.run([*argv, "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]
    table = out.read_text()
    rows = ["import of the turn", "`awaw audit --from`", "`awaw state", "`awaw log --turn`", "`awaw diff`"]
    rows += ["`awaw board`", "`awaw plot", "`awaw materialize`", "`awaw report`", "`awaw audit` whole game"]
    for what in rows:
        assert f"| {what}" in table, what
