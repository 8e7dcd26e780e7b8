"""What every command shares: the store address (``--db`` before or after the command), error handling, options
that recur, progress bars, and the lazy command group."""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from awaw_events.gametime import GamePoint
    from awaw_events.keys import KeyRing
    from awaw_events.store import GameStore

F = TypeVar("F", bound=Callable[..., Any])

DEFAULT_DB = "awaw.db"


def default_keys_dir() -> Path:
    """Where a person's keys live unless ``--keys``/``AWAW_KEYS`` says otherwise: ``$XDG_DATA_HOME/awaw/keys``
    (``~/.local/share/awaw/keys``), outside every store."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "awaw" / "keys"


class Context:
    """What every command shares: where the store is, and where this person's keys are."""

    def __init__(self, db: str = DEFAULT_DB, keys: str | None = None) -> None:
        self.db = db
        self.keys_dir = keys

    def keys(self) -> KeyRing:
        """This person's keys directory (dice seeds, signing keys, the snapshot key and their snapshots); nothing is
        created yet."""
        from awaw_events.keys import KeyRing

        return KeyRing(self.keys_dir or default_keys_dir())

    @contextmanager
    def store(self) -> Iterator[GameStore]:
        from awaw_events.keys import KeysError
        from awaw_events.snapshots import SnapshotCache
        from awaw_events.store import open_store

        if self.db.startswith(("postgresql:", "postgres:")):
            _need_postgres_extra()
        with domain_errors():
            store = open_store(self.db)
        try:
            # Snapshots are this person's own, kept in their keys directory under the MAC of their snapshot key;
            # without a usable key the answers are the same, only folded anew by each command.
            keys = self.keys()
            store.snapshots = SnapshotCache(keys.directory / "snapshots", keys.snapshot_key())
        except KeysError as exc:
            click.echo(f"Warning: {exc}; snapshots are not kept", err=True)
        try:
            with domain_errors():
                yield store
        finally:
            store.close()


