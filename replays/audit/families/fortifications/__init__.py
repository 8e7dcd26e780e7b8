"""Fortifications (AWAW rule 32, 27.11D-F; A3R house App. G) and bridgeheads (AWAW rule 31).

Sources: 31-34 extract 2.1 (B-01..B-16), 2.2 (F-01..F-25), 1.16-1.19, 4.6, section 6 (TC-05, TC-17, TC-18); A3R
extract 2.9, 3.10 (C-FRT-1..C-FRT-4), 7.4 (T-F1, T-F2); 27-30 extract 1.1 (27.11D-F). Tables and formulas come from
:mod:`projections.rules.fortifications`, :mod:`projections.rules.bridgeheads`, :mod:`projections.rules.construction`
and :mod:`projections.rules.combat`.

The state before the event gives the rest: hex control, fortifications (with their facing and later beach defenses
or island groups), bridgeheads, wars, tensions (:mod:`projections.board`); weather and winter preparation
(:mod:`projections.weather`); this turn's attacks, attritions, overruns and breakthroughs
(:mod:`projections.combat`); hexes that changed hands, fortifications lost, bridgeheads due for removal or removed,
hex supply this turn, sieges and this turn's builds (:mod:`projections.land`); research results
(:mod:`projections.politics`).

Rule set: AWAW games use rule 32. A3R games use the house App. G when ``forts.effects = awaw_32_2_mod`` (the
package value); other builds in an A3R game, or any check under ``forts.effects = a3r``, would need the A3R
rulebook, which the extracts do not contain (reported as not checked).

Map facts (terrain, beach hexes, one-hex islands, ports, countries, weather zones, river hexsides) come from the
map data the game declares, or the check says "not checked: no map data for ...". Choices made where the text is
open, each beside its check: a siege turn is counted once a game turn, at the owner's supply determination (31-34
extract Q8); the submarine DRM of 32.248 counts the turns without full supply determined so far; overrun
bridgeheads are judged like river ones (option ``bridgeheads.overrun``, extract B-10).

The checks are in three modules: :mod:`.builds` (32.1, 32.4-32.6 builds, App. G research), :mod:`.effects` (32.2,
32.3: DMs, the siege, attrition, elimination) and :mod:`.bridgeheads` (31); :mod:`.base` holds what they share.
"""

from __future__ import annotations

from replays.audit.families.fortifications import bridgeheads, builds, effects
from replays.audit.families.fortifications.base import BRIDGEHEADS, FAMILY

__all__ = ["BRIDGEHEADS", "FAMILY", "bridgeheads", "builds", "effects"]
