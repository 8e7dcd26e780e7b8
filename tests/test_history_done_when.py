"""Issue 27's points that had no test of their own: one "unknown BRPs" line per power (Japan's declaration is not
counted under Germany's total), and every track the rules texts and the reports name may be given a value."""

from __future__ import annotations

from typing import Any, get_args

import pytest

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.events.chronicle import TENSION_TRACKS, TrackName
from tests.build import records, run
from tests.conftest import created


def ev(**fields: Any) -> AnyEvent:
    return parse_event({"year": 1939, "season": "fall", **fields})


def test_the_unknown_brps_of_each_power_are_one_line_of_its_own() -> None:
    """27.1: with no BRP total recorded, a power's spending is not checked, and the report's grouped line names the
    power whose total is unknown: Japan's declaration of war is Japan's line, not one more of Germany's."""
    events = [
        created(),
        ev(type="brp_spent", power="germany", amount=35, category="other"),
        ev(type="war_declared", side="axis", phase="diplomacy", aggressor="japan", target="china", brp_cost=10),
        ev(type="brp_spent", power="germany", amount=20, category="other"),
    ]
    lines = [(s.reason, s.times, s.first_seq) for s in run(events).skipped if "BRPs available" in s.reason]
    assert lines == [
        ("not checked: unknown BRPs available to Germany (no brps_set before this)", 2, 2),
        ("not checked: unknown BRPs available to Japan (no brps_set before this)", 1, 3),
    ]
    total = ev(type="brps_set", phase="setup", power="japan", base=80, available=80)
    known = [s.reason for s in run([events[0], total, *events[1:]]).skipped if "BRPs available" in s.reason]
    assert known == ["not checked: unknown BRPs available to Germany (no brps_set before this)"]


@pytest.mark.parametrize("track", get_args(TrackName))
def test_every_track_the_texts_and_the_reports_name_may_be_given_a_value(track: str) -> None:
    """A tension track's value sets the board's level (A3R App. E); any other is the record's fact, kept in the
    politics state under its holder."""
    from projections.game import Fold

    power = None if track in TENSION_TRACKS or track == "french_surrender_level" else "russia"
    row = {"type": "track_value", "track": track, "value": 7, "provenance": "reported"}
    fold = Fold()
    for record in records([created(), ev(**row, **({"power": power} if power else {}))]):
        fold.push(record.seq, record.event)
    state = fold.state
    if track in TENSION_TRACKS:
        assert state.board.tensions[track] == 7
    else:
        key = f"{power}/{track}" if power else track
        assert state.politics.tracks[key].value == 7


def test_the_example_keeps_at_most_two_facts_as_prose_each_naming_the_field_it_lacks() -> None:
    """Issue 27's "done when": in examples/wbc-2023-game-1 at most 2 of the report's facts stay prose, and the
    README names, for each, the field of an event type that would hold it (``game_ended.level``)."""
    import re
    from pathlib import Path

    import msgspec

    from awaw_events.codec import tag_of
    from awaw_events.events import EVENT_TYPES

    readme = (Path(__file__).resolve().parent.parent / "examples" / "wbc-2023-game-1" / "README.md").read_text()
    section = readme.split("## The facts that stay prose", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in section.splitlines() if re.match(r"^\| \d+ \|", r)]
    assert 1 <= len(rows) <= 2, rows
    fields = {tag_of(cls): {f.name for f in msgspec.structs.fields(cls)} for cls in EVENT_TYPES}
    for row in rows:
        needs = row.rstrip(" |").rsplit(" | ", 1)[1]
        named = re.findall(r"`([a-z_]+)\.([a-z_]+)`", needs)
        assert named and all(tag in fields and field in fields[tag] for tag, field in named), row
