"""Naval construction and repair checks (27.7): the worked examples EX-N1..N3, EX-R1..R2, EX-A1..A3 and the derived
cases DT-8 to DT-16 of the 27-30 extract, each clean and with its outcome altered, and a planted fault, beside its
clean case, for every other item of the extract's checklist (2.6)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    ConstructionLimitDeclared,
    Event,
    FrenchForcesAssigned,
    MobilizationApplied,
    PhaseStarted,
    ShipAdvanced,
    ShipArrivedForRepair,
    ShipbuildingRateChanged,
    ShipDamaged,
    ShipDeferred,
    ShipDisplacedFromChart,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipScuttled,
    ShipSunk,
    ShipyardControlChanged,
    ShipyardDefined,
    StatusChanged,
    TensionChanged,
    UnitBuilt,
    UnitEliminated,
    UnitPlaced,
    UnitRedeployed,
    WarDeclared,
)
from projections import brp
from projections.game import replay
from projections.rules.naval import shipyard_capacity
from tests.build import findings, run
from tests.conftest import created

E = TypeVar("E", bound=Event)


def make(cls: type[E], **fields: Any) -> E:
    """An event from loosely typed test fields (msgspec validates them when the log is encoded)."""
    return cls(**fields)


SPRING = {"year": 1940, "season": "spring"}
SUMMER = {"year": 1940, "season": "summer"}
FALL = {"year": 1940, "season": "fall"}
WINTER = {"year": 1940, "season": "winter"}
UC = {"side": "axis", "phase": "unit_construction"}


def yard(name: str = "kiel", owner: str = "germany", rate: int = 2, rule: str = "double_rate") -> ShipyardDefined:
    return make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard=name,
        owner=owner,
        location="EUR:J30",
        rate=rate,
        capacity_rule=rule,
    )


def setup_ship(
    ship: str, unit_type: str, factors: int, row: str, column: str, *, at: str = "kiel", owner: str = "germany"
) -> ShipLaidDown:
    return make(
        ShipLaidDown,
        year=1939,
        season="fall",
        phase="setup",
        yard=at,
        ship=ship,
        owner=owner,
        unit_type=unit_type,
        factors=factors,
        row=row,
        column=column,
        setup=True,
    )


def lay(
    ship: str,
    unit_type: str,
    factors: int,
    row: str,
    column: str,
    *,
    when: dict[str, Any] = SPRING,
    at: str = "kiel",
    owner: str = "germany",
    sb: int = 1,
    brps: int = 3,
    side: str = "axis",
) -> ShipLaidDown:
    return make(
        ShipLaidDown,
        **when,
        side=side,
        phase="unit_construction",
        yard=at,
        ship=ship,
        owner=owner,
        unit_type=unit_type,
        factors=factors,
        row=row,
        column=column,
        sb=sb,
        brps=brps,
    )


def advance(
    ship: str,
    row: str,
    column: str,
    *,
    mode: str = "continue",
    when: dict[str, Any] = SPRING,
    brps: int | None = None,
    at: str = "kiel",
    side: str = "axis",
) -> ShipAdvanced:
    cost = {"continue": 3, "accelerate_1": 6, "accelerate_2": 9}[mode] if brps is None else brps
    return make(
        ShipAdvanced,
        **when,
        side=side,
        phase="unit_construction",
        yard=at,
        ship=ship,
        mode=mode,
        row=row,
        column=column,
        sb=1,
        brps=cost,
    )


def launch(
    ship: str,
    *,
    when: dict[str, Any] = SPRING,
    paid: bool = False,
    at: str = "kiel",
    sb: int | None = None,
    brps: int | None = None,
    side: str = "axis",
) -> ShipLaunched:
    return make(
        ShipLaunched,
        **when,
        side=side,
        phase="unit_construction",
        yard=at,
        ship=ship,
        mode="paid_from_row2" if paid else "free",
        location="EUR:J30",
        sb=(1 if paid else 0) if sb is None else sb,
        brps=(3 if paid else 0) if brps is None else brps,
    )


def placed(unit: str, unit_type: str, factors: int, owner: str = "britain") -> UnitPlaced:
    return make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,
        factors=factors,
        location="EUR:H20",
    )


def redeployment(when: dict[str, Any], side: str = "axis") -> PhaseStarted:
    return make(PhaseStarted, **when, side=side, phase="redeployment")


# ---------------------------------------------------------------------------------------------------------------------
# Lay-down (27.7251): EX-N1..N3, DT-14


@pytest.mark.parametrize(
    ("example", "unit_type", "factors", "when", "truth", "wrong"),
    [
        ("EX-N1", "bc", 3, SPRING, ("3", "spring"), ("3", "summer")),
        ("EX-N2", "ca", 2, SPRING, ("2", "fall"), ("2", "spring")),
        ("EX-N3", "dd", 1, WINTER, ("launch", "spring"), ("launch", "winter")),
        ("DT-14", "ca", 2, WINTER, ("2", "summer"), ("2", "fall")),
        ("BB4", "bb", 4, SUMMER, ("4", "summer"), ("3", "summer")),
    ],
)
@pytest.mark.plants("N-13.A", "N-13.B", "N-13.C")
def test_lay_down_cell(
    example: str, unit_type: str, factors: int, when: dict[str, Any], truth: tuple[str, str], wrong: tuple[str, str]
) -> None:
    good = [created(), yard(rate=4), lay("s", unit_type, factors, *truth, when=when)]
    assert findings(good, "27.7") == [], example
    bad = [created(), yard(rate=4), lay("s", unit_type, factors, *wrong, when=when)]
    words = {"launch": "the Launch row"}
    t_row = words.get(truth[0], f"row {truth[0]}")
    w_row = words.get(wrong[0], f"row {wrong[0]}")
    kind = {"bc": "bc", "ca": "cruiser", "dd": "destroyer", "bb": "bb"}[unit_type]
    assert findings(bad, "27.7251") == [
        (
            3,
            "lay_down_cell",
            f"s ({factors}-factor {kind}) laid down in {when['season'].capitalize()} goes to {t_row}, "
            f"{truth[1].capitalize()} column, not {w_row}, {wrong[1].capitalize()} column (27.7251)",
        )
    ], example


@pytest.mark.plants("N-04", "N-13.B")
def test_lay_down_cost_and_shape() -> None:
    events: list[Event] = [
        created(),
        yard(rate=6),
        lay("s1", "bb", 4, "4", "spring", brps=12, sb=4),
        lay("s2", "ca", 4, "2", "fall"),
    ]
    assert findings(events, "27.7251") == [
        (3, "lay_down_cost", "laying down s1 costs 1 SB + 3 BRPs, not 4 SB + 12 BRPs (27.7251)"),
        (
            4,
            "lay_down_cell",
            "s2 cannot be laid down on a chart: cruisers are laid down two factors at a time (27.7251B), got 4",
        ),
    ]


@pytest.mark.plants("N-12.A", "N-14.C")
def test_captured_yards_only_repair_and_build_types() -> None:
    captured = make(
        ShipyardControlChanged,
        year=1940,
        season="spring",
        phase="combat",
        side="allied",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    events: list[Event] = [
        created(),
        yard(),
        captured,
        lay("rus-ca", "ca", 2, "2", "fall", owner="russia", side="allied"),
        yard("leningrad", "russia", 1),
        lay("rus-cv", "cv", 3, "3", "spring", at="leningrad", owner="russia", side="allied"),
    ]
    assert findings(events, "27.71") == [
        (
            4,
            "captured_yard",
            "kiel is a captured shipyard (captured): it may only repair cruisers and named ships, not build rus-ca "
            "(27.713)",
        ),
    ]
    assert findings(events, "27.722") == [
        (6, "naval_build_type", "Russia builds cv rus-cv: russia may not build cv (27.7222)"),
    ]


@pytest.mark.plants("N-11", "N-04")
def test_germany_builds_submarines_only_and_ships_go_on_charts() -> None:
    def built(unit: str, unit_type: str, sb: int) -> UnitBuilt:
        return make(
            UnitBuilt,
            **SPRING,
            **UC,
            unit=unit,
            owner="germany",
            nationality="germany",
            unit_type=unit_type,
            factors=1,
            location="EUR:J30",
            cost=3,
            yard="kiel",
            sb=sb,
        )

    events: list[Event] = [
        created(),
        yard(rate=8),
        built("sub", "submarine", 1),
        built("tr", "transport", 1),
        built("sub2", "submarine", 0),
        built("dd", "dd", 1),
    ]
    assert findings(events, "27.72") == [
        (
            4,
            "naval_build_type",
            "Germany builds transport tr: germany builds only submarines among subs/ASW/transports (27.93)",
        ),
        (5, "immediate_build", "1-factor submarine sub2 uses 1 SB at kiel, not 0 (1 SB + 3 BRPs per factor, 27.721A)"),
        (
            6,
            "immediate_build",
            "destroyer dd is built at once, but DDs, CVEs, cruisers and named ships go through a shipyard chart "
            "(27.7251)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Shipyard rate, one-factor share, capacity: DT-8, DT-9


def kiel_full() -> list[Event]:
    """DT-8: Kiel at rate 2 (capacity 4) with four counters on its chart."""
    return [
        created(),
        yard(),
        setup_ship("tirpitz", "bb", 4, "4", "spring"),
        setup_ship("bismarck", "bb", 4, "3", "winter"),
        setup_ship("graf-zeppelin", "cvl", 2, "2", "summer"),
        setup_ship("ger-ca-3", "ca", 2, "2", "spring"),
    ]


@pytest.mark.plants("N-03.A")
def test_dt8_kiel_capacity_and_launches_free_space() -> None:
    full = kiel_full()
    events = [*full, lay("ger-dd-7", "dd", 1, "launch", "summer")]
    assert findings(events, "27.74") == [
        (
            7,
            "yard_capacity",
            "kiel's chart now holds 5 ships; its capacity is 4 (27.741; launches earlier in the phase free space, "
            "27.742)",
        ),
    ]
    freed = [*full, launch("ger-ca-3", paid=True), lay("ger-dd-7", "dd", 1, "launch", "summer")]
    assert findings(freed, "27.7") == []


@pytest.mark.plants("N-01", "N-02")
def test_dt9_kiel_one_factor_share_and_rate() -> None:
    events: list[Event] = [
        created(),
        yard(),
        lay("dd1", "dd", 1, "launch", "summer"),
        lay("dd2", "dd", 1, "launch", "summer"),
        lay("ca", "ca", 2, "2", "fall"),
    ]
    assert findings(events, "27.72") == [
        (
            4,
            "one_factor_rate",
            "kiel has now spent 2 SB on destroyers, CVEs, submarines, ASW and transports this turn; at most half its "
            "rate, rounded up, 1, may go to one-factor units (27.7221A)",
        ),
        (5, "yard_rate", "kiel has now spent 3 SB this turn; its shipbuilding rate is 2 (27.724A)"),
    ]
    next_turn = [
        created(),
        yard(),
        lay("dd1", "dd", 1, "launch", "summer"),
        lay("dd2", "dd", 1, "launch", "fall", when=SUMMER),
    ]
    assert findings(next_turn, "27.72") == []


def test_an_undefined_us_box_has_its_starting_rate_however_its_id_is_written() -> None:
    """Bug fixed: the naval charts give a yard used before any shipyard_defined its 27.731 values, matching ``-`` and
    ``_`` (``us-pacific`` is ``us_pacific``, rate 1); the audit looked the id up as written, found no yard and left
    the rate unchecked, so the state showed a chart the audit did not."""

    def transport(unit: str) -> UnitBuilt:
        return make(
            UnitBuilt,
            **SPRING,
            side="allied",
            phase="unit_construction",
            unit=unit,
            owner="usa",
            nationality="usa",
            unit_type="transport",
            factors=1,
            location="EUR:J30",
            cost=3,
            yard="us-pacific",
            sb=1,
        )

    report = run([created(), transport("t1"), transport("t2")], "27.72")
    assert [(f.seq, f.check) for f in report.findings] == [(3, "yard_rate"), (3, "one_factor_rate")]
    assert report.findings[0].message == "us-pacific has now spent 2 SB this turn; its shipbuilding rate is 1 (27.724A)"
    assert report.skipped == ()


# ---------------------------------------------------------------------------------------------------------------------
# Options (27.7272): EX-N2 launch, EX-N3, EX-A1..A3, DT-13


@pytest.mark.plants("N-20.A", "N-04.A")
def test_ex_n2_cruiser_launched_in_fall_not_before() -> None:
    base: list[Event] = [created(), yard(rate=4), lay("ca", "ca", 2, "2", "fall")]
    assert findings([*base, launch("ca", when=FALL, paid=True)], "27.7") == []
    early = findings([*base, launch("ca", when=SUMMER, paid=True)], "27.7")
    assert early == [
        (
            4,
            "chart_column",
            "ca is in the Fall column; in Summer only ships in the Summer column may be moved or launched (27.7272)",
        ),
    ]
    free = findings([*base, launch("ca", when=FALL)], "27.7")
    assert free == [(4, "launch", "launching ca from row 2 costs 1 SB + 3 BRPs, not 0 SB + 0 BRPs (27.7272D)")]


@pytest.mark.plants("N-27", "N-28.B", "N-28.C")
def test_ex_n3_destroyer_launched_free_next_turn_and_not_forgotten() -> None:
    laid: list[Event] = [created(), yard(), lay("dd", "dd", 1, "launch", "spring", when=WINTER)]
    spring = {"year": 1941, "season": "spring"}
    assert findings([*laid, launch("dd", when=spring), redeployment(spring)], "27.7") == []
    forgotten = findings([*laid, redeployment(spring)], "27.7")
    assert forgotten == [
        (
            4,
            "due_ships_decided",
            "dd is still on the Launch row of kiel's Spring column after unit construction: it is placed on the "
            "board this phase (27.7272D, 27.7273-27.7274)",
        ),
    ]
    early = findings([*laid, launch("dd", when=WINTER)], "27.7")
    assert early == [
        (
            4,
            "chart_column",
            "dd is in the Spring column; in Winter only ships in the Winter column may be moved or launched (27.7272)",
        ),
    ]


def test_a_ship_on_row_3_is_not_launched() -> None:
    events: list[Event] = [
        created(),
        yard(),
        setup_ship("bismarck", "bb", 4, "3", "spring"),
        launch("bismarck", paid=True),
    ]
    assert findings(events, "27.7272D") == [
        (
            4,
            "launch",
            "bismarck is on row 3: only ships on row 2 (paying 1 SB + 3 BRPs) or on the Launch row (free) are "
            "launched (27.7272D)",
        ),
    ]


@pytest.mark.parametrize(
    ("example", "mode", "truth", "wrong"),
    [
        ("continue", "continue", ("3", "spring"), ("3", "summer")),
        ("EX-A1", "accelerate_1", ("3", "winter"), ("3", "summer")),
        ("EX-A2", "accelerate_2", ("3", "fall"), ("3", "winter")),
    ],
)
@pytest.mark.plants("N-22", "N-23")
def test_ex_a1_a2_advance_cells(example: str, mode: str, truth: tuple[str, str], wrong: tuple[str, str]) -> None:
    base: list[Event] = [created(), yard(), setup_ship("tirpitz", "bb", 4, "4", "spring")]
    assert findings([*base, advance("tirpitz", *truth, mode=mode)], "27.7") == [], example
    assert findings([*base, advance("tirpitz", *wrong, mode=mode)], "27.7") == [
        (
            4,
            "advance_cell",
            f"tirpitz on row 4, Spring column: {mode.replace('_', ' ')} takes it to row 3, "
            f"{truth[1].capitalize()} column, not row 3, {wrong[1].capitalize()} column (27.7272A-B)",
        )
    ], example


@pytest.mark.plants("N-04.B")
def test_advance_cost() -> None:
    events: list[Event] = [
        created(),
        yard(),
        setup_ship("tirpitz", "bb", 4, "4", "spring"),
        advance("tirpitz", "3", "winter", mode="accelerate_1", brps=3),
    ]
    assert findings(events, "27.7272") == [
        (4, "advance_cost", "accelerate 1 of tirpitz costs 1 SB + 6 BRPs, not 1 SB + 3 BRPs (27.7272A-B)"),
    ]


@pytest.mark.plants("N-21", "N-23", "N-24.A")
def test_ex_a3_illegal_accelerations() -> None:
    events: list[Event] = [
        created(),
        yard(rate=8),
        yard("genoa", "italy", 4),
        setup_ship("gz", "cvl", 2, "2", "spring"),
        setup_ship("bismarck", "bb", 4, "2", "spring"),
        setup_ship("roma", "bb", 4, "4", "spring", at="genoa", owner="italy"),
        lay("h", "bb", 5, "5", "spring"),
        advance("gz", "launch", "winter", mode="accelerate_1"),
        advance("bismarck", "launch", "winter", mode="accelerate_1"),
        advance("roma", "3", "winter", mode="accelerate_1", at="genoa"),
        advance("h", "4", "winter", mode="accelerate_1"),
    ]
    assert findings(events, "27.7272B") == [
        (
            8,
            "acceleration",
            "gz (2-factor cvl, Germany) may not be accelerated: only 3-, 4- and 5-factor ships may be accelerated; "
            "acceleration only from rows 5, 4 and 3 (27.7272B)",
        ),
        (
            9,
            "acceleration",
            "bismarck (4-factor bb, Germany) may not be accelerated: acceleration only from rows 5, 4 and 3 (27.7272B)",
        ),
        (
            10,
            "acceleration",
            "roma (4-factor bb, Italy) may not be accelerated: this power may not accelerate now (27.7272B)",
        ),
        (
            11,
            "acceleration",
            "h (5-factor bb, Germany) may not be accelerated: it was placed or moved this phase (27.7272B)",
        ),
    ]
    at_war = [
        *events[:6],
        make(
            WarDeclared,
            year=1940,
            season="spring",
            side="axis",
            phase="diplomacy",
            aggressor="italy",
            target="britain",
            brp_cost=35,
        ),
        events[9],
    ]
    assert findings(at_war, "27.7272B") == []


@pytest.mark.plants("N-25", "N-26.A")
def test_dt13_deferral_and_who_may_defer() -> None:
    base: list[Event] = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter")]
    deferred = make(ShipDeferred, **WINTER, **UC, yard="kiel", ship="bismarck", column="spring")
    assert findings([*base, deferred, redeployment(WINTER)], "27.7") == []
    wrong = make(ShipDeferred, **WINTER, **UC, yard="kiel", ship="bismarck", column="summer")
    assert findings([*base, wrong], "27.7272C") == [
        (
            4,
            "deferral",
            "deferring bismarck moves it one column right, from Winter to Spring, not to Summer (27.7272C)",
        ),
    ]
    italian = [
        created(),
        yard("genoa", "italy", 1),
        setup_ship("roma", "bb", 4, "3", "winter", at="genoa", owner="italy"),
        make(ShipDeferred, **WINTER, **UC, yard="genoa", ship="roma", column="spring"),
    ]
    assert findings(italian, "27.7272C") == [
        (4, "deferral", "roma (Italy) may not be deferred: this power may not defer now (27.7272C)"),
    ]


@pytest.mark.plants("N-26.B", "N-27")
def test_undecided_ships_and_scuttling() -> None:
    events: list[Event] = [
        created(),
        yard(),
        yard("lorient", "france", 1),
        setup_ship("bismarck", "bb", 4, "3", "winter"),
        setup_ship("richelieu", "bb", 4, "3", "fall", at="lorient", owner="france"),
        make(ShipScuttled, **FALL, side="allied", phase="unit_construction", yard="lorient", ship="richelieu"),
        redeployment(WINTER),
    ]
    assert findings(events, "27.7272") == [
        (6, "scuttle", "richelieu (France) may not be scuttled now (27.7272E)"),
        (
            7,
            "due_ships_decided",
            "bismarck on row 3, Winter column at kiel was neither continued, accelerated nor deferred this unit "
            "construction phase (27.7272)",
        ),
    ]


@pytest.mark.plants("N-21")
def test_one_move_per_phase() -> None:
    events: list[Event] = [created(), yard(rate=4), lay("h", "bb", 4, "4", "spring"), advance("h", "3", "spring")]
    assert findings(events, "27.7272") == [
        (
            4,
            "chart_column",
            "h was already placed or moved on the chart this phase; it may not move again before its column next "
            "comes up (27.7272)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Repairs and raising: EX-R1, EX-R2, DT-15, DT-16


def damaged_at_yard(ship: str, unit_type: str, factors: int) -> list[Event]:
    return [
        created(),
        yard("glasgow", "britain", 4),
        placed(ship, unit_type, factors),
        make(ShipDamaged, year=1939, season="winter", side="axis", phase="combat", ship=ship),
        make(
            ShipArrivedForRepair,
            year=1939,
            season="winter",
            side="allied",
            phase="redeployment",
            yard="glasgow",
            ship=ship,
        ),
    ]


def repair(ship: str, column: str, *, when: dict[str, Any] = SPRING, sb: int = 1, brps: int = 3) -> ShipRepairStarted:
    return make(
        ShipRepairStarted,
        **when,
        side="allied",
        phase="unit_construction",
        yard="glasgow",
        ship=ship,
        column=column,
        sb=sb,
        brps=brps,
    )


@pytest.mark.parametrize(
    ("example", "unit_type", "factors", "when", "column", "sb", "brps"),
    [
        ("EX-R1", "bc", 3, SPRING, "fall", 1, 3),
        ("EX-R2", "ca", 2, SPRING, "summer", 0, 0),
        ("DT-15", "bb", 4, FALL, "spring", 1, 3),
    ],
)
@pytest.mark.plants("N-04.A", "N-04.C", "N-32.A", "N-32.B")
def test_repair_placement_and_cost(
    example: str, unit_type: str, factors: int, when: dict[str, Any], column: str, sb: int, brps: int
) -> None:
    base = damaged_at_yard("renown", unit_type, factors)
    assert findings([*base, repair("renown", column, when=when, sb=sb, brps=brps)], "27.72") == [], example
    wrong_column = "winter" if column != "winter" else "spring"
    kind = {"bc": "bc", "ca": "cruiser", "bb": "bb"}[unit_type]
    assert findings([*base, repair("renown", wrong_column, when=when, sb=sb, brps=brps)], "27.7267") == [
        (
            6,
            "repair_cell",
            f"renown ({kind}) starting repair in {when['season'].capitalize()} goes to the Launch row, "
            f"{column.capitalize()} column, not the {wrong_column.capitalize()} column (27.7267)",
        )
    ], example
    assert findings([*base, repair("renown", column, when=when, sb=1 - sb, brps=3 - brps)], "27.7267") == [
        (
            6,
            "repair_cost",
            f"starting the repair of renown ({kind}) costs {sb} SB + {brps} BRPs, not {1 - sb} SB + {3 - brps} BRPs "
            "(27.7267)",
        )
    ], example


@pytest.mark.plants("N-30", "N-31", "N-35.A")
def test_repairs_start_from_waiting_for_repair_and_not_in_the_damage_turn() -> None:
    events: list[Event] = [
        created(),
        yard("glasgow", "britain", 4),
        placed("hood", "bc", 3),
        placed("renown", "bc", 3),
        make(ShipDamaged, **SPRING, side="allied", phase="combat", ship="renown"),
        make(ShipArrivedForRepair, **SPRING, side="allied", phase="combat", yard="glasgow", ship="renown"),
        repair("hood", "fall"),
        repair("renown", "fall"),
        make(ShipDamaged, **SPRING, side="allied", phase="combat", ship="ger-dd"),
    ]
    events.insert(2, placed("ger-dd", "dd", 1, owner="germany"))
    assert findings(events, "27.72") == [
        (8, "repair_allowed", "hood: repairs start from the yard's Waiting for Repair box (27.7261)"),
        (9, "repair_allowed", "renown: repair may not start in the player turn of the damage (27.7266A)"),
        (10, "never_damaged", "ger-dd is a destroyer: one-factor naval units are never damaged (27.721)"),
    ]


@pytest.mark.plants("N-31", "N-36.A", "N-36.C")
def test_dt16_raising() -> None:
    events: list[Event] = [
        created(),
        yard("glasgow", "britain", 4),
        yard(),
        placed("warspite", "bb", 4),
        placed("york", "ca", 2),
        make(ShipSunk, **SPRING, side="axis", phase="combat", ship="warspite", in_port=True),
        make(ShipSunk, **SPRING, side="axis", phase="combat", ship="york", in_port=True),
        make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="glasgow", ship="warspite"),
        make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="kiel", ship="york"),
        repair("warspite", "fall"),
    ]
    assert findings(events, "27.72") == [
        (
            9,
            "raise_ship",
            "york is a cruiser: only named ships sunk in port may be raised; cruisers, DDs and CVEs sunk in port "
            "are gone (27.7262)",
        ),
        (
            9,
            "raise_ship",
            "york is raised with SB of kiel (germany); the SB must come from a shipyard of its owner, britain "
            "(27.7263)",
        ),
        (10, "repair_allowed", "warspite: repairs start from the yard's Waiting for Repair box (27.7261)"),
        (10, "repair_allowed", "warspite: repair may not start in the player turn the ship was raised (27.7262)"),
    ]


def test_the_example_kiel_sequence_audits_clean() -> None:
    """Kiel in the shipped campaign: the cruiser launched from row 2 in Fall 1939, a DD laid down and launched free
    in Winter, Bismarck continued, Tirpitz continued in Spring 1940."""
    fall = {"year": 1939, "season": "fall"}
    winter = {"year": 1939, "season": "winter"}
    events: list[Event] = [
        created(),
        yard(),
        setup_ship("tirpitz", "bb", 4, "4", "spring"),
        setup_ship("bismarck", "bb", 4, "3", "winter"),
        setup_ship("graf-zeppelin", "cvl", 2, "2", "summer"),
        setup_ship("ger-ca-3", "ca", 2, "2", "fall"),
        launch("ger-ca-3", when=fall, paid=True),
        lay("ger-dd-7", "dd", 1, "launch", "winter", when=fall),
        redeployment(fall),
        launch("ger-dd-7", when=winter),
        advance("bismarck", "2", "winter", when=winter),
        redeployment(winter),
        advance("tirpitz", "3", "spring"),
        redeployment(SPRING),
    ]
    assert findings(events, "27.7") == []


# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322): EX-T1..T3


def transports_game(usat: int, lost: int) -> list[Event]:
    events: list[Event] = [
        created(),
        yard("us-atlantic", "usa", 5, "us_box"),
        make(TensionChanged, year=1939, season="fall", phase="setup", track="usat", old=0, new=usat),
    ]
    for n in range(lost):
        events.append(placed(f"brit-tr-{n}", "transport", 1))
    for n in range(lost):
        events.append(
            make(UnitEliminated, **WINTER, side="axis", phase="sw", unit=f"brit-tr-{n}", cause="naval_combat")
        )
    return events


def us_transport(n: int, payer: str) -> UnitBuilt:
    return make(
        UnitBuilt,
        **WINTER,
        side="allied",
        phase="unit_construction",
        unit=f"wa-tr-{n}",
        owner="britain",
        nationality="britain",
        unit_type="transport",
        factors=1,
        location="box:us_atlantic",
        cost=3,
        payer=payer,
        yard="us-atlantic",
        sb=1,
    )


def test_ex_t1_cash_and_carry_after_six_losses() -> None:
    assert findings([*transports_game(21, 6), us_transport(1, "britain")], "27.7322") == []


@pytest.mark.plants("N-52.A", "N-52.B")
def test_ex_t2_lend_lease_up_to_usat_minus_25() -> None:
    game = transports_game(29, 5)
    assert findings([*game, us_transport(1, "usa")], "27.7322") == []
    second = findings([*game, us_transport(1, "usa"), us_transport(2, "usa")], "27.7322")
    assert second == [
        (
            15,
            "prewar_transports",
            "transport wa-tr-2 built in us-atlantic before the U.S. is at war with Germany (USAT 29, 5 WA transports "
            "lost in the Axis player turn): U.S. pays more than USAT - 25 (27.7322B)",
        )
    ]
    british = findings([*game, us_transport(1, "britain")], "27.7322")
    assert british == [
        (
            14,
            "prewar_transports",
            "transport wa-tr-1 built in us-atlantic before the U.S. is at war with Germany (USAT 29, 5 WA transports "
            "lost in the Axis player turn): cash and carry needs more than five WA transports lost (27.7322A)",
        )
    ]


def test_ex_t3_two_at_us_expense_and_a_third_by_britain() -> None:
    game = transports_game(33, 7)
    built = [us_transport(1, "usa"), us_transport(2, "usa"), us_transport(3, "britain")]
    assert findings([*game, *built], "27.7322") == []


SUMMER_39 = {"year": 1939, "season": "summer"}
FALL_39 = {"year": 1939, "season": "fall"}
WINTER_39 = {"year": 1939, "season": "winter"}


def box_yard(name: str, owner: str, rate: int, rule: str = "double_rate") -> ShipyardDefined:
    """A shipyard in a mapboard box (``us-atlantic`` is in ``box:us_atlantic``)."""
    return make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard=name,
        owner=owner,
        location=f"box:{name.replace('-', '_')}",
        rate=rate,
        capacity_rule=rule,
    )


def checks(events: list[Event], check: str) -> list[str]:
    """The messages of one check's findings."""
    return [m for _, c, m in findings(events) if c == check]


