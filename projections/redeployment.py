"""This turn's redeployments, construction tallies and inversion holds: what the per-turn caps and the inversion rules
of 27.6-27.9 and 28 count.

Game-turn tallies (forgotten at the first event of the next game turn):

* SRs per objective (28.62C): ground units and air factors SRed into and out of each objective, by alliance faction,
  counted by :func:`projections.rules.redeployment.sr_tallies` from the unit on the board;
* railheads built by each alliance faction (28.654D); naval air factors built by each power (27.61; Australian naval
  air by the rate it was built on, 27.61B) and CVEs laid down (27.61A); the powers that ever spent RPs on naval air
  training (42.23D), which the log does not otherwise detail;
* research-phase SW builds by side (27.91A: the Axis place first);
* the builds the 27.47 location limits count (Russian, Japanese, Australian and Indian units), with their location:
  where a hex lies is map data, which the audit reads (:func:`projections.rules.construction.location_limit_breaches`);
* U.S. BRPs spent on Commonwealth construction and the transports recorded for them (27.472B-27.474C);
* construction BRPs each alliance faction claims oil covers (27.35A, 27.35F: Germany and Italy share);
* SRs and NRs by nationality (A3R 28.14: the A3R national caps, whose table is not in the texts).

Player-turn facts (forgotten when the next player turn starts): the furthest redeployment segment (28.13); units that
NRed or SRed (28.315), SRed before NRs (28.312), NRed (28.313), entered a mapboard box (28.72A, 28.74A), or flew a
mission defending an NR (28.313); units built or launched (27.82, 27.94) and where; air units that moved (staged,
28.81B); ground and air factors redeployed from the U.S. boxes to the board and the transports recorded (28.76).

Lasting facts: the **inversion holds** (27.82, 28.46, 28.81, 28.82, 28.83; extract 1.20): a new air or naval unit may
uninvert only at the end of its player turn, and one redeployed to a new base (or an inverted unit redeployed, an
air unit SRed to another front or used and then TRed, 28.46, a naval unit NRed out of an SW box, 28.77) stays
inverted through the next opposing player turn; the last ``player_turn_ended``; the units **used** in a
mission since they were last uninverted (A3R option 13: one operation per player turn; 18.524, 18.564, 18.618: DAS,
interceptors and counterair are inverted by the mission); the latest supply status of each hex a supply
determination listed (27.43A, 28.24).

A reader asks with the game turn (and side) it is about: a check of the first event of a new turn, which sees the
state before that event, gets nothing from the turn before (the queries below).
"""

from __future__ import annotations

from typing import Any, Final, Literal, cast

import msgspec

from awaw_events.events import (
    AirMissionFlown,
    OilEffectAccepted,
    PlayerTurnEnded,
    RailheadBuilt,
    RouteStatusChanged,
    RpSpent,
    ShipLaidDown,
    ShipLaunched,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    WarDeclared,
)
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, GROUND_TYPES, NAVAL_TYPES, Power, UnitType
from projections.core import Context, Handlers, Meta
from projections.rules.construction import (
    LOCATION_LIMIT_OWNERS,
    MINOR_TRANSPORT_BOX,
    australian_naval_air,
    built_uninverted,
    country_of,
)
from projections.rules.redeployment import (
    NR_DEFENSIVE_MISSIONS,
    SEGMENTS,
    US_BOXES,
    Segment,
    SrTally,
    mission_inverts,
    sr_tallies,
)
from projections.rules.sequence import house_sequence
from projections.rules.sw import is_sw_location

PlayerTurn = tuple[int, str | None]
HoldKind = Literal["end_of_player_turn", "through_opposing"]


class Hold(msgspec.Struct, frozen=True, kw_only=True):
    """A unit that must stay inverted: until the end of the player turn it began in (``end_of_player_turn``), or
    through the next opposing player turn (``through_opposing``; ``opposing`` is that player turn once it began)."""

    kind: HoldKind
    since: PlayerTurn
    rule: str
    seq: int
    opposing: PlayerTurn | None = None
    front_change: tuple[str, str] | None = None
    """For an air unit's SR whose fronts the event does not record (28.81A): the hold applies only if these two
    locations lie on different fronts (the audit reads the map data's fronts)."""


