"""``benchmarks/audit_digest.py`` writes every audit result of the example games and of a synthetic campaign, the
same every run, so that two versions of the code can be compared (a speed-up must leave the file unchanged); the
example's disputed CRT result shows in it as a finding, and the ruling that voids it takes it away."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "audit_digest.py"


def digest(out: Path, *extra: str) -> dict[str, dict[str, list[object]]]:
    argv = [sys.executable, str(SCRIPT), str(out), "--events", "3000", *extra]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, dict[str, list[object]]] = json.loads(out.read_text())
    return found


def test_the_digest_holds_every_result_and_is_the_same_every_run(tmp_path: Path) -> None:
    first = digest(tmp_path / "a.json")
    assert set(first) == {"campaign-1939", "disputed-turn", "disputed-turn+ruling", "synthetic"}
    for name, results in first.items():
        assert set(results) == {"findings", "ungraded", "skipped", "counts"}, name
        assert results["counts"][0] > 0, name  # events examined
    disputed = [f["check"] for f in first["disputed-turn"]["findings"]]  # type: ignore[index]
    assert disputed, "the disputed turn's wrong CRT result is a finding"
    assert not first["disputed-turn+ruling"]["findings"]  # the ruling voids it
    assert first["campaign-1939"]["skipped"]  # what the example cannot check is listed
    digest(tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
