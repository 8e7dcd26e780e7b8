"""Audit checks: naval (being written)."""
