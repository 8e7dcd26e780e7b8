"""Ground combat: attacks, odds, DMs, the CRT and its substitutions, losses, further rounds, support limits, advance
after combat, breakthroughs, exploitation allowances, overruns and stacking (AWAW rules 12, 13.5, 15, 16; A3R house
App. C-1 when ``combat.crt = awaw_15_house``). Attrition and air combat are in
:mod:`replays.audit.families.attrition`.

Sources: 10-16 extract 2.4, 2.6, 2.8, 2.9 (AUD-12-01/03, AUD-13-11/12, AUD-15-05 to 15-16, AUD-16-01, AUD-16-06),
sections 5 and 6 (worked examples EX-18 to EX-23, DT-01 to DT-11); A3R extract 2.3, 3.6 (C-CRT-1 to C-CRT-8), 6.2.
Every number comes from :mod:`projections.rules.combat`; which table a game plays, and the readings of ambiguous
texts it chose, from :mod:`projections.rules.combat.readings` (with ``combat.crt = a3r`` the standard A3R CRT
applies, which the extracts do not contain: those checks report themselves as not made).

How the facts are read:

* The attack an event names, and what has happened to it (rounds, losses, advances, its end), is projection state:
  :class:`projections.combat.Attack`, with each round's participants, CRT reading, loss requirement and the pools
  each side could lose from. Ground units are lost whole; air (ground support, DAS) and fleet (shore bombardment)
  factors are lost factor by factor (10-16 extract 5.3).
* Defence multipliers are the DM items claimed for each defender (their recorded values; ``dm_items`` compares those
  values with the catalogue). The basic multiplier (AWAW +2, house face value 1) is added unless claimed as an item
  with code ``basic`` (or ``base``); the net DM is never below 1 (15.31, 15.35).
* CTLs: the attacker's claimed ``ctl``, else the faction's ground CTL from the board (15.8, 15.81: -1 in partial
  supply). Printed MFs: the board's units (``unit_placed.movement``).

Not checked here (the events lack the fact, or the map is needed): DM items against terrain and hexsides, the
initial-Japanese-surprise exception to 15.55, which early-German window an attack is in (an Ex recorded as Ex-1 is
accepted for German exploitation attacks, and house overruns, in any turn the window could include), CTL drop-outs of
air and fleet units in later rounds (their CTLs are not recorded), the 16.47 exploitation chain, stacking of units
already in a hex.

The checks are in four modules: :mod:`.declarations` (15.3, 15.47, 15.632), :mod:`.rounds` (15.5-15.8),
:mod:`.losses` (15.61, 15.62) and :mod:`.advance` (15.9, 12.11, 16.1, 16.31, 13.52); :mod:`.attacks` holds what they
share.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.combat import advance, declarations, defence, exploitation, losses, rounds

FAMILY: Final = Family("ground combat")
"""Every ground combat check."""
for _part in (declarations.CHECKS, defence.CHECKS, rounds.CHECKS, losses.CHECKS, advance.CHECKS, exploitation.CHECKS):
    FAMILY.checks.extend(_part.checks)
