"""Battle odds in words and as data: a distribution of an attack's end states (``awaw odds``, the attack preview) and
an attrition's results, in lines that fit 80 columns. No logic lives here: the numbers are
:mod:`projections.rules.combat.outcomes`'."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from projections.rules.combat.outcomes import Distribution


def percent(p: Fraction) -> str:
    """A chance as a percentage with one decimal (``66.7 %``); exact in ``--json``."""
    return f"{float(p) * 100:5.1f} %"


def _rounds(dist: Distribution) -> int:
    return max((s.rounds for s, _ in dist.outcomes), default=1)


def summary(dist: Distribution) -> str:
    """One line: ``defender eliminated 66.7 %, breakthrough 66.7 %, attacker eliminated 0.0 %``."""
    dead = percent(dist.chance(defender_eliminated=True)).strip()
    through = percent(dist.chance(breakthrough=True)).strip()
    lost = percent(dist.attacker_eliminated).strip()
    return f"defender eliminated {dead}, breakthrough {through}, attacker eliminated {lost}"


def odds_lines(dist: Distribution, *, limit: int = 12) -> list[str]:
    """The distribution as a person reads it: the column, the first round's results, the end states by losses (most
    likely first, at most ``limit``), the chances that decide an attack and the mean losses."""
    if dist.column == "below_1:4":
        return [f"{dist.attack} against {dist.defence}: below 1:4, no roll, the attacker is eliminated (15.52)"]
    rounds = _rounds(dist)
    lines = [
        f"{dist.attack} against {dist.defence}: the {dist.column} column; "
        f"{'one round' if rounds == 1 else f'up to {rounds} rounds'} (15.6, 15.7)",
        "first round: " + "  ".join(f"{r} {percent(p).strip()}" for r, p in dist.first_round),
        "  chance   attacker loses   defender loses",
    ]
    rows = dist.losses()
    for a, d, p in rows[:limit]:
        lines.append(f"  {percent(p)}   {a:>3} factor(s)     {d:>3} factor(s)")
    if len(rows) > limit:
        rest = sum((p for _, _, p in rows[limit:]), Fraction(0))
        lines.append(f"  {percent(rest)}   ({len(rows) - limit} more)")
    att, dfn = dist.expected_losses()
    lines.append(summary(dist))
    lines.append(f"mean losses: attacker {float(att):.2f} factors, defender {float(dfn):.2f} factors")
    above = sum((p for s, p in dist.outcomes if s.read_above_6), Fraction(0))
    if above:
        lines.append(f"{percent(above).strip()} of it reads a modified roll above 6 as row 6 (combat.crt_above_6)")
    return lines


def _chance(p: Fraction) -> dict[str, Any]:
    return {"exact": f"{p.numerator}/{p.denominator}", "p": float(p)}


def odds_json(dist: Distribution) -> dict[str, Any]:
    """The distribution as data: every end state with its exact chance."""
    att, dfn = dist.expected_losses()
    return {
        "attack": dist.attack,
        "defence": dist.defence,
        "column": dist.column,
        "first_round": [{"result": r, **_chance(p)} for r, p in dist.first_round],
        "end_states": [
            {
                **_chance(p),
                "rounds": s.rounds,
                "results": list(s.results),
                "attackers_left": list(s.attackers_left),
                "support_left": s.support_left,
                "defenders_left": list(s.defenders_left),
                "das_left": s.das_left,
                "attacker_loses": dist.attacker_loss(s),
                "defender_loses": dist.defender_loss(s),
                "breakthrough": s.breakthrough,
                "read_above_6": s.read_above_6,
            }
            for s, p in dist.outcomes
        ],
        "defender_eliminated": _chance(dist.chance(defender_eliminated=True)),
        "attacker_eliminated": _chance(dist.attacker_eliminated),
        "breakthrough": _chance(dist.chance(breakthrough=True)),
        "mean_attacker_loss": float(att),
        "mean_defender_loss": float(dfn),
    }


def attrition_lines(factors: int, modifier: int, rows: tuple[tuple[tuple[int, ...], str, Fraction], ...]) -> list[str]:
    """An attrition's results by chance (14.41, 14.43)."""
    sign = f"{modifier:+d}" if modifier else "no modifier"
    lines = [f"attrition with {factors} factor(s), {sign}: the Attrition Table (14.41, 14.43)"]
    lines.append("  chance   modified die   result (C: counters lost, H: hexes to occupy)")
    for rolls, label, p in rows:
        die = f"{rolls[0]}" if len(rolls) == 1 else f"{rolls[0]}-{rolls[-1]}"
        lines.append(f"  {percent(p)}   {die:>7}        {label}")
    return lines
