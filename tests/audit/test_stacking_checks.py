"""Stacks at the end of each phase (AWAW 12; 10.41E, 10.96) and the units that must be gone by then (10.56, 10.94,
12.16, 11.38); derived test DT-13 and worked example EX-05 of the 10-16 extract."""

from __future__ import annotations

import msgspec
import pytest

from awaw_events.events import (
    AttackDeclared,
    BreakthroughCreated,
    BridgeheadPlaced,
    Event,
    OverrunResolved,
    PartisansPlaced,
    StatusChanged,
    UnitRedeployed,
)
from awaw_events.events.base import UnitFactors
from awaw_events.events.combat import Attacker, Defender
from tests.build import WHEN, created, messages, move, phase, turn, war
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import report_skipped as skipped
from tests.build import run_created as run


def _stack(*units: tuple[str, str, int]) -> list[Event]:
    return [place(u, "germany", t, "EUR:K37", factors=f) for u, t, f in units]


def _judged(*units: tuple[str, str, int]) -> list[str]:
    report = run([created(), *_stack(*units), turn(), phase("movement"), phase("combat")])
    return messages(report, "stacks")


@pytest.mark.plants("AUD-12-01", "AUD-10-11")
def test_dt13_two_ground_units_three_specialized_and_three_flak_factors_fit_a_hex() -> None:
    legal = [("i1", "infantry", 3), ("i2", "infantry", 3), ("a1", "airborne", 1), ("a2", "airborne", 1)]
    legal += [("a3", "marine", 1), ("f1", "flak", 3)]
    assert _judged(*legal) == []
    [third] = _judged(*legal, ("i3", "armor", 4))
    assert third == (
        "at the end of the setup phase, EUR:K37 holds 3 ground units in a standard hex (limit 2) (i1, i2, i3; "
        "12.11A, 12.12)"
    )
    [fourth] = _judged(*legal, ("a4", "commando", 1))
    assert "4 specialized units in a standard hex (limit 3)" in fourth
    [flak] = _judged(*legal, ("f2", "flak", 1))
    assert "4 flak factors in a standard hex (limit 3)" in flak


@pytest.mark.plants("AUD-12-01")
def test_three_infantry_at_the_end_of_movement_is_a_finding() -> None:
    base = [
        created(),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("i2", "germany", "infantry", "EUR:K37"),
        place("i3", "germany", "infantry", "EUR:K38"),
        turn(),
        phase("movement"),
    ]
    over = run([*base, move("i3", "EUR:K37", mf=1), phase("initial_supply")])
    [message] = messages(over, "stacks")
    assert message.startswith("at the end of the movement phase (axis player turn), EUR:K37 holds 3 ground units")
    assert [f.seq for f in over.findings if f.check == "stacks"] == [len(base) + 2]
    passing_through = run([*base, move("i3", "EUR:K37", "EUR:K36", mf=2), phase("initial_supply")])
    assert messages(passing_through, "stacks") == []


@pytest.mark.plants("AUD-12-01")
def test_a_log_that_stops_overstacked_inside_a_phase_says_so() -> None:
    """12.11: stacks are judged "at the end of" each phase; a log whose last event leaves EUR:K37 with three
    infantry inside the movement phase has not reached that end: the audit names the hex as not checked (it said
    nothing before), and finds the overstack once the next phase begins. Within the limit, nothing is said."""
    base = [
        created(),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("i2", "germany", "infantry", "EUR:K37"),
        place("i3", "germany", "infantry", "EUR:K38"),
        turn(),
        phase("movement"),
    ]
    stopped = run([*base, move("i3", "EUR:K37", mf=1)])
    assert messages(stopped, "stacks") == []
    assert skipped(stopped, "stacks_at_the_end") == [
        "the events stop inside the movement phase (axis player turn) with EUR:K37 over a stacking limit: stacks "
        "are judged when the phase ends, which no event records yet (12.11)"
    ]
    ended = run([*base, move("i3", "EUR:K37", mf=1), phase("initial_supply")])
    assert len(messages(ended, "stacks")) == 1
    assert skipped(ended, "stacks_at_the_end") == []
    assert skipped(run([*base, move("i3", "EUR:K36", mf=1)]), "stacks_at_the_end") == []


