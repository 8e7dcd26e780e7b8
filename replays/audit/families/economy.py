"""Audit checks: economy (being written)."""
