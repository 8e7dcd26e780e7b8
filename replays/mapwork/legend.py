"""The legend: what each colour of a map image is, named once by a person, and the facts it proposes.

``awaw map sample`` writes the colours it finds as a legend file beside the image, one line a colour, with the
hexes that show it; a person replaces each ``?`` with a name (or names a colour by pointing at a hex: ``--name
EUR:K37=forest``, ``--name EUR:K36/K37=river``) and runs the command again. A colour left ``?`` proposes nothing;
``-`` says it is no fact (the paper round the map, a label's ink). The file is plain text so that it is quick to
edit and each problem names its line::

    # awaw map legend 1 ...
    hex   #a8cde7          sea        # 16 hexes, e.g. EUR:H30 EUR:H31 EUR:I30
    hex   #c6a577+#74532a  mountain   # 32 hexes (marks #74532a), e.g. EUR:M32 EUR:M33 EUR:N32
    line  #3a5784          river      # on 57 hexsides, e.g. EUR:K36/K37 EUR:L35/L36
    grid  #6e6860                     # on 80 % of hexsides: the hex outline, never a fact

The legend is matched to the image by colour, so it survives a second sampling and serves the other mapboard of
the same printing. What it proposes (:func:`propose`) is map data in the format of :mod:`projections.rules.mapdata`
with every fact marked ``source: sampled`` and its confidence (:mod:`replays.mapwork.sampling`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, get_args

from awaw_events.errors import InputError
from projections.rules.geometry import PACIFIC_GRIDS, Grid, canonical, hexside_key, parse
from projections.rules.mapdata import HexFacts, HexsideFacts, MapFile, Provenance, Terrain
from replays.mapwork.sampling import Reading, lab

if TYPE_CHECKING:
    import numpy as np

HEADER: Final = "# awaw map legend 1"
TERRAINS: Final[tuple[str, ...]] = get_args(Terrain)
LINE_NAMES: Final = ("river", "canal")
UNNAMED: Final = "?"
NOT_A_FACT: Final = "-"
MATCH: Final = 15.0
"""The farthest (CIELAB delta E, fill and mark together) a group may be from a legend colour to take its name."""
NO_MARK: Final = 20.0
"""What a mark on one side and none on the other adds to the distance."""
RULES: Final = ("map image",)
"""What a sampled entry's ``rules`` say: the fact comes from the group's map, not from a rule text."""

Kind = Literal["hex", "line", "grid"]
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class Entry(NamedTuple):
    """One line of a legend: a colour (with a hex's mark colour), its name (None for ``?``), and where it is."""

    kind: Kind
    colour: str
    mark: str | None
    name: str | None
    note: str = ""
    line: int = 0


class LegendError(InputError):
    """A legend line that cannot be read, or a name that is not a terrain or a hexside feature."""


# ---------------------------------------------------------------------------------------------------------------------
# Groups: what the sampler found, by colour


class Group(NamedTuple):
    """Hexes of one fill and mark, or hexsides of one line colour, with their confidences, best first."""

    kind: Kind
    colour: str
    mark: str | None
    members: tuple[str, ...]
    """Hex ids, or hexsides as ``EUR:K36/K37``."""
    confidence: tuple[float, ...]


def side_name(a: str, b: str) -> str:
    """``EUR:K36/K37``: a hexside as the legend and the CLI write it."""
    first, second = hexside_key(a, b)
    return f"{first}/{second.split(':', 1)[1]}"


def parse_side(text: str) -> tuple[str, str]:
    """``EUR:K36/K37`` (or ``EUR:K36/EUR:K37``) -> the canonical pair."""
    first, sep, second = text.partition("/")
    if not sep:
        raise LegendError(f"not a hexside: {text!r} (expected e.g. EUR:K36/K37)")
    a = canonical(first.strip())
    b = canonical(second.strip() if ":" in second else f"{a.split(':', 1)[0]}:{second.strip()}")
    if not any(Grid(g).adjacent(a, b) for g in PACIFIC_GRIDS):
        raise LegendError(f"{a} and {b} are not adjacent: no hexside joins them")
    return hexside_key(a, b)


def groups(reading: Reading) -> list[Group]:
    """The sampler's groups: hexes by fill and mark, hexsides by line colour (the outline's apart), largest first;
    members best first."""
    import numpy as np

    h = reading.hexes
    found: list[Group] = []
    keys: dict[tuple[int, int], list[int]] = {}
    for i in range(len(h.hexes)):
        keys.setdefault((int(h.fill[i]), int(h.mark[i])), []).append(i)
    for (fill, mark), idx in keys.items():
        mean = h.shares[idx].mean(axis=0)
        conf = np.clip(1 - 0.5 * np.abs(h.shares[idx] - mean).sum(axis=1), 0, 1)
        order = np.argsort(-conf, kind="stable")
        found.append(
            Group(
                "hex",
                h.palette_rgb[fill],
                h.palette_rgb[mark] if mark >= 0 else None,
                tuple(h.hexes[idx[k]] for k in order),
                tuple(round(float(conf[k]), 2) for k in order),
            )
        )
    s = reading.sides
    for g in range(len(s.lines)):
        lined = [j for j in range(len(s.sides)) if s.line[j] == g]
        if not lined:
            continue
        best = sorted(lined, key=lambda j: -s.agreement[j])
        found.append(
            Group(
                "grid" if g in s.grid else "line",
                s.lines_rgb[g],
                None,
                tuple(side_name(*s.sides[j]) for j in best),
                tuple(round(float(s.agreement[j]), 2) for j in best),
            )
        )
    rank: dict[Kind, int] = {"hex": 0, "line": 1, "grid": 2}
    return sorted(found, key=lambda g: (rank[g.kind], -len(g.members), g.colour))


# ---------------------------------------------------------------------------------------------------------------------
# Reading and writing the file


def _lab(colour: str) -> np.ndarray:
    import numpy as np

    found: np.ndarray = lab(np.array([[int(colour[i : i + 2], 16) for i in (1, 3, 5)]], dtype=np.uint8))[0]
    return found


def distance(a: Entry | Group, b: Entry | Group) -> float:
    """How far two colours (with their marks) are apart (delta E; see :data:`NO_MARK`)."""
    import numpy as np

    d = float(np.linalg.norm(_lab(a.colour) - _lab(b.colour)))
    if (a.mark is None) != (b.mark is None):
        return d + NO_MARK
    if a.mark is not None and b.mark is not None:
        d += float(np.linalg.norm(_lab(a.mark) - _lab(b.mark)))
    return d


def parse_legend(text: str, *, source: str = "the legend") -> list[Entry]:
    """A legend file's entries; raises :class:`LegendError` naming the line and what is allowed."""
    entries = []
    for number, raw in enumerate(text.splitlines(), start=1):
        fields = raw.split()
        if not fields or fields[0].startswith("#"):
            continue
        where = f"{source}, line {number}"
        kind = fields[0]
        if kind not in ("hex", "line", "grid"):
            raise LegendError(f"{where}: {kind!r} is not hex, line or grid")
        if len(fields) < 2:
            raise LegendError(f"{where}: a {kind} line gives a colour (#rrggbb) and a name")
        colour, _, mark = fields[1].partition("+")
        for c in (colour, mark) if mark else (colour,):
            if not _COLOUR.match(c):
                raise LegendError(f"{where}: {c!r} is not a colour (#rrggbb)")
        if mark and kind != "hex":
            raise LegendError(f"{where}: only a hex colour has a mark (#rrggbb+#rrggbb)")
        rest = fields[2:]
        comment = ""
        cut = next((i for i, word in enumerate(rest) if word.startswith("#")), None)
        if cut is not None:  # the colours start with '#' too: a comment is what follows the name
            rest, comment = rest[:cut], " ".join(rest[cut:]).lstrip("#").strip()
        name = rest[0] if rest else (None if kind != "grid" else NOT_A_FACT)
        if len(rest) > 1:
            raise LegendError(f"{where}: one name a colour, not {' '.join(rest)!r} (start a comment with ' # ')")
        if name == UNNAMED:
            name = None
        allowed = TERRAINS if kind == "hex" else LINE_NAMES
        if name is not None and name != NOT_A_FACT and name not in allowed:
            what = "a terrain" if kind == "hex" else "a hexside line"
            raise LegendError(
                f"{where}: {name!r} is not {what}; name it one of {', '.join(allowed)}, or {UNNAMED} (not named yet) "
                f"or {NOT_A_FACT} (no fact)"
            )
        entries.append(Entry(kind, colour.lower(), mark.lower() or None, name, comment, number))  # type: ignore[arg-type]
    return entries


def _note(group: Group) -> str:
    examples = " ".join(group.members[:3])
    if group.kind == "hex":
        marks = f" (marks {group.mark})" if group.mark else ""
        return f"{_count(len(group.members), 'hex', 'hexes')}{marks}, e.g. {examples}"
    return f"on {_count(len(group.members), 'hexside', 'hexsides')}, e.g. {examples}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def write_legend(entries: Sequence[Entry], image: str) -> str:
    """The legend as text: a header saying what to do, then one line a colour."""
    lines = [
        f"{HEADER}: what each colour of {image} is. Replace each ? with a name, then run awaw map sample again.",
        f"# hex colours: a terrain ({', '.join(TERRAINS)})",
        f"# line colours (along hexsides): {', '.join(LINE_NAMES)}",
        f"# {UNNAMED}: not named yet (proposes nothing); {NOT_A_FACT}: no fact (the paper, a label's ink)",
    ]
    for e in entries:
        colour = e.colour + (f"+{e.mark}" if e.mark else "")
        name = "" if e.kind == "grid" else (e.name or UNNAMED)
        lines.append(f"{e.kind:<5} {colour:<16} {name:<16} # {e.note}".rstrip())
    return "\n".join(lines) + "\n"


def match(found: Sequence[Group], legend: Sequence[Entry]) -> dict[int, Entry | None]:
    """Each group's legend entry (the nearest of its kind within :data:`MATCH`), or None."""
    out: dict[int, Entry | None] = {}
    for i, g in enumerate(found):
        kinds = ("hex",) if g.kind == "hex" else ("line", "grid")
        candidates = [(distance(g, e), e) for e in legend if e.kind in kinds]
        best = min(candidates, key=lambda de: de[0], default=None)
        out[i] = best[1] if best is not None and best[0] <= MATCH else None
    return out


def merged(found: Sequence[Group], legend: Sequence[Entry]) -> list[Entry]:
    """The legend with a line for each group it does not have yet (unnamed), the notes of every matched line
    brought up to date."""
    matched = match(found, legend)
    notes: dict[int, str] = {}
    added: list[Entry] = []
    for i, g in enumerate(found):
        entry = matched[i]
        if entry is None:
            added.append(Entry(g.kind, g.colour, g.mark, None, _note(g)))
        elif entry.line not in notes:
            notes[entry.line] = _note(g)
    kept = [e._replace(note=notes.get(e.line, e.note)) if e.line else e for e in legend]
    return [*kept, *added]


def name_by_example(found: Sequence[Group], legend: list[Entry], names: Mapping[str, str]) -> list[Entry]:
    """Name the legend colour of a hex (``EUR:K37=forest``) or of a hexside's line (``EUR:K36/K37=river``)."""
    matched = match(found, legend)
    out = list(legend)
    for what, name in names.items():
        if "/" in what:
            key = side_name(*parse_side(what))
            kinds: tuple[Kind, ...] = ("line", "grid")
        else:
            key = canonical(what)
            kinds = ("hex",)
        group = next((i for i, g in enumerate(found) if g.kind in kinds and key in g.members), None)
        if group is None:
            raise LegendError(
                f"--name {what}={name}: no line colour is seen along {key}"
                if "/" in what
                else f"--name {what}={name}: {key} is not among the hexes sampled"
            )
        allowed = TERRAINS if "/" not in what else LINE_NAMES
        if name not in (*allowed, NOT_A_FACT):
            raise LegendError(f"--name {what}={name}: {name!r} is not one of {', '.join(allowed)} or {NOT_A_FACT}")
        entry = matched[group]
        assert entry is not None  # merged() gave every group a line
        at = out.index(entry)
        out[at] = entry._replace(name=name, kind="line" if entry.kind == "grid" else entry.kind)
    return out


# ---------------------------------------------------------------------------------------------------------------------
# The proposal


class Proposal(NamedTuple):
    """Map data proposed from the image, and what was left out (unnamed colours)."""

    file: MapFile
    terrain: int
    hexsides: int
    unnamed_hexes: int
    unnamed_sides: int
    unnamed: tuple[Group, ...]


def propose(found: Sequence[Group], legend: Sequence[Entry], *, name: str, description: str) -> Proposal:
    """The facts the named colours give, each marked ``source: sampled`` with its confidence."""
    matched = match(found, legend)
    hexes: list[HexFacts] = []
    sides: list[HexsideFacts] = []
    unnamed: list[Group] = []
    for i, g in enumerate(found):
        entry = matched[i]
        if entry is None or entry.name is None:
            if g.kind != "grid":
                unnamed.append(g)
            continue
        if entry.name == NOT_A_FACT or entry.kind == "grid":
            continue
        for member, confidence in zip(g.members, g.confidence, strict=True):
            provenance = (
                Provenance(fact="terrain" if g.kind == "hex" else "river", source="sampled", confidence=confidence),
            )
            if g.kind == "hex":
                hexes.append(HexFacts(hex=member, terrain=entry.name, rules=RULES, provenance=provenance))  # type: ignore[arg-type]
            else:
                a, b = parse_side(member)
                sides.append(HexsideFacts(between=(a, b), river=entry.name, rules=RULES, provenance=provenance))  # type: ignore[arg-type]
    hexes.sort(key=lambda f: parse(f.hex))
    sides.sort(key=lambda f: (parse(f.between[0]), parse(f.between[1])))
    file = MapFile(
        format="awaw-map-data/1",
        name=name,
        version="1",
        description=description,
        hexes=tuple(hexes),
        hexsides=tuple(sides),
    )
    return Proposal(
        file,
        len(hexes),
        len(sides),
        sum(len(g.members) for g in unnamed if g.kind == "hex"),
        sum(len(g.members) for g in unnamed if g.kind != "hex"),
        tuple(unnamed),
    )


def fresh(found: Iterable[Group]) -> list[Entry]:
    """A legend with every group unnamed (the outline's colours named no fact)."""
    return merged(list(found), [])


def dump(file: MapFile, comment: str) -> str:
    """A map-data file as YAML (docs/map-data.md), entries in hex order, each fact's provenance on one line."""
    import msgspec
    import yaml

    data = msgspec.to_builtins(file)
    head = "".join(f"# {line}\n" for line in comment.splitlines())
    return head + yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=110, allow_unicode=True)
