"""Redeployment (rule 28), the mechanical parts: segment order, SR caps, railheads, inversion after redeployment.

Sources: 27-30 extract 1.20, 1.21, 2.8 (R-01, R-02, R-09, R-20, R-26), 2.9 (RH-01..RH-04), 4.8, 6.5; seed text
28.13, 28.31, 28.62, 28.65, 28.8, 27.82; A3R extract 2.10, 2.5 and 6.4 for the A3R house variant (flak counted
per factor in SR caps, railheads without RPs). Map geometry (paths, adjacency, ranges) is out of scope here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal, NamedTuple

import msgspec

from awaw_events.options import RAILHEADS
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, GROUND_TYPES, Faction, Power, RuleSet, UnitType
from projections.core import Meta
from projections.rules.construction import BRP_COST_PER_COUNTER, RuleBreach

# ---------------------------------------------------------------------------------------------------------------------
# Segments (28.13, 28.31)
# ---------------------------------------------------------------------------------------------------------------------

RedeploymentKind = Literal["TR", "SR", "NR"]
"""The three types of redeployment (28.12)."""

Segment = Literal["TR1", "SR_pre_NR", "NR", "SR", "TR2"]
"""Redeployment phase segments A-E (28.13; names of 27-30 extract 3.0)."""

SEGMENTS: Final[tuple[Segment, ...]] = ("TR1", "SR_pre_NR", "NR", "SR", "TR2")
"""Segment order: A TRs; B SRs only by units about to NR; C NRs; D SRs; E TRs only by units that NRed or SRed
(28.13, 28.311-28.315; A3R extract 2.10)."""

SEGMENT_KIND: Final[Mapping[Segment, RedeploymentKind]] = {
    "TR1": "TR",
    "SR_pre_NR": "SR",
    "NR": "NR",
    "SR": "SR",
    "TR2": "TR",
}
"""What kind of redeployment each segment carries (28.13)."""

_SEGMENT_RANK: Final[Mapping[Segment, int]] = {s: i for i, s in enumerate(SEGMENTS)}


def segment_order_breaches(segments: Iterable[Segment]) -> tuple[RuleBreach, ...]:
    """Redeployments of one phase, in log order, never go back to an earlier segment (28.13, 28.31; check R-01)."""
    found: list[RuleBreach] = []
    last: Segment | None = None
    for seg in segments:
        if last is not None and _SEGMENT_RANK[seg] < _SEGMENT_RANK[last]:
            found.append(RuleBreach("28.13", "redeployment segment out of order", f"after {last}", seg))
        else:
            last = seg
    return tuple(found)


def segment_eligibility_breaches(
    segment: Segment, kind: RedeploymentKind, *, nrs_this_phase: bool = False, nred_or_sred_this_phase: bool = False
) -> tuple[RuleBreach, ...]:
    """One redeployment's segment: the kind fits the segment (28.13); SRs in segment B only by units that then NR
    (``nrs_this_phase``, 28.312); TRs in segment E only by units that NRed or SRed earlier in the phase (28.315)."""
    found: list[RuleBreach] = []
    if SEGMENT_KIND[segment] != kind:
        found.append(RuleBreach("28.13", f"a {kind} in the {segment} segment", SEGMENT_KIND[segment], kind))
    if segment == "SR_pre_NR" and not nrs_this_phase:
        found.append(RuleBreach("28.312", "SRs before NRs only by units that then NR", None, None))
    if segment == "TR2" and not nred_or_sred_this_phase:
        found.append(RuleBreach("28.315", "final TRs only by units that NRed or SRed this phase", None, None))
    return tuple(found)


def may_defend_nr(*, nred_or_committed_to_nr: bool, sred_before_nr: bool = False) -> bool:
    """Air and naval units that NRed or are committed to NR, and air units SRed before NR, may not defend the NRs of
    other units in the same redeployment phase (28.313; check R-09)."""
    return not (nred_or_committed_to_nr or sred_before_nr)


# ---------------------------------------------------------------------------------------------------------------------
# SR caps per objective (28.62C; A3R 28.62D)
# ---------------------------------------------------------------------------------------------------------------------

SR_GROUND_UNITS_PER_OBJECTIVE: Final[int] = 2
"""Ground units that may SR into, and separately out of, each objective per turn (28.62C; A3R 28.62D)."""

SR_AIR_FACTORS_PER_OBJECTIVE: Final[int] = 5
"""Air factors that may SR into, and separately out of, each objective per turn (28.62C; A3R 28.62D)."""

FLAK_FACTORS_PER_SR_UNIT: Final[Mapping[RuleSet, int]] = {"awaw": 3, "a3r": 1}
"""Flak factors that count as one ground unit for SR caps: AWAW, each flak unit of up to three factors (28.62C);
A3R house rules, each flak factor (A3R extract 2.10, 6.4)."""

ETHIOPIA_SR_UNITS_PER_TURN: Final[int] = 1
"""SR to and from Ethiopia: one unit per turn (28.753E, 88.422C); other mapboard boxes have no cap of their own."""

SrEnd = Literal["objective", "box", "ethiopia"]


class SrMove(msgspec.Struct, frozen=True):
    """One strategic redeployment: the unit, and the two ends (objective names or box ids)."""

    unit_type: UnitType
    factors: int
    origin: str
    destination: str
    origin_kind: SrEnd = "objective"
    destination_kind: SrEnd = "objective"
    air_transport_factors: int = 0
    """Air transport factors used to SR a ground unit: they count against the air-factor caps too (28.36E)."""


def sr_ground_units(unit_type: UnitType, factors: int, *, ruleset: RuleSet = "awaw") -> int:
    """Ground units a counter counts as for SR caps: 1, flak by :data:`FLAK_FACTORS_PER_SR_UNIT` (28.62C)."""
    if unit_type == "flak":
        per = FLAK_FACTORS_PER_SR_UNIT[ruleset]
        return -(-factors // per)
    return 1 if unit_type in GROUND_TYPES else 0


def sr_air_factors(move: SrMove) -> int:
    """Air factors a move counts for SR caps: the unit's own if it is air, plus air transport factors (28.36E)."""
    own = move.factors if move.unit_type in AIR_TYPES else 0
    return own + move.air_transport_factors


