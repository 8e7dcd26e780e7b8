"""``awaw oil-produce`` and ``awaw oil-spend``: oil produced at a source into a reserve (33.2, 33.41, 33.4521) and
oil spent from a reserve for a purpose (33.5-33.8), in fifths of an oil counter.

What a purpose costs is the rules' (:func:`projections.rules.oil.oil_cost_fifths`: a full counter for the general
air, naval and army offsets, 33.61A-C; one fifth per 5 BRPs of construction at normal cost or of BRP growth, 33.82C-D;
by factors or ships for strategic air, heavy ships and submarines, 33.82A-B); the player names the quantity. The
amount produced is the player's, judged by the position's production queries. Each decided event is asked the
position's oil queries (the ones the oil family of the audit asks of a recorded one) and refused at the first breach.

The oil above a reserve's maximum at the end of a player turn is eliminated by ``awaw end-phase`` (33.422).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast, get_args

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, OilExpended, OilProduced
from awaw_events.events.oil import OilPurpose
from awaw_events.vocab import FACTION_OF_POWER
from projections.position import Position
from projections.position.oil import consumption, ledger, production, reserves
from projections.rules import oil as rules
from replays.commands.base import COMMAND, Query, Refusal, judged_in_turn, now

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    OilProduced: (
        production.oil_output,
        production.market_oil,
        production.oil_source_access,
        reserves.no_captured_oil,
    ),
    OilExpended: (
        ledger.oil_timing,
        ledger.oil_cost,
        ledger.oil_available,
        consumption.offset_per_domain,
        consumption.paid_units,
        consumption.uninversion_oil,
        consumption.construction_oil_source,
        consumption.resistance_oil,
        consumption.no_chinese_oil,
        ledger.japanese_dei_oil,
        reserves.no_captured_oil,
        reserves.wa_europe_usable,
        reserves.stale_oil,
    ),
}
"""The position's oil queries on production and expenditure (the oil family of the audit asks them)."""


class Produce(NamedTuple):
    """``faction`` produces ``amount`` fifths at ``source`` (an oil center, a plant, ``international_market``) into
    ``reserve`` (default: the faction's one reserve); ``hex``: the source's hex."""

    faction: str
    source: str
    amount: int
    reserve: str | None = None
    hex: str | None = None


class Spend(NamedTuple):
    """``faction`` spends oil from ``reserve`` (default: its one reserve) for ``purpose``; ``quantity``: what it pays
    for in the purpose's unit (BRPs of construction or growth, air or submarine factors, ships); ``pays_for``: the
    units, operations or builds it offsets; ``domain`` (default: the reserve) and ``nationality`` (default: the
    faction's one major power) for the offsets bought once per domain and nationality (33.55)."""

    faction: str
    purpose: str
    quantity: int = 0
    reserve: str | None = None
    domain: str | None = None
    nationality: str | None = None
    pays_for: tuple[str, ...] = ()


def _reserve(pos: Position, faction: str, named: str | None) -> str | Refusal:
    held = sorted(r for r, spec in pos.state.oil.reserves.items() if spec.faction == faction)
    if named is not None and named in held:
        return named
    if named is None and len(held) == 1:
        return held[0]
    what = f"{named!r} is no oil reserve of {faction}" if named is not None else "name the reserve (--reserve)"
    return Refusal(COMMAND, f"{what}: the log defines for {faction} {', '.join(held) or 'no reserve'}")


def decide_produce(pos: Position, command: Produce) -> list[AnyEvent] | Refusal:
    """The oil produced, or why the rules refuse it."""
    reserve = _reserve(pos, command.faction, command.reserve)
    if isinstance(reserve, Refusal):
        return reserve
    if command.amount < 1:
        return Refusal(COMMAND, f"oil is produced in whole fifths, at least 1, not {command.amount}")
    fields: dict[str, Any] = {"type": "oil_produced", **now(pos.state), "actor": _actor(command.faction),
                              "faction": command.faction, "source": command.source, "amount": command.amount,
                              "reserve": reserve}  # fmt: skip
    if command.hex is not None:
        fields["hex"] = command.hex
    return judged_in_turn(pos, [parse_event(fields, where="the oil produced")], JUDGES)


def decide_spend_oil(pos: Position, command: Spend) -> list[AnyEvent] | Refusal:
    """The oil spent, at the rules' cost for the purpose and quantity, or why the rules refuse it."""
    purposes = get_args(OilPurpose)
    if command.purpose not in purposes:
        return Refusal(COMMAND, f"{command.purpose!r} is no oil purpose (known: {', '.join(purposes)})")
    purpose = cast(OilPurpose, command.purpose)
    reserve = _reserve(pos, command.faction, command.reserve)
    if isinstance(reserve, Refusal):
        return reserve
    if command.quantity < 0:
        return Refusal(COMMAND, f"the quantity paid for is a whole number, not {command.quantity}")
    unit = rules.OIL_PURPOSES[purpose].unit if purpose in rules.OIL_PURPOSES else "none"
    if unit not in ("none", "modifier_steps") and command.quantity == 0:
        return Refusal(COMMAND, f"{purpose} is paid by its quantity ({unit.replace('_', ' ')}): give it")
    amount = rules.oil_cost_fifths(purpose, command.quantity) if purpose in rules.OIL_PURPOSES else 0
    nationality = command.nationality or _actor(command.faction)
    fields: dict[str, Any] = {"type": "oil_expended", **now(pos.state), "actor": _actor(command.faction),
                              "faction": command.faction, "reserve": reserve, "purpose": purpose, "amount": amount,
                              "domain": command.domain or reserve}  # fmt: skip
    if nationality != "system":
        fields["nationality"] = nationality
    if unit not in ("none", "modifier_steps") and command.quantity:
        fields["detail"] = {unit: command.quantity}  # what the quantity counts: brps, air_factors, ships ...
    if command.pays_for:
        fields["pays_for"] = list(command.pays_for)
    return judged_in_turn(pos, [parse_event(fields, where="the oil spent")], JUDGES)


def _actor(faction: str) -> str:
    """The major power that acts for a faction of one power (Japan, Russia, China ...), else the system."""
    powers = [p for p, f in FACTION_OF_POWER.items() if f == faction]
    return powers[0] if len(powers) == 1 else "system"


__all__ = ["JUDGES", "Produce", "Spend", "decide_produce", "decide_spend_oil"]
