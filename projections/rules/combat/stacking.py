"""Overruns (AWAW 13.5, 15.34) and stacking (12, 15.47).

Sources: 10-16 extract 1.4, 5.7 (AUD-12-01, AUD-12-03, AUD-13-11 to 13-13, AUD-13-18, AUD-15-08, DT-09, DT-13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

import msgspec

from awaw_events.vocab import Theater
from projections.rules.breach import Breach
from projections.rules.combat.odds import odds

# ---------------------------------------------------------------------------------------------------------------
# Overruns (13.5, 15.34; extract 5.7)
# ---------------------------------------------------------------------------------------------------------------

OverrunUnitKind = Literal["armor", "mech_infantry", "other"]

PHASES_AFTER_COMBAT: Final = frozenset({"exploitation", "attrition", "post_combat_supply", "unit_construction"})
"""Phases after the regular combat phase: a failed overrun's mandatory attack (13.531, 15.22) is made by then."""

OVERRUN_MIN_MULTIPLE: Final = 6
"""Overruns need odds of 6:1 or better, computed like ground combat odds with DMs (13.52, 15.34)."""

OVERRUN_MAX_UNITS: Final = 2
"""No more than two armor or mechanized infantry units overrun together (13.52)."""

OVERRUN_EXTRA_MF: Final = 1
"""Each overrunning unit pays one extra MF to occupy the overrun hex (13.52, 13.41E)."""


class OverrunUnit(msgspec.Struct, frozen=True):
    """An overrunning unit: kind, whether its mechanized part works, MF left before entering, cost to enter."""

    kind: OverrunUnitKind
    mechanized_intact: bool = True
    mf_left: int | None = None
    entry_cost: int = 1


def overrun_odds_ok(attack: int, defence: int) -> bool:
    """6:1 or better, with DMs and air on both sides (13.52, 15.34; DT-09)."""
    return odds(attack, defence).multiple >= OVERRUN_MIN_MULTIPLE