class Build(msgspec.Struct, frozen=True, kw_only=True):
    """A build the 27.47 location limits may count: who, what, where, what it cost and would cost."""

    seq: int
    owner: str
    nationality: str
    unit_type: str
    factors: int
    location: str
    cost: int


class RedeploymentState(msgspec.Struct, kw_only=True):
    """This turn's tallies and the lasting inversion facts. Treat it as a value: only the fold mutates a fresh
    clone."""

    turn: int = -1
    """The game turn the game-turn tallies belong to."""
    srs: dict[str, int] = {}
    """28.62C counts by :func:`sr_key` (faction, objective, ``in``/``out``, ``ground``/``air``)."""
    railheads: dict[str, int] = {}
    """Railheads built this turn, by alliance faction (28.654D)."""
    naval_air: dict[str, int] = {}
    """Naval air factors built this turn, by the power whose training rate they use (27.61, 27.61B)."""
    naval_air_research: set[str] = set()
    """Powers that spent RPs on naval air training (42.23D raises their rates)."""
    cves: dict[str, int] = {}
    """CVEs laid down this turn, by power (27.61A)."""
    research_builds: dict[str, int] = {}
    """Research-phase SW builds this turn, by side (27.91A)."""
    builds: tuple[Build, ...] = ()
    """This turn's builds the 27.47 location limits may count (Russian, Japanese, Australian, Indian units)."""
    minor_brps: dict[str, tuple[int, int]] = {}
    """U.S. BRPs spent on a Commonwealth country's construction this turn, and the transports recorded (27.472B)."""
    oil_covered: dict[str, int] = {}
    """Normal-cost construction BRPs each alliance faction claims oil covers this turn (27.35A, 27.35F)."""
    national: dict[str, int] = {}
    """SRs and NRs this turn by ``"<nationality>|<kind>"`` (A3R 28.14)."""
    player_turn: PlayerTurn = (-1, None)
    """The player turn (game turn, side) the player-turn facts belong to."""
    segment: Segment | None = None
    """The furthest redeployment segment reached in the player turn (28.13)."""
    redeployed: set[str] = set()
    """Units that NRed or SRed in the player turn (28.315)."""
    sr_pre_nr: set[str] = set()
    """Units that SRed in segment B, before the NRs (28.312)."""
    nred: set[str] = set()
    """Units that NRed in the player turn (28.313)."""
    into_box: dict[str, str] = {}
    """Units that redeployed into a mapboard box this player turn, and the box (28.72A, 28.74A)."""
    began: dict[str, str] = {}
    """Where each unit that redeployed this player turn began its first redeployment (28.73C, 28.74D)."""
    nr_groups: dict[str, str] = {}
    """The destination of each NR (its ``nr`` id) this player turn (28.32, 28.533)."""
    nr_members: dict[str, tuple[str, ...]] = {}
    """The units of each NR this player turn (28.73D: who protects whom)."""
    escorting: set[str] = set()
    """Naval units recorded as protecting the NR they are part of this player turn (28.32)."""
    oil_effects: dict[str, str] = {}
    """Units under an oil effect accepted this player turn, and its service (air, naval, army; 33.521)."""
    defended: set[str] = set()
    """Air and naval units that flew a mission defending an NR in this redeployment phase (28.313)."""
    built: dict[str, str] = {}
    """Units built or launched this player turn, and where (27.82, 27.94)."""
    staged: set[str] = set()
    """Air units that moved (staged) this player turn (28.81B)."""
    flew: set[str] = set()
    """Air and naval units that flew a mission this player turn (28.46: used, then TRed)."""
    ended: tuple[int, int, str | None] | None = None
    """The last ``player_turn_ended`` recorded: its event number and player turn (game turn, side)."""
    us_box: tuple[int, int] = (0, 0)
    """Ground and air factors redeployed from a U.S. box to the board this player turn, and transports recorded
    for them (28.76)."""
    holds: dict[str, Hold] = {}
    """Units that must stay inverted (27.82, 28.46, 28.81-28.83)."""
    used: dict[str, tuple[int, int, str | None]] = {}
    """Units that flew a mission that inverts them (18.524, 18.564, 18.618; every mission under A3R option 13) since
    they were last uninverted: the mission's event and player turn."""
    routes: dict[str, bool] = {}
    """Whether each supply or BRP route is open, as last recorded (A3R intro: the northern grant routes)."""
    aggressors: set[str] = set()
    """Declarations of war so far, as ``"<aggressor>><target>"`` (28.73E asks who declared war on whom)."""
    hex_supply: dict[str, tuple[str, str | None]] = {}
    """The latest supply status (and source) of each hex a supply determination listed (27.43A-B, 28.24)."""
    colonial: dict[str, str] = {}
    """Where each French colonial 1-3 infantry unit began the game (27.477)."""


