"""Strategic warfare and the Murmansk box in A3R games (App. L; C-SW-1 to C-SW-3): the worked examples T-L1 and T-L2
of the A3R extract, clean as printed and flagged when altered, the sequencing under both values of the option
``sw.murmansk_box``, and the naval combat die modifiers."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    DiceRolled,
    Event,
    MurmanskConvoyBattle,
    NavalCombatResolved,
    PlayerTurnEnded,
    SubmarineWarfareDeclared,
    SwCombatResolved,
    UnitEliminated,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.events.base import Modifier
from awaw_events.options import defaults
from projections.game import replay
from projections.rules.sw import sr_usat_brps
from tests.build import run
from tests.conftest import created

YSS = {"year": 1942, "season": "spring", "phase": "year_start"}
SPRING = {"year": 1942, "season": "spring"}
SUMMER = {"year": 1942, "season": "summer"}
FALL = {"year": 1942, "season": "fall"}


def a3r(**options: str) -> Event:
    """An A3R game that records every house-rule option (A3R 1.1), the defaults but for ``options``."""
    return created(rules="a3r", options=defaults("a3r") | options)


def unit(uid: str, owner: str, unit_type: str, factors: int, location: str, when: dict[str, Any] = YSS) -> UnitPlaced:
    return UnitPlaced(
        **when,  # type: ignore[arg-type]
        unit=uid,
        owner=owner,  # type: ignore[arg-type]
        nationality=owner,
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=factors,
        location=location,
    )


def declared(unrestricted: bool = True, *, year: int = 1941, season: str = "winter") -> SubmarineWarfareDeclared:
    return SubmarineWarfareDeclared(
        year=year,
        season=season,  # type: ignore[arg-type]
        side="axis",
        phase="diplomacy",
        unrestricted=unrestricted,
    )


def die(n: int, face: int, when: dict[str, Any] = SPRING, side: str = "axis", phase: str = "combat") -> DiceRolled:
    return DiceRolled(**when, side=side, phase=phase, roll=n, purpose="sw", dice=[face])  # type: ignore[arg-type]


def allocation_1942() -> list[Event]:
    """T-L1: in the 1942 YSS Germany puts 7 submarines in the SW box and 5 in the Murmansk box; the Western Allies 4
    9FFs and 2 ASW in the SW box and 1 ASW in the Murmansk box."""
    events: list[Event] = [a3r(), declared()]
    events += [unit(f"u{n}", "germany", "submarine", 1, "sw:atlantic") for n in range(1, 8)]
    events += [unit(f"m{n}", "germany", "submarine", 1, "box:murmansk") for n in range(1, 6)]
    events += [unit(f"fleet{n}", "britain", "dd", 9, "sw:atlantic") for n in range(1, 5)]
    events += [unit(f"asw{n}", "britain", "asw", 1, "sw:atlantic") for n in range(1, 3)]
    events += [unit("asw-m", "britain", "asw", 1, "box:murmansk")]
    return events


def primary(when: dict[str, Any] = SPRING, **fields: Any) -> SwCombatResolved:
    base: dict[str, Any] = {
        "box": "atlantic",
        "submarines": 7,
        "killers": 6,
        "nine_ffs": 4,
        "asw": 2,
        "ratio": "7:6",
        "roll": 1,
        "brps_taken": 10,
        "subs_lost": 6,
    }
    return SwCombatResolved(**when, side="axis", phase="combat", **(base | fields))  # type: ignore[arg-type]


def convoy(**fields: Any) -> MurmanskConvoyBattle:
    base: dict[str, Any] = {
        "convoy": "pq-1",
        "escort_nine_ffs": 3,
        "subs_attacking": 3,
        "subs_withheld": 2,
        "subs_lost": 3,
    }
    return MurmanskConvoyBattle(**SPRING, side="allied", phase="redeployment", **(base | fields))  # type: ignore[arg-type]


def secondary(when: dict[str, Any] = SPRING, **fields: Any) -> SwCombatResolved:
    base: dict[str, Any] = {
        "box": "atlantic",
        "round": "secondary",
        "submarines": 9,
        "killers": 6,
        "nine_ffs": 4,
        "asw": 2,
        "withheld": 2,
        "ratio": "1.5:1",
        "roll": 2,
        "brps_taken": 2,
        "subs_lost": 1,
    }
    return SwCombatResolved(**when, side="allied", phase="redeployment", **(base | fields))  # type: ignore[arg-type]


def losses(prefix: str, n: int, when: dict[str, Any], side: str, phase: str) -> list[Event]:
    return [
        UnitEliminated(**when, side=side, phase=phase, unit=f"{prefix}{k}", cause="naval_combat")  # type: ignore[arg-type]
        for k in range(1, n + 1)
    ]


def t_l1(
    *, first: SwCombatResolved | None = None, battle: Event | None = None, second: Event | None = None
) -> list[Event]:
    """The whole of T-L1, with any of its three steps replaced."""
    return [
        *allocation_1942(),
        die(1, 4),
        first or primary(),
        *losses("u", 6, SPRING, "axis", "combat"),
        battle or convoy(),
        *losses("m", 3, SPRING, "allied", "redeployment"),
        die(2, 3, side="allied", phase="redeployment"),
        second or secondary(),
    ]


def sw_findings(events: list[Event]) -> list[tuple[int, str, str]]:
    report = run(events, "A3R App. L")
    return [(f.seq, f.check, f.message) for f in report.findings]


def checks_of(events: list[Event]) -> list[str]:
    return [check for _, check, _ in sw_findings(events)]


# ---------------------------------------------------------------------------------------------------------------------
# T-L1 as printed, and altered


@pytest.mark.plants("C-SW-2", "C-SW-3")
def test_t_l1_audits_clean_as_printed() -> None:
    assert run(t_l1()).findings == ()  # clean under every check, not only App. L's
    report = run(t_l1(), "A3R App. L")
    assert report.findings == ()
    reasons = {s.reason for s in report.skipped}
    assert any("A3R SW table" in r for r in reasons)  # the primary take is taken as recorded, and said so
    assert any("37.6" in r for r in reasons)


@pytest.mark.plants("C-SW-3")
def test_t_l1_submarine_losses_altered_are_found() -> None:
    found = sw_findings(t_l1(second=secondary(subs_lost=0)))
    assert [(c, "sink 10" in m and "record 9" in m) for _, c, m in found] == [("sw_turn_losses", True)]
    more = sw_findings(t_l1(second=secondary(subs_lost=3)))
    assert [c for _, c, _ in more] == ["sw_turn_losses"]
    assert "record 12" in more[0][2]


@pytest.mark.plants("C-SW-3")
def test_t_l1_primary_round_losses_are_one_per_killer() -> None:
    found = sw_findings(t_l1(first=primary(subs_lost=5), second=secondary(subs_lost=2)))
    assert [c for _, c, _ in found] == ["sw_turn_losses"]
    assert "each of the 6 SW-box 9FFs and ASW eliminates one of the 7 SW-box submarines: 6, not 5" in found[0][2]


@pytest.mark.plants("C-SW-3")
def test_t_l1_convoy_escort_sinks_attackers_one_for_one() -> None:
    found = sw_findings(t_l1(battle=convoy(subs_lost=2), second=secondary(subs_lost=2)))
    assert [c for _, c, _ in found] == ["murmansk_convoy"]
    assert "sink the 3 attacking submarines one for one: 3, not 2" in found[0][2]


@pytest.mark.plants("C-SW-2")
@pytest.mark.parametrize(
    ("altered", "expected"),
    [
        ({"brps_taken": 3}, "takes at most 1 BRP per withheld submarine: 2, not 3"),
        ({"withheld": 3, "submarines": 10, "ratio": "10:6", "brps_taken": 2}, "2 join the secondary round, not 3"),
        ({"submarines": 7, "ratio": "7:6"}, "plus the 2 withheld: 9, not 7"),
        ({"killers": 7, "asw": 3}, "the primary round's 9FFs and ASW: 6 killers, not 7"),
        ({"roll": 1}, "reuses the primary round's roll #1"),
        ({"ratio": "9:7"}, "SW ratio of 3:2, not 9:7"),
    ],
)
def test_t_l1_secondary_round_altered(altered: dict[str, Any], expected: str) -> None:
    events = t_l1(second=secondary(**altered))
    if altered.get("roll") == 1:
        events = [e for e in events if not (isinstance(e, DiceRolled) and e.roll == 2)]
    messages = [m for _, c, m in sw_findings(events) if c == "sw_round_units"]
    assert any(expected in m for m in messages), messages


@pytest.mark.plants("C-SW-2")
def test_the_primary_round_counts_the_sw_box_allocated_the_turn_before() -> None:
    late = unit(
        "u8", "germany", "submarine", 1, "sw:atlantic", {"year": 1942, "season": "spring", "phase": "diplomacy"}
    )
    events = t_l1()
    events.insert(len(allocation_1942()), late)  # allocated in Spring 1942 itself: it fights in Summer
    assert sw_findings(events) == []
    found = sw_findings(t_l1(first=primary(submarines=8, ratio="8:6")))
    assert [c for _, c, _ in found][:1] == ["sw_round_units"]
    assert "the SW-box submarines allocated before this turn: 7, not 8" in found[0][2]
    killers = sw_findings(t_l1(first=primary(killers=7, nine_ffs=5, ratio="7:7")))
    assert any("only 4 9FFs count" in m for _, _, m in killers)


@pytest.mark.plants("C-SW-2")
def test_murmansk_submarines_allocated_this_turn_do_not_meet_the_convoy() -> None:
    late = UnitRedeployed(
        **SPRING, side="axis", phase="redeployment", unit="u8", kind="NR", origin="EUR:J30", destination="box:murmansk"
    )
    sub8 = unit("u8", "germany", "submarine", 1, "EUR:J30")
    events = t_l1(battle=convoy(subs_attacking=4, subs_lost=3))
    index = next(i for i, e in enumerate(events) if isinstance(e, MurmanskConvoyBattle))
    events[index:index] = [sub8, late]
    found = [m for _, c, m in sw_findings(events) if c == "murmansk_convoy"]
    assert any("5 Murmansk-box submarines allocated before this turn are left" in m and "not 6" in m for m in found)


def test_a_log_without_allocations_says_so_instead_of_reading_zero() -> None:
    events: list[Event] = [a3r(), die(1, 4), primary()]
    report = run(events, "A3R App. L")
    assert report.findings == ()
    assert any("no unit was ever allocated" in s.reason for s in report.skipped)


def test_awaw_games_are_not_audited_under_appendix_l() -> None:
    events = [created(), *t_l1()[1:]]
    events = [e for e in events if not (isinstance(e, SwCombatResolved) and e.round == "secondary")]
    assert run(events, "A3R App. L").findings == ()


# ---------------------------------------------------------------------------------------------------------------------
# T-L2: the secondary round's BRPs count with the next turn's SW


def test_t_l2_sr_and_usat_use_last_turns_secondary_round_and_this_turns_sw() -> None:
    assert sr_usat_brps(2, 12) == 14
    summer = [
        *allocation_1942(),
        die(1, 4, SUMMER),
        primary(SUMMER),
        die(2, 3, SUMMER, side="allied", phase="redeployment"),
        secondary(SUMMER, brps_taken=2),
        PlayerTurnEnded(**SUMMER, side="allied", phase="end_of_player_turn"),
        die(3, 5, FALL),
        primary(FALL, roll=3, brps_taken=12),
    ]
    state = replay(summer)
    last = state.sw.last_turns["atlantic"]
    now = state.sw.turns["atlantic"]
    assert last.secondary is not None and now.primary is not None
    assert sr_usat_brps(last.secondary.brps_taken, now.primary.brps_taken) == 14


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-1 and the sequencing


@pytest.mark.plants("C-SW-1")
def test_submarines_go_to_murmansk_only_under_unrestricted_submarine_warfare() -> None:
    sub = unit("m1", "germany", "submarine", 1, "box:murmansk")
    assert sw_findings([a3r(), declared(), sub]) == []
    found = sw_findings([a3r(), sub])
    assert [(s, c) for s, c, _ in found] == [(2, "murmansk_unrestricted")]
    ended = sw_findings([a3r(), declared(), declared(False, year=1941, season="fall"), sub])
    assert [c for _, c, _ in ended] == ["murmansk_unrestricted"]
    same_turn = [a3r(), declared(year=1942, season="spring"), declared(False, year=1942, season="spring"), sub]
    assert sw_findings(same_turn) == []  # it stood in that game turn
    asw = unit("asw-m", "britain", "asw", 1, "box:murmansk")
    assert sw_findings([a3r(), asw]) == []


def test_sw_comes_before_the_murmansk_convoys_in_the_house_sequence() -> None:
    events = [*allocation_1942(), convoy(), die(1, 4), primary()]
    found = sw_findings(events)
    assert ("sw_before_convoys", True) in [(c, "SW comes first" in m) for _, c, m in found]


def test_regular_a3r_fights_the_convoys_first_and_one_round_with_the_unused_murmansk_subs() -> None:
    allocation = [a3r(**{"sw.murmansk_box": "a3r"}), *allocation_1942()[1:]]
    single = primary(submarines=9, ratio="9:6", subs_lost=6)
    events = [*allocation, convoy(), die(1, 4), single]
    assert sw_findings(events) == []
    wrong = sw_findings([*allocation, convoy(), die(1, 4), primary()])
    assert any("2 Murmansk-box submarines that attacked no convoy: 9, not 7" in m for _, _, m in wrong)
    reversed_ = sw_findings([*allocation, die(1, 4), single, convoy()])
    assert "sw_before_convoys" in [c for _, c, _ in reversed_]


# ---------------------------------------------------------------------------------------------------------------------
# Naval combat die modifiers


def test_naval_combat_modified_die_is_the_roll_plus_the_modifiers() -> None:
    def battle(modified: int) -> NavalCombatResolved:
        return NavalCombatResolved(
            year=1940,
            season="spring",
            side="axis",
            phase="movement",
            battle="skagerrak",
            location="EUR:C28",
            roll=1,
            modifiers=[Modifier(code="surprise", value=1)],
            modified_die=modified,
        )

    rolled = DiceRolled(
        year=1940, season="spring", side="axis", phase="movement", roll=1, purpose="naval_combat", dice=[3, 4]
    )
    clean = run([a3r(), rolled, battle(8)], "A3R extract")
    assert clean.findings == ()
    assert any("naval combat rule" in s.reason for s in clean.skipped)
    wrong = run([a3r(), rolled, battle(9)], "A3R extract")
    assert [f.message for f in wrong.findings] == ["naval combat skagerrak: roll #1 is 7 +1 (surprise) = 8, not 9"]
    # an AWAW game is not judged by the A3R extract: the AWAW rule texts give no naval combat rules
    awaw = run([created(), rolled, battle(9)], "A3R extract")
    assert awaw.findings == () and awaw.unchecked == 1
    assert [s.reason for s in awaw.skipped] == ["not checked: the AWAW rule texts give no rule for naval combat"]
