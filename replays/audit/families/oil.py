"""Audit checks: oil (being written)."""
