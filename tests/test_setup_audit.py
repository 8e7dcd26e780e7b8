"""A game started from a set-up that ``awaw setup`` wrote audits clean (issue 21).

A set-up written at a point of play is the position play had reached, not the scenario's opening: ``awaw new
--setup`` records where play resumes (``game_created.resumes``), the bridgeheads and fortifications it places were
placed in the game it came from, and the levels it records (a reserve's oil, winter preparation) are what they were
then. The property: the set-up written at any phase end of the shipped examples starts a game whose audit finds
nothing. The wrong accusations it found are each a test of its own (:data:`FOUND`: the example, the phase ends, the
checks and the rule they misread), kept so that none comes back.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.gametime import GamePoint, time_key
from awaw_events.log import start_game
from awaw_events.store import GameStore
from replays.audit.catalogue import audit, store_maps
from replays.audit.engine import AuditReport, Finding
from replays.cli import cli
from replays.maps import shipped_map_data
from replays.setup import parse_setup, resumes, setup_events, start_point

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {
    "campaign-1939": ROOT / "examples" / "campaign-1939.jsonl",
    "wbc-2023-game-1": ROOT / "examples" / "wbc-2023-game-1" / "game.yaml",
}


def _audit_of(text: str) -> AuditReport:
    """The audit of a new game started from a set-up, as ``awaw new --setup`` starts it."""
    found = parse_setup(text)
    point = start_point(found)
    with GameStore(":memory:") as store:
        start_game(
            store, "g", rules=found.rules, options=found.options, start=GamePoint(point.year, point.season),
            variant=found.variant, scenario=found.scenario, setup=setup_events(found), seeded=False,
            map_data=shipped_map_data().declaration(), resumes=resumes(found),
        )  # fmt: skip
        return audit(store.numbered("g"))


def _checks(report: AuditReport) -> list[str]:
    return [f"{f.check} ({f.rule})" for f in report.findings]


# ---------------------------------------------------------------------------------------------------------------------
# The wrong accusations, each from the rule it reads


LATER = """\
format: awaw-setup/1
start: {start}
units:
  germany:
    EUR:D33: {{ger-inf-8: infantry 3-3}}
bridgeheads:
  EUR:D33: {{faction: european_axis, cause: seaborne_invasion}}
"""


@pytest.mark.parametrize("start", ["1940-spring/axis/combat", "1940-spring/allied/movement", "1940-summer/setup"])
def test_a_bridgehead_held_at_the_start_was_placed_in_the_game_it_came_from(start: str) -> None:
    """31.12: "Bridgehead counters may be placed during the movement phase (overruns across rivers or crossing
    arrows) or the combat phase (seaborne invasions; cross-river or crossing arrow attacks)". A bridgehead in a
    set-up was placed in the phase of the game the position was taken from; the set-up records it, it does not place
    it, and no placement rule (31.12, 31.22-31.24, 31.32) judges it."""
    report = _audit_of(LATER.format(start=start))
    assert report.findings == ()
    assert not [s for s in report.skipped if s.check.startswith("bridgehead")], report.skipped


OIL = """\
format: awaw-setup/1
start: {start}
oil:
  japan: {{faction: japan, location: PAC:K30, maximum: 50, tracked: campaign_start, level: {level}}}
"""


@pytest.mark.parametrize("level", [35, 55])
def test_an_oil_reserve_at_a_later_start_point_holds_what_it_held_then(level: int) -> None:
    """33.422: "The maximums and starting levels for each oil reserve are: ... B. JAPAN: ... At Start: Ten." The
    starting level is the reserve's at the start of the game; a position taken after play began (here Japan's
    reserve after the Fall 1941 oil adjustment) holds what play left in it, below or above ten counters."""
    assert _audit_of(OIL.format(start="1941-fall/axis/oil_adjustment", level=level)).findings == ()


def test_an_oil_reserve_at_the_start_of_the_game_holds_the_rules_level() -> None:
    """33.422 "At Start: Ten" still judges a set-up before play: Japan's reserve at seven counters is a finding."""
    report = _audit_of(OIL.format(start="1939-fall/setup", level=35))
    assert _checks(report) == ["tracking_started (33.4424)"]
    assert "starts the game at 50 fifths (10 counters) (33.422); recorded 35 fifths" in report.findings[0].message


