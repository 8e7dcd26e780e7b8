"""Ground movement (AWAW 13.1-13.4, 10.1-10.3; A3R C-MOV-1): each check asks the position's movement queries
(:mod:`projections.position.movement`) about the recorded move, the same queries ``awaw move`` asks of the move it
decides. What the map data does not give is reported "not checked".

Not checked here: exploitation allowances and chains (the ground combat family, AUD-16-06/07), weather limits
(AUD-13-10), the ZoC of enemy armor under its own army oil effect (the effect is not kept past its player turn), and
rule 5's conditions for entering and leaving the map (not in the extracts).
"""

from __future__ import annotations

from projections.position import movement as queries
from projections.position import voluntary
from replays.audit.engine import Family, judge

MAP_EDGES = "rule 5's conditions for entering and leaving the map through a box are not in the extracts"

FAMILY = Family(
    "movement",
    judge(queries.mover, "13.4", covers=("AUD-10-25",)),
    judge(queries.path_shape, "13.4", id="path", partly={"AUD-13-08": MAP_EDGES}),
    judge(queries.order_of_movement, "13.11", covers=("AUD-13-01",)),
    judge(
        queries.movement_cost,
        "13.41",
        covers=(
            "AUD-10-01",
            "AUD-13-05",
            "AUD-13-06",
            "AUD-10-07",
            "AUD-10-08",
            "AUD-10-09",
            "AUD-10-29",
            "C-MOV-1",
            "AUD-16-07",
            "31-34/W-10",
            "AUD-13-13",
        ),
    ),
    judge(queries.hexes_entered, "13.43", covers=("AUD-13-07", "AUD-10-33", "AUD-11-09")),
    judge(queries.occupied_hexes, "13.46", covers=("AUD-13-09",)),
    judge(voluntary.voluntary_elimination, "13.21", covers=("AUD-13-02",)),
)
