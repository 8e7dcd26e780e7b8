"""Set-up, rule options, the calendar, dice and the trust events (rulings, reveals, notes, bookmarks).

Sources: 27-30 extract 3.1 (game flow), 31-34 extract 3.2, A3R extract 1 and 4.1 (rule options). The dice
commitment and rulings are this project's, not the rules' (README: "Trust" and "Settling a disputed turn"); the
rules only say who rolls and what a roll decides.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import (
    Count,
    Event,
    EventRef,
    Hex,
    Ident,
    Modifier,
    Name,
    Text,
    Year,
)
from awaw_events.vocab import Power, RuleSet, Season

Variant = Literal["classic", "full"]
"""Classic AWAW fixes the Gathering Storm / Storm over Asia results (27-30 extract 5.7)."""

RollPurpose = Literal[
    "crt",
    "attrition",
    "overrun",
    "air_combat",
    "naval_combat",
    "interception",
    "sw",
    "winter",
    "weather",
    "diplomacy",
    "research",
    "french_surrender",
    "colony_alignment",
    "vichy",
    "oil",
    "partisans",
    "other",
]

Sha256Hex = Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$", description="A SHA-256 digest, lowercase hex.")]
PublicKeyHex = Annotated[
    str, Meta(pattern=r"^[0-9a-f]{64}$", description="An Ed25519 public key (32 raw bytes), lowercase hex.")
]
SignatureHex = Annotated[
    str, Meta(pattern=r"^[0-9a-f]{128}$", description="An Ed25519 signature (64 raw bytes), lowercase hex.")
]
PlayerName = Annotated[str, Meta(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$", description="A player's name.")]
PointOfPlay = Annotated[
    str,
    Meta(
        pattern=r"^\d{4}-(spring|summer|fall|winter)(/[a-z_]+){1,2}$",
        description="A point of play: a game turn and a player turn and phase in it (``1939-fall/axis/combat``).",
    ),
]


class GameCreated(Event, tag="game_created", frozen=True, kw_only=True):
    """The first event of every game: the rule set, the agreed house-rule options and the dice commitment.

    ``options`` holds every house-rule option by its id (A3R extract 1.2), e.g. ``econ.deficit_spending``; a game
    records all of them, defaults included, so an audit never guesses. ``seed_commitment`` is the SHA-256 of the
    game's secret dice seed (README: "Trust"; :mod:`awaw_events.dice`); the seed itself is never in the log until
    ``seed_revealed``.
    """

    family: ClassVar[str] = "game"
    title: Annotated[str, Meta(max_length=200)] = ""
    rules: RuleSet = "awaw"
    variant: Variant = "classic"
    scenario: Annotated[str, Meta(max_length=200)] = "campaign-1939"
    options: dict[str, str] = {}
    players: dict[str, str] = {}
    seed_commitment: Sha256Hex | None = None
    dice_scheme: Literal["hmac-sha256-v1"] = "hmac-sha256-v1"
    player_keys: dict[PlayerName, PublicKeyHex] = {}
    """Each player's Ed25519 public key, against which ``awaw verify`` checks signed hand-offs."""
    consented_by: dict[Name, list[Name]] = {}
    """For an option that needs the players' mutual consent (``econ.deficit_spending``, A3R intro), the players who
    agreed to its value (A3R extract 1.1 ``consent``)."""
    creator_key: PublicKeyHex | None = None
    """The Ed25519 public key of whoever created the game (``host.key`` of their keys directory): it signs the
    game's later dice commitments (single-host dice), the key pins it vouches for and map-data changes, so that
    nobody else can write them (README: "Trust"). None in games made before it was recorded."""
    dice_mode: Literal["host", "shared"] = "host"
    """``host``: one secret seed held by whoever hosts the dice (``seed_commitment``); ``shared``: every player of
    ``dice_players`` commits a secret of their own and each roll comes from all of them (:mod:`awaw_events.dice`)."""
    dice_players: list[PlayerName] = []
    """The players whose secrets make the rolls of a ``shared`` dice game (each has a key in ``player_keys``)."""
    resumes: PointOfPlay | None = None
    """Where play resumes, for a game started from a position taken during play (``awaw new --setup`` of a set-up
    whose ``start`` is ``1939-fall/axis/combat``; None for a game set up before play). Its set-up is that position,
    not the scenario's opening: the levels it records are what they were then (a reserve's oil, 33.422; winter
    preparation, 34.41) and the counters it places were placed in play (a bridgehead, 31.12; the fortifications,
    32.4)."""


