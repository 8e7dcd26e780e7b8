"""A disputed turn, for the README's audit walk-through: ``python examples/make_disputed_turn.py``.

Takes the example game up to the end of the Axis Fall 1939 combat phase and changes one thing, as a player might
have recorded it in a play-by-e-mail game: at Lodz (attack ``pol-2``, 18 against 12 at 1:1, die 3) the Axis player
recorded ``D`` and removed no German units, where the Combat Results Table (15.6) gives ``Ex``. Writes
``examples/disputed-turn.jsonl``, ``examples/lodz-ruling.jsonl``: the ruling both players agree to, which
replaces the wrong result with the right one and the German losses it requires (the original events stay in the
log, marked), and ``examples/lodz-fix.jsonl``: those replacement events alone, the file ``awaw rule --replace``
reads (``awaw rule`` writes the ruling itself).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "campaign-1939.jsonl"
TARGET = HERE / "disputed-turn.jsonl"
RULING = HERE / "lodz-ruling.jsonl"
FIX = HERE / "lodz-fix.jsonl"
END = (1939, "fall", "axis", "exploitation")
"""The disputed log stops where the Axis Fall 1939 exploitation phase would begin."""


def _german_loss(event: dict[str, Any]) -> bool:
    if event["type"] == "combat_losses_taken":
        return bool(event.get("attack") == "pol-2" and event["loser"] == "attacker")
    return bool(
        event["type"] in ("unit_eliminated", "unit_reduced")
        and event.get("ref") == "pol-2"
        and event["unit"].startswith("ger-")
    )


def disputed_lines() -> tuple[list[str], list[str]]:
    """The disputed log, and the ruling followed by the events it puts in place of the wrong result."""
    lines: list[str] = []
    corrected: list[str] = []
    wrong_at = 0
    for line in SOURCE.read_text(encoding="utf-8").splitlines():
        event = msgspec.json.decode(line)
        if (event["year"], event["season"], event.get("side"), event.get("phase")) == END:
            break
        if event.get("attack") == "pol-2" and event["type"] == "combat_round_resolved":
            corrected.append(line)
            lines.append(line.replace('"result":"Ex"', '"result":"D"'))
            wrong_at = len(lines)
        elif _german_loss(event):
            corrected.append(line)
        else:
            lines.append(line)
    last = msgspec.json.decode(lines[-1])
    ruling = {
        "type": "ruling",
        "year": last["year"],
        "season": last["season"],
        "side": last["side"],
        "phase": last["phase"],
        "actor": "referee",
        "voids": [wrong_at],
        "replacements": len(corrected),
        "rule": "15.6",
        "agreed_by": ["axis player", "allied player"],
        "reason": "18 against 12 is 1:1 and the die was 3: the CRT gives Ex, not D; Germany removes its losses",
    }
    return lines, [msgspec.json.encode(ruling).decode(), *corrected]


if __name__ == "__main__":
    disputed, ruling = disputed_lines()
    TARGET.write_text("\n".join(disputed) + "\n", encoding="utf-8")
    RULING.write_text("\n".join(ruling) + "\n", encoding="utf-8")
    FIX.write_text("\n".join(ruling[1:]) + "\n", encoding="utf-8")
    print(f"wrote {TARGET.name}, {RULING.name} and {FIX.name}")