HANDLERS: Final = Handlers[RedeploymentState]()


def initial() -> RedeploymentState:
    return RedeploymentState()


# ---------------------------------------------------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------------------------------------------------


def sr_key(faction: str, tally: SrTally) -> str:
    """The key of one 28.62C count: ``"<faction>|<objective>|<in/out>|<ground/air>"``."""
    return f"{faction}|{tally.end}|{tally.direction}|{tally.what}"


def srs_counted(state: RedeploymentState, turn: int, faction: str, tally: SrTally) -> int:
    """What the faction has SRed this game turn for the count ``tally`` adds to (28.62C)."""
    return state.srs.get(sr_key(faction, tally), 0) if state.turn == turn else 0


def railheads_built(state: RedeploymentState, turn: int, faction: str) -> int:
    """Railheads the faction built in game turn ``turn`` so far (28.654D)."""
    return state.railheads.get(faction, 0) if state.turn == turn else 0


def naval_air_built(state: RedeploymentState, turn: int, power: str) -> int:
    """Naval air factors built on ``power``'s training rate in game turn ``turn`` so far (27.61, 27.61B)."""
    return state.naval_air.get(power, 0) if state.turn == turn else 0


def cves_laid_down(state: RedeploymentState, turn: int, power: str) -> int:
    """CVEs ``power`` laid down in game turn ``turn`` so far (27.61A)."""
    return state.cves.get(power, 0) if state.turn == turn else 0


def research_builds(state: RedeploymentState, turn: int, side: str) -> int:
    """Research-phase SW builds of ``side`` in game turn ``turn`` so far (27.91A)."""
    return state.research_builds.get(side, 0) if state.turn == turn else 0


def builds_this_turn(state: RedeploymentState, turn: int) -> tuple[Build, ...]:
    """The builds of game turn ``turn`` the 27.47 location limits may count."""
    return state.builds if state.turn == turn else ()


def minor_brps(state: RedeploymentState, turn: int, country: str) -> tuple[int, int]:
    """U.S. BRPs spent on ``country``'s construction in game turn ``turn``, and the transports recorded (27.472B)."""
    return state.minor_brps.get(country, (0, 0)) if state.turn == turn else (0, 0)


def oil_covered(state: RedeploymentState, turn: int, faction: str) -> int:
    """Normal-cost BRPs the faction's builds claimed oil covers in game turn ``turn`` so far (27.35A)."""
    return state.oil_covered.get(faction, 0) if state.turn == turn else 0


def this_player_turn(state: RedeploymentState, turn: int, side: str | None) -> bool:
    """Whether the player-turn facts are those of player turn (``turn``, ``side``)."""
    return state.player_turn == (turn, side)


def segment_reached(state: RedeploymentState, turn: int, side: str | None) -> Segment | None:
    """The furthest redeployment segment of the player turn (``turn``, ``side``) so far (28.13)."""
    return state.segment if this_player_turn(state, turn, side) else None


