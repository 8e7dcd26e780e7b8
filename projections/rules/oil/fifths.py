"""Oil counters in fifths and partial counters: breaking, retention (33.8; 31-34 extract 0.3, 1.12)."""

from __future__ import annotations

from typing import Final

import msgspec

from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------
# Units (33.8)
# ---------------------------------------------------------------------------------------------------------------

FIFTHS_PER_COUNTER: Final = 5
"""One oil counter converts to five partial oil counters (33.81); every amount here is in fifths (extract 0.3)."""

MAX_RETAINED_FIFTHS: Final = 4
"""An alliance faction may never retain more than 80 % of an oil counter (33.83): at most 4 fifths."""


def counters(n: int) -> int:
    """``n`` whole oil counters in fifths (33.81)."""
    if n < 0:
        raise ValueError(f"negative oil counters: {n!r}")
    return n * FIFTHS_PER_COUNTER


def partial_of(fifths: int) -> int:
    """The partial counters in a holding: the fifths beyond whole counters (33.81, 33.83); 0 if not above 0."""
    return fifths % FIFTHS_PER_COUNTER if fifths > 0 else 0


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _non_negative(name: str, value: int) -> None:
    if value < 0:
        raise ValueError(f"{name} must not be negative, not {value!r}")


# ---------------------------------------------------------------------------------------------------------------
# Partial counters: breaking and retention (33.81, 33.83; extract 1.12)
# ---------------------------------------------------------------------------------------------------------------


class Retention(msgspec.Struct, frozen=True):
    """Partial oil after consolidation at the end of a player turn (33.83): whole counters back and fifths kept."""

    consolidated_counters: int
    retained_fifths: int


def retain_partial(fifths: int) -> Retention:
    """Consolidate unused partial oil: at most 4 fifths are retained; every 5 become a full counter (33.83)."""
    _non_negative("fifths", fifths)
    whole, rest = divmod(fifths, FIFTHS_PER_COUNTER)
    return Retention(whole, rest)


def retention_findings(retained_fifths: int) -> tuple[Breach, ...]:
    """Retained fifths never exceed 80 % of a counter (33.83; check O-81)."""
    if retained_fifths > MAX_RETAINED_FIFTHS:
        return (Breach("33.83", f"{retained_fifths} fifths retained; at most {MAX_RETAINED_FIFTHS}"),)
    return ()


class PartialDraw(msgspec.Struct, frozen=True):
    """Paying ``fifths`` from retained partials first, then by breaking counters from the reserve (extract 4.3, 3.1)."""

    from_retained: int
    counters_broken: int
    retained_after: int


def draw_partial(fifths: int, retained: int) -> PartialDraw:
    """Pay ``fifths`` from retained partial oil first, breaking as few counters as needed (33.81, 33.83)."""
    _non_negative("fifths", fifths)
    _non_negative("retained", retained)
    use = min(fifths, retained)
    broken = _ceil_div(fifths - use, FIFTHS_PER_COUNTER)
    return PartialDraw(use, broken, retained - use + counters(broken) - (fifths - use))
