"""``awaw map sample``: a calibrated image read into groups of colour, a legend for a person to name them, and the map
data the named colours propose (every fact marked ``source: sampled`` with its confidence), beside every fact of the
shipped rule-texts data, confirmed, with its rules (:func:`replays.mapwork.merging.merge`: a sampled fact that a rule
text gives otherwise is set aside)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from projections.rules.geometry import hexes_of, parse
from projections.rules.mapdata import HEX_FACTS, HEXSIDE_FACTS, MapData
from replays.maps import parse_map_data, shipped_map_data
from replays.mapwork import legend as legends
from replays.mapwork import sampling
from replays.mapwork.grids import CalibratedImage, GridError, open_calibrated
from replays.mapwork.merging import merge
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
    rule_texts: int = 0
    """The facts of the shipped rule-texts data the proposal keeps, confirmed, beside the sampled ones."""
    set_aside: tuple[str, ...] = ()
    """Sampled facts that a rule text's fact outranks (the rule text's is kept)."""


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
    rule_texts = 0
    set_aside: tuple[str, ...] = ()
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
        shipped = shipped_map_data().data
        # every proposed fact is sampled and every rule text's is confirmed, so none contradicts another (a
        # sampled fact a rule text gives otherwise is set aside); prefer="other" only says so to the type checker
        kept = merge(MapData.of(proposal.file), shipped, prefer="other")
        assert kept.file is not None and not kept.contradictions
        rule_texts = len(facts_of(shipped))
        set_aside = kept.set_aside
        text = legends.dump(
            kept.file,
            f"Sampled from {calibrated.source.label()} (awaw map sample): confirm or correct each fact before\n"
            "a check relies on it; a fact with a provenance line is sampled, unconfirmed (docs/map-data.md).\n"
            "The facts the rule texts give (projections/rules/maps/rule-texts.yaml) are kept, confirmed, with\n"
            "their rules.",
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
        rule_texts,
        set_aside,
    )


def facts_of(data: MapData) -> list[str]:
    """Every fact a map-data file gives, one ``EUR:C45 terrain`` a fact (sampled ones included)."""
    out = [f"{e.hex} {n}" for e in data.written_hexes for n in sorted(HEX_FACTS) if getattr(e, n) not in (None, ())]
    out += [
        f"{s.between[0]}/{s.between[1]} {n}"
        for s in data.written_hexsides
        for n in sorted(HEXSIDE_FACTS)
        if getattr(s, n) not in (None, ())
    ]
    return out
