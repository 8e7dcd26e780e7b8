"""Unit construction asked of a position (27.1-27.6, 27.8-27.9): what a build costs and when it is made, the
construction and location limits, who pays and at what training rate (:mod:`.costs`), what may be rebuilt and where
units are placed (:mod:`.placement`). Checks C-01..C-05, L-01..L-12, O-01..O-06, P-01..P-11, A-01..A-04 and I-01,
I-03..I-05 of the 27-30 extract's auditor checklist.

Each query takes the build as the event that records it (``unit_built``, the claim), as ``awaw build`` drafts it and
the audit reads it. Everything running comes from the projections: the board's elimination registry (27.13A), the
BRP ledger (:mod:`projections.brp`: each power's construction limit with its parts, the limit it declared, the
spending counted against it), the oil projection (construction oil committed, 27.35A) and this turn's tallies
(:mod:`projections.redeployment`: naval air and CVEs built, builds at 27.47 locations, U.S. BRPs for Commonwealth
construction, the oil coverage claimed). A query reads them and computes nothing the ledger already computed, so
the audit, ``awaw build`` and ``awaw state`` agree.
"""

from __future__ import annotations

from collections.abc import Iterable

from awaw_events.events import UnitBuilt
from awaw_events.vocab import type_words
from projections.position.core import Unknown
from projections.rules.breach import Breach

Verdict = Iterable[Breach | Unknown]


def unit_words(event: UnitBuilt) -> str:
    """``a 3-factor infantry unit``."""
    return f"a {event.factors}-factor {type_words(event.unit_type)} unit"