def built(unit: str, owner: str, unit_type: str, location: str, **fields: Any) -> UnitBuilt:
    base: dict[str, Any] = {
        "year": 1940,
        "season": "spring",
        "side": "allied",
        "phase": "unit_construction",
        "unit": unit,
        "owner": owner,
        "nationality": owner,
        "unit_type": unit_type,
        "factors": 1,
        "location": location,
        "cost": 3,
    }
    return make(UnitBuilt, **(base | fields))


def war(a: str, b: str, when: dict[str, Any] = FALL_39) -> WarDeclared:
    return make(WarDeclared, **when, side="axis", phase="diplomacy", aggressor=a, target=b, brp_cost=35)


def tension(track: str, new: int) -> TensionChanged:
    return make(TensionChanged, year=1939, season="fall", phase="setup", track=track, old=0, new=new)


# ---------------------------------------------------------------------------------------------------------------------
# Who may build what, and when (27.7221A, 27.7223, 27.61A, 27.7322)


@pytest.mark.plants("N-16.C", "N-17", "A-03")
def test_cves_and_japanese_destroyers() -> None:
    us = box_yard("us-atlantic", "usa", 12, "us_box")
    cve = lay("cve1", "cve", 5, "launch", "summer", at="us-atlantic", owner="usa", sb=5, brps=15, side="allied")
    british = lay("cve2", "cve", 1, "launch", "summer", at="us-atlantic", owner="britain", side="allied")
    events: list[Event] = [created(), us, tension("usat", 30), cve, british]
    found = findings(events, "27.722")
    assert [c for _, c, _ in found] == ["naval_build_type", "cve_training_rate"]
    assert "USAT too low for usa CVEs" in found[0][2]
    assert "its naval air training rate, 4" in found[1][2]
    assert findings([created(), us, tension("usat", 35), british], "27.722") == []
    tokyo = yard("tokyo", "japan", 3)
    early = lay("jdd", "dd", 1, "launch", "fall", when=SUMMER_39, at="tokyo", owner="japan")
    assert checks([created(), tokyo, early], "naval_build_type") == [
        "Japan builds destroyer jdd: Japan may not build destroyers before Fall 1939 (27.7221A)"
    ]
    on_time = lay("jdd", "dd", 1, "launch", "winter", when=FALL_39, at="tokyo", owner="japan")
    assert checks([created(), tokyo, on_time], "naval_build_type") == []