def redeployed_this_phase(state: RedeploymentState, turn: int, side: str | None, unit: str) -> bool:
    """Whether ``unit`` NRed or SRed earlier in the player turn (``turn``, ``side``) (28.315)."""
    return this_player_turn(state, turn, side) and unit in state.redeployed


def hold_of(state: RedeploymentState, unit: str, now: PlayerTurn) -> Hold | None:
    """The inversion hold ``unit`` is under in player turn ``now`` (None when it has none, or it has run out)."""
    hold = state.holds.get(unit)
    if hold is None or _expired(hold, now) is not None:
        return None
    return hold


def sr_of(board: Any, event: UnitRedeployed, ruleset: str) -> tuple[str, tuple[SrTally, ...]] | None:
    """The faction making an SR and what it adds to the 28.62C counts, from the unit on ``board`` (a
    :class:`projections.board.BoardState`); ``None`` when the unit is not on the board."""
    unit = board.units.get(event.unit)
    if unit is None:
        return None
    carrier = board.units.get(event.air_transport) if event.air_transport is not None else None
    tallies = sr_tallies(
        cast(UnitType, unit.unit_type),
        unit.factors,
        event.origin,
        event.destination,
        ruleset="a3r" if ruleset == "a3r" else "awaw",
        air_transport_factors=carrier.factors if carrier is not None else 0,
    )
    return FACTION_OF_POWER.get(cast(Power, unit.owner), unit.owner), tallies


def is_hex(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


# ---------------------------------------------------------------------------------------------------------------------
# Holds (27.82, 28.46, 28.81-28.83)
# ---------------------------------------------------------------------------------------------------------------------


def _expired(hold: Hold, now: PlayerTurn) -> Hold | None:
    """``None`` while the hold lasts in player turn ``now``; else the hold (it has run out). A through-opposing hold
    lasts until the first opposing player turn after it began has ended."""
    if now == hold.since:
        return None
    if hold.kind == "end_of_player_turn":
        return hold
    if hold.opposing is None or now == hold.opposing:
        return None
    return hold


def _advance_holds(state: RedeploymentState, now: PlayerTurn) -> None:
    """A new player turn: a through-opposing hold learns its opposing player turn; holds that ran out are dropped."""
    if not state.holds:
        return
    kept: dict[str, Hold] = {}
    for unit, hold in state.holds.items():
        if hold.kind == "through_opposing" and hold.opposing is None and now[1] != hold.since[1]:
            hold = msgspec.structs.replace(hold, opposing=now)
        if _expired(hold, now) is None:
            kept[unit] = hold
    state.holds = kept


def _hold(state: RedeploymentState, ctx: Context, unit: str, kind: HoldKind, rule: str) -> None:
    now = (ctx.now.turn, ctx.now.side)
    old = state.holds.get(unit)
    if old is not None and old.kind == "through_opposing" and old.front_change is None and kind == "end_of_player_turn":
        return  # a longer hold stands
    state.holds[unit] = Hold(kind=kind, since=now, rule=rule, seq=ctx.now.seq)


# ---------------------------------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------------------------------


def _this_turn(state: RedeploymentState, ctx: Context) -> None:
    turn = ctx.now.turn
    if state.turn != turn:
        state.turn = turn
        state.srs = {}
        state.railheads = {}
        state.naval_air = {}
        state.cves = {}
        state.research_builds = {}
        state.builds = ()
        state.minor_brps = {}
        state.oil_covered = {}
        state.national = {}


def _this_player_turn(state: RedeploymentState, ctx: Context) -> None:
    key = (ctx.now.turn, ctx.now.side)
    if ctx.now.side is None or state.player_turn == key:
        return
    state.player_turn = key
    state.segment = None
    state.redeployed = set()
    state.sr_pre_nr = set()
    state.nred = set()
    state.into_box = {}
    state.began = {}
    state.nr_groups = {}
    state.nr_members = {}
    state.escorting = set()
    state.oil_effects = {}
    state.defended = set()
    state.built = {}
    state.staged = set()
    state.flew = set()
    state.us_box = (0, 0)
    _advance_holds(state, key)


@HANDLERS.on_time_change
def _time_moved(state: RedeploymentState, event: object, ctx: Context) -> None:
    if ctx.new_turn:
        _this_turn(state, ctx)
    _this_player_turn(state, ctx)


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: RedeploymentState, event: UnitRedeployed, ctx: Context) -> None:
    _this_turn(state, ctx)
    _this_player_turn(state, ctx)
    segment = event.segment
    if segment in SEGMENTS:
        seg = segment
        if state.segment is None or SEGMENTS.index(seg) > SEGMENTS.index(state.segment):
            state.segment = seg
    kind, unit_id = event.kind, event.unit
    if kind in ("NR", "SR"):
        state.redeployed.add(unit_id)
    if kind == "NR":
        state.nred.add(unit_id)
    if kind == "SR" and segment == "SR_pre_NR":
        state.sr_pre_nr.add(unit_id)
    if event.destination.startswith("box:"):
        state.into_box[unit_id] = event.destination
    state.began.setdefault(unit_id, event.origin)
    if event.nr is not None:
        state.nr_groups.setdefault(event.nr, event.destination)
        state.nr_members[event.nr] = (*state.nr_members.get(event.nr, ()), unit_id)
        if event.escort:
            state.escorting.add(unit_id)
    board = ctx.game.board
    unit = board.units.get(unit_id)
    if unit is None:
        return
    allocation = sw_allocation(event, ctx.meta)
    if kind in ("NR", "SR") and not allocation:
        key = f"{unit.nationality}|{kind}"
        state.national[key] = state.national.get(key, 0) + 1
    if event.origin in US_BOXES and is_hex(event.destination) and unit.unit_type in GROUND_TYPES | AIR_TYPES:
        factors, transports = state.us_box
        state.us_box = (factors + unit.factors, transports + sum(event.transports.values()))
    if allocation and is_sw_location(event.origin):
        return  # house intro (d): units leaving SW duty are usable in the opposing player turn, no hold
    _inversion_after_redeployment(state, ctx, event, unit)
    if kind == "SR" and event.origin != event.destination and not allocation:
        _count_sr(state, ctx, event)


