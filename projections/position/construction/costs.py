"""What a build costs and when it is made (27.11-27.14, 27.21, 27.35, 27.81, 27.91), the construction limit (27.3),
location limits (27.47), who pays for Commonwealth units and the transports that carry U.S. BRPs (27.472-27.475)
and the naval air and CVE training rates (27.61): checks C-01..C-05, O-01..O-05, P-01, I-01, L-01..L-12 and
A-01..A-03 of the 27-30 extract.

Costs and multipliers come from :mod:`projections.rules.construction` (:func:`pricing` prices a build once for
every query that asks); the construction oil a faction committed from the oil projection (25 BRPs a counter, 5 a
fifth, 27.35A); the BRPs its builds claimed covered, the builds at 27.47 locations and the naval air built from
:mod:`projections.redeployment`; the construction limit from the BRP ledger (27.32-27.34, recomputed from the base,
losses by cause, KEAs, grants, iron ore and V-weapons). Where the log lacks an input of the limit (the BRP value of
Russian ICs while none is recorded, economic preparation in the full game: :func:`projections.brp.limit_gap`) a
recorded limit that could be right is not decided, and 27.31 falls back on the declared limit. The queries on the
limit (:func:`construction_limit`, :func:`limit_declared`) read the position after the event, whose clock names it.

Choices (27-30 extract section 7): the oil coverage of a build is its claimed ``oil_covered_brps`` (open question 3),
held to what the faction committed (27.35A, F: Germany and Italy share the European Axis amount); when it is not
recorded the oil half of the multiplier cannot be verified, and a doubling beyond the same-turn penalty is left
undecided, never a breach. The U.S. never pays oil doubling; Britain and France only once the Western Allies track
oil (27.35G): :func:`projections.rules.construction.construction_oil_tracked`.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast

from awaw_events.events import ConstructionLimitDeclared, Event, OilEffectAccepted, ShipLaidDown, UnitBuilt
from awaw_events.events.units import EliminationCause
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, NAVAL_TYPES, POWERS, Power, power_name, sentence, type_words
from projections import brp, oil, redeployment
from projections.board import Eliminated, war_between
from projections.brp.limit import facts_of
from projections.position.common import before_the_game
from projections.position.construction import Verdict, unit_words
from projections.position.core import Position, Unknown, breach
from projections.position.wars import Wars, doubt, either_way, wars_of
from projections.rules import construction as rules
from projections.rules.breach import Breach
from projections.rules.redeployment import INVERSION_RULES


def _cause_words(gone: Eliminated) -> str:
    return f"eliminated ({gone.cause.replace('_', ' ')}) in {gone.season.capitalize()} {gone.year}"


def western_allies_track_oil(pos: Position) -> bool:
    """Whether Western Allied oil is tracked (from the turn after the Fall of France, 27.35G, 33.48): a Western
    Allied reserve of the oil projection has had its tracking started."""
    return any(r.faction == "western_allies" and r.tracking != "untracked" for r in pos.state.oil.reserves.values())


# ---------------------------------------------------------------------------------------------------------------------
# Build pricing (27.11, 27.13, 27.14, 27.35B)


class Pricing(NamedTuple):
    """A build priced by the rules: the payer, its 27.11 cost (``normal``, at ``rate`` a factor), the elimination it
    is rebuilt from, whether it is a same-turn rebuild (``penalty``, 27.13A), whether the payer's construction oil is
    tracked (27.35G), the BRPs oil covers (``covered``, None when tracked and not recorded) and the cost the rules
    then give (``expected``, None with the coverage unknown)."""

    payer: str
    rate: int
    normal: int
    gone: Eliminated | None
    penalty: bool
    tracked: bool
    covered: int | None
    expected: int | None

    @property
    def uncovered(self) -> int | None:
        return None if self.covered is None else self.normal - self.covered

    @property
    def cost(self) -> int:
        """What the build costs: the price the rules give, or with the oil coverage unknown the same-turn penalty
        alone (27.13A)."""
        if self.expected is None:
            return self.normal * rules.MULTIPLIER_BY_PENALTIES[int(self.penalty)]
        return self.expected

    @property
    def multiplier(self) -> int:
        """The multiplier of the cost, 1 where oil covers part of it (27.35B: no one multiplier)."""
        cost, normal = self.cost, self.normal
        return cost // normal if normal and cost % normal == 0 else 1


def pricing(pos: Position, event: UnitBuilt) -> Pricing:
    """The pricing of a build (computed once for the position, however many queries ask)."""
    payer = event.payer or event.owner
    return pos.cached(
        _pricing, event.unit, event.unit_type, event.factors, payer, event.oil_covered_brps, game_turn(event)
    )


def _pricing(
    pos: Position, unit: str, unit_type: Any, factors: int, payer: str, claim: int | None, turn: int
) -> Pricing:
    normal = rules.unit_cost(unit_type, factors)
    gone = pos.board.eliminated.get(unit)
    cause = cast(EliminationCause, gone.cause) if gone is not None and gone.turn == turn else None
    option = rules.same_turn_rebuild(pos.meta)
    tracked = payer not in POWERS or rules.construction_oil_tracked(
        payer, western_allies_tracking=payer in ("britain", "france") and western_allies_track_oil(pos)
    )
    covered = normal if not tracked else (None if claim is None else min(claim, normal))
    expected = None
    if covered is not None:
        covered_rate = rules.cost_multiplier(cause, True, same_turn_rebuild=option)
        oil_rate = rules.cost_multiplier(cause, False, same_turn_rebuild=option)
        expected = covered * covered_rate + (normal - covered) * oil_rate
    penalty = rules.same_turn_penalty(cause, same_turn_rebuild=option)
    return Pricing(payer, rules.BRP_COST_PER_FACTOR[unit_type], normal, gone, penalty, tracked, covered, expected)


def _priced(pos: Position, event: UnitBuilt) -> Pricing | None:
    """The pricing of a build whose cost is its multiplier times 27.11's (or is partly covered by oil, which has no
    one multiplier); None for another cost, which :func:`unit_cost` judges alone."""
    p = pricing(pos, event)
    partial = p.covered is not None and 0 < p.covered < p.normal
    return p if partial or event.cost == p.normal * event.multiplier else None


def unit_cost(pos: Position, event: UnitBuilt) -> Verdict:
    """27.11: a unit costs its 27.11 BRPs per factor (times the multiplier claimed)."""
    if _priced(pos, event) is not None:
        return ()
    p = pricing(pos, event)
    expected = p.normal * event.multiplier
    times = f", x{event.multiplier} = {expected}" if event.multiplier > 1 else ""
    message = (
        f"{sentence(power_name(p.payer))} paid {event.cost} BRPs for {unit_words(event)}; 27.11 gives {p.normal} "
        f"({p.rate} per factor){times}"
    )
    return (breach("27.11", message, expected, event.cost),)


def same_turn_rebuild(pos: Position, event: UnitBuilt) -> Verdict:
    """27.13: a unit eliminated by isolation or voluntarily is rebuilt the same game turn at double cost, later at
    normal cost."""
    p = _priced(pos, event)
    if p is None:
        return ()
    if p.penalty:
        assert p.gone is not None
        if p.covered is None and event.multiplier < 2:
            message = (
                f"{event.unit} was {_cause_words(p.gone)} and is rebuilt in the same game turn: 27.13A doubles its "
                f"cost to {2 * p.normal} BRPs, not {event.cost}"
            )
            return (breach("27.13A", message, 2 * p.normal, event.cost),)
        if p.uncovered == 0 and event.cost != p.expected:
            message = (
                f"{event.unit} was {_cause_words(p.gone)} and is rebuilt in the same game turn with oil covering it: "
                f"27.13A gives double cost, {p.expected} BRPs, not {event.cost}"
            )
            return (breach("27.13A", message, p.expected, event.cost),)
        return ()
    if p.uncovered != 0 or event.cost == p.normal:
        return ()
    why = (
        f"it was {_cause_words(p.gone)}, which does not double the cost"
        if p.gone is not None
        else "it was not eliminated this game turn"
    )
    message = (
        f"{sentence(power_name(p.payer))} paid {event.cost} BRPs (x{event.multiplier}) for {event.unit}, but {why} and "
        f"oil covers it: normal cost {p.normal} (27.13A)"
    )
    return (breach("27.13A", message, p.normal, event.cost),)


def triple_cost(pos: Position, event: UnitBuilt) -> Verdict:
    """27.14: a same-turn rebuild not covered by oil costs triple (never quadruple)."""
    p = _priced(pos, event)
    if p is None or not p.penalty:
        return ()
    assert p.gone is not None
    if p.covered is None:
        reason = "a tripled rebuild without the oil coverage (oil_covered_brps) it depends on"
        return (Unknown(reason=reason),) if event.multiplier == 3 else ()
    if not p.uncovered or event.cost == p.expected:
        return ()
    message = (
        f"{event.unit} was {_cause_words(p.gone)} and is rebuilt the same game turn with {p.uncovered} of its "
        f"{p.normal} BRPs not covered by oil: 27.14 triples that part (not x4), {p.expected} BRPs in all, not "
        f"{event.cost}"
    )
    return (breach("27.14", message, p.expected, event.cost),)


def oil_doubling(pos: Position, event: UnitBuilt) -> Verdict:
    """27.35B: builds beyond the faction's oil coverage cost double (27.13B)."""
    p = _priced(pos, event)
    if p is None or p.penalty:
        return ()
    if p.covered is None:
        reason = "a doubled build without the oil coverage (oil_covered_brps) it depends on"
        return (Unknown(reason=reason),) if event.multiplier > 1 else ()
    if not p.uncovered or event.cost == p.expected:
        return ()
    message = (
        f"{p.uncovered} of the {p.normal} BRPs of {event.unit} lie beyond the oil coverage: 27.35B doubles them, "
        f"{p.expected} BRPs in all, not {event.cost}"
    )
    return (breach("27.35B", message, p.expected, event.cost),)


