"""Pictures people read: the board (``awaw board``), drawn once as a scene of plain shapes and written as SVG
(:mod:`replays.pictures.scene`, no dependency) or PNG (the same scene through matplotlib, the ``charts`` extra)."""
