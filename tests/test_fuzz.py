"""Fuzzing the importers and ``record`` (issue 17): whatever the bytes or words, the answer is events or a clean
``InputError`` naming where, and a refused ``record`` writes nothing. Hypothesis here (bounded, in every run);
atheris (coverage-guided) for a bounded number of runs when it is installed."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events import codec
from awaw_events import io as event_io
from awaw_events.codec import EVENT_CLASSES
from awaw_events.errors import AwawError, InputError
from awaw_events.integrity import verify_chain
from awaw_events.log import record_event
from awaw_events.store import GameStore
from tests.conftest import armor, created, phase, roll

VALID = [
    codec.encode(e)
    for e in (created(), phase("combat"), roll(1), roll(2, dice=[4]), armor("ger-arm-1"), armor("x", cost=4))
]
YAML = b"- type: game_created\n  year: 1939\n  season: fall\n- {type: phase_started, year: 1939, season: fall}\n"

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _read(data: bytes, fmt: event_io.Format) -> None:
    refusal: InputError | None = None
    try:
        events = event_io.read_events(io.BytesIO(data), fmt)
    except InputError as exc:
        refusal = exc
        events = []
    assert refusal is None or str(refusal)  # a message, never empty
    assert all(n.where.startswith("line ") for n in events)


@st.composite
def mutated(draw: st.DrawFn, base: bytes) -> bytes:
    """A valid file with a few bytes flipped, inserted, deleted or duplicated."""
    data = bytearray(base)
    for _ in range(draw(st.integers(1, 6))):
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        match draw(st.sampled_from(["flip", "insert", "delete", "dup"])):
            case "flip":
                data[at] = draw(st.integers(0, 255))
            case "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=8))
            case "delete":
                del data[at : at + draw(st.integers(1, 8))]
            case _:
                data[at:at] = data[at : at + draw(st.integers(1, 40))]
    return bytes(data)


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_as_jsonl(data: bytes) -> None:
    _read(data, "jsonl")


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_as_yaml(data: bytes) -> None:
    _read(data, "yaml")


@FUZZ
@given(mutated(b"\n".join(VALID) + b"\n"))
def test_mutated_jsonl(data: bytes) -> None:
    _read(data, "jsonl")


@FUZZ
@given(mutated(YAML))
def test_mutated_yaml(data: bytes) -> None:
    _read(data, "yaml")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@FUZZ
@given(
    st.lists(
        st.fixed_dictionaries(
            {"type": st.sampled_from(sorted(EVENT_CLASSES)) | st.text(max_size=12)},
            optional={
                "year": st.integers(1900, 2000) | JSON,
                "season": st.sampled_from(["fall", "winter", "spring", "summer"]) | JSON,
                "roll": st.integers(-2, 5) | JSON,
                "dice": st.lists(st.integers(-1, 12), max_size=3) | JSON,
                "extra": JSON,
            },
        ),
        max_size=5,
    )
)
def test_event_shaped_objects(objects: list[dict[str, object]]) -> None:
    import msgspec

    _read(b"\n".join(msgspec.json.encode(o) for o in objects), "jsonl")


WORD = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda k, v: f"{k}={v}",
        st.sampled_from(
            ["year", "season", "side", "phase", "roll", "dice", "purpose", "source", "about", "text", "at"]
        ),
        st.text(max_size=20) | st.sampled_from(["[5]", "[[", "null", '"x"', "{}", "[7,1]", "seeded", "crt", "0", "-1"]),
    ),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(EVENT_CLASSES)), st.lists(WORD, max_size=5))
def test_record_is_events_or_a_clean_refusal(tag: str, words: list[str]) -> None:
    with GameStore(":memory:") as store:
        store.create_game("g", [created(), phase("combat"), roll(1)])
        before = store.count("g")
        refusal: AwawError | None = None
        try:
            record_event(store, "g", tag, words)
        except AwawError as exc:
            refusal = exc
        assert refusal is None or isinstance(refusal, InputError), refusal
        assert store.count("g") == (before if refusal else before + 1)
        assert verify_chain(store, "g").ok


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None, reason="atheris is not installed here")
def test_atheris_over_the_importers(tmp_path: Path) -> None:
    """A bounded coverage-guided run (a few seconds) seeded with valid JSON Lines and YAML."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "jsonl").write_bytes(b"j" + b"\n".join(VALID) + b"\n")
    (corpus / "yaml").write_bytes(b"y" + YAML)
    harness = Path(__file__).parent / "fuzz" / "atheris_importers.py"
    result = subprocess.run(
        [sys.executable, str(harness), "-runs=20000", "-max_len=2048", "-seed=17", str(corpus)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Done 20000 runs" in result.stderr
