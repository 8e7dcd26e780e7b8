"""Issue 16, the events: how an event is known (provenance, citation, an approximate game time, unknown values), the
chronicle events, and old logs that must load and hash exactly as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from awaw_events.codec import decode, encode, parse_event, parse_json_event
from awaw_events.errors import InputError
from awaw_events.events import ChronicleEntry, DiceRolled, Event, TrackValue
from awaw_events.gametime import GamePoint, label, parse_game_point
from awaw_events.store import GENESIS_HASH, chain_hash

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SHIPPED = sorted(EXAMPLES.glob("*.jsonl"))
"""The example logs that ship, written in the canonical encoding before events had provenance fields."""


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_logs_load_and_hash_as_before(path: Path) -> None:
    """Every stored event decodes with the new fields at their defaults, and encodes to exactly the bytes it was
    stored as: the hash chain over the file as written and over the events as decoded now is one chain."""
    as_written = as_decoded = GENESIS_HASH
    lines = path.read_bytes().splitlines()
    assert lines
    for line in lines:
        event = decode(line)
        assert event.provenance == "table" and event.citation == "" and event.until is None and event.unknown == ()
        assert encode(event) == line  # the new defaulted fields add nothing to an old event's bytes
        as_written = chain_hash(as_written, line)
        as_decoded = chain_hash(as_decoded, encode(event))
    assert as_decoded == as_written


def _event(**fields: Any) -> dict[str, Any]:
    return {"type": "track_value", "year": 1940, "season": "spring", "track": "usjt", "value": 3, **fields}


def test_provenance_fields_round_trip_and_change_the_hash() -> None:
    plain = parse_event(_event())
    reported = parse_event(_event(provenance="reported", citation="a report, p. 3", until="1940-fall"))
    assert decode(encode(reported)) == reported
    assert encode(plain) != encode(reported)
    assert b'"provenance":"reported"' in encode(reported)
    assert b"provenance" not in encode(plain)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"provenance": "rumoured"}, "provenance", "rumoured"),
        ({"until": "1940-spring"}, "until", "ends after it begins"),
        ({"until": "1939-winter"}, "until", "ends after it begins"),
        ({"until": "1940-autumn"}, "until", "1940-autumn"),
        ({"unknown": ["brp_cost"]}, "unknown[0]", "not a field of this event"),
        ({"unknown": ["year"]}, "unknown[0]", "not a field of this event"),
        ({"unknown": ["value", "value"]}, "unknown", "named twice"),
    ],
)
def test_bad_provenance_is_refused_with_its_field(fields: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_event(_event(**fields), where="line 4")
    assert caught.value.field == field
    assert words in caught.value.message
    assert caught.value.where == "line 4"


def test_the_fast_json_path_refuses_what_the_slow_path_refuses() -> None:
    line = msgspec.json.encode(_event(until="1939-fall"))
    with pytest.raises(InputError, match="ends after it begins"):
        parse_json_event(line, where="line 1")


def test_an_approximate_event_sorts_at_the_start_of_its_range_and_shows_the_range() -> None:
    event = parse_event(_event(until="1941-summer"))
    assert label(event) == "Spring 1940 to Summer 1941"
    assert GamePoint(1940, "fall").contains(event) and GamePoint(1941, "summer").contains(event)
    assert not GamePoint(1941, "fall").contains(event) and not GamePoint(1939, "winter").contains(event)
    assert parse_game_point("1940-spring").contains(event)


def test_a_roll_may_keep_its_number_without_its_faces() -> None:
    fields = {"type": "dice_rolled", "year": 1940, "season": "spring", "roll": 4, "purpose": "diplomacy"}
    unknown = parse_event({**fields, "unknown": ["dice"]})
    assert isinstance(unknown, DiceRolled) and unknown.dice == [] and not unknown.faces_known
    with pytest.raises(InputError, match="at least one face") as no_faces:
        parse_event(fields)
    assert no_faces.value.field == "dice"
    with pytest.raises(InputError, match="leave dice empty"):
        parse_event({**fields, "unknown": ["dice"], "dice": [3]})
    with pytest.raises(InputError, match="never unknown"):
        parse_event({**fields, "unknown": ["dice"], "source": "seeded"})


def test_every_event_type_can_say_how_it_is_known() -> None:
    from awaw_events.events import EVENT_TYPES

    for cls in EVENT_TYPES:
        names = {f.encode_name for f in msgspec.structs.fields(cls)}
        assert {"provenance", "citation", "until", "unknown"} <= names, cls.__name__
        assert issubclass(cls, Event)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"type": "chronicle_entry", "text": ""}, "text"),
        ({"type": "chronicle_entry", "text": "x", "places": ["Paris"]}, "places[0]"),
        ({"type": "chronicle_entry", "text": "x", "kind": "rumour"}, "kind"),
        ({"type": "area_controlled", "place": "egypt", "controller": "germany", "extent": "half"}, "extent"),
        ({"type": "area_controlled", "controller": "germany"}, "place"),
        ({"type": "diplomatic_outcome", "country": "spain", "faction": "european_axis", "outcome": "8"}, "outcome"),
        ({"type": "track_value", "track": "aggression", "value": 1}, "track"),
    ],
)
def test_chronicle_events_are_strict(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_event({"year": 1940, "season": "spring", **fields})
    assert caught.value.field == field


def test_a_chronicle_entry_needs_no_anchor_and_names_places_as_reports_do() -> None:
    entry = parse_event(
        {
            "type": "chronicle_entry",
            "year": 1940,
            "season": "summer",
            "text": "Nothing much happened in the Pacific.",
            "kind": "assessment",
            "places": ["paris", "EUR:AA7", "polish_corridor"],
            "provenance": "reported",
            "citation": "the report",
        }
    )
    assert isinstance(entry, ChronicleEntry) and entry.places[1] == "EUR:AA7"
    value = parse_event(
        {
            "type": "track_value",
            "year": 1939,
            "season": "fall",
            "track": "aggression_index",
            "value": 11,
            "power": "japan",
        }
    )
    assert isinstance(value, TrackValue) and value.power == "japan"


def test_a_ruling_either_voids_or_inserts() -> None:
    base = {"type": "ruling", "year": 1940, "season": "spring"}
    assert parse_event({**base, "insert_after": 3, "replacements": 2}).voids == []  # type: ignore[union-attr]
    with pytest.raises(InputError, match="voids at least one event, or inserts"):
        parse_event(base)
    with pytest.raises(InputError, match="voids none"):
        parse_event({**base, "voids": [2], "insert_after": 3, "replacements": 1})
    with pytest.raises(InputError, match="inserts at least one"):
        parse_event({**base, "insert_after": 3})
