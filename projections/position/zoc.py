"""Whose zone of control reaches a hex (10.34-10.344; 13.41D; 27.44; 28.654B; 11.353E), asked of a position.

One query, :func:`zoc_on`, answers for every rule that reads hostile armor ZoCs: what leaving the hex costs a unit
moving out of it (13.41D, the Russian surprise of 10.344), and whether a unit may be built, a railhead placed or
partisans raised there (a cost above 0 is a ZoC). Where a ZoC reaches is :func:`projections.rules.zoc.extends`; whose
armor exerts one, :func:`projections.rules.zoc.exerts`; the surcharge, :mod:`projections.rules.movement`.

Readings (each beside its rule): the armor of a nation at war with the unit's owner counts (the minor country whose
unit it is, or the major power that owns it), not that of a future enemy (27.44); where the record's only war that
could be theirs is one of a faction or side (``european_axis`` on ``western_allies``: is it Germany's on France?),
the ZoC is in doubt (:attr:`ZocAt.doubt`) and a rule that turns on it is not checked, never judged as if no ZoC or a
ZoC were there (:func:`projections.board.war_between`); a hex is in a neutral country when
the map data names its country and the board records that country as neutral (10.341A; unknown country: not
neutral, the hex is a belligerent's as far as the log shows); a hexside the map data does not list is open
(:mod:`projections.rules.zoc`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from awaw_events.vocab import SIDE_OF_POWER, Theater
from projections.board import BoardState, Unit, war_between
from projections.position.core import Position, Timed, Unknown, turn_of
from projections.position.wars import war_doubt
from projections.rules import movement as movement_rules
from projections.rules.control import controller_side
from projections.rules.zoc import exerts, extends


class ZocAt(NamedTuple):
    """The hostile armor ZoC in a hex for a unit of one power: the extra MF to leave it (0: none for certain; 1
    under the Russian surprise), and, when a ZoC may reach it but the facts do not say, the hex and the fact
    missing."""

    cost: int
    unknown: tuple[str, str] | None = None
    armor: str | None = None
    """An armor unit whose ZoC reaches the hex (for messages)."""
    doubt: tuple[tuple[str, str], ...] = ()
    """The pairs of nations (the unit's owner, the armor's owner or nationality) whose war decides a ZoC that
    reaches the hex, where the record's war is one of a faction or side that may or may not be theirs."""

    @property
    def present(self) -> bool | None:
        """Whether a hostile ZoC covers the hex: True, False, or None when the facts do not say."""
        return True if self.cost else (None if self.unknown is not None or self.doubt else False)

    def not_checked(self, pos: Position, rule: str) -> Unknown | None:
        """Why a rule (``"27.44"``) that turns on this ZoC cannot tell it: the map fact missing, else the war of
        factions in doubt; None when the ZoC is known."""
        if self.unknown is not None:
            return pos.missing_hex(*self.unknown)
        if self.doubt:
            return war_doubt(dict.fromkeys(self.doubt), rule)
        return None


NO_ZOC: Final = ZocAt(0)


