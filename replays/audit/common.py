"""What several families of checks share: reading rolls, naming things in messages, enemy ZoCs at a hex, and
saying what is not known.

**Not checked because unknown** (issue 16). A check that cannot decide because the log does not know a fact says
so with a :class:`Missing` from here, in the same words across families, and never passes or fails silently:
:func:`unknown_brps` (a power's BRPs available before its first ``brps_set``), :func:`units_unknown` (no unit of a
faction recorded at all: a sparse record), :func:`before_the_game` (history from before the game, which the game
never charges). Events whose own values are unknown, inferred or invented are handled once, by the engine
(:func:`replays.audit.engine.doubts`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from awaw_events.events import DiceRolled
from awaw_events.gametime import SEASON_INDEX, game_turn
from awaw_events.vocab import FACTION_OF_POWER, Theater, power_name
from projections import dice, movement
from projections.board import Unit, at_war
from projections.rules import movement as movement_rules
from projections.rules.control import controller_faction, controller_side
from projections.rules.dice import DIE_FACES
from projections.rules.weather import winter_table
from projections.rules.zoc import exerts, extends
from projections.weather import preparation
from replays.audit.engine import AuditContext, Missing


def rolled(ctx: AuditContext[Any], number: int | None) -> DiceRolled | None:
    """The ``dice_rolled`` event of roll ``number``, if the dice record holds it (the dice family reports a roll that
    was never made)."""
    if number is None:
        return None
    found = dice.roll(ctx.state.dice, number)
    return found.event if found is not None else None


def die_face(ctx: AuditContext[Any], number: int | None) -> int | None:
    """The face of the single die of roll ``number`` (None when unknown or not a face of a six-sided die)."""
    found = rolled(ctx, number)
    if found is None or not found.dice:
        return None
    face = found.dice[0]
    return face if 1 <= face <= DIE_FACES else None


def enemy_zoc_at(ctx: AuditContext[Any], hex_: str, owner: str) -> bool | None:
    """Whether the armor ZoC of a power at war with ``owner``'s alliance faction covers ``hex_`` (10.34-10.342, by
    :mod:`projections.rules.zoc`; 27.44: no ZoC of a future enemy, one not yet at war); None when the map data lacks a
    fact it needs. Looks only at the armor in the hex's neighbours (the movement facts' index of armor by hex)."""
    board = ctx.state.board
    own = controller_faction(owner)
    side = controller_side(owner)
    allies = [p for p, f in FACTION_OF_POWER.items() if f == own]
    fort = board.fortifications.get(hex_)
    fortified = fort is not None and controller_side(fort.owner) == side
    unknown = False
    units = board.units
    armor_at = ctx.state.movement.armor_at  # only armor has a ZoC: the others need no look
    for unit in (units[u] for n in ctx.grid.neighbours(hex_) if n in armor_at for u in armor_at[n]):
        if not exerts(unit.unit_type, unit.supply):
            continue
        if controller_side(unit.owner) in (None, side) or not any(at_war(board, p, unit.owner) for p in allies):
            continue
        covered = extends(
            unit.location,
            hex_,
            map_data=ctx.map,
            enemy_fortified=fortified,
            neutral=False,
            japanese=unit.owner == "japan",
        )
        if covered:
            return True
        unknown = unknown or covered is None
    return None if unknown else False


def winter_preparation(ctx: AuditContext[Any], faction: str) -> int:
    """A faction's winter preparation level: as last recorded, else its starting level under the game's Winter
    Table (34.41; A3R App. K; Japan starts at 2), else 0 for a game without one (standard A3R weather)."""
    meta = ctx.state.meta
    table = winter_table(meta.rules, meta.options)
    if table is None:
        return ctx.state.weather.winter_preparation.get(faction, 0)
    return preparation(ctx.state.weather, faction, table)


# ---------------------------------------------------------------------------------------------------------------------
# The ZoC surcharge to leave a hex (13.41D, 10.344), read from the movement facts (where armor stands) and the ZoC
# rules (projections.rules.zoc); for every move, so it looks only at the six neighbours


class ZocAt(NamedTuple):
    """The hostile armor ZoC in a hex for a unit of one side: the extra MF to leave it (0: none for certain; 1 under the
    Russian surprise), and, when a ZoC may reach it but the facts do not say, the hex and the fact missing."""

    cost: int
    unknown: tuple[str, str] | None = None
    armor: str | None = None
    """An armor unit whose ZoC reaches the hex (for messages)."""


def hostile_armor_zoc(ctx: AuditContext[Any], hex_: str, *, owner: str, exploitation: bool = False) -> ZocAt:
    """The ZoC of armor hostile to ``owner``'s units in ``hex_`` (10.34-10.344; 13.41D): armor of the other side at
    war with ``owner`` that exerts one (:func:`projections.rules.zoc.exerts`; not in Pacific rough terrain, 10.32) and
    whose ZoC reaches the hex (:func:`projections.rules.zoc.extends`), with the Russian surprise of 10.344."""
    state = ctx.state
    board = state.board
    at = state.movement.at
    side = movement.side_of(owner)
    pacific = hex_.startswith("PAC:")
    full = movement_rules.zoc_exit_cost("pacific" if pacific else "europe", surprise_reduced=False)
    neutral: bool | None = None  # whether the hex is in a neutral country: read at the first armor that may reach it
    cost = 0
    unknown: tuple[str, str] | None = None
    found: str | None = None
    armor_at = state.movement.armor_at
    for n in ctx.grid.neighbours(hex_):
        if n not in armor_at:  # no armor there: no ZoC from it (the units are read in the board's order)
            continue
        for unit_id in at.get(n, ()):
            armor = board.units.get(unit_id)
            if armor is None or not exerts(armor.unit_type, armor.supply):
                continue
            if movement.side_of(armor.owner) in (None, side) or not at_war(board, armor.owner, owner):
                continue
            if neutral is None:
                into = ctx.hex(hex_)
                country = into.country if into is not None else None
                neutral = country is not None and board.statuses.get(country) == "neutral"
            outcome = _zoc_of(ctx, armor, n, hex_, neutral=neutral, exploitation=exploitation)
            if isinstance(outcome, tuple):
                unknown = unknown or outcome
            elif outcome > cost:
                cost, found = outcome, unit_id
        if cost >= full:
            return ZocAt(cost, None, found)
    return ZocAt(cost, unknown if cost < full else None, found)


def _zoc_of(
    ctx: AuditContext[Any], armor: Unit, at: str, hex_: str, *, neutral: bool, exploitation: bool
) -> int | tuple[str, str]:
    """The exit cost one armor unit's ZoC puts on ``hex_`` (0 if none), or the (hex, fact) that would decide it."""
    own = ctx.hex(at)
    japanese = armor.nationality == "japan"
    theater: Theater = "pacific" if at.startswith("PAC:") else "europe"
    negated = movement_rules.negates_mechanized(own.terrain if own else None, theater=theater, japanese=japanese)
    if negated is None:
        return (at, "terrain")
    if negated:
        return 0
    reduced = False
    surprise = ctx.state.movement.surprise
    if (
        surprise is not None
        and armor.owner == "russia"
        and not exploitation
        and ctx.event.side == "axis"
        and surprise.turn == game_turn(ctx.event)
    ):
        applies = movement_rules.russian_surprise(surprise.rgt)
        if applies is None:
            return (at, "RGT when Germany attacked")
        if applies:
            around = ctx.grid.neighbours(at)
            if any(h in surprise.axis_hexes for h in around):
                return 0
            if any(h not in surprise.known_hexes for h in around):
                return (at, "control at the start of the Axis player turn")
            reduced = True
    fort = ctx.state.board.fortifications.get(hex_)
    fortified = fort is not None and controller_side(fort.owner) not in (None, controller_side(armor.owner))
    reach = extends(at, hex_, map_data=ctx.map, enemy_fortified=fortified, neutral=neutral, japanese=japanese)
    if reach is None:
        return (hex_, "terrain")
    return movement_rules.zoc_exit_cost(theater, surprise_reduced=reduced) if reach else 0


