"""Making a map from a VASSAL module, timed: ``python benchmarks/making_a_map.py [--board-size]``.

The README's "Making your map" steps run as a person runs them, each ``awaw`` command in a process of its own, on a
fictional VASSAL module made here (the fictional test region of tests/mapwork/kit.py drawn as its board image, with
a hex grid and an oblique numbering that names the hexes as printed; never the AWAW map): calibrate, sample (the
legend written), the legend named as a person would from the examples each colour's line lists, sample again
(the map-data file proposed), the editing page, and the check of the file (here the file as sampled: the person's
confirming in the page is not timed). It prints each step's wall time, what the person had to do, and how much of
the drawn terrain and rivers the proposed file gives.

``--board-size`` runs the same on a synthetic image the size of a whole mapboard (40 rows of 61 hexes) instead.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script, the package is not on the path

from replays.maps import load_map_file
from replays.mapwork.legend import parse_legend
from replays.mapwork.synthetic import name_legend, vassal_module
from tests.mapwork.kit import fictional_region


def _awaw(*args: str) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "replays", *args], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"awaw {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board-size", action="store_true", help="a whole mapboard's worth of hexes (2,440)")
    args = parser.parse_args()
    area = "EUR:A10..NN70" if args.board_size else "EUR:H30..Q45"
    terrain, rivers = fictional_region(area=area)
    with tempfile.TemporaryDirectory(prefix="awaw-map-") as tmp:
        module = Path(tmp) / "fictional.vmod"
        drawn = vassal_module(terrain, rivers, module)
        times = {"calibrate": _awaw("map", "calibrate", str(module))}
        times["sample (writes the legend)"] = _awaw("map", "sample", str(module))
        legend = Path(tmp) / "fictional.legend"
        legend.write_text(name_legend(legend.read_text(), drawn))
        named = [e for e in parse_legend(legend.read_text()) if e.kind != "grid"]
        times["sample (the named legend)"] = _awaw("map", "sample", str(module))
        sampled = str(Path(tmp) / "fictional.sampled.yaml")
        times["edit (the page)"] = _awaw("map", "edit", sampled, "--image", str(module))
        times["check (the file)"] = _awaw("map", "check", sampled)
        proposed = load_map_file(Path(sampled)).data
    got = {f.hex: f.terrain for f in proposed.written_hexes}
    right = sum(got.get(h) == t for h, t in drawn.terrain.items())
    found = {s.between for s in proposed.written_hexsides if s.river == "river"}
    print(f"{len(terrain)} hexes, {len(rivers)} river hexsides, board image {drawn.size[0]}x{drawn.size[1]} px")
    for step, seconds in times.items():
        print(f"  awaw map {step:<28} {seconds:6.1f} s")
    print(f"  in all                               {sum(times.values()):6.1f} s")
    print(f"the person: no click (the module names its hexes), {len(named)} legend lines to name")
    print(
        f"recovered: terrain {right}/{len(drawn.terrain)}, rivers {len(found & drawn.rivers)}/{len(drawn.rivers)} "
        f"({len(found - drawn.rivers)} false)"
    )


if __name__ == "__main__":
    main()
