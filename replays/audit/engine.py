"""The audit engine: a replay that calls the checks.

A *check* is a pure function of one event and the game state before it (or, for a check marked ``after``, the state
after it): it compares what the players recorded with what :mod:`projections.rules` computes from that state and
yields :class:`Finding` values (data, never exceptions) or, when the log lacks a fact it needs, :class:`Missing`
(reported once per check with how often: which check could not be made, and why). Checks keep no memory of their
own: running facts they need (rolls by number, this turn's attacks, spending by category) are projection state,
folded once by :mod:`projections.game`.

Checks are grouped by rule system into :class:`Family` lists, one per module of :mod:`replays.audit.families`;
:mod:`replays.audit.catalogue` lists the families explicitly. The engine imports no family.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, TypeAlias, TypeVar, get_args, get_type_hints

import msgspec

from awaw_events.codec import tag_of
from awaw_events.events import EVENT_TYPES, AnyEvent, DiceRolled, Event
from awaw_events.gametime import label
from awaw_events.store import Numbered, Record
from projections import dice
from projections.core import MapDataRef, Meta
from projections.game import Fold, GameState
from projections.position.core import NO_MAP_DATA_KIND, NO_MAP_DECLARED, SAMPLED_KIND, Position, Unknown
from projections.rules.breach import Breach
from projections.rules.geometry import Grid
from projections.rules.mapdata import SAMPLED_UNCONFIRMED, HexFacts, MapData

MapResolver: TypeAlias = Callable[[MapDataRef], tuple[MapData | None, str | None]]
"""Finds the map data a game declared: (the facts, None) or (None, why they cannot be had)."""

E = TypeVar("E", bound=Event)
T = TypeVar("T")


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """A discrepancy between what the players recorded and what the rules give."""

    seq: int
    game_time: str
    event_type: str
    rule: str
    check: str
    expected: str
    recorded: str
    message: str


Missing: TypeAlias = Unknown
"""A check that could not be made because the log (or the map data) lacks a fact it needs: the position's
:class:`~projections.position.core.Unknown`, which a query returns where it cannot decide."""


class Skipped(msgspec.Struct, frozen=True, kw_only=True):
    """A check the audit could not make, for one reason (reported once per check and reason, with the first event
    it concerned and how many times)."""

    check: str
    rule: str
    first_seq: int
    times: int
    reason: str
    kind: str = ""
    """What the report groups by within the check (:attr:`Missing.kind`; empty: one line per check)."""


Outcome: TypeAlias = Finding | Breach | Missing
Result: TypeAlias = Iterable[Outcome]
"""What a check returns: its findings (or the position's breaches, which the engine makes findings of the event) and
the facts it could not check, as any iterable: a generator, or a tuple (``()`` when it has nothing to say is cheaper
than a generator that yields nothing: the hot path's choice)."""


class AuditContext(Generic[E]):
    """What a check sees: the event under examination (typed as the check reads it), its number, and the position
    before it (after it, for a check marked ``after``): :attr:`position`, the game state with the map data the game
    declared and the hex grid under its options, which the rules queries of :mod:`projections.position` are asked.

    ``state``, ``map_reason`` and ``grid`` are the position's, kept here as plain attributes for the hot path;
    ``map`` is read from the position, which notes that the check application needed map data (for the audit's
    summary: :attr:`AuditReport.map_needed`). The engine reuses one context for every event and check; a check reads
    it and returns, never keeps it.
    """

    __slots__ = ("_memo", "event", "grid", "map_reason", "position", "seq", "state")

    def __init__(self, position: Position) -> None:
        self.position = position
        self.state = position.state
        self.seq = 0
        self.event: E = None  # type: ignore[assignment]
        self._memo: dict[Callable[..., Any], Any] | None = None
        self.map_reason = position.map_reason
        self.grid: Grid = position.grid

    @property
    def map(self) -> MapData | None:
        """The map data the game declared (None when it cannot be had: ``map_reason`` says why)."""
        return self.position.map

    def hex(self, hex_id: str) -> HexFacts | None:
        """The map data's facts of a hex (None when the game's map data is unavailable or has no entry for it)."""
        return self.map.hex(hex_id) if self.map is not None else None

    def missing_hex(self, hex_id: str, fact: str | None = None) -> Missing:
        """``not checked: no map data for EUR:K37 (terrain)`` (:meth:`Position.missing_hex`)."""
        return self.position.missing_hex(hex_id, fact)

    def follow(self, map: MapData | None, map_reason: str) -> None:
        """The game's options or map data changed: the position, and what this context keeps of it, follow."""
        position = self.position
        position.follow(map, map_reason)
        self.map_reason, self.grid = position.map_reason, position.grid

    def forget(self) -> None:
        """The state changed (the fold passed the event): what was cached of the state before it is gone."""
        self._memo = None
        self.position._memo = None

    @property
    def meta(self) -> Meta:
        return self.state.meta

    def finding(self, check: Check, *, expected: object, recorded: object, message: str) -> Finding:
        """A finding about the current event."""
        return Finding(
            seq=self.seq,
            game_time=label(self.event),
            event_type=tag_of(self.event),
            rule=check.rule,
            check=check.id,
            expected=str(expected),
            recorded=str(recorded),
            message=message,
        )

    def found(self, check: Check, breach: Breach) -> Finding:
        """The finding of a breach the position found in the current event: what the rule allows and what was
        recorded, in the breach's words."""
        allowed, actual = breach.allowed, breach.actual
        return self.finding(
            check,
            expected="" if allowed is None else allowed,
            recorded="" if actual is None else actual,
            message=breach.message,
        )

    def cached(self, function: Callable[[AuditContext[E]], T]) -> T:
        """``function(self)``, computed once per event however many checks ask (several checks of one event that
        share a computation, such as the pricing of a build)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        elif function in memo:
            return memo[function]  # type: ignore[no-any-return]
        value = memo[function] = function(self)
        return value


CheckFunction: TypeAlias = Callable[["Check", AuditContext[Any]], Result]
_Query: TypeAlias = Callable[[Position, Any], Result]
"""A position query as a judged check asks it: ``query(position, event)``."""


@dataclass(frozen=True, slots=True)
class Check:
    """One mechanical rule check."""

    id: str
    rule: str
    title: str
    reads: tuple[type[Event], ...]
    function: CheckFunction
    family: str
    after: bool = False
    """Run on the state after the event instead of before it."""
    covers: tuple[str, ...] = ()
    """The checklist items of the rules extracts this check implements (``C-01``, or ``31-34/O-01`` where an ID
    exists in two extracts): see :mod:`replays.audit.coverage`."""
    partly: tuple[tuple[str, str], ...] = ()
    """Checklist items this check implements in part, each with what is missing; a clause named (``S-25.A``) is one
    the check covers only in part, so its item stays partial whatever the tests plant."""
    query: Callable[[Position, Any], Result] | None = None
    """The position query the check asks, for a check that is only that (:meth:`Family.judge`): the one function
    that the check and the command deciding such an event both call."""
    needs: tuple[str, ...] | None = None
    """The fields of the event the check reads (None: every field). A field the record does not know (``unknown``)
    turns off only the checks that need it: the others are made as on any event."""
    trusts: tuple[tuple[str, str], ...] = ()
    """Checklist items whose claim this check reads back instead of deriving it, each with what it trusts (the
    coverage matrix calls them trusted)."""
    at_end: bool = False
    """Asked once more of the state after the last event audited, with that event: what the events' end leaves
    undecided (the stacks of a phase the log stops in)."""

    def finding(self, ctx: AuditContext[Any], *, expected: object, recorded: object, message: str) -> Finding:
        return ctx.finding(self, expected=expected, recorded=recorded, message=message)


def judge(
    query: Callable[[Position, Any], Result],
    rule: str,
    *,
    reads: tuple[type[Event], ...] | None = None,
    title: str | None = None,
    id: str | None = None,
    after: bool = False,
    covers: tuple[str, ...] = (),
    partly: dict[str, str] | None = None,
    needs: tuple[str, ...] | None = None,
    trusts: dict[str, str] | None = None,
    at_end: bool = False,
) -> Check:
    """A check that asks the position one query about the event (``query(position, event)``: the function that the
    command deciding such an event asks too) and reports its breaches as findings, its unknowns as checks not made.
    Its id: the query's name; its title: the first paragraph of the query's docstring without the rule number it
    starts with (``13.4: a move names a unit in play ...``), unless given; what it ``reads``: the event types its
    ``event`` parameter is annotated with, unless given; ``covers``, ``partly`` and ``needs`` as :func:`check`'s, and
    ``trusts``: item -> the claim it reads back; ``at_end``: asked after the last event too (:attr:`Check.at_end`)."""
    if reads is None:
        hint = get_type_hints(query).get("event")
        reads = (get_args(hint) or (hint,)) if hint is not None else ()
        if not reads or not all(isinstance(t, type) and issubclass(t, Event) for t in reads):
            raise ValueError(f"{query.__qualname__}: annotate its event with the event types it reads, or give reads")

    part = tuple((partly or {}).items())
    words = title if title is not None else _title(query, rule)
    trusted = tuple((trusts or {}).items())
    return Check(
        id or query.__name__, rule, words, reads, Ask(query), "", after, covers, part, query, needs, trusted, at_end
    )


class Ask:
    """A judged check's function: ask the position the query about the event. The engine's loop calls the query
    itself (one call per check and event instead of two) while a check's function is still this one, unwrapped."""

    __slots__ = ("__name__", "__qualname__", "query")

    def __init__(self, query: Callable[[Position, Any], Result]) -> None:
        self.query = query
        self.__name__ = self.__qualname__ = query.__name__

    def __call__(self, c: Check, ctx: AuditContext[Any]) -> Result:
        return self.query(ctx.position, ctx.event)


def _title(query: Callable[..., Any], rule: str = "") -> str:
    """The first paragraph of a query's docstring, in one line, without a leading ``13.4:`` (or its rule's)."""
    doc = (query.__doc__ or "").strip().split("\n\n")[0]
    text = " ".join(doc.split())
    head, sep, rest = text.partition(": ")
    if sep and head and ((head[0].isdigit() and " " not in head) or head == rule):
        text = rest
    if not text:
        raise ValueError(f"{query.__qualname__} has no docstring to title its check: give the check a title")
    return text


def check(
    function: CheckFunction,
    rule: str,
    title: str,
    *,
    reads: tuple[type[Event], ...],
    id: str | None = None,
    after: bool = False,
    covers: tuple[str, ...] = (),
    partly: dict[str, str] | None = None,
    needs: tuple[str, ...] | None = None,
    trusts: dict[str, str] | None = None,
) -> Check:
    """A check of rule ``rule`` on the event types it ``reads`` made by ``function(check, ctx)`` (its id: the
    function's name without ``check_``, unless given), implementing the checklist items ``covers`` (and ``partly``:
    item -> what is missing; ``trusts``: item -> the claim it reads back), reading the event's fields ``needs``
    (None: all of them). Prefer :func:`judge`: a
    check with a body of its own applies a rule the commands cannot ask."""
    part = tuple((partly or {}).items())
    return Check(
        id or function.__name__.removeprefix("check_"),
        rule,
        title,
        reads,
        function,
        "",
        after,
        covers,
        part,
        None,
        needs,
        tuple((trusts or {}).items()),
    )


class Family:
    """The checks of one rule system, in the order given: ``Family("movement", judge(...), judge(...))``, or in
    the order its module adds them with the :meth:`check` decorator."""

    def __init__(self, name: str, *checks: Check | Family) -> None:
        self.name = name
        self.checks: list[Check] = []
        for c in checks:
            self.add(c)

    def add(self, found: Check | Family) -> None:
        """Add a check, or every check of a family (a part of this one, in a module of its own)."""
        for c in found.checks if isinstance(found, Family) else (found,):
            self.checks.append(dataclasses.replace(c, family=self.name))

    def check(
        self,
        rule: str,
        title: str,
        *,
        reads: tuple[type[Event], ...],
        id: str | None = None,
        after: bool = False,
        covers: tuple[str, ...] = (),
        partly: dict[str, str] | None = None,
        trusts: dict[str, str] | None = None,
    ) -> Callable[[CheckFunction], CheckFunction]:
        """Add a check made by the decorated function (:func:`check`)."""

        def add(function: CheckFunction) -> CheckFunction:
            made = check(
                function, rule, title, reads=reads, id=id, after=after, covers=covers, partly=partly, trusts=trusts
            )
            self.add(made)
            return function

        return add


class AuditReport(NamedTuple):
    """What an audit found: findings in log order, the checks it could not make, and how much it examined."""

    findings: tuple[Finding, ...]
    skipped: tuple[Skipped, ...]
    events: int
    checks: int
    applied: int = 0
    """How many times a check was applied to an event."""
    unchecked: int = 0
    """How many of those applications could not be made (the log lacks a fact: see ``skipped``)."""
    ungraded: tuple[Finding, ...] = ()
    """What checks said about events whose values are not graded (inferred, invented or unknown): shown,
    never counted as findings."""
    unread: int = 0
    """How many of the events examined no check reads at all (chronicle lines, notes, calendar events ...)."""
    map_needed: int = 0
    """How many check applications needed map data: they read the game's map data (:attr:`Position.map`), or said
    that it lacks a fact they need."""
    map_unanswered: int = 0
    """How many of those were not made for want of map data (``not checked: no map data``, ``sampled,
    unconfirmed``); all of them when the game has no map data."""
    map_used: tuple[str, ...] = ()
    """The map data the checks read, in the order the game declared it (``rule-texts version 1``); empty when the
    game had none (``map_reason`` says why)."""
    map_reason: str = ""
    """Why the checks had no map data, when ``map_used`` is empty."""
    map_gaps: int = 0
    """How many check applications said they lack map data (``map_unanswered`` when the game has map data): kept
    so that the reports of consecutive ranges join into the report of one audit (:func:`joined`)."""

    @property
    def map_answered(self) -> int:
        """How many check applications that needed map data found what they needed in it."""
        return self.map_needed - self.map_unanswered

    @property
    def clean(self) -> bool:
        return not self.findings

    @property
    def checked_share(self) -> float:
        """The share of check applications that could be made (1.0 when nothing was left unchecked)."""
        return 1.0 if not self.applied else (self.applied - self.unchecked) / self.applied


def run(
    checks: Iterable[Check],
    records: Iterable[Record | Numbered],
    *,
    start: int = 1,
    state: GameState | None = None,
    progress: Callable[[int], None] | None = None,
    maps: MapResolver | None = None,
    fold: Fold | None = None,
    at_end: bool = True,
) -> AuditReport:
    """Fold ``records`` and call ``checks`` on every event numbered ``start`` or later (the events before it are
    folded, not checked). ``maps`` finds the map data the game declares (without it, checks have none). ``fold``
    is the fold to drive instead of a new one from ``state``, for a caller that reads the state as the audit goes
    and after it (``awaw materialize``: one fold for the read model and the findings). ``at_end``: the records end
    where the audit does, so the checks declared ``at_end`` are asked after the last one (False for a range that a
    later one continues).

    The loop is the audit's hot path: one table lookup per event gives the checks to call before and after the
    fold; an event no check reads costs one lookup more than the fold itself.
    """
    selected = list(checks)
    table: dict[type[Event], tuple[tuple[Check, ...], tuple[Check, ...], tuple[_Query | None, ...]]] = {}
    for c in selected:
        query = c.function.query if type(c.function) is Ask else None
        for kind in c.reads:
            if kind.prose and sweeping(c):
                continue  # a fact that changes nothing a rule reads: a sweep of the state learns nothing from it
            before, after, asks = table.get(kind, ((), (), ()))
            table[kind] = (before, (*after, c), asks) if c.after else ((*before, c), after, (*asks, query))
    fold = Fold(state) if fold is None else fold
    work = fold.state  # the fold's working state, updated in place: the state before each event, then after it
    ctx: AuditContext[AnyEvent] = AuditContext(Position(work))
    findings: list[Finding] = []
    ungraded: list[Finding] = []
    missing: list[tuple[Check, int, Missing, bool]] = []
    count = applied = unread = needed = 0
    position = ctx.position
    used: dict[str, None] = {}
    lookup, push, meta = table.get, fold.push, None
    gaps_of: dict[Missing, bool] = {}
    """Whether each reason not to check met so far is a want of map data (:func:`map_gap`), decided once."""
    known_gap = gaps_of.get
    for record in records:
        if work.meta is not meta:  # the game's options or map data changed: geometry and map data follow
            meta = work.meta
            _follow(ctx, meta, maps)
            if (data := position._map) is not None:
                used.setdefault(f"{data.name} version {data.version}")
        seq, event = record.seq, record.event
        found = lookup(type(event))
        checking = seq >= start
        if checking:
            count += 1
            if progress is not None and count % 10_000 == 0:
                progress(count)
        if found is None or not checking:
            unread += checking
            push(seq, event)
            continue
        ctx.seq, ctx.event = seq, event
        ctx.forget()
        before, after, asks = found
        applied += len(before) + len(after)
        if event.unknown or event.provenance in UNGRADED or (type(event) in ROLLING and _rolls(event)):
            doubt = doubts(event, work)
        else:
            doubt = None
        if doubt is None:  # the common case, inline: call each check and keep what it says
            for c, query in zip(before, asks, strict=True):
                out = query(position, event) if query is not None else c.function(c, ctx)
                if out:  # () or [] when it has nothing to say (a generator is always true)
                    for outcome in out:  # _keep, inline: most checks of most events have nothing to say
                        made = type(outcome)
                        if made is Finding:
                            findings.append(outcome)  # type: ignore[arg-type]
                        elif made is Breach:
                            findings.append(ctx.found(c, outcome))  # type: ignore[arg-type]
                        else:
                            gap = known_gap(outcome)  # type: ignore[arg-type]
                            if gap is None:  # a reason not met before: most repeat (a rule not given, a hex)
                                gap = gaps_of[outcome] = map_gap(outcome)  # type: ignore[index,arg-type]
                            missing.append((c, seq, outcome, gap))  # type: ignore[arg-type]
                            if gap:
                                position.asked = True
                if position.asked:
                    needed += 1
                    position.asked = False
            push(seq, event)
            if after:
                ctx.forget()  # what a check cached before the fold is not the state after it
                for c in after:
                    out = c.function(c, ctx)
                    if out:
                        _keep(c, ctx, seq, out, findings, missing)
                    if position.asked:
                        needed += 1
                        position.asked = False
            continue
        for c in before:
            needed += _apply(c, ctx, seq, doubt, findings, missing, ungraded)
        push(seq, event)
        ctx.forget()
        for c in after:
            needed += _apply(c, ctx, seq, doubt, findings, missing, ungraded)
    ends = [c for c in selected if c.at_end] if at_end else []
    if ends and count:
        ctx.seq, ctx.event = record.seq, record.event  # the last event audited
        ctx.forget()
        applied += len(ends)
        for c in ends:
            needed += _apply(c, ctx, record.seq, None, findings, missing, ungraded)
    skipped, unchecked, gaps = _not_checked(missing)
    return AuditReport(
        tuple(findings),
        skipped,
        count,
        len(selected),
        applied,
        unchecked,
        tuple(ungraded),
        unread,
        map_needed=needed,
        map_unanswered=needed if not used else gaps,
        map_used=tuple(used),
        map_reason="" if used else ctx.map_reason,
        map_gaps=gaps,
    )


def joined(reports: Sequence[AuditReport]) -> AuditReport:
    """The report of consecutive ranges of one timeline, each audited from the state before it (the same checks),
    as one audit of the whole would give it: findings in log order, each check not made once per kind, with its
    first event and every time it was left unmade; the applications not made for want of map data counted as one
    audit counts them (all those that needed it when no range had map data, else those that said it lacks some), and
    the reason for none that of the last range, where one audit's would stand."""
    groups: dict[tuple[str, str], Skipped] = {}
    for report in reports:
        for s in report.skipped:
            seen = groups.get((s.check, s.kind))
            groups[s.check, s.kind] = s if seen is None else msgspec.structs.replace(seen, times=seen.times + s.times)
    used = tuple(dict.fromkeys(m for r in reports for m in r.map_used))
    needed = sum(r.map_needed for r in reports)
    gaps = sum(r.map_gaps for r in reports)
    return AuditReport(
        findings=tuple(f for r in reports for f in r.findings),
        skipped=tuple(groups.values()),
        events=sum(r.events for r in reports),
        checks=reports[0].checks,
        applied=sum(r.applied for r in reports),
        unchecked=sum(r.unchecked for r in reports),
        ungraded=tuple(f for r in reports for f in r.ungraded),
        unread=sum(r.unread for r in reports),
        map_needed=needed,
        map_unanswered=gaps if used else needed,
        map_used=used,
        map_reason="" if used else next((r.map_reason for r in reversed(reports) if r.map_reason), ""),
        map_gaps=gaps,
    )


UNGRADED: Final = frozenset({"inferred", "invented"})
"""Provenances whose values the audit shows but never grades: they are not what anyone recorded."""


class Doubt(NamedTuple):
    """Why an event's values cannot be graded: what is unknown or not recorded (``kind`` groups the report)."""

    reason: str
    kind: str
    dice_only: bool = False
    """The doubt is only the faces of a roll the event names: checks of the dice record itself still apply."""
    fields: tuple[str, ...] = ()
    """The fields the record does not know, when that is the doubt: a check that needs none of them is made."""


ROLLING: Final = frozenset(kind for kind in EVENT_TYPES if "roll" in kind.__struct_fields__ and kind is not DiceRolled)
"""The event types that name a roll by its number (``roll``): the only ones whose dice may be unknown."""


def _keep(
    c: Check,
    ctx: AuditContext[Any],
    seq: int,
    out: Result,
    findings: list[Finding],
    missing: list[tuple[Check, int, Missing, bool]],
) -> None:
    """What a check said about an event with no doubt: findings, and the facts it could not check."""
    for outcome in out:
        kind = type(outcome)
        if kind is Finding:
            findings.append(outcome)  # type: ignore[arg-type]
        elif kind is Breach:
            findings.append(ctx.found(c, outcome))  # type: ignore[arg-type]
        else:
            gap = map_gap(outcome)  # type: ignore[arg-type]
            missing.append((c, seq, outcome, gap))  # type: ignore[arg-type]
            if gap:
                ctx.position.asked = True


def map_gap(outcome: Missing) -> bool:
    """Whether a check was not made for want of map data: no map data for a hex, a name the map data does not
    know, or a fact sampled and not confirmed."""
    kind = outcome.kind or ""
    return (
        kind.startswith((NO_MAP_DATA_KIND, SAMPLED_KIND))
        or "no map data" in outcome.reason
        or SAMPLED_UNCONFIRMED in outcome.reason
    )


def _rolls(event: Event) -> bool:
    return isinstance(getattr(event, "roll", None), int) and type(event) is not DiceRolled


def doubts(event: Event, state: GameState) -> Doubt | None:
    """Why the audit cannot grade an event: fields the record does not know, the faces of a roll it
    names that the record does not know, or values inferred or invented rather than recorded. None when there is
    no doubt."""
    if event.unknown:
        dice_only = type(event) is DiceRolled and event.unknown == ("dice",)  # its number and use are known
        kind = "unknown dice" if dice_only else "unknown value"
        return Doubt(
            f"not checked: unknown {', '.join(event.unknown)} ({tag_of(event)})", kind, dice_only, event.unknown
        )
    if event.provenance in UNGRADED:
        return Doubt(f"not graded: {event.provenance} values ({tag_of(event)})", event.provenance)
    number = getattr(event, "roll", None)
    if isinstance(number, int) and dice.faces_unknown(state.dice, number):
        return Doubt(f"not checked: unknown dice of roll #{number}", "unknown dice", dice_only=True)
    return None


def _apply(
    c: Check,
    ctx: AuditContext[Any],
    seq: int,
    doubt: Doubt | None,
    findings: list[Finding],
    missing: list[tuple[Check, int, Missing, bool]],
    ungraded: list[Finding],
) -> int:
    """Call one check; with a doubt about the event, what it finds is shown (``ungraded``), not counted, and the
    application is reported as not checked, with the doubt's reason. Returns 1 if it needed map data, else 0."""
    if doubt is not None and ((doubt.dice_only and c.family == DICE_FAMILY) or sweeping(c) or _unneeded(c, doubt)):
        doubt = None  # the dice record's own checks, the sweeps of the state at every event, and a check that reads
        # none of the fields the record does not know need no value of it
    for found in c.function(c, ctx) or ():
        outcome = ctx.found(c, found) if type(found) is Breach else found
        if type(outcome) is not Finding:
            gap = map_gap(outcome)  # type: ignore[arg-type]
            missing.append((c, seq, outcome, gap))  # type: ignore[arg-type]
            if gap:
                ctx.position.asked = True
        elif doubt is None:
            findings.append(outcome)
        else:
            ungraded.append(outcome)
    if doubt is not None:
        doubted = Missing(reason=doubt.reason, kind=doubt.kind)
        missing.append((c, seq, doubted, map_gap(doubted)))
    asked, ctx.position.asked = ctx.position.asked, False
    return int(asked)


def _unneeded(c: Check, doubt: Doubt) -> bool:
    """Whether a check reads none of the fields the record does not know (it declares what it ``needs``)."""
    return c.needs is not None and bool(doubt.fields) and not set(doubt.fields) & set(c.needs)


def sweeping(c: Check) -> bool:
    """Whether a check reads (nearly) every event type only to see the sequence of play move on (an end-of-phase
    sweep of the board): it judges the state, not the event's own values, so a doubt about those does not stop it."""
    return len(c.reads) >= SWEEP


SWEEP: Final = len(EVENT_TYPES) // 2
"""A check that reads at least this many event types is a sweep (:func:`sweeping`)."""

DICE_FAMILY: Final = "dice"
"""The family of checks on the dice record itself, which an unknown face does not stop."""


def _follow(ctx: AuditContext[Any], meta: Meta, maps: MapResolver | None) -> None:
    """The game's options or declared map data changed: the geometry and the map data the checks see follow."""
    if meta.map_data is None:
        ctx.follow(None, NO_MAP_DECLARED)
    elif maps is None:
        ctx.follow(None, "the audit was given no map data")
    else:
        data, why = maps(meta.map_data)
        ctx.follow(data, why or "")


def _not_checked(missing: list[tuple[Check, int, Missing, bool]]) -> tuple[tuple[Skipped, ...], int, int]:
    """What could not be checked, once per check (and kind, where a check names kinds): the first event and its
    reason, and how often; how many check applications were left unmade (a check that yields several Missing for
    one event counts once), and how many of those for want of map data."""
    first: dict[tuple[str, str], tuple[Check, int, str]] = {}
    times: dict[tuple[str, str], int] = {}
    unmade: set[tuple[str, int]] = set()
    gaps: set[tuple[str, int]] = set()
    count, unmade_add, gap_add = times.get, unmade.add, gaps.add
    for c, seq, outcome, gap in missing:  # whether each was for want of map data: decided once, as it was kept
        ident = c.id
        made = (ident, seq)
        if gap:
            gap_add(made)
        key = (ident, outcome.kind or "")
        seen = count(key)
        if seen is None:
            times[key] = 1
            first[key] = (c, seq, outcome.reason)
        else:
            times[key] = seen + 1
        unmade_add(made)
    skipped = tuple(
        Skipped(check=c.id, rule=c.rule, first_seq=seq, times=times[key], reason=reason, kind=key[1])
        for key, (c, seq, reason) in first.items()
    )
    return skipped, len(unmade), len(gaps)
