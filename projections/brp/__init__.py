"""The BRP ledger: base, available BRPs, every addition, loss and expenditure, deficits, A3R 35.7 batches and the
construction limit of each major power, turn by turn.

Sources: 27-30 extract 1.1-1.5 (costs, limits, oil), 2.1-2.3 (checks C-01..C-06, L-01..L-12), 3.2 (economy
events), 4.2-4.3 (the ledger state) and 4.9 (how events change it); A3R extract 1.2 (options 3, 4, 4a, 4b, 14),
2.1 (App. B 35.7 prorating and timing), 3.3 (C-BRP-1..11), 4.2 and 5.3 (the per-turn ledger algorithm). Rule
arithmetic comes from :mod:`projections.rules.construction` (27.3 limit) and :mod:`projections.rules.economy`
(35.7 prorating, Option 2 settlement).

**What the ledger trusts.** It shows the economy *as recorded*: every cost is the one its event claims, and each
cost lives on exactly one event (``awaw_events.events.economy``):

===============================================  ===========================================  =====================
event                                            who pays / gains                             category
===============================================  ===========================================  =====================
``unit_built.cost``                              ``payer``, else ``owner`` (payer's limit)    construction
``partisans_placed.cost``                        ``owner`` (27.11B, 27.31 partisans)          construction
``ship_laid_down/advanced/launched.brps``        the ship's owner                             construction
``ship_repair_started.brps``                     the yard's owner; the ship's owner in a      repair
                                                 captured yard (27.7264)
``ship_raised.brps``                             the ship's owner (27.7263)                   raise
``war_declared.brp_cost``                        the aggressor (27.12)                        declaration_of_war
``offensive_declared.brp_cost``                  ``power`` (27.12; A3R 9.6)                   offensive
``fortification_built.brp_cost``                 ``power`` (27.11D-F)                         fortification
``railhead_built.brp_cost``                      ``power`` (27.11D, 28.652)                   railhead
``brp_grant_made``                               donor minus, recipient plus if a major       grant_given /
                                                 power (27.334, 27.34A)                       grant_received
``brp_spent``                                    ``power``; its category mapped by            repair, raise,
                                                 :data:`SPEND_CATEGORY`                       offensive, other
``oil_facility_repaired.brp_cost``               ``power`` (33.331)                           oil_repair
``brp_gained`` / ``brp_lost``                    ``power``: added / lost at once              gained / lost
``brp_batch_applied.applied``                    ``power``: the claimed 35.7 batch            batch
``brps_set``                                     sets base and available (set-up, YSS)        set
``brp_base_changed``, ``mobilization_applied``   the BRP base (27.32A, 27.335)                base
===============================================  ===========================================  =====================

Ships' and shipyards' owners (and whether a yard is captured) come from the naval projection: a ship never seen
is charged to its yard's owner; a cost whose payer is still unknown is kept as a line with ``power=""``
(``unattributed``). The audit reads the charge of each event from its line (:func:`expenditure_at`), so the audit and
``awaw state`` never count spending differently.

**What the ledger derives** (27-30 extract 4.2; A3R extract 5.2-5.3):

* ``available`` changes only once a power's BRPs are known (its first ``brps_set``); lines before that carry no
  balance. Available BRPs may go below zero: the deficit is ``-available`` (A3R intro, option 4); whether it was
  allowed is the audit's question (C-04, C-BRP-7..11).
* Option 2 (``econ.deficit_spending = option2_base_reduction``): at ``player_turn_ended`` each power of that side
  still in deficit is settled by :func:`projections.rules.economy.settle_deficit`: available is reset to 0 (a
  ``settlement`` line). The base cut itself is a *recorded* fact (``brp_base_changed``), as the economy audit
  expects; the line carries the rules' ``base_after`` in ``rules`` so a checker can compare. Under
  ``econ.deficit_base_reduction = growth_rate_at_yss`` the uncovered amount waits in ``yss_deficit`` until the next
  YSS ``brps_set``.
* A3R 35.7 (``econ.brp_prorating = awaw_35_7``, A3R games): ``brp_change_accrued`` items wait in ``accrued``; a
  ``brp_batch_applied`` applies its **claimed** amount and nets and prorates the power's accrued items with
  :func:`projections.rules.economy.prorate_batch` (``rules`` on the line), then clears them (as the economy audit
  does: one batch takes every item accrued for the power). Without prorating the rules' amount is the plain sum.
* The construction limit (27.3) of every power with a base, recomputed whenever an input changes, with
  :func:`projections.rules.construction.construction_limit`: base (+ Russian IC values, - enemy-held original
  KEAs, 27.32A/27.335), this turn's pooled losses (transport shortage, bombing incl. flying bombs, partisans,
  adjacency to boxes; 27.331), rockets (27.333), box caps (27.331B/D, 27.333), Swedish iron ore (27.332), grants
  given and received (27.334, 27.34A) and German V-weapon damage (27.34B). The claimed
  ``construction_limit_declared`` value is kept beside it; :func:`limit_gap` names an input the log may not
  record. Construction spending counted against the limit (:data:`projections.rules.construction.LIMIT_SPENDING`,
  less repairs and raisings under ``econ.limit_counts_repairs = excluded``) and what remains are kept per power and
  turn.

**Turns.** The current game turn's lines and totals live in the state; at the first event of a new game turn each
power's turn is archived as one :class:`TurnSummary` in ``history`` and the lines are dropped, so the state does not
grow with every event of a long game. ``opening`` is the BRPs available at the start of the turn: a ``brps_set`` in
the set-up or Year Start Sequence phase opens the turn at the value it sets (the YSS comes before any player turn).
For every power with known BRPs: ``closing == opening + additions - losses - spent + adjustments``.

**Modules.** :mod:`.state` (vocabulary, records, the state), :mod:`.ledger` (lines, base, additions and losses, 35.7
batches, settlements, turns), :mod:`.limit` (the construction limit and its inputs), :mod:`.spending` (who pays what)
and :mod:`.queries` (what the audit and the views read). Each event type has one handler (``HANDLERS``).
"""

