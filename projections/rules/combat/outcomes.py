"""Battle odds: the exact distribution of a ground attack's end states over every round the rules allow (15.5-15.8),
and of an attrition's results (14.41-14.43), read from the tables with no simulation.

Each round is the CRT read for each of the six faces (15.6, the +1 per earlier round of 15.75), the substitutions the
rules impose (15.54 early German, 15.55 against forts by the lowest attacking CTL, through
:func:`~projections.rules.combat.results.final_result`), the losses of :func:`~.losses.losses_required` (15.61,
15.62) and the 3:1 air limit after them (15.632, by the game's reading). A further round is fought while 15.71-15.74
allow one (both sides keep a ground unit, some attacker's rounds allow it, AWAW 15.74 does not stop it), so the
distribution is that of an attacker who goes on as long as the rules let him; ``max_rounds`` stops earlier.

Where the rules leave a choice to a player, the model makes one and says so:

* losses: each side loses the fewest factors that meet the requirement (15.62 forbids more), a tie broken by losing
  air (or DAS) factors before ground units, then the units listed last; a whole-unit set chosen this way can lose no
  unit without falling short, so it is a legal set (:func:`~.losses.loss_set_findings`);
* the attacker never takes Ex for a d (15.53) and the defender never uses a 15.55 option, unless asked
  (``attacker_takes_ex``, ``defender_converts``);
* a round after the first whose odds fall below 1:4 is not fought: it would eliminate the attacker with no roll
  (15.52), and going on is the attacker's choice (15.71);
* a breakthrough (16.11) is counted where a regular attack eliminated every defender and an armor unit with CTL >= 1
  fought and survived the final round: it assumes that armor is fully supplied with its mechanized part intact
  (16.11A), which the caller says by passing ``armor=False`` for armor that is not;
* 15.551 (mixed CTLs against forts) is not modelled: the Ex-k losses are the force's, at its lowest CTL.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Final

import msgspec

from awaw_events.vocab import CombatResult
from projections.rules.attrition import AttritionVariant, attrition_result
from projections.rules.combat.exploitation import BREAKTHROUGH_MIN_CTL
from projections.rules.combat.losses import DBase, SideLoss, involuntary_air_losses, losses_required
from projections.rules.combat.odds import (
    BELOW_1_4,
    CrtTable,
    MinOddsScope,
    OddsColumn,
    min_odds_findings,
    odds,
    odds_stop_further_rounds,
)
from projections.rules.combat.results import (
    RESULT_ORDER,
    AttackKind,
    ResultContext,
    crt_lookup,
    final_result,
)
from projections.rules.combat.rounds import rounds_allowed_by_ctl
from projections.rules.combat.strength import DefendingUnit, das_strength
from projections.rules.dice import DIE_FACES

FACE: Final = Fraction(1, DIE_FACES)
"""The chance of one face of a fair die."""


class Attacker(msgspec.Struct, frozen=True):
    """An attacking ground unit: printed factors, CTL (15.8), the rounds it may fight (15.82A: its CTL; the house
    table by nationality and date, 15.71-15.72) and whether it is armor that could make a breakthrough (16.11A)."""

    unit: str
    factors: int
    ctl: int = 1
    rounds: int | None = None
    armor: bool = False

    @property
    def may_fight(self) -> int:
        """Rounds it may fight: ``rounds`` as given, else those its CTL allows (15.82A)."""
        return self.rounds if self.rounds is not None else rounds_allowed_by_ctl(self.ctl)


class Defender(msgspec.Struct, frozen=True):
    """A defending ground unit: printed factors and net DM multiplier (15.3)."""

    unit: str
    factors: int
    dm: int

    @property
    def strength(self) -> int:
        return DefendingUnit(self.factors, self.dm).strength


class Battle(msgspec.Struct, frozen=True):
    """An attack to weigh: the forces, the support, and the rules' facts that decide its rounds."""

    attackers: tuple[Attacker, ...]
    defenders: tuple[Defender, ...]
    support: int = 0
    """Ground-support air factors (15.41); they count in the attack and may be taken as losses (15.631)."""
    das: int = 0
    """Defensive air support factors (15.51; tripled against an invasion, 18.611)."""
    invasion: bool = False
    kind: AttackKind = "regular"
    table: CrtTable = "awaw"
    context: ResultContext = msgspec.field(default_factory=ResultContext)
    """The substitutions in force (15.54, 15.55); its ``lowest_attacking_ctl`` is set per round from the fighters."""
    scopes: frozenset[MinOddsScope] = frozenset()
    d_base: DBase | None = None
    max_rounds: int | None = None
    attacker_takes_ex: bool = False
    defender_converts: bool = False