def test_bridgeheads_hold_five_and_pacific_one_hex_islands_one() -> None:
    bridgehead = BridgeheadPlaced(
        year=1939, season="fall", phase="setup", hex="EUR:K37", faction="european_axis", cause="overrun"
    )
    five = [(f"i{n}", "infantry", 3) for n in range(5)]
    report = run([created(), bridgehead, *_stack(*five), turn(), phase("movement")])
    assert messages(report, "stacks") == []
    six = run([created(), bridgehead, *_stack(*five, ("i9", "infantry", 3)), turn(), phase("movement")])
    assert "6 ground units in a bridgehead hex (limit 5)" in messages(six, "stacks")[0]
    island = make_map({"PAC:K30": {"island": True}, "PAC:K31": {"island": False}})
    two = [place("j1", "japan", "infantry", "PAC:K30"), place("j2", "japan", "infantry", "PAC:K30")]
    on_island = run([created(), *two, turn(), phase("movement")], island)
    assert "2 ground units in a pacific_island hex (limit 1)" in messages(on_island, "stacks")[0]
    unknown = run([created(), *two, turn(), phase("movement")])
    assert skipped(unknown, "stacks")[0].startswith("not checked: no map data for PAC:K30 (island)")


def test_a_pacific_hex_the_map_data_leaves_open_is_judged_by_what_every_kind_allows() -> None:
    """12.11A-B, 12.12, 12.19: a Pacific hex holds 1 ground unit on a one-hex island, 2 on one with a port or off
    islands, 5 at Pearl Harbor, and 3 specialized units and 3 flak factors whatever it is. With no map data for the
    hex: 4 specialized units are a finding (they passed in silence before), 3 infantry are not checked (it may be
    Pearl Harbor), 6 infantry are a finding; with Pearl Harbor named elsewhere, 3 infantry are one."""

    def japanese(*kinds: str) -> list[Event]:
        return [place(f"j{n}", "japan", kind, "PAC:K30", factors=1) for n, kind in enumerate(kinds)]

    def judged(units: list[Event], data: object = None) -> object:
        return run([created(), *units, turn(), phase("movement"), phase("combat")], data)  # type: ignore[arg-type]

    specialized = judged(japanese("infantry", "marine", "marine", "commando", "airborne"))
    assert [m for m in messages(specialized, "stacks") if "4 specialized units" in m] != []
    three = judged(japanese("infantry", "infantry", "infantry"))
    assert messages(three, "stacks") == []
    assert skipped(three, "stacks")[0].startswith("not checked: no map data for PAC:K30 (island)")
    six = judged(japanese(*["infantry"] * 6))
    assert messages(six, "stacks") == [
        "at the end of the setup phase, PAC:K30 holds 6 ground units, more than any Pacific "
        "hex the map data leaves open may hold (5 in Pearl Harbor; j0, j1, j2, j3, j4, j5; 12.11A-B, 12.19)"
    ]
    pearl = make_map({"PAC:N50": {"name": "Pearl Harbor", "island": True, "port": True}})
    assert messages(judged(japanese("infantry", "infantry", "infantry"), pearl), "stacks") == [
        "at the end of the setup phase, PAC:K30 holds 3 ground units, more than any Pacific "
        "hex the map data leaves open may hold (2 in a one-hex island with a port or a hex of no island; j0, j1, j2; "
        "12.11A-B, 12.19)"
    ]