def transport_built_in(box: str, when: dict[str, Any], unit: str = "tr1") -> UnitBuilt:
    yard_id = box.removeprefix("box:").replace("_", "-")
    return built(unit, "usa", "transport", box, **when, yard=yard_id, sb=1, payer="usa")


@pytest.mark.plants("N-50", "N-53")
def test_us_transports_from_fall_1939_and_pacific_rebuilds() -> None:
    atlantic = yard("us-atlantic", "usa", 2, "us_box")
    pacific = yard("us-pacific", "usa", 2, "us_box")
    early = checks(
        [created(), atlantic, tension("usat", 30), transport_built_in("box:us_atlantic", SUMMER_39)],
        "prewar_transports",
    )
    assert len(early) == 1 and "no U.S. transports before Fall 1939" in early[0]
    base: list[Event] = [created(), atlantic, pacific, war("japan", "usa")]
    spring = {"year": 1940, "season": "spring"}
    assert checks([*base, transport_built_in("box:us_pacific", spring)], "prewar_transports") == []
    in_atlantic = checks([*base, transport_built_in("box:us_atlantic", spring)], "prewar_transports")
    assert len(in_atlantic) == 1 and "U.S. pays more than USAT - 25" in in_atlantic[0]


# ---------------------------------------------------------------------------------------------------------------------
# Repairs: captured yards, the Pacific, raising, where and who pays (27.713, 27.7263-27.7266)


