"""The Combat Results Table (AWAW 15.6, 15.75; house App. C-1) and its substitutions (15.53-15.551; house 15.53-15.54).

Sources: 10-16 extract 1.7, 5.2 (AUD-15-10, AUD-15-11); A3R extract 2.3.1, 6.2 (C-CRT-2, T-C7).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

import msgspec

from awaw_events.events.combat import AttackDeclared
from awaw_events.vocab import CombatResult, Season
from projections.rules.breach import Breach
from projections.rules.calendar import is_before
from projections.rules.combat.odds import CrtTable, OddsColumn, check_die
from projections.rules.fortifications import FortFeature, mandatory_ex_applies

# ---------------------------------------------------------------------------------------------------------------
# Combat Results Table (15.6; house App. C-1)
# ---------------------------------------------------------------------------------------------------------------

_AWAW_CRT: Final[dict[OddsColumn, tuple[CombatResult, ...]]] = {
    "1:4": ("A", "A", "A", "A", "A", "Ex"),
    "1:3": ("A", "A", "A", "A", "Ex", "Ex"),
    "1:2": ("A", "A", "a", "Ex", "Ex", "Ex"),
    "1:1": ("A", "a", "Ex", "Ex-1", "Ex-2", "d"),
    "2:1": ("a", "Ex", "Ex-1", "Ex-2", "d", "D"),
    "3:1": ("Ex", "Ex-1", "Ex-2", "d", "D", "D"),
    "4:1": ("Ex-1", "Ex-2", "d", "D", "D", "D"),
    "5:1": ("Ex-2", "d", "D", "D", "D", "D"),
}

CRT: Final[dict[CrtTable, dict[OddsColumn, tuple[CombatResult, ...]]]] = {
    "awaw": _AWAW_CRT,
    "a3r_house": dict(_AWAW_CRT),
}
"""Combat Results Table 15.6: ``CRT[table][column][row - 1]`` for rows 1-6 (10-16 extract 1.7 [RECON, high
confidence]; checked against the clean rule-15 copy and the Suez example). The house App. C-1 table has identical
cells (A3R extract 2.3.1, 6.2). Ex-3 is not on the table; it only comes from 15.55C."""

ROUND_DRM_PER_PREVIOUS_ROUND: Final = 1
"""+1 to the attacker's die for each previous round of the attack (15.75)."""

CRT_MAX_ROW: Final = 6
"""The table stops at row 6. Modified rolls above 6 (rounds 2+) are read as row 6: the extracts' default (10-16
extract 1.7 and Q1; A3R extract Q7), flagged by :attr:`CrtLookup.clamped` so an audit can mark the round as needing
rule confirmation."""

AboveSix = Literal["read_as_6", "unconfirmed"]
"""How a modified combat die above 6 is read (option ``combat.crt_above_6``; the printed table stops at row 6 and no
text says, 10-16 extract 1.7 [UNSURE] and Q1, A3R extract Q7): ``read_as_6`` (the extracts' default: row 6) or
``unconfirmed`` (no reading: the audit reports such a round as not checked until the printed table is confirmed)."""

RESULT_ORDER: Final[tuple[CombatResult, ...]] = ("A", "a", "Ex", "Ex-1", "Ex-2", "Ex-3", "d", "D")
"""Results from worst to best for the attacker (10-16 extract 1.7 check on the reading)."""


class CrtLookup(msgspec.Struct, frozen=True):
    """One CRT reading: the modified die, the row read, whether it was clamped, and the result."""

    column: OddsColumn
    modified_die: int
    row: int
    clamped: bool
    result: CombatResult


def modified_combat_die(die: int, round_no: int = 1) -> int:
    """The attacker's die + 1 per previous round (15.75: +1 in round 2, +2 in round 3)."""
    check_die(die)
    if round_no < 1:
        raise ValueError(f"rounds start at 1, got {round_no!r}")
    return die + ROUND_DRM_PER_PREVIOUS_ROUND * (round_no - 1)