SrEndKind = Literal["objective", "box", "ethiopia", "other"]


def sr_end_kind(location: str) -> SrEndKind:
    """What one end of an SR is for the caps: a map hex (an objective, capped by 28.62C), Ethiopia's box (28.753E),
    another mapboard box (no cap of its own) or something else (an SW box)."""
    if location == "box:ethiopia":
        return "ethiopia"
    if location.startswith("box:"):
        return "box"
    if location.startswith(("EUR:", "PAC:")):
        return "objective"
    return "other"


SrCapKind = Literal["ground", "air", "units"]
SrDirection = Literal["in", "out"]

SR_CAPS: Final[Mapping[SrCapKind, int]] = {
    "ground": SR_GROUND_UNITS_PER_OBJECTIVE,
    "air": SR_AIR_FACTORS_PER_OBJECTIVE,
    "units": ETHIOPIA_SR_UNITS_PER_TURN,
}
"""The per-turn SR caps (28.62C): per objective and direction 2 ground units, 5 air factors; Ethiopia, one unit a
turn by SR (``units``: 28.62C's exception, 28.753E). Whether Ethiopia's one unit counts SRs to and from it together
(as :func:`sr_cap_breaches` reads it) or each way is not in the texts (88.422C is not): its tallies keep the two
directions apart, so that the audit can tell the case both readings forbid from the one only the first does."""


class SrTally(NamedTuple):
    """What one SR adds to an objective's count for the turn (28.62C): ground units or air factors, in or out."""

    what: SrCapKind
    direction: SrDirection
    end: str
    amount: int


def sr_tallies(
    unit_type: UnitType,
    factors: int,
    origin: str,
    destination: str,
    *,
    ruleset: RuleSet = "awaw",
    air_transport_factors: int = 0,
) -> tuple[SrTally, ...]:
    """What an SR from ``origin`` to ``destination`` adds to the 28.62C counts of the objectives at its ends:
    the destination's ``in`` counts, then the origin's ``out`` counts (ground units, then air factors; an air
    transport's factors count as air factors too, 28.36E); an end in Ethiopia's box adds one unit to Ethiopia's
    count (28.753E); other mapboard boxes count nothing (28.62C)."""
    ground = sr_ground_units(unit_type, factors, ruleset=ruleset)
    move = SrMove(
        unit_type=unit_type,
        factors=factors,
        origin=origin,
        destination=destination,
        air_transport_factors=air_transport_factors,
    )
    air = sr_air_factors(move)
    found: list[SrTally] = []
    for end, direction in ((destination, "in"), (origin, "out")):
        kind = sr_end_kind(end)
        if kind == "ethiopia":
            found.append(SrTally("units", direction, end, 1))  # type: ignore[arg-type]
            continue
        if kind != "objective":
            continue
        if ground:
            found.append(SrTally("ground", direction, end, ground))  # type: ignore[arg-type]
        if air:
            found.append(SrTally("air", direction, end, air))  # type: ignore[arg-type]
    return tuple(found)