def damaged_then_repaired(ship: str, owner: str, at: str, **repair_fields: Any) -> list[Event]:
    winter = {"year": 1939, "season": "winter"}
    return [
        make(
            UnitPlaced,
            year=1939,
            season="fall",
            phase="setup",
            unit=ship,
            owner=owner,
            nationality=owner,
            unit_type="ca",
            factors=2,
            location="EUR:H20",
        ),
        make(ShipDamaged, **winter, side="axis", phase="combat", ship=ship),
        make(ShipArrivedForRepair, **winter, side="allied", phase="redeployment", ship=ship, yard=at),
        make(
            ShipRepairStarted,
            **SPRING,
            side="allied",
            phase="unit_construction",
            ship=ship,
            yard=at,
            column="summer",
            **repair_fields,
        ),
    ]


@pytest.mark.plants("N-12.B")
def test_captured_yards_repair_only_after_the_owner_surrendered() -> None:
    captured = make(
        ShipyardControlChanged,
        **WINTER_39,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    events = [created(), yard(), captured, *damaged_then_repaired("rus-ca", "russia", "kiel")]
    found = checks(events, "captured_yard")
    assert found == [
        "kiel is a captured shipyard: it repairs only once its original owner, Germany, has surrendered (27.713)"
    ]
    surrendered = make(
        StatusChanged, **WINTER_39, side="allied", phase="combat", country="germany", status="surrendered"
    )
    assert (
        checks(
            [created(), yard(), captured, surrendered, *damaged_then_repaired("rus-ca", "russia", "kiel")],
            "captured_yard",
        )
        == []
    )


@pytest.mark.plants("N-34")
def test_russian_ships_in_the_pacific_are_not_repaired() -> None:
    pacific = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="vladivostok",
        owner="russia",
        location="PAC:F30",
        rate=1,
    )
    found = checks([created(), pacific, *damaged_then_repaired("rus-ca", "russia", "vladivostok")], "repair_allowed")
    assert found == ["rus-ca: Russian ships in the Pacific may not be repaired (27.7266B)"]
    leningrad = yard("leningrad", "russia", 1)
    assert (
        checks([created(), leningrad, *damaged_then_repaired("rus-ca", "russia", "leningrad")], "repair_allowed") == []
    )


