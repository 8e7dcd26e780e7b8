"""``awaw map``: make a game's map data from the group's own map, and check it. Its commands are imported when they
run (:class:`replays.cli.common.LazyGroup`), so that ``awaw map --help`` imports none of them (nor Pillow)."""

from __future__ import annotations

import click

from replays.cli.common import LazyGroup

MAP_COMMANDS: dict[str, tuple[str, str]] = {
    "compile": (
        "replays.cli.mapfiles:compile_",
        "Compile the compact map source SOURCE into the per-hex map-data YAML that games use.",
    ),
    "check": (
        "replays.cli.mapfiles:check",
        "Check the map-data file FILE: what it gives, what it lacks, and which rules it lets the audit check.",
    ),
    "use": (
        "replays.cli.mapfiles:use",
        "Move GAME to the map data of FILE (a newer version of its map), recorded as a map_data_changed event.",
    ),
    "merge": (
        "replays.cli.mapfiles:merge",
        "Add the facts of the map-data file OTHER to those of BASE, and write the merged file.",
    ),
    "decompile": (
        "replays.cli.mapfiles:decompile",
        "Write the map-data file FILE back as a compact source, which `awaw map compile` reads to the same facts.",
    ),
    "calibrate": (
        "replays.cli.mapwork:calibrate",
        "Fit each mapboard's hex grid to IMAGE (or a VASSAL module's board) and write the grid file beside it.",
    ),
    "sample": (
        "replays.cli.mapwork:sample",
        "Read each hex's colours and each hexside's lines off IMAGE, and propose map data from the colours you name.",
    ),
    "edit": (
        "replays.cli.mapwork:edit",
        "Write one self-contained HTML page that edits the map-data FILE in a browser, over its image with --image.",
    ),
}
"""Each ``awaw map`` command: where it lives and its one-line help (a test keeps it equal to the command's own)."""


@click.group(cls=LazyGroup, commands_at=MAP_COMMANDS, name="map")
def map_() -> None:
    """The image is yours: it is never stored in a game, and only the pages you ask for with --image carry it.

    \b
    Example:
      awaw map calibrate europe.jpg --hex EUR:A23=412,80 --hex EUR:K37=1660,912
    """


__all__ = ["MAP_COMMANDS", "map_"]
