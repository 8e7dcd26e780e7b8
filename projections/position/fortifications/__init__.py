"""Fortifications asked of a position (AWAW rule 32, 27.11D-F; A3R house App. G): builds and the starting
fortifications (:mod:`.builds`), their effects on combat, sieges, attrition and air defense (:mod:`.effects`); this
module holds what both read of the position: the rule set a game plays, a hex's fortification features, its supply,
its units.

Sources: 31-34 extract 2.2 (F-01..F-25), 1.16-1.18, 4.6, section 6 (TC-05, TC-18); A3R extract 2.9, 3.10
(C-FRT-1..C-FRT-4), 7.4 (T-F1, T-F2); 27-30 extract 1.1 (27.11D-F). Tables and formulas come from
:mod:`projections.rules.fortifications`, :mod:`projections.rules.construction` and :mod:`projections.rules.combat`;
the state gives the rest: hex control, fortifications (with their facing and later beach defenses or island
groups), wars, tensions (:mod:`projections.board`); weather and winter preparation (:mod:`projections.weather`); this
turn's attacks and attritions (:mod:`projections.combat`); hexes that changed hands, fortifications lost, hex supply
this turn, sieges and this turn's builds (:mod:`projections.land`); research results (:mod:`projections.politics`).

Rule set: AWAW games use rule 32. A3R games use the house App. G when ``forts.effects = awaw_32_2_mod`` (the package
value); other builds in an A3R game, or any query under ``forts.effects = a3r``, would need the A3R rulebook, which
the extracts do not contain (left undecided). Map facts (terrain, beach hexes, one-hex islands, ports, countries,
weather zones, hexsides) come from the map data the game declares, or the query says "not checked: no map data for
...". Choices made where the text is open, each beside its query: a siege turn is counted once a game turn, at the
owner's supply determination (31-34 extract Q8); the submarine DRM of 32.248 counts the turns without full supply
determined so far.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from awaw_events.options import A3R_OPTIONS, FORTS_OPTION
from projections.board import BoardState, Fortification, Unit
from projections.position.core import Position, Unknown
from projections.rules.breach import Breach
from projections.rules.fortifications import WEST_WALL_HEXES, FortFeature, FortVariant, fort_variant, hex_features

Verdict = Iterable[Breach | Unknown]

STANDARD_A3R: Final = "the standard A3R fortification rules are not in the extracts"


def variant(pos: Position) -> FortVariant | None:
    """``awaw`` (rule 32), ``a3r_house`` (App. G), or ``None`` (standard A3R: undecided)."""
    meta = pos.meta
    return fort_variant(meta.rules, meta.option(FORTS_OPTION, A3R_OPTIONS[FORTS_OPTION].default))


def west_wall_hex(pos: Position, hex_: str) -> bool:
    """A West Wall hex (32.44B): the rules' list, or the map data's ``fortification: west_wall``."""
    facts = pos.hex(hex_)
    return hex_ in WEST_WALL_HEXES or (facts is not None and facts.fortification == "west_wall")


def features(pos: Position, hex_: str, fort: Fortification, fort_rules: FortVariant) -> tuple[FortFeature, ...]:
    """The fortification features of a hex from its counters on the board (and, for Singapore, the map's name)."""
    facts = pos.hex(hex_)
    return hex_features(
        fort.kind,
        beach_defense=fort.beach_defense is not None,
        island_group=fort.island_group is not None,
        directional=bool(fort.faces),
        west_wall_hex=west_wall_hex(pos, hex_),
        singapore=facts is not None and facts.name == "Singapore",
        variant=fort_rules,
    )


def units_in(board: BoardState, hex_: str) -> list[Unit]:
    """The units in a hex (a scan of the board: ask it only for rare events)."""
    return [u for u in board.units.values() if u.location == hex_]


def hex_supply(pos: Position, hex_: str) -> str | None:
    """The latest supply status of a hex: its own result this player turn, else the best status of the units in it
    (their latest determination), or ``None`` when nothing says."""
    own = pos.state.land.hex_supply.get(hex_)
    if own is not None:
        return own
    found = {u.supply for u in units_in(pos.board, hex_) if u.supply is not None}
    return next((s for s in ("full", "partial", "unsupplied", "isolated") if s in found), None)
