"""Naval construction and repair (27.7) and, in A3R games, strategic warfare and the Murmansk box (A3R App. L) asked
of a position: every item of the 27-30 extract's auditor checklist 2.6 (N-01..N-53; N-06, N-10, N-15, N-33 and N-41
in part, each query saying what is missing), 2.5 A-03 (CVEs and training rates), and the A3R extract's 3.14
(C-SW-1..C-SW-3).

Chart geometry, costs, permissions and shipyard limits come from :mod:`projections.rules.naval`; the charts before
each event (each ship's cell and history, SB spent per yard this turn, counters on each chart) and the running
facts of the game turn (the size of each column when the phase began, deferrals so far, CVEs laid down, Western
Allied transports lost, pre-war transports; the year war broke out, Germany's accelerations, fast carriers laid
down) from :mod:`projections.naval`; SW allocations and each turn's SW record from :mod:`projections.sw`.

The queries, by module: :mod:`.charts` (lay-down, who builds what, CVEs, immediate builds, the chart options each
unit construction phase), :mod:`.yards` (shipyard rate, one-factor share and capacity, where ships are built and
repaired, who pays, rate changes, American fast carriers and pre-war transports, Australia, minor countries),
:mod:`.repairs` (repairs, raising, never-damaged units, ships on a chart, waiting for repair and sunk in port) and
:mod:`.sw` (strategic warfare and the Murmansk box in A3R games, naval combat die modifiers).

Choices:

* A ship "acts" once per unit construction phase: a lay-down, repair start, continue, acceleration or deferral this
  game turn (set-up placements do not count) bars another move or a launch (27.7272, N-21; open question 10;
  :data:`projections.rules.naval.ACTING_STEPS`).
* At the start of a redeployment phase every ship in the current column of the moving side's charts must have been
  decided (27.7272; N-27/N-28): ships on the Launch row launched, others continued, accelerated or deferred.
* France's deferral trigger (27.7272C) is known here only through an Italian declaration of war on Britain or France;
  without it a French deferral is left undecided (the other triggers need map facts).
"""

from __future__ import annotations

from collections.abc import Iterable

from awaw_events.vocab import FACTION_OF_POWER, FACTIONS
from projections.naval import Chart, Ship, chart_of
from projections.position.core import Position, Unknown
from projections.rules.breach import Breach
from projections.rules.naval import ACTING_STEPS, LAUNCH_ROW, NavalCost, vichy_work_free

Verdict = Iterable[Breach | Unknown]


def cell_words(row: str) -> str:
    return "the Launch row" if row == LAUNCH_ROW else f"row {row}"


def where(row: str, column: str) -> str:
    return f"{cell_words(row)}, {column.capitalize()} column"


def cost_words(cost: NavalCost) -> str:
    return f"{cost.sb} SB + {cost.brps} BRPs"


def paid_words(event: object) -> str:
    """What an event paid, as :func:`cost_words` says a cost (its ``sb`` and ``brps``)."""
    return cost_words(NavalCost(getattr(event, "sb", 0), getattr(event, "brps", 0)))


def ship_words(ship: Ship | None, ship_id: str) -> str:
    return ship_id if ship is None else ship.name or ship_id


def acted(ship: Ship, turn: int) -> bool:
    """The ship was laid down, started repair or moved on its chart in game turn ``turn`` (27.7272, N-21)."""
    last = ship.last_step
    return last is not None and last.turn == turn and last.action in ACTING_STEPS


def yard_chart(pos: Position, yard: str) -> Chart | None:
    """The yard's chart; an undefined starting yard gets its 27.731 values."""
    return chart_of(pos.state.naval, yard)


def vichy_cost(pos: Position, ship_id: str, yard: str, cost: NavalCost) -> NavalCost:
    """A cost as it is for the ship: Vichy French repairs and completions at Marseilles cost no BRPs until Vichy
    associates or activates (27.7265)."""
    unit = pos.board.units.get(ship_id)
    if cost.brps and vichy_work_free(yard, unit.nationality if unit is not None else None, pos.board.statuses):
        return NavalCost(cost.sb, 0)
    return cost


def faction_of(who: str | None) -> str | None:
    """The alliance faction of a power (or a faction's own name); None for anyone else."""
    if who is None:
        return None
    return who if who in FACTIONS else FACTION_OF_POWER.get(who)  # type: ignore[call-overload]
