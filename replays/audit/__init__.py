"""Audit a game against the rules: findings as data, one check per mechanical rule.

:mod:`.engine` runs checks over a game (a replay that calls them); :mod:`.families` holds the checks, one module
per rule system; :mod:`.catalogue` lists the families and audits a stored timeline. This package module imports
none of them, so that no import runs in a circle.
"""