def sw_allocation(event: UnitRedeployed, meta: Meta) -> bool:
    """Whether a redeployment is an SW allocation change under the house sequence of play (A3R intro (d), App. L: to
    or from an SW box or the Murmansk box): not counted against redeployment limits, and a unit leaving SW duty is
    usable in the opposing player turn (C-SOP-5)."""
    if not (is_sw_location(event.origin) or is_sw_location(event.destination)):
        return False
    return house_sequence(meta.rules, meta.options)


def _inversion_after_redeployment(state: RedeploymentState, ctx: Context, event: UnitRedeployed, unit: Any) -> None:
    """The holds a redeployment puts on an air or naval unit (27.82, 28.46, 28.81, 28.82, 28.83)."""
    unit_type = unit.unit_type
    moved = event.origin != event.destination
    if unit_type in AIR_TYPES and moved:
        if event.unit in state.built:
            if event.destination.startswith("sw:"):
                _hold(state, ctx, event.unit, "end_of_player_turn", "28.83")
            else:
                _hold(state, ctx, event.unit, "through_opposing", "27.82A")
        elif event.kind == "TR" and event.unit in state.flew:
            _hold(state, ctx, event.unit, "through_opposing", "28.46")
        elif unit.inverted:
            _hold(state, ctx, event.unit, "through_opposing", "28.81D")
        elif event.kind == "SR" and event.unit not in state.staged:
            _front_hold(state, ctx, event)
    elif unit_type in NAVAL_TYPES and event.kind == "NR" and moved:
        new = event.unit in state.built
        if is_sw_location(event.origin):
            _hold(state, ctx, event.unit, "through_opposing", "28.77, 25.372B")
        elif new and event.destination.startswith("sw:") and unit_type != "cve":
            _hold(state, ctx, event.unit, "end_of_player_turn", "28.83")
        elif new:
            rule = "28.83, 27.82B" if event.destination.startswith("sw:") else "27.82B"  # a CVE is a naval unit
            _hold(state, ctx, event.unit, "through_opposing", rule)
        elif unit.inverted:
            _hold(state, ctx, event.unit, "through_opposing", "28.82B")