# ---------------------------------------------------------------------------------------------------------------------
# When and how units are built (27.11, 27.21, 27.81, 27.91)


def construction_phase(pos: Position, event: Any) -> Verdict:
    """27.11: units, ships and railheads are built in the unit construction phase (new SW units also at the end of
    research)."""
    if event.phase is None or getattr(event, "setup", False) or before_the_game(pos, event):
        return ()  # what a set-up holds was built in the game it came from
    built = isinstance(event, UnitBuilt)
    if event.phase in rules.build_phases(event.unit_type if built else None):
        return ()
    what = event.unit if built else getattr(event, "ship", None) or "a railhead"
    message = (
        f"{what} is built in the {event.phase.replace('_', ' ')} phase; construction happens in the unit "
        "construction phase (27.11, 27.91)"
    )
    return (breach("27.11", message, "unit_construction", event.phase),)


def specialized_rebuild(pos: Position, event: UnitBuilt) -> Verdict:
    """27.21: specialized units are not rebuilt in the player turn of their elimination."""
    if event.unit_type not in rules.SPECIALIZED_TYPES:
        return ()
    gone = pos.board.eliminated.get(event.unit)
    same = gone is not None and gone.turn == game_turn(event) and gone.side == event.side
    if rules.specialized_rebuild_allowed(event.unit_type, eliminated_this_player_turn=same):
        return ()
    message = (
        f"{type_words(event.unit_type)} unit {event.unit} was eliminated in this player turn and may not be rebuilt "
        "before the next (27.21)"
    )
    return (breach("27.21", message, "a later player turn", f"{event.season} {event.year} {event.side}"),)


