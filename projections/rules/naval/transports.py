"""American pre-war transports: lend lease and cash and carry (27.7322; 27-30 extract checks N-50..N-53)."""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.vocab import FACTION_OF_POWER, Season
from projections.rules.calendar import turn_index
from projections.rules.construction import BRP_COST_PER_FACTOR, RuleBreach
from projections.rules.naval.permissions import UsTheater

# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322)
# ---------------------------------------------------------------------------------------------------------------------

US_PREWAR_TRANSPORTS_FROM: Final[tuple[int, Season]] = (1939, "fall")
"""No U.S. transports before Fall 1939 (27.7322 classic box)."""

USAT_LEND_LEASE_THRESHOLD: Final[int] = 25
"""Once USAT are over 25 the U.S. may pay one BRP per USAT level over 25 (27.7322B)."""

CASH_AND_CARRY_LOSS_THRESHOLD: Final[int] = 5
"""Britain may pay (cash and carry) only in turns after an Axis player turn in which **more than five** WA
transports were lost (27.7322A-B)."""

TRANSPORT_COST: Final[int] = BRP_COST_PER_FACTOR["transport"]

PREWAR_TRANSPORT_WARS: Final[tuple[tuple[str, str], ...]] = (("germany", "usa"), ("japan", "usa"))
"""The wars 27.7322 turns on: it applies "prior to the outbreak of war between the U.S. and Germany", and not in the
Pacific U.S. box once Japan and the U.S. are at war (27.7322C)."""

CASH_AND_CARRY_LIMIT_POWER: Final[str] = "usa"
"""Whose construction limit Britain's cash-and-carry payments count against (27.7322A: "This BRP expenditure counts
against the American, not the British, construction limit")."""


def is_cash_and_carry_loss(owner: str, unit_type: str, side: str | None) -> bool:
    """A loss that counts toward cash and carry: a Western Allied transport lost in an Axis player turn (27.7322A)."""
    return unit_type == "transport" and side == "axis" and FACTION_OF_POWER.get(owner) == "western_allies"  # type: ignore[call-overload]


def prewar_transport_shares(
    *, yard_owner: str, theater: UsTheater | None, payer: str, cost: int, germany_us_at_war: bool, japan_us_at_war: bool
) -> tuple[int, int] | None:
    """(U.S. BRPs, British BRPs) of a transport built in a U.S. box before the U.S. is at war with Germany, or
    ``None`` where 27.7322 does not apply: a yard that is not American, the U.S.-German war has begun, or a Pacific
    box once Japan and the U.S. are at war (27.7322C: rebuilt there outside these limits)."""
    if yard_owner != "usa" or germany_us_at_war:
        return None
    if theater == "pacific" and japan_us_at_war:
        return None
    return (cost, 0) if payer == "usa" else (0, cost)


def limit_charged_to(shares: tuple[int, int] | None) -> str | None:
    """The power whose construction limit a transport built in a U.S. box before the U.S.-German war counts against
    when the U.S. does not pay for it: the U.S. (27.7322A; ``shares`` as :func:`prewar_transport_shares` gives
    them). ``None``: not such a transport, or the U.S. pays (the payer's own limit, 27.7322B)."""
    return CASH_AND_CARRY_LIMIT_POWER if shares is not None and shares[1] > 0 else None


def lend_lease_max_us_brps(usat: int) -> int:
    """Most American BRPs for pre-war transports this turn: USAT - 25, at least 0 (27.7322B)."""
    return max(0, usat - USAT_LEND_LEASE_THRESHOLD)


def cash_and_carry_allowed(wa_transports_lost_last_axis_turn: int) -> bool:
    """Britain may pay for U.S.-built transports after losing more than five in the previous Axis player turn
    (27.7322A)."""
    return wa_transports_lost_last_axis_turn > CASH_AND_CARRY_LOSS_THRESHOLD


class PrewarTransportPayment(msgspec.Struct, frozen=True):
    """Who pays for pre-war U.S.-built WA transports, and what it is charged to (27.7322).

    All of it counts against the **American** construction limit (A: British payments too); the U.S. share also
    against the limit on American grants to Britain (B).
    """

    transports: int
    us_brps: int
    british_brps: int

    @property
    def us_limit_charge(self) -> int:
        return self.us_brps + self.british_brps

    @property
    def grant_limit_charge(self) -> int:
        return self.us_brps


def plan_prewar_transports(usat: int, wa_transports_lost: int, transports: int) -> PrewarTransportPayment | None:
    """The U.S. pays what lend lease allows, Britain the rest if cash and carry is open; ``None`` if the transports
    cannot be paid for this way (27.7322A-B). Britain may also choose to pay more (see
    :func:`prewar_transport_breaches`)."""
    cost = TRANSPORT_COST * transports
    us = min(cost, lend_lease_max_us_brps(usat))
    british = cost - us
    if british > 0 and not cash_and_carry_allowed(wa_transports_lost):
        return None
    return PrewarTransportPayment(transports, us, british)


def max_prewar_transports(usat: int, wa_transports_lost: int, *, british_brps: int = 0) -> int:
    """Most transports the U.S. may build pre-war this turn for the BRPs available (ignoring SB; 27.7322)."""
    brps = lend_lease_max_us_brps(usat) + (british_brps if cash_and_carry_allowed(wa_transports_lost) else 0)
    return brps // TRANSPORT_COST


def prewar_transport_breaches(
    *,
    year: int,
    season: Season,
    usat: int,
    wa_transports_lost: int,
    transports: int,
    us_brps: int,
    british_brps: int,
    us_at_war_with_germany: bool = False,
    pacific_rebuild_of_japanese_sinkings: bool = False,
) -> tuple[RuleBreach, ...]:
    """Checks N-50..N-53 for U.S. transports built before war with Germany (27.7322).

    ``pacific_rebuild_of_japanese_sinkings``: Japan-U.S. war came first and these replace transports sunk by Japan,
    built in the Pacific U.S. box: no USAT limit, outside the grant limit (27.7322C).
    """
    if us_at_war_with_germany or pacific_rebuild_of_japanese_sinkings:
        return ()
    found: list[RuleBreach] = []
    if turn_index(year, season) < turn_index(*US_PREWAR_TRANSPORTS_FROM):
        found.append(RuleBreach("27.7322", "no U.S. transports before Fall 1939", None, f"{season} {year}"))
    cost = TRANSPORT_COST * transports
    if us_brps + british_brps != cost:
        found.append(
            RuleBreach("27.7322", "payments do not add up to the transports' cost", cost, us_brps + british_brps)
        )
    if us_brps > lend_lease_max_us_brps(usat):
        found.append(RuleBreach("27.7322B", "U.S. pays more than USAT - 25", lend_lease_max_us_brps(usat), us_brps))
    if british_brps > 0 and not cash_and_carry_allowed(wa_transports_lost):
        found.append(
            RuleBreach("27.7322A", "cash and carry needs more than five WA transports lost", ">5", wa_transports_lost)
        )
    return tuple(found)
