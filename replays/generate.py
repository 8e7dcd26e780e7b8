"""The command line of the generated documents (``python -m replays.docs``, ``python -m replays.audit.docs``,
``python -m replays.audit.coverage``, ``python -m replays.audit.checklist``): one parser, so ``--help`` is help and
never a file name."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path


def write(
    render: Callable[[], str], *, default: Path, what: str, argv: Sequence[str] | None = None, arg: str = "target"
) -> Path:
    """Parse ``argv`` (one optional path, the output file), write ``render()`` there and return the path."""
    parser = argparse.ArgumentParser(description=f"Write {what} (generated; do not edit it by hand).")
    parser.add_argument(arg, nargs="?", type=Path, default=default, help=f"the file to write (default: {default})")
    target: Path = getattr(parser.parse_args(argv), arg)
    target.write_text(render(), encoding="utf-8")
    return target
