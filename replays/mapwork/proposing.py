"""``awaw map sample``: a calibrated image read into groups of colour, a legend for a person to name them, and the map
data the named colours propose (every fact marked ``source: sampled`` with its confidence)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from projections.rules.geometry import hexes_of, parse
from replays.maps import parse_map_data
from replays.mapwork import legend as legends
from replays.mapwork import sampling
from replays.mapwork.grids import CalibratedImage, GridError, open_calibrated
from replays.mapwork.raster import open_raster


class Sampled(NamedTuple):
    """What ``awaw map sample`` did: the image read, its groups, the legend written, and the proposal (None until
    a colour is named)."""

    image: CalibratedImage
    hexes: int
    hexsides: int
    groups: tuple[legends.Group, ...]
    legend: list[legends.Entry]
    legend_path: Path
    legend_text: str
    proposal: legends.Proposal | None
    output: Path
    text: str | None


def _stem(path: Path) -> str:
    name = path.name
    for suffix in (".grid.json",):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return path.stem


def map_name(text: str) -> str:
    """A map-data ``name`` from a file name (letters, digits, ``.``, ``_``, ``-``)."""
    cleaned = re.sub(r"[^A-Za-z0-9_.\-]+", "-", text).strip("-._") or "map"
    return cleaned if cleaned[0].isalnum() else f"map-{cleaned}"


def sample_image(
    image: Path,
    *,
    grid: Path | None = None,
    legend: Path | None = None,
    names: Mapping[str, str] | None = None,
    area: Sequence[str] = (),
    output: Path | None = None,
    name: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Sampled:
    """Read the image's hexes and hexsides (each map's, or those of ``area``), bring the legend up to date (its
    new colours unnamed, ``names`` applied), and propose the facts its named colours give."""
    calibrated = open_calibrated(image, grid)
    fits = calibrated.grid.fits()
    base = calibrated.grid_path.with_name(_stem(calibrated.grid_path))
    legend_path = legend or base.with_name(base.name + ".legend")
    output = output or base.with_name(base.name + ".sampled.yaml")
    raster = open_raster(calibrated.source)
    wanted = set(hexes_of(area)) if area else None
    hexes: list[str] = []
    for fit in fits.values():
        on = sampling.hexes_on_image(fit, calibrated.info.width, calibrated.info.height)
        hexes += [h for h in on if wanted is None or h in wanted]
    if wanted is not None:
        stray = sorted((h for h in wanted if parse(h).map not in fits), key=parse)
        if stray:
            raise GridError(f"{stray[0]} is on a map this image's grid does not fit ({', '.join(sorted(fits))})")
    if not hexes:
        raise GridError("no hex of the area asked for lies on the image")
    reading = sampling.sample(raster, fits, hexes, progress)
    found = legends.groups(reading)
    existing: list[legends.Entry] = []
    if legend_path.exists():
        existing = legends.parse_legend(legend_path.read_text(encoding="utf-8"), source=str(legend_path))
    entries = legends.merged(found, existing)
    entries = legends.name_by_example(found, entries, names or {})
    legend_text = legends.write_legend(entries, calibrated.source.label())
    proposal = None
    text = None
    if any(e.name not in (None, legends.NOT_A_FACT) for e in entries):
        title = map_name(name or f"{base.name}-sampled")
        proposal = legends.propose(
            found,
            entries,
            name=title,
            description=(
                f"Facts sampled from the map image {calibrated.source.label()} by awaw map sample. Every fact is "
                "marked source: sampled, with the sampler's confidence, until a person confirms it (awaw map edit)."
            ),
        )
        text = legends.dump(
            proposal.file,
            f"Sampled from {calibrated.source.label()} (awaw map sample): confirm or correct each fact before\n"
            "a check relies on it; a fact with a provenance line is sampled, unconfirmed (docs/map-data.md).",
        )
        parse_map_data(text, source=str(output))  # what is written is map data that loads
    return Sampled(
        calibrated,
        len(reading.hexes.hexes),
        len(reading.sides.sides),
        tuple(found),
        entries,
        legend_path,
        legend_text,
        proposal,
        output,
        text,
    )