@pytest.mark.plants("AUD-12-04.A")
def test_pearl_harbor_holds_five_ground_units() -> None:
    data = make_map({"PAC:N50": {"name": "Pearl Harbor", "island": True, "port": True}})
    five = [place(f"u{n}", "usa", "infantry", "PAC:N50") for n in range(5)]
    assert messages(run([created(), *five, turn(), phase("movement")], data), "stacks") == []
    six = [*five, place("u9", "usa", "infantry", "PAC:N50")]
    assert (
        "6 ground units in a pearl_harbor hex (limit 5)"
        in messages(run([created(), *six, turn(), phase("movement")], data), "stacks")[0]
    )


@pytest.mark.plants("AUD-12-05")
def test_no_ground_unit_ends_a_phase_at_sea() -> None:
    data = make_map({"EUR:E30": {"terrain": "sea"}, "EUR:K37": {"terrain": "clear"}})
    at_sea = run([created(), place("i1", "germany", "infantry", "EUR:E30"), turn(), phase("movement")], data)
    assert messages(at_sea, "stacks") == [
        "at the end of the setup phase, ground units are at sea in EUR:E30 (i1; 12.23: no ground unit ends a phase at "
        "sea)"
    ]
    ashore = run([created(), place("i1", "germany", "infantry", "EUR:K37"), turn(), phase("movement")], data)
    assert ashore.findings == ()


@pytest.mark.plants("AUD-12-05")
def test_a_sea_transport_ends_in_port_and_an_invader_left_at_sea_is_found() -> None:
    """12.23: "Stacking limits do not apply to ground units while they are at sea. A ground unit may not end its
    movement phase, combat phase or turn at sea." On a fictional strip of coast (EUR:J29 a port, EUR:I29 and
    EUR:H29 sea, EUR:G29 a port): two infantry sea-transported through the same sea hexes to G29 end the movement
    phase in port and audit clean; one that stops in H29 is at sea when the phase ends; an invader whose sea move
    leaves it in the sea hex it attacked from is at sea when the combat phase ends."""
    data = make_map(
        {
            "EUR:J29": {"terrain": "clear", "port": True},
            "EUR:I29": {"terrain": "sea"},
            "EUR:H29": {"terrain": "sea"},
            "EUR:G29": {"terrain": "clear", "port": True},
            "EUR:G30": {"terrain": "clear"},
        }
    )
    units = [place(u, "germany", "infantry", "EUR:J29") for u in ("i1", "i2")]
    base = [created(), *units, turn(), phase("movement")]
    ported = [
        *base,
        move("i1", "EUR:I29", "EUR:H29", "EUR:G29", mf=0, sea_transport=True),
        move("i2", "EUR:I29", "EUR:H29", "EUR:G29", mf=0, sea_transport=True),
        phase("combat"),
    ]
    assert run(ported, data).findings == ()
    stopped = run([*base, move("i1", "EUR:I29", "EUR:H29", mf=0, sea_transport=True), phase("combat")], data)
    assert messages(stopped, "stacks") == [
        "at the end of the movement phase (axis player turn), ground units are at sea in EUR:H29 (i1; 12.23: no "
        "ground unit ends a phase at sea)"
    ]
    afloat = move("i1", "EUR:I29", "EUR:H29", mf=0, sea_transport=True, phase="combat")
    invaded = run([*base, phase("combat"), afloat, phase("exploitation")], data)
    assert messages(invaded, "stacks") == [
        "at the end of the combat phase (axis player turn), ground units are at sea in EUR:H29 (i1; 12.23: no "
        "ground unit ends a phase at sea)"
    ]


