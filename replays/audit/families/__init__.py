"""The checks, one module per rule system; each exports its ``FAMILY`` (:class:`replays.audit.engine.Family`), and
:mod:`replays.audit.catalogue` lists them."""