WINTER = """\
format: awaw-setup/1
start: {start}
winter_preparation: {{european_axis: 3, russia: 6}}
"""


def test_winter_preparation_at_a_later_start_point_is_what_play_made_it() -> None:
    """34.41 gives the levels winter preparation starts at (the European Axis 0); 34.43 raises them in play (by
    production, 34.431; automatically each winter at war with Russia, 34.432). A position of Spring 1942 records the
    European Axis at the 3 they reached, which is no start of the game."""
    assert _audit_of(WINTER.format(start="1942-spring/axis/movement")).findings == ()
    opening = _audit_of(WINTER.format(start="1939-fall/setup"))
    assert _checks(opening) == ["preparation_level (34.41)"]


BUILT = """\
format: awaw-setup/1
start: {start}
fortifications:
  EUR:D33: {{kind: fortification, owner: britain, beach_defense: true}}
"""


@pytest.mark.parametrize("start", ["1940-spring/axis/movement", "1939-fall/setup"])
def test_a_beach_defense_held_at_the_start_was_built_in_the_game_it_came_from(start: str) -> None:
    """32.11: "Fortifications may be constructed by Germany, Japan, Russia, Britain and the U.S. during the unit
    construction phase"; 32.12: "A major power must make the following expenditures ... Five BRPs. One RP";
    32.53: two beach defense counters a build. A set-up's beach defense (recorded as the ``fortification_built`` that
    adds it to the hex, at no cost) was built and paid for in the game the position came from: neither the phase,
    the cost nor the count of a build judges it."""
    report = _audit_of(BUILT.format(start=start))
    assert report.findings == ()
    assert not [s for s in report.skipped if s.check.startswith("fortification_")], report.skipped


RAILHEAD = """\
format: awaw-setup/1
start: 1941-winter/axis/movement
railheads: {EUR:L32: germany}
"""


def test_a_railhead_held_at_the_start_is_no_railhead_built_in_winter() -> None:
    """34.41: from winter level 5 no railheads are built. A set-up's railhead was built in the game the position came
    from: the Winter Table's gates do not judge it (nor say they could not)."""
    report = _audit_of(RAILHEAD)
    assert not [f for f in report.findings if f.check == "winter_gates"]
    assert not [s for s in report.skipped if s.check == "winter_gates"], report.skipped


def test_a_railhead_held_at_the_start_was_built_and_paid_for_in_the_game_it_came_from() -> None:
    """27.11: units and railheads are built in the unit construction phase; 28.652: a railhead costs 5 BRPs (and RPs).
    A set-up's railhead was built then, in the game the position came from."""
    report = _audit_of(RAILHEAD)
    assert [f for f in report.findings if f.check in ("construction_phase", "railhead_cost")] == []


OUTSIDE = """\
format: awaw-setup/1
start: 1941-summer/axis/combat
oil_outside: {european_axis/ploesti: 5, japan/international_market: 5}
"""


def test_oil_left_at_a_source_in_a_set_up_was_produced_in_the_game_it_came_from() -> None:
    """33.41A: "At the start of each player turn, during the oil adjustment phase, newly-produced oil counters are
    placed in each oil source"; 33.2 gives what a source produces (Ploesti three counters). A set-up taken after the
    oil adjustment records what is still at a source, the one counter left of the three produced: it is no
    production, and 33.2 does not judge its amount."""
    report = _audit_of(OUTSIDE)
    assert report.findings == ()
    assert not [s for s in report.skipped if s.check in ("oil_output", "oil_source_access", "market_oil")]


