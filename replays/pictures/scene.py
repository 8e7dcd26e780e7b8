"""A picture as a scene of plain shapes (polygons, rectangles, ellipses, lines, text) in groups that carry an id, a
class, ``data-`` attributes and a ``<title>``; written as SVG here, or drawn to PNG by matplotlib.

One scene, two writers: the PNG is the same drawing as the SVG, shape for shape, at one pixel per SVG unit. The SVG
writer needs nothing outside the standard library; the PNG needs matplotlib (a dependency of awaw-events, which
``awaw plot`` draws with too; imported only when a PNG is drawn). cairosvg would render the SVG itself, but it needs
the cairo C library, which pip cannot install (a separate system package on macOS and Windows), while matplotlib
installs from wheels everywhere.

The SVG refers to nothing outside itself (no ``url(...)``, no ``href`` but to its own definitions or to an image's
bytes inline, no namespace URL when it is inline in a page), so it can go into the self-contained HTML report as it
is.
"""

from __future__ import annotations

import base64
import functools
import html
import io
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from awaw_events.errors import AwawError

Point = tuple[float, float]
Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True, kw_only=True)
class Shape:
    """What every shape has: its paint (``none`` for no fill or no stroke; widths in pixels; dashes in pixels)."""

    fill: str = "none"
    stroke: str = "none"
    width: float = 1.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Polygon(Shape):
    points: tuple[Point, ...]


@dataclass(frozen=True, kw_only=True)
class Polyline(Shape):
    points: tuple[Point, ...]


@dataclass(frozen=True, kw_only=True)
class Rect(Shape):
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, kw_only=True)
class Ellipse(Shape):
    cx: float
    cy: float
    rx: float
    ry: float


@dataclass(frozen=True, kw_only=True)
class Text(Shape):
    """A line of text centred vertically on ``y``; ``fill`` is its colour."""

    x: float
    y: float
    text: str
    size: float
    anchor: Anchor = "middle"
    bold: bool = False
    fill: str = "#222222"


@dataclass(frozen=True, kw_only=True)
class Picture(Shape):
    """A raster image drawn upright in the box ``(x, y, w, h)``, its bytes (``mime``: PNG or JPEG) inline in the
    SVG as a ``data:`` address (nothing outside the file); ``note`` goes into a ``data-image-affine`` attribute."""

    x: float
    y: float
    w: float
    h: float
    data: bytes
    mime: str = "image/png"
    note: str = ""


@dataclass(kw_only=True)
class Group:
    """Shapes moved by ``(x, y)`` and scaled by ``scale`` (in that order: a point p is drawn at ``(x, y) + scale *
    p``), with what a reader or a test finds it by: ``ident`` (the SVG ``id``), ``cls``, ``data`` (``data-``
    attributes) and ``title`` (the tooltip a pointer shows)."""

    children: list[Node] = field(default_factory=list)
    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0
    ident: str | None = None
    cls: str | None = None
    title: str | None = None
    data: dict[str, str] = field(default_factory=dict)

    def add(self, *nodes: Node) -> Group:
        self.children.extend(nodes)
        return self


@dataclass(kw_only=True)
class Use:
    """A copy of the scene's definition ``ref`` (:attr:`Scene.defs`) moved to ``(x, y)``: one short element for a
    shape drawn many times (the hexes), with its own class, ``data-`` attributes and title."""

    ref: str
    x: float
    y: float
    cls: str | None = None
    title: str | None = None
    data: dict[str, str] = field(default_factory=dict)


Node = Shape | Group | Use


@dataclass(kw_only=True)
class Scene:
    """A whole picture: its size in pixels, its background, and its shapes in painting order."""

    width: int
    height: int
    children: list[Node] = field(default_factory=list)
    background: str = "#ffffff"
    title: str = ""
    cls: str | None = None
    data: dict[str, str] = field(default_factory=dict)
    defs: Mapping[str, Sequence[Shape]] = field(default_factory=dict)
    """Shapes drawn by :class:`Use` nodes, by name."""
    prefix: str = ""
    """Starts the SVG ids of the definitions, so that several scenes can share one HTML page."""