def zoc_on(pos: Position, hex_: str, *, owner: str, when: Timed | None = None, exploitation: bool = False) -> ZocAt:
    """The ZoC of armor hostile to ``owner``'s units in ``hex_`` (10.34-10.344; 13.41D): armor of the other side at
    war with ``owner`` that exerts one (not in partial supply, not in Pacific rough terrain, 10.32) and whose ZoC
    reaches the hex, with the Russian surprise of 10.344 when ``when`` is an Axis move (not exploiting) in the game
    turn Germany attacked Russia. Armor whose war with ``owner`` the record cannot tell (a war of factions or sides)
    adds no cost: where its ZoC would reach the hex, :attr:`ZocAt.doubt` names the war in doubt."""
    state = pos.state
    moves = state.movement
    armor_at = moves.armor_at
    neighbours = [n for n in pos.grid.neighbours(hex_) if n in armor_at]
    if not neighbours:  # no armor next to it: no ZoC can reach it
        return NO_ZOC
    board = state.board
    side = SIDE_OF_POWER.get(owner)
    full = movement_rules.zoc_exit_cost("pacific" if hex_.startswith("PAC:") else "europe", surprise_reduced=False)
    neutral: bool | None = None  # whether the hex is in a neutral country: read at the first armor that may reach it
    cost = 0
    unknown: tuple[str, str] | None = None
    found: str | None = None
    doubt: list[tuple[str, str]] = []
    for n in neighbours:
        for unit_id in moves.at.get(n, ()):
            armor = board.units.get(unit_id)
            if armor is None or not exerts(armor.unit_type, armor.supply):
                continue
            if SIDE_OF_POWER.get(armor.owner) in (None, side):
                continue
            war = _at_war(board, armor, owner)
            if war is False:
                continue
            if neutral is None:
                into = pos.hex(hex_)
                country = into.country if into is not None else None
                neutral = country is not None and board.statuses.get(country) == "neutral"
            outcome = _zoc_of(pos, armor, n, hex_, neutral=neutral, exploitation=exploitation, when=when)
            if isinstance(outcome, tuple):
                unknown = unknown or outcome
            elif war is None:
                if outcome:
                    doubt.extend(p for p in _in_doubt(board, armor, owner) if p not in doubt)
            elif outcome > cost:
                cost, found = outcome, unit_id
        if cost >= full:
            return ZocAt(cost, None, found)
    return ZocAt(cost, unknown if cost < full else None, found, tuple(doubt) if cost < full else ())


def _nations(armor: Unit) -> tuple[str, ...]:
    """The nations an armor unit fights for: its owner, and the minor country whose unit it is."""
    return (armor.owner,) if armor.nationality == armor.owner else (armor.owner, armor.nationality)


def _at_war(board: BoardState, armor: Unit, owner: str) -> bool | None:
    """Whether the armor's nation is at war with ``owner``: its owner, or the minor country whose unit it is (a
    Polish armor unit played by Britain is at war with Germany from Fall 1939, whatever Britain's wars); None when
    the only war that could be one is a war of factions or sides (:func:`projections.board.war_between`)."""
    found = {war_between(board, owner, nation) for nation in _nations(armor)}
    return True if True in found else (None if None in found else False)


def _in_doubt(board: BoardState, armor: Unit, owner: str) -> list[tuple[str, str]]:
    """The pairs (``owner``, nation) whose war the record cannot tell, for :attr:`ZocAt.doubt`."""
    return [(owner, nation) for nation in _nations(armor) if war_between(board, owner, nation) is None]


def _zoc_of(
    pos: Position, armor: Unit, at: str, hex_: str, *, neutral: bool, exploitation: bool, when: Timed | None
) -> int | tuple[str, str]:
    """The exit cost one armor unit's ZoC puts on ``hex_`` (0 if none), or the (hex, fact) that would decide it."""
    own = pos.hex(at)
    japanese = armor.nationality == "japan"
    theater: Theater = "pacific" if at.startswith("PAC:") else "europe"
    negated = movement_rules.negates_mechanized(own.terrain if own else None, theater=theater, japanese=japanese)
    if negated is None:
        return (at, "terrain")
    if negated:
        return 0
    reduced = False
    surprise = pos.state.movement.surprise
    if (
        surprise is not None
        and when is not None
        and armor.owner == "russia"
        and not exploitation
        and when.side == "axis"
        and surprise.turn == turn_of(when)
    ):
        applies = movement_rules.russian_surprise(surprise.rgt)
        if applies is None:
            return (at, "RGT when Germany attacked")
        if applies:
            around = pos.grid.neighbours(at)
            if any(h in surprise.axis_hexes for h in around):
                return 0
            if any(h not in surprise.known_hexes for h in around):
                return (at, "control at the start of the Axis player turn")
            reduced = True
    fort = pos.state.board.fortifications.get(hex_)
    fortified = fort is not None and controller_side(fort.owner) not in (None, controller_side(armor.owner))
    reach = extends(at, hex_, map_data=pos.map, enemy_fortified=fortified, neutral=neutral, japanese=japanese)
    if reach is None:
        return (hex_, "terrain")
    return movement_rules.zoc_exit_cost(theater, surprise_reduced=reduced) if reach else 0
