"""Odds (AWAW 15.51, 15.52; A3R house 2.3.2) and the odds-based prohibitions (15.52, 15.74; house airdrops).

Sources: 10-16 extract 1.8, 5.1 (AUD-15-09, EX-22); A3R extract 2.3.2 (C-CRT-1, C-CRT-6, T-C1, T-C2).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Final, Literal, get_args

import msgspec

from awaw_events.events.combat import AttackDeclared
from projections.rules.breach import Breach
from projections.rules.dice import DIE_FACES

# ---------------------------------------------------------------------------------------------------------------
# Shared names
# ---------------------------------------------------------------------------------------------------------------

CrtTable = Literal["awaw", "a3r_house"]
"""Which combat rules: AWAW rule 15, or the A3R house App. C-1 (option ``combat.crt = awaw_15_house``)."""


def check_die(die: int) -> None:
    if not 1 <= die <= DIE_FACES:
        raise ValueError(f"a combat die is 1-6, got {die!r}")


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


# ---------------------------------------------------------------------------------------------------------------
# Odds (15.51, 15.52; extract 1.8 and 5.1; house 2.3.2)
# ---------------------------------------------------------------------------------------------------------------

OddsColumn = Literal["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
"""The eight columns of the Combat Results Table (15.6), worst to best for the attacker."""

ODDS_COLUMNS: Final[tuple[OddsColumn, ...]] = get_args(OddsColumn)

BELOW_1_4: Final = "below_1:4"
"""Column id of an attack below 1:4: the attacker is eliminated with no loss to the defender and no die is rolled
(15.52). Spelt as in ``CombatRoundResolved.odds``."""

ColumnId = OddsColumn | Literal["below_1:4"]

MAX_COLUMN_MULTIPLE: Final = 5
"""Attacks above 5:1 are allowed but resolved on the 5:1 column (15.52)."""

MIN_COLUMN_DIVISOR: Final = 4
"""Attacks below 1:4 are allowed but the attacker is eliminated automatically (15.52)."""


class Odds(msgspec.Struct, frozen=True):
    """An attack's odds (15.51, 15.52): the true ratio with fractions dropped in the defender's favour, the CRT
    column used, and flags.

    ``multiple`` is ``attack // defence`` (the ``n`` of ``n:1``; 0 below 1:1); ``divisor`` is
    ``ceil(defence / attack)`` (the ``k`` of ``1:k``; 1 at or above 1:1).
    """

    attack: int
    defence: int
    ratio: str
    column: ColumnId
    multiple: int
    divisor: int

    @property
    def attacker_eliminated(self) -> bool:
        """Below 1:4: the attacker is eliminated, no loss to the defender, no roll (15.52)."""
        return self.column == BELOW_1_4

    @property
    def capped(self) -> bool:
        """Above 5:1, resolved on the 5:1 column (15.52)."""
        return self.multiple > MAX_COLUMN_MULTIPLE

    @property
    def below_1_1(self) -> bool:
        """Odds worse than 1:1 (the threshold of 15.52's prohibitions and 15.74)."""
        return self.multiple < 1


def odds(attack: int, defence: int) -> Odds:
    """The odds of ``attack`` against ``defence`` strength (15.51, 15.52; extract 5.1; EX-22).

    "Fractions are ignored" in the defender's favour: ``floor(A/D):1`` when A >= D, else ``1:ceil(D/A)`` (20 vs 10
    = 2:1, 19 vs 10 = 1:1, 5 vs 13 = 1:3). Above 5:1 the 5:1 column is used; below 1:4 the column is
    ``"below_1:4"``. Raises ``ValueError`` for a non-positive strength (an undefended hex is not a ground attack).
    """
    if attack <= 0 or defence <= 0:
        raise ValueError(f"odds need positive strengths, got {attack!r} vs {defence!r}")
    if attack >= defence:
        n = attack // defence
        column: ColumnId = ODDS_COLUMNS[ODDS_COLUMNS.index("1:1") + min(n, MAX_COLUMN_MULTIPLE) - 1]
        return Odds(attack, defence, f"{n}:1", column, n, 1)
    k = ceil_div(defence, attack)
    column = BELOW_1_4 if k > MIN_COLUMN_DIVISOR else ODDS_COLUMNS[MIN_COLUMN_DIVISOR - k]
    return Odds(attack, defence, f"1:{k}", column, 0, k)


def odds_column(attack: int, defence: int) -> ColumnId:
    """The CRT column id for ``attack`` vs ``defence`` (15.51, 15.52): ``"1:4"`` .. ``"5:1"`` or ``"below_1:4"``."""
    return odds(attack, defence).column


def column_index(column: OddsColumn) -> int:
    """Position of a column, 0 for 1:4 .. 7 for 5:1 (to compare columns: a higher index is better odds)."""
    return ODDS_COLUMNS.index(column)


def column_findings(attack: int, defence: int, recorded: str) -> tuple[Breach, ...]:
    """The recorded column must be the actual odds: the attacker may not pick a lower column (15.52; AUD-15-09,
    C-CRT-1; e.g. 19 vs 10 resolved on 2:1)."""
    expected = odds_column(attack, defence)
    if recorded == expected:
        return ()
    return (Breach("15.52", f"{attack} vs {defence} is {expected}, recorded {recorded!r}"),)


MinOddsScope = Literal["french_or_chinese", "airdrop", "invasion", "fortified"]
"""Attacks that AWAW forbids below 1:1 (15.52: 75.21, 80.21, 10.55C, 21.5152, 32.21A)."""

AWAW_NO_SUB_1_1: Final[dict[MinOddsScope, str]] = {
    "french_or_chinese": "15.52 (75.21, 80.21)",
    "airdrop": "15.52 (10.55C)",
    "invasion": "15.52 (21.5152)",
    "fortified": "15.52 (32.21A)",
}
"""AWAW: these attacks may not be made below 1:1 (15.52). Airdrops: first round only (10.55C, 15.74)."""

HOUSE_NO_SUB_1_1: Final[dict[MinOddsScope, str]] = {"airdrop": "A3R intro (AWAW 10.55C)"}
"""A3R house: only an airdrop's first round must be at 1:1 or better (intro, option ``air.airdrop = awaw_style``);
no French/Chinese, invasion or fortification minimum (A3R extract 6.2)."""

FURTHER_ROUND_STOP_BELOW_1_1: Final[frozenset[MinOddsScope]] = frozenset({"french_or_chinese", "invasion", "fortified"})
"""AWAW 15.74: if losses drop the odds below 1:1 in invasions, attacks on fortifications/fortresses and French or
Communist Chinese attacks, no further rounds; airdrop battles may go on (10.55C). The house 15.74 has no such stop.
[UNSURE 0.1/Q9] 15.52 says "French and Chinese", 15.74 "French or Communist Chinese": one scope name for both."""


FRENCH_OR_CHINESE: Final = frozenset({"france", "china", "communist_china", "chinese_communist"})
"""Nationalities whose attacks AWAW forbids below 1:1 (15.52: 75.21, 80.21)."""

FORTIFIED_FOR_MIN_ODDS: Final = frozenset({"fortification", "fortress", "maginot", "west_wall"})
"""``attack_declared.fortification`` values that make an attack on a fortified hex (15.52: 32.21A); beach defenses
alone do not."""


def min_odds_scopes(declared: AttackDeclared, nationalities: Iterable[str]) -> frozenset[MinOddsScope]:
    """The 15.52 scopes an attack falls in: invasion, airdrop (by kind or an airdropped attacker), fortified hex, and
    French or Chinese attackers (``nationalities``: those of the attacking units on the board)."""
    scopes: set[MinOddsScope] = set()
    if declared.kind == "invasion":
        scopes.add("invasion")
    if declared.kind == "airdrop" or any(a.role == "airdropped" for a in declared.attackers):
        scopes.add("airdrop")
    if declared.fortification in FORTIFIED_FOR_MIN_ODDS:
        scopes.add("fortified")
    if any(n in FRENCH_OR_CHINESE for n in nationalities):
        scopes.add("french_or_chinese")
    return frozenset(scopes)


def recorded_column(recorded: str) -> str:
    """A recorded odds string as a CRT column: ratios above 5:1 read 5:1, below 1:4 read below 1:4 (15.52); anything
    else as recorded."""
    match = re.fullmatch(r"(\d+):(\d+)", recorded)
    if match is None:
        return recorded
    a, d = int(match[1]), int(match[2])
    if d == 1 and a > MAX_COLUMN_MULTIPLE:
        return "5:1"
    if a == 1 and d > MIN_COLUMN_DIVISOR:
        return BELOW_1_4
    return recorded


def min_odds_findings(
    attack: int,
    defence: int,
    scopes: Collection[MinOddsScope],
    *,
    round_no: int = 1,
    table: CrtTable = "awaw",
    airdrop_rule: Literal["awaw_style", "a3r"] = "awaw_style",
) -> tuple[Breach, ...]:
    """Attacks prohibited below 1:1 (15.52; house intro airdrops; AUD-15-09, C-CRT-6).

    Round 1 only: later rounds are governed by :func:`odds_stop_further_rounds` (15.74). ``airdrop_rule`` is the
    house option ``air.airdrop`` (``a3r`` drops the house airdrop minimum; AWAW always has it).
    """
    if round_no != 1 or not odds(attack, defence).below_1_1:
        return ()
    rules = AWAW_NO_SUB_1_1 if table == "awaw" else HOUSE_NO_SUB_1_1
    out: list[Breach] = []
    for scope in sorted(scopes):
        if scope not in rules or (table == "a3r_house" and airdrop_rule == "a3r"):
            continue
        out.append(Breach(rules[scope], f"{scope} attack at {odds(attack, defence).ratio} (below 1:1)"))
    return tuple(out)


def odds_stop_further_rounds(
    attack: int, defence: int, scopes: Collection[MinOddsScope], *, table: CrtTable = "awaw"
) -> bool:
    """Whether recalculated odds below 1:1 forbid the next round (15.74): AWAW invasions, fortified hexes, French or
    Communist Chinese attacks; never airdrop battles; never in the house rules (house 15.74)."""
    if table != "awaw" or not odds(attack, defence).below_1_1:
        return False
    return any(s in FURTHER_ROUND_STOP_BELOW_1_1 for s in scopes)
