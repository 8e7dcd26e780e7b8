"""Hostile inputs the benchmarks time and the tests refuse: built here once."""

from __future__ import annotations


def nested_aliases(levels: int = 9) -> str:
    """A map-data file of about a kilobyte whose YAML aliases nest ``levels`` deep, each level naming the one below
    nine times: 9**(levels + 1) values once expanded (a "billion laughs")."""
    lines = ["format: awaw-map-data/1", "name: bomb", 'version: "1"', 'l0: &l0 ["x","x","x","x","x","x","x","x","x"]']
    for level in range(1, levels + 1):
        lines.append(f"l{level}: &l{level} [{','.join([f'*l{level - 1}'] * 9)}]")
    return "\n".join(lines) + f"\nhexes: [*l{levels}]\n"