@pytest.mark.plants("AUD-12-02")
def test_a_breakthrough_hex_may_stay_overstacked_until_the_end_of_redeployment() -> None:
    three = [place(f"a{n}", "germany", "armor", "EUR:K37", factors=4, movement=6) for n in range(3)]
    bt = BreakthroughCreated(
        **WHEN, side="axis", phase="combat", breakthrough="b1", attack="x", hex="EUR:K37", armor="a0"
    )
    # the overstack appears in the combat phase (armor placed on the breakthrough hex, 16.23)
    events = [
        created(),
        *three[:2],
        place("a2", "germany", "armor", "EUR:K38", factors=4, movement=6),
        turn(),
        phase("combat"),
        bt,
        move("a2", "EUR:K37", mf=1, phase="combat"),
    ]
    waits = run([*events, phase("exploitation"), phase("attrition"), phase("unit_construction")])
    assert messages(waits, "stacks") == []
    judged = run([*events, phase("exploitation"), phase("redeployment"), phase("end_of_player_turn")])
    [message] = messages(judged, "stacks")
    assert message.startswith("at the end of the redeployment phase (axis player turn), EUR:K37 holds 3 ground units")


@pytest.mark.plants("AUD-12-02")
def test_a_failed_overrun_overstack_is_fixed_by_the_end_of_movement_and_a_retreat_by_the_next_movement() -> None:
    failed = OverrunResolved(
        **WHEN,
        side="axis",
        phase="movement",
        actor="germany",
        overrun="o1",
        units=[UnitFactors(unit="a1", factors=4)],
        target="EUR:K38",
        defence_strength=12,
        attack_strength=8,
        success=False,
    )
    events = [
        created(),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("i2", "germany", "infantry", "EUR:K37"),
        place("a1", "germany", "armor", "EUR:K36", factors=4, movement=6),
        place("p1", "britain", "infantry", "EUR:K38", nationality="poland"),
        war("germany", "britain"),
        turn(),
        phase("movement"),
        move("a1", "EUR:K37", mf=1),
        failed,
        phase("initial_supply"),
    ]
    assert "EUR:K37 holds 3 ground units" in messages(run(events), "stacks")[0]
    retreat = [
        created(),
        place("r1", "russia", "infantry", "EUR:K37"),
        place("r2", "russia", "infantry", "EUR:K37"),
        place("r3", "russia", "infantry", "EUR:K38"),
        turn(),
        phase("attrition"),
        move("r3", "EUR:K37", mf=1, actor="russia", phase="attrition"),
        phase("unit_construction"),
        phase("redeployment"),
        turn("allied"),
        phase("movement", "allied"),
    ]
    assert messages(run(retreat), "stacks") == []
    unfixed = run([*retreat, phase("combat", "allied")])
    assert "EUR:K37 holds 3 ground units" in messages(unfixed, "stacks")[0]


# ---------------------------------------------------------------------------------------------------------------------
# What must be gone by the end of a phase


def _shock_attack(*units: tuple[str, str]) -> AttackDeclared:
    return AttackDeclared(
        **WHEN,
        side="allied",
        phase="combat",
        actor="russia",
        attack="s1",
        defender_hexes=["EUR:K38"],
        attackers=[Attacker(unit=u, factors=3, origin=o, role="shock_army") for u, o in units],
        defenders=[Defender(unit="g1", factors=3, hex="EUR:K38")],
    )


@pytest.mark.plants("AUD-12-03.B")
def test_shock_armies_are_gone_after_regular_combat_and_at_most_three_attack() -> None:
    rus = [place(f"s{n}", "russia", "infantry", "EUR:K37" if n < 2 else "EUR:K39") for n in range(4)]
    base = [created(), *rus, place("g1", "germany", "infantry", "EUR:K38"), turn("allied"), phase("combat", "allied")]
    survivors = run([*base, _shock_attack(("s0", "EUR:K37"), ("s1", "EUR:K37")), phase("exploitation", "allied")])
    assert [m.split(":")[0] for m in messages(survivors, "gone_by_phase_end")] == [
        "at the end of the combat phase (allied player turn), shock army s0 is still in play",
        "at the end of the combat phase (allied player turn), shock army s1 is still in play",
    ]
    from awaw_events.events import UnitEliminated

    gone = [
        UnitEliminated(**WHEN, side="allied", phase="combat", unit=u, cause="shock_army_expiry") for u in ("s0", "s1")
    ]
    clean = run([*base, _shock_attack(("s0", "EUR:K37"), ("s1", "EUR:K37")), *gone, phase("exploitation", "allied")])
    assert messages(clean, "gone_by_phase_end") == []
    four = run([*base, _shock_attack(*((f"s{n}", "EUR:K37" if n < 2 else "EUR:K39") for n in range(4)))])
    assert any("4 shock armies in one attack (limit 3)" in f.message for f in four.findings)


