"""Rounds and CTLs (AWAW 15.7, 15.8; house App. C-1 15.71-15.72, 15.81-15.82).

Sources: 10-16 extract (AUD-15-14, AUD-15-15, DT-03); A3R extract table 2.3.4 (C-CRT-4, T-C6).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final, Literal

from awaw_events.vocab import Season
from projections.rules.breach import Breach
from projections.rules.calendar import is_before
from projections.rules.combat.odds import CrtTable, MinOddsScope, odds, odds_stop_further_rounds

# ---------------------------------------------------------------------------------------------------------------
# Rounds and CTLs (15.7, 15.8; house 15.71-15.72, 15.81-15.82)
# ---------------------------------------------------------------------------------------------------------------

RoundsModel = Literal["ctl", "nationality_date"]
"""AWAW: rounds gated by CTL (15.82A). House: by nationality and date (App. C-1 15.71, 15.72)."""


def rounds_allowed_by_ctl(ctl: int) -> int:
    """Rounds a unit with this CTL may fight: CTL <= 1 one round, CTL n n rounds (15.82A). The same for ground-support
    air and shore-bombarding or transporting naval units (15.82B); DAS is never limited."""
    return max(1, ctl)


def ctl_allows_round(ctl: int, round_no: int) -> bool:
    """Whether a unit of this CTL takes part in round ``round_no`` (15.71, 15.82A-B; DT-03)."""
    return rounds_allowed_by_ctl(ctl) >= round_no


CTL_PARTIAL_SUPPLY_OR_OIL: Final = -1
"""Ground units in partial supply or under army oil effects: CTL -1, not cumulative (15.81, 30.522A, 33.61C)."""

CTL_INVASION_BREAKTHROUGH: Final = -1
"""Armor exploiting from a breakthrough made by a seaborne invasion: CTL -1 during that exploitation (16.15)."""

CTL_REPLACEMENT: Final = -1
"""Replacements have their faction's CTL -1 (10.23; 10-16 extract 1.11)."""

FACTION_CTL_NATIONALITIES: Final[dict[str, frozenset[str]]] = {
    "european_axis": frozenset({"germany"}),
    "western_allies": frozenset({"britain", "france", "usa"}),
    "japan": frozenset({"japan"}),
    "russia": frozenset({"russia"}),
    "china": frozenset({"china"}),
}
"""Whose CTL a faction's recorded ground CTL (``ctl_set``) is: the log records one level per alliance faction, but the
14.43 examples give Italy CTL 1 beside Germany's 2, so a European Axis level is read as Germany's; Italian and
minor-country units' CTLs are then not known from the log unless it records their nation's own level (``ctl_set``
with a ``nationality``: each unit's CTL is its own nation's, 15.551's Suez example); checks that need them say so."""


def ctl_is_factions(nationality: str, faction: str | None) -> bool:
    """Whether a faction's recorded ground CTL is the CTL of a unit of ``nationality``
    (:data:`FACTION_CTL_NATIONALITIES`; partisans have their own, 11.48)."""
    return nationality in FACTION_CTL_NATIONALITIES.get(faction or "", ())


PARTISAN_CTL: Final = 1
"""Partisans always have CTL 1, never raised by research (11.48)."""


def effective_ctl(
    faction_ctl: int,
    *,
    partial_supply_or_army_oil: bool = False,
    invasion_breakthrough_exploitation: bool = False,
    replacement: bool = False,
) -> int:
    """A unit's CTL after reductions (15.81, 16.15, 10.23; AUD-15-15). The supply and oil -1 is counted once."""
    ctl = faction_ctl + (CTL_REPLACEMENT if replacement else 0)
    if partial_supply_or_army_oil:
        ctl += CTL_PARTIAL_SUPPLY_OR_OIL
    if invasion_breakthrough_exploitation:
        ctl += CTL_INVASION_BREAKTHROUGH
    return ctl


HouseNationality = Literal["germany", "italy", "britain", "france", "usa", "russia", "partisan", "other"]
"""Attacking nationalities for the house rounds table (App. C-1 15.71-15.72). ``other``: minors, Finns, Free French,
Vichy and anyone else the table does not name."""

Turn = tuple[int, Season]

