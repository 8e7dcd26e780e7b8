"""Imports as a stream: the fast decoder holds the strict path's verdict, every batch of an import is one
transaction (a late bad line undoes the chunks already written), and bad bytes are clean errors."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events import codec
from awaw_events.errors import InputError
from awaw_events.events import EVENT_TYPES
from awaw_events.io import iter_events
from awaw_events.log import BatchRejected, Divergence, import_events
from awaw_events.store import GameStore
from replays.cli import cli
from tests import strategies
from tests.conftest import created, phase, roll


def _verdict(parse: object, line: bytes) -> object:
    try:
        return parse(line)  # type: ignore[operator]
    except InputError as exc:
        return ("refused", str(exc))


def _reference(line: bytes) -> object:
    try:
        obj = msgspec.json.decode(line)
    except msgspec.DecodeError as exc:
        raise InputError(f"not valid JSON: {exc}") from None
    return codec.parse_event(obj)


_MUTATIONS = st.sampled_from(
    ["none", "drop", "unknown", "string", "float", "null", "list", "dup", "tag", "nest", "spaced", "reordered"]
)
"""How a line is spoiled (or, ``none``, ``spaced`` and ``reordered``, written otherwise than the canonical
encoding, which the fast path accepts after one decode: the others have their keys looked at)."""


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data(), cls=st.sampled_from(EVENT_TYPES), mutation=_MUTATIONS)
def test_the_fast_decoder_gives_the_strict_paths_verdict(data: st.DataObject, cls: type, mutation: str) -> None:
    obj = msgspec.to_builtins(data.draw(strategies.event(cls)))
    keys = [k for k in obj if k != "type"]
    key = data.draw(st.sampled_from(keys)) if keys else "type"
    line: bytes
    if mutation == "drop":
        obj.pop(key)
    elif mutation == "unknown":
        obj["colour"] = "red"
    elif mutation in ("string", "float", "null", "list"):
        value = obj[key]
        obj[key] = {"string": str(value), "float": 1.5, "null": None, "list": [value]}[mutation]
    elif mutation == "tag":
        obj["type"] = data.draw(st.sampled_from(["nope", 3, None, codec.tag_of(EVENT_TYPES[0])]))
    elif mutation == "nest":
        obj[key] = {"deeper": obj[key]}
    elif mutation == "reordered":
        obj = dict(reversed(obj.items()))
    line = msgspec.json.encode(obj)
    if mutation == "dup":
        line = line[:-1] + b',"' + key.encode() + b'":' + msgspec.json.encode(obj[key]) + b"}"
    elif mutation == "spaced":
        line = msgspec.json.format(line, indent=0) + b" \r"
    assert _verdict(codec.parse_json_event, line) == _verdict(_reference, line)


def test_a_late_bad_line_undoes_the_chunks_already_written(tmp_path: Path) -> None:
    events = [created(), phase("combat"), *(roll(n) for n in range(1, 29))]
    lines = [codec.encode(e) + b"\n" for e in events]
    lines[26] = b'{"type":"dice_rolled","year":1939}\n'
    with GameStore(str(tmp_path / "s.db")) as store:
        with pytest.raises(BatchRejected, match="line 27, field 'season'"):
            import_events(store, "g", iter_events(io.BytesIO(b"".join(lines)), "jsonl"), chunk=5)
        assert not store.exists("g")
        assert store.unreachable() == []
        store.create_game("h", events[:3])
        more = [codec.encode(e) + b"\n" for e in (roll(n) for n in range(2, 20))]
        more[15] = b"{not json\n"
        with pytest.raises(BatchRejected, match="line 16: not valid JSON"):
            import_events(store, "h", iter_events(io.BytesIO(b"".join(more)), "jsonl"), chunk=4)
        assert store.count("h") == 3


def test_the_cycle_collector_rests_during_an_import_and_only_then(tmp_path: Path) -> None:
    """An import runs with the cycle collector off (issue 15: it cost a seventh of the time) and gives it back as it
    found it, whether the import lands or is refused."""
    events = [created(), phase("combat"), *(roll(n) for n in range(1, 29))]
    lines = [codec.encode(e) + b"\n" for e in events]
    seen: list[bool] = []
    with GameStore(str(tmp_path / "s.db")) as store:
        assert gc.isenabled()
        import_events(
            store,
            "g",
            iter_events(io.BytesIO(b"".join(lines)), "jsonl"),
            chunk=5,
            progress=lambda _: seen.append(gc.isenabled()),
        )
        assert seen and not any(seen)
        assert gc.isenabled()
        with pytest.raises(BatchRejected):
            import_events(store, "h", iter_events(io.BytesIO(b"".join(lines[:5]) + b"{not json\n"), "jsonl"))
        assert gc.isenabled()
        gc.disable()
        try:
            import_events(store, "g", iter_events(io.BytesIO(lines[-1].replace(b"28", b"29")), "jsonl"))
            assert not gc.isenabled()  # a caller that turned it off keeps it off
        finally:
            gc.enable()
        assert store.count("g") == len(events) + 1


def test_a_copy_of_the_game_is_walked_across_chunks(tmp_path: Path) -> None:
    events = [created(), phase("combat"), *(roll(n) for n in range(1, 34))]
    with GameStore(str(tmp_path / "s.db")) as store:
        store.create_game("g", events[:20])
        whole = b"".join(codec.encode(e) + b"\n" for e in events)
        done = import_events(store, "g", iter_events(io.BytesIO(whole), "jsonl"), chunk=7)
        assert (done.read, done.first, done.last) == (35, 21, 35)
        again = import_events(store, "g", iter_events(io.BytesIO(whole), "jsonl"), chunk=7)
        assert (again.read, again.written) == (35, 0)
        other = [*events, roll(34)]
        other[12] = roll(11, dice=[1] if events[12].dice != [1] else [2])  # type: ignore[attr-defined]
        parted = b"".join(codec.encode(e) + b"\n" for e in other)
        with pytest.raises(Divergence, match="parts from 'g' at event 13"):
            import_events(store, "g", iter_events(io.BytesIO(parted), "jsonl"), chunk=7)
        assert store.count("g") == 35


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (codec.encode(created()) + b'\n{"type":"note_added","text":"caf\xe9"}\n', "line 2: not UTF-8 text: byte 0xe9"),
        (codec.encode(created()) + b"\n\xff\xfe\n", "line 2: not UTF-8 text: byte 0xff"),
        (codec.encode(created()) + b"\n" + b"[" * 100_000 + b"\n", "line 2: nested too deeply"),
        (b"- type: game_created\n  title: caf\xe9\n", "line 2: not UTF-8 text"),
    ],
    ids=["latin-1", "binary", "deeply-nested", "yaml-latin-1"],
)
def test_bytes_that_are_not_events_are_clean_errors(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / ("bad.yaml" if content.startswith(b"- ") else "bad.jsonl")
    path.write_bytes(content)
    db = str(tmp_path / "s.db")
    result = CliRunner().invoke(cli, ["--db", db, "import", "g", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.startswith("Error: ")
    assert message in result.output
    assert "nothing was written" in result.output
    with GameStore(db) as store:
        assert not store.exists("g")
