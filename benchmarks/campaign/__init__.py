"""A synthetic campaign shaped like a real game, for the benchmarks (:mod:`benchmarks.synthetic` sizes it).

:mod:`.world` lays out the fronts and holds the units; :mod:`.land` moves them, determines supply and redeploys them;
:mod:`.combat` plans and fights the attacks and attritions; :mod:`.economy` pays for everything (BRPs, construction
limits, shipyards, oil); :mod:`.turns` runs the sequence of play; :mod:`.log` writes the events, rolls the dice and
plays the commands on the game so far; :mod:`.tamper` then plants the faults the benchmark needs in the events
played (the game itself is played clean).
"""

from benchmarks.campaign.tamper import Faults
from benchmarks.campaign.turns import Campaign, max_fronts

__all__ = ["Campaign", "Faults", "max_fronts"]