def sr_cap_breaches(moves: Sequence[SrMove], *, ruleset: RuleSet = "awaw") -> tuple[RuleBreach, ...]:
    """One turn's SRs of an alliance faction vs the caps: per objective <= 2 ground units and <= 5 air factors in,
    and separately out; boxes unlimited except Ethiopia (1 unit); origin != destination (28.62A, 28.62C)."""
    found: list[RuleBreach] = []
    ground_in: Counter[str] = Counter()
    ground_out: Counter[str] = Counter()
    air_in: Counter[str] = Counter()
    air_out: Counter[str] = Counter()
    ethiopia: Counter[str] = Counter()
    for m in moves:
        if m.origin == m.destination:
            found.append(RuleBreach("28.62A", "SR origin and destination must differ", None, m.origin))
        g = sr_ground_units(m.unit_type, m.factors, ruleset=ruleset)
        a = sr_air_factors(m)
        if m.destination_kind == "objective":
            ground_in[m.destination] += g
            air_in[m.destination] += a
        if m.origin_kind == "objective":
            ground_out[m.origin] += g
            air_out[m.origin] += a
        for end, kind in ((m.origin, m.origin_kind), (m.destination, m.destination_kind)):
            if kind == "ethiopia":
                ethiopia[end] += 1
    for where, n in sorted(ground_in.items()):
        if n > SR_GROUND_UNITS_PER_OBJECTIVE:
            found.append(
                RuleBreach("28.62C", f"too many ground units SRed into {where}", SR_GROUND_UNITS_PER_OBJECTIVE, n)
            )
    for where, n in sorted(ground_out.items()):
        if n > SR_GROUND_UNITS_PER_OBJECTIVE:
            found.append(
                RuleBreach("28.62C", f"too many ground units SRed out of {where}", SR_GROUND_UNITS_PER_OBJECTIVE, n)
            )
    for where, n in sorted(air_in.items()):
        if n > SR_AIR_FACTORS_PER_OBJECTIVE:
            found.append(
                RuleBreach("28.62C", f"too many air factors SRed into {where}", SR_AIR_FACTORS_PER_OBJECTIVE, n)
            )
    for where, n in sorted(air_out.items()):
        if n > SR_AIR_FACTORS_PER_OBJECTIVE:
            found.append(
                RuleBreach("28.62C", f"too many air factors SRed out of {where}", SR_AIR_FACTORS_PER_OBJECTIVE, n)
            )
    for where, n in sorted(ethiopia.items()):
        if n > ETHIOPIA_SR_UNITS_PER_TURN:
            found.append(
                RuleBreach("28.753E", f"too many units SRed to or from {where}", ETHIOPIA_SR_UNITS_PER_TURN, n)
            )
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.65; A3R 28.65 house version)
# ---------------------------------------------------------------------------------------------------------------------


def railheads_used(meta: Meta) -> bool:
    """Railheads (28.65) are part of AWAW; an A3R game uses them only with option ``redeploy.railheads = on``
    (A3R option 17a)."""
    return meta.rules != "a3r" or meta.option(RAILHEADS, "off") == "on"


RAILHEAD_BUILDERS: Final[frozenset[Power]] = frozenset({"germany", "italy", "japan", "russia", "britain", "usa"})
"""Powers that may build railheads; never France, China or minors (28.651; A3R extract 2.10)."""

RAILHEAD_BRPS: Final[int] = BRP_COST_PER_COUNTER["railhead"].brps
"""Five BRPs per railhead (27.11D, 28.652A)."""

RAILHEAD_RPS: Final[Mapping[RuleSet, int]] = {"awaw": 2, "a3r": 0}
"""RPs per railhead: AWAW two (28.652B); the A3R house version has no RP cost (A3R extract 2.5, 6.4)."""