def _front_hold(state: RedeploymentState, ctx: Context, event: UnitRedeployed) -> None:
    """An uninverted air unit that SRs to another front (or TRed or NRed there earlier in the phase and now SRs) is
    inverted through the next opposing player turn (28.81A); an SR to or from a mapboard box does not by itself
    invert it (28.81C). Fronts the event does not record are left to the audit (``front_change``)."""
    start = state.began.get(event.unit, event.origin)
    if event.origin.startswith("box:") or event.destination.startswith("box:"):
        return
    a, b = event.origin_front, event.destination_front
    if a is not None and b is not None:
        if a != b:
            _hold(state, ctx, event.unit, "through_opposing", "28.81A")
        return
    old = state.holds.get(event.unit)
    if old is not None and old.front_change is None:
        return
    now = (ctx.now.turn, ctx.now.side)
    state.holds[event.unit] = Hold(
        kind="through_opposing", since=now, rule="28.81A", seq=ctx.now.seq, front_change=(start, event.destination)
    )


def _count_sr(state: RedeploymentState, ctx: Context, event: UnitRedeployed) -> None:
    found = sr_of(ctx.game.board, event, ctx.meta.rules)
    if found is None:
        return
    faction, tallies = found
    for tally in tallies:
        key = sr_key(faction, tally)
        state.srs[key] = state.srs.get(key, 0) + tally.amount


@HANDLERS.on(RailheadBuilt)
def _railhead(state: RedeploymentState, event: RailheadBuilt, ctx: Context) -> None:
    _this_turn(state, ctx)
    faction = FACTION_OF_POWER[event.power]
    state.railheads[faction] = state.railheads.get(faction, 0) + 1


@HANDLERS.on(UnitBuilt)
def _built(state: RedeploymentState, event: UnitBuilt, ctx: Context) -> None:
    _this_turn(state, ctx)
    _this_player_turn(state, ctx)
    unit_type, seq = event.unit_type, ctx.now.seq
    if unit_type == "nas":
        rate_of = _naval_air_rate_of(event)
        if rate_of is not None:
            state.naval_air[rate_of] = state.naval_air.get(rate_of, 0) + event.factors
    if built_uninverted(unit_type, event.phase):
        side = event.side or ""
        state.research_builds[side] = state.research_builds.get(side, 0) + 1
    elif unit_type in AIR_TYPES or unit_type in NAVAL_TYPES:
        _hold(state, ctx, event.unit, "end_of_player_turn", "27.81, 27.82")
    state.built[event.unit] = event.location
    country = country_of(event.nationality)
    if event.owner in LOCATION_LIMIT_OWNERS or country in ("australia", "india"):
        build = Build(
            seq=seq,
            owner=event.owner,
            nationality=event.nationality,
            unit_type=unit_type,
            factors=event.factors,
            location=event.location,
            cost=event.cost,
        )
        state.builds = (*state.builds, build)
    if event.payer == "usa" and country in MINOR_TRANSPORT_BOX:
        brps, transports = state.minor_brps.get(country, (0, 0))
        state.minor_brps[country] = (brps + event.cost, transports + sum(event.transports.values()))
    if event.oil_covered_brps:
        payer = event.payer or event.owner
        faction = FACTION_OF_POWER[payer]
        state.oil_covered[faction] = state.oil_covered.get(faction, 0) + event.oil_covered_brps


def _naval_air_rate_of(event: UnitBuilt) -> str | None:
    """Whose training rate a NAS build counts against (27.61, 27.61B): an Australian NAS the rate it names (None when
    not recorded), any other the owner's."""
    if australian_naval_air(event.nationality):
        return event.naval_air_rate
    return event.owner


@HANDLERS.on(ShipLaidDown)
def _laid_down(state: RedeploymentState, event: ShipLaidDown, ctx: Context) -> None:
    if event.unit_type == "cve" and not event.setup:
        _this_turn(state, ctx)
        state.cves[event.owner] = state.cves.get(event.owner, 0) + 1


