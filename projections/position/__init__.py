"""The position: the game state at a point with its map data and grid, and the queries that apply the rules to it.

:mod:`projections.position.core` holds the value (:class:`Position`) and what every query returns (:class:`Judged`,
:class:`Unknown`, the rules' :class:`~projections.rules.breach.Breach`); each other module holds the queries of one
rule family, asked alike by the commands that decide, the audit's checks and the pictures.
"""

from projections.position.core import Judged, Position, Timed, Unknown

__all__ = ["Judged", "Position", "Timed", "Unknown"]