def before_the_game(ctx: AuditContext[Any]) -> bool:
    """Whether the event is history from before the game: dated before the game starts, or recorded in its set-up
    (a war already under way, a conquest, a research result of a pre-war game). What was paid for it then is not
    charged in the game (issue 16)."""
    event, meta = ctx.event, ctx.meta
    if event.phase == "setup":
        return True
    return (event.year, SEASON_INDEX[event.season]) < (meta.start_year, SEASON_INDEX[meta.start_season])


def unknown_brps(power: str) -> Missing:
    """``not checked: unknown BRPs available to Germany``: the log has set no BRP total for the power yet."""
    return Missing(
        reason=f"not checked: unknown BRPs available to {power_name(power)} (no brps_set before this)",
        kind="unknown BRP total",
    )


def units_unknown(ctx: AuditContext[Any], faction: str) -> Missing | None:
    """``not checked: no unit of the European Axis is known`` when the log records no unit of ``faction`` at all,
    in play or eliminated (a sparse record, such as a game rebuilt from a report): "no unit stands there" would
    then only say that none was recorded. None when some unit of the faction is known."""
    board = ctx.state.board
    if any(controller_faction(u.owner) == faction for u in board.units.values()):
        return None
    if any(controller_faction(e.unit.owner) == faction for e in board.eliminated.values()):
        return None
    return Missing(
        reason=f"not checked: no unit of the {power_name(faction)} is known (the log records none)",
        kind="unknown units",
    )
