"""One file with its variations: ``awaw export --with-branches`` writes the game, each branch from its fork, their
bookmarks, notes, rulings and dice commitments, and ``awaw import`` restores them all (a round trip: the same
timelines, heads and answers); same-dice branches and signed hand-offs verify in the store that imported them as
in the one that wrote them; into a store that holds some of the timelines it appends only what is new, and it
refuses a timeline that parts (naming the event, the field and both values) or forks elsewhere, writing nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from awaw_events.bundle import VERSION, is_bundle
from replays.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Awaw:
    """The CLI on one store and one keys directory."""

    def __init__(self, db: Path, keys: Path) -> None:
        self.db, self.keys = db, keys
        self.runner = CliRunner()

    def __call__(self, *args: str, input: bytes | str | None = None, code: int | None = 0) -> Result:
        result = self.runner.invoke(cli, ["--db", str(self.db), "--keys", str(self.keys), *args], input=input)
        if code is not None:
            assert result.exit_code == code, result.output
        return result

    def json(self, *args: str) -> object:
        return json.loads(self(*args, "--json").output)


@pytest.fixture
def played(tmp_path: Path) -> Awaw:
    """A game with seeded dice, a bookmark and a note, a branch with its own dice, a same-dice branch, a signed
    hand-off and every seed revealed (so each roll can be checked)."""
    a = Awaw(tmp_path / "a.db", tmp_path / "keys-a")
    a("new", "t")
    a("roll", "t", "--purpose", "crt")
    a("bookmark", "t", "first roll")
    a("note", "t", "1", "the game begins")
    a("branch", "t", "own")
    a("roll", "t/own", "--purpose", "crt")
    a("bookmark", "t/own", "own roll")
    a("branch", "t", "same", "--same-dice")
    a("roll", "t/same", "--purpose", "crt")
    a("note", "t/same", "6", "rolled on from the parent's seed")
    a("keygen", "alice")
    a("sign", "t", "--as", "alice", "--pin")
    for timeline in ("t", "t/own", "t/same"):
        a("reveal", timeline)
    return a


def _games(awaw: Awaw) -> list[dict[str, object]]:
    return [{k: v for k, v in g.items() if k not in ("created_at", "stream")} for g in awaw.json("games")]  # type: ignore[union-attr]


def _verified(awaw: Awaw, timeline: str) -> tuple[object, ...]:
    data = awaw.json("verify", timeline)
    assert isinstance(data, dict) and data["ok"], data
    return (data["head"], data["events"], data["dice"], data["handoffs"]["signed"])


def test_the_round_trip_restores_every_timeline_bookmark_note_and_check(played: Awaw, tmp_path: Path) -> None:
    bundle = tmp_path / "t.awaw"
    exported = played("export", "t", "--with-branches", "-o", str(bundle))
    assert "exported t with 3 timeline(s)" in exported.output
    assert is_bundle(bundle.read_bytes()[:64])
    header = json.loads(bundle.read_text().splitlines()[0])
    assert header["awaw_bundle"] == VERSION and header["kind"] == "game"
    assert [(t["name"], t["parent"], t["fork_at"], t["from"]) for t in header["timelines"]] == [
        ("t", None, 0, 1),
        ("t/own", "t", 5, 6),  # a branch carries only its own events: the shared ones are written once
        ("t/same", "t", 5, 6),
    ]
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")  # another player: another store, another keys directory
    imported = b("import", "t", str(bundle))
    assert imported.output.splitlines()[0] == "imported 8 event(s) into new timeline t: events 1 to 8"
    assert "imported 4 event(s) into new timeline t/own: events 6 to 9" in imported.output
    assert _games(b) == _games(played)
    for timeline in ("t", "t/own", "t/same"):
        assert _verified(b, timeline) == _verified(played, timeline), timeline
        assert b("export", timeline).output == played("export", timeline).output
    same = b.json("verify", "t/same")
    assert same["dice"]["verified"] == 2  # type: ignore[index]  # the same-dice branch checks against t's seed
    assert b.json("verify", "t")["handoffs"]["signed"] == {"alice": 6}  # type: ignore[index]
    # bookmarks and notes came along: a bookmark names a point, a note is on its event
    assert b("state", "t/own", "--at", "own roll", "--view", "brp").exit_code == 0
    log = [json.loads(line) for line in b("log", "t/same", "--json").output.splitlines()]
    assert [e["event"]["text"] for e in log if e["event"]["type"] == "note_added"] == [
        "the game begins",
        "rolled on from the parent's seed",
    ]
    again = b("import", "t", str(bundle))  # a second time: nothing new
    assert all("nothing was written" in line for line in again.output.splitlines() if line.startswith("t"))


def test_a_bundle_goes_through_standard_input_and_under_another_name(played: Awaw, tmp_path: Path) -> None:
    data = played("export", "t", "--with-branches").output
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    b("import", "copy", "-", input=data)
    names = [g["name"] for g in b.json("games")]  # type: ignore[union-attr]
    assert names == ["copy", "copy/own", "copy/same"]
    assert b("head", "copy/own").output == played("head", "t/own").output


def test_the_example_with_a_ruled_branch_and_its_map_data(tmp_path: Path) -> None:
    a = Awaw(tmp_path / "a.db", tmp_path / "keys-a")
    a("import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"), "--no-audit")
    a("branch", "disputed", "ruled", "--same-dice")
    a("import", "disputed/ruled", str(EXAMPLES / "lodz-ruling.jsonl"), "--no-audit")
    a("bookmark", "disputed/ruled", "after the ruling")
    bundle = tmp_path / "d.awaw"
    a("export", "disputed", "--with-branches", "-o", str(bundle))
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    b("import", "disputed", str(bundle), "--no-audit")
    for timeline in ("disputed", "disputed/ruled"):
        assert b("head", timeline).output == a("head", timeline).output
    audit = b.json("audit", "disputed/ruled", "--from", "1939-fall/axis/combat")
    assert audit["clean"]  # type: ignore[index]  # the ruling stands in the copy as in the original


def test_into_a_store_that_holds_the_main_line_only_the_branches_are_appended(played: Awaw, tmp_path: Path) -> None:
    bundle = tmp_path / "t.awaw"
    played("export", "t", "--with-branches", "-o", str(bundle))
    c = Awaw(tmp_path / "c.db", tmp_path / "keys-c")
    c("import", "t", "-", input=played("export", "t").output)
    out = c("import", "t", str(bundle)).output.splitlines()
    assert out[0] == "t already holds all 8 of its event(s) in the bundle; nothing was written"
    assert "imported 4 event(s) into new timeline t/own: events 6 to 9" in out
    assert c("head", "t/same").output == played("head", "t/same").output


def test_a_branch_that_parts_is_refused_naming_the_event_and_the_field(played: Awaw, tmp_path: Path) -> None:
    bundle = tmp_path / "t.awaw"
    played("export", "t", "--with-branches", "-o", str(bundle))
    d = Awaw(tmp_path / "d.db", tmp_path / "keys-d")
    d("import", "t", "-", input=played("export", "t").output)
    d("branch", "t", "own", "--at", "5", "--same-dice")
    d("bookmark", "t/own", "somewhere else")  # the stored branch's event 6 is not the bundle's
    before = d("head", "t/own").output
    refused = d("import", "t", str(bundle), code=1)
    assert (
        "the bundle parts from 't/own' at event 6 (Fall 1939 setup, bookmark_set): field 'type': the store has "
        '"bookmark_set", the file has "seed_committed"; refusing to merge diverged copies'
    ) in " ".join(refused.output.split())
    assert d("head", "t/own").output == before  # nothing written: not even the branch the store lacked
    assert [g["name"] for g in d.json("games")] == ["t", "t/own"]  # type: ignore[union-attr]


def test_a_branch_that_forks_elsewhere_is_refused(played: Awaw, tmp_path: Path) -> None:
    bundle = tmp_path / "t.awaw"
    played("export", "t", "--with-branches", "-o", str(bundle))
    e = Awaw(tmp_path / "e.db", tmp_path / "keys-e")
    e("import", "t", "-", input=played("export", "t").output)
    e("branch", "t", "own", "--at", "3", "--same-dice")
    refused = e("import", "t", str(bundle), code=1)
    assert "'t/own' forks from 't' after event 3 here, and forks from 't' after event 5 in the bundle" in (
        refused.output
    )


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda lines: lines[:-1], "cut short"),
        (lambda lines: lines[:5], "the bundle holds"),
        (lambda lines: [lines[0].replace('"awaw_bundle":1', '"awaw_bundle":2'), *lines[1:]], "version 2"),
        (lambda lines: [*lines[:4], lines[4].replace('"crt"', '"nonsense"'), *lines[5:]], "line 5 (event 3 of t)"),
    ],
    ids=["no end", "events missing", "later version", "a bad event"],
)
def test_a_damaged_bundle_is_refused_and_nothing_is_written(played: Awaw, tmp_path: Path, damage, words: str) -> None:  # type: ignore[no-untyped-def]
    lines = played("export", "t", "--with-branches").output.splitlines(keepends=True)
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    refused = b("import", "t", "-", input="".join(damage(lines)), code=1)
    assert words in refused.output
    assert "no games yet" in b("games").output


def test_a_bundle_is_json_lines_only(played: Awaw, tmp_path: Path) -> None:
    refused = played("export", "t", "--with-branches", "--format", "yaml", code=1)
    assert "a bundle (--with-branches) is JSON Lines" in refused.output


def test_a_promoted_branch_round_trips(played: Awaw, tmp_path: Path) -> None:
    played("promote", "t/own")  # the main line is now a branch of t/previous-main
    bundle = io.StringIO(played("export", "t", "--with-branches").output)
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    b("import", "t", "-", input=bundle.getvalue())
    assert _games(b) == _games(played)


def test_a_hand_off_carries_the_new_events_the_head_and_the_signature(played: Awaw, tmp_path: Path) -> None:
    """The hand-off kind (for the staged turn's send and receive): the events since the receiver's head, the head
    they reach and the signature among them; it extends only a timeline that holds that head."""
    from awaw_events.bundle import import_bundle, write_handoff
    from awaw_events.store import GameStore

    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    first_five = "".join(played("export", "t").output.splitlines(keepends=True)[:5])
    b("import", "t", "-", input=first_five)
    sender, receiver = GameStore(str(played.db)), GameStore(str(b.db))
    try:
        text = io.StringIO()
        written = write_handoff(sender, "t", 5, text)
        header = json.loads(text.getvalue().splitlines()[0])
        assert header["kind"] == "handoff" and header["timelines"][0]["from"] == 6
        assert written.events == 3 and '"type":"handoff_signed"' in text.getvalue()
        _, done = import_bundle(receiver, io.BytesIO(text.getvalue().encode()))
        assert [(t.name, t.first, t.last) for t in done] == [("t", 6, 8)]
    finally:
        sender.close()
        receiver.close()
    assert b("head", "t").output == played("head", "t").output
    assert b.json("verify", "t")["handoffs"]["signed"] == {"alice": 6}  # type: ignore[index]
    c = Awaw(tmp_path / "c.db", tmp_path / "keys-c")
    c("import", "t", "-", input="".join(played("export", "t").output.splitlines(keepends=True)[:3]))
    stale = c("import", "t", "-", input=text.getvalue(), code=1)  # c holds 3 events: the hand-off follows event 5
    assert "holds events 1 to 3 here; the bundle's start at event 6" in stale.output


def test_a_bundle_brings_no_forged_trust_event(played: Awaw, tmp_path: Path) -> None:
    """A branch's own dice commitment at its fork is written as ``awaw branch`` writes it, and only if it is what
    that command writes (its first roll the one after the fork); every other trust event goes through the trust
    gate as ``awaw import`` sends it (an unsigned commitment in the main line is refused)."""
    lines = played("export", "t", "--with-branches").output.splitlines(keepends=True)
    b = Awaw(tmp_path / "b.db", tmp_path / "keys-b")
    own = next(i for i, line in enumerate(lines) if '"seed_committed"' in line)
    moved = [*lines[:own], lines[own].replace('"first_roll":2', '"first_roll":7'), *lines[own + 1 :]]
    refused = b("import", "t", "-", input="".join(moved), code=1)
    assert "a branch's own dice commitment is for the rolls after its fork, from #2" in refused.output
    main_start = next(i for i, line in enumerate(lines) if line.startswith('{"timeline":"t","from":1}'))
    injected = [*lines[: main_start + 4], lines[own], *lines[main_start + 4 :]]  # an unsigned commitment, in t
    header = json.loads(injected[0])
    header["timelines"][0]["to"] += 1
    injected[0] = json.dumps(header, separators=(",", ":")) + "\n"
    refused = b("import", "t", "-", input="".join(injected), code=1)
    assert "seed_commitment" in refused.output and "nothing was written" in refused.output
    assert "no games yet" in b("games").output
