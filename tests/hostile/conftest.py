"""The hostile suite's table: one store (SQLite, and PostgreSQL when ``AWAW_TEST_POSTGRES_DSN`` is set), the keys
directories of the people at it, and the CLI run as each of them. Every case asserts its refusal (or finding) and
that the store holds exactly what it held before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result

from awaw_events.store import GameStore
from replays.cli import cli
from tests.conftest import POSTGRES_DSN, _postgres_store

BACKENDS = ["sqlite"] + (["postgres"] if POSTGRES_DSN else [])


class Table:
    """A store and the people at it: ``run(*args, who=...)`` runs ``awaw`` with that person's keys directory."""

    def __init__(self, db: str, root: Path) -> None:
        self.db = db
        self.root = root
        self.runner = CliRunner()

    def keys(self, who: str) -> Path:
        return self.root / f"keys-{who}"

    def run(self, *args: str, who: str = "host", input: str | bytes | None = None) -> Result:
        return self.runner.invoke(cli, ["--db", self.db, "--keys", str(self.keys(who)), *args], input=input)

    def ok(self, *args: str, who: str = "host", input: str | bytes | None = None) -> Result:
        result = self.run(*args, who=who, input=input)
        assert result.exit_code == 0, result.output
        return result

    def store(self) -> GameStore:
        return GameStore(self.db)

    def rows(self, game: str = "g") -> list[bytes]:
        """Every stored event of a game, as exported (what "nothing was written" compares)."""
        with self.store() as store:
            if not store.exists(game):
                return []
            return [msgspec.json.encode(e) for e in store.events(game)]

    def refused(self, result: Result, *words: str) -> None:
        """A clean refusal: ``Error: ...``, exit 1, no traceback, naming ``words``."""
        assert result.exit_code == 1, result.output
        assert isinstance(result.exception, SystemExit), repr(result.exception)
        assert ("\n" + result.output).count("\nError: ") == 1, result.output  # warnings may come before
        assert "Traceback" not in result.output
        for word in words:
            assert word in result.output, result.output

    def key_of(self, who: str) -> str:
        return self.ok("keygen", who, who=who).output.split()[0]


@pytest.fixture(params=BACKENDS)
def table(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Table]:
    if request.param == "postgres":
        assert POSTGRES_DSN is not None
        _postgres_store().close()  # a fresh, empty database
        yield Table(POSTGRES_DSN, tmp_path)
    else:
        yield Table(str(tmp_path / "game.db"), tmp_path)


@pytest.fixture
def seeded(table: Table) -> Table:
    """A game ``g`` with host dice, in the combat phase, hosted by ``host``; alice and bob have keys registered."""
    alice, bob = table.key_of("alice"), table.key_of("bob")
    table.ok("new", "g", "--player", f"alice={alice}", "--player", f"bob={bob}")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    return table
