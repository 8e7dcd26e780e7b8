"""The naval construction charts: one chart per shipyard, the ships on them, and SB spent per yard per turn (27.7).

Sources: 27-30 extract 1.8-1.18 (tables), 2.6 (checks N-01..N-53), 3.4 (events), 4.5 and 4.9 (state and how events
change it), 6.1-6.3 (worked examples), checked against the seed text 27.7. Rule arithmetic (capacity, effective rate,
the half-rate cap on one-factor units, expected launch) comes from :mod:`projections.rules.naval` and
:mod:`projections.rules.calendar`.

What the projection trusts: it shows the charts **as recorded**. A ship goes to the row and column its
``ship_laid_down`` / ``ship_advanced`` / ``ship_repair_started`` event claims, ``ship_deferred`` moves it to the
claimed column, and every SB point and BRP is the claimed amount. Whether the claimed cell and cost are the ones the
rules give (27.7251, 27.7267, 27.7272) is the audit's question; this state gives it what it needs: the cell before
each event (walk the fold), each ship's chart history with the cell it left, SB spent per yard this turn (before
each expenditure, as the fold is walked), counters on each chart, and each ship's expected launch turn.

State layout:

* ``charts``: yard id -> :class:`Chart` (owner, controller, mode, rate, capacity rule, cells, Waiting for Repair).
  Cells are keyed ``"<row>/<column>"`` (``"3/spring"``, ``"launch/fall"``) and hold ship ids in the order they
  entered. A yard used before any ``shipyard_defined`` gets an implicit chart from the starting table 27.731
  (``defined=False``).
* ``ships``: ship id -> :class:`Ship` for every DD, CVE, cruiser and named ship the projection has seen: laid down,
  or placed/built on the board (status ``afloat``) so that damage, sinking, raising and repair know the ship's type.
* ``spent``: yard id -> :class:`YardSpend`, SB points (all and one-factor) and BRPs spent at that yard in the
  current game turn (27.724A, 27.7221A); ``spent_last_turn`` keeps the previous turn's totals; ``spends`` lists this
  turn's payments one by one. All three reset when a new game turn begins (27-30 extract 4.9, ``TurnStarted``).
* running facts of the game turn the rules read, reset with ``spent``: the size of each yard's current column when
  its first chart event of the turn came and the ships deferred or scuttled there (27.7272C, E), CVE factors laid
  down per power (27.7223), Western Allied transports lost in the Axis player turn and the transports built in U.S.
  boxes before the U.S.-German war (27.7322); and of the game: the year war broke out and the latest year Germany
  accelerated (27.7272B).

The package: :mod:`.records` (the state and its records), :mod:`.fold` (one handler per event type) and
:mod:`.queries` (derived views for the audit and the views). Every public name is imported here.
"""

from __future__ import annotations

from projections.naval.fold import HANDLERS
from projections.naval.queries import (
    acted_this_turn,
    capacity,
    capacity_rule_of,
    cells,
    chart_of,
    column_size,
    counters_on_chart,
    cves_laid_down,
    deferrals_so_far,
    effective_rate,
    expected_launch_turn,
    free_capacity,
    next_due_turn,
    one_factor_cap,
    politics,
    prewar_shares,
    prewar_transports,
    ships_in_column,
    ships_on_chart,
    this_turn,
    turn_label,
    turns_on_chart,
    wa_transports_lost,
)
from projections.naval.records import (
    UNKNOWN_OWNER,
    Chart,
    ChartStep,
    PrewarTransports,
    Ship,
    ShipStatus,
    Spend,
    State,
    StepAction,
    WorkKind,
    YardSpend,
    cell_key,
    implicit_chart,
    initial,
)

__all__ = [
    "HANDLERS",
    "UNKNOWN_OWNER",
    "Chart",
    "ChartStep",
    "PrewarTransports",
    "Ship",
    "ShipStatus",
    "Spend",
    "State",
    "StepAction",
    "WorkKind",
    "YardSpend",
    "acted_this_turn",
    "capacity",
    "capacity_rule_of",
    "cell_key",
    "cells",
    "chart_of",
    "column_size",
    "counters_on_chart",
    "cves_laid_down",
    "deferrals_so_far",
    "effective_rate",
    "expected_launch_turn",
    "free_capacity",
    "implicit_chart",
    "initial",
    "next_due_turn",
    "one_factor_cap",
    "politics",
    "prewar_shares",
    "prewar_transports",
    "ships_in_column",
    "ships_on_chart",
    "this_turn",
    "turn_label",
    "turns_on_chart",
    "wa_transports_lost",
]