class EndState(msgspec.Struct, frozen=True):
    """How an attack ends: who is left on each side, after how many rounds, and whether a breakthrough may follow."""

    attackers_left: tuple[str, ...]
    support_left: int
    defenders_left: tuple[str, ...]
    das_left: int
    rounds: int
    results: tuple[CombatResult, ...]
    """The result applied in each round fought (``A`` for an automatic elimination below 1:4)."""
    breakthrough: bool
    read_above_6: bool
    """A round read a modified die above 6 as row 6 (option ``combat.crt_above_6``)."""


class Distribution(msgspec.Struct, frozen=True):
    """Every end state of an attack with its exact chance (summing to 1), and the first round's results."""

    battle: Battle
    outcomes: tuple[tuple[EndState, Fraction], ...]
    first_round: tuple[tuple[CombatResult, Fraction], ...]
    column: str
    """The first round's CRT column (``below_1:4``: no roll, the attacker is eliminated, 15.52)."""
    attack: int
    defence: int

    def chance(self, *, defender_eliminated: bool | None = None, breakthrough: bool | None = None) -> Fraction:
        """The chance of the end states matching the flags given."""
        return sum(
            (
                p
                for s, p in self.outcomes
                if (defender_eliminated is None or (not s.defenders_left) == defender_eliminated)
                and (breakthrough is None or s.breakthrough == breakthrough)
            ),
            Fraction(0),
        )

    @property
    def attacker_eliminated(self) -> Fraction:
        return sum((p for s, p in self.outcomes if not s.attackers_left), Fraction(0))

    def attacker_loss(self, state: EndState) -> int:
        """Factors the attacker lost in an end state (ground and ground-support air)."""
        left = {u.unit: u.factors for u in self.battle.attackers if u.unit in state.attackers_left}
        return (
            sum(u.factors for u in self.battle.attackers)
            + self.battle.support
            - sum(left.values())
            - (state.support_left)
        )

    def defender_loss(self, state: EndState) -> int:
        """Factors the defender lost in an end state (ground and DAS)."""
        left = sum(d.factors for d in self.battle.defenders if d.unit in state.defenders_left)
        return sum(d.factors for d in self.battle.defenders) + self.battle.das - left - state.das_left

    def expected_losses(self) -> tuple[Fraction, Fraction]:
        """The mean factors lost by the attacker and by the defender."""
        att = sum((p * self.attacker_loss(s) for s, p in self.outcomes), Fraction(0))
        dfn = sum((p * self.defender_loss(s) for s, p in self.outcomes), Fraction(0))
        return att, dfn

    def losses(self) -> tuple[tuple[int, int, Fraction], ...]:
        """The chance of each pair (attacker factors lost, defender factors lost), most likely first."""
        found: dict[tuple[int, int], Fraction] = {}
        for s, p in self.outcomes:
            key = (self.attacker_loss(s), self.defender_loss(s))
            found[key] = found.get(key, Fraction(0)) + p
        return tuple(sorted(((a, d, p) for (a, d), p in found.items()), key=lambda t: (-t[2], t[0], t[1])))


class ProhibitedAttack(ValueError):
    """The attack may not be made at these odds (15.52): the message names the rule."""


class _Now(msgspec.Struct, frozen=True):
    attackers: frozenset[str]
    support: int
    defenders: frozenset[str]
    das: int
    results: tuple[CombatResult, ...] = ()
    read_above_6: bool = False


