"""The base of every event, and the small value types events share.

Every event is a frozen, keyword-only ``msgspec.Struct`` with an explicit, stable snake_case tag (STYLE 1). The tag
and the field names are the on-disk schema: classes may be renamed freely, tags and fields never. Schemas change
only by adding fields with defaults; ``omit_defaults=True`` keeps the canonical encoding (and so the hash chain) of
old events unchanged when a defaulted field is added.

Every event carries its **game time** (year, season, player-turn side, phase, segment) and its **actor** (a major
power, the system for derived bookkeeping, or a referee for rulings). Wall-clock time is metadata kept by the store,
never part of the event.

Every event may also say **how it is known** (games replayed from reports): its ``provenance`` (recorded
at the table, the default; reported after the fact; inferred from other facts; invented to fill a gap), the
``citation`` of its source, an approximate game time (``until``: it happened at some game turn from its own to this
one; it sorts at the start of the range and is shown with the range) and the fields whose values the record does not
know (``unknown``: their values are placeholders, never read as facts). All four are defaulted, so the events of
every older log encode, and hash, exactly as before.
"""

from typing import Annotated, Any, ClassVar, Final, Literal

import msgspec
from msgspec import Meta

from awaw_events.vocab import SEASONS, Actor, Phase, Season, Side

Year = Annotated[int, Meta(ge=1930, le=1955, description="Calendar year of the game turn.")]
Factors = Annotated[int, Meta(ge=0, le=99, description="Combat factors (or counters where stated).")]
Brps = Annotated[int, Meta(ge=0, le=2000, description="An amount of BRPs (basic resource points).")]
SignedBrps = Annotated[int, Meta(ge=-2000, le=2000, description="A signed change of BRPs.")]
Fifths = Annotated[int, Meta(ge=0, le=5000, description="Oil in fifths of a counter (partial counters, 33.8).")]
Count = Annotated[int, Meta(ge=0, le=10_000)]
EventRef = Annotated[int, Meta(ge=1, description="The sequence number of an earlier event in the timeline.")]
RollRef = Annotated[int, Meta(ge=1, description="The roll number of the ``dice_rolled`` event that decided this.")]

UnitId = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:\-/]*$",
        description="A counter id, stable for the whole game (e.g. ``ger-arm-1``, ``bismarck``).",
    ),
]
Ident = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=64,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:\-/]*$",
        description="An identifier chosen by the players (attack id, yard id, reserve id ...).",
    ),
]
Hex = Annotated[
    str,
    Meta(
        pattern=r"^(EUR|PAC):([A-Z]|AA|BB|CC|DD|EE|FF|GG|HH|II|JJ|KK|LL|MM|NN)\d{1,2}$",
        description="A map-qualified hex id: ``EUR:K37``, ``PAC:DD11`` (27-30 extract 5.5).",
    ),
]
Location = Annotated[
    str,
    Meta(
        pattern=(
            r"^((EUR|PAC):([A-Z]|AA|BB|CC|DD|EE|FF|GG|HH|II|JJ|KK|LL|MM|NN)\d{1,2}"
            r"|box:[a-z_]+|sw:(atlantic|pacific|indian_ocean)|pool|chart:[a-z_]+)$"
        ),
        description=(
            "Where a counter is: a hex (``EUR:K37``), a mapboard box (``box:urals``), an SW box "
            "(``sw:atlantic``), a shipyard chart (``chart:kiel``) or the force pool (``pool``)."
        ),
    ),
]
Text = Annotated[str, Meta(max_length=2000)]
Name = Annotated[str, Meta(min_length=1, max_length=80)]

Provenance = Literal["table", "reported", "inferred", "invented"]
"""How an event is known: ``table`` recorded at the table as it happened (the default: every event of a
log written before provenance existed); ``reported`` taken from a report after the fact (a tournament write-up, a
club newsletter, a player's notes); ``inferred`` deduced from other facts, not stated by any source; ``invented`` a
value made up to fill a gap the record needs. The audit grades ``table`` and ``reported`` events; it shows what it
would say about ``inferred`` and ``invented`` ones without grading them."""

PROVENANCES: Final[tuple[str, ...]] = ("table", "reported", "inferred", "invented")

