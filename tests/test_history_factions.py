"""Factions and sides as actors and targets; the coarse facts of a game (its end, a power conquered, an operation
without its hexes, every track the texts name)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from awaw_events.codec import decode, encode, parse_event
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent
from awaw_events.vocab import POWERS, power_name, powers_of
from projections.board import at_war, war_between, war_key
from projections.game import GameState
from projections.rules.movement import who_moves
from replays.views import politics as politics_view
from tests.build import records, run
from tests.conftest import created
from tests.test_history_views import text_of

SPRING_40: dict[str, Any] = {"year": 1940, "season": "spring"}


def ev(tag: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, **SPRING_40, **fields})


def final(events: list[AnyEvent]) -> GameState:
    from projections.game import Fold

    fold = Fold()
    for record in records(events):
        fold.push(record.seq, record.event)
    return fold.state


# ---------------------------------------------------------------------------------------------------------------------
# Factions and sides


@pytest.mark.parametrize(
    ("name", "powers"),
    [
        ("germany", ("germany",)),
        ("european_axis", ("germany", "italy")),
        ("western_allies", ("britain", "france", "usa")),
        ("axis", ("germany", "italy", "japan")),
        ("allies", ("britain", "france", "usa", "russia", "china")),
        ("japan", ("japan",)),
        ("spain", ()),
        ("system", ()),
    ],
)
def test_a_faction_or_side_resolves_to_its_powers(name: str, powers: tuple[str, ...]) -> None:
    assert powers_of(name) == powers


def test_a_faction_or_side_may_be_the_actor_of_an_event() -> None:
    for actor in ("european_axis", "western_allies", "axis", "allies"):
        event = ev("chronicle_entry", actor=actor, text="the Axis had a hard time")
        assert event.actor == actor and decode(encode(event)) == event
    with pytest.raises(InputError, match="actor"):
        ev("chronicle_entry", actor="the_axis", text="x")


def test_an_old_event_decodes_and_encodes_as_before() -> None:
    stored = (
        b'{"type":"war_declared","year":1939,"season":"fall","actor":"germany","aggressor":"germany",'
        b'"target":"poland","brp_cost":10}'
    )
    event = decode(stored)
    assert encode(event) == stored


@pytest.mark.parametrize(
    ("actor", "owner", "mover"),
    [
        ("european_axis", "germany", "owner"),
        ("axis", "japan", "owner"),
        ("western_allies", "germany", "other"),
        ("allies", "italy", "other"),
        ("system", "germany", "owner"),
    ],
)
def test_a_faction_moves_the_units_of_its_powers_only(actor: str, owner: str, mover: str) -> None:
    assert who_moves(owner=owner, nationality=owner, actor=actor) == mover


def test_a_declaration_on_a_faction_is_not_charged_as_one_on_a_minor_country() -> None:
    later = ev(
        "war_declared",
        side="axis",
        phase="diplomacy",
        actor="germany",
        aggressor="germany",
        target="western_allies",
        brp_cost=0,
    )
    report = run([created(), later], "27.12")
    assert report.findings == ()  # was: "a declaration against a minor power costs 10 (27.12)"
    reasons = {s.reason for s in report.skipped if s.check == "declaration_cost"}
    assert reasons == {
        "not checked: a declaration of war on the Western Allies, not on a power of it (27.12 charges 35 BRPs a "
        "major power: the record does not say which it names)"
    }
    # a declaration on a minor country is still charged as one
    minor = ev("war_declared", side="axis", phase="diplomacy", aggressor="germany", target="denmark", brp_cost=0)
    assert [f.check for f in run([created(), minor], "27.12").findings] == ["declaration_cost"]


def war(aggressor: str, target: str, **fields: Any) -> AnyEvent:
    return ev("war_declared", side="axis", phase="diplomacy", aggressor=aggressor, target=target, **fields)


@pytest.mark.parametrize("aggressor", ["european_axis", "western_allies", "axis", "allies"])
def test_a_faction_or_side_may_declare_war_and_pays_no_power_s_brps(aggressor: str) -> None:
    declared = war(aggressor, "russia" if aggressor in ("european_axis", "axis") else "germany", brp_cost=35)
    assert decode(encode(declared)) == declared
    state = final([created(), *(ev("brps_set", phase="setup", power=p, base=100, available=100) for p in POWERS),
                   declared])  # fmt: skip
    assert all(state.brp.available[p] == 100 for p in POWERS)  # no power is charged: the record names none
    assert list(state.board.wars) == [war_key(aggressor, declared.target)]  # the war stands as the source names it
    report = run([created(), declared], "27.12")
    assert report.findings == ()
    assert {s.reason for s in report.skipped if s.check == "declaration_cost"} == {
        f"not checked: a declaration of war by the {power_name(aggressor)}, not by a power of it (27.12 charges the "
        "power that declares: the record does not say which)"
    }
    with pytest.raises(InputError, match="aggressor"):
        war("the_axis", "russia", brp_cost=0)


def test_who_may_declare_war_is_every_power_faction_and_side() -> None:
    from typing import get_args

    from awaw_events.vocab import GROUPS, Belligerent, side_of

    assert get_args(Belligerent) == (*POWERS, *GROUPS)
    assert [side_of(n) for n in ("germany", "european_axis", "allies", "spain")] == ["axis", "axis", "allied", None]


def test_a_war_of_factions_is_not_split_into_wars_of_their_powers() -> None:
    state = final([created(), war("european_axis", "western_allies", brp_cost=0)]).board
    assert not at_war(state, "germany", "usa")  # the exact wars only
    assert war_between(state, "germany", "usa") is None  # does it include the U.S.? the record does not say
    assert war_between(state, "usa", "italy") is None and war_between(state, "japan", "usa") is False
    assert war_between(final([created(), war("germany", "usa", brp_cost=35)]).board, "usa", "germany") is True


def test_vichy_after_a_war_of_factions_is_not_checked_and_after_a_us_war_is_refused() -> None:
    """58.31 needs the U.S. and Germany at war: a war of the European Axis on the Western Allies does not say it."""
    from awaw_events.options import defaults

    house = created(rules="a3r", options={**defaults("a3r"), "france.surrender": "awaw_58_house"})
    vichy = ev("vichy_decided", side="axis", phase="end_of_player_turn", established=True)
    factions = run([house, war("european_axis", "western_allies", brp_cost=0), vichy], "A3R 58.31")
    assert factions.findings == ()
    assert [s.reason for s in factions.skipped if s.check == "vichy_allowed"] == [
        "not checked: whether the U.S. and Germany are at war (58.31): the record's war is one of a faction or side, "
        "and does not say whether it includes both"
    ]
    us = run([house, war("germany", "usa", brp_cost=35), vichy], "A3R 58.31")
    assert [f.check for f in us.findings] == ["vichy_allowed"]
    assert run([house, war("germany", "britain", brp_cost=35), vichy], "A3R 58.31").findings == ()


def test_an_allied_faction_s_declaration_on_a_vichy_colony_is_the_allies() -> None:
    colony = war("western_allies", "vichy:syria", brp_cost=10)
    state = final([created(), colony])
    assert len(state.politics.colonial_dows) == 1  # 58.73 counts an Allied DoW on a single colony
    assert "western_allies/vichy:syria" in state.movement.declarations  # the faction is the declarer (11.34)
    side = final([created(), war("allies", "vichy:syria", brp_cost=10)])
    assert len(side.politics.colonial_dows) == 1 and "allies/vichy:syria" in side.movement.declarations


def test_log_power_reads_a_faction_for_its_powers_and_a_power_in_its_faction() -> None:
    from replays.logview import LogFilter

    by_axis = records([created(), ev("chronicle_entry", actor="european_axis", text="x")])[1]
    by_germany = records([created(), ev("chronicle_entry", actor="germany", text="y")])[1]
    assert LogFilter(power="germany").matches(by_axis)
    assert not LogFilter(power="japan").matches(by_axis)
    assert LogFilter(power="european_axis").matches(by_germany)
    assert not LogFilter(power="western_allies").matches(by_germany)


# ---------------------------------------------------------------------------------------------------------------------
# Coarse facts


def test_the_end_of_a_game_is_a_fact_the_politics_view_states() -> None:
    end = ev(
        "game_ended",
        winner="axis",
        how="concession",
        conceded_by="allies",
        provenance="reported",
        citation="the report's last paragraph",
    )
    state = final([created(), end]).politics
    assert state.ended is not None and (state.ended.holder, state.ended.cause) == ("axis", "concession")
    assert politics_view.data(state)["ended"]["holder"] == "axis"
    text = " ".join(str(getattr(r, "plain", r)) for r in politics_view.render(state))
    assert "The game ended in Spring 1940, by concession: the Axis won" in text


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"winner": "axis", "how": "concession"}, "conceded_by"),
        ({"winner": "allies", "how": "concession", "conceded_by": "allies"}, "winner"),
        ({"winner": "axis", "how": "adjudication", "conceded_by": "allies"}, "conceded_by"),
        ({"winner": "the axis"}, "winner"),
    ],
)
def test_a_careless_end_of_game_is_refused_naming_its_field(fields: dict[str, Any], field: str) -> None:
    with pytest.raises(InputError) as caught:
        ev("game_ended", **fields)
    assert caught.value.field == field


def test_a_conquered_power_is_out_of_every_war_it_was_in() -> None:
    wars = [
        ev("war_declared", aggressor="britain", target="germany", brp_cost=35),
        ev("war_declared", aggressor="russia", target="germany", brp_cost=35),
        ev("war_declared", aggressor="britain", target="italy", brp_cost=35),
    ]
    before = final([created(), *wars]).board
    assert sorted(before.wars) == ["britain|germany", "britain|italy", "germany|russia"]
    after = final([created(), *wars, ev("power_conquered", power="germany", by="allies", provenance="reported")])
    assert sorted(after.board.wars) == ["britain|italy"]
    assert after.board.statuses["germany"] == "conquered"
    assert after.politics.conquered["germany"].holder == "allies"


def test_an_operation_without_its_hexes_is_recorded_and_shown() -> None:
    op = ev(
        "operation_reported",
        kind="attack",
        by="germany",
        places=["egypt"],
        against="britain",
        result="success",
        provenance="reported",
        citation="1940 paragraph",
    )
    state = final([created(), op]).politics
    assert [(f.holder, f.what, f.cause) for f in state.operations] == [
        ("germany", "attack in Egypt against Britain", "success")
    ]
    assert [f["holder"] for f in politics_view.data(state, power="germany")["operations"]] == ["germany"]
    assert politics_view.data(state, power="japan")["operations"] == []
    with pytest.raises(InputError, match="places"):
        ev("operation_reported", kind="invasion", by="allies", places=[])


def test_a_random_event_is_recorded_as_the_source_gives_it_and_shown() -> None:
    drawn = ev(
        "random_event_drawn",
        year=1937,
        until="1938-winter",
        power="japan",
        raised=["aggression_index"],
        unknown=["name"],
        provenance="reported",
        citation="Storm Over Asia paragraph",
    )
    state = final([created(), drawn]).politics
    assert [(r.power, r.raised, r.name, r.unknown) for r in state.random_events] == [
        ("japan", ("aggression_index",), None, ("name",))
    ]
    words = "".join(str(getattr(r, "text", r)) for r in politics_view.render(state))
    assert "Random event (name unknown), Japan, in Spring 1937 to Winter 1938: raised the aggression index" in words
    assert politics_view.data(state, power="germany")["random_events"] == []
    # another branch without it: diff says so; the same event recorded later is no difference
    changes = politics_view.differences(state, final([created()]).politics)
    assert [c.text for c in changes] == [
        "random events: - Random event (name unknown), Japan: raised the aggression index"
    ]
    later = final([created(), msgspec.structs.replace(drawn, year=1938)]).politics
    assert politics_view.differences(state, later) == []
    with pytest.raises(InputError, match="raised"):
        ev("random_event_drawn", raised=["morale"])
    with pytest.raises(InputError, match="unknown"):
        ev("random_event_drawn", unknown=["effect"])


@pytest.mark.parametrize("track", ["resistance_level", "winter_preparation_level", "partisan_level", "purge_level"])
def test_every_track_the_texts_name_may_be_given_a_value(track: str) -> None:
    state = final([created(), ev("track_value", track=track, value=3, power="china", provenance="reported")])
    assert state.politics.tracks[f"china/{track}"].value == 3


def test_an_operation_planned_or_implied_is_recorded_and_shown_and_no_check_reads_it() -> None:
    """ "Japan had to plan on a Summer 1941 attack on the Western Allies"; "this implied ... early U.S. entry into the
    war in Europe": who, against whom, for which turn (unknown where the source gives none), plan or implication."""
    plan = ev(
        "operation_planned",
        year=1939,
        kind="attack",
        by="japan",
        against="western_allies",
        planned_for="1941-summer",
        provenance="reported",
        citation="Storm Over Asia paragraph",
    )
    entry = ev(
        "operation_planned",
        year=1939,
        kind="war_entry",
        by="usa",
        against="european_axis",
        basis="implication",
        unknown=["planned_for"],
        provenance="reported",
        citation="Gathering Storm paragraph",
    )
    assert decode(encode(plan)) == plan
    state = final([created(), plan, entry]).politics
    assert [(p.holder, p.what, p.planned_for, p.cause) for p in state.plans] == [
        ("japan", "attack against the Western Allies", "1941-summer", "plan"),
        ("usa", "war entry against the European Axis", None, "implication"),
    ]
    words = text_of(politics_view.render(state), width=120)
    assert "Operations planned or implied" in words and "Summer 1941" in words and "unknown" in words
    assert [p["holder"] for p in politics_view.data(state, power="britain")["plans"]] == ["japan"]  # a WA target
    assert [p["holder"] for p in politics_view.data(state, power="germany")["plans"]] == ["usa"]  # against the EA
    assert [p["holder"] for p in politics_view.data(state, power="russia")["plans"]] == []
    report = run([created(), plan, entry])
    assert report.findings == () and report.unread == 2 and report.applied == run([created()]).applied
    with pytest.raises(InputError, match="planned_for"):
        ev("operation_planned", year=1941, kind="attack", by="japan", planned_for="1940-summer")
    with pytest.raises(InputError, match="kind"):
        ev("operation_planned", kind="bluff", by="japan")


def test_a_quiet_theater_is_the_source_s_word_over_its_turns_and_nothing_follows_from_it() -> None:
    """ "The Pacific was quiet" (1939): a theater and a span of turns; no war, operation or position follows."""
    quiet = ev(
        "theater_quiet",
        year=1939,
        until="1939-winter",
        theater="pacific",
        text="Nothing much happened in the Pacific.",
        provenance="reported",
        citation="1939 paragraph",
    )
    game = final([created(), quiet])
    assert [(q.what, q.when, q.text) for q in game.politics.quiet] == [
        ("pacific", "Spring 1939 to Winter 1939", "Nothing much happened in the Pacific.")
    ]
    assert game.board == final([created()]).board
    words = text_of(politics_view.render(game.politics))
    assert "The Pacific theater was quiet in Spring 1939 to Winter 1939 (reported)" in words
    report = run([created(), quiet])
    assert report.findings == () and report.unread == 1
    with pytest.raises(InputError, match="theater"):
        ev("theater_quiet", theater="atlantic")