def distribution(battle: Battle) -> Distribution:
    """The exact distribution of end states of ``battle`` (see the module's text for the choices it models).

    Raises :class:`ProhibitedAttack` for a first round the odds forbid (15.52) and ``ValueError`` for a battle with
    no attacking or no defending strength."""
    by_id = {a.unit: a for a in battle.attackers}
    defs = {d.unit: d for d in battle.defenders}
    start = _Now(frozenset(by_id), battle.support, frozenset(defs), battle.das)
    a0, d0 = _strengths(battle, start, 1)
    if a0 <= 0 or d0 <= 0:
        raise ValueError(f"odds need an attack and a defence, got {a0} against {d0}")
    breaches = min_odds_findings(a0, d0, battle.scopes, table=battle.table)
    if breaches:
        raise ProhibitedAttack(f"{breaches[0].message} is prohibited ({breaches[0].rule})")
    ended: dict[EndState, Fraction] = {}
    first: dict[CombatResult, Fraction] = {}
    live: dict[_Now, Fraction] = {start: Fraction(1)}
    round_no = 1
    while live:
        following: dict[_Now, Fraction] = {}
        for now, p in live.items():
            for after, q, result in _round(battle, now, round_no):
                if round_no == 1:
                    first[result] = first.get(result, Fraction(0)) + q
                if _goes_on(battle, after, round_no + 1):
                    following[after] = following.get(after, Fraction(0)) + p * q
                else:
                    state = _end(battle, after, round_no)
                    ended[state] = ended.get(state, Fraction(0)) + p * q
        live = following
        round_no += 1
    order = sorted(ended.items(), key=lambda sp: (-sp[1], sp[0].rounds, sp[0].results))
    firsts = tuple((r, first[r]) for r in RESULT_ORDER if r in first)
    return Distribution(battle, tuple(order), firsts, odds(a0, d0).column, a0, d0)


def _fighting(battle: Battle, now: _Now, round_no: int) -> list[Attacker]:
    return [a for a in battle.attackers if a.unit in now.attackers and a.may_fight >= round_no]


def _strengths(battle: Battle, now: _Now, round_no: int) -> tuple[int, int]:
    attack = sum(a.factors for a in _fighting(battle, now, round_no)) + now.support
    ground = sum(d.strength for d in battle.defenders if d.unit in now.defenders)
    return attack, ground + das_strength(now.das, invasion=battle.invasion)


def _goes_on(battle: Battle, now: _Now, round_no: int) -> bool:
    """Whether round ``round_no`` is fought (15.71-15.74; see the module's text on rounds below 1:4)."""
    if battle.max_rounds is not None and round_no > battle.max_rounds:
        return False
    if not now.defenders or not _fighting(battle, now, round_no):
        return False
    attack, defence = _strengths(battle, now, round_no)
    if odds(attack, defence).column == BELOW_1_4:
        return False
    return not odds_stop_further_rounds(attack, defence, battle.scopes, table=battle.table)


def _round(battle: Battle, now: _Now, round_no: int) -> list[tuple[_Now, Fraction, CombatResult]]:
    """Each way round ``round_no`` can go from ``now``: the state after its losses, its chance, the result."""
    fighters = _fighting(battle, now, round_no)
    attack, defence = _strengths(battle, now, round_no)
    column = odds(attack, defence).column
    if column == BELOW_1_4:  # 15.52: no roll, the attacking force is eliminated
        gone = now.attackers - {a.unit for a in fighters}
        return [(_Now(gone, 0, now.defenders, now.das, (*now.results, "A"), now.read_above_6), Fraction(1), "A")]
    ctx = ResultContext(
        table=battle.context.table,
        fort_scope=battle.context.fort_scope,
        lowest_attacking_ctl=min(a.ctl for a in fighters),
        initial_japanese_surprise_turn=battle.context.initial_japanese_surprise_turn,
        early_german=battle.context.early_german,
        fort_conversion=battle.context.fort_conversion,
    )
    out: list[tuple[_Now, Fraction, CombatResult]] = []
    for die in range(1, DIE_FACES + 1):
        lookup = crt_lookup(_column(column), die, round_no, table=battle.table)
        result = final_result(
            lookup.result,
            ctx,
            attacker_takes_ex=battle.attacker_takes_ex,
            defender_converts=battle.defender_converts,
        )
        after = _apply(battle, now, fighters, attack, result)
        after = _Now(after.attackers, after.support, after.defenders, after.das, (*now.results, result),
                     now.read_above_6 or lookup.clamped)  # fmt: skip
        out.append((_air_limit(battle, after, round_no), FACE, result))
    return out


def _column(column: str) -> OddsColumn:
    assert column != BELOW_1_4
    return column  # type: ignore[return-value]


