"""Politics beyond the board: the French surrender and Vichy France (A3R App. J, rule 58), research results, the
Russian-German tensions (A3R App. E) and the house sequence of play (A3R intro).

Sources: A3R extract 2.6 (RGT), 2.7 (58.11-58.8), 4.3 (tensions and diplomacy events), 4.5 (the France events) and
1.2 option 5 (sequence of play); 27-30 extract 3.1 (``research_result``: a research or production result that rules
depend on, such as Germany's fortification research, A3R App. G).

What it keeps: whether and when France surrendered, with the French surrender level (FSL) recorded at the surrender (the
colony rolls of 58.53 use it) and who held Paris; whether and when Vichy was established (58.31); the colony groups
rolled for and the French forces assigned; the Allied declarations of war on single Vichy colonies (58.73); the latest
result of each power's research projects; the RGT modifiers of this game turn and the event modifiers in force, the
highest RGT reached, the RGT when Germany declared war on Russia, the mobilization ICs, the DPs placed this game turn
and in France; the alignment of minor countries and the routes open; which player turns and research phases this game
turn has had and the player turn an attrition was last resolved in; and what a report states without a table's detail:
places controlled, diplomatic outcomes in the rules' words, tracks beyond the tension tracks, the chronicle, operations
reported without their hexes, operations planned and how the game ended.
Wars, tensions, statuses and diplomatic results stay on the board state (:mod:`projections.board`), where every
family reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import msgspec

from awaw_events.events import (
    AreaControlled,
    AttritionResolved,
    ChronicleEntry,
    ColonyAlignmentRolled,
    DiplomaticOutcome,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    Event,
    FrenchForcesAssigned,
    FrenchSurrenderChecked,
    GameCreated,
    GameEnded,
    HexControlChanged,
    MobilizationApplied,
    OperationPlanned,
    OperationReported,
    PhaseStarted,
    PlayerTurnStarted,
    PowerConquered,
    RandomEventDrawn,
    ResearchResult,
    RouteStatusChanged,
    StatusChanged,
    TensionChanged,
    TheaterQuiet,
    TrackValue,
    UnitRedeployed,
    VichyDecided,
    WarDeclared,
)
from awaw_events.events.chronicle import TENSION_TRACKS
from awaw_events.gametime import label
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, power_name, powers_of, side_of
from projections.core import Context, Handlers
from projections.rules.movement import MAP_PREFIXES
from projections.rules.tensions import EVENT_CODES, WEST_OF_PACT_PREFIX


class FrenchSurrender(msgspec.Struct, frozen=True, kw_only=True):
    """France's surrender (58.11): the event that recorded it, its game turn, the FSL recorded then (58.22), and
    what the record said with it: who held Paris, the parts of the FSL claimed, how it is known."""

    seq: int
    turn: int
    level: int | None = None
    voluntary: bool = False
    when: str = ""
    """The game time of the surrender as the log gives it (a range of turns when approximate)."""
    paris_controller: str | None = None
    components: dict[str, int] = {}
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()


class VichyDecision(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The Axis decision on Vichy France (58.31): when, what, and how it is known."""

    seq: int
    when: str
    established: bool
    us_germany_at_war: bool = False
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()


class Research(msgspec.Struct, frozen=True, kw_only=True):
    """The latest recorded result of one power's research project."""

    seq: int
    power: str
    project: str
    steps: int = 0
    result: str = ""
    when: str = ""
    """The game time of the result, as the log gives it (a range of turns when approximate)."""
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()