@pytest.mark.plants("AUD-12-03.A")
def test_a_shock_army_is_a_russian_3_3_infantry_and_reserve_armor_is_invading_armor() -> None:
    """12.16: "Each shock army result allows one Russian 3-3 infantry unit ..., up to a limit of three shock armies
    ... per ground attack"; 16.14, 10.71: "armor units held in reserve during the invasion". The role exempts its
    unit from 15.47's two units a hex, so it is derived, never believed: a German infantry or a Russian 4-factor
    armor claimed as a shock army, an infantry unit or a land attacker claimed as reserve armor are findings."""
    units = [
        place("s0", "russia", "infantry", "EUR:K37"),
        place("g9", "germany", "infantry", "EUR:K37"),
        place("ra", "russia", "armor", "EUR:K37", factors=4),
        place("g1", "germany", "infantry", "EUR:K38"),
    ]
    base = [created(), *units, turn("allied"), phase("combat", "allied")]

    def roles(*attackers: Attacker, kind: str = "regular") -> list[str]:
        attack = AttackDeclared(
            **WHEN, side="allied", phase="combat", actor="russia", attack="s1", kind=kind,
            defender_hexes=["EUR:K38"], attackers=list(attackers),
            defenders=[Defender(unit="g1", factors=3, hex="EUR:K38")],
        )  # fmt: skip
        return messages(run([*base, attack]), "attacker_roles")

    assert roles(Attacker(unit="s0", factors=3, origin="EUR:K37", role="shock_army")) == []
    assert roles(Attacker(unit="g9", factors=3, origin="EUR:K37", role="shock_army")) == [
        "attack s1: g9 attacks as shock army, but it is a germany 3-factor infantry unit, not a Russian 3-3 infantry "
        "(12.16; the role exempts it from 15.47)"
    ]
    assert len(roles(Attacker(unit="ra", factors=4, origin="EUR:K37", role="shock_army"))) == 1
    assert roles(Attacker(unit="ra", factors=4, hexside="sea", role="reserve_armor"), kind="invasion") == []
    assert roles(Attacker(unit="s0", factors=3, hexside="sea", role="reserve_armor"), kind="invasion") == [
        "attack s1: s0 attacks as reserve armor, but it is infantry, not armor (16.14; the role exempts it from 15.47)"
    ]
    assert roles(Attacker(unit="ra", factors=4, origin="EUR:K37", role="reserve_armor")) == [
        "attack s1: ra attacks as reserve armor, but only armor invading from the sea is held in reserve (10.71) "
        "(16.14; the role exempts it from 15.47)"
    ]
    four = run([*base, _shock_attack(*((f"s{n}", "EUR:K37") for n in range(4)))])
    assert any("4 shock armies in one attack (limit 3)" in f.message for f in four.findings)


@pytest.mark.plants("AUD-11-08")
def test_partisans_go_when_their_builder_surrenders() -> None:
    partisan = PartisansPlaced(
        year=1939, season="fall", phase="setup", unit="p1", owner="france", area="FR", hex="EUR:P22"
    )
    surrender = StatusChanged(**WHEN, side="axis", phase="combat", country="france", status="surrendered")
    events = [created(), partisan, turn(), phase("combat"), surrender, phase("exploitation")]
    [message] = messages(run(events), "gone_by_phase_end")
    assert message == (
        "at the end of the combat phase (axis player turn), partisan p1 is still in play although france, which "
        "built it, has surrendered (11.38)"
    )
    from awaw_events.events import UnitEliminated

    gone = UnitEliminated(**WHEN, side="axis", phase="combat", unit="p1", cause="surrender")
    assert messages(run([*events[:-1], gone, events[-1]]), "gone_by_phase_end") == []