def crt_lookup(column: OddsColumn, die: int, round_no: int = 1, *, table: CrtTable = "awaw") -> CrtLookup:
    """Read the CRT (15.6, 15.75; AUD-15-10, C-CRT-2). ``column`` may not be ``"below_1:4"`` (no roll, 15.52)."""
    if column not in CRT[table]:
        raise ValueError(f"no CRT column {column!r} (below 1:4 is not rolled)")
    modified = modified_combat_die(die, round_no)
    row = min(modified, CRT_MAX_ROW)
    return CrtLookup(column, modified, row, modified > CRT_MAX_ROW, CRT[table][column][row - 1])


def crt_result(column: OddsColumn, die: int, round_no: int = 1, *, table: CrtTable = "awaw") -> CombatResult:
    """The CRT result for ``column`` and an unmodified ``die`` in round ``round_no`` (15.6, 15.75), before any
    substitution (see :func:`permitted_results`)."""
    return crt_lookup(column, die, round_no, table=table).result


# --- substitutions (15.53-15.551; house 15.53-15.54) ------------------------------------------------------------

FortConversion = Literal["mandatory", "defender_option"]
"""How 15.55 treats Ex-2/D: ``mandatory`` = the 10-16 text ("are treated as"; d only at the defender's option), the
extract's reading and the default; ``defender_option`` = the clean rule-15 copy ("At the defender's option ... may be
treated as") for every conversion."""

FORT_CONVERSION_MANDATORY: Final[dict[int, dict[CombatResult, CombatResult]]] = {
    1: {"Ex-2": "Ex-1", "D": "Ex-1"},
    2: {"D": "Ex-2"},
    3: {"D": "Ex-3"},
}
"""15.55A-C: against forts and in invasion combat, by the lowest attacking CTL (1 = CTL <= 1, 3 = CTL >= 3)."""

FORT_CONVERSION_DEFENDER_OPTION: Final[dict[int, dict[CombatResult, CombatResult]]] = {
    1: {"d": "Ex-1"},
    2: {"d": "Ex-2"},
    3: {"d": "Ex-3"},
}
"""15.55A-C: the defender may treat a "d" as Ex-1/2/3 by the lowest attacking CTL."""


def fort_conversion_level(lowest_attacking_ctl: int) -> int:
    """The 15.55 line used: 1 for CTL <= 1, 2 for CTL 2, 3 for CTL >= 3 (15.55A-C, 15.551)."""
    return max(1, min(3, lowest_attacking_ctl))


FORT_FEATURES: Final[dict[str, FortFeature]] = {
    "fortification": "omni_fortification",
    "fortress": "omni_fortress",
    "maginot": "maginot",
    "west_wall": "west_wall",
    "beach_defense": "beach_defense",
}
"""``attack_declared.fortification`` as the fortification features of :mod:`projections.rules.fortifications`."""


def fort_scope(declared: AttackDeclared, table: CrtTable) -> bool:
    """Whether 15.55 applies to an attack: invasion combat, or an attack on a fortified hex that
    :func:`~projections.rules.fortifications.mandatory_ex_applies` (not from behind a directional line, not beach
    defenses from land; 32.21C). AWAW only: the house table has no 15.55."""
    if table != "awaw":
        return False
    if declared.kind == "invasion":
        return True
    feature = FORT_FEATURES.get(declared.fortification or "")
    if feature is None:
        return False
    from_rear = all(a.hexside == "unfortified_of_fort_line" for a in declared.attackers)
    kind: Literal["land", "seaborne", "airdrop"] = "airdrop" if declared.kind == "airdrop" else "land"
    return mandatory_ex_applies([feature], kind, from_rear=from_rear)