def enters_inverted(unit_type: str, phase: str | None) -> bool | None:
    """Whether a new unit enters play inverted: air and naval units do (27.81), but the interceptors and bombers
    built at the end of research (27.91A); None for a ground unit, of which 27.81 says nothing."""
    if unit_type not in AIR_TYPES and unit_type not in NAVAL_TYPES:
        return None
    return False if rules.built_uninverted(unit_type, phase) else INVERSION_RULES["constructed_or_repaired"].inverted


def built_inverted(pos: Position, event: UnitBuilt) -> Verdict:
    """27.81: new air and naval units enter play inverted."""
    if not enters_inverted(event.unit_type, event.phase) or event.inverted:
        return ()  # 27.91A: new interceptors and bombers built after research are placed uninverted
    message = (
        f"new {type_words(event.unit_type)} unit {event.unit} is placed uninverted; constructed air and naval units "
        "enter play inverted (27.81)"
    )
    return (breach("27.81", message, "inverted", "uninverted"),)


# ---------------------------------------------------------------------------------------------------------------------
# Construction oil (27.35A-F)


def oil_coverage(pos: Position, event: UnitBuilt) -> Verdict:
    """27.35A: builds at normal cost stay within 25 BRPs per oil counter (5 per fifth) the alliance faction
    committed to construction, Germany and Italy sharing the European Axis amount."""
    claimed = event.oil_covered_brps
    if not claimed:
        return ()
    p = pricing(pos, event)
    if not p.tracked:
        return ()  # no construction oil effects for this payer (27.35G)
    faction = FACTION_OF_POWER[cast(Power, p.payer)]
    committed = oil.construction_covered_brps(pos.state.oil, faction)
    before = redeployment.oil_covered(pos.state.redeployment, game_turn(event), faction)
    covered = min(claimed, p.normal)
    if before + covered <= committed:
        return ()
    counters, fifths = divmod(oil.construction_fifths(pos.state.oil, faction), 5)
    shared = " (Germany and Italy share it, 27.35F)" if faction == "european_axis" else ""
    message = (
        f"{event.unit} claims {covered} BRPs covered by oil; {power_name(faction)} committed {counters} counter(s) "
        f"and {fifths} fifth(s) to construction this turn, covering {committed} BRPs at "
        f"{rules.OIL_COUNTER_COVERS_BRPS} a counter{shared}, {before} of them already used (27.35A-B)"
    )
    return (breach("27.35A", message, f"at most {max(0, committed - before)} covered", covered),)


