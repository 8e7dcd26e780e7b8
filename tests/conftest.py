"""Shared fixtures: stores of every kind, and small games."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from awaw_events.events import DiceRolled, GameCreated, PhaseStarted, UnitBuilt
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore
from tests import chromium

POSTGRES_DSN = os.environ.get("AWAW_TEST_POSTGRES_DSN")
STORE_KINDS = ["sqlite-file", "sqlite-memory"] + (["postgres"] if POSTGRES_DSN else [])


def _postgres_store() -> GameStore:
    """A store on a fresh schema-less database state: drop our tables first so each test starts empty."""
    import psycopg

    assert POSTGRES_DSN is not None
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS awaw_events CASCADE")
        conn.execute("DROP TABLE IF EXISTS stored_events CASCADE")
        conn.execute("DROP TABLE IF EXISTS awaw_stored_events CASCADE")
    return GameStore(POSTGRES_DSN)


@pytest.fixture(autouse=True)
def keys_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's keys directory (dice seeds, signing keys, the snapshot key): never the user's own."""
    path = tmp_path / "keys"
    monkeypatch.setenv("AWAW_KEYS", str(path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return path


@pytest.fixture
def keys(keys_dir: Path) -> KeyRing:
    return KeyRing(keys_dir)


@pytest.fixture(params=STORE_KINDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GameStore]:
    """The store contract runs against every backend available (SQLite always; PostgreSQL when configured)."""
    kind = request.param
    if kind == "sqlite-file":
        s = GameStore(str(tmp_path / "test.db"))
    elif kind == "sqlite-memory":
        s = GameStore(":memory:")
    else:
        s = _postgres_store()
    try:
        yield s
    finally:
        s.close()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "awaw.db")


def created(**kw: object) -> GameCreated:
    return GameCreated(year=1939, season="fall", phase="setup", **kw)  # type: ignore[arg-type]


def roll(n: int, *, dice: list[int] | None = None, season: str = "fall") -> DiceRolled:
    return DiceRolled(
        year=1939,
        season=season,
        side="axis",
        phase="combat",
        roll=n,
        purpose="crt",  # type: ignore[arg-type]
        dice=dice or [(n % 6) + 1],
    )


def armor(unit: str = "ger-arm-1", cost: int = 8) -> UnitBuilt:
    return UnitBuilt(
        year=1939,
        season="fall",
        side="axis",
        phase="unit_construction",
        actor="germany",
        unit=unit,
        owner="germany",
        nationality="germany",
        unit_type="armor",
        factors=4,
        location="EUR:K30",
        cost=cost,
    )


def phase(name: str, side: str = "axis") -> PhaseStarted:
    return PhaseStarted(year=1939, season="fall", side=side, phase=name)  # type: ignore[arg-type]


class Folds:
    """How many events the projection fold (``projections.game._step``) has applied since :meth:`reset`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from projections import game

        self.count = 0
        step = game._step

        def counting(state: game.GameState, event: object, seq: int) -> None:
            self.count += 1
            step(state, event, seq)  # type: ignore[arg-type]

        monkeypatch.setattr(game, "_step", counting)

    def reset(self) -> int:
        count, self.count = self.count, 0
        return count


@pytest.fixture
def folds(monkeypatch: pytest.MonkeyPatch) -> Folds:
    """A counter of the events folded during the test."""
    return Folds(monkeypatch)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[chromium.Page]:
    """A headless Chromium page (:class:`tests.chromium.Page`), closed after the test. Without Chromium the test is
    skipped, except under CI, which installs it (``.ci/run``) and so fails."""
    browser = chromium.executable()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs Debian's chromium (.ci/run); it is missing")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    opened = chromium.Page(browser, tmp_path / "profile")
    try:
        yield opened
    finally:
        opened.close()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The screenshots the browser tests saved, named in every run's log."""
    if chromium.SCREENSHOTS:
        terminalreporter.section("screenshots")
        for line in chromium.SCREENSHOTS:
            terminalreporter.write_line(line)