class ResultContext(msgspec.Struct, frozen=True):
    """Facts that decide which substitutions apply to an attack (15.53-15.551; house 15.53-15.54).

    * ``fort_scope``: AWAW 15.55 applies: invasion combat or an attack on a hex with a fortification or fortress
      (not beach defenses attacked from land, directional forts attacked from behind, tactical atomic attacks; see
      :func:`projections.rules.fortifications.mandatory_ex_applies`). Ignored by the house table (no 15.55).
    * ``lowest_attacking_ctl``: the lowest CTL among the round's attacking ground units (15.551).
    * ``initial_japanese_surprise_turn``: the 15.55 exception (51.721).
    * ``early_german``: 15.54 applies to this attack (see :func:`early_german_applies`).
    """

    table: CrtTable = "awaw"
    fort_scope: bool = False
    lowest_attacking_ctl: int = 1
    initial_japanese_surprise_turn: bool = False
    early_german: bool = False
    fort_conversion: FortConversion = "mandatory"


def fort_step(result: CombatResult, ctx: ResultContext, *, defender_converts: bool) -> CombatResult:
    if ctx.table != "awaw" or not ctx.fort_scope or ctx.initial_japanese_surprise_turn:
        return result
    level = fort_conversion_level(ctx.lowest_attacking_ctl)
    mandatory = FORT_CONVERSION_MANDATORY[level]
    if result in mandatory and (ctx.fort_conversion == "mandatory" or defender_converts):
        return mandatory[result]
    optional = FORT_CONVERSION_DEFENDER_OPTION[level]
    if result in optional and defender_converts:
        return optional[result]
    return result


def _attacker_step(result: CombatResult, ctx: ResultContext, *, attacker_takes_ex: bool) -> CombatResult:
    if result == "d" and attacker_takes_ex:
        result = "Ex"  # 15.53; early German: the d -> Ex-1 of 15.53's exception follows from 15.54 below
    if result == "Ex" and ctx.early_german:
        result = "Ex-1"  # 15.54 (mandatory)
    return result


def final_result(
    rolled: CombatResult,
    ctx: ResultContext,
    *,
    attacker_takes_ex: bool = False,
    defender_converts: bool = False,
    defender_first: bool = True,
) -> CombatResult:
    """The result applied after substitutions (15.53-15.551; extract 5.2).

    ``attacker_takes_ex``: the attacker takes Ex for a d (15.53; Ex-1 in the early-German cases). ``defender_converts``:
    the defender uses his 15.55 option. ``defender_first``: which option is exercised first when both could apply
    to a "d" ([UNSURE] extract Q4; :func:`permitted_results` accepts either order).
    """
    if defender_first:
        result = fort_step(rolled, ctx, defender_converts=defender_converts)
        return _attacker_step(result, ctx, attacker_takes_ex=attacker_takes_ex)
    result = _attacker_step(rolled, ctx, attacker_takes_ex=attacker_takes_ex)
    return fort_step(result, ctx, defender_converts=defender_converts)


def permitted_results(rolled: CombatResult, ctx: ResultContext) -> frozenset[CombatResult]:
    """Every result the players may legally apply for a rolled result, over all the choices the rules give
    (15.53-15.551; AUD-15-11, C-CRT-2). A recorded result outside this set is a violation."""
    return frozenset(
        final_result(rolled, ctx, attacker_takes_ex=a, defender_converts=d, defender_first=f)
        for a in (False, True)
        for d in (False, True)
        for f in (False, True)
    )


def result_findings(rolled: CombatResult, recorded: CombatResult, ctx: ResultContext) -> tuple[Breach, ...]:
    """A recorded (applied) result must be one of :func:`permitted_results` (15.53-15.551)."""
    allowed = permitted_results(rolled, ctx)
    if recorded in allowed:
        return ()
    rule = "15.55" if ctx.fort_scope and ctx.table == "awaw" else ("15.54" if ctx.early_german else "15.53")
    options = ", ".join(r for r in RESULT_ORDER if r in allowed)
    return (Breach(rule, f"rolled {rolled}, recorded {recorded}; permitted: {options}"),)


