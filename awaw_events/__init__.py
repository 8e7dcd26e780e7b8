"""awaw-events: the event catalogue, codec, store, dice and importers of an A World at War game log.

This package is the core: it imports neither ``projections`` nor ``replays``.
"""

__version__ = "0.1.0"
