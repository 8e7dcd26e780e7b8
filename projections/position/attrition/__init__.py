"""Attrition (AWAW rule 14; A3R house App. C when ``combat.attrition = awaw_14_house``) and air combat (A3R house
App. C-2, only when ``air.combat = awaw_17_19_house``) asked of a position: who is counted, the modifiers of 14.42
recomputed from the state, the table, losses and the order of combat (:mod:`.modifiers`), occupation, the Russian
winter designations and the bases attrition empties (:mod:`.occupation`), air combat and jets (:mod:`.air`). The
claim queries take the event (``attrition_declared``, ``attrition_resolved`` ...): ``awaw attrition`` asks them of
the attrition it drafts, the audit of the one recorded.

Sources: 10-16 extract 2.7 (AUD-14-04, 14-06 to 14-09), 5.6 and 6.2 (EX-06, EX-15 to EX-17, DT-10); A3R extract 2.2,
2.4, 3.5 (C-ATT-2 to C-ATT-7), 3.7 (C-AIR-1 to C-AIR-3), 7.1 and 7.3 (T-A1 to T-A10, T-AIR2 to T-AIR4). Every number
comes from :mod:`projections.rules.attrition` and :mod:`projections.rules.air`.

Which table: AWAW games use rule 14; A3R games use the house App. C when ``combat.attrition`` is ``awaw_14_house``
(the package value, the default); with ``a3r`` the standard A3R attrition applies, which the extracts do not contain.

How the facts are read:

* The attritions declared this player turn, their recorded results, the units that attacked this player turn and the
  units counted for attrition this game turn are projection state (:class:`projections.combat.CombatState`). The
  Pacific halving of H (14.41 note, 14.43) applies when the counted units stand on the Pacific map (``PAC:`` hexes),
  or, without their locations, on the Pacific, Asian and Southeast Asian fronts (which lie on the Pacific map).
* Modifiers: the factor bonus (14.42A) is recomputed (a recorded ``factors`` / ``gf_over_61`` item is compared with
  it); the others (AWAW CTL 14.42B, winter 14.42C, house CTL simulation 14.42D) are taken as recorded, since the log
  does not record the defending units engaged, except that a house game may not claim a CTL difference (14.42B) and
  the German-heavy house DRMs end with Spring 1942 (14.42D).
* Air combat: the roll referred to by ``air_combat_resolved`` shows four dice, the attacker's 2d6 then the
  defender's; the recorded modifiers are the attacker's net modifier, the defender's is its negative (19.31).
"""

from __future__ import annotations

from typing import Final

from projections.position.core import Position
from projections.rules import attrition as rules

STANDARD_A3R: Final = "the standard A3R attrition rules (combat.attrition = a3r) are not in the extracts"


def game_variant(pos: Position) -> rules.AttritionVariant | None:
    """AWAW rule 14, the house App. C, or ``None`` for the standard A3R attrition (not in the extracts)."""
    return rules.attrition_variant(pos.meta.rules, pos.meta.options)