@pytest.mark.plants("N-36.B", "N-36.C")
def test_raising_in_the_unit_construction_phase_with_sb_of_the_right_theater() -> None:
    us = yard("us-atlantic", "usa", 2, "us_box")
    ship = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="arizona",
        owner="usa",
        nationality="usa",
        unit_type="bb",
        factors=4,
        location="PAC:K40",
    )
    sunk = make(ShipSunk, **SPRING, side="axis", phase="combat", ship="arizona", in_port=True)
    raised = make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="us-atlantic", ship="arizona")
    found = checks([created(), us, ship, sunk, raised], "raise_ship")
    assert found == [
        "American Atlantic shipbuilding may only raise ships in the european theater; arizona lies in "
        "the pacific theater (27.7263)"
    ]
    pacific = yard("us-pacific", "usa", 2, "us_box")
    right = make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="us-pacific", ship="arizona")
    assert checks([created(), pacific, ship, sunk, right], "raise_ship") == []
    moving = make(ShipRaised, **SPRING, side="allied", phase="movement", yard="us-pacific", ship="arizona")
    assert checks([created(), pacific, ship, sunk, moving], "raise_ship") == [
        "arizona is raised in the movement phase; ships are raised during a unit construction phase (27.7262)"
    ]
    cheap = make(
        ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="us-pacific", ship="arizona", brps=2
    )
    assert checks([created(), pacific, ship, sunk, cheap], "raise_ship") == [
        "raising arizona costs 1 SB + 3 BRPs, not 1 SB + 2 BRPs (27.7262)"
    ]


@pytest.mark.plants("N-05.A")
def test_who_pays_a_repair() -> None:
    glasgow = yard("glasgow", "britain", 4)
    right = damaged_then_repaired("york", "britain", "glasgow", payer="britain")
    assert checks([created(), glasgow, *right], "repair_place_and_payer") == []
    wrong = damaged_then_repaired("york", "britain", "glasgow", payer="usa")
    assert checks([created(), glasgow, *wrong], "repair_place_and_payer") == [
        "the repair of york at glasgow is paid by Britain: the shipyard's owner, or the ship's owner in a captured "
        "shipyard (27.7264)"
    ]
    captured = make(
        ShipyardControlChanged,
        **WINTER_39,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    surrendered = make(
        StatusChanged, **WINTER_39, side="allied", phase="combat", country="germany", status="surrendered"
    )
    by_yard_owner = damaged_then_repaired("rus-ca", "russia", "kiel", payer="germany")
    assert checks([created(), yard(), captured, surrendered, *by_yard_owner], "repair_place_and_payer") == [
        "the repair of rus-ca at kiel is paid by Russia: the shipyard's owner, or the ship's owner in a captured "
        "shipyard (27.7264)"
    ]


@pytest.mark.plants("N-05.B")
def test_vichy_repairs_at_marseilles_cost_no_brps_until_vichy_associates() -> None:
    marseilles = yard("marseilles", "france", 1)
    placed_ = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="dunkerque",
        owner="france",
        nationality="france",
        unit_type="bc",
        factors=3,
        location="EUR:V21",
    )
    vichy = make(FrenchForcesAssigned, **WINTER_39, side="allied", phase="end_of_player_turn", vichy=["dunkerque"])

    def game(brps: int, *extra: Event) -> list[Event]:
        return [
            created(),
            marseilles,
            placed_,
            vichy,
            *extra,
            make(ShipDamaged, **WINTER_39, side="axis", phase="combat", ship="dunkerque"),
            make(
                ShipArrivedForRepair,
                **WINTER_39,
                side="allied",
                phase="redeployment",
                ship="dunkerque",
                yard="marseilles",
            ),
            make(
                ShipRepairStarted,
                **SPRING,
                side="allied",
                phase="unit_construction",
                ship="dunkerque",
                yard="marseilles",
                column="fall",
                sb=1,
                brps=brps,
            ),
        ]

    assert checks(game(0), "repair_cost") == []
    assert checks(game(3), "repair_cost") == [
        "starting the repair of dunkerque (bc) costs 1 SB + 0 BRPs, not 1 SB + 3 BRPs (27.7267)"
    ]
    activated = make(StatusChanged, **WINTER_39, side="axis", phase="diplomacy", country="vichy", status="activated")
    assert checks(game(3, activated), "repair_cost") == []


def test_repair_locations() -> None:
    glasgow = yard("glasgow", "britain", 4)
    us = box_yard("us-atlantic", "usa", 2, "us_box")
    german = damaged_then_repaired("ger-ca", "germany", "glasgow")
    assert checks([created(), glasgow, *german], "repair_place_and_payer") == [
        "ger-ca (Germany) may not be repaired at glasgow: repairs only in a port controlled by the owner's alliance "
        "faction (27.7264)"
    ]
    british = damaged_then_repaired("york", "britain", "us-atlantic")
    assert checks([created(), us, *british], "repair_place_and_payer") == [
        "york (Britain) may not be repaired at us-atlantic: the U.S. boxes repair other WA ships once the U.S. is at "
        "war (27.7264)"
    ]
    assert checks([created(), us, war("germany", "usa"), *british], "repair_place_and_payer") == []


# ---------------------------------------------------------------------------------------------------------------------
# Rates, where ships are built, American fast carriers, Australia, minor countries


def test_shipbuilding_rate_changes() -> None:
    def change(at: str, rate: int, cause: str) -> ShipbuildingRateChanged:
        return make(ShipbuildingRateChanged, **SPRING, side="allied", phase="research", yard=at, rate=rate, cause=cause)

    leningrad, us = yard("leningrad", "russia", 1), yard("us-pacific", "usa", 1, "us_box")
    assert checks([created(), leningrad, change("leningrad", 2, "rp")], "rate_change") == [
        "leningrad (Russia): russia's shipbuilding rate may not be increased (27.731)"
    ]
    assert len(checks([created(), us, change("us-pacific", 2, "rp")], "rate_change")) == 1
    assert len(checks([created(), us, change("us-pacific", 2, "production")], "rate_change")) == 1
    assert checks([created(), us, tension("usjt", 50), change("us-pacific", 2, "production")], "rate_change") == []
    assert len(checks([created(), yard(), change("kiel", 5, "gift")], "rate_change")) == 1
    mobilized = make(
        MobilizationApplied,
        **SPRING,
        side="allied",
        phase="diplomacy",
        power="usa",
        shipbuilding_increase=2,
        yard="us-pacific",
    )
    assert checks([created(), us, mobilized], "rate_change") == [
        "us-pacific (the U.S.): one shipbuilding point per mobilization (27.7321A)"
    ]
    report = run([created(), yard(), change("kiel", 3, "other")], "27.731")
    assert report.findings == () and report.skipped


def test_where_ships_are_built() -> None:
    assert len(checks([created(), built("sub", "germany", "submarine", "box:canada")], "build_location")) == 1
    assert checks([created(), built("asw", "britain", "asw", "box:canada")], "build_location") == []
    canada = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="canada",
        owner="britain",
        location="box:canada",
        rate=2,
    )
    bb = lay("bb", "bb", 3, "3", "spring", at="canada", owner="britain", side="allied")
    assert len(checks([created(), canada, bb], "build_location")) == 1
    dd = lay("dd", "dd", 1, "launch", "summer", at="canada", owner="britain", side="allied")
    assert checks([created(), canada, dd], "build_location") == []
    report = run([created(), built("sub", "britain", "submarine", "EUR:H20")], "27.711")
    assert report.findings == () and any("no map data for EUR:H20" in s.reason for s in report.skipped)


@pytest.mark.plants("N-18", "N-19")
def test_australian_cap_and_minor_country_ships() -> None:
    australia = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="australia",
        owner="britain",
        location="box:australia",
        rate=2,
    )
    aus_dd = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="aus-dd",
        owner="britain",
        nationality="commonwealth:australia",
        unit_type="dd",
        factors=2,
        location="box:australia",
    )
    dd = lay("aus-dd-2", "dd", 1, "launch", "summer", at="australia", owner="britain", side="allied")
    assert checks([created(), australia, aus_dd, dd], "australian_cap") == [
        "Australia would have 3 destroyer factors in play; no more than 2 may be (27.712D, 27.473B)"
    ]
    assert checks([created(), australia, dd], "australian_cap") == []
    assert checks(
        [created(), built("rum-sub", "germany", "submarine", "EUR:X40", nationality="rumania")], "minor_naval_rebuild"
    ) == [
        "submarine rum-sub is a rumania naval unit: minor-country naval units may not be rebuilt, except Australian "
        "cruisers and destroyers (27.22C)"
    ]
    aus_ca = built("aus-ca", "britain", "ca", "box:australia", nationality="commonwealth:australia", factors=2)
    assert checks([created(), aus_ca], "minor_naval_rebuild") == []