@HANDLERS.on(ShipLaunched)
def _launched(state: RedeploymentState, event: ShipLaunched, ctx: Context) -> None:
    _this_player_turn(state, ctx)
    state.built[event.ship] = event.location
    _hold(state, ctx, event.ship, "end_of_player_turn", "27.81, 27.82B")


@HANDLERS.on(UnitMoved)
def _moved(state: RedeploymentState, event: UnitMoved, ctx: Context) -> None:
    # on the hot path: one dictionary lookup for the common ground move
    unit = ctx.game.board.units.get(event.unit)
    if unit is not None and unit.unit_type in AIR_TYPES:
        _this_player_turn(state, ctx)
        state.staged.add(event.unit)


@HANDLERS.on(AirMissionFlown)
def _mission(state: RedeploymentState, event: AirMissionFlown, ctx: Context) -> None:
    _this_player_turn(state, ctx)
    now = ctx.now
    state.flew.update(event.units)
    if mission_inverts(event.mission, ctx.meta):
        used = (now.seq, now.turn, now.side)
        for unit in event.units:
            state.used[unit] = used
    if ctx.now.phase == "redeployment" and event.mission in NR_DEFENSIVE_MISSIONS:
        state.defended.update(event.units)


@HANDLERS.on(OilEffectAccepted)
def _oil_effect(state: RedeploymentState, event: OilEffectAccepted, ctx: Context) -> None:
    if event.units:
        _this_player_turn(state, ctx)
        for unit in event.units:
            state.oil_effects[unit] = event.service


@HANDLERS.on(UnitInversionChanged)
def _inversion(state: RedeploymentState, event: UnitInversionChanged, ctx: Context) -> None:
    if not event.inverted:
        state.used.pop(event.unit, None)


@HANDLERS.on(PlayerTurnEnded)
def _ended(state: RedeploymentState, event: PlayerTurnEnded, ctx: Context) -> None:
    state.ended = (ctx.now.seq, ctx.now.turn, ctx.now.side)


def turn_ended_at(state: RedeploymentState, turn: int, side: str | None) -> int | None:
    """The event number of the ``player_turn_ended`` of player turn (``turn``, ``side``), if it is recorded."""
    ended = state.ended
    return ended[0] if ended is not None and (ended[1], ended[2]) == (turn, side) else None


@HANDLERS.on(UnitEliminated)
def _eliminated(state: RedeploymentState, event: UnitEliminated, ctx: Context) -> None:
    state.holds.pop(event.unit, None)
    state.used.pop(event.unit, None)


@HANDLERS.on(SupplyDetermined)
def _supply(state: RedeploymentState, event: SupplyDetermined, ctx: Context) -> None:
    for result in event.results:
        if is_hex(result.subject):
            state.hex_supply[result.subject] = (result.status, result.source)


@HANDLERS.on(UnitPlaced)
def _placed(state: RedeploymentState, event: UnitPlaced, ctx: Context) -> None:
    if event.owner == "france" and event.unit_type == "infantry" and event.factors == 1 and event.phase == "setup":
        state.colonial[event.unit] = event.location


@HANDLERS.on(WarDeclared)
def _war(state: RedeploymentState, event: WarDeclared, ctx: Context) -> None:
    state.aggressors.add(f"{event.aggressor}>{event.target}")


def declared_war(state: RedeploymentState, aggressor: str, target: str) -> bool:
    """Whether ``aggressor`` has declared war on ``target`` (28.73E)."""
    return f"{aggressor}>{target}" in state.aggressors


@HANDLERS.on(RouteStatusChanged)
def _route(state: RedeploymentState, event: RouteStatusChanged, ctx: Context) -> None:
    state.routes[event.route.lower()] = event.open


@HANDLERS.on(RpSpent)
def _rps(state: RedeploymentState, event: RpSpent, ctx: Context) -> None:
    if "naval_air" in event.purpose:
        state.naval_air_research.add(event.power)
