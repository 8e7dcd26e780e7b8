"""The checks, one module per rule system; importing this package registers them all."""

from replays.audit.families import (  # noqa: F401 - each import registers its checks
    attrition,
    board,
    combat,
    construction,
    dice,
    economy,
    fortifications,
    naval,
    oil,
    weather,
)