FORTS = """\
format: awaw-setup/1
start: {start}
fortifications:
  EUR:V38: {{kind: fortress, owner: russia, faces: [EUR:U38, EUR:U39]}}
"""


def test_the_fortifications_of_a_position_taken_in_play_are_those_play_left() -> None:
    """32.41: "The following hexes are fortified at the start of the game, regardless of when war breaks out" (the
    Maginot line among them). A position taken after play began holds the fortifications play left, here without the
    Maginot line: 32.41 judges the start of the game, not this position."""
    assert _audit_of(FORTS.format(start="1939-fall/axis/movement")).findings == ()


def test_awaw_new_setup_records_where_play_resumes(tmp_path: Path) -> None:
    """``awaw new --setup`` of a position taken during play records its point of play in ``game_created``; a set-up
    before play records none (the scenario's opening, which the starting levels judge)."""
    runner = CliRunner()
    db = str(tmp_path / "g.db")
    for name, start, expected in (
        ("mid", "1940-spring/axis/combat", "1940-spring/axis/combat"),
        ("open", "1939-fall/setup", None),
    ):
        path = tmp_path / f"{name}.yaml"
        path.write_text(LATER.format(start=start))
        made = runner.invoke(cli, ["--db", db, "new", name, "--setup", str(path), "--physical-dice"])
        assert made.exit_code == 0, made.output
        with GameStore(db) as store:
            created = next(store.events(name))
        assert created.resumes == expected  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------------------------------------------------
# The property: awaw new --setup of any written set-up audits clean


class Found(NamedTuple):
    """A wrong accusation the property found, since fixed: which checks made it, at which phase ends of which
    example, and why it was wrong (event, check, rule, reason)."""

    example: str
    checks: frozenset[str]
    ends: frozenset[str]
    """The phases whose ends it concerns, as ``year-season/side/phase`` (the last event of each in the example)."""
    why: str


FOUND: dict[str, Found] = {
    "construction: a repair under way in the set-up": Found(
        "campaign-1939",
        frozenset({"construction_phase"}),
        frozenset(
            {
                "1940-spring/allied/unit_construction",
                "1940-spring/allied/redeployment",
                "1940-spring/allied/end_of_player_turn",
                "1940-spring/-/end_of_game_turn",
            }
        ),
        "ship_repair_started (phase setup) of a ship the set-up has under repair (Renown, repair: true): "
        "construction_phase (27.11) said it was 'built in the setup phase', but the repair began in the unit "
        "construction phase of the game the position came from; a set-up event is history (before_the_game)",
    ),
    "naval: a repair under way in the set-up": Found(
        "campaign-1939",
        frozenset({"repair_allowed", "repair_cost"}),
        frozenset(
            {
                "1940-spring/allied/unit_construction",
                "1940-spring/allied/redeployment",
                "1940-spring/allied/end_of_player_turn",
                "1940-spring/-/end_of_game_turn",
            }
        ),
        "ship_repair_started (phase setup) of a ship under repair: repair_allowed (27.7261) read the set-up's "
        "ship_damaged and ship_repair_started as one player turn ('repair may not start in the player turn of the "
        "damage', 27.7266A), and repair_cost (27.7267) wanted 1 SB + 3 BRPs paid in the set-up; both were done in the "
        "game the position came from (before_the_game)",
    ),
    "naval: ship decisions of a construction phase before the set-up": Found(
        "campaign-1939",
        frozenset({"due_ships_decided"}),
        frozenset(
            {"1939-winter/axis/redeployment", "1939-winter/allied/redeployment", "1940-spring/axis/redeployment"}
        ),
        "phase_started (redeployment) of a game resumed after its unit construction phase "
        "(1939-winter/axis/redeployment): due_ships_decided (27.7272) wanted each ship of this season's column "
        "continued, accelerated or deferred 'this unit construction phase', but that phase was played in the game "
        "the position came from (game_created.resumes names a point after it); a set-up holds no decision of it",
    ),
}