class MapDataUsed(Event, tag="map_data_used", frozen=True, kw_only=True):
    """The map data the game's checks read: per-hex and per-hexside facts geometry cannot give (docs/map-data.md).

    ``sha256`` is the hash of the data's canonical encoding, so the same facts always hash the same and an audit
    reads exactly these facts or says that it cannot: it never depends silently on a file outside the
    log. ``source`` says where the file came from (``shipped`` for the data that ships with awaw-events, otherwise
    the file's name); ``hexes`` and ``hexsides`` count its entries. ``awaw new`` records it right after
    ``game_created``; a later ``map_data_used`` replaces it from that point on.
    """

    family: ClassVar[str] = "game"
    name: Name
    version: Annotated[str, Meta(min_length=1, max_length=40)]
    sha256: Sha256Hex
    source: Annotated[str, Meta(max_length=200)] = ""
    hexes: Count = 0
    hexsides: Count = 0
    signature: SignatureHex | None = None
    """A change of map data after ``awaw new`` is signed by the game's creator (``awaw_events.signatures``)."""


class MapDataChanged(Event, tag="map_data_changed", frozen=True, kw_only=True):
    """The game moves to another version of its map data (docs/map-data.md, "Map versions"): from this point on its
    checks read the map data named here (``name``, ``version``, ``sha256``, as ``map_data_used`` names it), not the
    one the game used before (``previous_sha256``). ``dropped`` lists the hexes the game had used that the new
    extent leaves out, and ``changed`` how many facts of hexes the game had used the new data gives otherwise or no
    longer gives: what the players saw before they agreed (``agreed_by``, ``reason``). ``awaw map use`` records it.
    """

    family: ClassVar[str] = "game"
    name: Name
    version: Annotated[str, Meta(min_length=1, max_length=40)]
    sha256: Sha256Hex
    previous_sha256: Sha256Hex | None = None
    source: Annotated[str, Meta(max_length=200)] = ""
    hexes: Count = 0
    hexsides: Count = 0
    dropped: Annotated[list[Hex], Meta(max_length=4000)] = []
    changed: Count = 0
    reason: Text = ""
    agreed_by: list[Name] = []


class RuleOptionChanged(Event, tag="rule_option_changed", frozen=True, kw_only=True):
    """A mid-game change of a house-rule option, with consent (A3R extract 1.1, 4.1). Rare; the audit flags it."""

    family: ClassVar[str] = "game"
    option: Name
    old: str
    new: str
    consented_by: list[Name] = []


class GameTurnStarted(Event, tag="game_turn_started", frozen=True, kw_only=True):
    """A new game turn (one season) begins; resets per-turn counters (27-30 extract 4.9)."""

    family: ClassVar[str] = "calendar"


class GameTurnEnded(Event, tag="game_turn_ended", frozen=True, kw_only=True):
    """A game turn ends (after the Allied player turn): Japanese resistance oil, automatic winter preparation."""

    family: ClassVar[str] = "calendar"


class PlayerTurnStarted(Event, tag="player_turn_started", frozen=True, kw_only=True):
    """The Axis or Allied player turn begins (``side`` says which)."""

    family: ClassVar[str] = "calendar"


class PlayerTurnEnded(Event, tag="player_turn_ended", frozen=True, kw_only=True):
    """End of a player turn: reserve caps (33.422), uninversion (27.82), partial oil retained (33.83)."""

    family: ClassVar[str] = "calendar"


class PhaseStarted(Event, tag="phase_started", frozen=True, kw_only=True):
    """A phase (or segment) of the sequence of play begins (``phase``/``segment`` say which)."""

    family: ClassVar[str] = "calendar"


class PhaseEnded(Event, tag="phase_ended", frozen=True, kw_only=True):
    """A phase (or segment) of the sequence of play ends."""

    family: ClassVar[str] = "calendar"


class YearStarted(Event, tag="year_started", frozen=True, kw_only=True):
    """The Year Start Sequence (YSS) between years: BRP growth, IC regains (A3R extract 2.1, 4.1)."""

    family: ClassVar[str] = "calendar"


class ResearchResult(Event, tag="research_result", frozen=True, kw_only=True):
    """A research or production result that rules depend on (27.336, 27.61, 27.731, 33.232B, 34.431)."""

    family: ClassVar[str] = "game"
    power: Power
    project: Name
    steps: Count = 0
    result: Annotated[str, Meta(max_length=80)] = ""
    roll: Annotated[int, Meta(ge=1)] | None = None


