"""A synthetic campaign shaped like a real game, for the benchmarks (:mod:`benchmarks.synthetic` sizes it).

:mod:`.world` lays out the fronts and holds the units; :mod:`.land` moves them, determines supply and redeploys them;
:mod:`.combat` plans and fights the attacks and attritions; :mod:`.economy` pays for everything (BRPs, construction
limits, shipyards, oil); :mod:`.turns` runs the sequence of play; :mod:`.log` writes the events and rolls the dice.
"""

from benchmarks.campaign.economy import Faults
from benchmarks.campaign.turns import Campaign, max_fronts

__all__ = ["Campaign", "Faults", "max_fronts"]
