"""Which events an A3R option value rules out (A3R extract 1.2, check C-OPT-1).

An A3R game fixes every option of table 1.2 at creation (:mod:`awaw_events.options`); an event the options a game
plays cannot produce is a finding. The gates are the options whose off value removes a kind of event outright.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Gate(NamedTuple):
    """An option, the values under which an event can happen, and why."""

    option: str
    allows: tuple[str, ...]
    why: str


OPTION_GATES: Final[dict[str, Gate]] = {
    "railhead_built": Gate("redeploy.railheads", ("on",), "railheads exist only with option 17a (28.65)"),
    "sw_combat_resolved": Gate("sw.murmansk_box", ("best_of_awaw",), "the secondary SW round is App. L's"),
    "attrition_declared": Gate("units.partisans", ("house",), "partisan attrition is the house rule's (14.13-14.17)"),
}
"""By event tag: the option that must have one of the values for the event to happen (the SW gate concerns the
secondary round only; the attrition gate partisan attritions only)."""