class DiceRolled(Event, tag="dice_rolled", frozen=True, kw_only=True):
    """A die roll, an event of its own (purpose, dice, modifiers, source).

    ``roll`` is a gap-free sequence number within the timeline (1, 2, 3 ...): the events a roll decides refer to it
    by that number, and a log restarted to re-roll shows the gap. ``source`` is ``seeded`` when derived from the
    game's committed seed (checkable after ``seed_revealed``) and ``physical`` when typed in from real dice
    (unverifiable). ``dice`` are the raw faces, never only a modified total. A roll a report mentions without its
    faces keeps its number and says its faces are unknown (``unknown: ["dice"]``, ``dice`` empty): the events it
    decided can name it, and the audit says "not checked: unknown dice" instead of grading them.
    """

    family: ClassVar[str] = "dice"
    roll: Annotated[int, Meta(ge=1)]
    purpose: RollPurpose
    dice: Annotated[list[Annotated[int, Meta(ge=1, le=100)]], Meta(max_length=10)] = []
    sides: Annotated[int, Meta(ge=2, le=100)] = 6
    modifiers: list[Modifier] = []
    source: Literal["seeded", "physical"] = "physical"
    ref: Annotated[str, Meta(max_length=64)] | None = None

    def check(self) -> list[tuple[str, str]]:
        problems = super().check()
        problems += [
            (f"dice[{i}]", f"a d{self.sides} shows 1 to {self.sides}, got {face}")
            for i, face in enumerate(self.dice)
            if face > self.sides
        ]
        if "dice" in self.unknown:
            if self.dice:
                problems.append(("dice", "faces that are unknown are not given: leave dice empty"))
            if self.source == "seeded":
                problems.append(("source", "a seeded roll's faces are the seed's, never unknown"))
        elif not self.dice:
            problems.append(("dice", 'a roll needs at least one face (or unknown: ["dice"] when they are not known)'))
        return problems

    @property
    def faces_known(self) -> bool:
        """Whether the record knows the roll's faces."""
        return "dice" not in self.unknown

    @property
    def total(self) -> int:
        """The sum of the faces plus all modifiers."""
        return sum(self.dice) + sum(m.value for m in self.modifiers)


class SeedRevealed(Event, tag="seed_revealed", frozen=True, kw_only=True):
    """The game's (or branch's) secret dice seed, published at the end so anyone can check every seeded roll.

    In a ``shared`` dice game, ``player`` says whose secret this is (it opens that player's commitment)."""

    family: ClassVar[str] = "dice"
    annotation: ClassVar[bool] = True
    seed: Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")]
    player: PlayerName | None = None


class SeedCommitted(Event, tag="seed_committed", frozen=True, kw_only=True):
    """A new dice seed commitment, for the rolls that follow (a what-if branch re-rolls with its own seed)."""

    family: ClassVar[str] = "dice"
    annotation: ClassVar[bool] = True
    seed_commitment: Sha256Hex
    first_roll: Annotated[int, Meta(ge=1)]
    player: PlayerName | None = None
    """In a ``shared`` dice game, whose secret this commits (signed with that player's registered key)."""
    signature: SignatureHex | None = None
    """The signature of the commitment by the game's creator (``host`` dice) or by ``player`` (``shared`` dice),
    over the head it follows (``awaw_events.signatures``): nobody else can commit the dice."""


class DiceContributed(Event, tag="dice_contributed", frozen=True, kw_only=True):
    """A player's contributions to the next rolls of a ``shared`` dice game: ``HMAC-SHA256(secret,
    "awaw-dice/v2/contribution/{roll}")`` for rolls ``first_roll``, ``first_roll + 1`` ... (``awaw contribute``).

    Each value is fixed by the secret the player committed before, so publishing it early changes nothing; it is
    checked against the secret when the player reveals it. A roll is made once every dice player's contribution to
    its number is published; signed with the player's registered key, so nobody contributes for another."""

    family: ClassVar[str] = "dice"
    annotation: ClassVar[bool] = True
    player: PlayerName
    first_roll: Annotated[int, Meta(ge=1)]
    values: Annotated[list[Sha256Hex], Meta(min_length=1, max_length=1000)]
    signature: SignatureHex