def test_american_fast_carriers_before_war_with_japan() -> None:
    us = yard("us-pacific", "usa", 4, "us_box")
    tokyo = yard("tokyo", "japan", 3)
    cv = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cv1",
        owner="usa",
        unit_type="cv",
        factors=3,
        row="3",
        column="spring",
        sb=1,
        brps=3,
        entitlement="japanese_fast_carrier",
    )
    found = checks([created(), us, cv], "us_fast_carriers")
    assert found == [
        "cv1 would be American fast carrier 1 laid down for japanese fast carriers, but only 0 were laid "
        "down (27.7325C, 27.733)"
    ]
    japanese = lay("shokaku", "cv", 3, "3", "winter", when=WINTER_39, at="tokyo", owner="japan")
    assert checks([created(), us, tokyo, japanese, cv], "us_fast_carriers") == []
    cvl = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cvl1",
        owner="usa",
        unit_type="cvl",
        factors=2,
        row="2",
        column="spring",
        sb=1,
        brps=3,
        entitlement="japanese_fast_carrier",
    )
    assert any("one CV" in m for m in checks([created(), us, tokyo, japanese, cvl], "us_fast_carriers"))
    unnamed = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cv2",
        owner="usa",
        unit_type="cv",
        factors=3,
        row="3",
        column="spring",
        sb=1,
        brps=3,
    )
    report = run([created(), us, unnamed], "27.7325")
    assert report.findings == () and any("names no entitlement" in s.reason for s in report.skipped)
    assert checks([created(), us, war("japan", "usa"), cv], "us_fast_carriers") == []


# ---------------------------------------------------------------------------------------------------------------------
# Ships on a chart, sunk in port, displaced (27.7262, 27.71, 27.7281-27.7283)


def redeploy(unit: str, when: dict[str, Any] = SPRING) -> UnitRedeployed:
    return make(
        UnitRedeployed,
        **when,
        side="axis",
        phase="redeployment",
        unit=unit,
        kind="NR",
        origin="EUR:J30",
        destination="EUR:H31",
    )


@pytest.mark.plants("N-37", "N-40.B")
def test_ships_on_a_chart_and_sunk_in_port_do_not_move() -> None:
    events = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter"), redeploy("bismarck")]
    assert checks(events, "chart_ships_stay") == [
        "bismarck is on row 3 of kiel's chart: ships under construction or repair never move or redeploy (27.7282; "
        "rows 2 and Launch leave only when displaced)"
    ]
    lutzow = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="lutzow",
        owner="germany",
        nationality="germany",
        unit_type="pb",
        factors=2,
        location="EUR:J30",
    )
    sunk = make(ShipSunk, **WINTER_39, side="allied", phase="combat", ship="lutzow", in_port=True)
    assert checks([created(), lutzow, sunk, redeploy("lutzow")], "chart_ships_stay") == [
        "lutzow was sunk in port and has not been raised: it may not move (27.7262)"
    ]
    damaged = make(ShipDamaged, **WINTER_39, side="allied", phase="combat", ship="lutzow")
    waiting = make(ShipArrivedForRepair, **WINTER_39, side="axis", phase="redeployment", ship="lutzow", yard="kiel")
    assert checks([created(), yard(), lutzow, damaged, waiting, redeploy("lutzow")], "chart_ships_stay") == []


@pytest.mark.plants("N-42.A", "N-42.B")
def test_ships_on_a_chart_are_only_bombed_and_damaged_ships_are_sunk() -> None:
    base = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter")]

    def sunk(cause: str) -> ShipSunk:
        return make(ShipSunk, **SPRING, side="allied", phase="combat", ship="bismarck", cause=cause)

    assert checks([*base, sunk("strategic_bombing")], "chart_ships_attacked") == []
    assert checks([*base, sunk("naval_combat")], "chart_ships_attacked") == [
        "bismarck is under construction or repair on kiel's chart: it may only be attacked by strategic bombing "
        "(27.7283, 26.76)"
    ]
    renown = [
        created(),
        yard("glasgow", "britain", 4),
        placed("renown", "bc", 3),
        make(ShipDamaged, **WINTER_39, side="axis", phase="movement", ship="renown"),
        make(ShipArrivedForRepair, **WINTER_39, side="allied", phase="movement", ship="renown", yard="glasgow"),
    ]
    again = make(ShipDamaged, **SPRING, side="axis", phase="combat", ship="renown")
    assert len(checks([*renown, again], "chart_ships_attacked")) == 1
    assert (
        checks([*renown, make(ShipSunk, **SPRING, side="axis", phase="combat", ship="renown")], "chart_ships_attacked")
        == []
    )


