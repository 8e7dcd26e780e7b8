"""The chronicle: what a report of a game says, in the rules' own words, without the detail a table record has.

Games people have played survive mostly as tournament reports, club write-ups and partial notes. These
events record what such a source states: a dated narrative entry that needs no anchor, and coarse facts that need no
hexes, units, odds or dice (an area controlled, a diplomatic outcome, the value of a track). Wars begun, statuses
and research results have their events already (``war_declared``, ``status_changed``, ``research_result``); with the
provenance every event may carry (``provenance``, ``citation``, ``until``, ``unknown``: :mod:`awaw_events.events.base`)
they record a report's facts too. Places are named as the report names them (a city, a country, an area) or by hex;
views and the audit resolve a name to hexes through the game's map data when it knows the name
(:func:`projections.rules.mapdata.resolve_place`), and say so when it does not.

Sources: 29 (hex control: 29.41 diplomatic results, 29.42 association, 29.43 activation, 29.5 conquest); A3R
extract 4.3 (the tension tracks, App. E) and 4.5 (the French surrender level, 58.2).
"""

from typing import Annotated, ClassVar, Final, Literal

from msgspec import Meta

from awaw_events.events.base import Event, Name, RollRef
from awaw_events.events.politics import Country
from awaw_events.vocab import Faction, Power

Place = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=60,
        pattern=(
            r"^((EUR|PAC):([A-Z]|AA|BB|CC|DD|EE|FF|GG|HH|II|JJ|KK|LL|MM|NN)\d{1,2}"
            r"|[a-z][a-z0-9_]*)$"
        ),
        description=(
            "A place: a hex id (``EUR:AA7``), or a name as a report gives it, snake_case: a city (``paris``), a "
            "country (``spain``) or an area (``polish_corridor``). Map data resolves names it knows to hexes."
        ),
    ),
]

Extent = Literal["all", "most", "some", "none"]
"""How much of a place a side controls, as a report states it: all of it, most of it (a "dominant position"), some
of it, or none of it (control lost)."""

AreaControlCause = Literal["conquest", "diplomacy", "association", "activation", "occupation", "surrender", "other"]
"""How control came about, in the words of 29 (29.2 occupation, 29.41 diplomacy, 29.42 association, 29.43
activation, 29.5 conquest, 29.6 surrender); ``other`` when the source does not say."""

DiplomaticOutcomeName = Literal["hex_control", "association", "activation", "no_effect"]
"""The outcome of diplomacy in a minor country, in the words of 29.4: hex control (29.41: a diplomatic result of 8
or more for the Axis, -1 or less for the Western Allies or Russia), association (29.42), activation as a minor ally
(29.43), or no effect."""

TrackName = Literal[
    "rgt",
    "usat",
    "usjt",
    "aggression_index",
    "french_surrender_level",
    "resistance_level",
    "winter_preparation_level",
    "partisan_level",
    "purge_level",
]
"""Tracks a source may give the value of: the tension tracks RGT, USAT and USJT (A3R App. E), a power's aggression
index (the pre-war games' track that sets the start of the Pacific war), the French surrender level (58.2), a
power's resistance level (the Chinese, British and Japanese resistance levels: 15.33, 27.42, 33.74), a faction's
winter preparation level (34.4; ``winter_preparation_changed`` records it at the table), a country's partisan level
(11.2), and a power's purge level (named by reports of AWAW games, not by the rules texts here: recorded, never read
by a check). Only the tension tracks change the board; the others are the record's facts."""

TENSION_TRACKS: Final = ("rgt", "usat", "usjt")
"""The tracks that are tension tracks (``tension_changed``): a ``track_value`` of one sets the board's level."""


class ChronicleEntry(Event, tag="chronicle_entry", frozen=True, kw_only=True):
    """A dated line of a game's story as a source tells it: needs no anchor event, changes nothing in the game.

    ``kind`` says what the line is: ``narrative`` (what happened, in words), ``intention`` (what a side planned,
    which the rules never check) or ``assessment`` (how a position stood: "the Pacific was quiet"). ``about`` names
    the powers or countries it concerns (``awaw log --power`` finds it), ``places`` the places it names.
    """

    family: ClassVar[str] = "chronicle"
    prose: ClassVar[bool] = True
    text: Annotated[str, Meta(min_length=1, max_length=2000)]
    kind: Literal["narrative", "intention", "assessment"] = "narrative"
    about: list[Country] = []
    places: list[Place] = []


class AreaControlled(Event, tag="area_controlled", frozen=True, kw_only=True):
    """A place controlled by a power or faction, as a source states it: "Germany took Czechoslovakia", "Japan
    dominant in China" (29: hex control), without the hexes.

    ``extent`` says how much of it (``all`` unless the source says less); ``cause`` how, in the words of 29, when
    the source says. Map data that knows the place's hexes lets views list them; the board's hex control changes
    only by ``hex_control_changed``.
    """

    family: ClassVar[str] = "chronicle"
    place: Place
    controller: Country
    extent: Extent = "all"
    cause: AreaControlCause = "other"


class DiplomaticOutcome(Event, tag="diplomatic_outcome", frozen=True, kw_only=True):
    """The outcome of diplomacy in a minor country in the rules' words (29.4): "the Axis got hex control in Spain".

    ``result`` is the diplomatic table's result when the source gives it, ``roll`` the roll that decided it (whose
    faces may be unknown: ``dice_rolled`` with ``unknown: ["dice"]``).
    """

    family: ClassVar[str] = "chronicle"
    country: Country
    faction: Faction
    outcome: DiplomaticOutcomeName
    result: Annotated[int, Meta(ge=-10, le=20)] | None = None
    roll: RollRef | None = None


class TrackValue(Event, tag="track_value", frozen=True, kw_only=True):
    """The value a track stands at, as a source gives it ("the starting USJT was 0", "Japan's aggression index was
    11"), without the moves that led there. A tension track's value sets the board's level (as ``tension_changed``
    would); ``power`` names whose track it is where a track is a power's own (an aggression index)."""

    family: ClassVar[str] = "chronicle"
    track: TrackName
    value: Annotated[int, Meta(ge=-50, le=200)]
    power: Power | None = None


class RandomEventDrawn(Event, tag="random_event_drawn", frozen=True, kw_only=True):
    """A random event of the game as a source reports it ("an unfortunately timed random event" pushed Japan's
    aggression index up), with what the source says of it and nothing more.

    ``name`` is the event as the source names it (None when it does not say: list ``name`` in ``unknown``);
    ``power`` the power it befell, when the source says; ``raised`` and ``lowered`` the tracks the source says it
    moved, without amounts (``track_value`` records a track's value). The random events of the pre-war games
    (Gathering Storm, Storm Over Asia) are not among the rules texts here: no check reads it, and it changes
    nothing on the board.
    """

    family: ClassVar[str] = "chronicle"
    prose: ClassVar[bool] = True
    name: Name | None = None
    power: Power | None = None
    raised: list[TrackName] = []
    lowered: list[TrackName] = []
    text: Annotated[str, Meta(max_length=2000)] = ""


__all__ = [
    "TENSION_TRACKS",
    "AreaControlCause",
    "AreaControlled",
    "ChronicleEntry",
    "DiplomaticOutcome",
    "DiplomaticOutcomeName",
    "Extent",
    "Place",
    "RandomEventDrawn",
    "TrackName",
    "TrackValue",
]
