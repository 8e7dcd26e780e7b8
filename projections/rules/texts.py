"""Which rule texts give a rule: the A3R house rules reproduce one AWAW rule under its own numbers, App. D (AWAW 9.6,
attritions and offensives, 9.61-9.64; house rules, introduction: "the Appendices include appropriate extracts from
the AWAW Hypertext rules update"). In an AWAW game a breach of one cites the AWAW rule, reproduced there, by the
command that refuses it and by the audit that finds it alike (:mod:`replays.audit.rulesets`)."""

from __future__ import annotations

from typing import Final

REPRODUCED: Final[dict[str, str]] = {
    "A3R 9.6": "A3R App. D",
}
"""A3R rule numbers, by prefix, whose text is an AWAW rule the house rules reproduce, with where."""


def awaw_rule(rule: str) -> str | None:
    """The AWAW rule an A3R rule number reproduces, as an AWAW game cites it (``A3R 9.62`` -> ``AWAW 9.62,
    reproduced in A3R App. D``); None for one the house rules do not reproduce."""
    for prefix, where in REPRODUCED.items():
        if rule.startswith(prefix):
            return f"AWAW {rule.removeprefix('A3R ')}, reproduced in {where}"
    return None


def cited(rules: str, rule: str) -> str:
    """``rule`` as a game under ``rules`` (``awaw``, ``a3r``) cites it."""
    return (awaw_rule(rule) or rule) if rules == "awaw" else rule