class Fact(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A fact a source states without the detail of a table record: who holds it, how much, and how it
    is known. ``what`` is the fact itself: an extent of control, a diplomatic outcome, a track's value."""

    seq: int
    when: str
    holder: str | None = None
    what: str = ""
    value: int | None = None
    cause: str | None = None
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()
    """The fields of the event the record says it does not know (a cause, a roll): views show them as unknown,
    never as the schema's default."""
    text: str = ""
    """The source's words, where the fact is a source's assessment (``theater_quiet``)."""


class ChronicleLine(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A line of the game's story (``chronicle_entry``), as the state at a point shows it."""

    seq: int
    when: str
    text: str
    kind: str = "narrative"
    about: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    provenance: str = "table"
    citation: str = ""


class RandomEvent(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A random event a source reports (``random_event_drawn``): its name when known, the power it befell and the
    tracks the source says it moved."""

    seq: int
    when: str
    name: str | None = None
    power: str | None = None
    raised: tuple[str, ...] = ()
    lowered: tuple[str, ...] = ()
    text: str = ""
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()


class Operation(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An operation a source reports without its hexes (``operation_reported``): ``holder`` who made it, ``what``
    its kind and places in words, ``cause`` its result (the words views show), and the record's own fields. Of an
    operation planned (``operation_planned``): ``cause`` is its basis (``plan``, ``implication``), ``planned_for``
    the game turn it was planned for."""

    seq: int
    when: str
    holder: str
    what: str
    cause: str
    kind: str
    places: tuple[str, ...]
    against: str | None = None
    text: str = ""
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()
    planned_for: str | None = None


class Ending(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """How the game ended (``game_ended``): the winner (``holder``), the level of victory the source names
    (``what``), how (``cause``), the side that conceded, and how it is known."""

    seq: int
    when: str
    holder: str
    what: str = ""
    cause: str = "victory_conditions"
    conceded_by: str | None = None
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()


class MobilizedIc(msgspec.Struct, frozen=True, kw_only=True):
    """A Russian IC built by mobilization or research (A3R App. E): when, why and where."""

    seq: int
    turn: int
    origin: str
    city: str | None = None


class PoliticsState(msgspec.Struct, kw_only=True):
    """Political facts at one point of the game. Treat it as a value: only the fold mutates a fresh clone."""

    french_surrender: FrenchSurrender | None = None
    """France's surrender, once it has surrendered (None before)."""
    vichy: bool | None = None
    """Whether Vichy France was established (58.31); None until the Axis decide."""
    vichy_decision: VichyDecision | None = None
    """The last decision on Vichy France, with when it was made and how it is known."""
    research: dict[str, Research] = {}
    """The latest result of each research project, by ``power/project``."""
    colony_rolls: dict[str, int] = {}
    """The colony groups rolled for (58.531), and the event."""
    forces_assigned: tuple[str, ...] = ()
    """Which French forces were assigned, in order: ``free_french``, ``vichy`` (58.611)."""
    colonial_dows: tuple[tuple[int, str | None], ...] = ()
    """Allied declarations of war on single Vichy colonies: (game turn, side) of each (58.73)."""
    game_turn: int = -1
    """The game turn the per-game-turn facts below belong to."""
    sides_started: tuple[str, ...] = ()
    """The player turns started this game turn, in order (C-SOP-1)."""
    research_phases: int = 0
    """Research phases this game turn (C-SOP-2)."""
    attrition_turn: tuple[int, str | None] | None = None
    """The player turn an attrition was last resolved in (14.12, C-SOP-7)."""
    rgt_applied: dict[str, int] = {}
    """RGT modifiers applied this game turn: code -> times (A3R App. E)."""
    rgt_events: dict[str, bool] = {}
    """Territorial RGT event modifiers: code -> in force (applied, not negated)."""
    rgt_highest: int = 0
    """The highest RGT level recorded (mobilization results are not undone, App. E)."""
    rgt_at_german_dow: tuple[int, int] | None = None
    """(RGT, game turn) when Germany declared war on Russia."""
    mobilized: tuple[MobilizedIc, ...] = ()
    """Russian ICs built by mobilization or research, in order."""
    dps_this_turn: dict[str, int] = {}
    """DPs placed this game turn, by ``side/target`` (App. E, intro: at most one into RGT and USAT)."""
    dps_in_france: dict[str, int] = {}
    """Net DPs placed in France (as reduced by covert operations), by ``year/side`` (58.21E; A3R places DPs for a
    year)."""
    alignment: dict[str, str] = {}
    """The faction each minor country is associated with, allied to or conquered by (``status_changed.faction``)."""
    routes: dict[str, bool] = {}
    """Routes open or closed (``route_status_changed``): Persia, the Burma Road ..."""
    diplomatic: dict[str, tuple[str, int, int]] = {}
    """The latest diplomatic result of each minor country: (faction, result, game turn) (29.41)."""
    japanese_initial: dict[str, tuple[int, tuple[str, ...]]] = {}
    """Japan's initial DEI and Philippine transfers (29.54): cause -> (game turn, the hexes)."""
    players: tuple[str, ...] = ()
    """The game's players (``game_created.players``), whose consent some options need (A3R intro)."""
    rgt_50_turn: int | None = None
    """The game turn RGT first reached 50 (App. E mobilization rate)."""
    to_sw_inverted: dict[str, tuple[int, str | None]] = {}
    """Units allocated to an SW box while inverted: the (game turn, side) of the allocation (A3R intro: they stay
    inverted through the opposing player's next turn)."""
    areas: dict[str, Fact] = {}
    """Places a source says a power or faction controls (``area_controlled``, and hex control by diplomacy, 29.41):
    by place, the holder, ``what`` the extent (all, most, some, none) and the cause."""
    outcomes: dict[str, Fact] = {}
    """The latest diplomatic outcome of each minor country in the rules' words (``diplomatic_outcome``, 29.4): the
    faction, ``what`` the outcome (hex control, association, activation, no effect) and the result when known."""
    tracks: dict[str, Fact] = {}
    """Tracks other than the tension tracks (``track_value``): an aggression index, the French surrender level; by
    ``power/track`` (or ``track``), with the value."""
    chronicle: tuple[ChronicleLine, ...] = ()
    """The story so far (``chronicle_entry``), in the order of the effective log."""
    ended: Ending | None = None
    """How the game ended (``game_ended``): the winner (``holder``), how (``cause``), the level of victory the
    source names (``what``)."""
    conquered: dict[str, Fact] = {}
    """Major powers conquered (``power_conquered``, 29.61), by power: by whom (``holder``)."""
    operations: tuple[Operation, ...] = ()
    """Operations a source reports without their hexes (``operation_reported``): who (``holder``), the kind and
    places (``what``), the result (``cause``), with the record's own fields."""
    random_events: tuple[RandomEvent, ...] = ()
    """Random events a source reports (``random_event_drawn``), in the order of the effective log."""
    quiet: tuple[Fact, ...] = ()
    """Theaters where a source says nothing much happened (``theater_quiet``): the theater (``what``), over the
    fact's turns (``when``), in the source's words (``text``)."""
    plans: tuple[Operation, ...] = ()
    """Operations a source says were to come (``operation_planned``): who (``holder``), the kind, against whom and
    places (``what``), the basis (``cause``: a plan or what the position implied) and the turn planned for."""


HANDLERS: Final = Handlers[PoliticsState]()


def initial() -> PoliticsState:
    return PoliticsState()


def fsl(state: PoliticsState) -> int | None:
    """The French surrender level recorded at the surrender (None before it, or when it was not recorded)."""
    return state.french_surrender.level if state.french_surrender is not None else None


def this_turn(state: PoliticsState, turn: int) -> bool:
    """Whether the per-game-turn facts are those of game turn ``turn``."""
    return state.game_turn == turn


@HANDLERS.on_time_change
def _time_moved(state: PoliticsState, event: object, ctx: Context) -> None:
    if ctx.now.turn != state.game_turn:
        state.game_turn = ctx.now.turn
        state.sides_started = ()
        state.research_phases = 0
        state.rgt_applied = {}
        state.dps_this_turn = {}


@HANDLERS.on(FrenchSurrenderChecked)
def _surrender_checked(state: PoliticsState, event: FrenchSurrenderChecked, ctx: Context) -> None:
    if not event.surrenders:
        return
    level = event.level if event.level is not None else fsl(state)
    state.french_surrender = FrenchSurrender(
        seq=ctx.now.seq,
        turn=ctx.now.turn,
        level=level,
        voluntary=event.voluntary,
        when=label(event),
        paris_controller=event.paris_controller,
        components=dict(event.components),
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
    )


@HANDLERS.on(VichyDecided)
def _vichy_decided(state: PoliticsState, event: VichyDecided, ctx: Context) -> None:
    state.vichy = event.established
    state.vichy_decision = VichyDecision(
        seq=ctx.now.seq,
        when=label(event),
        established=event.established,
        us_germany_at_war=event.us_germany_at_war,
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
    )


@HANDLERS.on(ColonyAlignmentRolled)
def _colony_rolled(state: PoliticsState, event: ColonyAlignmentRolled, ctx: Context) -> None:
    state.colony_rolls[event.group] = ctx.now.seq


@HANDLERS.on(FrenchForcesAssigned)
def _forces_assigned(state: PoliticsState, event: FrenchForcesAssigned, ctx: Context) -> None:
    kinds = (("free_french",) if event.free_french else ()) + (("vichy",) if event.vichy else ())
    state.forces_assigned = (*state.forces_assigned, *kinds)


@HANDLERS.on(ResearchResult)
def _research_result(state: PoliticsState, event: ResearchResult, ctx: Context) -> None:
    state.research[f"{event.power}/{event.project}"] = Research(
        seq=ctx.now.seq,
        power=event.power,
        project=event.project,
        steps=event.steps,
        result=event.result,
        when=label(event),
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
    )


# ---------------------------------------------------------------------------------------------------------------------
# The chronicle: what a report states, applied where the rules allow


def _fact(event: Event, ctx: Context, **fields: object) -> Fact:
    return Fact(
        seq=ctx.now.seq,
        when=label(event),
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
        **fields,  # type: ignore[arg-type]
    )


@HANDLERS.on(ChronicleEntry)
def _chronicle_entry(state: PoliticsState, event: ChronicleEntry, ctx: Context) -> None:
    line = ChronicleLine(
        seq=ctx.now.seq,
        when=label(event),
        text=event.text,
        kind=event.kind,
        about=tuple(event.about),
        places=tuple(event.places),
        provenance=event.provenance,
        citation=event.citation,
    )
    state.chronicle = (*state.chronicle, line)


@HANDLERS.on(AreaControlled)
def _area_controlled(state: PoliticsState, event: AreaControlled, ctx: Context) -> None:
    state.areas[event.place] = _fact(event, ctx, holder=event.controller, what=event.extent, cause=event.cause)


@HANDLERS.on(DiplomaticOutcome)
def _diplomatic_outcome(state: PoliticsState, event: DiplomaticOutcome, ctx: Context) -> None:
    state.outcomes[event.country] = _fact(event, ctx, holder=event.faction, what=event.outcome, value=event.result)
    if event.outcome == "hex_control":  # 29.41: the minor's hexes come under the faction's control
        state.areas[event.country] = _fact(event, ctx, holder=event.faction, what="all", cause="diplomacy")
    elif event.outcome in ("association", "activation"):  # 29.42, 29.43
        state.alignment[event.country] = event.faction
        state.areas[event.country] = _fact(event, ctx, holder=event.faction, what="all", cause=event.outcome)


@HANDLERS.on(TrackValue)
def _track_value(state: PoliticsState, event: TrackValue, ctx: Context) -> None:
    if event.track in TENSION_TRACKS:  # the board keeps the level (projections.board); RGT's running facts here
        if event.track == "rgt":
            state.rgt_highest = max(state.rgt_highest, event.value)
            if event.value >= 50 and state.rgt_50_turn is None:
                state.rgt_50_turn = ctx.now.turn
        return
    key = f"{event.power}/{event.track}" if event.power else event.track
    state.tracks[key] = _fact(event, ctx, holder=event.power, what=event.track, value=event.value)


@HANDLERS.on(GameEnded)
def _game_ended(state: PoliticsState, event: GameEnded, ctx: Context) -> None:
    state.ended = Ending(
        seq=ctx.now.seq,
        when=label(event),
        holder=event.winner,
        what=event.level or "",
        cause=event.how,
        conceded_by=event.conceded_by,
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
    )


@HANDLERS.on(PowerConquered)
def _power_conquered(state: PoliticsState, event: PowerConquered, ctx: Context) -> None:
    state.conquered[event.power] = _fact(event, ctx, holder=event.by)


def _operation_words(kind: str, places: Iterable[str], against: str | None) -> str:
    """An operation in words, as a player reads it: ``attack in Belgrade, EUR:Q33 against Yugoslavia``, ``war entry
    against the European Axis`` (a hex as printed on the map, a place or country by its name, a faction or side with
    its article)."""
    where = ", ".join(p if p.startswith(MAP_PREFIXES) else power_name(p) for p in places)
    what = kind.replace("_", " ") + (f" in {where}" if where else "")
    if against is None:
        return what
    group = against not in FACTION_OF_POWER and bool(powers_of(against))  # a faction or a side: with its article
    return f"{what} against {'the ' if group else ''}{power_name(against)}"


def _operation_of(
    event: OperationReported | OperationPlanned, ctx: Context, cause: str, planned_for: str | None = None
) -> Operation:
    """An operation a source reports or says was to come, as the politics state keeps it."""
    return Operation(
        seq=ctx.now.seq,
        when=label(event),
        holder=event.by,
        what=_operation_words(event.kind, event.places, event.against),
        cause=cause,
        kind=event.kind,
        places=tuple(event.places),
        against=event.against,
        text=event.text,
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
        planned_for=planned_for,
    )


@HANDLERS.on(OperationReported)
def _operation(state: PoliticsState, event: OperationReported, ctx: Context) -> None:
    state.operations = (*state.operations, _operation_of(event, ctx, event.result))


@HANDLERS.on(TheaterQuiet)
def _quiet(state: PoliticsState, event: TheaterQuiet, ctx: Context) -> None:
    state.quiet = (*state.quiet, _fact(event, ctx, what=event.theater, text=event.text))


@HANDLERS.on(OperationPlanned)
def _planned(state: PoliticsState, event: OperationPlanned, ctx: Context) -> None:
    planned_for = None if "planned_for" in event.unknown else event.planned_for
    state.plans = (*state.plans, _operation_of(event, ctx, event.basis, planned_for))


@HANDLERS.on(RandomEventDrawn)
def _random_event(state: PoliticsState, event: RandomEventDrawn, ctx: Context) -> None:
    found = RandomEvent(
        seq=ctx.now.seq,
        when=label(event),
        name=event.name,
        power=event.power,
        raised=tuple(event.raised),
        lowered=tuple(event.lowered),
        text=event.text,
        provenance=event.provenance,
        citation=event.citation,
        unknown=tuple(event.unknown),
    )
    state.random_events = (*state.random_events, found)


@HANDLERS.on(PlayerTurnStarted)
def _player_turn_started(state: PoliticsState, event: PlayerTurnStarted, ctx: Context) -> None:
    if event.side is not None:
        state.sides_started = (*state.sides_started, event.side)


@HANDLERS.on(PhaseStarted)
def _phase_started(state: PoliticsState, event: PhaseStarted, ctx: Context) -> None:
    if event.phase == "research" and event.side is None:
        state.research_phases += 1


@HANDLERS.on(AttritionResolved)
def _attrition_resolved(state: PoliticsState, event: AttritionResolved, ctx: Context) -> None:
    state.attrition_turn = (ctx.now.turn, ctx.now.side)


@HANDLERS.on(TensionChanged)
def _tension_changed(state: PoliticsState, event: TensionChanged, ctx: Context) -> None:
    if event.track != "rgt":
        return
    state.rgt_highest = max(state.rgt_highest, event.new)
    if event.new >= 50 and state.rgt_50_turn is None:
        state.rgt_50_turn = ctx.now.turn
    for m in event.modifiers:
        state.rgt_applied[m.code] = state.rgt_applied.get(m.code, 0) + 1
        if m.code in EVENT_CODES or m.code.startswith(WEST_OF_PACT_PREFIX):
            state.rgt_events[m.code] = m.value * _sign(m.code) > 0


def _sign(code: str) -> int:
    """The sign of an event modifier when it is applied (negation carries the opposite sign)."""
    value = EVENT_CODES.get(code)
    return -1 if (value is not None and value < 0) or code.startswith(WEST_OF_PACT_PREFIX) else 1


@HANDLERS.on(WarDeclared)
def _war_declared(state: PoliticsState, event: WarDeclared, ctx: Context) -> None:
    if event.aggressor == "germany" and event.target == "russia" and state.rgt_at_german_dow is None:
        rgt = ctx.game.board.tensions.get("rgt", 0)
        state.rgt_at_german_dow = (rgt, ctx.now.turn)
    # an Allied DoW on a single Vichy colony (58.73) is the Allies' whichever of them declared: a faction or side
    # of the Allies counts; a German DoW on Russia (App. E) is Germany's own, not the European Axis's or the Axis's
    if side_of(event.aggressor) == "allied" and event.target.startswith("vichy:"):
        state.colonial_dows = (*state.colonial_dows, (ctx.now.turn, ctx.now.side))


@HANDLERS.on(MobilizationApplied)
def _mobilized(state: PoliticsState, event: MobilizationApplied, ctx: Context) -> None:
    if event.ic_origin is not None:
        ic = MobilizedIc(seq=ctx.now.seq, turn=ctx.now.turn, origin=event.ic_origin, city=event.ic_city)
        state.mobilized = (*state.mobilized, ic)


@HANDLERS.on(DiplomaticPointsAllocated)
def _dps(state: PoliticsState, event: DiplomaticPointsAllocated, ctx: Context) -> None:
    side = SIDE_OF_FACTION[event.faction]
    key = f"{side}/{event.target}"
    state.dps_this_turn[key] = state.dps_this_turn.get(key, 0) + event.dps
    if event.target == "france":
        net = max(0, event.dps - event.covert_reductions)
        key = f"{ctx.now.year}/{side}"
        state.dps_in_france[key] = state.dps_in_france.get(key, 0) + net


@HANDLERS.on(StatusChanged)
def _status_changed(state: PoliticsState, event: StatusChanged, ctx: Context) -> None:
    if event.faction is not None:
        state.alignment[event.country] = event.faction
    elif event.status == "neutral":
        state.alignment.pop(event.country, None)


@HANDLERS.on(DiplomaticResult)
def _diplomatic_result(state: PoliticsState, event: DiplomaticResult, ctx: Context) -> None:
    state.diplomatic[event.country] = (event.faction, event.result, ctx.now.turn)


@HANDLERS.on(HexControlChanged)
def _control_changed(state: PoliticsState, event: HexControlChanged, ctx: Context) -> None:
    if event.cause in ("dei_initial", "philippines_initial"):
        turn, hexes = state.japanese_initial.get(event.cause, (ctx.now.turn, ()))
        state.japanese_initial[event.cause] = (turn, (*hexes, event.hex) if turn == ctx.now.turn else hexes)


@HANDLERS.on(GameCreated)
def _created(state: PoliticsState, event: GameCreated, ctx: Context) -> None:
    state.players = tuple(sorted({*event.players, *event.player_keys}))


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: PoliticsState, event: UnitRedeployed, ctx: Context) -> None:
    if event.destination.startswith("sw:"):
        unit = ctx.game.board.units.get(event.unit)
        if unit is not None and unit.inverted:
            state.to_sw_inverted[event.unit] = (ctx.now.turn, ctx.now.side)
    elif event.unit in state.to_sw_inverted:
        del state.to_sw_inverted[event.unit]


@HANDLERS.on(RouteStatusChanged)
def _route_changed(state: PoliticsState, event: RouteStatusChanged, ctx: Context) -> None:
    state.routes[event.route] = event.open
