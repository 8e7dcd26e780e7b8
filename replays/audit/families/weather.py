"""Audit checks: weather (being written)."""
