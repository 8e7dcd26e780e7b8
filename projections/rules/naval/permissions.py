"""Who may accelerate, defer and scuttle, by power and politics (27.7272B, C, E; 27-30 extract 1.16)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Literal

import msgspec

from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.rules.construction import Variant
from projections.rules.naval.chart import ChartPermissions

# ---------------------------------------------------------------------------------------------------------------------
# Acceleration, deferral and scuttling permissions by power (27.7272B, C, E; extract 1.16)
# ---------------------------------------------------------------------------------------------------------------------

UsTheater = Literal["atlantic", "pacific"]
"""Which U.S. box a U.S. chart belongs to; the U.S. restrictions differ by theater (27.7272B-C)."""

USJT_NAVAL_THRESHOLD: Final[int] = 40
"""Japan and the U.S. (Pacific) may accelerate and defer once USJT are 40 or more (27.7272B-C)."""

CLASSIC_WAR_OUTBREAK_YEAR: Final[int] = 1939
"""Classic AWAW: Britain's acceleration restriction applies in 1939 (27.7272B classic box)."""

FRANCE_DEFERRAL_TRIGGERS: Final[tuple[str, ...]] = (
    "italian_dow_on_britain_or_france",
    "first_axis_full_offensive_on_western_front",
    "first_german_dow_on_western_front_minor",
)
"""France may defer from the Allied player turn after the first of these (27.7272C). The full offensive must not be
solely against Austria or Czechoslovakia."""


class NavalPolitics(msgspec.Struct, frozen=True):
    """The political facts the naval permissions depend on (27.7272B-C)."""

    year: int
    italy_at_war_with_western_allies: bool = False
    war_outbreak_year: int | None = None
    """Year war broke out (full game); classic uses :data:`CLASSIC_WAR_OUTBREAK_YEAR`."""
    germany_accelerated_this_year: bool = False
    france_deferral_triggered: bool = False
    """True from the Allied player turn after the first of :data:`FRANCE_DEFERRAL_TRIGGERS`."""
    japan_us_at_war: bool = False
    usjt: int = 0
    germany_us_at_war: bool = False


WESTERN_ALLIED_POWERS: Final[tuple[Power, ...]] = tuple(p for p, f in FACTION_OF_POWER.items() if f == "western_allies")
"""Britain, France and the U.S.: Italy "at war with the Western Allies" is at war with any of them (27.7272B-C)."""

FRANCE_ITALIAN_TRIGGER_TARGETS: Final[tuple[Power, ...]] = ("britain", "france")
"""The first of :data:`FRANCE_DEFERRAL_TRIGGERS`: an Italian declaration of war on Britain or France (27.7272C)."""


POLITICS_WARS: Final[tuple[tuple[str, str], ...]] = (
    *(("italy", p) for p in WESTERN_ALLIED_POWERS),
    ("japan", "usa"),
    ("germany", "usa"),
)
"""Every war :func:`naval_politics` asks about (27.7272B-C: Italy with the Western Allies, Japan and Germany with the
U.S.), as ``at_war(a, b)`` is called."""


def naval_politics(
    year: int,
    at_war: Callable[[str, str], bool],
    usjt: int,
    *,
    war_outbreak_year: int | None,
    germany_accelerated_this_year: bool,
) -> NavalPolitics:
    """The :class:`NavalPolitics` of ``year`` from the wars in force (``at_war(a, b)``), USJT and the running facts
    (27.7272B-C). France's deferral is known to be open only through an Italian war with Britain or France; the
    other triggers need map facts the log does not record."""
    return NavalPolitics(
        year=year,
        italy_at_war_with_western_allies=any(at_war("italy", p) for p in WESTERN_ALLIED_POWERS),
        war_outbreak_year=war_outbreak_year,
        germany_accelerated_this_year=germany_accelerated_this_year,
        france_deferral_triggered=any(at_war("italy", p) for p in FRANCE_ITALIAN_TRIGGER_TARGETS),
        japan_us_at_war=at_war("japan", "usa"),
        usjt=usjt,
        germany_us_at_war=at_war("germany", "usa"),
    )


def _pacific_open(p: NavalPolitics) -> bool:
    return p.japan_us_at_war or p.usjt >= USJT_NAVAL_THRESHOLD


def may_accelerate(
    power: Power, politics: NavalPolitics, *, us_theater: UsTheater | None = None, variant: Variant = "classic"
) -> bool:
    """Acceleration permission by power (27.7272B): Italy at war with the WA; Britain, in the year war breaks out
    (classic: 1939), only if Germany has accelerated; Japan and U.S. Pacific at war with each other or USJT >= 40;
    U.S. Atlantic at war with Germany; Germany, France, Russia always. China builds no ships (False)."""
    match power:
        case "germany" | "france" | "russia":
            return True
        case "italy":
            return politics.italy_at_war_with_western_allies
        case "britain":
            outbreak = CLASSIC_WAR_OUTBREAK_YEAR if variant == "classic" else politics.war_outbreak_year
            return politics.year != outbreak or politics.germany_accelerated_this_year
        case "japan":
            return _pacific_open(politics)
        case "usa":
            if us_theater is None:
                raise ValueError("us_theater is required for the U.S.")
            return _pacific_open(politics) if us_theater == "pacific" else politics.germany_us_at_war
        case _:
            return False


def deferral_allowance(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    ships_in_column: int = 0,
    rate: int = 0,
) -> int | None:
    """How many ships of the current column the power may defer (27.7272C): ``None`` = any number, else a count.

    Japan and the U.S. without war/tension may defer only the ships in excess of the shipbuilding rate
    (``ships_in_column - rate``; Japan's rate, or the U.S. rate of that theater's box) and choose which. Italy only
    at war with the WA; France only after :data:`FRANCE_DEFERRAL_TRIGGERS`; Germany, Britain, Russia freely.
    A result of 0 means every due ship must be continued (open question 8, N-27).
    """
    excess = max(0, ships_in_column - rate)
    match power:
        case "germany" | "britain" | "russia":
            return None
        case "italy":
            return None if politics.italy_at_war_with_western_allies else 0
        case "france":
            return None if politics.france_deferral_triggered else 0
        case "japan":
            return None if _pacific_open(politics) else excess
        case "usa":
            if us_theater is None:
                raise ValueError("us_theater is required for the U.S.")
            open_ = _pacific_open(politics) if us_theater == "pacific" else politics.germany_us_at_war
            return None if open_ else excess
        case _:
            return 0


def scuttle_allowance(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    ships_in_column: int = 0,
    rate: int = 0,
) -> int | None:
    """Scuttling follows the deferral restrictions, except that France may never scuttle (27.7272E)."""
    if power == "france":
        return 0
    return deferral_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)


def permissions_for(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    variant: Variant = "classic",
    deferrals_so_far: int = 0,
    ships_in_column: int = 0,
    rate: int = 0,
) -> ChartPermissions:
    """The :class:`ChartPermissions` for one more option on a chart this phase (27-30 extract 1.16).

    ``deferrals_so_far``: ships of this column already deferred or scuttled this phase, so that Japan and the U.S.
    without war or tension stop at the excess over the rate (27.7272C, E).
    """
    defer = deferral_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)
    scuttle = scuttle_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)
    return ChartPermissions(
        accelerate=may_accelerate(power, politics, us_theater=us_theater, variant=variant),
        defer=defer is None or deferrals_so_far < defer,
        scuttle=scuttle is None or deferrals_so_far < scuttle,
    )
