"""At the table, the board's own verbs: ``fortify`` (32.1, 32.5, 32.6, 27.11D-F) and ``supply`` (30.4).

Each decides against the game as it stands (:mod:`replays.commands.fortify`, :mod:`replays.commands.supply`), shows
what it will append with what the audit says of it, asks (``--yes`` does not; ``--dry-run`` stops there), appends,
and shows the audit of what it appended, as the verbs of :mod:`replays.cli.table` do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from replays.cli.common import Context, command, pass_context
from replays.cli.table import _play, _units, table_options

if TYPE_CHECKING:
    from awaw_events.events import AnyEvent
    from projections.position import Position
    from replays.commands.base import Die, Refusal


@command()
@click.argument("game")
@click.argument("power")
@click.argument("hexes", nargs=-1, required=True, metavar="HEX...")
@click.option(
    "--kind",
    type=click.Choice(["fortification", "beach_defense", "island_group", "port"]),
    default="fortification",
    show_default=True,
    help="What is built: beach defenses take two beach hexes (32.53).",
)
@click.option("--island", "islands", multiple=True, metavar="HEXES", help="An island group's islands that benefit.")
@click.option(
    "--basis",
    type=click.Choice(["city", "invasion_hex", "jungle", "other"]),
    help="Why the hex may be fortified (32.13A), where the map data does not say.",
)
@table_options
@pass_context
def fortify(
    obj: Context,
    game: str,
    power: str,
    hexes: tuple[str, ...],
    kind: str,
    islands: tuple[str, ...],
    basis: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """The price is 32.12's (5 BRPs + 1 RP, Japan no RP; a port 27.11F's); a West Wall hex fortified becomes a
    fortress (32.15). A build the rules forbid (who, when, where, the one build a turn, control, supply, ZoC,
    winter) is refused with the rule.

    \b
    Example:
      awaw fortify club-1939 germany EUR:J38 --basis city
    """
    from replays.commands.fortify import Fortify, decide_fortify

    order = Fortify(power, hexes, kind, _units(islands), basis)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_fortify(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command()
@click.argument("game")
@click.argument("faction")
@click.argument("subjects", nargs=-1, metavar="[UNIT|HEX]...")
@click.option(
    "--status",
    type=click.Choice(["full", "partial", "unsupplied", "isolated"]),
    help="The status of the subjects the map data cannot trace (or a lower one than it traces; never a higher).",
)
@click.option("--source", help="Their supply source (berlin, urals, a hex, bridgehead), where it cannot be traced.")
@table_options
@pass_context
def supply(
    obj: Context,
    game: str,
    faction: str,
    subjects: tuple[str, ...],
    status: str | None,
    source: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Initial in the movement phase, post-combat in the post-combat supply phase (30.42, 30.43). Each subject's
    status is traced on the game's map data; where it cannot be, the one given with --status (which may be lower
    than the trace, as the audit allows, never higher). No subjects: the
    faction's ground units on the map (after combat, those not fully supplied at the initial determination).

    \b
    Example:
      awaw supply club-1939 european_axis ger-arm-1 ger-inf-1 \\
          --status full --source berlin
    """
    from replays.commands.supply import Supply, decide_supply

    order = Supply(faction, _units(subjects), status, source)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_supply(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)