def construction_oil_effect(pos: Position, event: OilEffectAccepted) -> Verdict:
    """27.35E: Britain and Russia incur the construction oil effect for resistance unless they used an oil counter
    for construction."""
    if event.service != "construction" or event.faction not in ("russia", "western_allies"):
        return ()
    fifths = oil.construction_fifths(pos.state.oil, event.faction)
    if fifths < 5:
        return ()
    powers = " and ".join(
        power_name(p) for p in sorted(rules.RESISTANCE_OIL_POWERS) if FACTION_OF_POWER[p] == event.faction
    )
    message = (
        f"{power_name(event.faction)} accepts the construction oil effect after committing {fifths // 5} oil "
        f"counter(s) to construction this turn; {powers} incur it only when no counter was used (27.35E)"
    )
    return (breach("27.35E", message, "no construction oil effect", "accepted"),)


# ---------------------------------------------------------------------------------------------------------------------
# The construction limit (27.31-27.34)


class LimitInForce(NamedTuple):
    """The construction limit a power's spending is held to this turn, and where it comes from (27.31): the ledger's
    computed limit (27.32-27.34), else the limit the power declared. ``limit`` is ``None`` when neither is known,
    with the reason."""

    limit: int | None
    source: str
    missing: str | None = None


def computed_limit(pos: Position, power: str) -> rules.LimitBreakdown | None:
    """The power's construction limit this turn as the ledger computes it (27.32-27.34), with its parts; ``None``
    without a BRP base, and in A3R games (whose limits are taken as declared)."""
    return pos.state.brp.limits.get(power) if pos.meta.rules != "a3r" else None


CLAMP_UNSURE: Final = (
    "27.34A adds grant increases 'after all reductions': whether a limit the reductions take below 0 counts from 0 "
    "or from below it is not stated (27-30 extract 1.4 [UNSURE] (b))"
)
"""Why a limit one reading of 27.34A gives and the other does not is not judged."""


def clamped_limit(pos: Position, power: str) -> int | None:
    """The power's limit under the other reading of 27.34A: a limit the reductions take below 0 is 0 when the grant
    (and other) increases are added to it, or ``None`` where the two readings agree (no increases, or the reductions
    leave the basic limit at 0 or more). :func:`computed_limit` is the ledger's reading (the increases added to the
    negative figure)."""
    computed = computed_limit(pos, power)
    if computed is None or not computed.increases or computed.basic >= computed.reductions:
        return None
    ledger = pos.state.brp
    base = ledger.base.get(power)
    if base is None:
        return None
    data = brp.limit_input(ledger, cast(Power, power), base, pos.meta)
    other = rules.construction_limit(data, negative_limit="clamp_before_increases").limit
    return other if other != computed.limit else None


