"""Drawing the charts of :mod:`replays.charts` with matplotlib (the Agg backend: no display needed), as PNG or SVG.

matplotlib is imported here, when a picture is drawn, never by the commands that print text: their start-up stays
lean. The figure is drawn only from the series it is given; oil is labelled in counters and fifths (``8 4/5``).
"""

from __future__ import annotations

import io
import math
import textwrap
from typing import Any, Literal

from awaw_events.errors import AwawError
from replays.charts import Chart, Panel, counters_words

ImageFormat = Literal["png", "svg"]

PARENT_STYLE = {"linestyle": "--", "alpha": 0.8}

BARS_UP_TO = 24
"""Stacked series are bars up to this many turns, and stacked areas beyond (one shape a series: a long game's
chart draws in a fraction of the time)."""

LABELS_UP_TO = 30
"""Every turn is labelled up to this many; beyond, evenly spaced labels."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise AwawError("charts need matplotlib (a dependency): python -m pip install matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _draw_panel(ax: Any, panel: Panel) -> None:
    positions = list(range(len(panel.x)))
    bars = [s for s in panel.series if s.style == "bar"]
    if bars and len(positions) > BARS_UP_TO:  # a long game: one stacked area a series, not a rectangle a turn
        ax.stackplot(
            positions, *([v or 0.0 for v in s.values] for s in bars), labels=[s.label for s in bars], alpha=0.45
        )
        bars = []
    bottom = [0.0] * len(positions)
    for s in bars:
        heights = [v or 0.0 for v in s.values]
        ax.bar(positions, heights, bottom=bottom, label=s.label, alpha=0.45, width=0.6)
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    for s in panel.series:
        if s.style == "line":
            points = [(p, v) for p, v in zip(positions, s.values, strict=True) if v is not None]
            if points:
                xs, ys = zip(*points, strict=True)
                style = PARENT_STYLE if s.parent else {}
                ax.plot(xs, ys, marker="o", markersize=3, label=s.label, **style)
        elif s.style == "point":
            marks = [(p, v, z) for p, v, z in zip(positions, s.values, s.sizes, strict=True) if v is not None]
            if marks:
                xs, ys, zs = zip(*marks, strict=True)
                hollow: dict[str, Any] = {"facecolors": "none", "edgecolors": "black"} if s.parent else {}
                ax.scatter(xs, ys, s=[20 + 25 * z for z in zs], label=s.label, **hollow)
    if panel.categories and any(s.style == "point" for s in panel.series):
        ax.set_yticks(range(1, len(panel.categories) + 1), panel.categories)
        ax.set_ylim(0.3, len(panel.categories) + 0.7)
    if len(positions) > LABELS_UP_TO:
        every = math.ceil(len(positions) / LABELS_UP_TO)
        ax.set_xticks(positions[::every], panel.labels[::every], rotation=45, ha="right", fontsize=7)
    else:
        ax.set_xticks(positions, panel.labels, rotation=45, ha="right", fontsize=7)
    ax.set_title(panel.title, fontsize=9)
    ax.set_ylabel(panel.ylabel, fontsize=8)
    if panel.scale == "counters":
        from matplotlib.ticker import FuncFormatter, MultipleLocator

        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: counters_words(value)))
        top = max((v for s in panel.series for v in s.values if v is not None), default=0.0)
        if top <= 4:
            ax.yaxis.set_major_locator(MultipleLocator(0.2))  # a fifth of a counter a tick
    ax.tick_params(axis="y", labelsize=7)
    ax.grid(alpha=0.3)
    if panel.series:
        ax.legend(fontsize=6, loc="best")


def figure(chart: Chart) -> Any:
    """A matplotlib figure of the chart: one axes per panel, in a grid."""
    plt = _pyplot()
    count = max(1, len(chart.panels))
    columns = 1 if count == 1 else 2 if count <= 4 else 4
    rows = math.ceil(count / columns)
    size = (9.0, 4.8) if count == 1 else (4.2 * columns, 3.4 * rows)
    fig, axes = plt.subplots(rows, columns, figsize=size, squeeze=False)
    flat = [ax for row in axes for ax in row]
    for ax, panel in zip(flat, chart.panels, strict=False):
        _draw_panel(ax, panel)
    for ax in flat[len(chart.panels) :]:
        ax.set_visible(False)
    if not chart.panels:
        flat[0].text(0.5, 0.5, "nothing recorded", ha="center", va="center")
        flat[0].set_axis_off()
    fig.suptitle("\n".join(textwrap.wrap(chart.title, 110)), fontsize=10)
    fig.tight_layout()
    # tight_layout leaves a placeholder layout engine on the figure, and savefig draws a figure with an engine once
    # more before the drawing it writes: the layout is done, so the figure keeps none (the same picture, drawn once)
    fig.set_layout_engine(None)
    return fig


def render(chart: Chart, fmt: ImageFormat = "png") -> bytes:
    """The chart as PNG or SVG bytes (no metadata dates, so the same chart gives the same bytes)."""
    plt = _pyplot()
    fig = figure(chart)
    buffer = io.BytesIO()
    metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {}
    fig.savefig(buffer, format=fmt, dpi=100, metadata=metadata)
    plt.close(fig)
    return buffer.getvalue()