def check_round_result(
    column: OddsColumn,
    die: int,
    round_no: int,
    recorded: CombatResult,
    ctx: ResultContext | None = None,
) -> tuple[Breach, ...]:
    """A round's recorded result against the CRT reading and the permitted substitutions (15.6, 15.75, 15.53-15.551)."""
    context = ctx or ResultContext()
    rolled = crt_result(column, die, round_no, table=context.table)
    return result_findings(rolled, recorded, context)


AttackKind = Literal["regular", "exploitation", "overrun"]

REGULAR_ATTACK_KINDS: Final = frozenset({"regular", "invasion", "failed_overrun", "partisans"})
"""``attack_declared.kind`` values fought in the regular combat phase after its airdrops (15.11-15.12; an ``airdrop``
attack is the dropped units' own)."""
EarlyGermanArea = Literal["poland", "western_front", "gs_minor", "other"]
"""Where a German attack takes place, for 15.54: Poland; the western front; (AWAW full game) a minor country Germany
attacked in the final turn of Gathering Storm; elsewhere."""

EARLY_GERMAN_KINDS: Final[dict[CrtTable, frozenset[AttackKind]]] = {
    "awaw": frozenset({"exploitation"}),
    "a3r_house": frozenset({"exploitation", "overrun"}),
}
"""15.54 applies to exploitation attacks (AWAW; with at least one German armor) and also to overruns (house)."""

EARLY_GERMAN_WESTERN_TURNS: Final = 2
"""The first two Axis player turns with western-front offensive operations (15.54B)."""

EARLY_GERMAN_HOUSE_POLAND: Final[tuple[int, Season]] = (1939, "fall")
"""House/clean copy 15.54A: Poland in Fall 1939."""

EARLY_GERMAN_HOUSE_LAST_TURN: Final[tuple[int, Season]] = (1940, "summer")
"""House/clean copy 15.54B: no later than Summer 1940 ("normally Spring 1940 and Summer 1940")."""

EARLY_GERMAN_AWAW_MAX_TURNS_AFTER_WAR: Final = 4
"""AWAW 15.54B: no later than four turns after the outbreak of war."""


def early_german_window(
    area: EarlyGermanArea,
    *,
    table: CrtTable = "awaw",
    year: int,
    season: Season,
    western_offensive_turn: int | None = None,
    turns_since_war_began: int | None = None,
    edition: Literal["full", "classic"] = "full",
) -> bool:
    """Whether a German attack is in an early-German window (15.54; T-C7).

    ``western_offensive_turn``: 1 or 2 for the first two Axis player turns with western-front offensive ground or
    air operations (AWAW: not solely against Austria or Czechoslovakia). AWAW full game (10-16 text): A a minor
    Germany attacked in the final GS turn (``gs_minor``); B the western front, those two turns, no later than four
    turns after the war began. AWAW classic: Poland, and the first two turns of the German attack in the west.
    House (and the clean rule-15 copy): A Poland in Fall 1939; B the western front, those two turns, no later than
    Summer 1940.
    """
    western = area == "western_front" and western_offensive_turn is not None
    western = western and 1 <= (western_offensive_turn or 0) <= EARLY_GERMAN_WESTERN_TURNS
    if table == "a3r_house":
        if area == "poland":
            return (year, season) == EARLY_GERMAN_HOUSE_POLAND
        return western and not is_before(EARLY_GERMAN_HOUSE_LAST_TURN, (year, season))
    if edition == "classic":
        return area == "poland" or western
    if area == "gs_minor":
        return True
    if not western:
        return False
    return turns_since_war_began is None or turns_since_war_began <= EARLY_GERMAN_AWAW_MAX_TURNS_AFTER_WAR


def early_german_applies(*, kind: AttackKind, german: bool, in_window: bool, table: CrtTable = "awaw") -> bool:
    """15.54: Ex -> Ex-1 for German attacks of the listed kinds in the window. ``german``: AWAW, at least one German
    armor unit attacks; house, a German attack."""
    return german and in_window and kind in EARLY_GERMAN_KINDS[table]