HOUSE_ROUND_FROM: Final[dict[HouseNationality, tuple[Turn | None, Turn | None]]] = {
    "germany": ((0, "spring"), (1946, "spring")),
    "britain": ((1942, "summer"), (1946, "spring")),
    "france": ((1942, "summer"), (1946, "spring")),
    "usa": ((1942, "summer"), (1946, "spring")),
    "russia": ((1942, "summer"), (1946, "spring")),
    "italy": ((1946, "spring"), None),
    "partisan": (None, None),
    "other": (None, None),
}
"""House table 2.3.4: (first turn it may start round 2, first turn it may start rounds 3+); ``None`` = never.
Germany always (turn 0 stands for "always"); WA and Russia "after the start of the Summer 1942 turn"; all three from
1946 for round 3+; Italy round 2 from 1946, never round 3; partisans never (15.71, 15.72). Unlisted nationalities
fight one round only (A3R extract Q9 default)."""

MixedRounds = Literal["all_must_qualify", "qualifying_units_continue"]
"""House attacks with several nationalities: a further round only if every attacking nationality may start it (the
A3R extract Q9 default), or the qualifying units continue alone (like AWAW CTL drop-outs)."""


HOUSE_NATIONALITIES: Final[dict[str, HouseNationality]] = {
    "germany": "germany",
    "italy": "italy",
    "britain": "britain",
    "france": "france",
    "usa": "usa",
    "russia": "russia",
}
"""Unit nationality -> house rounds table row (App. C-1 15.71); British Commonwealth units count as British,
partisans by unit type; everyone else is ``other`` (one round only, A3R extract Q9)."""


def house_nationality(nationality: str, unit_type: str) -> HouseNationality:
    """A unit's row of the house rounds and exploitation tables (App. C-1 15.71, 15.82)."""
    if unit_type == "partisan":
        return "partisan"
    if nationality.startswith("commonwealth"):
        return "britain"
    return HOUSE_NATIONALITIES.get(nationality, "other")


def house_may_start_round(nationality: HouseNationality, round_no: int, year: int, season: Season) -> bool:
    """Whether attackers of this nationality may start round ``round_no`` in this turn (house 15.71, 15.72; T-C6)."""
    if round_no <= 1:
        return True
    start = HOUSE_ROUND_FROM[nationality][0 if round_no == 2 else 1]
    return start is not None and not is_before((year, season), start)


def round_participants(
    round_no: int,
    attackers: Mapping[str, int | HouseNationality],
    *,
    model: RoundsModel = "ctl",
    year: int | None = None,
    season: Season | None = None,
    mixed: MixedRounds = "all_must_qualify",
) -> frozenset[str]:
    """The attacking units that may fight round ``round_no`` (15.71, 15.82A; house 15.71-15.72).

    ``attackers``: unit id -> CTL (``model="ctl"``) or house nationality (``model="nationality_date"``, which needs
    ``year`` and ``season``). An empty set means the attack may not continue.
    """
    if model == "ctl":
        return frozenset(u for u, c in attackers.items() if isinstance(c, int) and ctl_allows_round(c, round_no))
    if year is None or season is None:
        raise ValueError("the nationality_date model needs the year and season")
    ok = {u for u, n in attackers.items() if isinstance(n, str) and house_may_start_round(n, round_no, year, season)}
    if mixed == "all_must_qualify" and len(ok) != len(attackers):
        return frozenset()
    return frozenset(ok)


def next_round_findings(
    round_no: int,
    *,
    attackers_alive: int,
    defenders_alive: int,
    participants: Collection[str],
    attack: int | None = None,
    defence: int | None = None,
    scopes: Collection[MinOddsScope] = (),
    table: CrtTable = "awaw",
) -> tuple[Breach, ...]:
    """Whether round ``round_no`` (>= 2) may be fought (15.71-15.74; AUD-15-14, C-CRT-4): both sides still have a
    ground unit, some attacker may fight it (``participants`` from :func:`round_participants`), and (AWAW) the
    recalculated odds do not forbid it (15.74). ``attackers_alive``/``defenders_alive`` count ground units."""
    if round_no < 2:
        return ()
    rule = "15.71" if round_no == 2 else "15.72"
    out: list[Breach] = []
    if attackers_alive <= 0 or defenders_alive <= 0:
        out.append(Breach(rule, f"round {round_no} fought after one side lost all its ground units"))
    if not participants:
        why = "CTL" if table == "awaw" else "nationality and date"
        out.append(Breach("15.82A" if table == "awaw" else rule, f"no attacker may fight round {round_no} ({why})"))
    if (
        attack is not None
        and defence is not None
        and attack > 0
        and defence > 0
        and odds_stop_further_rounds(attack, defence, scopes, table=table)
    ):
        out.append(Breach("15.74", f"round {round_no} at {odds(attack, defence).ratio}: below 1:1 stops this attack"))
    return tuple(out)
