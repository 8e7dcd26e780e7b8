"""Which combat rules a game plays, and the readings of ambiguous texts it chose (options of
:mod:`awaw_events.options`).

AWAW games use rule 15 (``table="awaw"``); A3R games use the house App. C-1 (``table="a3r_house"``) when ``combat.crt``
is ``awaw_15_house`` (the package value and the default). With ``combat.crt = a3r`` the standard A3R CRT applies,
which the extracts do not contain: :func:`crt_table` gives ``None`` and nothing about such an attack is computed.

The readings (each documented beside the rule it reads): ``combat.crt_above_6`` (15.6, 15.75,
:data:`~projections.rules.combat.results.AboveSix`), ``combat.fort_conversion`` (15.55,
:data:`~projections.rules.combat.results.FortConversion`), ``combat.d_base`` (what a "d" halves, by table,
:data:`~projections.rules.combat.losses.DBase`), ``combat.mixed_rounds`` (house mixed-nationality attacks,
:data:`~projections.rules.combat.rounds.MixedRounds`), ``combat.exploit_order`` (16.31D,
:data:`~projections.rules.combat.exploitation.ExploitOrder`), ``air.airdrop`` (the house airdrop minimum) and
``combat.joint_attacks`` (who attacks together, 15.551, :data:`JointAttacks`). A value the option does not take reads
as the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, cast

from awaw_events.options import A3R_OPTIONS, INTERPRETATION_OPTIONS
from awaw_events.vocab import Theater
from projections.rules.combat.exploitation import ExploitOrder
from projections.rules.combat.losses import D_BASE_DEFAULT, DBase
from projections.rules.combat.odds import CrtTable
from projections.rules.combat.results import AboveSix, FortConversion
from projections.rules.combat.rounds import MixedRounds

CRT_OPTION: Final = "combat.crt"
HOUSE_CRT: Final = "awaw_15_house"
"""The A3R option value that plays combat by the house App. C-1 (A3R extract 1.2)."""

PACIFIC_MAP_PREFIX: Final = "PAC:"
"""Hexes of the Pacific mapboard (``PAC:DD11``); every other hex is on the European map."""


def crt_table(rules: str, options: Mapping[str, str]) -> CrtTable | None:
    """AWAW rule 15, the house App. C-1, or ``None`` for the standard A3R CRT (not in our sources)."""
    if rules == "awaw":
        return "awaw"
    if rules == "a3r" and options.get(CRT_OPTION, HOUSE_CRT) == HOUSE_CRT:
        return "a3r_house"
    return None


def _reading(options: Mapping[str, str], name: str, default: str) -> str:
    declared = INTERPRETATION_OPTIONS.get(name) or A3R_OPTIONS[name]
    value = options.get(name, default)
    return value if value in declared.values else default


def fort_conversion(options: Mapping[str, str]) -> FortConversion:
    """How 15.55 treats Ex-2 and D (``combat.fort_conversion``; default ``mandatory``)."""
    return cast(FortConversion, _reading(options, "combat.fort_conversion", "mandatory"))


def crt_above_6(options: Mapping[str, str]) -> AboveSix:
    """How a modified combat die above 6 is read (``combat.crt_above_6``; default ``read_as_6``, 15.6, 15.75)."""
    return cast(AboveSix, _reading(options, "combat.crt_above_6", "read_as_6"))


def d_base(options: Mapping[str, str], table: CrtTable) -> DBase:
    """What a "d" halves (``combat.d_base``; default by table, :data:`D_BASE_DEFAULT`)."""
    return cast(DBase, _reading(options, "combat.d_base", D_BASE_DEFAULT[table]))


def mixed_rounds(options: Mapping[str, str]) -> MixedRounds:
    """House attacks by several nationalities (``combat.mixed_rounds``; default ``all_must_qualify``)."""
    return cast(MixedRounds, _reading(options, "combat.mixed_rounds", "all_must_qualify"))


def exploit_order(options: Mapping[str, str]) -> ExploitOrder:
    """The order of the CTL-1 halving and the 16.31D -1 (``combat.exploit_order``; default ``halve_then_terrain``)."""
    return cast(ExploitOrder, _reading(options, "combat.exploit_order", "halve_then_terrain"))


def airdrop_rule(options: Mapping[str, str]) -> Literal["awaw_style", "a3r"]:
    """The house airdrop rule (``air.airdrop``; default ``awaw_style``, with the 1:1 minimum of 10.55C)."""
    return cast(Literal["awaw_style", "a3r"], _reading(options, "air.airdrop", "awaw_style"))


JointAttacks = Literal["faction", "side"]
"""Who may attack together (15.551, 15.46): the powers of one alliance faction (``faction``, the default: 15.551's
Suez example is a joint German-Italian attack, and 15.46 counts attacks by two factions on one hex as two attacks),
or any powers of one side (``side``: the Western Allies and Russia in one attack)."""


def joint_attacks(options: Mapping[str, str]) -> JointAttacks:
    """Who may attack together (``combat.joint_attacks``; default ``faction``, 15.551)."""
    return cast(JointAttacks, _reading(options, "combat.joint_attacks", "faction"))


def theater_of(hex_id: str) -> Theater:
    """The theater of a hex: the Pacific for the Pacific mapboard, else Europe (16.31D, 10.12)."""
    return "pacific" if hex_id.startswith(PACIFIC_MAP_PREFIX) else "europe"
