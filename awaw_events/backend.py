"""The store's SQL, on the eventsourcing library's table and connection pools: lean reads, locked writes.

The table is the library's ``stored_events`` (SQLite) or ``awaw_events`` (PostgreSQL): ``(originator_id,
originator_version, topic, state)`` with the primary key ``(originator_id, originator_version)``. The library's own
record path builds an object per row and, on PostgreSQL, sends a whole batch as one INSERT (a batch of 50,000 rows
never returns: the client waits in psycopg's ``pipeline.sync()`` while the server waits for the rest of the
statement). This module reads only the columns the store needs, as plain tuples, and writes inside one transaction
that holds the store's write lock, in statements of at most :data:`INSERT_ROWS` rows, so a batch of any size is one
transaction of bounded statements.

The write lock serialises writers: ``BEGIN IMMEDIATE`` on SQLite, ``LOCK TABLE ... IN EXCLUSIVE MODE`` on PostgreSQL
(the library takes the same lock for each of its inserts, so notification ids still commit in order, and readers
are never blocked). Whatever a writer reads inside its transaction stays true until it commits: a game's name is
free, a timeline's head is where it was read.

The schema is created once, the first time a store is opened, and only looked up after that (PostgreSQL: under an
advisory lock, so that concurrent first opens do not race each other's DDL).
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final, NamedTuple

from eventsourcing.application import Application
from eventsourcing.persistence import (
    ApplicationRecorder,
    IntegrityError,
    Mapper,
    OperationalError,
    PersistenceError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder

from awaw_events.errors import StoreBusyError, StoreError

INSERT_ROWS: Final = 2_000
"""Rows per INSERT statement (or per COPY on PostgreSQL): bounded, so that no batch size hangs the driver."""

LOCK_TIMEOUT_S: Final = 60
"""How long a writer waits for another writer's transaction before giving up with :class:`StoreBusyError`."""

Row = tuple[str, int, str, bytes]
"""A stored row: (stream, version, topic, state)."""

_BUSY = "The store is busy: another writer held it for more than {0} s (a long import?); nothing was written, try again"
_FEW: Final = 20
ANALYZE_AFTER: Final = 10_000
"""Rows a PostgreSQL transaction writes after which the table's statistics are refreshed."""
_PG_SCHEMA_LOCK: Final = 0x61776177  # "awaw": the advisory lock taken while creating the schema


class Conflict(Exception):
    """A row's key is already taken (someone wrote that version of that stream first)."""


