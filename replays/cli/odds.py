"""``awaw odds``: the exact chances of an attack's end states over every round the rules allow, or of an attrition's
results, from the tables (no simulation)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import click

from replays.cli.common import command, json_option

if TYPE_CHECKING:
    from projections.rules.combat.outcomes import Attacker, Defender

_ATTACKER = re.compile(r"(?P<factors>\d+)(?P<armor>a?)(?:/(?P<ctl>-?\d+))?")
_DEFENDER = re.compile(r"(?P<factors>\d+)(?:x(?P<dm>\d+))?")


def _spec(text: str, option: str, pattern: re.Pattern[str], allowed: str) -> list[re.Match[str]]:
    found = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        match = pattern.fullmatch(part)
        if match is None or int(match["factors"]) <= 0:
            raise click.BadParameter(f"unit {i + 1}: {part!r} is not {allowed}", param_hint=option)
        found.append(match)
    return found


def attackers_of(text: str, ctl: int) -> tuple[Attacker, ...]:
    """``5a,4,3/2``: factors, ``a`` for armor, ``/N`` for a CTL other than ``--ctl``."""
    from projections.rules.combat.outcomes import Attacker

    allowed = "FACTORS[a][/CTL] (e.g. 5a, 4, 3/2)"
    return tuple(
        Attacker(f"attacker-{i + 1}", int(m["factors"]), int(m["ctl"]) if m["ctl"] else ctl, armor=bool(m["armor"]))
        for i, m in enumerate(_spec(text, "--attackers", _ATTACKER, allowed))
    )


def defenders_of(text: str, dm: int) -> tuple[Defender, ...]:
    """``4x2,3x3``: factors and the net DM multiplier (default: the table's basic DM)."""
    from projections.rules.combat.outcomes import Defender

    allowed = "FACTORS[xDM] (e.g. 4x2, 3)"
    return tuple(
        Defender(f"defender-{i + 1}", int(m["factors"]), int(m["dm"]) if m["dm"] else dm)
        for i, m in enumerate(_spec(text, "--defenders", _DEFENDER, allowed))
    )


@command()
@click.option("--attackers", metavar="SPEC", help="Attacking ground units: FACTORS[a][/CTL],... (a: armor).")
@click.option("--defenders", metavar="SPEC", help="Defending ground units: FACTORS[xDM],...")
@click.option("--support", type=click.IntRange(0), default=0, help="Ground-support air factors.")
@click.option("--das", type=click.IntRange(0), default=0, help="Defensive air support factors.")
@click.option("--ctl", type=int, default=1, show_default=True, help="The attackers' CTL (15.8): rounds they fight.")
@click.option("--rounds", "max_rounds", type=click.IntRange(1), help="Stop after this many rounds.")
@click.option(
    "--table",
    type=click.Choice(["awaw", "a3r_house"]),
    default="awaw",
    show_default=True,
    help="AWAW rule 15 or the A3R house App. C-1.",
)
@click.option("--invasion", is_flag=True, help="A seaborne invasion (DAS tripled, 18.611; 15.55).")
@click.option("--fortified", is_flag=True, help="The hex is fortified: 15.55 by the lowest CTL.")
@click.option("--early-german", is_flag=True, help="15.54 applies: Ex is Ex-1.")
@click.option("--exploitation", is_flag=True, help="An exploitation attack: no breakthrough (16.13).")
@click.option("--attrition", type=click.IntRange(1), metavar="FACTORS", help="An attrition with these factors.")
@click.option("--drm", type=int, default=0, help="The attrition's total die modifier (14.42).")
@click.option("--pacific", is_flag=True, help="The attrition is on the Pacific mapboard (H halved).")
@json_option
def odds(
    attackers: str | None,
    defenders: str | None,
    support: int,
    das: int,
    ctl: int,
    max_rounds: int | None,
    table: str,
    invasion: bool,
    fortified: bool,
    early_german: bool,
    exploitation: bool,
    attrition: int | None,
    drm: int,
    pacific: bool,
    as_json: bool,
) -> None:
    """Each end state's chance, the losses, the chance of a breakthrough (16.11), read from the CRT for every die
    of every round the rules allow (the attackers fight on while 15.71-15.74 let them). Losses are the fewest
    factors that meet each result (15.62), air first.

    \b
    Example:
      awaw odds --attackers 5a,4,3 --defenders 2x2,1x2
      awaw odds --attackers 3/2,3/2 --defenders 3 --ctl 2
      awaw odds --attrition 25 --drm 1
    """
    from typing import cast

    from projections.rules.attrition import AttritionVariant
    from projections.rules.combat.odds import CrtTable, MinOddsScope
    from projections.rules.combat.outcomes import (
        Battle,
        ProhibitedAttack,
        attrition_distribution,
        distribution,
    )
    from projections.rules.combat.results import ResultContext
    from projections.rules.combat.strength import DM_BASE
    from replays import formatting, oddsview

    if attrition is not None:
        rows = attrition_distribution(attrition, drm, pacific=pacific, variant=cast(AttritionVariant, table))
        if as_json:
            formatting.print_json(
                {
                    "factors": attrition,
                    "modifier": drm,
                    "results": [
                        {"rolls": list(r), "result": label, "exact": f"{p}", "p": float(p)} for r, label, p in rows
                    ],
                }
            )
            return
        click.echo("\n".join(oddsview.attrition_lines(attrition, drm, rows)))
        return
    if not attackers or not defenders:
        raise click.UsageError("give --attackers and --defenders (or --attrition FACTORS)")
    crt = cast(CrtTable, table)
    scopes: tuple[tuple[MinOddsScope, bool], ...] = (("invasion", invasion), ("fortified", fortified))
    battle = Battle(
        attackers_of(attackers, ctl),
        defenders_of(defenders, DM_BASE[crt]),
        support=support,
        das=das,
        invasion=invasion,
        kind="exploitation" if exploitation else "regular",
        table=crt,
        context=ResultContext(table=crt, fort_scope=fortified or invasion, early_german=early_german),
        scopes=frozenset(scope for scope, on in scopes if on),
        max_rounds=max_rounds,
    )
    try:
        found = distribution(battle)
    except ProhibitedAttack as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        formatting.print_json(oddsview.odds_json(found))
        return
    click.echo("\n".join(oddsview.odds_lines(found)))
