"""What the queries of several rule families share: reading rolls, a faction's winter preparation, and saying what
is not known.

**Undecided because unknown.** A query that cannot decide because the log does not know a fact says so with an
:class:`~projections.position.core.Unknown` from here, in the same words across families, and never passes or
fails silently: :func:`unknown_brps` (a power's BRPs available before its first ``brps_set``), :func:`units_unknown`
(no unit of a faction recorded at all: a sparse record), :func:`before_the_game` (history from before the game,
which the game never charges), :func:`from_play` (the set-up of a game that resumes a position taken during play,
which records how play left it). Events whose own values are unknown, inferred or invented are handled once, by
the audit engine (:func:`replays.audit.engine.doubts`).
"""

from __future__ import annotations

from awaw_events.events import DiceRolled, Event
from awaw_events.gametime import SEASON_INDEX
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, power_name
from projections import dice
from projections.position.core import Position, Unknown
from projections.rules.control import controller_faction
from projections.rules.dice import DIE_FACES
from projections.rules.geometry import GeometryError, parse
from projections.rules.weather import winter_table
from projections.weather import preparation


def on_map(*hexes: str) -> bool:
    """Whether every location is a hex of a mapboard (not a box, a pool, a chart or an off-map area)."""
    try:
        for h in hexes:
            parse(h)
    except GeometryError:
        return False
    return True


def rolled(pos: Position, number: int | None) -> DiceRolled | None:
    """The ``dice_rolled`` event of roll ``number``, if the dice record holds it (the dice family reports a roll that
    was never made)."""
    if number is None:
        return None
    found = dice.roll(pos.state.dice, number)
    return found.event if found is not None else None


def die_face(pos: Position, number: int | None) -> int | None:
    """The face of the single die of roll ``number`` (None when unknown or not a face of a six-sided die)."""
    found = rolled(pos, number)
    if found is None or not found.dice:
        return None
    face = found.dice[0]
    return face if 1 <= face <= DIE_FACES else None


def winter_preparation(pos: Position, faction: str) -> int:
    """A faction's winter preparation level: as last recorded, else its starting level under the game's Winter
    Table (34.41; A3R App. K; Japan starts at 2), else 0 for a game without one (standard A3R weather)."""
    meta = pos.state.meta
    table = winter_table(meta.rules, meta.options)
    if table is None:
        return pos.state.weather.winter_preparation.get(faction, 0)
    return preparation(pos.state.weather, faction, table)


def before_the_game(pos: Position, event: Event) -> bool:
    """Whether the event is history from before the game: dated before the game starts, or recorded in its set-up
    (a war already under way, a conquest, a research result of a pre-war game). What was paid for it then is not
    charged in the game."""
    meta = pos.state.meta
    if event.phase == "setup":
        return True
    return (event.year, SEASON_INDEX[event.season]) < (meta.start_year, SEASON_INDEX[meta.start_season])


def from_play(pos: Position, event: Event) -> bool:
    """Whether the event records the position play had reached: a set-up event (or history) of a game that resumes a
    position taken during play (``game_created.resumes``: ``awaw new --setup`` of a set-up ``awaw setup`` wrote
    mid-game). The levels it records are what they were then and the counters it places were placed in play, so
    neither the rules' starting levels nor the rules of placing judge it."""
    return pos.state.meta.resumes is not None and before_the_game(pos, event)


def unknown_brps(power: str) -> Unknown:
    """``not checked: unknown BRPs available to Germany``: the log has set no BRP total for the power yet."""
    return Unknown(
        reason=f"not checked: unknown BRPs available to {power_name(power)} (no brps_set before this)",
        kind=f"unknown BRP total of {power}",
    )


def units_unknown(pos: Position, faction: str) -> Unknown | None:
    """``not checked: no unit of the European Axis is known`` when the log records no unit of ``faction`` at all,
    in play or eliminated (a sparse record, such as a game rebuilt from a report): "no unit stands there" would
    then only say that none was recorded. None when some unit of the faction is known."""
    board = pos.state.board
    if any(controller_faction(u.owner) == faction for u in board.units.values()):
        return None
    if any(controller_faction(e.unit.owner) == faction for e in board.eliminated.values()):
        return None
    return Unknown(
        reason=f"not checked: no unit of the {power_name(faction)} is known (the log records none)",
        kind="unknown units",
    )


def enemy_controller(pos: Position, power: str, controller: str | None) -> bool:
    """Whether a hex held by ``controller`` is the enemy's for ``power``: a major power of the other side, or a
    country ``power`` (or a power of its side) is at war with."""
    if controller is None or controller == power:
        return False
    side = _side(power)
    other = _side(controller)
    if other is not None:
        return other != side
    wars = pos.board.wars
    return any("|".join(sorted((p, controller))) in wars for p in POWERS if _side(p) == side)  # a minor at war


def _side(power: str) -> str | None:
    faction = FACTION_OF_POWER.get(power)  # type: ignore[call-overload]
    return SIDE_OF_FACTION[faction] if faction is not None else None