class Transaction:
    """An open transaction (a write, or a read-only one): reads see what it wrote; rows are inserted in bounded
    statements.

    (Inserting on a thread of its own, to overlap the database's work with the caller's decoding, was measured
    and dropped: with the cores shared, the two threads queued for the interpreter's lock and the import took
    longer.)
    """

    def __init__(self) -> None:
        self.inserted = 0

    def _read(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _execute(self, sql: str, params: Sequence[object]) -> int:
        raise NotImplementedError

    def _insert(self, rows: Sequence[Row]) -> None:
        raise NotImplementedError

    def read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        return self._read(sql, params)

    def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        """Run a statement (a delete); returns the rows it touched."""
        return self._execute(sql, params)

    def insert(self, rows: Sequence[Row]) -> None:
        self.inserted += len(rows)
        self._insert(rows)


class PartialIndex(NamedTuple):
    """An index of the events table, by stream and version, over only the rows that ``where`` selects (SQL over the
    table's columns, literals only), for a read that asks for those rows of a stretch of a stream without reading
    the rest of it. The name ends in a hash of ``where``: an index of an older definition is dropped when this one
    is made."""

    family: str
    where: str

    @property
    def name(self) -> str:
        return f"{self.family}_{hashlib.sha256(self.where.encode()).hexdigest()[:12]}"


class Backend:
    """SQL on one kind of database. Statements are written with ``?`` placeholders, ``{t}`` for the table and
    ``{state}`` for the state column as bytes."""

    kind: str
    table: str
    indexed: frozenset[str] = frozenset()
    """The names of the :class:`PartialIndex` es that exist (as the store was opened or written): a read may name
    one of them (SQLite's ``INDEXED BY``)."""

    def read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def write(self) -> Any:  # a context manager of Transaction
        raise NotImplementedError

    def reading(self) -> Any:  # a context manager of Transaction
        """A read-only transaction: every read inside sees the store as it stood at the first one."""
        raise NotImplementedError


def backend_for(recorder: ApplicationRecorder, indexes: Sequence[PartialIndex] = ()) -> Backend:
    """The backend of a library recorder (SQLite or PostgreSQL), its schema created if it was missing. On SQLite the
    ``indexes`` are made by the first write transaction that finds them missing (a read never writes: until then,
    reads do without them); PostgreSQL has none of them (its reads scan the stretch they ask for)."""
    if isinstance(recorder, SQLiteApplicationRecorder):
        return SQLiteBackend(recorder, indexes)
    return PostgresBackend(recorder)


# ---------------------------------------------------------------------------------------------------------------
# The library's application: it owns the connection pools and the recorder


class _Pending(NamedTuple):
    """A record on its way into the store (the eventsourcing "domain event" our mapper turns into a row)."""

    originator_id: str
    originator_version: int
    topic: str
    state: bytes


class _PassThroughMapper(Mapper[str]):
    """The project's mapper: records are encoded with msgspec before they reach it (the library's default mapper
    reads ``__dict__``, which msgspec Structs lack), so it only moves fields into the library's ``StoredEvent``."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=domain_event.topic,
            state=domain_event.state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        return _Pending(
            str(stored_event.originator_id), stored_event.originator_version, stored_event.topic, stored_event.state
        )


class _NullTranscoder(Transcoder):
    def encode(self, obj: Any) -> bytes:  # pragma: no cover - never called
        raise NotImplementedError

    def decode(self, data: bytes) -> Any:  # pragma: no cover - never called
        raise NotImplementedError


class EventStoreApp(Application[str]):
    """The eventsourcing application that owns the recorder."""

    name = "awaw"

    def construct_mapper(self) -> Mapper[str]:
        return _PassThroughMapper(transcoder=_NullTranscoder())


def why_unreachable(url: str) -> str | None:
    """The server's own reason (refused, unknown host, bad password), which the connection pool only reports as
    a time-out."""
    if not url.startswith(("postgresql://", "postgres://")):
        return None
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as exc:
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return None


# ---------------------------------------------------------------------------------------------------------------
# SQLite


@contextmanager
def _sqlite_errors() -> Iterator[None]:
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise Conflict(str(exc)) from exc
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            raise StoreBusyError(_BUSY.format(LOCK_TIMEOUT_S)) from None
        raise StoreError(f"the store cannot be read: {exc}") from None
    except (sqlite3.Error, PersistenceError) as exc:
        raise StoreError(f"the store cannot be read: {exc}") from None


def _sqlite_sql(sql: str, table: str) -> str:
    """A statement for SQLite: ``{t}`` the table, ``{state}`` the state column read as bytes whatever an SQL edit
    stored there (SQLite keeps the type of what was written: text or a number must fail to decode cleanly),
    ``{holds}`` the test that the state holds the bytes of the next parameter."""
    return sql.format(t=table, state="CAST(state AS BLOB)", holds="instr(CAST(state AS BLOB), ?) > 0")


class _SQLiteTransaction(Transaction):
    def __init__(self, cursor: sqlite3.Cursor, table: str) -> None:
        super().__init__()
        self.cursor = cursor
        self.table = table
        self.insert_sql = f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES (?, ?, ?, ?)"

    def _read(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        with _sqlite_errors():
            return self.cursor.execute(_sqlite_sql(sql, self.table), params).fetchall()

    def _execute(self, sql: str, params: Sequence[object]) -> int:
        with _sqlite_errors():
            return self.cursor.execute(_sqlite_sql(sql, self.table), params).rowcount

    def _insert(self, rows: Sequence[Row]) -> None:
        with _sqlite_errors():
            for start in range(0, len(rows), INSERT_ROWS):
                self.cursor.executemany(self.insert_sql, rows[start : start + INSERT_ROWS])


class SQLiteBackend(Backend):
    """SQLite through the library's connection pool (WAL mode on a file; one writer at a time)."""

    kind = "sqlite"

    def __init__(self, recorder: SQLiteApplicationRecorder, indexes: Sequence[PartialIndex] = ()) -> None:
        self.datastore = recorder.datastore
        self.table = recorder.events_table_name
        self.indexes = tuple(indexes)
        names = [self.table, *(index.name for index in self.indexes)]
        with _sqlite_errors():
            found = {
                row[0]
                for row in self.read(
                    f"SELECT name FROM sqlite_master WHERE name IN ({', '.join('?' * len(names))})", names
                )
            }
            if self.table not in found:
                recorder.create_table()  # CREATE TABLE IF NOT EXISTS: safe if another process wins the race
        self.indexed = frozenset(found - {self.table})

    def _make_indexes(self, cursor: sqlite3.Cursor) -> list[str]:
        """Inside a write transaction: make the indexes that are missing (each reads the table once, the first
        time), dropping any of an older definition; the names made."""
        made = []
        for index in self.indexes:
            if index.name in self.indexed:
                continue
            older = cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name GLOB ? AND name != ?",
                [self.table, index.family + "_*", index.name],
            ).fetchall()
            for (name,) in older:
                cursor.execute(f'DROP INDEX IF EXISTS "{name}"')
            cursor.execute(
                f'CREATE INDEX IF NOT EXISTS "{index.name}" ON {self.table} (originator_id, originator_version) '
                f"WHERE {index.where}"
            )
            made.append(index.name)
        return made

    @contextmanager
    def _cursor(self, *, writer: bool) -> Iterator[tuple[Any, sqlite3.Cursor]]:
        with _sqlite_errors(), self.datastore.get_connection(commit=writer) as conn:
            cursor = conn.cursor().sqlite_cursor
            cursor.row_factory = None  # plain tuples, not sqlite3.Row
            try:
                yield conn, cursor
            finally:
                cursor.close()

    def read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        with self._cursor(writer=False) as (_conn, cursor):
            return cursor.execute(_sqlite_sql(sql, self.table), params).fetchall()

    @contextmanager
    def write(self) -> Iterator[Transaction]:
        with self._cursor(writer=True) as (conn, cursor):
            cursor.execute("BEGIN IMMEDIATE")
            try:
                made = self._make_indexes(cursor) if len(self.indexed) < len(self.indexes) else []
                yield _SQLiteTransaction(cursor, self.table)
            except BaseException:
                conn.rollback()
                raise
            conn.commit()
            if made:
                self.indexed = self.indexed | set(made)

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        with self._cursor(writer=False) as (conn, cursor):
            cursor.execute("BEGIN")  # deferred: WAL holds the snapshot the first read takes until the end
            try:
                yield _SQLiteTransaction(cursor, self.table)
            finally:
                conn.rollback()


