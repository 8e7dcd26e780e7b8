"""At the table: the verbs of a player turn (``move``, ``attack``, ``round``, ``losses``, ``advance``, ``attrition``,
``build``, ``redeploy``, ``spend``, ``end-phase``, ``weather``).

Each decides against the game as it stands (:mod:`replays.commands`), shows what it will append with what the audit
says of it, asks (``--yes`` does not; ``--dry-run`` stops there), appends, and shows the audit of what it appended.
A die comes from the game's committed seed (rolled only once the player has agreed) or, with ``--die`` or in a game
of physical dice, from the player.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click
import msgspec

from replays.cli.common import Context, command, domain_errors, json_option, pass_context
from replays.cli.shown import refused, show_done, show_preview

if TYPE_CHECKING:
    from awaw_events.events import AnyEvent
    from projections.position import Position
    from replays.commands.base import Die, Refusal


def _units(values: Sequence[str]) -> tuple[str, ...]:
    """Unit ids given as repeated options or comma-separated (``--with a,b --with c``)."""
    return tuple(u.strip() for value in values for u in value.split(",") if u.strip())


def table_options(func: Any) -> Any:
    """``--dry-run``, ``--yes``, ``--strict`` and ``--json``: every verb's."""
    func = json_option(func)
    func = click.option(
        "--strict", is_flag=True, help="Append nothing, and exit 1, if the audit finds anything in the events."
    )(func)
    func = click.option("--yes", "-y", is_flag=True, help="Append without asking.")(func)
    return click.option("--dry-run", is_flag=True, help="Show what would be appended, and stop.")(func)


def _play(
    obj: Context,
    game: str,
    decide: Callable[[Position, Die], list[AnyEvent] | Refusal],
    *,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
    face: int | None = None,
    rolls: bool = False,
    note: Callable[[Position, list[AnyEvent]], str] | None = None,
) -> None:
    """Decide, show, ask, append, show. ``rolls``: the command rolls a die, which is made only once the player has
    agreed (a seeded die from the game's seed, a physical one typed in when not given)."""
    from awaw_events.codec import to_builtins
    from replays import formatting
    from replays.cli.writing import strict_refused
    from replays.commands.base import NO_DIE, Refusal
    from replays.commands.runner import commit, die_for, look, preview, seeded
    from replays.recording import StrictRefusal

    with obj.store() as store:
        seen = look(store, game)
        shown = decide(seen.position, NO_DIE)
        if isinstance(shown, Refusal):
            refused(shown, as_json)
        assert not isinstance(shown, Refusal)
        report = preview(seen, shown)
        extra = note(seen.position, shown) if note is not None else ""
        if not as_json and (dry_run or not yes):
            show_preview(seen, shown, report, extra, dry_run)
        if dry_run:
            if as_json:
                formatting.print_json(
                    {
                        "dry_run": True,
                        "events": [{"seq": seen.size + 1 + i, "event": to_builtins(e)} for i, e in enumerate(shown)],
                        "then": extra,
                        "findings": [msgspec.to_builtins(f) for f in report.findings],
                    }
                )
            return
        sys.stdout.flush()
        if not yes and not click.confirm(
            "Append these events?" if not rolls else "Roll and append?", default=report.clean, err=True
        ):
            click.echo("nothing was written", err=True)
            sys.exit(1)
        die: Die = NO_DIE
        if rolls:
            if face is None and not seeded(store, game):
                face = click.prompt(
                    f"die for roll #{seen.position.next_roll} (1-6)", type=click.IntRange(1, 6), err=True
                )
            with domain_errors():
                die = die_for(store, obj.keys(), game, face)
        try:
            done = commit(store, game, lambda pos: decide(pos, die), expected_count=seen.size, strict=strict)
        except StrictRefusal as exc:
            strict_refused(game, exc, as_json)
    if isinstance(done, Refusal):
        refused(done, as_json)
    assert not isinstance(done, Refusal)
    show_done(game, done, as_json, shown=len(shown) if not yes else 0)


# ---------------------------------------------------------------------------------------------------------------
# The verbs