@pytest.mark.plants("AUD-10-37")
def test_flak_is_eliminated_when_the_enemy_enters_its_hex() -> None:
    events = [
        created(),
        place("brit-flak-1", "britain", "flak", "EUR:K38", factors=2),
        place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=6),
        war("germany", "britain"),
        turn(),
        phase("movement"),
        move("ger-arm-1", "EUR:K38", mf=1),
    ]
    assert messages(run(events), "occupied_hexes") == []  # flak alone does not stop a move (no combat factor)
    [message] = messages(run([*events, phase("initial_supply")]), "gone_by_phase_end")
    assert "flak brit-flak-1 shares EUR:K38 with enemy units (ger-arm-1)" in message


def test_ex05_russian_infantry_overstacked_next_to_the_enemy_may_be_shock_armies() -> None:
    rus = [place(f"r{n}", "russia", "infantry", "EUR:K37") for n in range(2)]
    events = [
        created(),
        *rus,
        place("r2", "russia", "infantry", "EUR:K36"),
        place("g1", "germany", "infantry", "EUR:K38"),
        turn("allied"),
        phase("movement", "allied"),
        move("r2", "EUR:K37", mf=1, actor="russia", side="allied"),
        phase("initial_supply", "allied"),
    ]
    report = run(events)
    assert messages(report, "stacks") == []
    assert "whether the Russian 3-3 infantry overstacked in EUR:K37 are shock armies (12.16)" in skipped(
        report, "stacks"
    )


@pytest.mark.plants("AUD-12-02")
def test_a_failed_overruns_excess_comes_from_the_units_that_did_not_attempt_it() -> None:
    from awaw_events.events import UnitEliminated

    failed = OverrunResolved(
        **WHEN,
        side="axis",
        phase="movement",
        actor="germany",
        overrun="o1",
        units=[UnitFactors(unit="a1", factors=4)],
        target="EUR:K38",
        defence_strength=12,
        attack_strength=8,
        success=False,
    )
    base = [
        created(),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("i2", "germany", "infantry", "EUR:K37"),
        place("a1", "germany", "armor", "EUR:K36", factors=4, movement=6),
        turn(),
        phase("movement"),
        move("a1", "EUR:K37", mf=1),
        failed,
    ]

    def excess(unit: str) -> UnitEliminated:
        return UnitEliminated(**WHEN, side="axis", phase="movement", unit=unit, cause="overstack")

    assert "a1 attempted the failed overrun" in messages(run([*base, excess("a1")]), "overstack_choice")[0]
    assert messages(run([*base, excess("i1"), phase("initial_supply")]), "overstack_choice") == []
    assert messages(run([*base, excess("i1"), phase("initial_supply")]), "stacks") == []


@pytest.mark.plants("R-08", "C-RED-8")
def test_a_redeployment_that_overstacks_is_a_finding_at_the_end_of_the_phase() -> None:
    """R-08 (28.91), C-RED-8: stacks are judged at the end of the redeployment phase, not per segment."""
    base = [
        created(),
        place("i1", "germany", "infantry", "EUR:K37"),
        place("i2", "germany", "infantry", "EUR:K37"),
        place("i3", "germany", "infantry", "EUR:K30"),
        turn(),
        phase("redeployment"),
    ]
    sr = UnitRedeployed(
        **WHEN, side="axis", phase="redeployment", actor="germany", unit="i3", kind="SR", origin="EUR:K30",
        destination="EUR:K37",
    )  # fmt: skip
    over = run([*base, sr, phase("end", side="axis")])
    [message] = messages(over, "stacks")
    assert "at the end of the redeployment phase" in message and "EUR:K37 holds 3 ground units" in message
    away = msgspec.structs.replace(sr, destination="EUR:K38")
    assert messages(run([*base, away, phase("end", side="axis")]), "stacks") == []
