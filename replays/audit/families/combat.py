"""Audit checks: combat (being written)."""
