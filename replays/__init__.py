"""Replays, branches, diffs, audits, reports and the ``awaw`` command line."""
