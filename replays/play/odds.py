"""The attack preview's odds: the exact distribution of the staged attack's end states (``awaw odds`` for a declared
attack), in lines."""

from __future__ import annotations

from collections.abc import Sequence

from awaw_events.events import AnyEvent, AttackDeclared
from projections import game
from projections.position import Position
from projections.position.odds import battle
from projections.rules.combat.outcomes import ProhibitedAttack, distribution
from replays.oddsview import odds_lines


def preview_lines(pos: Position, staged: Sequence[AnyEvent], *, limit: int = 5) -> list[str]:
    """The odds of the attack declared among ``staged`` (already folded into ``pos``, or not: it is folded if its
    attack is not in the position yet)."""
    declared = next((e for e in staged if isinstance(e, AttackDeclared)), None)
    if declared is None:
        return []
    if declared.attack not in pos.state.combat.attacks:
        pos = Position(game.fold(pos.state, list(staged)), pos.map, map_reason=pos.map_reason)
    weighed = battle(pos, declared.attack)
    if weighed is None:
        return []
    try:
        found = distribution(weighed.battle)
    except ProhibitedAttack as exc:
        return [f"{declared.attack}: {exc}"]
    except ValueError:
        return []
    lines = odds_lines(found, limit=limit)
    if not weighed.rounds_known:
        lines.append("a CTL is not recorded (ctl_set): the odds are those of one round")
    return lines