def attack_kind(declared_kind: str) -> AttackKind:
    """An ``attack_declared.kind`` as the kinds 15.54 and 16.13 distinguish (everything but an exploitation attack is
    a regular attack here; overruns are their own events)."""
    return "exploitation" if declared_kind == "exploitation" else "regular"


def german_attack(attackers: Iterable[tuple[str, str, bool]], *, table: CrtTable) -> bool:
    """Whether an attack is German for 15.54: AWAW, at least one German armor unit attacks; house, a German unit
    attacks. ``attackers``: (nationality, unit type, armor claimed in the declaration) of each attacker on the
    board."""
    return any(
        nationality == "germany" and (table == "a3r_house" or armor or unit_type == "armor")
        for nationality, unit_type, armor in attackers
    )


def early_german_possible(*, kind: AttackKind, german: bool, table: CrtTable, year: int, season: Season) -> bool:
    """Whether 15.54 may apply: a German attack of a listed kind in a turn an early-German window can include (house:
    no later than Summer 1940; AWAW: the window depends on facts the log does not record, so any turn)."""
    in_window = table == "awaw" or not is_before(EARLY_GERMAN_HOUSE_LAST_TURN, (year, season))
    return early_german_applies(kind=kind, german=german, in_window=in_window, table=table)


EarlyGerman = Literal["applies", "not", "unknown"]
"""Whether 15.54 applies to an attack: it does (Ex -> Ex-1 is mandatory), it does not, or the log cannot tell."""


def early_german_status(
    *,
    kind: AttackKind,
    german: bool,
    table: CrtTable,
    year: int,
    season: Season,
    country: str | None,
    front: str | None,
    turn: int,
    western_offensive_turns: tuple[int, ...],
    edition: Literal["full", "classic"] = "full",
) -> EarlyGerman:
    """Whether the early-German substitution applies (15.54; A3R T-C7, 15.54 example).

    ``country`` and ``front`` are the attacked hex's (None: unknown); ``western_offensive_turns`` the game turns of
    the first Axis player turns with western-front offensive operations (at most two), ``turn`` this one. House: A
    Poland in Fall 1939; B the western front in those two turns, no later than Summer 1940. AWAW: B the western
    front in those two turns (the limit of four turns after the war began is not checked); A, a minor Germany
    attacked in the final turn of Gathering Storm, cannot be told from the log. Classic AWAW (``edition``): "in
    Poland and in the first two turns of the German attack on the western front" (10-16 text, 15.54 Classic): an
    attack in Poland is in the window whatever the turn; one in another country off the western front is not.
    """
    if not german or kind not in EARLY_GERMAN_KINDS[table]:
        return "not"
    if table == "a3r_house":
        if is_before(EARLY_GERMAN_HOUSE_LAST_TURN, (year, season)):
            return "not"
        if country == "poland":
            return "applies" if (year, season) == EARLY_GERMAN_HOUSE_POLAND else "not"
    if table == "awaw" and edition == "classic" and front != "western":
        if country == "poland":
            return "applies"
        if country is not None and front is not None:
            return "not"
    if front == "western":
        if turn in western_offensive_turns:
            return "applies"
        return "not" if len(western_offensive_turns) >= EARLY_GERMAN_WESTERN_TURNS else "unknown"
    if table == "a3r_house" and country is not None and front is not None:
        return "not"
    return "unknown"


def permitted_with_early_german(
    rolled: CombatResult, ctx: ResultContext, *, early_german_possible: bool
) -> frozenset[CombatResult]:
    """:func:`permitted_results`, widened by the 15.54 substitutions when the early-German window may apply (the
    log does not always say whether it does)."""
    allowed = permitted_results(rolled, msgspec.structs.replace(ctx, early_german=False))
    if early_german_possible:
        allowed |= permitted_results(rolled, msgspec.structs.replace(ctx, early_german=True))
    return allowed