class Ruling(Event, tag="ruling", frozen=True, kw_only=True):
    """A ruling voids earlier events, or replaces them with the ``replacements`` events that follow it; or, with
    ``insert_after``, inserts the ``replacements`` events that follow it after an earlier event (a correction in
    time: a fact found later, at its own game time).

    A disputed event is never edited or deleted (README: "Settling a disputed turn"): projections, replays and
    the audit read the log with the voided events left out and the replacements standing in the place of the first
    voided event. Inserted events stand right after event ``insert_after`` (after any inserted there before), and
    the numbers of every other event stay as they are, so branches and bookmarks keep pointing where they did.
    An insertion is a fact about the past: it is in force at every point from its place on, including
    points named before the ruling was recorded.
    """

    family: ClassVar[str] = "trust"
    annotation: ClassVar[bool] = True
    voids: list[EventRef] = []
    replacements: Annotated[int, Meta(ge=0, le=100)] = 0
    rule: Annotated[str, Meta(max_length=40)] = ""
    agreed_by: list[Name] = []
    reason: Text = ""
    insert_after: EventRef | None = None
    """Insert the replacement events after this event instead of voiding anything (a correction in time)."""

    def check(self) -> list[tuple[str, str]]:
        problems = super().check()
        if self.insert_after is None and not self.voids:
            problems.append(("voids", "a ruling voids at least one event, or inserts events (insert_after)"))
        if self.insert_after is not None:
            if self.voids:
                problems.append(("voids", "a ruling that inserts events (insert_after) voids none"))
            if self.replacements < 1:
                problems.append(("replacements", "a ruling that inserts events inserts at least one"))
        return problems


class BookmarkSet(Event, tag="bookmark_set", frozen=True, kw_only=True):
    """A named point of the game ("Barbarossa begins"), usable wherever a point is asked for."""

    family: ClassVar[str] = "trust"
    annotation: ClassVar[bool] = True
    name: Annotated[str, Meta(min_length=1, max_length=80, pattern=r"^[^\s/][^/]*$")]
    at: EventRef


class NoteAdded(Event, tag="note_added", frozen=True, kw_only=True):
    """A note on an earlier event, by its number: commentary that changes nothing in the game."""

    family: ClassVar[str] = "trust"
    annotation: ClassVar[bool] = True
    about: EventRef
    text: Text


class PlayerKeyPinned(Event, tag="player_key_pinned", frozen=True, kw_only=True):
    """A player's Ed25519 public key, registered after the game began (``awaw sign --pin``).

    It counts for the hand-offs signed after it; a player has one key per game (a second pin is a problem).
    """

    family: ClassVar[str] = "trust"
    annotation: ClassVar[bool] = True
    player: PlayerName
    public_key: PublicKeyHex
    by: Annotated[str, Meta(max_length=64, pattern=r"^(|@creator|[A-Za-z0-9][A-Za-z0-9_.-]{0,63})$")] = ""
    """Who vouches for the key: a player with a key registered before, or ``@creator`` (the game's creator key);
    empty in pins made before pins were vouched for."""
    signature: SignatureHex | None = None
    """``by``'s signature of the pin over the head it follows (``awaw_events.signatures``)."""


class HandoffSigned(Event, tag="handoff_signed", frozen=True, kw_only=True):
    """A player's Ed25519 signature of the log as they handed it over: the hash ``head`` of event ``at``.

    The message signed is ``awaw-handoff/v1:{at}:{head}`` (ASCII). Because each hash commits to every event
    before it, the signature vouches for events 1 to ``at``: a later rewrite of any of them, even with every hash
    recomputed, no longer matches it, and a new signature needs the player's private key.
    """

    family: ClassVar[str] = "trust"
    annotation: ClassVar[bool] = True
    player: PlayerName
    at: EventRef
    head: Sha256Hex
    signature: SignatureHex


__all__ = [
    "BookmarkSet",
    "DiceContributed",
    "DiceRolled",
    "GameCreated",
    "GameTurnEnded",
    "GameTurnStarted",
    "HandoffSigned",
    "Ident",
    "MapDataChanged",
    "MapDataUsed",
    "NoteAdded",
    "PhaseEnded",
    "PhaseStarted",
    "PlayerKeyPinned",
    "PlayerTurnEnded",
    "PlayerTurnStarted",
    "ResearchResult",
    "RollPurpose",
    "RuleOptionChanged",
    "Ruling",
    "Season",
    "SeedCommitted",
    "SeedRevealed",
    "Variant",
    "Year",
    "YearStarted",
]
