"""The battle a declared attack is, for its odds: the forces, support, rounds and substitutions the position gives,
as the :class:`~projections.rules.combat.outcomes.Battle` whose exact distribution ``awaw odds`` and the staged
turn's attack preview show.

The rounds each attacker may fight are those :func:`projections.combat.participants` allows (15.71-15.72, 15.82A:
its CTL, or the house table by nationality and date); where a CTL is not recorded the battle is one round and says
so (``rounds_known``). A breakthrough is counted for armor the declaration marks as armor (16.11A's supply and
mechanized part are the player's to keep).
"""

from __future__ import annotations

from typing import NamedTuple

from projections import combat
from projections.position.core import Position
from projections.rules import combat as rules
from projections.rules.combat.outcomes import Attacker, Battle, Defender

MAX_ROUNDS = 6
"""More rounds than any CTL or the house table allows (CTL 5 is the highest research gives)."""


class Weighed(NamedTuple):
    battle: Battle
    rounds_known: bool


def battle(pos: Position, attack_id: str) -> Weighed | None:
    """The battle of attack ``attack_id`` as it stands (None: no such attack, or a table the rules here lack)."""
    attack = pos.state.combat.attacks.get(attack_id)
    if attack is None or attack.table is None:
        return None
    state = pos.state
    rounds: dict[str, int] = {}
    known = True
    for number in range(1, MAX_ROUNDS + 1):
        fighting = combat.participants(
            attack, number, board=state.board, options=state.meta.options, year=state.clock.year,
            season=state.clock.season,
        )  # fmt: skip
        if fighting is None:
            known = False
            break
        for unit in fighting:
            rounds[unit] = number
    armor = {a.unit for a in attack.declared.attackers if a.armor}
    attackers = tuple(
        Attacker(u, attack.left(u, f), ctl=attack.ctl.get(u) or 1, rounds=rounds.get(u, 1), armor=u in armor)
        for u, f in attack.ground_alive().items()
    )
    defenders = tuple(Defender(u, attack.left(u, d.factors), attack.dm[u]) for u, d in attack.defenders_alive().items())
    table = attack.table
    weighed = Battle(
        attackers,
        defenders,
        support=attack.support_left(),
        das=attack.das_left(),
        invasion=attack.invasion,
        kind=rules.attack_kind(attack.declared.kind),
        table=table,
        context=rules.ResultContext(table=table, fort_scope=rules.fort_scope(attack.declared, table)),
        scopes=rules.min_odds_scopes(
            attack.declared, (state.board.units[u].nationality for u in attack.ground if u in state.board.units)
        ),
    )
    return Weighed(weighed, known)