def limit_in_force(pos: Position, power: str) -> LimitInForce:
    """The limit 27.31 holds ``power`` to, from the ledger (computed in AWAW games when the log records every input;
    otherwise the declared one); where the two readings of 27.34A differ (:func:`clamped_limit`), the higher, so
    that no spending either reading allows is called over the limit."""
    ledger = pos.state.brp
    computed = computed_limit(pos, power)
    gap = brp.limit_gap(ledger, power, pos.meta) if computed is not None else None
    declared = ledger.declared.get(power)
    if computed is not None and gap is None:
        other = clamped_limit(pos, power)
        if other is not None and other > computed.limit:
            return LimitInForce(other, "27.32-27.34 give (reading 27.34A's increases as added to a limit of 0)")
        return LimitInForce(computed.limit, "27.32-27.34 give")
    if declared is not None:
        return LimitInForce(declared.limit, "it declared")
    if computed is not None:
        return LimitInForce(None, "", f"no construction limit declared, and the log does not record {gap}")
    return LimitInForce(None, "", "neither a construction limit nor a BRP base is recorded for the power")


class Spending(NamedTuple):
    """An event's spending counted against a power's construction limit (27.31), as the ledger counted it: the
    payer's, or the U.S.'s for Britain's cash-and-carry transports (27.7322A). ``doubt``: of ``after``, the BRPs whose
    charge to this limit turns on a war of factions."""

    power: str
    amount: int
    before: int
    after: int
    doubt: int = 0


def limit_spending(pos: Position) -> Spending | None:
    """What the event the position comes after spent against a construction limit (its payer's, or the one the
    rules name), and that power's construction spending this turn before and after it, or ``None``."""
    line = brp.expenditure_at(pos.state.brp, pos.state.clock.seq)
    if line is None or not line.limit:
        return None
    power = line.limit_power or line.power
    after = brp.construction_spent(pos.state.brp, power)
    return Spending(power, -line.amount, after + line.amount, after, brp.construction_in_doubt(pos.state.brp, power))


def limit_declared(pos: Position, event: ConstructionLimitDeclared) -> Verdict:
    """27.32: the declared construction limit is the one 27.32-27.34 give from the recorded base, losses and
    grants."""
    if pos.meta.rules == "a3r":
        return ()
    ledger = pos.state.brp
    limit = computed_limit(pos, event.power)
    if limit is None:
        return (Unknown(reason="no BRP base recorded for the power (brps_set)"),)
    if event.limit == limit.limit:
        return ()
    if event.limit == clamped_limit(pos, event.power):
        return (Unknown(reason=CLAMP_UNSURE),)
    gap = brp.limit_gap(ledger, event.power, pos.meta)
    # Russian ICs only raise the limit; econ prep may move it either way
    if gap is not None and (event.power != "russia" or event.limit > limit.limit):
        return (Unknown(reason=f"the log does not record {gap}"),)
    base = "base" if limit.adj_base == ledger.base.get(event.power) else "adjusted base"
    parts = [f"{base} {limit.adj_base} / 3 = {limit.basic}"]
    if limit.reductions:
        parts.append(f"- {limit.reductions} (losses, grants given, iron ore)")
    if limit.increases:
        parts.append(f"+ {limit.increases} (grants received, V-weapons)")
    message = (
        f"{sentence(power_name(event.power))} declares a construction limit of {event.limit}; 27.32-27.34 give "
        f"{limit.limit} ({' '.join(parts)})"
    )
    return (breach("27.32", message, limit.limit, event.limit),)


def construction_limit(pos: Position, event: Event) -> Verdict:
    """27.31: construction BRPs spent by a power in a turn stay within its construction limit."""
    spending = limit_spending(pos)
    if spending is None:
        return ()
    power, _, before, after, doubt = spending
    limit, source, missing = limit_in_force(pos, power)
    if limit is None:
        return (Unknown(reason=cast(str, missing)),)
    if not before <= limit < after:
        return ()
    if after - doubt <= limit:
        reason = (
            f"not checked: {doubt} of the {after} BRPs counted this turn against the construction limit of "
            f"{power_name(power)} are British cash-and-carry transports, charged to it only before the U.S.-German "
            "war (27.7322A): the record's war is one of a faction or side, which may or may not be that war"
        )
        return (Unknown(reason=reason, kind="war of factions"),)
    message = (
        f"{sentence(power_name(power))} has now spent {after} BRPs on construction this turn; the construction limit "
        f"{source} is {limit} (27.31)"
    )
    return (breach("27.31", message, f"<= {limit}", after),)


# ---------------------------------------------------------------------------------------------------------------------
# Location limits (27.47)


