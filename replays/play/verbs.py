"""The one-line verbs of a staged turn (``m ger-arm-3 K36``, ``a L34 from K34 M34 arm-1 +aaf-1``): each is read
against the draft's position into a decision of :mod:`replays.commands`, with the words a player would say.

* Units are named by their id or its unique end among the phasing side's units (``arm-1`` for ``ger-arm-1``), hexes
  with or without their mapboard (``M34`` on the board the unit, or the phasing side, is on), powers and fronts by
  a unique beginning (``ger``, ``east``).
* A verb played in a later phase of the player turn than the current one ends the phases between (the sequence of
  play fixes their order, 27-30 extract 5.3); it never ends the player turn, and never leaves a combat or
  exploitation phase while an attack there is not over (its losses or its advance are asked for).
* A move to one hex takes the cheapest path the position finds (``reach``); a move the position refuses is refused
  with the rule and the hexes the unit can reach.
* An attack's declaration is staged; its roll is a separate step (``roll``), so that it can be taken back before the
  die is seen.

:func:`parse` gives a :class:`Verb`: its canonical line (what the draft stores and decides again if the log moves)
and how it decides. Everything here is a pure function of the position.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Collection, Sequence
from typing import Final, NamedTuple, get_args

from awaw_events.events import AnyEvent, PlayerTurnEnded
from awaw_events.vocab import GROUND_TYPES, PLAYER_TURN_PHASES, POWERS, Front
from projections import game
from projections.position import Position
from projections.rules.construction.costs import BUILD_PHASES
from projections.rules.sequence import ATTACK_PHASES, DIPLOMACY_PHASE, MOVE_PHASES
from replays.commands import ids
from replays.commands.attack import (
    Advance,
    Attack,
    Losses,
    Round,
    decide_advance,
    decide_attack,
    decide_declaration,
    decide_losses,
    decide_round,
)
from replays.commands.attrition import ATTRITION_PHASE, Attrition, decide_attrition
from replays.commands.base import Die, Refusal, side_of
from replays.commands.economy import Build, Redeploy, Spend, decide_build, decide_redeploy, decide_spend
from replays.commands.force import forced_move
from replays.commands.move import Move, decide_move, reach
from replays.commands.naval import ACTIONS as CHART_ACTIONS
from replays.commands.naval import Ship, decide_ship
from replays.commands.phase import decide_end_phase

Decide = Callable[[Position], "list[AnyEvent] | Refusal"]
Rolls = Callable[[Position, Die], "list[AnyEvent] | Refusal"]

HEX: Final = re.compile(r"(?:(?P<board>EUR|PAC):)?(?P<hex>[A-Z]{1,2}\d{1,3})", re.IGNORECASE)
FRONTS: Final[tuple[str, ...]] = get_args(Front)
REDEPLOYMENT_PHASE: Final = "redeployment"
"""Where units redeploy (28.1); the redeployment command checks it, the prompt goes there."""
MAX_PHASES: Final = 16
"""More end-phases than a player turn has: an auto-advance that has not arrived by then never will."""

VERBS: Final[dict[str, str]] = {
    "m": "m UNIT [HEX...] [bt=ID] [--force]: move UNIT to HEX (the cheapest path) or along HEX...; m UNIT: where it "
    "can go; --force: a move the rules forbid, recorded as disputed",
    "a": "a HEX [from HEX...] [UNIT...] [+AIR...] [dm=ITEM]: attack HEX with the non-armor units in the from-hexes "
    "and the units named, air units in ground support",
    "roll": "roll [DIE]: roll the staged attack's die (a physical die typed in)",
    "round": "round [ATTACK]: fight the next round of the attack (then roll)",
    "l": "l [ATTACK] [UNIT[=FACTORS]...] [side=attacker|defender]: take losses (none named: everything)",
    "adv": "adv [ATTACK] [UNIT...] [bt]: end the attack, advance UNIT..., bt: make a breakthrough",
    "at": "at TARGET FRONT UNIT...: attrition against TARGET on FRONT (then roll)",
    "w": "w POWER TARGET: POWER declares war on TARGET",
    "o": "o POWER FRONT: POWER pays a full offensive on FRONT",
    "g": "g POWER TARGET BRPS: POWER grants BRPS to TARGET",
    "b": "b UNIT [HEX [TYPE FACTORS [POWER]]] | b SHIP continue|launch|...: build",
    "r": "r UNIT HEX: redeploy UNIT to HEX",
    "e": "e: end this phase",
    "end": "end: end the player turn (and commit it)",
    "u": "u: undo the last staged action",
    "show": "show [VIEW]: the board (or a view) of the draft",
    "commit": "commit: append what is staged",
    "q": "q: quit (the draft is kept)",
}
"""Every verb of the prompt with its words (the help, and the completion of the first word)."""


def _in_order(phases: Collection[str]) -> tuple[str, ...]:
    return tuple(p for p in PLAYER_TURN_PHASES if p in phases)


VERB_PHASES: Final[dict[str, tuple[str, ...]]] = {
    "m": _in_order(MOVE_PHASES),
    "a": _in_order(ATTACK_PHASES),
    "at": (ATTRITION_PHASE,),
    "w": (DIPLOMACY_PHASE,),
    "o": _in_order(ATTACK_PHASES)[:1],
    "b": _in_order(BUILD_PHASES),
    "r": (REDEPLOYMENT_PHASE,),
}
"""The phases each verb is played in, as the rules' own constants name them (13.11, 15.1, 14.4, 27.12, 27.11,
28): the first at or after the current one is reached by ending the phases between. An offensive is paid in the
combat phase, before the attacks it pays for (27.12)."""

ALIASES: Final = {"move": "m", "attack": "a", "losses": "l", "advance": "adv", "war": "w", "offensive": "o",
                  "grant": "g", "build": "b", "redeploy": "r", "undo": "u", "quit": "q", "exit": "q",
                  "attrition": "at", "next": "e", "end-phase": "e"}  # fmt: skip


class Verb(NamedTuple):
    """A line read: ``line`` (canonical words, what the draft stores), how it decides, and, for a verb that rolls,
    how it decides once the die is known (``rolls``; ``decide`` is then the part staged before the roll)."""

    name: str
    line: str
    decide: Decide
    rolls: Rolls | None = None
    force: bool = False
    """``--force``: what the audit would find in it is recorded anyway, as a disputed action (a note on it)."""
    instead: Callable[[Position], str] | None = None
    """What the player could do instead, when the audit finds the action breaks a rule (the hexes a unit can reach,
    the units next to a hex)."""


class Said(NamedTuple):
    """A line that stages nothing: what to say (``m UNIT``: where it can go), or a session word (``u``, ``show``)."""

    name: str
    args: tuple[str, ...]
    text: str = ""


# ---------------------------------------------------------------------------------------------------------------
# Words


def own_side(pos: Position) -> str | None:
    """The phasing side (the side of the player turn; the first side before one begins)."""
    return pos.state.clock.side or "axis"


def unit_of(pos: Position, token: str, power: str | None = None) -> str | Refusal:
    """A unit by its id or the unique end of one of the units of ``power`` (the player's, ``--as``), else of the
    phasing side (``arm-1``)."""
    units = pos.board.units
    if token in units:
        return token
    side = own_side(pos)
    ends = [u for u in units if u.endswith("-" + token)]
    mine = [u for u in ends if units[u].owner == power] or [u for u in ends if side_of(units[u].owner) == side]
    mine = mine or ends
    if len(mine) == 1:
        return mine[0]
    if not mine:
        return Refusal("10.1", f"no unit {token!r} on the board")
    return Refusal("10.1", f"{token!r} could be {', '.join(sorted(mine)[:6])}: say which")


def hex_of(pos: Position, token: str, near: str | None = None) -> str | Refusal:
    """A hex with its mapboard: as written, or on the board of ``near`` (a unit), else the phasing side's."""
    match = HEX.fullmatch(token)
    if match is None:
        named = _named_hex(pos, token)
        return named if named is not None else Refusal("1.15", f"{token!r} is not a hex (EUR:K36, K36, or a name)")
    if match["board"]:
        return f"{match['board'].upper()}:{match['hex'].upper()}"
    board = "EUR"
    where = pos.board.units[near].location if near is not None and near in pos.board.units else ""
    if ":" in where:
        board = where.split(":")[0]
    return f"{board}:{match['hex'].upper()}"


def _named_hex(pos: Position, token: str) -> str | None:
    """The hex the map data names ``token`` (``Copenhagen``; ``-`` for a space), if one does."""
    if pos.map is None:
        return None
    wanted = token.replace("-", " ").casefold()
    return next((f.hex for f in pos.map.hexes if f.name and f.name.casefold() == wanted), None)


def prefixed(token: str, names: Sequence[str], what: str) -> str | Refusal:
    """A name by a unique beginning (``ger`` for germany)."""
    if token in names:
        return token
    found = [n for n in names if n.startswith(token.lower())]
    if len(found) == 1:
        return found[0]
    return Refusal("27.1", f"{token!r} is no {what} (known: {', '.join(names)})")


def _fold(pos: Position, events: Sequence[AnyEvent]) -> Position:
    return Position(game.fold(pos.state, list(events)), pos.map, map_reason=pos.map_reason)


def open_attacks(pos: Position) -> list[str]:
    """The attacks of this player turn that have not ended, oldest first."""
    return [a for a, attack in pos.state.combat.attacks.items() if not attack.ended]


def pending_losses(pos: Position, attack_id: str) -> str | None:
    """The side whose losses the last round of ``attack_id`` still needs (15.61), if any."""
    attack = pos.state.combat.attacks.get(attack_id)
    played = attack.rounds.get(attack.last_round) if attack is not None else None
    if played is None or played.requirement is None:
        return None
    for side in ("attacker", "defender"):
        need = getattr(played.requirement, side)
        if (need.everything or need.factors) and side not in played.losses_seen:
            return side
    return None


def advance_to(pos: Position, phases: Sequence[str]) -> list[AnyEvent] | Refusal:
    """The end-phase events that bring the draft to the first of ``phases`` at or after the current phase of this
    player turn (none when it is there), or why not."""
    events: list[AnyEvent] = []
    here = pos
    for _ in range(MAX_PHASES):
        clock = here.state.clock
        if clock.side is not None and clock.phase in phases:
            return events
        if clock.side is not None and clock.phase in PLAYER_TURN_PHASES:
            later = PLAYER_TURN_PHASES[PLAYER_TURN_PHASES.index(clock.phase) :]
            if not any(p in later for p in phases):
                return Refusal("27-30 extract 5.3", f"this is the {clock.phase} phase: the {' or '.join(phases)} "
                               "phase of this player turn is over")  # fmt: skip
        if clock.phase in ("combat", "exploitation"):
            unfinished = open_attacks(here)
            if unfinished:
                return Refusal("15.61", f"attack {unfinished[0]} is not over: take its losses (l) and end it (adv) "
                               f"before the {clock.phase} phase ends")  # fmt: skip
        step = decide_end_phase(here)
        if isinstance(step, Refusal):
            return step
        if any(isinstance(e, PlayerTurnEnded) for e in step):
            return Refusal("27-30 extract 5.3", "that would end the player turn: say end")
        events += step
        here = _fold(here, step)
    return Refusal("27-30 extract 5.3", f"no {' or '.join(phases)} phase ahead")


def _in_phase(phases: Sequence[str], inner: Decide) -> Decide:
    """``inner`` decided in the first of ``phases`` ahead, after the end-phase events that reach it."""

    def decide(pos: Position) -> list[AnyEvent] | Refusal:
        ahead = advance_to(pos, phases)
        if isinstance(ahead, Refusal):
            return ahead
        decided = inner(_fold(pos, ahead) if ahead else pos)
        return decided if isinstance(decided, Refusal) else [*ahead, *decided]

    return decide


def _rolls_in_phase(phases: Sequence[str], inner: Rolls) -> Rolls:
    def decide(pos: Position, die: Die) -> list[AnyEvent] | Refusal:
        ahead = advance_to(pos, phases)
        if isinstance(ahead, Refusal):
            return ahead
        decided = inner(_fold(pos, ahead) if ahead else pos, die)
        return decided if isinstance(decided, Refusal) else [*ahead, *decided]

    return decide


# ---------------------------------------------------------------------------------------------------------------
# Reading a line


def parse(pos: Position, text: str, power: str | None = None) -> Verb | Said | Refusal:
    """Read one line against the draft's position; ``power``: the power the player plays by default (short unit
    ids are its units first; ``w``, ``o`` and ``g`` may leave it out)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        return Refusal("input", f"cannot read {text!r}: {exc}")
    if not words:
        return Said("", ())
    name, args = ALIASES.get(words[0], words[0]), tuple(words[1:])
    reader = READERS.get(name)
    if reader is not None:
        force = "--force" in args
        read = reader(pos, tuple(a for a in args if a != "--force" or name in ("m", "a")), power)
        if isinstance(read, Verb) and force:
            line = read.line if read.line.endswith(" --force") else f"{read.line} --force"
            return read._replace(line=line, force=True)
        return read
    if name in VERBS:
        return Said(name, args)
    return Refusal("input", f"no verb {words[0]!r} (verbs: {', '.join(VERBS)}; ? for help)")


def _move(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Said | Refusal:
    if not args:
        return Refusal("input", VERBS["m"])
    unit = unit_of(pos, args[0], power)
    if isinstance(unit, Refusal):
        return unit
    force = "--force" in args
    rest = [a for a in args[1:] if a != "bt" and not a.startswith("bt=") and a != "--force"]
    bt = next((a.partition("=")[2] for a in args[1:] if a.startswith("bt=")), None)
    hexes: list[str] = []
    for token in rest:
        found = hex_of(pos, token, unit)
        if isinstance(found, Refusal):
            return found
        hexes.append(found)
    if not hexes:
        return Said("reach", (unit,))
    line = " ".join(["m", unit, *hexes, *([f"bt={bt}"] if bt else []), *(["--force"] if force else [])])

    def inner(here: Position) -> list[AnyEvent] | Refusal:
        exploiting = here.state.clock.phase == "exploitation"
        breakthrough = bt or (_only_breakthrough(here) if exploiting else None)
        path = tuple(hexes)
        if len(hexes) == 1 and here.board.units[unit].location != hexes[0]:
            path = _cheapest(here, unit, hexes[0]) or _towards(here, unit, hexes[0])
        decided = (forced_move if force else decide_move)(here, Move(unit, path, breakthrough))
        if isinstance(decided, Refusal):
            body, sep, cited = str(decided).rpartition(" (")
            text = f"{body}; {alternatives(here, unit)} ({cited}" if sep else f"{decided}; {alternatives(here, unit)}"
            return Refusal(decided.rule, text)
        return decided

    return Verb("m", line, _in_phase(VERB_PHASES["m"], inner), instead=lambda here: alternatives(here, unit))


def _only_breakthrough(pos: Position) -> str | None:
    names = list(pos.state.combat.breakthroughs)
    return names[0] if len(names) == 1 else None


def _cheapest(pos: Position, unit: str, to: str) -> tuple[str, ...] | None:
    found = reach(pos, unit)
    if isinstance(found, Refusal):
        return None
    return next((r.path for r in found.answer if r.hex == to), None)


def _towards(pos: Position, unit: str, to: str) -> tuple[str, ...]:
    """A path to a hex the unit cannot reach, for the position to say why: the cheapest path to a reachable hex next
    to it, then the hex (or the hex alone)."""
    found = reach(pos, unit)
    if isinstance(found, Refusal):
        return (to,)
    next_to = [r for r in found.answer if pos.grid.adjacent(r.hex, to)]
    start = pos.board.units[unit].location
    if ":" in start and pos.grid.adjacent(start, to):
        return (to,)
    return (*next_to[0].path, to) if next_to else (to,)


def alternatives(pos: Position, unit: str, limit: int = 8) -> str:
    """``reachable from EUR:L35: EUR:K36 (2 MF), ...``: where the unit can go instead."""
    found = reach(pos, unit)
    if isinstance(found, Refusal):
        return str(found)
    where = pos.board.units[unit].location
    hexes = [f"{r.hex} ({r.cost}{'' if r.exact else '+'} MF)" for r in found.answer[:limit]]
    more = f" and {len(found.answer) - limit} more" if len(found.answer) > limit else ""
    return f"reachable from {where}: {', '.join(hexes) or 'none'}{more}"


def _attack(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    targets: list[str] = []
    origins: list[str] = []
    units: list[str] = []
    support: list[str] = []
    dms: list[str] = []
    after_from = False
    force = "--force" in args
    for token in args:
        if token == "--force":
            continue
        if token == "from":
            after_from = True
        elif token.startswith("dm="):
            dms.append(token[3:])
        elif token.startswith("+"):
            found = unit_of(pos, token[1:], power)
            if isinstance(found, Refusal):
                return found
            support.append(found)
        elif HEX.fullmatch(token):
            place = hex_of(pos, token)
            if isinstance(place, Refusal):
                return place
            (origins if after_from else targets).append(place)
        else:
            found = unit_of(pos, token, power)
            if isinstance(found, Refusal):
                return found
            units.append(found)
    if not targets:
        return Refusal("input", VERBS["a"])
    side = own_side(pos)
    board = pos.board.units
    for origin in origins:
        units += [u.id for u in board.values() if u.location == origin and u.unit_type in GROUND_TYPES
                  and u.unit_type != "armor" and side_of(u.owner) == side and u.id not in units]  # fmt: skip
    line = " ".join(["a", *targets, *(["from", *origins] if origins else []), *units, *(f"+{s}" for s in support),
                     *(f"dm={d}" for d in dms)])  # fmt: skip

    def order(here: Position) -> Attack:
        return Attack(ids.attack_id(here, targets), tuple(targets), tuple(units), tuple(support),
                      dms={"*": tuple(dms)} if dms else {}, force=force)  # fmt: skip

    def declare(here: Position) -> list[AnyEvent] | Refusal:
        decided = decide_declaration(here, order(here))
        if isinstance(decided, Refusal):
            body, sep, cited = str(decided).rpartition(" (")
            others = attackers_next_to(here, targets[0])
            forceable = not isinstance(decide_declaration(here, order(here)._replace(force=True)), Refusal)
            others += "; --force records it as a disputed action" if forceable else ""
            return Refusal(decided.rule, f"{body}; {others} ({cited}" if sep else f"{decided}; {others}")
        return decided

    def rolled(here: Position, die: Die) -> list[AnyEvent] | Refusal:
        return decide_attack(here, order(here), die)

    phases = VERB_PHASES["a"]
    return Verb("a", line, _in_phase(phases, declare), _rolls_in_phase(phases, rolled),
                instead=lambda here: attackers_next_to(here, targets[0]))  # fmt: skip


def attackers_next_to(pos: Position, target: str) -> str:
    """``ground units next to EUR:L34: ger-inf-1 (EUR:K34), ...``: who could attack the hex instead."""
    side = own_side(pos)
    found = sorted(
        (u.location, u.id)
        for u in pos.board.units.values()
        if u.unit_type in GROUND_TYPES and side_of(u.owner) == side and ":" in u.location
        and u.location.split(":")[0] == target.split(":")[0] and pos.grid.adjacent(u.location, target)
    )  # fmt: skip
    listed = ", ".join(f"{unit} ({where})" for where, unit in found)
    return f"ground units next to {target}: {listed or 'none'}"


def current_attack(pos: Position, args: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The attack a follow-up names (its first word, when it is one) or the open one, and the other words."""
    if args and args[0] in pos.state.combat.attacks:
        return args[0], args[1:]
    unfinished = open_attacks(pos)
    return (unfinished[-1] if unfinished else None), args


def _round(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    attack, _ = current_attack(pos, args)
    if attack is None:
        return Refusal("15.7", "no attack is open this player turn")
    return Verb("round", f"round {attack}", lambda _here: [], lambda here, die: decide_round(here, Round(attack), die))


def _losses(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    attack, rest = current_attack(pos, args)
    if attack is None:
        return Refusal("15.61", "no attack is open this player turn")
    side = next((a.partition("=")[2] for a in rest if a.startswith("side=")), None) or pending_losses(pos, attack)
    chosen: dict[str, int | None] = {}
    for token in (a for a in rest if not a.startswith("side=")):
        name, sep, factors = token.partition("=")
        found = unit_of(pos, name, power)
        if isinstance(found, Refusal):
            return found
        if sep and not factors.isdigit():
            return Refusal("input", f"expected UNIT=FACTORS with a whole number, got {token!r}")
        chosen[found] = int(factors) if sep else None
    who = side or "defender"
    words = [f"{u}={f}" if f is not None else u for u, f in chosen.items()]
    line = " ".join(["l", attack, f"side={who}", *words])
    return Verb("l", line, lambda here: decide_losses(here, Losses(attack, who, chosen)))


def _advance(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    attack, rest = current_attack(pos, args)
    if attack is None:
        return Refusal("15.9", "no attack is open this player turn")
    bt = any(a == "bt" for a in rest)
    units: list[str] = []
    for token in (a for a in rest if a != "bt"):
        found = unit_of(pos, token, power)
        if isinstance(found, Refusal):
            return found
        units.append(found)
    line = " ".join(["adv", attack, *units, *(["bt"] if bt else [])])

    def decide(here: Position) -> list[AnyEvent] | Refusal:
        name = ids.breakthrough_id(here, attack, None) if bt else None
        return decide_advance(here, Advance(attack, tuple(units), None, name))

    return Verb("adv", line, decide)


def _attrition(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    if len(args) < 3:
        return Refusal("input", VERBS["at"])
    front = prefixed(args[1], FRONTS, "front")
    if isinstance(front, Refusal):
        return front
    units: list[str] = []
    for token in args[2:]:
        found = unit_of(pos, token, power)
        if isinstance(found, Refusal):
            return found
        units.append(found)
    target = args[0]

    def order(here: Position) -> Attrition:
        return Attrition(ids.attrition_id(here, target), target, front, tuple(units))

    def rolled(here: Position, die: Die) -> list[AnyEvent] | Refusal:
        return decide_attrition(here, order(here), die)

    phases = VERB_PHASES["at"]
    line = " ".join(["at", target, front, *units])
    return Verb("at", line, _in_phase(phases, lambda _here: []), _rolls_in_phase(phases, rolled))


def _with_power(args: tuple[str, ...], count: int, power: str | None) -> tuple[str, ...]:
    """The words with the player's power first, when they leave it out."""
    return (power, *args) if power is not None and len(args) == count - 1 else args


def _power(pos: Position, token: str) -> str | Refusal:
    return prefixed(token, POWERS, "major power")


def _war(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    args = _with_power(args, 2, power)
    if len(args) != 2:
        return Refusal("input", VERBS["w"])
    actor = _power(pos, args[0])
    if isinstance(actor, Refusal):
        return actor
    board = pos.board
    targets = sorted({u.nationality for u in board.units.values()} | set(board.control.values()) | set(POWERS))
    target = prefixed(args[1], targets, "country")
    if isinstance(target, Refusal):
        return target
    order = Spend(actor, "war", target)
    return Verb("w", f"w {actor} {target}", _in_phase(VERB_PHASES["w"], lambda here: decide_spend(here, order)))


def _offensive(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    args = _with_power(args, 2, power)
    if len(args) != 2:
        return Refusal("input", VERBS["o"])
    actor = _power(pos, args[0])
    front = prefixed(args[1], FRONTS, "front")
    for found in (actor, front):
        if isinstance(found, Refusal):
            return found
    assert isinstance(actor, str) and isinstance(front, str)
    order = Spend(actor, "offensive", None, front)

    def decide(here: Position) -> list[AnyEvent] | Refusal:
        return ids.name_offensives(here, decide_spend(here, order))

    return Verb("o", f"o {actor} {front}", _in_phase(VERB_PHASES["o"], decide))


def _grant(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    args = _with_power(args, 3, power)
    if len(args) != 3 or not args[2].isdigit():
        return Refusal("input", VERBS["g"])
    actor, target = _power(pos, args[0]), _power(pos, args[1])
    for found in (actor, target):
        if isinstance(found, Refusal):
            return found
    assert isinstance(actor, str) and isinstance(target, str)
    order = Spend(actor, "grant", target, amount=int(args[2]))
    return Verb("g", f"g {actor} {target} {args[2]}", lambda here: decide_spend(here, order))


def _build(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    if not args:
        return Refusal("input", VERBS["b"])
    known = unit_of(pos, args[0], power)
    unit = known if isinstance(known, str) else new_unit_id(pos, args[0], power)
    phases = VERB_PHASES["b"]
    if len(args) == 2 and args[1] in CHART_ACTIONS and args[1] != "lay_down":
        action = args[1]
        return Verb("b", f"b {unit} {action}", _in_phase(phases, lambda here: decide_ship(here, Ship(unit, action))))
    if len(args) not in (2, 4, 5) or (len(args) >= 4 and not args[3].isdigit()):
        return Refusal("input", VERBS["b"])
    at = hex_of(pos, args[1], unit)
    if isinstance(at, Refusal):
        return at
    unit_type = args[2] if len(args) >= 4 else None
    factors = int(args[3]) if len(args) >= 4 else None
    builder: str | Refusal | None = _power(pos, args[4]) if len(args) == 5 else None
    if isinstance(builder, Refusal):
        return builder
    if builder is None and unit_type is not None:
        builder = power or _owner_by_stem(pos, unit)
    order = Build(unit, at, builder, unit_type, factors)
    words = [w for w in ("b", unit, at, unit_type, str(factors) if factors is not None else None, builder) if w]
    return Verb("b", " ".join(words), _in_phase(phases, lambda here: decide_build(here, order)))


def new_unit_id(pos: Position, token: str, power: str | None) -> str:
    """A new counter's id: as typed, with the stem ``power``'s counters share in front (``arm-7`` -> ``ger-arm-7``)
    when it has none and all its ``stem-type-number`` ids share one (named ships aside)."""
    stems = {u.id.split("-")[0] for u in pos.board.units.values() if u.owner == power and u.id.count("-") >= 2}
    if power is None or len(stems) != 1:
        return token
    stem = stems.pop()
    return token if token.startswith(stem + "-") else f"{stem}-{token}"


def _owner_by_stem(pos: Position, unit: str) -> str | None:
    """The power whose units carry the new counter's stem (``ger-`` of ``ger-arm-7``), when one power's do."""
    stem = unit.split("-")[0] + "-"
    owners = {u.owner for u in pos.board.units.values() if u.id.startswith(stem) and u.owner in POWERS}
    return owners.pop() if len(owners) == 1 else None


def _redeploy(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    if len(args) != 2:
        return Refusal("input", VERBS["r"])
    unit = unit_of(pos, args[0], power)
    if isinstance(unit, Refusal):
        return unit
    to = hex_of(pos, args[1], unit)
    if isinstance(to, Refusal):
        return to
    order = Redeploy(unit, to)
    return Verb("r", f"r {unit} {to}", _in_phase(VERB_PHASES["r"], lambda here: decide_redeploy(here, order)))


def _end_phase_now(here: Position) -> list[AnyEvent] | Refusal:
    unfinished = open_attacks(here) if here.state.clock.phase in ("combat", "exploitation") else []
    if unfinished:
        return Refusal("15.61", f"attack {unfinished[0]} is not over: take its losses (l) and end it (adv)")
    return decide_end_phase(here)


def _end_phase(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    return Verb("e", "e", _end_phase_now)


def _end_turn(pos: Position, args: tuple[str, ...], power: str | None = None) -> Verb | Refusal:
    """End the phases left and the player turn: the Axis's ends where the Allied one begins, the Allied's with the
    game turn (27.82 face up, 27-30 extract 5.3)."""
    side = pos.state.clock.side

    def decide(here: Position) -> list[AnyEvent] | Refusal:
        events: list[AnyEvent] = []
        for _ in range(MAX_PHASES):
            clock = here.state.clock
            if clock.side not in (side, None) or (events and clock.side is None):
                return events
            found = _end_phase_now(here)
            if isinstance(found, Refusal):
                return found
            events += found
            here = _fold(here, found)
        return events

    return Verb("end", "end", decide)


READERS: Final[dict[str, Callable[[Position, tuple[str, ...], str | None], Verb | Said | Refusal]]] = {
    "m": _move,
    "a": _attack,
    "round": _round,
    "l": _losses,
    "adv": _advance,
    "at": _attrition,
    "w": _war,
    "o": _offensive,
    "g": _grant,
    "b": _build,
    "r": _redeploy,
    "e": _end_phase,
    "end": _end_turn,
}
"""The verbs that stage: each reads its words against the position."""
