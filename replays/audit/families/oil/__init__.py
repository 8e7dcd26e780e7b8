"""Oil (AWAW rule 33): sources, production and damage, reserves and tracking, shipping, consumption and effects,
partial counters.

Sources: 31-34 extract 2.3-2.6 (checks O-01..O-82), 1.1-1.15 (tables), 4.1-4.3 (state and the ledger), section 6
(worked examples TC-01..TC-04, TC-08..TC-12, TC-14..TC-16, TC-19..TC-21). Arithmetic and tables come from
:mod:`projections.rules.oil`; reserve levels, maxima, tracking, pools, facilities, captures, payments and the other
running facts from the oil projection (:mod:`projections.oil`, the state **before** the event); control from the
board. All amounts are in fifths of an oil counter (extract 0.3).

The checks, by part: :mod:`.ledger` (spending what is held, purpose costs and timing, sea shipment escorts, reserve
maxima at the end of a turn, retained partial counters), :mod:`.production` (what sources produce, who may draw on
them, damage, repair, synthetic plants, the embargo), :mod:`.reserves` (maxima from control, starting and deemed
levels, tracking, what a reserve may lose, oil left outside reserves), :mod:`.shipping` (SW-box capacity, Japanese
Dutch East Indies oil, oil for Russia, WA routes and restricted oil) and :mod:`.consumption` (offsets per domain,
extra operations paid by the unit, operations and the oil they rely on, construction and growth oil, Japanese
resistance, China), :mod:`.combat` (air and naval units that fought without oil); :mod:`.base` holds what they
share.

Places the rules name (Berlin, Maikop, Balikpapan ...) are found by their hex: the hex an oil event gave, or the
hex the map data names so; without it a check says "not checked: no map data names Berlin". What the log cannot
record at all is listed in ``replays/audit/notes/oil.yaml`` (supply lines and zones, oil domains of units).
"""

from __future__ import annotations

from replays.audit.families.oil import combat, consumption, ledger, production, reserves, shipping
from replays.audit.families.oil.base import FAMILY

__all__ = ["FAMILY", "combat", "consumption", "ledger", "production", "reserves", "shipping"]
