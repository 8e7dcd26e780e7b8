"""The synthetic-image round trip (issue 22): an image drawn from known map data (the fictional test region: colour
noise, hex outlines, id labels, terrain symbols, rivers as curves up to 15 % of a hex off the hexside, turned 3
degrees, scaled 0.7, JPEG quality 70) goes through ``awaw map calibrate`` and ``awaw map sample`` as a person would
use them (five clicks; each colour named by looking at the first hex or hexside the legend lists for it), and the
facts proposed are compared with the facts drawn. The figures are printed (``pytest -s``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from replays.cli import cli
from replays.maps import load_map_file
from replays.mapwork.synthetic import name_legend
from tests.mapwork.kit import clicks, drawn, hex_args


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, ["map", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_calibrate_and_sample_recover_the_terrain_and_the_rivers_drawn(
    tmp_path: Path, figure: Callable[[str], None]
) -> None:
    picture = drawn(tmp_path, "map.jpg", rotate=3.0, scale=0.7, quality=70)
    started = time.perf_counter()
    run("calibrate", str(picture.path), *hex_args(clicks(picture)))
    first = run("sample", str(picture.path))
    assert "0 of" in first.splitlines()[1] and not (tmp_path / "map.sampled.yaml").exists()
    legend = tmp_path / "map.legend"
    legend.write_text(name_legend(legend.read_text(), picture))
    second = run("sample", str(picture.path))
    assert "river hexsides, every fact marked source: sampled" in second
    took = time.perf_counter() - started
    loaded = load_map_file(tmp_path / "map.sampled.yaml").data

    terrain = {f.hex: f.terrain for f in loaded.written_hexes}
    right = sum(terrain.get(h) == t for h, t in picture.terrain.items())
    wrong = sum(1 for h, t in terrain.items() if picture.terrain.get(h, t) != t)
    rivers = {s.between for s in loaded.written_hexsides if s.river == "river"}
    found = len(rivers & picture.rivers)
    figure(
        f"round trip on {picture.size[0]}x{picture.size[1]} px ({len(picture.terrain)} hexes, "
        f"{len(picture.rivers)} river hexsides drawn; 3 degrees, 0.7, JPEG 70): terrain {right}/"
        f"{len(picture.terrain)} = {right / len(picture.terrain):.1%} ({wrong} wrong), rivers {found}/"
        f"{len(picture.rivers)} = {found / len(picture.rivers):.1%} ({len(rivers - picture.rivers)} false), "
        f"{took:.1f} s for calibrate + sample twice"
    )
    assert right / len(picture.terrain) >= 0.95
    assert found / len(picture.rivers) >= 0.90
    assert len(rivers - picture.rivers) <= 0.05 * len(picture.rivers)
    # every fact proposed is sampled, unconfirmed: no check can rest on one
    assert all(f.provenance and {p.fact for p in f.provenance} == {"terrain"} for f in loaded.written_hexes)
    assert all(loaded.hex(f.hex) is None or loaded.hex(f.hex).terrain is None for f in loaded.written_hexes)  # type: ignore[union-attr]
    assert all(0 <= p.confidence <= 1 for f in loaded.written_hexes for p in f.provenance)
