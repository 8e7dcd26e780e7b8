"""Coarse facts of a game a source states without the detail of a table record: how the game ended, a major power
conquered, an operation whose hexes are not known, an operation a side planned (or the position implied), a theater
where nothing much happened.

A tournament report says "the Axis won a decisive victory", "the Allies conceded", "Germany was conquered in Spring
1946", "the Allies invaded France in Spring 1944": each is a fact of the game with rules of its own, recorded
without the units, hexes, odds or dice a table record would give. The projections fold them (:mod:`projections.
politics` keeps them as facts; :mod:`projections.board` ends a conquered power's wars) and the views show them; no
check grades what they leave out, and the audit counts them among the facts it could not read against the rules.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Event, Name, TurnRef
from awaw_events.events.chronicle import Place
from awaw_events.events.politics import Country
from awaw_events.vocab import SEASONS, Power, Theater

HowEnded = Literal["victory_conditions", "concession", "adjudication", "agreement", "time"]
"""How a game ended: on the victory conditions; a side conceded; a referee or tournament director adjudicated it
(time ran out at a tournament); the players agreed; or it stopped when time ran out, unadjudicated."""

Winner = Literal["axis", "allies", "draw", "none"]
"""Who won, as sides: the Axis, the Allies, a draw, or none (a game stopped without a result)."""

OperationKind = Literal["attack", "offensive", "invasion", "airdrop", "naval", "campaign"]
"""What an operation was, in the words of the rules: ground attacks (15), an offensive (full or limited, 9.6; A3R
App. D), a seaborne invasion, an airdrop (10.55), a naval battle or campaign (21-22), or a campaign of several."""

OperationResult = Literal["success", "failure", "partial", "unknown"]
"""How an operation came out, as the source says: it succeeded, failed, partly succeeded, or the source does not say."""


class GameEnded(Event, tag="game_ended", frozen=True, kw_only=True):
    """The end of the game: who won, at what level of victory, and how it ended (on the victory conditions, a
    concession, an adjudication). ``level`` is the source's word for the victory ("decisive", "marginal"): the
    victory conditions are not among the rules texts here, so no check reads it."""

    family: ClassVar[str] = "outcome"
    prose: ClassVar[bool] = True
    winner: Winner
    how: HowEnded = "victory_conditions"
    level: Name | None = None
    conceded_by: Literal["axis", "allies"] | None = None
    """For a concession: the side that conceded (the other side wins)."""

    def check(self) -> list[tuple[str, str]]:
        problems = super().check()
        if self.how == "concession":
            if self.conceded_by is None:
                problems.append(("conceded_by", "a concession names the side that conceded: axis or allies"))
            elif self.winner == self.conceded_by:
                problems.append(("winner", f"the side that conceded ({self.conceded_by}) cannot be the winner"))
        elif self.conceded_by is not None:
            problems.append(("conceded_by", f"only a concession names who conceded (how: {self.how})"))
        return problems


class PowerConquered(Event, tag="power_conquered", frozen=True, kw_only=True):
    """A major power conquered (its surrender, 29.61): its status becomes ``conquered`` and its wars end (a conquered
    power is out of the war until it re-enters it: 30.23, 30.263; ``status_changed`` ``re_entered`` brings it back).
    ``by`` names the power or side that conquered it, when the source says."""

    family: ClassVar[str] = "outcome"
    power: Power
    by: Country | None = None


PlannedKind = Literal["attack", "offensive", "invasion", "airdrop", "naval", "campaign", "war_entry"]
"""What a planned operation was to be: an :data:`OperationKind`, or a power's entry into a war (``war_entry``: "the U.S.
would enter the war in Europe early")."""

PlanBasis = Literal["plan", "implication"]
"""Why a source speaks of an operation to come: a side planned it ("Japan had to plan on a Summer 1941 attack"), or
the position implied it ("this implied a Summer 1940 attack on Russia")."""


class OperationReported(Event, tag="operation_reported", frozen=True, kw_only=True):
    """An operation a source reports without its hexes, units, odds or dice: "Germany attacked in Egypt,
    successfully", "the Allies invaded France in Spring 1944". ``by`` is the power, faction or side that made it,
    ``against`` whom (when the source says), ``places`` where, as the source names them (resolved by map data to
    hexes where it knows them). It changes nothing on the board: the board's units and control change only by the
    events that record them; no check grades it."""

    family: ClassVar[str] = "outcome"
    prose: ClassVar[bool] = True
    kind: OperationKind
    by: Country
    places: Annotated[list[Place], Meta(min_length=1)]
    against: Country | None = None
    result: OperationResult = "unknown"
    text: Annotated[str, Meta(max_length=2000)] = ""


class OperationPlanned(Event, tag="operation_planned", frozen=True, kw_only=True):
    """An operation a source says was to come, recorded at the game turn the source says it was planned or implied:
    "Japan had to plan on a Summer 1941 attack on the Western Allies", "this implied a Summer 1940 attack on Russia
    and early U.S. entry into the war in Europe". ``by`` is the power, faction or side that was to make it,
    ``against`` whom, ``places`` where (as the source names them, when it does), ``planned_for`` the game turn it was
    planned for (list it in ``unknown`` where the source gives no turn: "early"), ``basis`` whether the source calls it
    a plan or what the position implied. A plan is no rule's: it changes nothing on the board, and no check reads it
    (the audit counts it among the facts it could not read against the rules); whether it happened is for the events
    of its turn to say."""

    family: ClassVar[str] = "outcome"
    prose: ClassVar[bool] = True
    kind: PlannedKind
    by: Country
    against: Country | None = None
    places: list[Place] = []
    planned_for: TurnRef | None = None
    basis: PlanBasis = "plan"
    text: Annotated[str, Meta(max_length=2000)] = ""

    def check(self) -> list[tuple[str, str]]:
        problems = super().check()
        if self.planned_for is not None and "planned_for" not in self.unknown:
            year, _, season = self.planned_for.partition("-")
            if (int(year), SEASONS.index(season)) < (self.year, SEASONS.index(self.season)):
                problems.append(
                    (
                        "planned_for",
                        f"an operation is planned for a game turn to come: {self.planned_for!r} comes before "
                        f"{self.season.capitalize()} {self.year}, when it was planned",
                    )
                )
        return problems


class TheaterQuiet(Event, tag="theater_quiet", frozen=True, kw_only=True):
    """A theater in which a source says nothing much happened over a span of game turns (the event's own to its
    ``until``): "the Pacific was quiet" in 1939. It states the source's word as a fact of the theater and nothing
    more: no war, operation or position follows from it, it changes nothing on the board, and no check reads it (the
    audit counts it among the facts it could not read against the rules)."""

    family: ClassVar[str] = "outcome"
    prose: ClassVar[bool] = True
    theater: Theater
    text: Annotated[str, Meta(max_length=2000)] = ""


__all__ = [
    "GameEnded",
    "HowEnded",
    "OperationKind",
    "OperationPlanned",
    "OperationReported",
    "OperationResult",
    "PlanBasis",
    "PlannedKind",
    "PowerConquered",
    "TheaterQuiet",
    "Winner",
]
