"""Politics beyond the board: the French surrender and Vichy France (A3R App. J, rule 58), and research results.

Sources: A3R extract 2.7 (58.11-58.53) and 4.5 (the France events); 27-30 extract 3.1 (``research_result``: a
research or production result that rules depend on, such as Germany's fortification research, A3R App. G).

What it keeps: whether and when France surrendered, with the French surrender level (FSL) recorded at the surrender
(the colony rolls of 58.53 use it); whether Vichy was established (58.31); the latest result of each power's
research projects. Wars, tensions, statuses and diplomatic results stay on the board state
(:mod:`projections.board`), where every family reads them.
"""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import FrenchSurrenderChecked, ResearchResult, VichyDecided
from projections.core import Context, Handlers


class FrenchSurrender(msgspec.Struct, frozen=True, kw_only=True):
    """France's surrender (58.11): the event that recorded it, its game turn, and the FSL recorded then (58.22)."""

    seq: int
    turn: int
    level: int | None = None
    voluntary: bool = False


class Research(msgspec.Struct, frozen=True, kw_only=True):
    """The latest recorded result of one power's research project."""

    seq: int
    power: str
    project: str
    steps: int = 0
    result: str = ""


class PoliticsState(msgspec.Struct, kw_only=True):
    """Political facts at one point of the game. Treat it as a value: only the fold mutates a fresh clone."""

    french_surrender: FrenchSurrender | None = None
    """France's surrender, once it has surrendered (None before)."""
    vichy: bool | None = None
    """Whether Vichy France was established (58.31); None until the Axis decide."""
    research: dict[str, Research] = {}
    """The latest result of each research project, by ``power/project``."""


HANDLERS: Final = Handlers[PoliticsState]()


def initial() -> PoliticsState:
    return PoliticsState()


def clone(state: PoliticsState) -> PoliticsState:
    return PoliticsState(french_surrender=state.french_surrender, vichy=state.vichy, research=dict(state.research))


def fsl(state: PoliticsState) -> int | None:
    """The French surrender level recorded at the surrender (None before it, or when it was not recorded)."""
    return state.french_surrender.level if state.french_surrender is not None else None


@HANDLERS.on(FrenchSurrenderChecked)
def _surrender_checked(state: PoliticsState, event: FrenchSurrenderChecked, ctx: Context) -> None:
    if not event.surrenders:
        return
    level = event.level if event.level is not None else fsl(state)
    state.french_surrender = FrenchSurrender(seq=ctx.now.seq, turn=ctx.now.turn, level=level, voluntary=event.voluntary)


@HANDLERS.on(VichyDecided)
def _vichy_decided(state: PoliticsState, event: VichyDecided, ctx: Context) -> None:
    state.vichy = event.established


@HANDLERS.on(ResearchResult)
def _research_result(state: PoliticsState, event: ResearchResult, ctx: Context) -> None:
    state.research[f"{event.power}/{event.project}"] = Research(
        seq=ctx.now.seq, power=event.power, project=event.project, steps=event.steps, result=event.result
    )
