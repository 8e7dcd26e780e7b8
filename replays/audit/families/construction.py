"""Audit checks: construction (being written)."""