def arrow(start: tuple[float, float], tip: tuple[float, float]) -> list[Node]:
    """A straight arrow from ``start`` to ``tip`` (the head's point is exactly at ``tip``)."""
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(11.0, length / 2)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = 0.45 * head
    return [
        Polyline(points=(start, base), stroke="#111111", width=2.6, opacity=0.8),
        Polygon(
            points=(tip, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)),
            fill="#111111",
            opacity=0.8,
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# SVG


@functools.lru_cache(maxsize=1 << 16)
def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (a board repeats its numbers: cached)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _attr(name: str, value: object) -> str:
    text = str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        text = html.escape(text, quote=True)  # most values are numbers and ids: nothing to escape
    return f' {name}="{text}"'


def _paint(shape: Shape) -> str:
    out = _attr("fill", shape.fill)
    if shape.stroke != "none":
        out += _attr("stroke", shape.stroke) + (_attr("stroke-width", _n(shape.width)) if shape.width != 1 else "")
        if shape.dash:
            out += _attr("stroke-dasharray", " ".join(_n(d) for d in shape.dash))
    if shape.opacity < 1:
        out += _attr("opacity", _n(shape.opacity))
    return out


@functools.lru_cache(maxsize=1 << 16)
def _shape_svg(shape: Shape) -> str:
    """One shape as SVG (shapes are frozen values, and a board draws the same counter shapes many times: cached)."""
    match shape:
        case Polygon():
            return f"<polygon{_attr('points', _points(shape.points))}{_paint(shape)}/>"
        case Polyline():
            return f"<polyline{_attr('points', _points(shape.points))}{_paint(shape)}/>"
        case Rect():
            geometry = "".join(_attr(k, _n(v)) for k, v in (("x", shape.x), ("y", shape.y)))
            geometry += _attr("width", _n(shape.w)) + _attr("height", _n(shape.h))
            return f"<rect{geometry}{_paint(shape)}/>"
        case Ellipse():
            geometry = "".join(
                _attr(k, _n(v)) for k, v in (("cx", shape.cx), ("cy", shape.cy), ("rx", shape.rx), ("ry", shape.ry))
            )
            return f"<ellipse{geometry}{_paint(shape)}/>"
        case Picture():
            attrs = "".join(_attr(k, _n(v)) for k, v in (("x", shape.x), ("y", shape.y), ("width", shape.w)))
            attrs += _attr("height", _n(shape.h))
            attrs += f' href="data:{shape.mime};base64,{base64.b64encode(shape.data).decode("ascii")}"'
            attrs += _attr("preserveAspectRatio", "none")
            if shape.note:
                attrs += _attr("data-image-affine", shape.note)
            if shape.opacity < 1:
                attrs += _attr("opacity", _n(shape.opacity))
            return f"<image{attrs}/>"
        case Text():
            attrs = _attr("x", _n(shape.x)) + _attr("y", _n(shape.y)) + _attr("font-size", _n(shape.size))
            if shape.anchor != "start":
                attrs += _attr("text-anchor", shape.anchor)
            if shape.bold:
                attrs += _attr("font-weight", "bold")
            attrs += _attr("dominant-baseline", "central") + _attr("fill", shape.fill)
            if shape.opacity < 1:
                attrs += _attr("opacity", _n(shape.opacity))
            return f"<text{attrs}>{html.escape(shape.text, quote=False)}</text>"
    raise TypeError(f"not a shape: {shape!r}")


def _data(data: dict[str, str]) -> str:
    return "".join(_attr(f"data-{key}", value) for key, value in data.items())


def _node_svg(node: Node, out: list[str], prefix: str) -> None:
    if isinstance(node, Use):
        attrs = _attr("href", f"#{prefix}{node.ref}") + _attr("x", _n(node.x)) + _attr("y", _n(node.y))
        attrs += (_attr("class", node.cls) if node.cls else "") + _data(node.data)
        title = f"<title>{html.escape(node.title, quote=False)}</title>" if node.title else ""
        out.append(f"<use{attrs}>{title}</use>" if title else f"<use{attrs}/>")
        return
    if not isinstance(node, Group):
        out.append(_shape_svg(node))
        return
    attrs = ""
    if node.ident:
        attrs += _attr("id", node.ident)
    if node.cls:
        attrs += _attr("class", node.cls)
    attrs += _data(node.data)
    if node.x or node.y or node.scale != 1:
        move = f"translate({_n(node.x)} {_n(node.y)})" if node.x or node.y else ""
        attrs += _attr("transform", (move + (f" scale({_n(node.scale)})" if node.scale != 1 else "")).strip())
    out.append(f"<g{attrs}>")
    if node.title:
        out.append(f"<title>{html.escape(node.title, quote=False)}</title>")
    for child in node.children:
        _node_svg(child, out, prefix)
    out.append("</g>")


def to_svg(scene: Scene, *, inline: bool = False) -> str:
    """The scene as SVG text: a standalone file (with the XML namespace), or, with ``inline``, an ``<svg>`` element
    for an HTML page (where the namespace is implied, so the page names no URL)."""
    attrs = "" if inline else _attr("xmlns", "http://www.w3.org/2000/svg")
    attrs += _attr("width", scene.width) + _attr("height", scene.height)
    attrs += _attr("viewBox", f"0 0 {scene.width} {scene.height}") + _attr("font-family", "DejaVu Sans, sans-serif")
    if scene.cls:
        attrs += _attr("class", scene.cls)
    attrs += _data(scene.data)
    out = [f"<svg{attrs}>"]
    if scene.title:
        out.append(f"<title>{html.escape(scene.title, quote=False)}</title>")
    if scene.defs:
        out.append("<defs>")
        for ref, shapes in scene.defs.items():
            out.append(f"<g{_attr('id', scene.prefix + ref)}>" + "".join(_shape_svg(s) for s in shapes) + "</g>")
        out.append("</defs>")
    out.append(_shape_svg(Rect(x=0, y=0, w=scene.width, h=scene.height, fill=scene.background)))
    for node in scene.children:
        _node_svg(node, out, scene.prefix)
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------------------------------
# PNG (matplotlib)


def _flatten(
    nodes: Iterable[Node], defs: Mapping[str, Sequence[Shape]], x: float = 0.0, y: float = 0.0, scale: float = 1.0
) -> Iterator[Shape]:
    """Every shape in painting order, moved into scene coordinates (groups' moves and scales applied, uses
    replaced by what they use)."""
    for node in nodes:
        if isinstance(node, Group):
            yield from _flatten(node.children, defs, x + scale * node.x, y + scale * node.y, scale * node.scale)
        elif isinstance(node, Use):
            yield from _flatten(defs[node.ref], defs, x + scale * node.x, y + scale * node.y, scale)
        else:
            yield _placed(node, x, y, scale)


def _placed(shape: Shape, x: float, y: float, s: float) -> Shape:
    def p(point: Point) -> Point:
        return (x + s * point[0], y + s * point[1])

    paint: dict[str, Any] = {
        "fill": shape.fill,
        "stroke": shape.stroke,
        "width": shape.width * s,
        "opacity": shape.opacity,
        "dash": tuple(d * s for d in shape.dash),
    }
    match shape:
        case Polygon():
            return Polygon(points=tuple(p(q) for q in shape.points), **paint)
        case Polyline():
            return Polyline(points=tuple(p(q) for q in shape.points), **paint)
        case Rect():
            return Rect(x=x + s * shape.x, y=y + s * shape.y, w=s * shape.w, h=s * shape.h, **paint)
        case Ellipse():
            return Ellipse(cx=x + s * shape.cx, cy=y + s * shape.cy, rx=s * shape.rx, ry=s * shape.ry, **paint)
        case Text():
            cx, cy = p((shape.x, shape.y))
            return Text(x=cx, y=cy, text=shape.text, size=shape.size * s, anchor=shape.anchor, bold=shape.bold, **paint)
        case Picture():
            return Picture(
                x=x + s * shape.x, y=y + s * shape.y, w=s * shape.w, h=s * shape.h, data=shape.data, mime=shape.mime
            )
    raise TypeError(f"not a shape: {shape!r}")


def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise AwawError("PNG pictures need matplotlib (a dependency): python -m pip install matplotlib") from None
    matplotlib.use("Agg")
    return matplotlib


DPI = 72
"""At 72 dots per inch one point is one pixel: SVG sizes (pixels) are matplotlib sizes (points) unchanged."""


def _style(shape: Shape) -> dict[str, Any]:
    style: dict[str, Any] = {
        "facecolor": shape.fill,
        "edgecolor": shape.stroke,
        "linewidth": shape.width if shape.stroke != "none" else 0.0,
        "alpha": shape.opacity if shape.opacity < 1 else None,
    }
    if shape.dash and shape.width > 0:
        style["linestyle"] = (0, tuple(d / shape.width for d in shape.dash))  # matplotlib counts dashes in widths
    return style


def to_png(scene: Scene) -> bytes:
    """The scene drawn by matplotlib as a PNG of ``scene.width`` by ``scene.height`` pixels."""
    _matplotlib()
    from matplotlib import patches
    from matplotlib.collections import PatchCollection
    from matplotlib.figure import Figure

    fig = Figure(figsize=(scene.width / DPI, scene.height / DPI), dpi=DPI, facecolor=scene.background)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, scene.width)
    ax.set_ylim(scene.height, 0)
    ax.set_axis_off()
    pending: list[Any] = []
    order = [0]

    def z() -> int:
        order[0] += 1
        return order[0]

    def flush() -> None:
        if pending:
            ax.add_collection(PatchCollection(list(pending), match_original=True, zorder=z()))
            pending.clear()

    for shape in _flatten(scene.children, scene.defs):
        match shape:
            case Picture():
                flush()
                from PIL import Image

                pixels = Image.open(io.BytesIO(shape.data)).convert("RGB")
                ax.imshow(
                    pixels,
                    extent=(shape.x, shape.x + shape.w, shape.y + shape.h, shape.y),
                    interpolation="bilinear",
                    aspect="auto",
                    zorder=z(),
                )
            case Polygon():
                pending.append(patches.Polygon(list(shape.points), closed=True, **_style(shape)))
            case Rect():
                pending.append(patches.Rectangle((shape.x, shape.y), shape.w, shape.h, **_style(shape)))
            case Ellipse():
                pending.append(patches.Ellipse((shape.cx, shape.cy), 2 * shape.rx, 2 * shape.ry, **_style(shape)))
            case Polyline():
                flush()
                xs, ys = zip(*shape.points, strict=True)
                style = _style(shape)
                ax.plot(
                    xs,
                    ys,
                    color=shape.stroke,
                    linewidth=shape.width,
                    alpha=style["alpha"],
                    linestyle=style.get("linestyle", "-"),
                    solid_capstyle="butt",
                    zorder=z(),
                )
            case Text():
                flush()
                ax.text(
                    shape.x,
                    shape.y,
                    shape.text,
                    fontsize=shape.size,
                    ha={"start": "left", "middle": "center", "end": "right"}[shape.anchor],
                    va="center_baseline",
                    color=shape.fill,
                    fontweight="bold" if shape.bold else "normal",
                    alpha=shape.opacity if shape.opacity < 1 else None,
                    zorder=z(),
                )
    flush()
    ax.set_xlim(0, scene.width)  # an image drawn may have moved them
    ax.set_ylim(scene.height, 0)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=DPI, facecolor=scene.background)
    return buffer.getvalue()