def _apply(battle: Battle, now: _Now, fighters: Sequence[Attacker], attack: int, result: CombatResult) -> _Now:
    defenders = [DefendingUnit(d.factors, d.dm) for d in battle.defenders if d.unit in now.defenders]
    need = losses_required(
        result,
        attack=attack,
        defenders=defenders,
        das_factors=now.das,
        invasion=battle.invasion,
        table=battle.table,
        d_base=battle.d_base,
    )
    lost_a, air_a = _lose([(a.unit, a.factors) for a in fighters], now.support, 1, need.attacker)
    d_units = [d for d in battle.defenders if d.unit in now.defenders]
    modified = need.defender.measure == "modified"
    per_das = das_strength(1, invasion=battle.invasion) if modified else 1
    pool = [(d.unit, d.strength if modified else d.factors) for d in d_units]
    lost_d, das_lost = _lose(pool, now.das, per_das, need.defender)
    return _Now(now.attackers - lost_a, now.support - air_a, now.defenders - lost_d, now.das - das_lost)


def _lose(units: Sequence[tuple[str, int]], air: int, per_air: int, need: SideLoss) -> tuple[frozenset[str], int]:
    """The units lost whole and the air factors lost to meet ``need``: everything, or the fewest factors that reach
    it (ties: air first, then the units listed last; see the module's text)."""
    if need.everything:
        return frozenset(u for u, _ in units), air
    if need.factors <= 0:
        return frozenset(), 0
    best: tuple[tuple[int, int, tuple[int, ...]], frozenset[str], int] | None = None
    index = {u: i for i, (u, _) in enumerate(units)}
    for size in range(len(units) + 1):
        for chosen in combinations(units, size):
            ground = sum(v for _, v in chosen)
            short = max(0, need.factors - ground)
            air_needed = -(-short // per_air)
            if air_needed > air:
                continue
            total = ground + air_needed * per_air
            key = (total, ground, tuple(sorted((-index[u] for u, _ in chosen))))
            if best is None or key < best[0]:
                best = (key, frozenset(u for u, _ in chosen), air_needed)
    if best is None:  # the requirement exceeds the pool: everything
        return frozenset(u for u, _ in units), air
    return best[1], best[2]


def _air_limit(battle: Battle, now: _Now, round_no: int) -> _Now:
    """15.632 after the round's losses, by the game's reading (the final round is the one after which no other is
    fought)."""
    final = not _goes_on(battle, now, round_no + 1)
    ground_a = sum(a.factors for a in battle.attackers if a.unit in now.attackers)
    ground_d = sum(d.factors for d in battle.defenders if d.unit in now.defenders)
    air = involuntary_air_losses(now.support, ground_a, final_round=final, table=battle.table)
    das = involuntary_air_losses(now.das, ground_d, final_round=final, table=battle.table)
    if not air and not das:
        return now
    return _Now(now.attackers, now.support - air, now.defenders, now.das - das, now.results, now.read_above_6)


def _end(battle: Battle, now: _Now, rounds: int) -> EndState:
    armor = [a for a in battle.attackers if a.armor and a.ctl >= BREAKTHROUGH_MIN_CTL and a.may_fight >= rounds]
    breakthrough = battle.kind == "regular" and not now.defenders and any(a.unit in now.attackers for a in armor)
    return EndState(
        tuple(a.unit for a in battle.attackers if a.unit in now.attackers),
        now.support,
        tuple(d.unit for d in battle.defenders if d.unit in now.defenders),
        now.das,
        rounds,
        now.results,
        breakthrough,
        now.read_above_6,
    )


# ---------------------------------------------------------------------------------------------------------------
# Attrition (14.41-14.43)


def attrition_distribution(
    factors: int, modifier: int, *, pacific: bool = False, variant: AttritionVariant = "awaw"
) -> tuple[tuple[tuple[int, ...], str, Fraction], ...]:
    """An attrition's results by chance (14.41, 14.43): ``(modified rolls giving it, the table's label, chance)``
    for each result, in the order of the die's faces."""
    found: dict[str, list[int]] = {}
    for die in range(1, DIE_FACES + 1):
        label = attrition_result(factors, die + modifier, pacific=pacific, variant=variant).label
        found.setdefault(label, []).append(die + modifier)
    return tuple((tuple(rolls), label, FACE * len(rolls)) for label, rolls in found.items())