def test_displacement_and_captured_charts() -> None:
    base = [
        created(),
        yard(rate=4),
        setup_ship("bismarck", "bb", 4, "3", "winter"),
        setup_ship("ger-ca", "ca", 2, "2", "spring"),
    ]

    def displaced(ship: str, reason: str, destroyed: bool) -> ShipDisplacedFromChart:
        return make(
            ShipDisplacedFromChart,
            **SPRING,
            side="allied",
            phase="combat",
            ship=ship,
            yard="kiel",
            reason=reason,
            destroyed=destroyed,
        )

    assert len(checks([*base, displaced("bismarck", "port_occupied", False)], "displacement")) == 1
    assert len(checks([*base, displaced("ger-ca", "yard_captured", True)], "displacement")) == 1
    captured = make(
        ShipyardControlChanged,
        **SPRING,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    cleared = [
        *base,
        captured,
        displaced("bismarck", "yard_captured", True),
        displaced("ger-ca", "yard_captured", False),
    ]
    next_phase = make(PhaseStarted, **SPRING, side="allied", phase="exploitation")
    assert findings([*cleared, next_phase], "27.71") == []
    left = checks([*base, captured, displaced("ger-ca", "yard_captured", False), next_phase], "captured_chart_cleared")
    assert len(left) == 1 and left[0].startswith("bismarck is still on kiel's chart")


# ---------------------------------------------------------------------------------------------------------------------
# DT-10 to DT-12


@pytest.mark.plants("N-03.B")
@pytest.mark.parametrize(("rate", "capacity"), [(1, 10), (5, 10), (6, 12)])
def test_dt10_us_box_capacity(rate: int, capacity: int) -> None:
    assert shipyard_capacity(rate, "us_box") == capacity
    us = yard("us-atlantic", "usa", rate, "us_box")
    ships = [setup_ship(f"dd{n}", "dd", 1, "launch", "spring", at="us-atlantic", owner="usa") for n in range(capacity)]
    extra = lay("dd-x", "dd", 1, "launch", "summer", at="us-atlantic", owner="usa", side="allied")
    found = checks([created(), us, *ships[:-1], extra], "yard_capacity")
    assert found == []
    assert checks([created(), us, *ships, extra], "yard_capacity") == [
        f"us-atlantic's chart now holds {capacity + 1} ships; its capacity is {capacity} (27.741; launches earlier in "
        "the phase free space, 27.742)"
    ]


def spring(year: int) -> dict[str, Any]:
    return {"year": year, "season": "spring"}


def fall(year: int) -> dict[str, Any]:
    return {"year": year, "season": "fall"}


@pytest.mark.plants("N-22", "N-04.B")
def test_dt11_a_five_factor_ship_in_sixteen_turns() -> None:
    events: list[Event] = [created(), yard(), lay("h", "bb", 5, "5", "spring", when=spring(1940))]
    for year, row in ((1941, "4"), (1942, "3"), (1943, "2")):
        events.append(advance("h", row, "spring", when=spring(year)))
    events.append(launch("h", when=spring(1944), paid=True))
    assert findings(events, "27.7") == []
    state = replay(events)
    assert (state.naval.sb_total["kiel"], state.naval.brps_total["kiel"]) == (5, 15)
    assert state.naval.ships["h"].status == "launched"
    skipped = [*events[:4], advance("h", "3", "spring", when=spring(1942), mode="accelerate_1", brps=3)]
    assert sorted(c for _, c, _ in findings(skipped, "27.7")) == ["advance_cell", "advance_cost"]


@pytest.mark.plants("N-23", "N-04.B")
def test_dt12_knights_moves_take_ten_turns_and_33_brps() -> None:
    events: list[Event] = [
        created(),
        yard(),
        lay("h", "bb", 5, "5", "spring", when=spring(1940)),
        advance("h", "4", "fall", mode="accelerate_2", when=spring(1941)),
        advance("h", "3", "spring", mode="accelerate_2", when=fall(1941)),
        advance("h", "2", "fall", mode="accelerate_2", when=spring(1942)),
        launch("h", when=fall(1942), paid=True),
    ]
    assert findings(events, "27.7") == []
    assert replay(events).naval.brps_total["kiel"] == 33
    cheap = [*events[:4], advance("h", "3", "spring", mode="accelerate_2", when=fall(1941), brps=6)]
    assert [c for _, c, _ in findings(cheap, "27.7")] == ["advance_cost"]


# ---------------------------------------------------------------------------------------------------------------------
# One planted fault per clause of the checklist items the tests above plant only in part (N-03 .. N-51)


def _cruiser_to_repair(ship: str, owner: str, at: str) -> tuple[UnitPlaced, ShipDamaged, ShipArrivedForRepair]:
    """A cruiser placed at the start, damaged in Winter 1939 and in ``at``'s Waiting for Repair box that turn."""
    return (
        make(
            UnitPlaced, year=1939, season="fall", phase="setup", unit=ship, owner=owner, nationality=owner,
            unit_type="ca", factors=2, location="EUR:H20",
        ),
        make(ShipDamaged, **WINTER_39, side="axis", phase="combat", ship=ship),
        make(ShipArrivedForRepair, **WINTER_39, side="allied", phase="redeployment", ship=ship, yard=at),
    )  # fmt: skip


def _repair_at(ship: str, at: str, column: str = "summer", **cost: int) -> ShipRepairStarted:
    return make(
        ShipRepairStarted, **SPRING, side="allied", phase="unit_construction", ship=ship, yard=at, column=column, **cost
    )


def _kiel_taken_by_russia() -> list[Event]:
    return [
        make(ShipyardControlChanged, **WINTER_39, side="allied", phase="combat", yard="kiel", controller="russia",
             mode="captured"),
        make(StatusChanged, **WINTER_39, side="allied", phase="combat", country="germany", status="surrendered"),
    ]  # fmt: skip


@pytest.mark.plants("N-03.C")
def test_a_captured_yard_holds_two_ships_whatever_its_rate() -> None:
    """27.713: a captured yard works at rate 1 and capacity 2. Kiel at rate 4 (capacity 8 as a German yard) taken by
    Russia after Germany's surrender: two Russian cruiser repairs fit, a third is a finding."""
    cruisers = [_cruiser_to_repair(f"rus-ca-{n}", "russia", "kiel") for n in range(3)]
    events: list[Event] = [created(), yard(rate=4), *(c[0] for c in cruisers), *(c[1] for c in cruisers)]
    events += [*_kiel_taken_by_russia(), *(c[2] for c in cruisers)]
    two = [*events, _repair_at("rus-ca-0", "kiel"), _repair_at("rus-ca-1", "kiel")]
    assert checks(two, "yard_capacity") == []
    assert checks([*two, _repair_at("rus-ca-2", "kiel")], "yard_capacity") == [
        "kiel's chart now holds 3 ships; its capacity is 2 (27.741; launches earlier in the phase free space, 27.742)"
    ]


@pytest.mark.plants("N-32.C")
def test_a_repair_counts_against_the_yard_capacity() -> None:
    """27.7267: ships under repair count against capacity like ships being built. Glasgow at rate 1 holds 2: with
    one ship on its chart a cruiser's repair fits; with two it is a finding."""
    one = [created(), yard("glasgow", "britain", 1), setup_ship("brit-ca", "ca", 2, "2", "fall", at="glasgow",
                                                              owner="britain")]  # fmt: skip
    repaired = [*_cruiser_to_repair("york", "britain", "glasgow"), _repair_at("york", "glasgow")]
    assert checks([*one, *repaired], "yard_capacity") == []
    two = [*one, setup_ship("brit-ca-2", "ca", 2, "2", "winter", at="glasgow", owner="britain")]
    assert checks([*two, *repaired], "yard_capacity") == [
        "glasgow's chart now holds 3 ships; its capacity is 2 (27.741; launches earlier in the phase free space, "
        "27.742)"
    ]


@pytest.mark.plants("N-04.A")
def test_every_sb_point_comes_with_three_brps() -> None:
    """27.7251, 27.7272A: a lay-down or a continuation uses 1 SB and 3 BRPs: one with 2 BRPs is a finding."""
    base: list[Event] = [created(), yard(), setup_ship("tirpitz", "bb", 4, "4", "spring")]
    assert findings([*base, lay("h", "bb", 5, "5", "spring"), advance("tirpitz", "3", "spring")], "27.7") == []
    assert checks([*base, lay("h", "bb", 5, "5", "spring", brps=2)], "lay_down_cost") == [
        "laying down h costs 1 SB + 3 BRPs, not 1 SB + 2 BRPs (27.7251)"
    ]
    assert checks([*base, advance("tirpitz", "3", "spring", brps=2)], "advance_cost") == [
        "continue of tirpitz costs 1 SB + 3 BRPs, not 1 SB + 2 BRPs (27.7272A-B)"
    ]


@pytest.mark.plants("N-04.C", "N-28.B")
def test_a_launch_from_the_launch_row_costs_nothing() -> None:
    """27.7272D: a ship already on the Launch row is placed on the board free (a deferral records no cost at all,
    ``ship_deferred``; a cruiser's repair is EX-R2's case above): a launch charged 1 SB + 3 BRPs is a finding."""
    laid: list[Event] = [created(), yard(), lay("dd", "dd", 1, "launch", "spring", when=WINTER)]
    spring = {"year": 1941, "season": "spring"}
    assert findings([*laid, launch("dd", when=spring)], "27.7") == []
    assert checks([*laid, launch("dd", when=spring, sb=1, brps=3)], "launch") == [
        "launching dd from the Launch row costs 0 SB + 0 BRPs, not 1 SB + 3 BRPs (27.7272D)"
    ]


@pytest.mark.plants("N-12.B")
def test_a_captured_yard_repairs_only_ships_of_its_controller() -> None:
    """27.713, 27.7264: a captured yard repairs once its owner has surrendered, and only ships of the faction that
    controls it: a British cruiser at Kiel held by Russia is a finding, a Russian one is not."""
    base: list[Event] = [created(), yard(), *_kiel_taken_by_russia()]
    russian = [*_cruiser_to_repair("rus-ca", "russia", "kiel"), _repair_at("rus-ca", "kiel")]
    assert findings([*base, *russian], "27.7") == []
    british = [*_cruiser_to_repair("york", "britain", "kiel"), _repair_at("york", "kiel")]
    assert checks([*base, *british], "repair_place_and_payer") == [
        "york (Britain) may not be repaired at kiel: repairs only in a port controlled by the owner's alliance "
        "faction (27.7264)"
    ]


@pytest.mark.plants("N-14.A", "N-14.B")
def test_fast_carriers_by_power() -> None:
    """27.7222: CV, CVB and CVL for the U.S. and Japan; CVLs only for Germany, Italy and Britain. A German CVL is
    legal; a British CV and a German CVB are findings; a Japanese CVB is legal."""
    glasgow, tokyo = yard("glasgow", "britain", 4), yard("tokyo", "japan", 4)
    assert checks([created(), yard(rate=4), lay("gz", "cvl", 2, "2", "spring")], "naval_build_type") == []
    cvb = lay("jcvb", "cvb", 4, "4", "spring", at="tokyo", owner="japan")
    assert checks([created(), tokyo, cvb], "naval_build_type") == []
    british_cv = lay("ark", "cv", 3, "3", "spring", at="glasgow", owner="britain", side="allied")
    assert checks([created(), glasgow, british_cv], "naval_build_type") == [
        "Britain builds cv ark: britain may not build cv (27.7222)"
    ]
    german_cvb = lay("gcvb", "cvb", 4, "4", "spring")
    assert checks([created(), yard(rate=4), german_cvb], "naval_build_type") == [
        "Germany builds cvb gcvb: germany may not build cvb (27.7222)"
    ]


@pytest.mark.plants("N-16.A", "N-16.B")
def test_only_the_us_builds_cves_and_british_ones_from_usat_28() -> None:
    """27.7223: only the U.S. builds CVEs; British CVEs (built in a U.S. box) from USAT 28. A CVE laid down at
    Glasgow is a finding; a British CVE in the U.S. Atlantic box at USAT 27 is one, at 28 it is legal."""
    glasgow = yard("glasgow", "britain", 4)
    at_glasgow = lay("cve0", "cve", 1, "launch", "summer", at="glasgow", owner="britain", side="allied")
    assert checks([created(), glasgow, tension("usat", 40), at_glasgow], "naval_build_type") == [
        "Britain builds escort carrier cve0: only the U.S. builds CVEs (27.7223A)"
    ]
    us = box_yard("us-atlantic", "usa", 12, "us_box")
    british = lay("cve2", "cve", 1, "launch", "summer", at="us-atlantic", owner="britain", side="allied")
    assert checks([created(), us, tension("usat", 28), british], "naval_build_type") == []
    assert checks([created(), us, tension("usat", 27), british], "naval_build_type") == [
        "the U.S. builds escort carrier cve2: USAT too low for britain CVEs (27.7223)"
    ]


@pytest.mark.plants("N-20.A", "N-20.B")
def test_only_the_current_column_is_continued_but_any_column_scuttled() -> None:
    """27.7272: in a unit construction phase only the ships of that season's column are continued, accelerated or
    deferred; scuttling may take a ship from any column (27.7272E). Bismarck in the Winter column continued or
    deferred in Spring is a finding; scuttled in Spring it is not."""
    base: list[Event] = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter")]
    out_of_column = (
        "bismarck is in the Winter column; in Spring only ships in the Spring column may be moved or launched (27.7272)"
    )
    assert checks([*base, advance("bismarck", "2", "winter")], "chart_column") == [out_of_column]
    deferred = make(ShipDeferred, **SPRING, **UC, yard="kiel", ship="bismarck", column="spring")
    assert checks([*base, deferred], "chart_column") == [out_of_column]
    scuttled = make(ShipScuttled, **SPRING, **UC, yard="kiel", ship="bismarck")
    assert findings([*base, scuttled], "27.7") == []


@pytest.mark.plants("N-24.B", "N-24.C", "N-24.D")
def test_who_may_accelerate() -> None:
    """27.7272B: Britain, in the year war breaks out (classic: 1939), only once Germany has accelerated that year;
    Japan and the U.S. Pacific only at war with each other or at USJT 40; the U.S. Atlantic only at war with
    Germany. Each is a finding without its condition and legal with it."""
    fall_39 = {"year": 1939, "season": "fall"}

    def accelerated(ship: str, at: str, owner: str, side: str, *before: Event) -> list[str]:
        chart = yard(at, owner, 4, "us_box" if at.startswith("us-") else "double_rate")
        events = [created(), chart, yard(rate=4), setup_ship("tirpitz", "bb", 4, "4", "fall"), *before]
        events += [setup_ship(ship, "bb", 4, "4", "fall", at=at, owner=owner)]
        return checks([*events, advance(ship, "3", "summer", mode="accelerate_1", when=fall_39, at=at, side=side)],
                      "acceleration")  # fmt: skip

    def forbidden(ship: str, owner: str) -> list[str]:
        return [f"{ship} (4-factor bb, {owner}) may not be accelerated: this power may not accelerate now (27.7272B)"]

    assert accelerated("hood", "glasgow", "britain", "allied") == forbidden("hood", "Britain")
    german = advance("tirpitz", "3", "summer", mode="accelerate_1", when=fall_39)
    assert accelerated("hood", "glasgow", "britain", "allied", german) == []
    assert accelerated("yamato", "tokyo", "japan", "axis") == forbidden("yamato", "Japan")
    assert accelerated("yamato", "tokyo", "japan", "axis", tension("usjt", 40)) == []
    assert accelerated("iowa", "us-pacific", "usa", "allied") == forbidden("iowa", "the U.S.")
    assert accelerated("iowa", "us-pacific", "usa", "allied", war("japan", "usa")) == []
    assert accelerated("iowa", "us-atlantic", "usa", "allied", tension("usjt", 40)) == forbidden("iowa", "the U.S.")
    assert accelerated("iowa", "us-atlantic", "usa", "allied", war("germany", "usa")) == []


@pytest.mark.plants("N-26.B")
def test_japan_without_war_or_tension_defers_only_the_excess_over_its_rate() -> None:
    """27.7272C, E: Japan, not at war with the U.S. and below USJT 40, may defer only the ships of the column in
    excess of its rate. Tokyo at rate 1 with two ships in the Spring column may defer one, not both."""
    tokyo = yard("tokyo", "japan", 1)
    ships = [setup_ship(s, "bb", 4, "3", "spring", at="tokyo", owner="japan") for s in ("yamato", "musashi")]

    def deferred(ship: str) -> ShipDeferred:
        return make(ShipDeferred, **SPRING, **UC, yard="tokyo", ship=ship, column="summer")

    assert checks([created(), tokyo, *ships, deferred("yamato")], "deferral") == []
    assert checks([created(), tokyo, *ships, deferred("yamato"), deferred("musashi")], "deferral") == [
        "musashi (Japan) may not be deferred: this power may not defer now (27.7272C)"
    ]


@pytest.mark.plants("N-28.A")
def test_a_ship_paid_from_row_2_to_launch_is_launched_free_at_once() -> None:
    """27.7272D: a ship moved from row 2 to the Launch row by payment is on the board at once: its launch in that
    phase is free, and charging it again is a finding."""
    base: list[Event] = [created(), yard(), setup_ship("bismarck", "bb", 4, "2", "spring")]
    paid = advance("bismarck", "launch", "spring")
    assert findings([*base, paid, launch("bismarck")], "27.7") == []
    assert checks([*base, paid, launch("bismarck", paid=True)], "launch") == [
        "bismarck was paid for by its advance to the Launch row; the launch itself is free (27.7272D)"
    ]


@pytest.mark.plants("N-35.B")
def test_a_transport_is_damaged_but_never_repaired_on_a_chart() -> None:
    """27.721: transports may be damaged (unlike the other one-factor units) and are repaired free and at once when
    back in base; no event records that repair, so the fault a log can hold is a transport put on a chart for
    repair: a finding."""
    events: list[Event] = [
        created(),
        yard("glasgow", "britain", 4),
        placed("brit-tr", "transport", 1),
        make(ShipDamaged, **WINTER_39, side="axis", phase="combat", ship="brit-tr"),
    ]
    assert findings(events, "27.72") == []
    waiting = make(ShipArrivedForRepair, **WINTER_39, side="allied", phase="redeployment", ship="brit-tr",
                   yard="glasgow")  # fmt: skip
    assert checks([*events, waiting, _repair_at("brit-tr", "glasgow")], "repair_allowed") == [
        "brit-tr: only cruisers and named ships are repaired on a chart (27.721)"
    ]


@pytest.mark.plants("N-40.A")
def test_a_ship_on_row_2_is_not_redeployed() -> None:
    """27.7281: ships on rows 2 and Launch leave the chart only when displaced, never by moving or redeploying."""
    events = [created(), yard(), setup_ship("gz", "cvl", 2, "2", "winter"), redeploy("gz")]
    assert checks(events, "chart_ships_stay") == [
        "gz is on row 2 of kiel's chart: ships under construction or repair never move or redeploy (27.7281; rows 2 "
        "and Launch leave only when displaced)"
    ]


@pytest.mark.plants("N-51.A")
def test_cash_and_carry_at_usat_25_needs_six_transports_lost() -> None:
    """27.7322A (EX-T1): while USAT is 25 or less, transports are built for the Western Allies in a U.S. box only in
    a turn after an Axis player turn in which more than five WA transports were lost: six lost, legal; five, a
    finding."""
    assert findings([*transports_game(21, 6), us_transport(1, "britain")], "27.7322") == []
    [found] = checks([*transports_game(21, 5), us_transport(1, "britain")], "prewar_transports")
    assert "cash and carry needs more than five WA transports lost (27.7322A)" in found


def us_limit(power: str, value: int) -> ConstructionLimitDeclared:
    return make(ConstructionLimitDeclared, **WINTER, side="allied", phase="unit_construction", power=power, limit=value)


@pytest.mark.plants("N-51.B")
def test_cash_and_carry_counts_against_the_american_limit_not_the_british() -> None:
    """27.7322A: "Until USAT are over 25, Britain must pay the BRP cost of American prewar transport construction.
    This BRP expenditure counts against the American, not the British, construction limit." Britain pays 3 BRPs for a
    U.S.-built transport (USAT 21, six lost): with a British limit of 0 nothing is found against Britain; with an
    American limit of 2 the U.S. is over its limit, with 3 it is not."""
    game = [*transports_game(21, 6), us_limit("britain", 0)]
    assert findings([*game, us_limit("usa", 3), us_transport(1, "britain")], "27.31") == []
    assert [m for _, c, m in findings([*game, us_limit("usa", 2), us_transport(1, "britain")], "27.31")] == [
        "The U.S. has now spent 3 BRPs on construction this turn; the construction limit it declared is 2 (27.31)"
    ]
    ledger = replay([*game, us_transport(1, "britain")]).brp
    assert (brp.construction_spent(ledger, "usa"), brp.construction_spent(ledger, "britain")) == (3, 0)
    assert brp.total(ledger, "britain", "spent") == 3  # Britain pays the BRPs (27.7322A); the U.S. limit carries them


def test_a_british_transport_after_the_us_german_war_counts_against_britain() -> None:
    """27.7322 applies "prior to the outbreak of war between the U.S. and Germany": afterwards a transport Britain
    pays for in a U.S. yard counts against Britain's own limit (27.31)."""
    game = [*transports_game(21, 6), war("germany", "usa"), us_limit("britain", 2), us_limit("usa", 0)]
    assert [m for _, c, m in findings([*game, us_transport(1, "britain")], "27.31")] == [
        "Britain has now spent 3 BRPs on construction this turn; the construction limit it declared is 2 (27.31)"
    ]
