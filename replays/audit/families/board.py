"""Audit checks: board (being written)."""