# ---------------------------------------------------------------------------------------------------------------
# PostgreSQL


@contextmanager
def _pg_errors() -> Iterator[None]:
    import psycopg

    try:
        yield
    except (psycopg.errors.UniqueViolation, IntegrityError) as exc:
        raise Conflict(str(exc)) from exc
    except (psycopg.errors.LockNotAvailable, OperationalError) as exc:
        if "lock timeout" in str(exc) or isinstance(exc, psycopg.errors.LockNotAvailable):
            raise StoreBusyError(_BUSY.format(LOCK_TIMEOUT_S)) from None
        raise StoreError(f"the store cannot be reached: {exc}") from None
    except (psycopg.Error, PersistenceError) as exc:
        raise StoreError(f"the store failed: {exc}") from None


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class _PostgresTransaction(Transaction):
    def __init__(self, cursor: Any, table: str) -> None:
        super().__init__()
        self.cursor = cursor
        self.table = table
        self.copy_sql = f"COPY {table} (originator_id, originator_version, topic, state) FROM STDIN (FORMAT BINARY)"
        self.insert_sql = (
            f"INSERT INTO {table} (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)"
        )

    def _read(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        with _pg_errors():
            self.cursor.execute(_pg_sql(sql, self.table), params, prepare=True, binary=True)
            rows: list[tuple[Any, ...]] = self.cursor.fetchall()
            return rows

    def _execute(self, sql: str, params: Sequence[object]) -> int:
        with _pg_errors():
            self.cursor.execute(_pg_sql(sql, self.table), params)
            return int(self.cursor.rowcount)

    def _insert(self, rows: Sequence[Row]) -> None:
        with _pg_errors():
            if len(rows) <= _FEW:  # a plain INSERT costs fewer round trips than a COPY
                self.cursor.executemany(self.insert_sql, rows)
                return
            for start in range(0, len(rows), INSERT_ROWS):
                with self.cursor.copy(self.copy_sql) as copy:
                    copy.set_types(["text", "int8", "text", "bytea"])
                    for row in rows[start : start + INSERT_ROWS]:
                        copy.write_row(row)


_PG_SQL: dict[tuple[str, str], str] = {}


def _pg_sql(sql: str, table: str) -> str:
    """A statement written for SQLite (``?`` placeholders) in psycopg's style (``%s``)."""
    key = (sql, table)
    found = _PG_SQL.get(key)
    if found is None:
        sql = sql.replace("%", "%%").replace("?", "%s")
        found = _PG_SQL[key] = sql.format(t=table, state="state", holds="position(%s::bytea in state) > 0")
    return found


class PostgresBackend(Backend):
    """PostgreSQL through the library's psycopg pool: binary tuples, COPY for inserts."""

    kind = "postgresql"

    def __init__(self, recorder: ApplicationRecorder) -> None:
        datastore = recorder.datastore  # type: ignore[attr-defined]
        self.datastore = datastore
        self.name = str(recorder.events_table_name)  # type: ignore[attr-defined]
        self.table = f"{_quote(datastore.schema)}.{_quote(self.name)}"
        with _pg_errors():
            if not self._schema_exists():
                self._create_schema(recorder)

    def _schema_exists(self) -> bool:
        rows = self.read("SELECT to_regclass(?)::text", [f"{_quote(self.datastore.schema)}.{_quote(self.name)}"])
        return bool(rows and rows[0][0])

    def _create_schema(self, recorder: ApplicationRecorder) -> None:
        """The library's table, type, index and function, created by one opener while the others wait."""
        with self.datastore.get_connection() as conn:
            conn.execute("SELECT pg_advisory_lock(%s)", [_PG_SCHEMA_LOCK])
            try:
                if not self._schema_exists():
                    recorder.create_table()  # type: ignore[attr-defined]
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", [_PG_SCHEMA_LOCK])

    def read(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        from psycopg.rows import tuple_row

        with _pg_errors(), self.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row) as cursor:
            cursor.execute(_pg_sql(sql, self.table), params, prepare=True, binary=True)
            rows: list[tuple[Any, ...]] = cursor.fetchall()
            return rows

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        from psycopg.rows import tuple_row

        with _pg_errors(), self.datastore.get_connection() as conn, conn.cursor(row_factory=tuple_row) as cursor:
            cursor.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                yield _PostgresTransaction(cursor, self.table)
            finally:
                cursor.execute("ROLLBACK")

    @contextmanager
    def write(self) -> Iterator[Transaction]:
        from psycopg.rows import tuple_row

        with (
            _pg_errors(),
            self.datastore.get_connection() as conn,
            conn.transaction(),
            conn.cursor(row_factory=tuple_row) as cursor,
        ):
            cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT_S}s'; LOCK TABLE {self.table} IN EXCLUSIVE MODE")
            tx = _PostgresTransaction(cursor, self.table)
            yield tx
        if tx.inserted >= ANALYZE_AFTER:
            # Fresh statistics after a bulk load: with none, the planner expects a handful of rows per stream and
            # reads a page of a long one by sorting all the rest of it (a read that grows with the square of the
            # length). Autovacuum would get there too, later.
            with _pg_errors(), self.datastore.get_connection() as conn:
                conn.execute(f"ANALYZE {self.table}")
