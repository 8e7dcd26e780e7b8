"""At the table, the board's own verbs: ``fortify`` (32.1, 32.5, 32.6, 27.11D-F) and ``supply`` (30.4).

Each decides against the game as it stands (:mod:`replays.commands.fortify`, :mod:`replays.commands.supply`), shows
what it will append with what the audit says of it, asks (``--yes`` does not; ``--dry-run`` stops there), appends,
and shows the audit of what it appended, as the verbs of :mod:`replays.cli.table` do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from replays.cli.common import Context, command, pass_context
from replays.cli.table import _dms, _odds_note, _play, _units, table_options

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


@command()
@click.argument("game")
@click.argument("attack_id", metavar="ATTACK")
@click.option("--on", "hexes", multiple=True, required=True, metavar="HEX", help="The coastal hex invaded.")
@click.option("--from", "sea", required=True, metavar="HEX", help="The sea hex the invading units land from.")
@click.option("--with", "attackers", multiple=True, required=True, metavar="UNITS", help="The invading ground units.")
@click.option("--support", multiple=True, metavar="UNITS", help="Air units flying ground support.")
@click.option("--bombard", "bombardment", multiple=True, metavar="UNITS", help="Naval units giving shore bombardment.")
@click.option("--das", multiple=True, metavar="UNITS", help="The defender's air units flying defensive air support.")
@click.option("--dm", "dms", multiple=True, metavar="[UNIT=]ITEM", help="A DM item claimed beyond the invasion DM.")
@click.option("--die", "face", type=click.IntRange(1, 6), help="A physical die (default: the game's next seeded roll).")
@click.option("--defender-converts", is_flag=True, help="15.55: the defender converts a d result.")
@table_options
@pass_context
def invade(
    obj: Context,
    game: str,
    attack_id: str,
    hexes: tuple[str, ...],
    sea: str,
    attackers: tuple[str, ...],
    support: tuple[str, ...],
    bombardment: tuple[str, ...],
    das: tuple[str, ...],
    dms: tuple[str, ...],
    face: int | None,
    defender_converts: bool,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """A seaborne invasion: the declaration (the invaders attack from the sea hex, the defenders get the invasion
    DM, 15.32B; ground support and shore bombardment count in the attack strength, 15.51), the roll and the first
    round, read on the CRT with 15.55's conversion. Then ``awaw losses``, ``awaw advance`` and ``awaw bridgehead``.

    \b
    Example:
      awaw invade club-1939 oslo --on EUR:D33 --from EUR:E33 \\
          --with ger-inf-8,ger-inf-9 --support ger-aaf-1 \\
          --bombard ger-ca-1 --die 6
    """
    from replays.commands.attack import Attack, decide_attack, decide_declaration

    order = Attack(
        attack_id,
        hexes,
        _units(attackers),
        _units(support),
        _units(das),
        _dms(dms),
        kind="invasion",
        defender_converts=defender_converts,
        sea=sea,
        bombardment=_units(bombardment),
    )

    def decide(pos: Position, die: Die) -> list[AnyEvent] | Refusal:
        return decide_attack(pos, order, die) if die.known else decide_declaration(pos, order)

    play = {"dry_run": dry_run, "yes": yes, "strict": strict, "as_json": as_json}
    _play(obj, game, decide, face=face, rolls=True, note=_odds_note(attack_id), **play)


@command()
@click.argument("game")
@click.argument("attack_id", metavar="ATTACK")
@click.option("--on", "hex_", metavar="HEX", help="The hex (default: the one the attack's units advanced into).")
@click.option(
    "--cause",
    type=click.Choice(["cross_river_attack", "crossing_arrow_attack"]),
    help="Across what the attack came, for an attack that was not a seaborne invasion.",
)
@table_options
@pass_context
def bridgehead(
    obj: Context,
    game: str,
    attack_id: str,
    hex_: str | None,
    cause: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Placed by the first unit that advanced into the hex after the attack (31.32): a seaborne invasion's on a
    beach hex or one-hex island (31.22), a cross-river or crossing-arrow attack's across that hexside (31.23).

    \b
    Example:
      awaw bridgehead club-1939 oslo
    """
    from replays.commands.attack import Bridgehead, decide_bridgehead

    order = Bridgehead(attack_id, hex_, cause)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_bridgehead(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command()
@click.argument("game")
@click.argument("overrun_id", metavar="OVERRUN")
@click.option("--on", "target", required=True, metavar="HEX", help="The hex overrun.")
@click.option("--with", "units", multiple=True, required=True, metavar="UNITS", help="The overrunning units (1-2).")
@click.option("--support", multiple=True, metavar="UNITS", help="Air units flying ground support.")
@click.option("--dm", "dms", multiple=True, metavar="[UNIT=]ITEM", help="A DM item claimed (15.3), e.g. rough.")
@click.option("--as", "actor", metavar="POWER", help="The overrunning power, where control of its units is open.")
@table_options
@pass_context
def overrun(
    obj: Context,
    game: str,
    overrun_id: str,
    target: str,
    units: tuple[str, ...],
    support: tuple[str, ...],
    dms: tuple[str, ...],
    actor: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """The strengths are a ground attack's: the units' factors and their ground support against the defenders'
    factors times their DMs (13.51, 15.34); at 6:1 or better the overrun succeeds and the defenders are eliminated
    (13.52, 13.54); below it fails (13.531). Then ``awaw move`` the units into the hex (+1 MF, 13.41E).

    \b
    Example:
      awaw overrun club-1939 denmark-overrun --on EUR:H32 \\
          --with ger-arm-4,ger-arm-5 --support ger-aaf-2
    """
    from replays.commands.overrun import Overrun, decide_overrun

    order = Overrun(overrun_id, target, _units(units), _units(support), _dms(dms), actor)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_overrun(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command("oil-produce")
@click.argument("game")
@click.argument("faction")
@click.argument("source")
@click.argument("amount", type=click.IntRange(min=1))
@click.option("--reserve", help="The reserve the oil goes to (default: the faction's one reserve).")
@click.option("--hex", "hex_", metavar="HEX", help="The source's hex (an oil center or a plant).")
@table_options
@pass_context
def oil_produce(
    obj: Context,
    game: str,
    faction: str,
    source: str,
    amount: int,
    reserve: str | None,
    hex_: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """AMOUNT is in fifths of an oil counter. The source's output, access and control are judged by the position
    (33.2, 33.41A, 33.44, 33.4521).

    \b
    Example:
      awaw oil-produce club-1939 japan international_market 15
    """
    from replays.commands.oil import Produce, decide_produce

    order = Produce(faction, source, amount, reserve, hex_)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_produce(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command("oil-spend")
@click.argument("game")
@click.argument("faction")
@click.argument("purpose")
@click.argument("quantity", type=click.IntRange(min=0), default=0, required=False)
@click.option("--reserve", help="The reserve the oil comes from (default: the faction's one reserve).")
@click.option("--domain", help="The oil domain an offset serves (default: the reserve).")
@click.option("--nationality", metavar="POWER", help="The nationality an offset serves (Britain, the U.S.: 33.55).")
@click.option("--for", "pays_for", multiple=True, metavar="IDS", help="The units or operations it pays for.")
@table_options
@pass_context
def oil_spend(
    obj: Context,
    game: str,
    faction: str,
    purpose: str,
    quantity: int,
    reserve: str | None,
    domain: str | None,
    nationality: str | None,
    pays_for: tuple[str, ...],
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """The amount is the rules' for PURPOSE and QUANTITY: a full counter for the army, air_general and naval_general
    offsets (33.61A-C); one fifth per 5 BRPs of construction or brp_growth (QUANTITY in BRPs, 33.82C-D); by air or
    submarine factors or ships for strategic_air, submarines and heavy_ships (33.82A-B).

    \b
    Examples:
      awaw oil-spend club-1939 japan army
      awaw oil-spend club-1939 japan construction 10
    """
    from replays.commands.oil import Spend, decide_spend_oil

    order = Spend(faction, purpose, quantity, reserve, domain, nationality, _units(pays_for))

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return decide_spend_oil(pos, order)

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)
