"""One rules core (issue 10): every figure the audit compares equals the one ``awaw state`` shows at the same point.

:data:`FIGURES` is the table. Each row names a figure, the events at which the audit computes it, whether the check
reads the state after the event or before it, **how the audit computes it** (the very function the check calls) and
**how ``awaw state`` shows it** (where the figure sits in the view data of ``awaw state --view V --json`` at the same
point: after the event, or after the event before it). A probe runs the audit engine with one check per row, and
every value it records is compared with the state at that point (:func:`replays.state.state_at`, then the view).
Other families add their rows (and a game generator for their events) the same way.

Hypothesis generates whole games of economy and construction events over three game turns, once for every *round*
of game options: the rounds together give every value of every option of ``awaw_events/options.py`` at least once
(for both rule sets). The repairs-option log of issue 10 is a named test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.errors import InputError
from awaw_events.events import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    ConstructionLimitDeclared,
    Event,
    FortificationBuilt,
    GameCreated,
    GameTurnEnded,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
    MobilizationApplied,
    OffensiveDeclared,
    OilFacilityRepaired,
    PartisansPlaced,
    PlayerTurnEnded,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipyardControlChanged,
    StatusChanged,
    UnitBuilt,
    UnitPlaced,
    WarDeclared,
)
from awaw_events.events.economy import ChangeCause, LossCause
from awaw_events.options import A3R_OPTIONS, AWAW_OPTIONS, INTERPRETATION_OPTIONS, Option, resolve_options
from awaw_events.store import GameStore
from awaw_events.vocab import FACTION_OF_POWER
from projections import brp
from projections.position import economy
from projections.position.construction import costs as construction
from replays import views
from replays.audit import engine
from replays.audit.engine import AuditContext, Family
from replays.audit.families import construction as construction_family
from replays.audit.families import economy as economy_family
from replays.audit.families import offensives, redeployment
from replays.audit.timelines import audit_timeline
from replays.cli import cli
from replays.state import state_at

REPRO = Path(__file__).parent / "data" / "repairs-option.jsonl"

# ---------------------------------------------------------------------------------------------------------------------
# The table: (figure, how the audit computes it, how the state shows it)
# ---------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """A figure the audit compares. ``audit(ctx)`` gives ``{key: value}`` as the check computes it (on the state after
    the event when ``after``, as the check does); ``shown(data, key)`` gives the figure from the ``view``'s data at the
    same point: after the event, or before it for a figure about the state before the event (``shown_before``)."""

    name: str
    reads: tuple[type[Event], ...]
    after: bool
    audit: Callable[[AuditContext[Any]], dict[Any, object]]
    shown: Callable[[dict[str, Any], Any], object]
    shown_before: bool = False
    view: str = "brp"


def _power(data: dict[str, Any], power: str, field: str) -> object:
    return data["powers"].get(power or "unattributed", {}).get(field)


def _spent(ctx: AuditContext[Any]) -> dict[Any, object]:
    found = construction.limit_spending(ctx.position)
    return {} if found is None else {found.power: found.after}


def _limit_in_force(ctx: AuditContext[Any]) -> dict[Any, object]:
    found = construction.limit_spending(ctx.position)
    if found is None:
        return {}
    limit = construction.limit_in_force(ctx.position, found.power)
    return {} if limit.limit is None else {(found.power, limit.source): limit.limit}


def _limit_shown(data: dict[str, Any], key: tuple[str, str]) -> object:
    power, source = key
    return _power(data, power, "construction_limit" if source == "27.32-27.34 give" else "limit_declared")


def _computed_limit(ctx: AuditContext[Any]) -> dict[Any, object]:
    power = ctx.event.power
    found = construction.computed_limit(ctx.position, power)
    return {} if found is None else {power: found.limit}


def _available_before(ctx: AuditContext[Any]) -> dict[Any, object]:
    line = economy.spending(ctx.position)
    return {} if line is None else {line.power: line.before}


def _available_after(ctx: AuditContext[Any]) -> dict[Any, object]:
    line = economy.spending(ctx.position)
    return {} if line is None else {line.power: line.after}


def _deficit_cap(ctx: AuditContext[Any]) -> dict[Any, object]:
    line = economy.spending(ctx.position)
    if line is None or line.before is None:
        return {}
    return {line.power: economy.deficit_cap_for(ctx.position, line.power).cap}


def _base(ctx: AuditContext[Any]) -> dict[Any, object]:
    line = economy.spending(ctx.position)
    if line is None or line.before is None:
        return {}
    return {line.power: economy.deficit_cap_for(ctx.position, line.power).base}


def _grants_received(ctx: AuditContext[Any]) -> dict[Any, object]:
    ledger = ctx.state.brp
    return {p: brp.grants_received(ledger, p) for p in ledger.available}


def _settlement(ctx: AuditContext[Any]) -> dict[Any, object]:
    ledger = ctx.state.brp
    return {(p, "available"): left for p, left in ledger.available.items()} | {
        (p, "base"): base for p, base in ledger.base.items()
    }


def _batch(ctx: AuditContext[Any]) -> dict[Any, object]:
    power = ctx.event.power
    return {power: [a.amount for a in economy.batch_items(ctx.position, power)]}


def _front_offensives(ctx: AuditContext[Any]) -> dict[Any, object]:
    event = ctx.event
    faction = FACTION_OF_POWER[event.power]
    return {(faction, event.front): brp.offensives_on(ctx.state.brp, faction, event.front)[0]}


def _front_shown(data: dict[str, Any], key: tuple[str, str]) -> object:
    faction, front = key
    return sum(
        v
        for k, v in data["offensives"].items()
        if k.partition("|")[2] == front
        and brp.side_of(k.partition("|")[0]) is not None
        and FACTION_OF_POWER[k.partition("|")[0]] == faction  # type: ignore[index]
    )


def _axis_offensives(ctx: AuditContext[Any]) -> dict[Any, object]:
    return {"axis": brp.offensive_brps_of_side(ctx.state.brp, "axis")}


def _axis_shown(data: dict[str, Any], key: str) -> object:
    return sum(v for k, v in data["offensives"].items() if brp.side_of(k.partition("|")[0]) == key)


FIGURES: tuple[Figure, ...] = (
    Figure(
        "construction spent this turn (27.31)",
        brp.LIMIT_EVENTS,
        True,
        _spent,
        lambda data, power: _power(data, power, "construction_spent"),
    ),
    Figure("construction limit spending is held to (27.31)", brp.LIMIT_EVENTS, True, _limit_in_force, _limit_shown),
    Figure(
        "computed construction limit (27.32-27.34)",
        (ConstructionLimitDeclared,),
        True,
        _computed_limit,
        lambda data, power: _power(data, power, "construction_limit"),
    ),
    Figure(
        "BRPs available before a spend (27.1)",
        brp.EXPENDITURE_EVENTS,
        True,
        _available_before,
        lambda data, power: _power(data, power, "available"),
        shown_before=True,
    ),
    Figure(
        "BRPs available after a spend (27.1)",
        brp.EXPENDITURE_EVENTS,
        True,
        _available_after,
        lambda data, power: _power(data, power, "available"),
    ),
    Figure(
        "BRP base (A3R intro deficit cap)",
        brp.EXPENDITURE_EVENTS,
        True,
        _base,
        lambda data, power: _power(data, power, "base"),
    ),
    Figure(
        "deficit cap: base less uncontrolled KEAs (A3R intro)",
        brp.EXPENDITURE_EVENTS,
        True,
        _deficit_cap,
        lambda data, power: _power(data, power, "deficit_cap"),
    ),
    Figure(
        "grants received this turn (A3R intro, Option 1)",
        (GameTurnEnded,),
        False,
        _grants_received,
        lambda data, power: data["by_category"].get(power, {}).get("grant_received", 0),
        shown_before=True,
    ),
    Figure(
        "BRPs and base at the end of a player turn (Option 2)",
        (PlayerTurnEnded,),
        False,
        _settlement,
        lambda data, key: _power(data, key[0], key[1]),
        shown_before=True,
    ),
    Figure(
        "a faction's offensive BRPs on a front this turn (A3R 9.61-9.62)",
        (OffensiveDeclared,),
        True,
        _front_offensives,
        _front_shown,
    ),
    Figure(
        "the Axis offensive BRPs of the turn (A3R intro, USAT)",
        (OffensiveDeclared,),
        True,
        _axis_offensives,
        _axis_shown,
    ),
    Figure(
        "35.7 items awaiting a batch (A3R 35.72)",
        (BrpBatchApplied,),
        False,
        _batch,
        lambda data, power: [a["amount"] for a in data["accrued"].get(power, [])],
        shown_before=True,
    ),
)


@dataclass(frozen=True)
class Observed:
    seq: int
    figure: Figure
    key: Any
    value: object


def probe(records: Sequence[Any], figures: Sequence[Figure] = FIGURES) -> list[Observed]:
    """Run the audit engine with one check per figure, recording what the audit computes at every event it reads."""
    family = Family("probe")
    seen: list[Observed] = []
    for figure in figures:

        def check(c: Any, ctx: AuditContext[Any], figure: Figure = figure) -> tuple[()]:
            seen.extend(Observed(ctx.seq, figure, k, v) for k, v in figure.audit(ctx).items())
            return ()

        family.check("probe", figure.name, reads=figure.reads, id=figure.name, after=figure.after)(check)
    engine.run(family.checks, records)
    return seen


def assert_figures_agree(store: GameStore, game: str, figures: Sequence[Figure] = FIGURES) -> int:
    """Every figure the audit computes in ``game`` equals the one ``awaw state`` shows at the same point; returns how
    many were compared."""
    seen = probe(list(store.open(game).effective_events(1, store.count(game))), figures)
    data: dict[tuple[int, str], dict[str, Any]] = {}
    for item in seen:
        point = item.seq - 1 if item.figure.shown_before else item.seq
        key = (point, item.figure.view)
        if key not in data:
            data[key] = views.data(state_at(store.open(game), point, save=False), item.figure.view)
        shown = item.figure.shown(data[key], item.key)
        assert shown == item.value, (
            f"{item.figure.name} at event {item.seq}, {item.key}: the audit has {item.value}, awaw state {shown}"
        )
    return len(seen)


# ---------------------------------------------------------------------------------------------------------------------
# Game options: rounds that give every value of every option at least once
# ---------------------------------------------------------------------------------------------------------------------


def _table(rules: str) -> dict[str, Option]:
    return (A3R_OPTIONS if rules == "a3r" else AWAW_OPTIONS) | INTERPRETATION_OPTIONS


def option_rounds(rules: str) -> list[dict[str, str]]:
    """Option sets a game may record (``resolve_options`` accepts each) that together use every value of every
    option of the rule set: round k takes each option's k-th value (cycling), and a value a conflict between options
    kept out gets a round of its own."""
    table = _table(rules)
    rounds: list[dict[str, str]] = []
    for k in range(max(len(o.values) for o in table.values())):
        chosen = {name: o.values[k % len(o.values)] for name, o in table.items()}
        try:
            rounds.append(resolve_options(rules, chosen))
        except InputError as error:
            chosen[str(error.field)] = table[str(error.field)].default
            rounds.append(resolve_options(rules, chosen))
    for name, o in table.items():
        for value in o.values:
            if not any(r.get(name) == value for r in rounds):
                rounds.append(resolve_options(rules, {name: value}))
    return rounds


ROUNDS = [(rules, options) for rules in ("awaw", "a3r") for options in option_rounds(rules)]


def test_the_rounds_give_every_value_of_every_option() -> None:
    for rules in ("awaw", "a3r"):
        for name, option in _table(rules).items():
            used = {options[name] for r, options in ROUNDS if r == rules and name in options}
            assert used == set(option.values), (rules, name)


# ---------------------------------------------------------------------------------------------------------------------
# Generated games
# ---------------------------------------------------------------------------------------------------------------------

SIDES = {"axis": ("germany", "italy"), "allied": ("britain", "france", "russia", "usa")}
TURNS = ((1939, "fall"), (1939, "winter"), (1940, "spring"))
YARDS = ("kiel", "genoa", "glasgow", "leningrad", "taranto")
SHIPS = ("ger-bb", "bri-bb", "s1", "s2", "ghost")
KEAS = ("ruhr", "london", "leningrad-kea")
LOSS_TARGETS = (None, "australia", "india", "urals", "ruhr", "london")
AMOUNT = st.integers(0, 30)


@st.composite
def _action(draw: st.DrawFn, side: str, when: dict[str, Any]) -> list[Event]:
    """One economy or construction act of a power of ``side`` (a few events for a 35.7 batch)."""
    power = draw(st.sampled_from(SIDES[side]))
    other = draw(st.sampled_from((*SIDES["axis"], *SIDES["allied"], "australia", "canada")))
    at = {**when, "side": side}
    n = draw(st.integers(1, 9))
    kind = draw(st.integers(0, 24))
    amount = draw(AMOUNT)
    yard, ship = draw(st.sampled_from(YARDS)), draw(st.sampled_from(SHIPS))
    column = when["season"]
    build = {"phase": "unit_construction", **at}
    acts: list[Callable[[], list[Event]]] = [
        lambda: [
            UnitBuilt(
                **build,
                unit=f"{power}-u{n}",
                owner=power,
                nationality=power,
                unit_type=draw(st.sampled_from(("infantry", "armor", "aaf", "nas"))),
                factors=draw(st.integers(1, 5)),
                location="EUR:K30",
                cost=amount,
                payer=draw(st.sampled_from((None, *SIDES[side]))),
            )
        ],
        lambda: [
            ShipLaidDown(
                **build,
                yard=yard,
                ship=f"s{n % 3}",
                owner=power,
                unit_type="bb",
                factors=4,
                row="3",
                column=column,
                brps=amount % 7,
                setup=draw(st.booleans()),
            )
        ],
        lambda: [ShipAdvanced(**build, yard=yard, ship=ship, row="2", column=column, brps=amount % 7)],
        lambda: [ShipLaunched(**build, yard=yard, ship=ship, location="EUR:K30", brps=amount % 4)],
        lambda: [ShipRepairStarted(**build, ship=ship, yard=yard, column=column, brps=amount % 7)],
        lambda: [ShipRaised(**build, ship=ship, yard=yard, brps=amount % 7)],
        lambda: [
            ShipyardControlChanged(
                **at,
                phase="combat",
                yard=yard,
                controller=power,
                mode=draw(st.sampled_from(("captured", "owned", "recaptured_by_ally"))),
            )
        ],
        lambda: [RailheadBuilt(**build, power=power, hex="EUR:L40", brp_cost=amount % 6)],
        lambda: [
            FortificationBuilt(**build, power=power, kind="fortification", hexes=["EUR:L41"], brp_cost=amount % 6)
        ],
        lambda: [
            PartisansPlaced(
                **build, unit=f"p{n}", owner=power, area="poland", hex="EUR:K31", factors=1, cost=amount % 5
            )
        ],
        lambda: [WarDeclared(**at, phase="diplomacy", aggressor=power, target="belgium", brp_cost=amount)],
        lambda: [
            OffensiveDeclared(
                **at,
                phase="combat",
                power=power,
                front=draw(st.sampled_from(("western", "eastern"))),
                kind=draw(st.sampled_from(("full", "limited", "exploitation"))),
                brp_cost=amount,
            )
        ],
        lambda: [OilFacilityRepaired(**build, facility="ploesti", power=power, markers=1, brp_cost=amount % 5)],
        lambda: [
            BrpSpent(
                **at,
                phase="combat",
                power=power,
                amount=amount,
                category=draw(st.sampled_from(("repair", "raise", "raiding", "research", "diplomacy", "other"))),
            )
        ],
        lambda: [BrpGrantMade(**build, donor=power, recipient=other if other != power else "canada", amount=amount)],
        lambda: [BrpGained(**at, phase="combat", power=power, amount=amount)],
        lambda: [
            BrpLost(
                **at,
                phase="combat",
                power=power,
                amount=amount,
                cause=draw(st.sampled_from(get_args(LossCause))),
                target=draw(st.sampled_from(LOSS_TARGETS)),
                attacker=draw(st.sampled_from((None, "germany"))),
            )
        ],
        lambda: [ConstructionLimitDeclared(**build, power=power, limit=draw(st.integers(0, 80)))],
        lambda: [
            KeaControlChanged(
                **at,
                phase="combat",
                kea=draw(st.sampled_from(KEAS)),
                original_owner=power,
                controller=draw(st.sampled_from((power, other))),
                value=amount,
            )
        ],
        lambda: [IronOreStatusChanged(**at, phase="combat", cut=draw(st.booleans()))],
        lambda: [
            IcValueChanged(
                **at,
                phase="combat",
                hex="EUR:K37",
                value=amount % 10,
                cause=draw(st.sampled_from(("built", "growth", "capture"))),
            )
        ],
        lambda: [
            BrpBaseChanged(
                **at,
                phase="combat",
                power=power,
                delta=draw(st.integers(-12, 12)),
                cause=draw(st.sampled_from(("mobilization", "kea_lost", "deficit"))),
            )
        ],
        lambda: [MobilizationApplied(**at, phase="diplomacy", power=power, brp_base_increase=amount % 16)],
        lambda: [
            StatusChanged(
                **at, phase="combat", country=draw(st.sampled_from(("australia", "india"))), status="surrendered"
            )
        ],
        lambda: [
            *(
                BrpChangeAccrued(
                    **at,
                    phase="combat",
                    power=power,
                    amount=draw(st.integers(-20, 20)),
                    cause=draw(st.sampled_from(get_args(ChangeCause))),
                )
                for _ in range(draw(st.integers(0, 2)))
            ),
            BrpBatchApplied(
                **at,
                phase=draw(st.sampled_from(("diplomacy", "combat"))),
                power=power,
                net=draw(st.integers(-20, 20)),
                percent=draw(st.sampled_from((25, 50, 75, 100))),
                applied=draw(st.integers(-20, 20)),
            ),
        ],
    ]
    return acts[kind]()


@st.composite
def games(draw: st.DrawFn, rules: str, options: dict[str, str]) -> list[Event]:
    """A game of three turns: set-up (bases, two battleships), then in each player turn a few economy and
    construction acts, and the ends of player and game turns."""
    setup = {"year": 1939, "season": "fall", "phase": "setup"}
    variant = draw(st.sampled_from(("classic", "full")))
    events: list[Event] = [GameCreated(**setup, rules=rules, options=options, variant=variant)]  # type: ignore[arg-type]
    for power in (*SIDES["axis"], *SIDES["allied"]):
        base = draw(st.integers(20, 200))
        events.append(BrpsSet(**setup, power=power, base=base, available=draw(st.integers(0, base))))  # type: ignore[arg-type]
    for unit, owner in (("ger-bb", "germany"), ("bri-bb", "britain")):
        events.append(
            UnitPlaced(
                **setup, unit=unit, owner=owner, nationality=owner, unit_type="bb", factors=4, location="EUR:K30"
            )  # type: ignore[arg-type]
        )
    for year, season in TURNS:
        when = {"year": year, "season": season}
        if season == "spring" and draw(st.booleans()):
            for power in ("germany", "britain"):
                base = draw(st.integers(20, 200))
                events.append(BrpsSet(**when, phase="year_start", power=power, base=base, available=base))  # type: ignore[arg-type]
        for side in ("axis", "allied"):
            if draw(st.booleans()):  # the powers declare their limits (27.3) before building
                for power in SIDES[side]:
                    limit = draw(st.integers(0, 80))
                    events.append(
                        ConstructionLimitDeclared(
                            **when, side=side, phase="unit_construction", power=power, limit=limit
                        )  # type: ignore[arg-type]
                    )
            for act in draw(st.lists(_action(side, when), max_size=7)):
                events.extend(act)
            events.append(PlayerTurnEnded(**when, side=side, phase="end_of_player_turn"))  # type: ignore[arg-type]
        events.append(GameTurnEnded(**when, phase="end_of_game_turn"))  # type: ignore[arg-type]
    return events


def stored(events: Sequence[Event]) -> GameStore:
    store = GameStore(":memory:")
    store.create_game("g", list(events))
    return store


def test_the_generated_games_exercise_every_figure() -> None:
    """The generator reaches every row of the table (a row no game reaches would compare nothing)."""
    seen: set[str] = set()

    @settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def collect(data: st.DataObject) -> None:
        rules, options = data.draw(st.sampled_from(ROUNDS))
        with stored(data.draw(games(rules, options))) as store:
            seen.update(o.figure.name for o in probe(list(store.open("g").effective_events(1, store.count("g")))))

    collect()
    assert seen == {f.name for f in FIGURES}


@pytest.mark.parametrize(("rules", "options"), ROUNDS, ids=[f"{r}-{i}" for i, (r, _) in enumerate(ROUNDS)])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_figure_the_audit_compares_is_the_one_awaw_state_shows(
    rules: str, options: dict[str, str], data: st.DataObject
) -> None:
    events = data.draw(games(rules, options))
    with stored(events) as store:
        assert_figures_agree(store, "g")


# ---------------------------------------------------------------------------------------------------------------------
# The repairs-option log of issue 10
# ---------------------------------------------------------------------------------------------------------------------


def _with_repairs(tmp_path: Path, reading: str) -> Path:
    lines = REPRO.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["options"]["econ.limit_counts_repairs"] = reading
    path = tmp_path / f"repairs-{reading}.jsonl"
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(("reading", "spent", "findings"), [("excluded", 45, 0), ("counted", 48, 1)])
def test_repairs_option_the_audit_and_awaw_state_agree(tmp_path: Path, reading: str, spent: int, findings: int) -> None:
    """The example cut at event 736 with twelve British 3-BRP builds in Spring 1940 and a 3-BRP repair start:
    with ``econ.limit_counts_repairs=excluded`` Britain spends 45 of its 45-BRP limit and the 27.3 audit is clean
    (it used to report "spent 48"); with ``counted`` both say 48, and the audit reports it."""
    db = str(tmp_path / "awaw.db")
    runner = CliRunner()

    def awaw(*args: str) -> Any:
        return runner.invoke(cli, ["--db", db, *args], catch_exceptions=False)

    source = REPRO if reading == "excluded" else _with_repairs(tmp_path, reading)
    assert awaw("import", "g", str(source)).exit_code == 0
    shown = json.loads(awaw("state", "g", "--view", "brp", "--json").output)["brp"]["powers"]["britain"]
    assert (shown["construction_spent"], shown["construction_limit"]) == (spent, 45)
    audited = awaw("audit", "g", "--rule", "27.3", "--json")
    report = json.loads(audited.output)
    assert audited.exit_code == (1 if findings else 0)
    assert [f["message"] for f in report["findings"]] == [
        f"Britain has now spent {spent} BRPs on construction this turn; the construction limit 27.32-27.34 give "
        f"is 45 (27.31)"
    ][:findings]
    with GameStore(db) as store:
        assert assert_figures_agree(store, "g") > 100


def test_a_planted_disagreement_is_caught() -> None:
    """The comparison can fail: a figure whose audit side is off by one is reported with its event and key."""
    off = Figure(
        "construction spent, off by one",
        brp.LIMIT_EVENTS,
        True,
        lambda ctx: {k: v + 1 for k, v in _spent(ctx).items()},  # type: ignore[operator]
        lambda data, power: _power(data, power, "construction_spent"),
    )
    setup = {"year": 1939, "season": "fall", "phase": "setup"}
    events: list[Event] = [
        GameCreated(**setup),  # type: ignore[arg-type]
        BrpsSet(**setup, power="germany", base=150, available=150),  # type: ignore[arg-type]
        UnitBuilt(
            year=1939,
            season="fall",
            side="axis",
            phase="unit_construction",
            unit="ger-arm-1",
            owner="germany",
            nationality="germany",
            unit_type="armor",
            factors=4,
            location="EUR:K30",
            cost=8,
        ),
    ]
    with stored(events) as store:
        assert assert_figures_agree(store, "g") > 0
        with pytest.raises(
            AssertionError, match=r"construction spent, off by one at event 3, germany: the audit has 9, awaw state 8"
        ):
            assert_figures_agree(store, "g", [off])


def _events_of(path: Path) -> list[Event]:
    from awaw_events.io import read_events

    with path.open(encoding="utf-8") as handle:
        return [n.event for n in read_events(handle, "jsonl")]


def test_the_audit_of_the_repairs_log_is_clean_under_its_option() -> None:
    with GameStore(":memory:") as store:
        store.create_game("g", _events_of(REPRO))
        report = audit_timeline(store.open("g"), rule_prefix="27.3")
        assert report.findings == ()


def test_the_economy_and_construction_checks_keep_no_memory_of_their_own() -> None:
    """Running facts are projection state (the engine has no observers or scratch to keep them in): no family
    keeps audit memory or imports another."""
    for module in (construction_family, economy_family, redeployment, offensives):
        path = Path(module.__file__ or "")
        own = f"replays.audit.families.{module.__name__.rsplit('.', 1)[-1]}"
        files = sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]
        for file in files:
            source = file.read_text(encoding="utf-8").replace(own, "")
            assert "scratch" not in source
            assert "replays.audit.families" not in source, f"{file} imports another family"
