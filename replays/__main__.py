"""``python -m replays`` runs the ``awaw`` command line."""

from replays.cli import cli

cli()