@command()
@click.argument("game")
@click.argument("unit")
@click.argument("path", nargs=-1, metavar="[HEX]...")
@click.option("--breakthrough", help="Exploitation: the breakthrough the unit exploits from.")
@click.option("--as", "actor", metavar="POWER", help="The power that moves it, where control of the unit is open.")
@click.option("--force", is_flag=True, help="Record a move the rules forbid as a disputed action the audit lists.")
@table_options
@pass_context
def move(
    obj: Context,
    game: str,
    unit: str,
    path: tuple[str, ...],
    breakthrough: str | None,
    actor: str | None,
    force: bool,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """The movement factors it spends are computed from the position (terrain, ZoCs, overruns); a path it cannot pay
    for, or that breaks a rule, is refused with the rule (--force: recorded with a note naming it disputed, and the
    audit lists it). With no HEX, list where UNIT can go and what each hex costs.

    \b
    Example:
      awaw move mygame ger-inf-3 EUR:M33 EUR:M34
    """
    from replays.commands.force import forced_move
    from replays.commands.move import Move, decide_move

    if not path:
        _reachable(obj, game, unit, actor, as_json)
        return
    order = Move(unit, path, breakthrough, actor)
    chosen = forced_move if force else decide_move
    _play(obj, game, lambda t, _d: chosen(t, order), dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


def _reachable(obj: Context, game: str, unit: str, actor: str | None, as_json: bool) -> None:
    """``awaw move GAME UNIT``: the hexes the unit can reach with what it has left, cheapest first."""
    from rich.table import Table as RichTable
    from rich.text import Text

    from replays import formatting
    from replays.commands.base import Refusal
    from replays.commands.move import reach
    from replays.commands.runner import look

    with obj.store() as store:
        seen = look(store, game)
    found = reach(seen.position, unit, actor)
    if isinstance(found, Refusal):
        refused(found, as_json)
    assert not isinstance(found, Refusal)
    hexes = found.answer
    unknown = sorted({u.reason for u in found.unknown})
    if as_json:
        formatting.print_json(
            {
                "unit": unit,
                "reachable": [{"hex": r.hex, "mf": r.cost, "exact": r.exact, "path": list(r.path)} for r in hexes],
                "not_decided": unknown,
            }
        )
        return
    out = formatting.console()
    if not hexes:
        out.print(Text(f"{unit} can reach no hex now" + (f" ({'; '.join(unknown)})" if unknown else "")))
        return
    shown = RichTable(title=f"where {unit} can move now", title_justify="left", box=None, pad_edge=False)
    shown.add_column("hex")
    shown.add_column("MF", justify="right")
    shown.add_column("path")
    for r in hexes:
        shown.add_row(r.hex, f"{r.cost}" if r.exact else f"{r.cost}+", " ".join(r.path))
    out.print(shown)
    if not all(r.exact for r in hexes):
        out.print(Text("MF with +: the map data does not give every fact, so the cost is at least that"))


def _dms(values: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """``--dm rough`` (every defender) and ``--dm pol-inf-1=fortification`` (one defender)."""
    found: dict[str, list[str]] = {}
    for value in values:
        unit, sep, code = value.partition("=")
        key, item = (unit.strip(), code.strip()) if sep else ("*", unit.strip())
        found.setdefault(key, []).append(item)
    return {k: tuple(v) for k, v in found.items()}


def _odds_note(attack_id: str) -> Callable[[Position, list[AnyEvent]], str]:
    def note(pos: Position, events: list[AnyEvent]) -> str:
        from replays.commands.attack import preview_odds
        from replays.play.odds import preview_lines

        found = preview_odds(pos, events, attack_id)
        if found is None:
            return ""
        a, d, column = found
        if column == "below_1:4":
            return f"{a} against {d}: below 1:4, no roll, the attacker is eliminated (15.52)"
        chances = "\n".join(preview_lines(pos, events)[1:])
        then = f"then: {a} against {d}, the {column} column; roll #{pos.next_roll} and read the CRT (15.6)"
        return f"{then}\n{chances}" if chances else then

    return note


@command()
@click.argument("game")
@click.argument("attack_id", metavar="[ATTACK]", required=False)
@click.option("--on", "hexes", multiple=True, required=True, metavar="HEX", help="The hex attacked (repeatable).")
@click.option("--with", "attackers", multiple=True, required=True, metavar="UNITS", help="Attacking ground units.")
@click.option("--support", multiple=True, metavar="UNITS", help="Air units flying ground support.")
@click.option("--das", multiple=True, metavar="UNITS", help="The defender's air units flying defensive air support.")
@click.option("--dm", "dms", multiple=True, metavar="[UNIT=]ITEM", help="A DM item claimed (15.3), e.g. rough.")
@click.option("--terrain", help="The attacked hex's terrain (default: the map data's, else clear).")
@click.option("--kind", type=click.Choice(["regular", "exploitation", "invasion", "airdrop", "partisans"]))
@click.option("--die", "face", type=click.IntRange(1, 6), help="A physical die (default: the game's next seeded roll).")
@click.option("--attacker-takes-ex", is_flag=True, help="15.53: the attacker takes Ex instead of d.")
@click.option("--defender-converts", is_flag=True, help="15.55: the defender converts the result.")
@click.option("--as", "actor", metavar="POWER", help="The attacking power, where control of its units is open.")
@table_options
@pass_context
def attack(
    obj: Context,
    game: str,
    attack_id: str | None,
    hexes: tuple[str, ...],
    attackers: tuple[str, ...],
    support: tuple[str, ...],
    das: tuple[str, ...],
    dms: tuple[str, ...],
    terrain: str | None,
    kind: str | None,
    face: int | None,
    attacker_takes_ex: bool,
    defender_converts: bool,
    actor: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Strengths and odds come from the board and the DM items claimed (the basic DM is always counted). With no
    ATTACK, it is named after the hex (warsaw-1, the map data's name, else the hex's).

    \b
    Example:
      awaw attack mygame --on EUR:L34 --with ger-arm-1,ger-inf-1 \\
          --support ger-aaf-1
    """
    from replays.commands.attack import Attack, decide_attack, decide_declaration
    from replays.commands.ids import attack_id as next_attack_id

    order = Attack(
        attack_id or "",
        tuple(hexes),
        _units(attackers),
        _units(support),
        _units(das),
        _dms(dms),
        terrain,
        kind,
        attacker_takes_ex,
        defender_converts,
        actor,
    )

    def named(pos: Position) -> Attack:
        return order if attack_id else order._replace(attack=next_attack_id(pos, order.hexes))

    def decide(pos: Position, die: Die) -> list[AnyEvent] | Refusal:
        chosen = named(pos)
        return decide_attack(pos, chosen, die) if die.known else decide_declaration(pos, chosen)

    def note(pos: Position, events: list[AnyEvent]) -> str:
        return _odds_note(named(pos).attack)(pos, events)

    _play(
        obj,
        game,
        decide,
        dry_run=dry_run,
        yes=yes,
        strict=strict,
        as_json=as_json,
        face=face,
        rolls=True,
        note=note,
    )


@command("round")
@click.argument("game")
@click.argument("attack_id", metavar="ATTACK")
@click.option(
    "--with", "attackers", multiple=True, metavar="UNITS", help="Attackers fighting it (default: all that may)."
)
@click.option("--die", "face", type=click.IntRange(1, 6), help="A physical die (default: the game's next seeded roll).")
@click.option("--attacker-takes-ex", is_flag=True, help="15.53: the attacker takes Ex instead of d.")
@click.option("--defender-converts", is_flag=True, help="15.55: the defender converts the result.")
@table_options
@pass_context
def round_(
    obj: Context,
    game: str,
    attack_id: str,
    attackers: tuple[str, ...],
    face: int | None,
    attacker_takes_ex: bool,
    defender_converts: bool,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """\b
    Example:
      awaw round club-1939 pol-1
    """
    from replays.commands.attack import Round, decide_round

    order = Round(attack_id, _units(attackers), attacker_takes_ex, defender_converts)
    _play(
        obj,
        game,
        lambda t, d: decide_round(t, order, d),
        dry_run=dry_run,
        yes=yes,
        strict=strict,
        as_json=as_json,
        face=face,
        rolls=True,
    )


@command()
@click.argument("game")
@click.argument("ref", metavar="ATTACK|ATTRITION")
@click.argument("units", nargs=-1, metavar="UNIT[=FACTORS]...")
@click.option(
    "--side",
    type=click.Choice(["attacker", "defender"]),
    default="defender",
    show_default=True,
    help="Whose losses (an attack's).",
)
@table_options
@pass_context
def losses(
    obj: Context,
    game: str,
    ref: str,
    units: tuple[str, ...],
    side: str,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Ground units are lost whole; UNIT=FACTORS takes some factors of an air or naval unit. No units: everything,
    when the result takes everything (D, A).

    \b
    Example:
      awaw losses mygame pol-2 --side attacker ger-inf-4 ger-aaf-3=3
    """
    from replays.commands.attack import Losses, decide_losses
    from replays.commands.attrition import AttritionLosses, decide_attrition_losses

    with domain_errors():
        chosen = dict(_unit_factors(u) for u in units)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        if ref in pos.state.combat.attritions:
            return decide_attrition_losses(pos, AttritionLosses(ref, tuple(chosen)))
        return decide_losses(pos, Losses(ref, side, chosen))

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


def _unit_factors(text: str) -> tuple[str, int | None]:
    from awaw_events.errors import InputError

    unit, sep, factors = text.partition("=")
    if not sep:
        return unit, None
    if not factors.strip().isdigit():
        raise InputError(f"expected UNIT=FACTORS with a whole number, got {text!r}")
    return unit, int(factors)


@command()
@click.argument("game")
@click.argument("ref", metavar="ATTACK|ATTRITION")
@click.argument("units", nargs=-1, metavar="UNIT...|UNIT=HEX...")
@click.option("--to", "to", metavar="HEX", help="The attacked hex they advance into (when there were several).")
@click.option(
    "--breakthrough",
    metavar="[NAME]",
    is_flag=False,
    flag_value="",
    help="The first armor unit to advance creates this breakthrough (no NAME: bt- and the hex's name).",
)
@table_options
@pass_context
def advance(
    obj: Context,
    game: str,
    ref: str,
    units: tuple[str, ...],
    to: str | None,
    breakthrough: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """No units: the attack ends where it stands.

    \b
    Example:
      awaw advance mygame warsaw-1 ger-arm-1 --breakthrough
    """
    from replays.commands.attack import Advance, decide_advance
    from replays.commands.attrition import Occupation, decide_occupation
    from replays.commands.ids import breakthrough_id

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        if ref in pos.state.combat.attritions:
            moves = dict(u.partition("=")[::2] for u in units)
            return decide_occupation(pos, Occupation(ref, moves))
        named = breakthrough_id(pos, ref, to) if breakthrough == "" else breakthrough
        return decide_advance(pos, Advance(ref, tuple(units), to, named))

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command()
@click.argument("game")
@click.argument("attrition_id", metavar="[ATTRITION]", required=False)
@click.option("--target", required=True, help="The country or faction attritioned (china, poland ...).")
@click.option("--front", required=True, help="The front (eastern, asian ...).")
@click.option("--with", "units", multiple=True, required=True, metavar="UNITS", help="The ground units counted.")
@click.option("--defenders", multiple=True, metavar="UNITS", help="The enemy units in contact (14.42B exactly).")
@click.option("--zone", help="The weather zone (for the winter modifier, 14.42C).")
@click.option("--take-2c", is_flag=True, help="14.44: take 2C instead of 1C/1H.")
@click.option("--die", "face", type=click.IntRange(1, 6), help="A physical die (default: the game's next seeded roll).")
@click.option("--as", "actor", metavar="POWER", help="The attritioning power, where control of its units is open.")
@table_options
@pass_context
def attrition(
    obj: Context,
    game: str,
    attrition_id: str | None,
    target: str,
    front: str,
    units: tuple[str, ...],
    defenders: tuple[str, ...],
    zone: str | None,
    take_2c: bool,
    face: int | None,
    actor: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """With no ATTRITION, it is named after the target (china-1).

    \b
    Example:
      awaw attrition mygame --target china --front asian \\
          --with jap-inf-1,jap-inf-2
    """
    from replays.commands.attrition import Attrition, decide_attrition, preview_column
    from replays.commands.ids import attrition_id as next_attrition_id

    order = Attrition(attrition_id or "", target, front, _units(units), _units(defenders), zone, take_2c, actor)

    def note(pos: Position, events: list[AnyEvent]) -> str:
        column = preview_column(events)
        return f"then: the {column} column; roll #{pos.next_roll} and read the Attrition Table" if column else ""

    _play(
        obj,
        game,
        lambda t, d: decide_attrition(t, order._replace(attrition=attrition_id or next_attrition_id(t, target)), d),
        dry_run=dry_run,
        yes=yes,
        strict=strict,
        as_json=as_json,
        face=face,
        rolls=True,
        note=note,
    )


@command()
@click.argument("game")
@click.argument("unit")
@click.option("--at", "at", metavar="HEX", help="Where the unit is built.")
@click.option("--yard", help="Lay a ship down on this shipyard's Naval Construction Chart (27.7251).")
@click.option("--name", help="A named ship's name.")
@click.option(
    "--chart",
    "action",
    type=click.Choice(["continue", "accelerate_1", "accelerate_2", "defer", "launch", "scuttle"]),
    help="What a ship on its chart does this unit construction phase (27.7272).",
)
@click.option("--power", help="The building power (default: the owner of the eliminated unit rebuilt).")
@click.option("--type", "unit_type", help="A new counter's unit type (infantry, armor, aaf ...).")
@click.option("--factors", type=click.IntRange(0, 99), help="A new counter's factors.")
@click.option("--nationality", help="A new counter's nationality (default: the power's).")
@click.option("--payer", help="The power that pays, when another does.")
@click.option("--oil-covered", type=click.IntRange(0, 2000), help="BRPs of the cost the faction's oil covers (27.35A).")
@table_options
@pass_context
def build(
    obj: Context,
    game: str,
    unit: str,
    at: str | None,
    yard: str | None,
    name: str | None,
    action: str | None,
    power: str | None,
    unit_type: str | None,
    factors: int | None,
    nationality: str | None,
    payer: str | None,
    oil_covered: int | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """Ships on the charts: --yard lays one down (27.7251), --chart continues, accelerates, defers or launches one
    (27.7272).

    \b
    Examples:
      awaw build mygame ger-inf-4 --at EUR:L32
      awaw build mygame ger-dd-7 --yard kiel --type dd --factors 1
      awaw build mygame ger-ca-3 --chart continue
    """
    from replays.commands.base import Refusal
    from replays.commands.economy import Build, decide_build
    from replays.commands.naval import Ship, decide_ship

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        if action is not None:
            return decide_ship(pos, Ship(unit, action))
        if yard is not None:
            return decide_ship(pos, Ship(unit, "lay_down", yard, unit_type, factors, name, power))
        if at is None:
            return Refusal("27.11", "a unit is built somewhere: give --at HEX (or --yard for a ship)")
        return decide_build(pos, Build(unit, at, power, unit_type, factors, nationality, payer, oil_covered))

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command()
@click.argument("game")
@click.argument("unit")
@click.argument("to", metavar="HEX")
@click.option("--kind", type=click.Choice(["SR", "TR", "NR", "air_transport"]), default="SR", show_default=True)
@click.option("--via", multiple=True, metavar="HEX", help="A hex the redeployment passes through (repeatable).")
@click.option("--as", "actor", metavar="POWER", help="The power that redeploys it, where control is open.")
@table_options
@pass_context
def redeploy(
    obj: Context,
    game: str,
    unit: str,
    to: str,
    kind: str,
    via: tuple[str, ...],
    actor: str | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """\b
    Example:
      awaw redeploy club-1939 ger-inf-3 EUR:L32
    """
    from replays.commands.economy import Redeploy, decide_redeploy

    order = Redeploy(unit, to, kind, tuple(via), actor)
    _play(obj, game, lambda t, _d: decide_redeploy(t, order), dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command()
@click.argument("game")
@click.argument("power")
@click.argument("what", type=click.Choice(["offensive", "war", "grant"]))
@click.argument("target", required=False)
@click.option("--front", help="An offensive's front.")
@click.option("--kind", default="full", show_default=True, help="An offensive's kind.")
@click.option("--amount", type=click.IntRange(1, 2000), help="A grant's BRPs.")
@click.option("--route", help="A grant's route.")
@click.option("--cost", type=click.IntRange(0, 2000), help="The BRPs, where the rules give no price.")
@table_options
@pass_context
def spend(
    obj: Context,
    game: str,
    power: str,
    what: str,
    target: str | None,
    front: str | None,
    kind: str,
    amount: int | None,
    route: str | None,
    cost: int | None,
    dry_run: bool,
    yes: bool,
    strict: bool,
    as_json: bool,
) -> None:
    """\b
    Examples:
      awaw spend mygame germany war poland
      awaw spend mygame germany offensive --front eastern
      awaw spend mygame britain grant france --amount 10
    """
    from replays.commands.economy import Spend, decide_spend
    from replays.commands.ids import name_offensives

    order = Spend(power, what, target, front, kind, amount, route, cost)

    def decide(pos: Position, _die: Die) -> list[AnyEvent] | Refusal:
        return name_offensives(pos, decide_spend(pos, order))

    _play(obj, game, decide, dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


@command("end-phase")
@click.argument("game")
@table_options
@pass_context
def end_phase(obj: Context, game: str, dry_run: bool, yes: bool, strict: bool, as_json: bool) -> None:
    """\b
    Example:
      awaw end-phase club-1939
    """
    from replays.commands.phase import decide_end_phase

    _play(obj, game, lambda t, _d: decide_end_phase(t), dry_run=dry_run, yes=yes, strict=strict, as_json=as_json)


def _zone_faces(values: Sequence[str]) -> dict[str, int]:
    """``--die ZONE=N`` options as a mapping, refused (naming the option and what it takes) when one is not that."""
    faces: dict[str, int] = {}
    for value in values:
        zone, sep, face = value.partition("=")
        if not sep or not face.strip().isdigit() or not 1 <= int(face) <= 6:
            raise click.BadParameter(f"{value!r}: give ZONE=N, N a die face 1-6 (siberia=3)", param_hint="--die")
        faces[zone.strip()] = int(face)
    return faces


@command()
@click.argument("game")
@click.option("--die", "faces", multiple=True, metavar="ZONE=N", help="A zone's Winter Table die, typed in.")
@table_options
@pass_context
def weather(
    obj: Context, game: str, faces: tuple[str, ...], dry_run: bool, yes: bool, strict: bool, as_json: bool
) -> None:
    """Zones the Winter Table rolls for this season take one die each: typed in with --die, or the game's next
    seeded rolls.

    \b
    Example:
      awaw weather club-1939 --die russian_winter=4 --die siberia=2
    """
    from replays.commands.runner import look, seeded
    from replays.commands.weather import Weather, decide_weather, preview_rolls, rolled_zones

    order = Weather(_zone_faces(faces))
    with obj.store() as store:
        missing = [z for z in rolled_zones(look(store, game).position) if z not in order.faces]
        if missing and not seeded(store, game):
            zones = " ".join(f"--die {z}=N" for z in missing)
            raise click.UsageError(f"this game's dice are physical: give the Winter Table die of each zone ({zones})")
    _play(
        obj,
        game,
        lambda t, d: decide_weather(t, order, d),
        dry_run=dry_run,
        yes=yes,
        strict=strict,
        as_json=as_json,
        rolls=bool(missing),
        note=preview_rolls,
    )