RAILHEAD_RPS_AFTER_BREAKTHROUGH: Final[int] = 1
"""AWAW: a military breakthrough reduces the RP cost to one (28.652B)."""

MILITARY_BREAKTHROUGH: Final = "military_breakthrough"
"""The research result (``research_result.project``) that lowers the railhead's RP cost (28.652B)."""

RAILHEADS_PER_FACTION_PER_TURN: Final[int] = 1
"""Each alliance faction may build only one railhead per turn (28.654D)."""

RAILHEADS_PER_HEX: Final[int] = 1
"""Only one railhead per hex (28.654A)."""

RAILHEAD_WINTER_BLOCK_LEVEL: Final[int] = 5
"""No railheads in areas under a "5" or worse winter result, winter preparation may offset (28.654C)."""


class RailheadCost(msgspec.Struct, frozen=True):
    """BRPs and RPs for one railhead."""

    brps: int
    rps: int


def railhead_cost(*, military_breakthrough: bool = False, ruleset: RuleSet = "awaw") -> RailheadCost:
    """5 BRPs + 2 RPs, 1 RP after a military breakthrough (28.652); A3R house: 5 BRPs only."""
    rps = RAILHEAD_RPS[ruleset]
    if ruleset == "awaw" and military_breakthrough:
        rps = RAILHEAD_RPS_AFTER_BREAKTHROUGH
    return RailheadCost(RAILHEAD_BRPS, rps)