def _need_postgres_extra() -> None:
    """A PostgreSQL address without the driver installed: say which extra to install (not a library's setting)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise click.ClickException(
            "a postgresql:// store needs the PostgreSQL driver: python -m pip install 'awaw-events[postgres]'"
        ) from None


class LazyGroup(click.Group):
    """A group whose commands are imported when they are used (``name -> ("module:function", one-line help)``).

    The one-line help is written in the registry alone: ``awaw --help`` lists it without importing a command, and
    a command's own help begins with it (its docstring holds the rest, ending with an example)."""

    def __init__(self, *args: Any, commands_at: dict[str, tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands_at = commands_at

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands_at, *self.commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        found = self.commands_at.get(cmd_name)
        if found is None:
            return None
        where, short = found
        module, _, name = where.partition(":")
        command = getattr(importlib.import_module(module), name)
        assert isinstance(command, click.Command), where
        if not (command.help or "").startswith(short):  # the one-line help is written once, in the registry
            command.help = f"{short}\n\n{inspect.cleandoc(command.help)}" if command.help else short
        self.commands[cmd_name] = command
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands from their recorded one-line help, importing none of them."""
        rows = [(name, self.commands_at[name][1]) for name in sorted(self.commands_at)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _set_db(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.ensure_object(Context).db = value


def _set_keys(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.ensure_object(Context).keys_dir = value


def keys_option(func: F, *, from_env: bool = True) -> F:
    """``--keys``: this person's keys directory, before or after the command. Only the group's option reads
    ``AWAW_KEYS``, so that the variable never overrides a ``--keys`` given before the command."""
    return click.option(
        "--keys",
        envvar="AWAW_KEYS" if from_env else None,
        expose_value=False,
        callback=_set_keys,
        metavar="DIR",
        help="Your keys directory, outside every store: dice seeds you host, signing keys, the snapshot key "
        "(default $XDG_DATA_HOME/awaw/keys or ~/.local/share/awaw/keys). Env: AWAW_KEYS.",
    )(func)


def db_option(func: F, *, from_env: bool = True) -> F:
    """``--db``: accepted before the command (``awaw --db X log g``) and after it (``awaw log g --db X``). Only the
    group's option reads ``AWAW_DB``: given anywhere on the command line, ``--db`` wins over the variable."""
    return click.option(
        "--db",
        envvar="AWAW_DB" if from_env else None,
        expose_value=False,
        callback=_set_db,
        metavar="PATH|URL",
        help=f"The store: a SQLite file (default {DEFAULT_DB}), ':memory:', or a postgresql://user:pass@host/db "
        "address. Env: AWAW_DB.",
    )(func)


def command(name: str | None = None) -> Callable[[Callable[..., Any]], click.Command]:
    """A command of ``awaw`` that takes ``--db`` and ``--keys`` too."""

    def wrap(func: Callable[..., Any]) -> click.Command:
        return click.command(name)(keys_option(db_option(func, from_env=False), from_env=False))

    return wrap


class NoSuchPoint(click.ClickException):
    """A point (``--at``, ``--from``, ``--to``, ``--turn``) that is not in the game: exit code 2, like a usage error."""

    exit_code = 2


@contextmanager
def domain_errors() -> Iterator[None]:
    """Turn domain errors into ``Error: ...`` messages (exit 1); a rejected batch lists each problem."""
    import sqlite3

    import msgspec
    from eventsourcing.persistence import PersistenceError

    from awaw_events.errors import AwawError, BatchRejected, PointError

    try:
        yield
    except PointError as exc:
        raise NoSuchPoint(str(exc)) from None
    except BatchRejected as exc:
        lines = [str(e) for e in exc.errors]
        more = "" if len(lines) == 1 else f"{len(lines)} problems, nothing was written:\n  " + "\n  ".join(lines)
        raise click.ClickException(more or lines[0] + "; nothing was written") from None
    except AwawError as exc:
        raise click.ClickException(str(exc)) from None
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise click.ClickException(
            f"the store holds an event that cannot be read ({exc}): `awaw verify GAME` names it"
        ) from None
    except (sqlite3.DatabaseError, PersistenceError) as exc:
        raise click.ClickException(f"the store cannot be read: {exc} (is the file damaged or not a store?)") from None
    except Exception as exc:
        if type(exc).__module__.startswith("psycopg"):  # a server failure the store did not name
            raise click.ClickException(f"the store failed: {exc}") from None
        raise


pass_context = click.make_pass_decorator(Context, ensure=True)


def _power(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    from awaw_events.vocab import POWERS

    if value is not None and value not in POWERS:
        raise click.BadParameter(f"{value!r} is not a major power; expected one of {', '.join(POWERS)}")
    return value


def power_option(func: F) -> F:
    """``--power``: show only what concerns one major power (its units, ledger, faction's oil, yards and ships)."""
    return click.option(
        "--power",
        callback=_power,
        metavar="POWER",
        help="Only what concerns this major power (germany, italy, japan, britain, france, usa, russia, china).",
    )(func)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts instead of a table.")(func)


def say(as_json: bool, text: str, data: dict[str, Any]) -> None:
    """What a command did: a sentence for people, or the same as data with ``--json``."""
    if as_json:
        from replays import formatting

        formatting.print_json(data)
    else:
        from replays.views.common import folded

        click.echo(folded(text))


def point(_ctx: click.Context, _param: click.Parameter, value: str | None) -> GamePoint | None:
    """A ``--turn`` value parsed as a game time."""
    from awaw_events.gametime import parse_game_point

    if value is None:
        return None
    with domain_errors():
        return parse_game_point(value)


@contextmanager
def progress(label: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error for long work (only on a terminal: elsewhere nothing is drawn, or
    imported)."""
    if not sys.stderr.isatty():
        yield lambda done: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from replays import formatting

    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        transient=True,
        console=formatting.err_console(),
    )
    with bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.update(task, completed=done)


def views_of(value: str) -> tuple[str, ...]:
    """The projections a ``--view`` value names (``all`` for every one)."""
    from replays.views import VIEWS

    return VIEWS if value == "all" else (value,)