WBC = ROOT / "examples" / "wbc-2023-game-1"


@pytest.fixture(scope="module")
def examples() -> Iterator[tuple[str, dict[str, list[int]]]]:
    """A store with the shipped examples, and the phase ends of each (the last event of every phase): the campaign,
    the WBC game with the facts found later inserted, and its what-if branch (examples/wbc-2023-game-1/README.md)."""
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "examples.db")

        def run(*args: str) -> None:
            result = CliRunner().invoke(cli, ["--db", db, *args])
            assert result.exit_code == 0, result.output

        run("import", "campaign-1939", str(EXAMPLES["campaign-1939"]), "--no-audit")
        run("import", "wbc-2023-game-1", str(EXAMPLES["wbc-2023-game-1"]), "--no-audit")
        run("insert", "wbc-2023-game-1", str(WBC / "found-later.yaml"))
        run("branch", "wbc-2023-game-1", "spain-fails", "--at", "22")
        run("import", "wbc-2023-game-1/spain-fails", str(WBC / "spain-fails.yaml"), "--no-audit")
        ends: dict[str, list[int]] = {}
        for name in ("campaign-1939", "wbc-2023-game-1", "wbc-2023-game-1/spain-fails"):
            with GameStore(db) as store:
                events = list(store.events(name))
            ends[name] = [i for i in range(1, len(events)) if time_key(events[i]) != time_key(events[i - 1])]
            ends[name].append(len(events))
        yield db, ends


NAMES = itertools.count()


def _resumed_audit(db: str, example: str, end: int, folder: Path) -> list[Finding]:
    """``awaw setup EXAMPLE --at END``, ``awaw new --setup`` of what it wrote, and the new game's audit."""
    runner = CliRunner()
    name = f"n{next(NAMES)}"
    path = folder / f"{name}.yaml"
    wrote = runner.invoke(cli, ["--db", db, "setup", example, "--at", str(end), "-o", str(path)])
    assert wrote.exit_code == 0, wrote.output
    made = runner.invoke(cli, ["--db", db, "new", name, "--setup", str(path), "--physical-dice"])
    assert made.exit_code == 0, made.output
    with GameStore(db) as store:
        return list(audit(store.numbered(name), maps=store_maps(store)).findings)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_awaw_new_setup_of_a_set_up_written_at_any_phase_end_audits_clean(
    examples: tuple[str, dict[str, list[int]]], tmp_path: Path, data: st.DataObject
) -> None:
    """Issue 21: "``awaw new --setup`` of any written set-up audits clean". A random phase end of a shipped example:
    its set-up starts a game whose audit finds nothing."""
    db, ends = examples
    example, end = data.draw(st.sampled_from([(name, end) for name in sorted(ends) for end in ends[name]]))
    found = _resumed_audit(db, example, end, tmp_path)
    assert found == [], f"{example} at event {end}: {[(f.check, f.rule, f.message) for f in found]}"


@pytest.mark.parametrize("cause", sorted(FOUND))
def test_a_case_the_property_found_audits_clean(
    examples: tuple[str, dict[str, list[int]]], tmp_path: Path, cause: str
) -> None:
    """Each case the property found, at every phase end it concerns: no finding of its checks (27.11, 27.7261,
    27.7267, 27.7272 read a set-up's history as play; each failed before its fix)."""
    db, _ = examples
    case = FOUND[cause]
    with GameStore(db) as store:
        labels = [f"{e.year}-{e.season}/{e.side or '-'}/{e.phase}" for e in store.events(case.example)]
    ends = {max(n for n, label in enumerate(labels, 1) if label == phase) for phase in case.ends}
    assert len(ends) == len(case.ends)
    for end in sorted(ends):
        found = [f for f in _resumed_audit(db, case.example, end, tmp_path) if f.check in case.checks]
        assert found == [], f"{case.example} at event {end}: {[(f.check, f.message) for f in found]}"