def railhead_breaches(
    power: Power,
    *,
    railheads_by_faction_this_turn: int,
    hex_has_railhead: bool = False,
    effective_winter_level: int = 0,
    italian_place: bool = False,
    us_at_war_in_theater: bool = False,
    ruleset: RuleSet = "awaw",
) -> tuple[RuleBreach, ...]:
    """The mechanical railhead checks RH-01, RH-03 (winter, one per hex) and RH-04 (28.651, 28.654).

    ``railheads_by_faction_this_turn`` counts the faction's railheads this turn **before** this one.
    ``italian_place``: the hex is in Italy, or a Mediterranean-front island or colony holding an Italian unit now
    (28.654E). ``effective_winter_level``: the winter result after any winter-preparation offset (28.654C).
    AWAW only: European Axis railheads by Germany (Italy by exception), WA railheads by Britain (the U.S. where at
    war) (28.654E-F); the A3R house version names only the builder list (A3R extract 6.4).
    """
    found: list[RuleBreach] = []
    faction: Faction = FACTION_OF_POWER[power]
    if power not in RAILHEAD_BUILDERS:
        found.append(RuleBreach("28.651", f"{power} may not build railheads", None, power))
    if railheads_by_faction_this_turn >= RAILHEADS_PER_FACTION_PER_TURN:
        found.append(
            RuleBreach(
                "28.654D",
                f"{faction} already built a railhead this turn",
                RAILHEADS_PER_FACTION_PER_TURN,
                railheads_by_faction_this_turn + 1,
            )
        )
    if hex_has_railhead:
        found.append(RuleBreach("28.654A", "only one railhead per hex", RAILHEADS_PER_HEX, RAILHEADS_PER_HEX + 1))
    if effective_winter_level >= RAILHEAD_WINTER_BLOCK_LEVEL:
        found.append(
            RuleBreach("28.654C", "no railheads under a winter result of 5 or worse", "< 5", effective_winter_level)
        )
    if ruleset == "awaw":
        if power == "italy" and not italian_place:
            found.append(
                RuleBreach("28.654E", "Italy builds railheads only in Italy or Italian-held Mediterranean places")
            )
        if power == "usa" and not us_at_war_in_theater:
            found.append(RuleBreach("28.654F", "the U.S. builds railheads only in a theater where it is at war"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Inversion after construction and redeployment (27.8, 28.46, 28.77, 28.8; extract 1.20)
# ---------------------------------------------------------------------------------------------------------------------

InversionHold = Literal["none", "end_of_player_turn", "after_next_opposing_player_turn"]
"""How long a unit stays inverted: not inverted; may uninvert at the end of the current player turn; stays inverted
through the next opposing player turn."""

InversionCase = Literal[
    "constructed_or_repaired",
    "new_air_not_redeployed",
    "new_air_redeployed",
    "new_naval_not_nred",
    "new_naval_nred",
    "new_sw_in_sw_box",
    "new_cve_to_sw_box",
    "air_used_then_tr",
    "air_sr_to_other_front",
    "air_stays_or_no_sr_or_staged_or_box_sr",
    "inverted_air_or_naval_redeployed",
    "uninverted_naval_redeployed",
    "naval_nr_out_of_sw_box",
    "air_transport_used",
]


class InversionRule(msgspec.Struct, frozen=True):
    """One row of the inversion table: the unit is inverted (or not) and for how long."""

    inverted: bool
    hold: InversionHold
    rule: str


INVERSION_RULES: Final[Mapping[InversionCase, InversionRule]] = {
    "constructed_or_repaired": InversionRule(True, "end_of_player_turn", "27.81"),
    "new_air_not_redeployed": InversionRule(True, "end_of_player_turn", "27.82A"),
    "new_air_redeployed": InversionRule(True, "after_next_opposing_player_turn", "27.82A, 18.72C"),
    "new_naval_not_nred": InversionRule(True, "end_of_player_turn", "27.82B"),
    "new_naval_nred": InversionRule(True, "after_next_opposing_player_turn", "27.82B, 21.72C"),
    "new_sw_in_sw_box": InversionRule(True, "end_of_player_turn", "28.83, 27.91A"),
    "new_cve_to_sw_box": InversionRule(True, "after_next_opposing_player_turn", "28.83, 25.362"),
    "air_used_then_tr": InversionRule(True, "after_next_opposing_player_turn", "28.46"),
    "air_sr_to_other_front": InversionRule(True, "after_next_opposing_player_turn", "28.81A, 28.81D"),
    "air_stays_or_no_sr_or_staged_or_box_sr": InversionRule(False, "none", "28.81B, 28.81C"),
    "inverted_air_or_naval_redeployed": InversionRule(True, "after_next_opposing_player_turn", "28.81D, 28.82B"),
    "uninverted_naval_redeployed": InversionRule(False, "none", "28.82A"),
    "naval_nr_out_of_sw_box": InversionRule(True, "after_next_opposing_player_turn", "28.77, 25.372B"),
    "air_transport_used": InversionRule(True, "end_of_player_turn", "28.36D"),
}
"""Inversion table, 27-30 extract 1.20 (27.81, 27.82, 28.36D, 28.46, 28.77, 28.81-28.83). New SW units (ASW,
interceptors, bombers, subs) uninvert at the end of the player turn they are redeployed to an SW box; a new CVE is
a naval unit and stays inverted. An air unit inverted by an SR to another front stays inverted through the next
opposing player turn (28.81D: inverted air units that are redeployed). An air transport factor is inverted at the
end of its segment (28.36D); when it may uninvert is not stated there ("end of player turn" is the general rule)."""


def air_redeployment_case(
    *,
    inverted: bool,
    newly_constructed: bool = False,
    used_this_player_turn: bool = False,
    redeployed: bool,
    kinds: frozenset[RedeploymentKind] = frozenset(),
    changed_front: bool = False,
    staged_to_new_front: bool = False,
    box_sr_only: bool = False,
) -> InversionCase:
    """Which inversion case an air unit falls in after the redeployment phase (27.82A, 28.46, 28.81).

    ``changed_front``: it ended the phase on another front than it began the player turn on, by TR, NR or SR;
    ``staged_to_new_front``: the front change came by staging earlier in the turn (28.81B: not inverted even if it
    then SRs); ``box_sr_only``: its only SR was to or from a mapboard box (28.81C).
    """
    if newly_constructed:
        return "new_air_redeployed" if redeployed else "new_air_not_redeployed"
    if inverted and redeployed:
        return "inverted_air_or_naval_redeployed"
    if used_this_player_turn and "TR" in kinds:
        return "air_used_then_tr"
    if "SR" in kinds and changed_front and not staged_to_new_front and not box_sr_only:
        return "air_sr_to_other_front"
    return "air_stays_or_no_sr_or_staged_or_box_sr"


def naval_redeployment_case(
    *, inverted: bool, newly_launched: bool = False, nred: bool, out_of_sw_box: bool = False
) -> InversionCase:
    """Which inversion case a naval unit falls in after the redeployment phase (27.82B, 28.77, 28.82)."""
    if out_of_sw_box and nred:
        return "naval_nr_out_of_sw_box"
    if newly_launched:
        return "new_naval_nred" if nred else "new_naval_not_nred"
    if inverted and nred:
        return "inverted_air_or_naval_redeployed"
    return "uninverted_naval_redeployed"


def may_act_in_next_opposing_turn(case: InversionCase) -> bool:
    """Whether a unit in this case is uninverted (or may uninvert) before the next opposing player turn, so it may
    fly defensive missions or intercept in it (28.81 examples)."""
    return INVERSION_RULES[case].hold != "after_next_opposing_player_turn"


# ---------------------------------------------------------------------------------------------------------------------
# Eligibility (28.22, 28.33, 28.35; A3R 28.21-28.22)
# ---------------------------------------------------------------------------------------------------------------------

NEVER_REDEPLOY_TYPES: Final[frozenset[UnitType]] = frozenset({"partisan"})
"""Partisans never redeploy (28.22C). ICs, airbases and rocket bases are not units of the log (28.33, 28.35)."""

NEUTRAL_STATUSES: Final[frozenset[str]] = frozenset({"neutral", "associated"})
"""Minor countries whose units may not redeploy: neutral (28.22) and associated minors (A3R 28.22C) [reading:
the A3R wording "associated minor country units" covers both]."""

Ineligible = Literal["isolated", "partisan", "neutral_minor", "partial_nr", "oil_nr"]


def redeployment_ineligibility(
    unit_type: UnitType,
    *,
    supply: str | None,
    minor_status: str | None,
    kind: str,
    ruleset: RuleSet = "awaw",
) -> tuple[Ineligible, str] | None:
    """Why a unit may not redeploy (28.22A isolated, 28.22C partisans and neutral or associated minor units; A3R
    C-RED-2: no partially supplied ground unit NRs), or ``None``. ``supply``: the unit's last supply status;
    ``minor_status``: the political status of its country if it is a minor (None for a major power)."""
    if unit_type in NEVER_REDEPLOY_TYPES:
        return "partisan", "partisans may not be redeployed (28.22C)"
    if supply == "isolated":
        return "isolated", "isolated units may not be redeployed (28.22A)"
    if minor_status in NEUTRAL_STATUSES:
        return "neutral_minor", f"units of a {minor_status} minor country may not be redeployed (28.22)"
    if ruleset == "a3r" and kind == "NR" and unit_type in GROUND_TYPES and supply == "partial":
        return "partial_nr", "a partially supplied ground unit may not NR (A3R 28.22, C-RED-2)"
    return None


# ---------------------------------------------------------------------------------------------------------------------
# Tactical redeployment and boxes (28.341, 28.36, 28.45, 28.72-28.76)
# ---------------------------------------------------------------------------------------------------------------------

TR_BOXES: Final[frozenset[str]] = frozenset({"box:australia", "box:india", "box:urals"})
"""TRs onto or off the board only through the Australia, India and Urals boxes (28.45, 28.72C, 28.73A)."""

AIR_TR_RANGE: Final[Mapping[str, int]] = {"EUR": 8, "PAC": 6}
"""Air TRs, over-water hops and air transport: at most 8 hexes in Europe, 6 in the Pacific (28.341, 28.36A)."""

US_BOXES: Final[frozenset[str]] = frozenset({"box:us_atlantic", "box:us_pacific"})

BOX_USERS: Final[Mapping[str, frozenset[str]]] = {
    "box:us_atlantic": frozenset({"usa", "britain", "canada"}),
    "box:us_pacific": frozenset({"usa", "britain", "canada"}),
    "box:south_africa": frozenset({"western_allies"}),
    "box:india": frozenset({"western_allies"}),
    "box:australia": frozenset({"western_allies"}),
    "box:urals": frozenset({"russia"}),
}
"""Who may redeploy into or out of each mapboard box (28.751-28.756): the U.S. boxes American, British and Canadian
units only; the South Africa, India and Australia boxes Western Allied units; the Urals box Russian units. Entries
are nationalities (``canada``) or alliance factions (``western_allies``)."""


def box_user_allowed(box: str, nationality: str, faction: str | None) -> bool:
    """Whether a unit of ``nationality`` (alliance faction ``faction``) may use ``box`` (28.75); boxes not listed
    (Ethiopia, SW boxes) are not judged here."""
    users = BOX_USERS.get(box)
    if users is None:
        return True
    country = nationality.rsplit(":", 1)[-1]
    return country in users or (faction is not None and faction in users)


FACTORS_PER_US_BOX_TRANSPORT: Final[int] = 5
"""One Atlantic or Pacific transport per 5 Western Allied ground or air factors redeployed from a U.S. box to the
board, and per 5 BRPs granted, rounded up (28.76, 20.64C-D)."""


def us_box_transports(factors: int) -> int:
    """Transports for ``factors`` ground/air factors leaving a U.S. box for the board (28.76: one per 5, rounded up)."""
    return -(-factors // FACTORS_PER_US_BOX_TRANSPORT)


REDEPLOYMENT_ELIMINATION_CAUSES: Final[frozenset[str]] = frozenset(
    {"voluntary", "overstack", "naval_combat", "air_combat"}
)
"""Why a unit may leave play in the redeployment phase: voluntary elimination at its end (28.91, recorded as such so
that a same-turn rebuild costs double, 27.13A), unremedied overstacking after a failed NR (28.523), and the naval or
air combat of an interception (28.52)."""

NR_DEFENSIVE_MISSIONS: Final[frozenset[str]] = frozenset(
    {"escort", "interception", "naval_interception", "naval_patrol", "das"}
)
"""Missions by which air and naval units defend an NR in the redeployment phase (28.313, 28.52)."""


# ---------------------------------------------------------------------------------------------------------------------
# Russia and the Pacific (28.73E)
# ---------------------------------------------------------------------------------------------------------------------


OFF_BOARD: Final[tuple[str, ...]] = ("box:", "sw:")
"""Where no NR is attacked or intercepted: mapboard boxes and SW boxes, off the mapboards (NRs to and from mapboard
boxes are attacked only in on-board sea hexes, 28.522, 28.531)."""

RUSSIAN_TERRITORY: Final[frozenset[str]] = frozenset(
    {"russia", "eastern_poland", "baltic_states", "estonia", "latvia", "lithuania"}
)
"""The map data's countries whose every hex Russia must control for its units to go to the Pacific (28.73E:
"Russia, eastern Poland and the Baltic States")."""

SAARE: Final = "Saare"
"""The one-hex island off Estonia whose German control does not stop Russian ground or air units going from the
Urals box to the Pacific (28.73E): the map data's name of the hex."""


def russia_to_pacific_allowed(
    *,
    japan_russia_war_by_japan: bool,
    russia_declared_on_japan_or_germany: bool,
    germany_declared_on_russia: bool,
    germany_surrendered: bool,
    russia_holds_its_territory: bool | None,
) -> bool | None:
    """Whether Russian units may redeploy from Europe or the Urals box to the Pacific (28.73E): Japan declared war on
    Russia; or Russia and Germany or Japan are at war (by either's declaration named there) **and** Germany has
    surrendered or Russia controls every hex of Russia, eastern Poland and the Baltic States (Saare excepted).
    ``None`` when the answer hangs on ``russia_holds_its_territory`` and that is unknown (it needs map data)."""
    if japan_russia_war_by_japan:
        return True
    if not (russia_declared_on_japan_or_germany or germany_declared_on_russia):
        return False
    if germany_surrendered:
        return True
    return russia_holds_its_territory


# ---------------------------------------------------------------------------------------------------------------------
# Straits (A3R extract 2.11: App. F 28.514; App. A 21.211)
# ---------------------------------------------------------------------------------------------------------------------

StraitControl = Literal["friendly", "friendly_or_neutral"]


class Strait(msgspec.Struct, frozen=True):
    """What an NR through (or to or from) a strait needs: the hexes whose control matters and how."""

    hexes: tuple[str, ...]
    control: StraitControl
    rule: str
    subs_exempt: bool = False
    ports: tuple[str, ...] = ()
    """For straits that bind only NRs to or from certain ports (Parnu behind the Gulf of Riga)."""


STRAITS: Final[Mapping[str, Strait]] = {
    "gibraltar": Strait(("EUR:AA7",), "friendly", "A3R 28.514B", subs_exempt=True),
    "skagerrak": Strait(("EUR:E33", "EUR:F33"), "friendly_or_neutral", "A3R 28.514D"),
    "kattegat": Strait(("EUR:H32", "EUR:H33"), "friendly_or_neutral", "A3R 28.514E"),
    "gulf_of_finland": Strait(("EUR:D41", "EUR:E41"), "friendly_or_neutral", "A3R 28.514F"),
    "gulf_of_riga": Strait(("EUR:F39",), "friendly", "A3R 28.514G", ports=("EUR:F40",)),
    "otranto": Strait(("EUR:AA25", "EUR:AA26"), "friendly", "A3R 28.514H"),
}
"""NR control requirements of the straits whose hexes the texts give (A3R extract 2.11, option
``naval.strait_restrictions = awaw_21_211_c_g``). The Gulf of Finland binds NRs to or from Leningrad, whose hex id
the texts do not give: an NR is held to it when its path crosses D41 or E41. The Turkish Straits and Suez name no
hexes (28.514C, I): not checked."""

STRAIT_OF_HEX: Final[Mapping[str, str]] = {
    h: name for name, strait in STRAITS.items() for h in (*strait.hexes, *strait.ports) if name != "gulf_of_riga"
} | {"EUR:F40": "gulf_of_riga"}
"""The strait an NR is held to when its path, origin or destination is one of these hexes."""


def strait_breach(strait: Strait, controllers: Mapping[str, str], faction: str, unit_type: UnitType) -> str | None:
    """Why an NR of ``faction`` may not pass ``strait`` (A3R 28.514), from the controller faction of each strait hex
    (``controllers``: hex -> faction, ``neutral`` or absent when unknown); ``None`` when it may or when control is
    unknown."""
    if strait.subs_exempt and unit_type == "submarine":
        return None
    for hex_ in strait.hexes:
        held = controllers.get(hex_)
        if held is None:
            continue
        if held == faction or (strait.control == "friendly_or_neutral" and held == "neutral"):
            continue
        need = "friendly" if strait.control == "friendly" else "friendly or neutral"
        return f"{hex_} must be {need} ({strait.rule}); it is held by {held}"
    return None


# ---------------------------------------------------------------------------------------------------------------------
# National SR/NR caps (A3R 28.14 -> A3R 20.11-20.16)
# ---------------------------------------------------------------------------------------------------------------------

A3R_NATIONAL_CAPS_RULE: Final = "A3R 20.11-20.16"
"""The A3R house rules cap the number of units of each nationality that SR and NR by the A3R rulebook's 20.11-20.16
(A3R 28.14, extract 2.10 [EXT-A3R]). Those rules are not in the project's texts, so no table is encoded: the audit
counts the SRs and NRs of each nationality per player turn and reports the cap as not checked."""


# ---------------------------------------------------------------------------------------------------------------------
# Inversion by missions (18.524, 18.564, 18.618; A3R option 13)
# ---------------------------------------------------------------------------------------------------------------------

INVERTED_BY_MISSION: Final[frozenset[str]] = frozenset({"das", "deferred_das", "interception", "counterair"})
"""Missions after which the air units are inverted even if no attack followed: defensive air support (18.524),
interceptors (18.564), counterair attackers (18.618). Under the A3R house option ``units.air_naval_uninversion =
awaw_33_7_mod`` every air or naval operation inverts its units until the end of the player turn (one operation per
unit per player turn, naval units in an SW box excepted)."""

UNINVERSION_OPTION: Final = "units.air_naval_uninversion"
HOUSE_UNINVERSION: Final = "awaw_33_7_mod"


def one_operation_per_turn(meta: Meta) -> bool:
    """Whether the A3R house uninversion rule (option 13, mod. AWAW 33.7) is in force."""
    return meta.rules == "a3r" and meta.option(UNINVERSION_OPTION, HOUSE_UNINVERSION) == HOUSE_UNINVERSION


def mission_inverts(mission: str, meta: Meta) -> bool:
    """Whether flying ``mission`` leaves the units inverted (18.524, 18.564, 18.618; A3R option 13: every mission)."""
    return mission in INVERTED_BY_MISSION or one_operation_per_turn(meta)


UNINVERSION_PHASES: Final[frozenset[str]] = frozenset({"end_of_player_turn"})
"""Where a unit held until the end of its player turn may be uninverted: "at the end of the player turn" (27.82;
A3R option 13: "after the redeployment phase")."""