def location_of_build(
    pos: Position, owner: str, nationality: str, location: str
) -> rules.ConstructionLocation | Unknown | None:
    """Which 27.47 location limit a build counts against: Australian and Indian units by nationality (27.473B,
    27.474B); Russian units in Siberia and Japanese units in Korea or Manchuria by the map data's country of the hex
    (27.476, 27.471); ``None`` for none; :class:`Unknown` when the map data does not place a Pacific hex."""
    country = rules.country_of(nationality)
    if country in ("australia", "india"):
        return cast(rules.ConstructionLocation, country)
    if owner not in ("russia", "japan") or not location.startswith("PAC:"):
        return None  # Siberia, Korea and Manchuria are on the Pacific map
    facts = pos.hex(location)
    places = {p for p in (facts.country, facts.area) if p} if facts is not None else set()
    if not places:
        return pos.missing_hex(location, "country")
    if owner == "russia" and "siberia" in places:
        return "siberia"
    if owner == "japan" and places & {"korea", "manchuria"}:
        return "korea_manchuria"
    return None


def _location_build(unit_type: Any, factors: int, cost: int) -> rules.LocationBuild:
    return rules.LocationBuild(unit_type, factors, cost, rules.unit_cost(unit_type, factors))


def _box_reduction(pos: Position, where: rules.ConstructionLocation) -> int:
    """This turn's reduction of the Australian or Indian limit from losses at its box (27.331B/D, 27.333)."""
    if where not in ("australia", "india"):
        return 0
    found = facts_of(pos.state.brp, "britain").boxes.get(where)
    if found is None:
        return 0
    losses = rules.BoxLosses(box=where, bombing=found.bombing, rockets=found.rockets, adjacency=found.adjacency)
    return rules.box_limit_reduction(losses)


