"""The oil ledger: reserves, oil outside reserves, expenditure by purpose and domain, and the end-of-turn rules (33).

Sources: 31-34 extract 0.3 (fifths), 1.6-1.8, 1.11-1.12 (tables), 2.3-2.6 (checks O-01..O-82), 3.6 (events),
4.1-4.4 (state and the per-player-turn ledger algorithm), 6 (worked examples), 7 (Q2); 27-30 extract 1.5 (27.35,
construction oil). Rule arithmetic comes from :mod:`projections.rules.oil`.

**Every amount is an integer number of fifths of an oil counter** (31-34 extract 0.3; 33.81: one counter converts to
five partial counters). ``FIFTHS_PER_COUNTER`` is 5.

What the projection trusts: it shows the ledger **as recorded**. Production, moves, shipment losses, expenditure and
eliminations change the holdings the events name, by the amounts they claim; a level may go **below zero** when the
log spends more than a reserve holds (the extract's invariant "a reserve never goes below 0", 4.3, is the audit's
check, O-26; this state keeps every line's level before and after so the audit can say "spent 5 fifths from a
reserve holding 4"). What the projection derives (extract 4.3 step 6, "end of player turn"):

* oil not in a reserve is removed at the end of every player turn (33.41D, 33.431);
* every tracked reserve is cut to its maximum at the end of every player turn (33.422), unless the log already
  eliminated the excess (``oil_counters_eliminated`` before ``player_turn_ended``);
* partial oil is consolidated and retained (33.83), reported per alliance faction.

State layout:

* ``reserves``: reserve id -> :class:`Reserve` (faction, location, maximum, tracking status). A second
  ``oil_reserve_defined`` for the same id changes faction, location and maximum (a capture lowering the maximum,
  33.423) and keeps the level.
* ``levels``: reserve id -> fifths, for reserves whose tracking has started (kept, frozen, once it stops).
  Partial oil lives in the reserve it was broken from: ``level % 5`` fifths of a reserve are its retained partial
  counters (extract Q2 proposal: "per faction and per source reserve").
* ``pools``: ``"<faction>/<place>"`` -> fifths: oil produced at a source and not put in a reserve, or moved to a
  supply zone (extract 4.1 ``at_source`` and ``zone_pool``). Emptied at the end of every player turn (33.431).
* the current period (a player turn, or the game-turn levels before or after the player turns): ``lines`` (one
  :class:`Line` per change, pointing at the event's sequence number) and per-period totals (produced, spent by
  purpose and by domain, shipped and transports per SW box, lost, eliminated, capped, removed, construction oil).
  At the period boundary they are archived as one :class:`TurnSummary` in ``history`` and reset.

Running facts besides the ledger (:mod:`.facts`): the oil centers and synthetic plants named by oil events with
their damage markers (33.3), the last control change of each hex (33.43, 33.33B), repairs this turn (33.331), the
embargo (33.45211), open routes (33.4622-33.4623), oil sent to Russia by route, builds' oil coverage (33.61D), YSS
growth (33.61E) and the payments linked to what they pay for (``oil_expended.pays_for``, 33.541). Modules:
:mod:`.state` (records, state, queries), :mod:`.ledger` (the ledger's fold), :mod:`.facts` (the running facts).

Tracking (33.4424, 33.4624, 33.48; extract 1.7, Q&A O-23/O-24): a reserve is **untracked** until an
``oil_tracking_started`` names it (which sets its level to the event's ``initial``), and again after an
``oil_tracking_stopped`` for its faction. While a reserve is untracked nothing is counted against it: events naming
it give lines marked ``counted=False`` and leave no level. (The example campaign starts Japan's reserve, which has
no untracked period in the rules, with an explicit ``oil_tracking_started``.)
"""

from __future__ import annotations

from projections.oil import facts, ledger
from projections.oil.facts import plants_of
from projections.oil.ledger import Excess, maximum_of, over_maximum
from projections.oil.state import (
    HANDLERS,
    RULE_CAP,
    RULE_REMOVED,
    RULE_RETAINED,
    RULE_UNTRACKED,
    Capture,
    Facility,
    Line,
    LineKind,
    Payment,
    PeriodPart,
    Reserve,
    State,
    TrackingStatus,
    TurnSummary,
    construction_covered_brps,
    construction_fifths,
    initial,
    is_tracked,
    level,
    partial_fifths,
    period_label,
)

__all__ = [
    "HANDLERS",
    "RULE_CAP",
    "RULE_REMOVED",
    "RULE_RETAINED",
    "RULE_UNTRACKED",
    "Capture",
    "Excess",
    "Facility",
    "Line",
    "LineKind",
    "Payment",
    "PeriodPart",
    "Reserve",
    "State",
    "TrackingStatus",
    "TurnSummary",
    "construction_covered_brps",
    "construction_fifths",
    "facts",
    "initial",
    "is_tracked",
    "ledger",
    "level",
    "maximum_of",
    "over_maximum",
    "partial_fifths",
    "period_label",
    "plants_of",
]