from __future__ import annotations

from projections.brp import ledger, limit, spending
from projections.brp.limit import limit_gap, limit_input
from projections.brp.queries import (
    available_of,
    construction_in_doubt,
    construction_remaining,
    construction_spent,
    deficit_cap_of,
    deficit_of,
    expenditure_at,
    grants_received,
    lines_of,
    offensive_brps_of_side,
    offensives_on,
    side_of,
    total,
    turn_label,
    uncontrolled_kea_values,
)
from projections.brp.spending import EXPENDITURE_EVENTS, LIMIT_EVENTS
from projections.brp.state import (
    EXPENDITURE_CATEGORIES,
    HANDLERS,
    SPEND_CATEGORY,
    SUMMARY_CATEGORIES,
    Accrual,
    BoxFacts,
    Category,
    Declared,
    Kea,
    LimitFacts,
    Line,
    LineKind,
    Operation,
    State,
    TurnSummary,
    initial,
)

__all__ = [
    "EXPENDITURE_CATEGORIES",
    "EXPENDITURE_EVENTS",
    "HANDLERS",
    "LIMIT_EVENTS",
    "SPEND_CATEGORY",
    "SUMMARY_CATEGORIES",
    "Accrual",
    "BoxFacts",
    "Category",
    "Declared",
    "Kea",
    "LimitFacts",
    "Line",
    "LineKind",
    "Operation",
    "State",
    "TurnSummary",
    "available_of",
    "construction_in_doubt",
    "construction_remaining",
    "construction_spent",
    "deficit_cap_of",
    "deficit_of",
    "expenditure_at",
    "grants_received",
    "initial",
    "ledger",
    "limit",
    "limit_gap",
    "limit_input",
    "lines_of",
    "offensive_brps_of_side",
    "offensives_on",
    "side_of",
    "spending",
    "total",
    "turn_label",
    "uncontrolled_kea_values",
]