def location_limits(pos: Position, event: UnitBuilt) -> Verdict:
    """27.47: construction outside home countries stays within its location limits: Australia 9 BRPs, 3 infantry
    factors and 1 AAF; India 3 BRPs (the Chindit aside); Siberia 6 BRPs of ground and air units; Korea and Manchuria
    3 infantry factors, infantry only."""
    where = location_of_build(pos, event.owner, event.nationality, event.location)
    if where is None or isinstance(where, Unknown):
        return () if where is None else (where,)
    same = [
        _location_build(b.unit_type, b.factors, b.cost)
        for b in redeployment.builds_this_turn(pos.state.redeployment, game_turn(event))
        if location_of_build(pos, b.owner, b.nationality, b.location) == where
    ]
    reduction = _box_reduction(pos, where)
    before = {(b.message, b.allowed) for b in rules.location_limit_breaches(where, same, box_reduction=reduction)}
    this = _location_build(event.unit_type, event.factors, event.cost)
    return [
        breach(
            b.rule,
            f"{event.unit} ({unit_words(event)}): {b.message} this turn ({b.rule})",
            f"at most {b.allowed}" if b.allowed is not None else "not built there",
            str(b.actual),
        )
        for b in rules.location_limit_breaches(where, [*same, this], box_reduction=reduction)
        if (b.message, b.allowed) not in before
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Commonwealth construction: payers and transports (27.472-27.475)


def minor_payer(pos: Position, event: UnitBuilt) -> Verdict:
    """27.472: South African, Australian, Indian and Canadian units are paid by Britain or the U.S., the U.S. paying
    for Australia and India only once it is at war with Japan or Britain has surrendered."""
    country = rules.country_of(event.nationality)
    payer = event.payer or event.owner
    board = pos.board

    def judge(wars: Wars) -> list[Breach]:
        found = rules.minor_payer_breaches(
            country,
            payer,
            us_japan_war=wars[("usa", "japan")],
            britain_surrendered=board.statuses.get("britain") == "surrendered",
        )
        return [
            breach(
                b.rule,
                f"{sentence(power_name(payer))} pays for {event.unit}, a {country.replace('_', ' ')} unit: "
                f"{b.message} ({b.rule})",
                str(b.allowed),
                payer,
            )
            for b in found
        ]

    return either_way(wars_of(board, ("usa", "japan")), "27.472", judge)


TRANSPORT_ROUNDING: Final = (
    "whether the transports for a remainder of U.S. BRPs below five round up is not stated (27.472B-27.474C: 'for "
    "every five'; extract open question 15)"
)


def minor_transports(pos: Position, event: UnitBuilt) -> Verdict:
    """27.472B: one Atlantic transport per 5 U.S. BRPs spent on South African units, one Pacific transport per 5 on
    Australian or Indian units, in the turn."""
    country = rules.country_of(event.nationality)
    box = rules.MINOR_TRANSPORT_BOX.get(country)
    if event.payer != "usa" or box is None:
        return ()
    brps, transports = redeployment.minor_brps(pos.state.redeployment, game_turn(event), country)
    if not event.transports and not transports:
        return (Unknown(reason="the transports used for U.S.-paid Commonwealth construction are not recorded"),)
    used = transports + event.transports.get(box, 0)
    needed = rules.transports_for(brps + event.cost)
    if used >= needed or rules.transports_for(brps) > transports:
        return ()
    if used >= (brps + event.cost) // rules.BRPS_PER_TRANSPORT:
        # "one ... transport for every five American BRPs": a remainder of 1-4 BRPs needs one more only if the
        # count rounds up, which 27.472B-27.474C do not say (28.76 does, for its own case; extract open question 15)
        return (Unknown(reason=TRANSPORT_ROUNDING),)
    message = (
        f"the U.S. has now paid {brps + event.cost} BRPs for {country.replace('_', ' ')} units this turn: one {box} "
        f"transport per 5 BRPs, rounded up, is {needed}; {used} recorded (27.472B-27.474C)"
    )
    return (breach("27.472B", message, f"at least {needed} {box} transports", used),)


# ---------------------------------------------------------------------------------------------------------------------
# Naval air and CVE training rates (27.23, 27.61)

RAISED_RATES = "naval air training rates raised by production RPs (42.23D) are not recorded"


def naval_air_rate(pos: Position, event: UnitBuilt) -> Verdict:
    """27.61: naval air factors built per turn stay within the training rate they are built on (Australian naval
    air: Britain's until the U.S. is at war with Japan, then the U.S.'s)."""
    if event.unit_type != "nas":
        return ()
    power = event.owner
    if rules.australian_naval_air(event.nationality):
        rate = event.naval_air_rate
        if rate is None:
            return (Unknown(reason="whose training rate an Australian naval air unit is built on (naval_air_rate)"),)
        if rate == "australia":
            return (
                Unknown(reason="Australian naval air on Australia's own training rate, which the rules do not give"),
            )
        power = rate
        war = war_between(pos.board, "usa", "japan")
        sources = rules.australian_nas_rate_sources(us_at_war_with_japan=bool(war))
        if war is None and power not in sources & rules.australian_nas_rate_sources(us_at_war_with_japan=True):
            return (doubt("27.61B", "whether the U.S. is at war with Japan"),)
        if power not in sources:
            message = (
                f"Australian naval air unit {event.unit} is built on {power_name(power)}'s training rate; 27.61B "
                f"allows {' or '.join(power_name(s) for s in sorted(sources))} now"
            )
            return (breach("27.61B", message, " or ".join(sorted(sources)), power),)
    tallies = pos.state.redeployment
    before = redeployment.naval_air_built(tallies, game_turn(event), power)
    after = before + event.factors
    found = rules.naval_air_breaches(power, after)
    if not found or rules.naval_air_breaches(power, before):
        return ()
    message = f"{after} naval air factors are now built on {power_name(power)}'s training rate this turn; the rate "
    return _over_rate(
        pos, power, breach("27.61", f"{message}is {found[0].allowed} (27.61)", f"<= {found[0].allowed}", after)
    )


def _over_rate(pos: Position, power: str, found: Breach) -> Verdict:
    """A training rate exceeded, unless research may have raised the power's rates (not recorded: not decided)."""
    return (Unknown(reason=RAISED_RATES),) if power in pos.state.redeployment.naval_air_research else (found,)


def cve_rate(pos: Position, event: ShipLaidDown) -> Verdict:
    """27.61A: CVEs laid down per turn stay within the naval air training rate (American CVEs the U.S. rate, British
    CVEs the British rate), without using it up."""
    if event.unit_type != "cve" or event.setup:
        return ()
    tallies, power = pos.state.redeployment, event.owner
    after = redeployment.cves_laid_down(tallies, game_turn(event), power) + 1
    rate = rules.NAVAL_AIR_TRAINING_RATE[power]
    if not rules.cve_breaches(power, after, rate) or after - 1 > rate:
        return ()
    message = (
        f"{sentence(power_name(power))} has laid down {after} CVEs this turn; CVEs are limited by its naval air "
        f"training rate, {rate} (27.61A)"
    )
    return _over_rate(pos, power, breach("27.61A", message, f"<= {rate}", after))
