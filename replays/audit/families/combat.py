"""Ground combat: attacks, odds, DMs, the CRT and its substitutions, losses, further rounds, support limits, advance
after combat, breakthroughs, exploitation allowances, overruns and stacking (AWAW rules 12, 13.5, 15, 16; A3R house
App. C-1 when ``combat.crt = awaw_15_house``). Attrition and air combat are in
:mod:`replays.audit.families.attrition`.

Sources: 10-16 extract 2.4, 2.6, 2.8, 2.9 (AUD-12-01/03, AUD-13-11/12, AUD-15-05 to 15-16, AUD-16-01, AUD-16-06),
sections 5 and 6 (worked examples EX-18 to EX-23, DT-01 to DT-11); A3R extract 2.3, 3.6 (C-CRT-1 to C-CRT-8), 6.2.
Every number comes from :mod:`projections.rules.combat`.

Which table: AWAW games use rule 15 (``table="awaw"``); A3R games use the house App. C-1 (``table="a3r_house"``) when
``combat.crt`` is ``awaw_15_house`` (the package value, the default). With ``combat.crt = a3r`` the standard A3R CRT
applies, which the extracts do not contain: those checks report themselves as not made.

How the facts are read:

* The attack declared (``attack_declared``) is kept by attack id; losses recorded by ``combat_losses_taken`` are
  tracked per attack so later rounds, advances and breakthroughs see the survivors. Ground units are lost whole; air
  (ground support, DAS) and fleet (shore bombardment) factors are lost factor by factor (10-16 extract 5.3).
* Defence multipliers are the DM items claimed for each defender (their recorded values; ``dm_items`` compares those
  values with the catalogue). The basic multiplier (AWAW +2, house face value 1) is added unless claimed as an item
  with code ``basic`` (or ``base``); the net DM is never below 1 (15.31, 15.35).
* CTLs: the attacker's claimed ``ctl``, else the faction's ground CTL from the board (15.8, 15.81: -1 in partial
  supply).

Options read from the game (ambiguities the tables module leaves open; defaults = the module's):
``combat.fort_conversion`` (15.55, ``mandatory``), ``combat.d_base`` (what a "d" halves, by table),
``combat.mixed_rounds`` (house mixed-nationality attacks, ``all_must_qualify``), ``combat.exploit_order``
(16.31D, ``halve_then_terrain``), ``air.airdrop`` (house airdrop minimum, ``awaw_style``).

Not checked here (the events lack the fact, or the map is needed): DM items against terrain and hexsides, the
initial-Japanese-surprise exception to 15.55, which early-German window an attack is in (an Ex recorded as Ex-1 is
accepted for German exploitation attacks, and house overruns, in any turn the window could include), CTL drop-outs of
air and fleet units in later rounds (their CTLs are not recorded), the 16.47 exploitation chain, stacking of units
already in a hex.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, cast

from awaw_events.events import (
    AdvanceAfterCombat,
    AttackDeclared,
    AttackEnded,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    ExploitationAllowance,
    OverrunResolved,
    PlayerTurnStarted,
    UnitPlaced,
)
from awaw_events.events.combat import Defender
from awaw_events.vocab import FACTION_OF_POWER, CombatResult, Season, Theater
from projections.core import Meta
from projections.rules import combat as rules
from projections.rules.breach import Breach
from projections.rules.calendar import is_before
from projections.rules.fortifications import FortFeature, mandatory_ex_applies
from replays.audit.common import die_face
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("ground combat")

CRT_OPTION: Final = "combat.crt"
HOUSE_CRT: Final = "awaw_15_house"
STANDARD_A3R: Final = "the standard A3R combat rules (combat.crt = a3r) are not in the extracts"

BASE_DM_CODES: Final = frozenset({"basic", "base"})
"""DM item codes that claim the basic multiplier itself (AWAW +2, 15.32A; house face value 1)."""

DM_ALIASES: Final[dict[str, str]] = {
    "rough_terrain": "rough",
    "seaborne_invasion": "invasion",
    "fort": "fortification",
}
"""Spellings players use for catalogue DM items (the example game writes ``rough_terrain``, ``seaborne_invasion``)."""

SPECIALIZED_TYPES: Final = frozenset({"airborne", "chindit", "marine", "snlf", "commando"})
"""Specialized units: stack in addition to the two ground units (12.12) and may attack from any stack (15.47)."""

UNSUPPLIED: Final = frozenset({"unsupplied", "isolated"})
NOT_FULLY_SUPPLIED: Final = frozenset({"partial", "unsupplied", "isolated"})

FORT_FEATURES: Final[dict[str, FortFeature]] = {
    "fortification": "omni_fortification",
    "fortress": "omni_fortress",
    "maginot": "maginot",
    "west_wall": "west_wall",
    "beach_defense": "beach_defense",
}
"""``attack_declared.fortification`` as the fortification features of :mod:`projections.rules.fortifications`."""

FRENCH_OR_CHINESE: Final = frozenset({"france", "china", "communist_china", "chinese_communist"})
"""Nationalities whose attacks AWAW forbids below 1:1 (15.52: 75.21, 80.21)."""

HOUSE_NATIONALITIES: Final[dict[str, rules.HouseNationality]] = {
    "germany": "germany",
    "italy": "italy",
    "britain": "britain",
    "france": "france",
    "usa": "usa",
    "russia": "russia",
}
"""Unit nationality -> house rounds table row (App. C-1 15.71); British Commonwealth units count as British,
partisans by unit type; everyone else is ``other`` (one round only, A3R extract Q9)."""

PACIFIC_PREFIX: Final = "PAC:"


# ---------------------------------------------------------------------------------------------------------------
# Which rules
# ---------------------------------------------------------------------------------------------------------------


def crt_table(meta: Meta) -> rules.CrtTable | None:
    """AWAW rule 15, the house App. C-1, or ``None`` for the standard A3R CRT (not in our sources)."""
    if meta.rules == "awaw":
        return "awaw"
    if meta.rules == "a3r" and meta.option(CRT_OPTION, HOUSE_CRT) == HOUSE_CRT:
        return "a3r_house"
    return None


def _option(meta: Meta, name: str, default: str, allowed: tuple[str, ...]) -> str:
    value = meta.option(name, default)
    return value if value in allowed else default


# ---------------------------------------------------------------------------------------------------------------
# Scratch memory: attacks and their rounds
# ---------------------------------------------------------------------------------------------------------------


@dataclass
class Round:
    """A resolved round: the result applied and what it was read from."""

    number: int
    result: CombatResult
    rolled: CombatResult | None
    below_1_4: bool
    participants: frozenset[str]
    losses_seen: set[str] = field(default_factory=set)
    requirement: rules.LossRequirement | None = None
    pools: dict[str, tuple[dict[str, int], frozenset[str]]] = field(default_factory=dict)
    """What each side could lose at the start of the round: ``attacker``, ``defender_face``, ``defender_modified``
    (pool, air tokens)."""
    defending: list[rules.DefendingUnit] = field(default_factory=list)
    das: int = 0
    """DAS strength at the start of the round (tripled against an invasion)."""


@dataclass
class Attack:
    """An attack declared, and what has happened to it since."""

    decl: AttackDeclared
    seq: int
    table: rules.CrtTable
    ground: dict[str, int]
    ctl: dict[str, int | None]
    air: dict[str, int]
    fleet: dict[str, int]
    defenders: dict[str, Defender]
    dm: dict[str, int]
    das: dict[str, int]
    lost: dict[str, int] = field(default_factory=dict)
    rounds: dict[int, Round] = field(default_factory=dict)
    last_round: int = 0
    ended: bool = False
    advanced: dict[str, list[str]] = field(default_factory=dict)

    @property
    def invasion(self) -> bool:
        return self.decl.kind == "invasion"

    def left(self, unit: str, factors: int) -> int:
        return max(0, factors - self.lost.get(unit, 0))

    def ground_alive(self) -> dict[str, int]:
        return {u: f for u, f in self.ground.items() if self.left(u, f) > 0}

    def defenders_alive(self) -> dict[str, Defender]:
        return {u: d for u, d in self.defenders.items() if self.left(u, d.factors) > 0}


def attacks(ctx: AuditContext[Any]) -> dict[str, Attack]:
    found: dict[str, Attack] = ctx.scratch.setdefault("cb_attacks", {})
    return found


def printed_movement(ctx: AuditContext[Any]) -> dict[str, int]:
    """Printed MFs of the units placed with one (``unit_placed.movement``)."""
    found: dict[str, int] = ctx.scratch.setdefault("cb_movement", {})
    return found


def attacked_this_turn(ctx: AuditContext[Any]) -> set[str]:
    """Units that attacked (ground attack or overrun) in this player turn (14.23A)."""
    found: set[str] = ctx.scratch.setdefault("cb_attacked", set())
    return found


def net_dm(defender: Defender, table: rules.CrtTable) -> int:
    """The claimed multiplier of a defender: the claimed item values, plus the basic multiplier unless claimed as an
    item, never below face value (15.31, 15.35; house base 1)."""
    raw = sum(m.value for m in defender.dms)
    if not any(m.code in BASE_DM_CODES for m in defender.dms):
        raw += rules.DM_BASE[table]
    return max(rules.DM_FLOOR, raw)


def faction_ctl(ctx: AuditContext[Any], unit_id: str) -> int | None:
    """A unit's CTL from its faction's ground CTL, -1 in partial supply (15.8, 15.81)."""
    unit = ctx.state.board.units.get(unit_id)
    if unit is None:
        return None
    faction = FACTION_OF_POWER.get(cast(Any, unit.owner))
    level = ctx.state.board.ctl.get(f"{faction}/ground")
    if level is None:
        return None
    return rules.effective_ctl(level, partial_supply_or_army_oil=unit.supply == "partial")


def _air_and_fleet(event: AttackDeclared) -> tuple[dict[str, int], dict[str, int]]:
    air: dict[str, int] = {}
    for s in event.ground_support:
        air[s.unit] = air.get(s.unit, 0) + s.factors
    fleet: dict[str, int] = {}
    for s in event.shore_bombardment:
        fleet[s.unit] = fleet.get(s.unit, 0) + s.factors
    return air, fleet


@FAMILY.observe(AttackDeclared)
def _remember_attack(ctx: AuditContext[AttackDeclared]) -> None:
    event = ctx.event
    for a in event.attackers:
        attacked_this_turn(ctx).add(a.unit)
    table = crt_table(ctx.meta)
    if table is None:
        return
    air, fleet = _air_and_fleet(event)
    das: dict[str, int] = {}
    for s in event.das:
        das[s.unit] = das.get(s.unit, 0) + s.factors
    attacks(ctx)[event.attack] = Attack(
        decl=event,
        seq=ctx.seq,
        table=table,
        ground={a.unit: a.factors for a in event.attackers},
        ctl={a.unit: a.ctl if a.ctl is not None else faction_ctl(ctx, a.unit) for a in event.attackers},
        air=air,
        fleet=fleet,
        defenders={d.unit: d for d in event.defenders},
        dm={d.unit: net_dm(d, table) for d in event.defenders},
        das=das,
    )


@FAMILY.observe(OverrunResolved)
def _remember_overrun(ctx: AuditContext[OverrunResolved]) -> None:
    for u in ctx.event.units:
        attacked_this_turn(ctx).add(u.unit)


@FAMILY.observe(UnitPlaced)
def _remember_movement(ctx: AuditContext[UnitPlaced]) -> None:
    event = ctx.event
    if event.movement is not None:
        printed_movement(ctx)[event.unit] = event.movement


@FAMILY.observe(PlayerTurnStarted)
def _new_player_turn(ctx: AuditContext[Any]) -> None:
    ctx.scratch["cb_attacks"] = {}
    ctx.scratch["cb_attacked"] = set()
    ctx.scratch["cb_breakthroughs"] = {}


# ---------------------------------------------------------------------------------------------------------------
# Strengths, participants, result context
# ---------------------------------------------------------------------------------------------------------------


def house_nationality(ctx: AuditContext[Any], unit_id: str) -> rules.HouseNationality:
    unit = ctx.state.board.units.get(unit_id)
    if unit is None:
        return "other"
    if unit.unit_type == "partisan":
        return "partisan"
    if unit.nationality.startswith("commonwealth"):
        return "britain"
    return HOUSE_NATIONALITIES.get(unit.nationality, "other")


def participants(ctx: AuditContext[Any], attack: Attack, round_no: int) -> frozenset[str] | None:
    """The surviving ground attackers that may fight round ``round_no`` (15.71, 15.82A; house 15.71-15.72), or
    ``None`` when a CTL is unknown."""
    alive = attack.ground_alive()
    if round_no == 1:
        return frozenset(alive)
    if attack.table == "awaw":
        if any(attack.ctl[u] is None for u in alive):
            return None
        return rules.round_participants(round_no, {u: cast(int, attack.ctl[u]) for u in alive}, model="ctl")
    mixed = cast(
        rules.MixedRounds,
        _option(ctx.meta, "combat.mixed_rounds", "all_must_qualify", ("all_must_qualify", "qualifying_units_continue")),
    )
    return rules.round_participants(
        round_no,
        {u: house_nationality(ctx, u) for u in alive},
        model="nationality_date",
        year=ctx.event.year,
        season=ctx.event.season,
        mixed=mixed,
    )


def defending_units(attack: Attack) -> list[rules.DefendingUnit]:
    return [rules.DefendingUnit(attack.left(u, d.factors), attack.dm[u]) for u, d in attack.defenders_alive().items()]


def das_left(attack: Attack) -> int:
    return sum(attack.left(u, f) for u, f in attack.das.items())


def defence_now(attack: Attack) -> int:
    return rules.defence_strength(defending_units(attack), das_left(attack), invasion=attack.invasion)


def support_left(attack: Attack) -> int:
    return sum(attack.left(u, f) for u, f in attack.air.items()) + sum(
        attack.left(u, f) for u, f in attack.fleet.items()
    )


def attack_now(attack: Attack, fighting: frozenset[str]) -> int:
    ground = sum(attack.left(u, attack.ground[u]) for u in fighting)
    return rules.attack_strength(ground, support_left(attack))


def fort_scope(attack: Attack) -> bool:
    """15.55 applies: invasion combat, or an attack on a fortified hex (AWAW only; 32.21C)."""
    if attack.table != "awaw":
        return False
    if attack.invasion:
        return True
    feature = FORT_FEATURES.get(attack.decl.fortification or "")
    if feature is None:
        return False
    from_rear = all(a.hexside == "unfortified_of_fort_line" for a in attack.decl.attackers)
    kind: Literal["land", "seaborne", "airdrop"] = "airdrop" if attack.decl.kind == "airdrop" else "land"
    return mandatory_ex_applies([feature], kind, from_rear=from_rear)


def min_odds_scopes(ctx: AuditContext[Any], attack: Attack) -> set[rules.MinOddsScope]:
    scopes: set[rules.MinOddsScope] = set()
    if attack.invasion:
        scopes.add("invasion")
    if attack.decl.kind == "airdrop" or any(a.role == "airdropped" for a in attack.decl.attackers):
        scopes.add("airdrop")
    if attack.decl.fortification in ("fortification", "fortress", "maginot", "west_wall"):
        scopes.add("fortified")
    for a in attack.decl.attackers:
        unit = ctx.state.board.units.get(a.unit)
        if unit is not None and unit.nationality in FRENCH_OR_CHINESE:
            scopes.add("french_or_chinese")
    return scopes


def _german(ctx: AuditContext[Any], attack: Attack) -> bool:
    """15.54: AWAW, at least one German armor unit attacks; house, a German attack."""
    for a in attack.decl.attackers:
        unit = ctx.state.board.units.get(a.unit)
        if unit is None or unit.nationality != "germany":
            continue
        if attack.table == "a3r_house" or a.armor or unit.unit_type == "armor":
            return True
    return False


def early_german_possible(ctx: AuditContext[Any], attack: Attack) -> bool:
    """Whether 15.54 may apply: a German attack of a listed kind, in a turn an early-German window can include
    (house: no later than Summer 1940; AWAW: the window depends on facts the log does not record)."""
    kind: rules.AttackKind = "exploitation" if attack.decl.kind == "exploitation" else "regular"
    if not _german(ctx, attack):
        return False
    in_window = attack.table == "awaw" or not is_before(rules.EARLY_GERMAN_HOUSE_LAST_TURN, _turn(ctx))
    return rules.early_german_applies(kind=kind, german=True, in_window=in_window, table=attack.table)


def _turn(ctx: AuditContext[Any]) -> tuple[int, Season]:
    return (ctx.event.year, ctx.event.season)


def result_context(
    ctx: AuditContext[Any], attack: Attack, fighting: frozenset[str], early: bool
) -> rules.ResultContext:
    ctls = [c for u in fighting if (c := attack.ctl.get(u)) is not None]
    conversion = cast(
        rules.FortConversion,
        _option(ctx.meta, "combat.fort_conversion", "mandatory", ("mandatory", "defender_option")),
    )
    return rules.ResultContext(
        table=attack.table,
        fort_scope=fort_scope(attack),
        lowest_attacking_ctl=min(ctls) if ctls else 1,
        early_german=early,
        fort_conversion=conversion,
    )


def permitted(ctx: AuditContext[Any], attack: Attack, fighting: frozenset[str], rolled: CombatResult) -> frozenset[str]:
    allowed = set(rules.permitted_results(rolled, result_context(ctx, attack, fighting, False)))
    if early_german_possible(ctx, attack):
        allowed |= rules.permitted_results(rolled, result_context(ctx, attack, fighting, True))
    return frozenset(allowed)


def column_of(recorded: str) -> str:
    """A recorded odds string as a CRT column: ratios above 5:1 read 5:1, below 1:4 read below 1:4 (15.52)."""
    match = re.fullmatch(r"(\d+):(\d+)", recorded)
    if match is None:
        return recorded
    a, d = int(match[1]), int(match[2])
    if d == 1 and a > rules.MAX_COLUMN_MULTIPLE:
        return "5:1"
    if a == 1 and d > rules.MIN_COLUMN_DIVISOR:
        return rules.BELOW_1_4
    return recorded


def _attack_of(ctx: AuditContext[Any], attack_id: str) -> Attack | Missing:
    table = crt_table(ctx.meta)
    if table is None:
        return Missing(reason=STANDARD_A3R)
    found = attacks(ctx).get(attack_id)
    if found is None:
        return Missing(reason=f"attack {attack_id} was not declared (no attack_declared) in this player turn")
    return found


def _first(found: Attack | Missing) -> Iterator[Missing]:
    if isinstance(found, Missing):
        yield found


def _breach(breaches: tuple[Breach, ...]) -> str:
    return "; ".join(f"{b.message} ({b.rule})" for b in breaches)


# ---------------------------------------------------------------------------------------------------------------
# Attack declarations: DMs, support, attack stacking (15.3, 15.47, 15.632, 18.614; house 15.642)
# ---------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "15.3",
    "each claimed DM item has its catalogue value, and the items can apply together",
    reads=(AttackDeclared,),
)
def check_dm_items(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    table = crt_table(ctx.meta)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    catalogue = rules.AWAW_DMS if table == "awaw" else rules.HOUSE_DMS
    for d in event.defenders:
        codes: list[str] = []
        for m in d.dms:
            if m.code in BASE_DM_CODES:
                if m.value != rules.DM_BASE[table]:
                    yield c.finding(
                        ctx,
                        expected=rules.DM_BASE[table],
                        recorded=m.value,
                        message=f"{d.unit}: the basic multiplier is {rules.DM_BASE[table]}, recorded {m.value}",
                    )
                continue
            code = DM_ALIASES.get(m.code, m.code)
            if table == "a3r_house" and code == rules.A3R_BASE_CODE:
                continue
            spec = catalogue.get(code)
            if spec is None:
                yield Missing(reason=f"DM item {m.code!r} is not in the catalogue; its value is taken as claimed")
                continue
            codes.append(code)
            ok = m.value == spec.value or (spec.per_turn and m.value * spec.value > 0 and m.value % spec.value == 0)
            if not ok:
                yield c.finding(
                    ctx,
                    expected=spec.value,
                    recorded=m.value,
                    message=f"{d.unit}: DM item {code} is worth {spec.value:+d} ({spec.rule}), recorded {m.value:+d}",
                )
        breaches = rules.dm_findings(codes, variant=table, options=ctx.meta.options)
        if breaches:
            yield c.finding(
                ctx, expected="compatible DM items", recorded=", ".join(codes), message=f"{d.unit}: {_breach(breaches)}"
            )


@FAMILY.check(
    "15.632",
    "ground support, DAS and (house) shore bombardment within the 3:1 limits",
    reads=(AttackDeclared,),
)
def check_support_limits(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    table = crt_table(ctx.meta)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    ground = sum(a.factors for a in event.attackers)
    defending = sum(d.factors for d in event.defenders)
    support = sum(s.factors for s in event.ground_support)
    das = sum(s.factors for s in event.das)
    air_rules = table == "awaw" or ctx.meta.option("air.combat", "a3r") == "awaw_17_19_house"
    breaches = rules.support_findings(
        ground_support=support,
        attacking_ground_factors=ground,
        das=das if air_rules else 0,
        defending_ground_factors=defending,
    )
    for b in breaches:
        limit = rules.air_support_limit(ground if b.rule == "15.632" else defending)
        what, amount, base = ("ground support", support, ground) if b.rule == "15.632" else ("DAS", das, defending)
        yield c.finding(
            ctx,
            expected=f"at most {limit}",
            recorded=amount,
            message=f"{amount} {what} factors in attack {event.attack}; 3:1 allows {limit} for {base} ground "
            f"factors ({b.rule})",
        )
    if table == "a3r_house" and event.shore_bombardment:
        invading = sum(a.factors for a in event.attackers if a.role == "invading" or event.kind == "invasion")
        fleet = sum(s.factors for s in event.shore_bombardment)
        limit = rules.shore_bombardment_limit(invading)
        if fleet > limit:
            yield c.finding(
                ctx,
                expected=f"at most {limit}",
                recorded=fleet,
                message=f"{fleet} shore bombardment factors in attack {event.attack}; the house 3:1 limit allows "
                f"{limit} for {invading} invading ground factors (15.642)",
            )


_ROLE_KINDS: Final[dict[str, rules.AttackerKind]] = {
    "airdropped": "airborne",
    "reserve_armor": "breakthrough_armor",
    "shock_army": "shock_army",
    "marine": "marine",
}
_TYPE_KINDS: Final[dict[str, rules.AttackerKind]] = {
    "airborne": "airborne",
    "commando": "commando",
    "marine": "marine",
    "snlf": "marine",
    "chindit": "chindit",
}


@FAMILY.check(
    "15.47",
    "at most two ground units attack out of one hex; at most three shock armies per attack",
    reads=(AttackDeclared,),
)
def check_attack_origins(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    by_hex: dict[str, list[rules.AttackerKind]] = {}
    for a in event.attackers:
        unit = ctx.state.board.units.get(a.unit)
        kind = _ROLE_KINDS.get(a.role) or (_TYPE_KINDS.get(unit.unit_type) if unit else None) or "ground"
        by_hex.setdefault(a.origin or f"(no origin: {a.unit})", []).append(kind)
    for b in rules.attack_origin_findings(by_hex):
        yield c.finding(
            ctx,
            expected="within the limit",
            recorded=b.message,
            message=f"attack {event.attack}: {b.message} ({b.rule})",
        )


# ---------------------------------------------------------------------------------------------------------------
# Rounds: odds, strengths, the CRT, further rounds (15.5-15.8; house 15.71-15.75)
# ---------------------------------------------------------------------------------------------------------------


def _round_setup(ctx: AuditContext[CombatRoundResolved]) -> tuple[Attack, frozenset[str] | None] | Missing:
    event = ctx.event
    found = _attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        return found
    return found, participants(ctx, found, event.round)


@FAMILY.check(
    "15.52",
    "the odds column is the actual ratio of the recorded strengths",
    reads=(CombatRoundResolved,),
)
def check_odds_column(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    if crt_table(ctx.meta) is None:
        yield Missing(reason=STANDARD_A3R)
        return
    a, d = event.attack_strength, event.defence_strength
    if a is None or d is None or event.odds is None:
        yield Missing(reason="the round does not record its strengths and odds")
        return
    if a <= 0 or d <= 0:
        return
    expected = rules.odds(a, d)
    if column_of(event.odds) != expected.column:
        yield c.finding(
            ctx,
            expected=expected.column,
            recorded=event.odds,
            message=f"{a} vs {d} is {expected.ratio}, read on the {expected.column} column; recorded {event.odds} "
            "(fractions are dropped in the defender's favour, and the attacker may not pick a lower column)",
        )


@FAMILY.check(
    "15.51",
    "the recorded strengths are the declared units' factors, DMs and support",
    reads=(CombatRoundResolved,),
)
def check_strengths(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = _round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    defence = defence_now(attack)
    if event.defence_strength is not None and event.defence_strength != defence:
        parts = " + ".join(f"{attack.left(u, d.factors)}x{attack.dm[u]}" for u, d in attack.defenders_alive().items())
        das = das_left(attack)
        if das:
            parts += f" + DAS {das}" + (f"x{rules.DAS_INVASION_MULTIPLIER}" if attack.invasion else "")
        yield c.finding(
            ctx,
            expected=defence,
            recorded=event.defence_strength,
            message=f"attack {event.attack} round {event.round}: the defence is {parts or '0'} = {defence} "
            f"(factors x DM, never below face value; 15.31, 15.35, 15.51), recorded {event.defence_strength}",
        )
    if event.attack_strength is None:
        return
    if fighting is None:
        yield Missing(reason="a later round needs every attacker's CTL")
        return
    full = attack_now(attack, fighting)
    ground = sum(attack.left(u, attack.ground[u]) for u in fighting)
    if event.round == 1 and event.attack_strength != full:
        yield c.finding(
            ctx,
            expected=full,
            recorded=event.attack_strength,
            message=f"attack {event.attack}: {ground} ground factors + {support_left(attack)} air and fleet "
            f"factors = {full} (15.51), recorded {event.attack_strength}",
        )
    elif event.round > 1 and not ground <= event.attack_strength <= full:
        yield c.finding(
            ctx,
            expected=f"{ground} to {full}",
            recorded=event.attack_strength,
            message=f"attack {event.attack} round {event.round}: the surviving attackers fighting this round give "
            f"{ground} ground factors and at most {full} with support (no new forces join, 15.73); recorded "
            f"{event.attack_strength}",
        )


def _column(event: CombatRoundResolved, attack: Attack, fighting: frozenset[str] | None) -> str | None:
    if event.odds is not None:
        return column_of(event.odds)
    if event.attack_strength and event.defence_strength:
        return rules.odds_column(event.attack_strength, event.defence_strength)
    if fighting is None:
        return None
    a, d = attack_now(attack, fighting), defence_now(attack)
    return rules.odds_column(a, d) if a > 0 and d > 0 else None


@FAMILY.check(
    "15.6",
    "the result is the CRT cell for the column and die (+1 per previous round), or a permitted substitution",
    reads=(CombatRoundResolved,),
)
def check_crt_result(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = _round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    column = _column(event, attack, fighting)
    if column is None:
        yield Missing(reason="the round's odds cannot be determined")
        return
    if column == rules.BELOW_1_4:
        if event.result != "A":
            yield c.finding(
                ctx,
                expected="A (attacker eliminated)",
                recorded=event.result,
                message=f"attack {event.attack} is below 1:4: the attacker is eliminated with no loss to the "
                f"defender and no roll (15.52); recorded {event.result}",
            )
        return
    if column not in rules.ODDS_COLUMNS:
        return
    die = die_face(ctx, event.roll)
    if die is None:
        return
    lookup = rules.crt_lookup(column, die, event.round, table=attack.table)
    if event.modified_die is not None and event.modified_die != lookup.modified_die:
        yield c.finding(
            ctx,
            expected=lookup.modified_die,
            recorded=event.modified_die,
            message=f"round {event.round} adds +{event.round - 1} to the die (15.75): die {die} gives "
            f"{lookup.modified_die}, recorded {event.modified_die}",
        )
    allowed = permitted(ctx, attack, fighting or frozenset(), lookup.result)
    if event.result not in allowed:
        options = ", ".join(r for r in rules.RESULT_ORDER if r in allowed)
        row = f"row {lookup.row}" + (" (read as 6)" if lookup.clamped else "")
        rule = "15.55" if fort_scope(attack) else "15.6"
        yield c.finding(
            ctx,
            expected=options,
            recorded=event.result,
            message=f"attack {event.attack} round {event.round}: die {die} at {column} is {row}, "
            f"{lookup.result}; recorded {event.result} (permitted: {options}; {rule}, 15.53-15.54)",
        )


@FAMILY.check(
    "15.52",
    "no prohibited attack below 1:1 (AWAW: French or Chinese, airdrops, invasions, forts; house: airdrops)",
    reads=(CombatRoundResolved,),
    id="prohibited_odds",
)
def check_prohibited_odds(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    if event.round != 1:
        return
    setup = _round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    a = event.attack_strength if event.attack_strength is not None else attack_now(attack, fighting or frozenset())
    d = event.defence_strength if event.defence_strength is not None else defence_now(attack)
    if a <= 0 or d <= 0:
        return
    airdrop_rule = cast(
        Literal["awaw_style", "a3r"], _option(ctx.meta, "air.airdrop", "awaw_style", ("awaw_style", "a3r"))
    )
    breaches = rules.min_odds_findings(
        a, d, min_odds_scopes(ctx, attack), round_no=1, table=attack.table, airdrop_rule=airdrop_rule
    )
    for b in breaches:
        yield c.finding(
            ctx,
            expected="1:1 or better",
            recorded=rules.odds(a, d).ratio,
            message=f"attack {event.attack}: {b.message}, which {b.rule} prohibits",
        )


@FAMILY.check(
    "15.71",
    "a further round only when both sides have ground units and the CTL (house: nationality and date) allows it",
    reads=(CombatRoundResolved,),
)
def check_further_round(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = _round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    if attack.ended:
        yield c.finding(
            ctx,
            expected="no further round",
            recorded=f"round {event.round}",
            message=f"attack {event.attack} has ended, yet round {event.round} is fought",
        )
        return
    if event.round != attack.last_round + 1:
        yield c.finding(
            ctx,
            expected=f"round {attack.last_round + 1}",
            recorded=f"round {event.round}",
            message=f"attack {event.attack}: round {event.round} follows round {attack.last_round} "
            "(rounds are fought in order; the DRM counts previous rounds, 15.75)",
        )
    if event.round < 2:
        return
    if fighting is None:
        yield Missing(reason="a later round needs every attacker's CTL")
        return
    a = attack_now(attack, fighting)
    d = defence_now(attack)
    breaches = rules.next_round_findings(
        event.round,
        attackers_alive=len(attack.ground_alive()),
        defenders_alive=len(attack.defenders_alive()),
        participants=fighting,
        attack=a if fighting else None,
        defence=d,
        scopes=min_odds_scopes(ctx, attack),
        table=attack.table,
    )
    for b in breaches:
        why = b.message
        if b.rule == "15.82A" or (attack.table == "a3r_house" and "no attacker" in why):
            if attack.table == "awaw":
                ctls = ", ".join(f"{u} CTL {attack.ctl[u]}" for u in sorted(attack.ground_alive()))
                why = f"{why}: {ctls}; CTL n allows n rounds"
            else:
                nats = sorted({house_nationality(ctx, u) for u in attack.ground_alive()})
                why = f"{why}: {', '.join(nats)} in {ctx.event.season} {ctx.event.year} (house 15.71-15.72)"
        yield c.finding(
            ctx,
            expected="no further round",
            recorded=f"round {event.round}",
            message=f"attack {event.attack}: {why} ({b.rule})",
        )


@FAMILY.observe(CombatRoundResolved)
def _remember_round(ctx: AuditContext[CombatRoundResolved]) -> None:
    event = ctx.event
    attack = attacks(ctx).get(event.attack)
    if attack is None:
        return
    fighting = participants(ctx, attack, event.round)
    if fighting is None:
        fighting = frozenset(attack.ground_alive())
    column = _column(event, attack, fighting)
    die = die_face(ctx, event.roll)
    rolled: CombatResult | None = None
    if column in rules.ODDS_COLUMNS and die is not None:
        rolled = rules.crt_result(column, die, event.round, table=attack.table)
    rnd = Round(event.round, event.result, rolled, column == rules.BELOW_1_4, fighting)
    rnd.requirement = _requirement(ctx, attack, rnd)
    rnd.pools = {
        "attacker": attacker_pool(attack, rnd),
        "defender_face": defender_pool(attack, False),
        "defender_modified": defender_pool(attack, True),
    }
    rnd.defending = defending_units(attack)
    rnd.das = rules.das_strength(das_left(attack), invasion=attack.invasion)
    attack.rounds[event.round] = rnd
    attack.last_round = max(attack.last_round, event.round)


# ---------------------------------------------------------------------------------------------------------------
# Losses (15.61, 15.62, 15.551, 15.632)
# ---------------------------------------------------------------------------------------------------------------


def _requirement(ctx: AuditContext[Any], attack: Attack, rnd: Round) -> rules.LossRequirement:
    if rnd.below_1_4:
        return rules.automatic_elimination()
    d_base = cast(
        rules.DBase,
        _option(ctx.meta, "combat.d_base", rules.D_BASE_DEFAULT[attack.table], ("ground_face", "ground_and_das_face")),
    )
    return rules.losses_required(
        rnd.result,
        attack=attack_now(attack, rnd.participants),
        defenders=defending_units(attack),
        das_factors=das_left(attack),
        invasion=attack.invasion,
        table=attack.table,
        d_base=d_base,
    )


def _tokens(unit: str, count: int, value: int = 1) -> dict[str, int]:
    return {f"{unit}#{i}": value for i in range(count)}


def attacker_pool(attack: Attack, rnd: Round) -> tuple[dict[str, int], frozenset[str]]:
    """Face factors the attacker may lose: whole ground units fighting the round, air and fleet factor by factor;
    and the token names that are air."""
    pool = {u: attack.left(u, attack.ground[u]) for u in rnd.participants if attack.left(u, attack.ground[u]) > 0}
    air: set[str] = set()
    for u, f in attack.air.items():
        tokens = _tokens(u, attack.left(u, f))
        pool.update(tokens)
        air.update(tokens)
    for u, f in attack.fleet.items():
        pool.update(_tokens(u, attack.left(u, f)))
    return pool, frozenset(air)


def defender_pool(attack: Attack, modified: bool) -> tuple[dict[str, int], frozenset[str]]:
    """What the defender may lose: whole ground units (face, or DM-modified strength) and DAS factor by factor (at
    its strength when modified)."""
    pool = {
        u: attack.left(u, d.factors) * (attack.dm[u] if modified else 1) for u, d in attack.defenders_alive().items()
    }
    per = rules.das_strength(1, invasion=attack.invasion) if modified else 1
    air: set[str] = set()
    for u, f in attack.das.items():
        tokens = _tokens(u, attack.left(u, f), per)
        pool.update(tokens)
        air.update(tokens)
    return pool, frozenset(air)


def lost_tokens(pool: Mapping[str, int], losses: list[tuple[str, int]]) -> tuple[list[str], list[str]]:
    """The recorded losses as pool entries, and the units that could not be found in the pool."""
    lost: list[str] = []
    strays: list[str] = []
    for unit, factors in losses:
        if unit in pool:
            lost.append(unit)
            continue
        tokens = [f"{unit}#{i}" for i in range(factors)]
        if factors == 0 or any(t not in pool for t in tokens):
            strays.append(unit)
        else:
            lost.extend(tokens)
    return lost, strays


def _involuntary_retry(
    attack: Attack, lost: list[str], pool: dict[str, int], air: frozenset[str], need: int | None
) -> bool:
    """House 15.632: air above 3:1 of the surviving ground units (all of it when none survive) is eliminated too;
    a loss set is legal if removing that air leaves a legal set."""
    ground_left = sum(v for u, v in pool.items() if u not in air and u not in lost and "#" not in u)
    air_total = sum(pool[t] for t in air)
    extra = rules.involuntary_air_losses(air_total, ground_left, final_round=True, table=attack.table)
    lost_air = [t for t in lost if t in air]
    drop = lost_air[len(lost_air) - min(extra, len(lost_air)) :] if extra else []
    if not drop:
        return False
    trimmed_pool = {u: v for u, v in pool.items() if u not in drop}
    trimmed = [u for u in lost if u not in drop]
    return not rules.loss_set_findings(trimmed, trimmed_pool, need)


@FAMILY.check(
    "15.62",
    "losses meet the result's requirement (rounded up) without unnecessary eliminations",
    reads=(CombatLossesTaken,),
)
def check_losses(c: Check, ctx: AuditContext[CombatLossesTaken]) -> Result:
    event = ctx.event
    found = _attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    rnd = attack.rounds.get(event.round)
    if rnd is None:
        yield c.finding(
            ctx,
            expected="a resolved round",
            recorded=f"round {event.round}",
            message=f"losses for round {event.round} of attack {event.attack}, which was not fought",
        )
        return
    requirement = rnd.requirement
    if requirement is None:
        return
    side = requirement.attacker if event.loser == "attacker" else requirement.defender
    if event.loser == "attacker":
        pool, air = rnd.pools["attacker"]
    else:
        pool, air = rnd.pools["defender_modified" if side.measure == "modified" else "defender_face"]
    lost, strays = lost_tokens(pool, [(u.unit, u.factors) for u in event.losses])
    if strays:
        yield c.finding(
            ctx,
            expected=f"units of the {event.loser}",
            recorded=", ".join(strays),
            message=f"attack {event.attack}: {', '.join(strays)} lost as {event.loser} losses, but did not fight "
            "this round (or has fewer factors left)",
        )
    need: int | None = None if side.everything else side.factors
    label = (
        "everything" if side.everything else f"{side.factors} {'strength' if side.measure == 'modified' else 'factors'}"
    )
    mixed = (
        event.loser == "attacker"
        and fort_scope(attack)
        and rnd.rolled is not None
        and rnd.result in ("Ex-1", "Ex-2", "Ex-3")
        and len({attack.ctl.get(u) for u in rnd.participants}) > 1
    )
    if mixed and rnd.rolled is not None:
        attackers = {u: rules.MixedCtlAttacker(v, None if "#" in u else attack.ctl.get(u)) for u, v in pool.items()}
        breaches = rules.mixed_ctl_loss_findings(rnd.rolled, attackers, lost, rnd.defending, rnd.das)
        label = f"{label} (15.551: by the lowest CTL still attacking)"
    else:
        breaches = rules.loss_set_findings(lost, pool, need)
    if breaches and attack.table == "a3r_house" and air and _involuntary_retry(attack, lost, pool, air, need):
        breaches = ()
    for b in breaches:
        total = sum(pool[u] for u in lost)
        spare = "unnecessary" in b.message
        yield c.finding(
            ctx,
            expected=label,
            recorded=total,
            message=f"attack {event.attack} round {event.round}: {rnd.result} requires the {event.loser} to lose "
            f"{label}; {b.message} ({'15.62: no unnecessary eliminations' if spare else b.rule})",
        )


@FAMILY.observe(CombatLossesTaken)
def _remember_losses(ctx: AuditContext[CombatLossesTaken]) -> None:
    event = ctx.event
    attack = attacks(ctx).get(event.attack)
    if attack is None:
        return
    for u in event.losses:
        whole = attack.ground.get(u.unit) if event.loser == "attacker" else None
        if whole is None and event.loser == "defender" and u.unit in attack.defenders:
            whole = attack.defenders[u.unit].factors
        attack.lost[u.unit] = attack.lost.get(u.unit, 0) + (whole if whole is not None else u.factors)
    rnd = attack.rounds.get(event.round)
    if rnd is not None:
        rnd.losses_seen.add(event.loser)


def _unpaid(ctx: AuditContext[Any], attack: Attack) -> Iterator[tuple[str, str]]:
    rnd = attack.rounds.get(attack.last_round)
    if rnd is None:
        return
    requirement = rnd.requirement
    if requirement is None:
        return
    for loser, side in (("attacker", requirement.attacker), ("defender", requirement.defender)):
        if loser in rnd.losses_seen or not (side.everything or side.factors > 0):
            continue
        if rnd.pools["attacker" if loser == "attacker" else "defender_face"][0]:
            yield loser, "everything" if side.everything else f"{side.factors}"


@FAMILY.check(
    "15.61",
    "every loss a round's result requires is recorded before the attack goes on or ends",
    reads=(CombatRoundResolved, AttackEnded),
)
def check_losses_recorded(c: Check, ctx: AuditContext[CombatRoundResolved | AttackEnded]) -> Result:
    event = ctx.event
    attack = attacks(ctx).get(event.attack)
    if attack is None or crt_table(ctx.meta) is None or not attack.rounds or attack.ended:
        return
    if isinstance(event, CombatRoundResolved) and event.round <= attack.last_round:
        return
    rnd = attack.rounds[attack.last_round]
    what = "the odds below 1:4 (15.52) require" if rnd.below_1_4 else f"{rnd.result} requires"
    for loser, amount in _unpaid(ctx, attack):
        yield c.finding(
            ctx,
            expected=f"{loser} loses {amount}",
            recorded="no losses",
            message=f"attack {event.attack} round {rnd.number}: {what} the {loser} to lose {amount}, but no "
            "combat_losses_taken was recorded",
        )


@FAMILY.observe(AttackEnded)
def _remember_end(ctx: AuditContext[AttackEnded]) -> None:
    attack = attacks(ctx).get(ctx.event.attack)
    if attack is not None:
        attack.ended = True


# ---------------------------------------------------------------------------------------------------------------
# Advance after combat and stacking (15.9, 12.1, 12.16)
# ---------------------------------------------------------------------------------------------------------------


def all_defenders_gone(attack: Attack, hex_: str | None = None) -> bool:
    alive = attack.defenders_alive()
    return not any(hex_ is None or d.hex in (None, hex_) for d in alive.values())


def _final_fighters(attack: Attack) -> frozenset[str]:
    rnd = attack.rounds.get(attack.last_round)
    return rnd.participants if rnd is not None else frozenset()


@FAMILY.check(
    "15.91",
    "only surviving, supplied attackers of the final round advance, into a hex emptied of defenders",
    reads=(AdvanceAfterCombat,),
)
def check_advance(c: Check, ctx: AuditContext[AdvanceAfterCombat]) -> Result:
    event = ctx.event
    if not event.moves:
        return
    found = _attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    final = _final_fighters(attack)
    roles = {a.unit: a.role for a in attack.decl.attackers}
    candidates = []
    for m in event.moves:
        unit = ctx.state.board.units.get(m.unit)
        candidates.append(
            rules.AdvanceCandidate(
                unit=m.unit,
                attacked=m.unit in attack.ground,
                survived_final_round=m.unit in final and attack.left(m.unit, attack.ground.get(m.unit, 0)) > 0,
                supplied=unit is None or unit.supply not in UNSUPPLIED,
                airdropped=roles.get(m.unit) == "airdropped",
                defender=m.unit in attack.defenders,
            )
        )
        if roles.get(m.unit) == "shock_army":
            yield c.finding(
                ctx,
                expected="no advance",
                recorded=m.unit,
                message=f"shock army {m.unit} advanced; shock armies are eliminated after regular ground combat, "
                "before advance after combat (12.16)",
            )
        if m.to not in attack.decl.defender_hexes:
            yield c.finding(
                ctx,
                expected=" or ".join(attack.decl.defender_hexes),
                recorded=m.to,
                message=f"{m.unit} advanced to {m.to}, which is not a hex of attack {event.attack} (15.91)",
            )
    for b in rules.advance_findings(all_defenders_gone(attack), candidates):
        yield c.finding(
            ctx, expected="no advance", recorded=b.message, message=f"attack {event.attack}: {b.message} ({b.rule})"
        )


@FAMILY.check(
    "12.11",
    "units advancing after combat fit the stacking limits of the hex",
    reads=(AdvanceAfterCombat,),
)
def check_advance_stacking(c: Check, ctx: AuditContext[AdvanceAfterCombat]) -> Result:
    event = ctx.event
    attack = attacks(ctx).get(event.attack)
    dropped = [a.unit for a in attack.decl.attackers if a.role == "airdropped"] if attack else []
    per_hex: dict[str, tuple[int, int]] = {}
    for m in event.moves:
        unit = ctx.state.board.units.get(m.unit)
        if unit is None or unit.unit_type == "flak":
            continue
        ground, special = per_hex.get(m.to, (0, 0))
        if unit.unit_type in SPECIALIZED_TYPES:
            per_hex[m.to] = (ground, special + 1)
        else:
            per_hex[m.to] = (ground + 1, special)
    for hex_, (ground, special) in per_hex.items():
        # the defenders are gone: besides the advancing units, only airborne dropped on the hex can be there
        special += sum(1 for u in dropped if (unit := ctx.state.board.units.get(u)) and unit.location == hex_)
        kind: rules.StackHex = "bridgehead" if hex_ in ctx.state.board.bridgeheads else "standard"
        for b in rules.stacking_findings(kind, ground_units=ground, specialized_units=special):
            yield c.finding(
                ctx,
                expected="within the limit",
                recorded=f"{ground} + {special}",
                message=f"advance into {hex_}: {b.message} ({b.rule})",
            )


@FAMILY.observe(AdvanceAfterCombat)
def _remember_advance(ctx: AuditContext[AdvanceAfterCombat]) -> None:
    attack = attacks(ctx).get(ctx.event.attack)
    if attack is not None:
        for m in ctx.event.moves:
            attack.advanced.setdefault(m.to, []).append(m.unit)


# ---------------------------------------------------------------------------------------------------------------
# Breakthroughs and exploitation (16.1, 16.31; house 15.82)
# ---------------------------------------------------------------------------------------------------------------


def _is_armor(ctx: AuditContext[Any], attack: Attack, unit_id: str) -> bool:
    unit = ctx.state.board.units.get(unit_id)
    return (unit is not None and unit.unit_type == "armor") or any(
        a.unit == unit_id and a.armor for a in attack.decl.attackers
    )


@FAMILY.check(
    "16.11",
    "a breakthrough needs a regular attack that cleared the hex, fit armor in the final round and an advance",
    reads=(BreakthroughCreated,),
)
def check_breakthrough(c: Check, ctx: AuditContext[BreakthroughCreated]) -> Result:
    event = ctx.event
    found = _attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    final = _final_fighters(attack)
    armor = []
    for u in sorted(final):
        if not _is_armor(ctx, attack, u):
            continue
        unit = ctx.state.board.units.get(u)
        supplied = unit is None or unit.supply not in NOT_FULLY_SUPPLIED
        armor.append(rules.BreakthroughArmor(supplied, True, attack.ctl.get(u) or 0))
    kind: rules.AttackKind = "exploitation" if attack.decl.kind == "exploitation" else "regular"
    roles = {a.unit: a.role for a in attack.decl.attackers}
    movers = [u for u in attack.advanced.get(event.hex, []) if u in attack.ground]
    breaches = list(
        rules.breakthrough_findings(
            kind=kind,
            all_defenders_eliminated=all_defenders_gone(attack, event.hex),
            final_round_armor=armor,
            advanced=bool(movers),
            advanced_only_airdropped=bool(movers) and all(roles.get(u) == "airdropped" for u in movers),
        )
    )
    if event.armor not in final or not _is_armor(ctx, attack, event.armor):
        breaches.append(Breach("16.11A", f"{event.armor} is not an armor unit that fought the final round"))
    if event.hex not in attack.decl.defender_hexes:
        breaches.append(Breach("16.11", f"{event.hex} was not attacked in attack {event.attack}"))
    for b in breaches:
        yield c.finding(
            ctx,
            expected="no breakthrough",
            recorded=event.breakthrough,
            message=f"breakthrough {event.breakthrough} in {event.hex}: {b.message} ({b.rule})",
        )


@FAMILY.observe(BreakthroughCreated)
def _remember_breakthrough(ctx: AuditContext[BreakthroughCreated]) -> None:
    ctx.scratch.setdefault("cb_breakthroughs", {})[ctx.event.breakthrough] = ctx.event.attack


_BREAKTHROUGH_TERRAIN: Final[dict[str, rules.BreakthroughTerrain]] = {
    "forest": "forest",
    "mountain": "mountain",
    "swamp": "swamp",
    "jungle": "jungle",
    "other": "other",
}
"""``attack_declared.terrain`` as the terrains 16.31D knows (desert and city are clear for exploitation)."""

WEATHER_CODES: Final = ("weather", "winter", "mud", "monsoon")
"""Modifier codes taken as claimed weather cuts (34.41; checked with the weather, not here)."""


@FAMILY.check(
    "16.31",
    "the exploitation allowance is the printed MF adjusted for CTL and the breakthrough hex (house 15.82)",
    reads=(ExploitationAllowance,),
)
def check_exploitation_allowance(c: Check, ctx: AuditContext[ExploitationAllowance]) -> Result:
    event = ctx.event
    table = crt_table(ctx.meta)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    mf = printed_movement(ctx).get(event.unit)
    unit = ctx.state.board.units.get(event.unit)
    if mf is None or unit is None:
        yield Missing(reason=f"the printed MF of {event.unit} is not recorded (unit_placed.movement)")
        return
    weather = sum(m.value for m in event.modifiers if any(w in m.code for w in WEATHER_CODES))
    if table == "a3r_house":
        nationality = house_nationality(ctx, event.unit)
        base: int | None = rules.house_exploitation_allowance(mf, nationality, event.year, event.season)
        why = "house 15.82: WA and Russian armor halved before Summer 1942, Italian before 1946"
    else:
        attack_id = ctx.scratch.get("cb_breakthroughs", {}).get(event.breakthrough)
        attack = attacks(ctx).get(attack_id) if attack_id else None
        if attack is None:
            yield Missing(reason=f"breakthrough {event.breakthrough} was not recorded in this player turn")
            return
        faction = FACTION_OF_POWER.get(cast(Any, unit.owner))
        level = ctx.state.board.ctl.get(f"{faction}/ground")
        if level is None:
            yield Missing(reason=f"no ground CTL recorded for {faction}")
            return
        ctl = rules.effective_ctl(level, partial_supply_or_army_oil=unit.supply == "partial")
        theater: Theater = "pacific" if attack.decl.defender_hexes[0].startswith(PACIFIC_PREFIX) else "europe"
        order = cast(
            rules.ExploitOrder,
            _option(
                ctx.meta, "combat.exploit_order", "halve_then_terrain", ("halve_then_terrain", "terrain_then_halve")
            ),
        )
        base = rules.exploitation_allowance(
            mf,
            ctl=ctl,
            theater=theater,
            breakthrough_terrain=_BREAKTHROUGH_TERRAIN.get(attack.decl.terrain or "", "clear"),
            japanese=unit.nationality == "japan",
            invasion_breakthrough=attack.invasion,
            order=order,
        )
        why = f"16.31: printed MF {mf}, CTL {ctl}, {attack.decl.terrain or 'clear'} breakthrough hex"
    if base is None:
        yield c.finding(
            ctx,
            expected="no exploitation",
            recorded=event.allowance,
            message=f"{event.unit} may not exploit ({why}; CTL 0 or less, or terrain, forbids it: 15.82C, 16.31D)",
        )
        return
    expected = max(rules.MIN_EXPLOITATION_MF, base + weather) if weather else base
    if event.allowance != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.allowance,
            message=f"{event.unit} exploits with {expected} MF ({why}"
            + (f", weather {weather:+d}" if weather else "")
            + f"), recorded {event.allowance}",
        )


# ---------------------------------------------------------------------------------------------------------------
# Overruns (13.5, 15.34)
# ---------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "13.52",
    "overruns: one or two armor or mechanized units, at 6:1 or better when successful",
    reads=(OverrunResolved,),
)
def check_overrun(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    units = []
    for u in event.units:
        unit = ctx.state.board.units.get(u.unit)
        if unit is None:
            yield Missing(reason=f"overrunning unit {u.unit} is not on the board")
            return
        kind: rules.OverrunUnitKind = unit.unit_type if unit.unit_type in ("armor", "mech_infantry") else "other"  # type: ignore[assignment]
        units.append(rules.OverrunUnit(kind))
    theater: Theater = "pacific" if event.target.startswith(PACIFIC_PREFIX) else "europe"
    a, d = event.attack_strength, event.defence_strength
    breaches = list(rules.overrun_findings(units, attack=a, defence=d, theater=theater))
    odds_ok = a > 0 and d > 0 and rules.overrun_odds_ok(a, d)
    if not event.success:
        breaches = [b for b in breaches if "6:1 needed" not in b.message]
        if odds_ok:
            breaches.append(Breach("13.531", f"recorded as failed at {rules.odds(a, d).ratio}, which succeeds"))
    ratio = rules.odds(a, d).ratio if a > 0 and d > 0 else f"{a}:{d}"
    for b in breaches:
        yield c.finding(
            ctx,
            expected="6:1 or better" if "6:1" in b.message else "a legal overrun",
            recorded=ratio,
            message=f"overrun {event.overrun} of {event.target} ({a} vs {d}): {b.message} ({b.rule})",
        )
