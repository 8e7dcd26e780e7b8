"""The checks, one module per rule system; importing this package registers them all."""

from replays.audit.families import (  # noqa: F401 - each import registers its checks
    board,
    combat,
    construction,
    dice,
    economy,
    naval,
    oil,
    weather,
)