def overrun_findings(
    units: Sequence[OverrunUnit],
    *,
    attack: int,
    defence: int,
    same_hexside: bool = True,
    theater: Theater = "europe",
    beach_hex_by_invaders: bool = False,
) -> tuple[Breach, ...]:
    """Overrun legality arithmetic (13.51, 13.52, 13.58, 15.34; AUD-13-11 to 13-13, 13-18). ``attack`` = the
    overrunning factors + ground support; ``defence`` = factors x DM + surviving DAS (see :func:`defence_strength`).
    In the Pacific, mechanized infantry counts as infantry and may not overrun (10.12)."""
    out: list[Breach] = []
    if not 1 <= len(units) <= OVERRUN_MAX_UNITS:
        out.append(Breach("13.52", f"{len(units)} units overrun (1 or 2 allowed)"))
    if not any(u.kind == "armor" for u in units):
        out.append(Breach("13.52", "no armor unit in the overrun"))
    for i, u in enumerate(units):
        if u.kind == "other" or (u.kind == "mech_infantry" and theater == "pacific"):
            out.append(Breach("13.51", f"unit {i} ({u.kind}) may not overrun"))
        if not u.mechanized_intact:
            out.append(Breach("13.52", f"unit {i} has no functional mechanized component"))
        if u.mf_left is not None and u.mf_left < u.entry_cost + OVERRUN_EXTRA_MF:
            out.append(Breach("13.52", f"unit {i} lacks the MF to overrun ({u.mf_left} < {u.entry_cost} + 1)"))
    if not same_hexside:
        out.append(Breach("13.52", "overrunning units must enter through the same hexside"))
    if beach_hex_by_invaders:
        out.append(Breach("13.58", "invading units may not overrun the beach hex"))
    if attack <= 0 or defence <= 0 or not overrun_odds_ok(attack, defence):
        ratio = odds(attack, defence).ratio if attack > 0 and defence > 0 else f"{attack}:{defence}"
        out.append(Breach("13.52", f"overrun at {ratio}; 6:1 needed"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# Stacking (12, 15.47; extract 1.4)
# ---------------------------------------------------------------------------------------------------------------

StackHex = Literal[
    "standard", "pacific_island", "pacific_island_port", "bridgehead", "pearl_harbor", "mapboard_box", "breakthrough"
]
"""Kinds of hex for stacking. A bridgehead on a Pacific one-hex island is a ``pacific_island*`` (12.13)."""


class StackingLimit(msgspec.Struct, frozen=True):
    """Limits in one kind of hex: non-specialized ground units, specialized units (airborne, Chindit, marine,
    commando) and flak factors; ``None`` = unlimited."""

    ground_units: int | None
    specialized: int | None
    flak_factors: int | None
    rule: str


STACKED_GROUND_TYPES: Final[frozenset[str]] = frozenset({"infantry", "mech_infantry", "replacement", "armor"})
"""Non-specialized ground units: the ones the ground-unit stacking limit counts (12.11; specialized units and flak
stack in addition, 12.12; partisans apart)."""

SPECIALIZED_PER_HEX: Final = 3
FLAK_FACTORS_PER_HEX: Final = 3

STACKING_LIMITS: Final[dict[StackHex, StackingLimit]] = {
    "standard": StackingLimit(2, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11A, 12.12"),
    "pacific_island": StackingLimit(1, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11B, 12.12"),
    "pacific_island_port": StackingLimit(2, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11B, 12.12"),
    "bridgehead": StackingLimit(5, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.13"),
    "pearl_harbor": StackingLimit(5, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.19"),
    "mapboard_box": StackingLimit(None, None, None, "12.18"),
    "breakthrough": StackingLimit(None, None, None, "12.14, 16.23, 16.51 (until the end of redeployment)"),
}
"""Stacking limits (12.11-12.19; extract 1.4; DT-13). Specialized units and flak stack in addition to the ground
units "regardless of the presence of any other units" (12.12). Breakthrough hexes are unlimited until the end of the
attacker's redeployment phase (12.14)."""

PEARL_HARBOR_DEFENDERS: Final = 2
"""Only two non-specialized units count for Pearl Harbor's defense against a Japanese invasion or airdrop (12.19)."""


def stacking_findings(
    kind: StackHex, *, ground_units: int = 0, specialized_units: int = 0, flak_factors: int = 0
) -> tuple[Breach, ...]:
    """A final stack against the limits (12.11-12.19; AUD-12-01). Temporary overstacks (12.14-12.17) have their own
    deadlines and are not checked here."""
    limit = STACKING_LIMITS[kind]
    out: list[Breach] = []
    for count, cap, what in (
        (ground_units, limit.ground_units, "ground units"),
        (specialized_units, limit.specialized, "specialized units"),
        (flak_factors, limit.flak_factors, "flak factors"),
    ):
        if cap is not None and count > cap:
            out.append(Breach(limit.rule, f"{count} {what} in a {kind} hex (limit {cap})"))
    return tuple(out)


ATTACKERS_PER_HEX: Final = 2
"""Only two ground units may attack out of one hex (15.47), not counting the exempt kinds below."""

AttackerKind = Literal["ground", "breakthrough_armor", "airborne", "commando", "marine", "chindit", "shock_army"]

ATTACK_STACKING_EXEMPT: Final[frozenset[AttackerKind]] = frozenset(
    {"breakthrough_armor", "airborne", "commando", "marine", "chindit", "shock_army"}
)
"""Exceptions to 15.47: armor in a breakthrough hex (16.45), airborne, commandos, marines, Chindits, shock armies."""

SHOCK_ARMIES_PER_ATTACK: Final = 3
"""At most three shock armies (nine factors) per ground attack (12.16)."""


def attack_origin_findings(attackers_by_hex: Mapping[str, Sequence[AttackerKind]]) -> tuple[Breach, ...]:
    """At most two non-exempt ground units attack out of one hex, at most three shock armies per attack (15.47,
    12.16; AUD-15-08, AUD-12-03)."""
    out: list[Breach] = []
    shock = 0
    for hex_id, kinds in sorted(attackers_by_hex.items()):
        counted = sum(1 for k in kinds if k not in ATTACK_STACKING_EXEMPT)
        shock += sum(1 for k in kinds if k == "shock_army")
        if counted > ATTACKERS_PER_HEX:
            out.append(Breach("15.47", f"{counted} ground units attack out of {hex_id} (limit {ATTACKERS_PER_HEX})"))
    if shock > SHOCK_ARMIES_PER_ATTACK:
        out.append(Breach("12.16", f"{shock} shock armies in one attack (limit {SHOCK_ARMIES_PER_ATTACK})"))
    return tuple(out)


ATTACKER_ROLE_KINDS: Final[dict[str, AttackerKind]] = {
    "airdropped": "airborne",
    "reserve_armor": "breakthrough_armor",
    "shock_army": "shock_army",
    "marine": "marine",
}
"""``attacker.role`` values that make an attacker exempt from 15.47 (or a shock army, 12.16)."""

ATTACKER_TYPE_KINDS: Final[dict[str, AttackerKind]] = {
    "airborne": "airborne",
    "commando": "commando",
    "marine": "marine",
    "snlf": "marine",
    "chindit": "chindit",
}
"""Unit types exempt from 15.47 whatever their role (SNLF count as marines)."""


def attacker_kind(role: str, unit_type: str | None) -> AttackerKind:
    """An attacker's kind for 15.47 and 12.16: by its role in the attack, else by its unit type, else ``ground``."""
    return ATTACKER_ROLE_KINDS.get(role) or (ATTACKER_TYPE_KINDS.get(unit_type) if unit_type else None) or "ground"
