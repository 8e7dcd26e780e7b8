"""The game's dice."""

from __future__ import annotations

from typing import Final

DIE_FACES: Final = 6
"""Every roll of the rules is made with six-sided dice: ground combat and attrition one die (15.51, 14.41), air
combat two per side (A3R house 19.21)."""
