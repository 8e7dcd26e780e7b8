"""``awaw orphans``: rows no timeline reaches, as older versions left them when an import was killed between its
two steps (events committed, game never registered), and the events of pruned branches."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

from click.testing import CliRunner, Result

from awaw_events.codec import encode
from awaw_events.events import BookmarkSet
from awaw_events.log import verify_game
from awaw_events.store import GENESIS_HASH, GameStore, chain_hash
from replays.cli import cli
from tests.conftest import created, phase, roll


def awaw(db: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--db", db, *args], catch_exceptions=False)


def _leave_an_interrupted_import(store: GameStore) -> str:
    """What an import of an older version left when killed after its first step: a stream's rows and an index
    row, and no registry record naming the stream."""
    stream = "game:" + uuid.uuid4().hex
    previous = GENESIS_HASH
    rows = []
    events = [created(), phase("combat"), roll(1), BookmarkSet(year=1939, season="fall", name="b", at=1)]
    for seq, event in enumerate(events, start=1):
        data = encode(event)
        previous = chain_hash(previous, data)
        rows.append((stream, seq, "x", b'["%s","2024-01-01T00:00:00.000Z",0,%s]' % (previous.encode(), data)))
    rows.append((f"awaw:bookmarks:{stream}", 4, "bookmark_set", encode(events[-1])))
    with store.transaction():
        store._insert(rows, "")
    return stream


def test_orphans_are_listed_then_deleted_and_nothing_else_is_touched(tmp_path: Path) -> None:
    db = str(tmp_path / "o.db")
    with GameStore(db) as store:
        store.create_game("g", [created(), phase("combat"), roll(1)])
        stream = _leave_an_interrupted_import(store)
    assert awaw(db, "branch", "g", "gone").exit_code == 0
    assert awaw(db, "branch", "g", "kept").exit_code == 0
    assert awaw(db, "prune", "g/gone").exit_code == 0
    listed = json.loads(awaw(db, "orphans", "--json").output)
    reasons = {row["stream"]: row["reason"] for row in listed}
    assert reasons[stream] == "never registered (an interrupted import)"
    assert reasons[f"awaw:bookmarks:{stream}"] == "never registered (an interrupted import)"
    assert {row["rows"] for row in listed if row["stream"] == stream} == {4}
    pruned = [s for s, why in reasons.items() if why == "a pruned branch"]
    assert len(pruned) == 1  # the pruned branch's own seed commitment
    text = awaw(db, "orphans").output
    assert text.startswith("found 6 unreachable row(s) in 3 stream(s):")
    assert text.endswith("remove them with `awaw orphans --delete`\n")
    assert awaw(db, "orphans", "--delete").output.startswith("removed 6 unreachable row(s)")
    assert awaw(db, "orphans").output == "no unreachable rows: every stored row belongs to a timeline\n"
    with GameStore(db) as store:
        assert [t.name for t in store.timelines()] == ["g", "g/kept"]
        assert verify_game(store, "g").ok
        assert verify_game(store, "g/kept").ok
