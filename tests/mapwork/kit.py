"""What the map-workshop tests share: a small fictional region (NOT the AWAW map: terrain laid out by a rule, rivers
by a seeded draw), drawn as a synthetic image, and the clicks a careful person makes on it."""

from __future__ import annotations

import random
from pathlib import Path

from projections.rules.geometry import Grid, hexside_key, parse, rectangle
from projections.rules.mapdata import HEX_FACTS, HEXSIDE_FACTS, MapData
from replays.maps import shipped_map_data
from replays.mapwork.fit import Point
from replays.mapwork.synthetic import Drawn, render

REGION = "EUR:H30..Q45"
"""A block of 10 rows by 16 columns (160 hexes): a modest region keeps the round trip quick."""
KINDS = ("clear", "forest", "mountain", "swamp", "desert")


def fictional_region(seed: int = 3, area: str = REGION) -> tuple[dict[str, str], frozenset[tuple[str, str]]]:
    """Terrain (a sea to the west, bands of land terrain, some hexes drawn at random) and river hexsides between
    land hexes: fictional, for tests only."""
    rng = random.Random(seed)
    hexes = rectangle(area)
    terrain: dict[str, str] = {}
    for h in hexes:
        p = parse(h)
        if p.col + p.row * 0.5 < 37:
            terrain[h] = "sea"
        else:
            terrain[h] = KINDS[(p.row // 3 + p.col // 4) % 5] if rng.random() < 0.8 else rng.choice(KINDS)
    rivers = set()
    for h in hexes:
        for n in Grid().neighbours(h):
            if terrain[h] != "sea" and terrain.get(n, "sea") != "sea" and rng.random() < 0.08:
                rivers.add(hexside_key(h, n))
    return terrain, frozenset(rivers)


def drawn(tmp_path: Path, name: str = "map.jpg", **kw: object) -> Drawn:
    terrain, rivers = fictional_region()
    return render(terrain, rivers, tmp_path / name, **kw)  # type: ignore[arg-type]


CLICKED = ("EUR:H36", "EUR:H45", "EUR:Q30", "EUR:Q45", "EUR:L38")
"""Hexes far apart, as a person would choose them."""


def clicks(picture: Drawn, hexes: tuple[str, ...] = CLICKED, error: float = 1.5, seed: int = 5) -> list[Point]:
    """A person's clicks on hex centres: each up to ``error`` pixels off."""
    rng = random.Random(seed)
    found = []
    for h in hexes:
        x, y = picture.centre(h)
        found.append(Point(h, round(x + rng.uniform(-error, error)), round(y + rng.uniform(-error, error))))
    return found


def hex_args(points: list[Point]) -> list[str]:
    return [arg for p in points for arg in ("--hex", f"{p.hex}={p.x:g},{p.y:g}")]


def confirmed_facts(data: MapData) -> set[tuple[str, str, object]]:
    """Every confirmed fact of map data, as (entry, fact, value)."""
    entries = (
        *((f.hex, f, HEX_FACTS) for f in data.hexes),
        *(("/".join(s.between), s, HEXSIDE_FACTS) for s in data.hexsides),
    )
    return {(e, n, getattr(f, n)) for e, f, names in entries for n in names if getattr(f, n) not in (None, ())}


def rule_texts_lost(data: MapData) -> list[str]:
    """What ``data`` lost of the shipped rule-texts data: a fact not confirmed there, or a rule its entry lacks
    (empty: every fact of the rule texts is there, confirmed, with its rules)."""
    shipped = shipped_map_data().data
    lost = [f"{e} {n}: {v}" for e, n, v in sorted(confirmed_facts(shipped) - confirmed_facts(data), key=str)]
    for f in shipped.written_hexes:
        ours = data.written(f.hex)
        lost += [f"{f.hex} rules: {r}" for r in f.rules if ours is None or r not in ours.rules]
    for side in shipped.written_hexsides:
        theirs = data.written_side(*side.between)
        lost += [f"{'/'.join(side.between)} rules: {r}" for r in side.rules if theirs is None or r not in theirs.rules]
    return lost