TurnRef = Annotated[
    str,
    Meta(
        pattern=r"^\d{4}-(spring|summer|fall|winter)$",
        description="A game turn, ``YEAR-SEASON`` (``1940-summer``).",
    ),
]
Citation = Annotated[
    str,
    Meta(description="Where a fact comes from: a report and its page or section, a player, a note; of any length."),
]
"""A citation has no length of its own (it was 400 characters at most: every stored citation still decodes, and
hashes, as it did); the input's line limit (:data:`awaw_events.io.MAX_LINE`) bounds it with the rest of its event."""
FieldName = Annotated[str, Meta(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_]*$")]


class Modifier(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A named modifier (die-roll modifier, DM item, limit adjustment) with its value and rule."""

    code: Name
    value: int
    rule: str | None = None


class UnitFactors(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A unit and the factors it contributes or loses."""

    unit: UnitId
    factors: Factors


class Move(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One unit moving to one location."""

    unit: UnitId
    to: Location


class Event(
    msgspec.Struct,
    frozen=True,
    kw_only=True,
    omit_defaults=True,
    tag_field="type",
):
    """The base of every event: game time and actor.

    ``side`` is the player turn (None for game-turn level events such as the weather roll or the year start
    sequence); ``phase`` is the phase of the sequence of play (None for events that open or close a span).
    """

    family: ClassVar[str] = "core"
    """Which rule system the event belongs to (for docs and ``awaw log --type``)."""
    annotation: ClassVar[bool] = False
    """True for events that annotate the log (notes, bookmarks, rulings): exempt from game-time ordering."""
    prose: ClassVar[bool] = False
    """True for facts of the record that change nothing a rule reads (a chronicle line, an operation reported
    without its hexes, the end of the game): no check of the state at every event is applied to them."""

    year: Year
    season: Season
    side: Side | None = None
    phase: Phase | None = None
    segment: Annotated[str, Meta(max_length=40)] | None = None
    actor: Actor = "system"
    provenance: Provenance = "table"
    """How the event is known: ``table`` (the default), ``reported``, ``inferred`` or ``invented``."""
    citation: Citation = ""
    """The source of a reported, inferred or invented event: a report and where in it, a player, a note."""
    until: TurnRef | None = None
    """An approximate game time: the event happened at some game turn from its own (``year``, ``season``) to this
    one. It sorts at the start of the range and is shown with the range (``Spring 1939 to Summer 1939``)."""
    unknown: tuple[FieldName, ...] = ()
    """The fields whose values the record does not know: their values are placeholders (a die roll's ``dice`` may
    then be empty), never read as facts. The audit reports every check of such an event as not checked."""

    def check(self) -> list[tuple[str, str]]:
        """Cross-field checks that a type alone cannot state: ``[(field, problem), ...]``.

        Range and type checks live in the field annotations; this hook is for the rest (a die larger than its
        die size, an empty list that must not be empty, an approximate game time that ends before it begins).
        Called on input, never on the fold's hot path. Subclasses add to the base's list.
        """
        problems: list[tuple[str, str]] = []
        if self.until is not None:
            year, _, season = self.until.partition("-")
            if (int(year), SEASONS.index(season)) <= (self.year, SEASONS.index(self.season)):
                problems.append(
                    (
                        "until",
                        f"an approximate game time ends after it begins: until {self.until!r} comes before or "
                        f"at its start, {self.season.capitalize()} {self.year}; give a later game turn",
                    )
                )
        if self.unknown:
            fields = {f.encode_name for f in msgspec.structs.fields(self)} - _BASE_FIELDS
            for index, name in enumerate(self.unknown):
                if name not in fields:
                    problems.append(
                        (
                            f"unknown[{index}]",
                            f"{name!r} is not a field of this event that can be unknown; expected "
                            f"one of: {', '.join(sorted(fields)) or 'none'}",
                        )
                    )
            if len(set(self.unknown)) != len(self.unknown):
                problems.append(("unknown", "a field is named twice"))
        return problems

    @property
    def approximate(self) -> bool:
        """Whether the event's game time is a range of turns (``until``)."""
        return self.until is not None


_BASE_FIELDS: Final = frozenset(
    {"year", "season", "side", "phase", "segment", "actor", "provenance", "citation", "until", "unknown"}
)
"""The fields every event has: game time, actor and how it is known (never themselves unknown)."""


def event_fields(cls: type[Event]) -> tuple[str, ...]:
    """The encoded field names of an event class, in order."""
    return tuple(f.encode_name for f in msgspec.structs.fields(cls))


def as_dict(event: Event) -> dict[str, Any]:
    """The event as a plain dict, tag included (defaults omitted, like the encoding)."""
    result: dict[str, Any] = msgspec.to_builtins(event)
    return result


Outcome = Literal["yes", "no"]
