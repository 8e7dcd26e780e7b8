"""The politics projection: the French surrender and its level, Vichy, research results."""

from __future__ import annotations

from typing import Any

from awaw_events.events import FrenchSurrenderChecked, ResearchResult, VichyDecided
from awaw_events.gametime import turn_index
from projections import politics
from projections.game import decode_state, encode_state, fold, replay
from projections.politics import FrenchSurrender, Research
from tests.conftest import created

ALLIED: dict[str, Any] = {"year": 1940, "season": "summer", "side": "allied", "phase": "end_of_player_turn"}


def check(**kw: Any) -> FrenchSurrenderChecked:
    return FrenchSurrenderChecked(**{**ALLIED, "paris_controller": "germany", "surrenders": True, **kw})


def research(project: str, result: str, power: str = "germany") -> ResearchResult:
    return ResearchResult(year=1941, season="spring", phase="research", power=power, project=project, result=result)  # type: ignore[arg-type]


def test_france_surrenders_with_the_level_recorded_then() -> None:
    assert replay([created(), check(surrenders=False, paris_controller="france")]).politics.french_surrender is None
    state = replay([created(), check(surrenders=False, paris_controller="france"), check(level=-1)])
    assert state.politics.french_surrender == FrenchSurrender(
        seq=3,
        turn=turn_index(1940, "summer"),
        level=-1,
        when="Summer 1940 Allied end of player turn",
        paris_controller="germany",  # who held Paris, as the record says (a set-up restates it)
    )
    assert politics.fsl(state.politics) == -1
    again = fold(state, [check(voluntary=True)])
    assert again.politics.french_surrender is not None
    assert again.politics.french_surrender.level == -1, "a check without a level keeps the recorded one"
    assert politics.fsl(replay([created()]).politics) is None


def test_vichy_is_what_the_axis_decided_last() -> None:
    state = replay([created(), check(level=2)])
    assert state.politics.vichy is None
    decided = fold(state, [VichyDecided(**ALLIED, established=True)])
    assert decided.politics.vichy is True
    assert fold(decided, [VichyDecided(**ALLIED, established=False)]).politics.vichy is False
    assert state.politics.vichy is None, "folding on must not change the state it started from"


def test_research_keeps_the_latest_result_of_each_project() -> None:
    state = replay(
        [
            created(),
            research("fortifications", "6"),
            research("jets", "3"),
            research("fortifications", "9 (West Wall upgrades)"),
        ]
    )
    assert state.politics.research == {
        "germany/fortifications": Research(
            seq=4,
            power="germany",
            project="fortifications",
            result="9 (West Wall upgrades)",
            when="Spring 1941 research",
        ),
        "germany/jets": Research(seq=3, power="germany", project="jets", result="3", when="Spring 1941 research"),
    }
    assert decode_state(encode_state(state)).politics == state.politics
