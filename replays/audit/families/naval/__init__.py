"""Naval construction and repair (27.7) and, in A3R games, strategic warfare and the Murmansk box (A3R App. L): every
item of the 27-30 extract's auditor checklist 2.6 (N-01..N-53; N-06, N-10, N-15, N-33 and N-41 in part, each check
saying what is missing), 2.5 A-03 (CVEs and training rates), and the A3R extract's 3.14 (C-SW-1..C-SW-3). Each check
names the items it covers; ``docs/audit-coverage.md`` shows them.

Chart geometry, costs, permissions and shipyard limits come from :mod:`projections.rules.naval`; the charts as
recorded before each event (each ship's cell and history, SB spent per yard this turn, counters on each chart) and
the running facts of the game turn (the size of each column when the phase began, deferrals so far, CVEs laid down,
Western Allied transports lost, pre-war transports; the year war broke out, Germany's accelerations, fast carriers
laid down) from :mod:`projections.naval`; SW allocations and each turn's SW record from :mod:`projections.sw`. The
checks keep no memory of their own.

The checks, by part: :mod:`.construction` (lay-down, who builds what, CVEs, immediate builds), :mod:`.options` (the
per-phase chart options, 27.7272), :mod:`.repairs` (repairs, raising, never-damaged units), :mod:`.yards`
(shipyard rate, one-factor share and capacity; American pre-war transports), :mod:`.places` (where ships are built and
repaired, who pays, rate changes, American fast carriers, Australia, minor countries), :mod:`.status` (ships on a
chart, waiting for repair and sunk in port) and :mod:`.sw` (strategic warfare and the Murmansk box in A3R games, A3R
App. L; naval combat die modifiers); :mod:`.common` names things in messages.

Choices:

* A ship "acts" once per unit construction phase: a lay-down, repair start, continue, acceleration or deferral this
  game turn (set-up placements do not count) bars another move or a launch (27.7272, N-21; open question 10;
  :data:`projections.rules.naval.ACTING_STEPS`).
* At the start of a redeployment phase every ship in the current column of the moving side's charts must have been
  decided (27.7272; N-27/N-28): ships on the Launch row launched, others continued, accelerated or deferred.
* France's deferral trigger (27.7272C) is known here only through an Italian declaration of war on Britain or France;
  without it a French deferral is reported as :class:`Missing` (the other triggers need map facts).
"""

from __future__ import annotations

from replays.audit.engine import Family
from replays.audit.families.naval import construction, options, places, repairs, status, sw, yards

FAMILY = Family("naval")
"""Every naval check: the checks each part lists, in order."""
for _part in (
    construction.CHECKS,
    options.CHECKS,
    repairs.CHECKS,
    yards.CHECKS,
    places.CHECKS,
    status.CHECKS,
    sw.CHECKS,
):
    FAMILY.checks.extend(_part.checks)
