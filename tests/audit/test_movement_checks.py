"""Movement checks (AWAW 13.1-13.4, 10.1-10.3; A3R C-MOV-1): who moves, the path, the cost and the allowance,
prohibited hexsides, occupied hexes, the order of movement and voluntary eliminations; the 10-16 worked examples
EX-01 and EX-02; and the three bad moves of issue 11."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from awaw_events.codec import decode
from awaw_events.events import Event, OverrunResolved, StatusChanged, SupplyDetermined, UnitEliminated
from awaw_events.events.base import UnitFactors
from awaw_events.events.board import SupplyResult
from replays.maps import shipped_map_data
from tests.build import WHEN, created, messages, move, phase, turn, war
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import report_skipped as skipped
from tests.build import run_created as run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "campaign-1939.jsonl"


def _example_until_first_move() -> list[Event]:
    """The example game up to its first ``unit_moved`` (the Axis Fall 1939 movement phase)."""
    events: list[Event] = []
    for line in EXAMPLE.read_bytes().splitlines():
        event = decode(line)
        if type(event).__name__ == "UnitMoved":
            break
        events.append(event)
    return events


FALL_1939 = {"year": 1939, "season": "fall"}


# ---------------------------------------------------------------------------------------------------------------------
# Issue 11: the three bad moves tried on a branch of the example


def test_a_move_of_a_unit_that_does_not_exist_is_a_finding() -> None:
    events = [*_example_until_first_move(), move("ger-inf-33", "EUR:M29", mf=1, **FALL_1939)]
    report = run(events)
    assert messages(report, "mover") == ["ger-inf-33 moves, but no such unit was ever placed or built"]


def test_a_move_of_an_eliminated_unit_names_its_elimination() -> None:
    gone = UnitEliminated(**FALL_1939, side="axis", phase="movement", unit="ger-inf-7", cause="voluntary")
    events = [*_example_until_first_move(), gone, move("ger-inf-7", "EUR:M29", mf=1, **FALL_1939)]
    [message] = messages(run(events), "mover")
    assert message == "ger-inf-7 moves, but it was eliminated (voluntary) in Fall 1939"


def test_the_one_step_jump_from_m28_to_aa40_is_a_finding() -> None:
    events = [*_example_until_first_move(), move("ger-inf-7", "EUR:AA40", mf=1, **FALL_1939)]
    report = run(events)
    assert messages(report, "path") == [
        "ger-inf-7 steps from EUR:M28 to EUR:AA40, which are not adjacent (26 hexes apart): a unit moves hex by hex "
        "(10-16 extract 1.15)"
    ]
    assert [f.check for f in report.findings] == ["path"]


def test_germany_moving_a_polish_unit_is_a_finding() -> None:
    events = [*_example_until_first_move(), move("pol-inf-6", "EUR:L38", mf=1, **FALL_1939)]
    [message] = messages(run(events), "mover")
    assert message.startswith("pol-inf-6 belongs to britain (allied), but germany moves it and it moves in the axis")


def test_the_owner_moving_its_unit_in_its_own_turn_is_clean() -> None:
    events = [*_example_until_first_move(), move("ger-inf-7", "EUR:M29", mf=1, **FALL_1939)]
    report = run(events)
    assert report.findings == ()


def test_a_path_that_repeats_the_start_hex_is_named() -> None:
    events = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), move("ger-inf-1", "EUR:K37", "EUR:K38")]
    [message] = messages(run(events), "path")
    assert "starts with the hex it stands in (EUR:K37)" in message


def test_attrition_retreats_of_the_other_side_are_not_moves_out_of_turn() -> None:
    events = [
        created(),
        place("rus-inf-1", "russia", "infantry", "EUR:K37"),
        phase("attrition"),
        move("rus-inf-1", "EUR:K38", mf=1, actor="russia", phase="attrition"),
    ]
    assert messages(run(events), "mover") == []


# ---------------------------------------------------------------------------------------------------------------------
# Allowances (AUD-10-01, 13-06) and costs (AUD-13-05, AUD-10-08, AUD-10-09, AUD-10-29, C-MOV-1)


@pytest.mark.plants("AUD-10-01")
def test_a_european_infantry_spending_four_mf_is_a_finding() -> None:
    base = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), turn(), phase("movement")]
    over = run([*base, move("ger-inf-1", "EUR:K38", "EUR:K39", "EUR:K40", "EUR:K41", mf=4)])
    [message] = messages(over, "movement_cost")
    assert "spends 4 MF" in message and "its allowance is 3 (infantry in Europe moves 3" in message
    within = run([*base, move("ger-inf-1", "EUR:K38", "EUR:K39", "EUR:K40", mf=3)])
    assert messages(within, "movement_cost") == []


@pytest.mark.plants("AUD-10-01")
def test_pacific_mech_infantry_and_partially_supplied_armor_move_as_infantry() -> None:
    supply = SupplyDetermined(
        **WHEN,
        side="axis",
        phase="movement",
        faction="european_axis",
        determination="initial",
        results=[SupplyResult(subject="ger-arm-1", status="partial")],
    )
    events = [
        created(),
        place("usa-mech-1", "usa", "mech_infantry", "PAC:K30"),
        place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=6),
        turn(),
        phase("movement"),
        supply,
        move("ger-arm-1", "EUR:K38", "EUR:K39", "EUR:K40", "EUR:K41", mf=4),
        turn("allied"),
        phase("movement", side="allied"),
        move("usa-mech-1", "PAC:K31", "PAC:K32", "PAC:K33", mf=3, actor="usa", side="allied"),
    ]
    found = messages(run(events), "movement_cost")
    assert len(found) == 2
    assert "armor under partial supply acts as infantry: 3 MF in Europe" in found[0]
    assert "mechanized infantry in the Pacific is infantry" in found[1]


@pytest.mark.plants("AUD-13-06")
def test_movement_factors_are_not_saved_or_split_across_moves() -> None:
    base = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), turn(), phase("movement")]
    two_moves = [*base, move("ger-inf-1", "EUR:K38", "EUR:K39", mf=2), move("ger-inf-1", "EUR:K40", "EUR:K41", mf=2)]
    [message] = messages(run(two_moves), "movement_cost")
    assert "spends 4 MF in this movement phase (2 before this move)" in message
    next_turn = [
        *base,
        move("ger-inf-1", "EUR:K38", "EUR:K39", mf=2),
        phase("movement", season="fall"),
        move("ger-inf-1", "EUR:K40", "EUR:K41", mf=2, season="fall"),
    ]
    assert messages(run(next_turn), "movement_cost") == []


def test_a_supplied_unit_may_always_move_one_hex() -> None:
    data = make_map({"EUR:K37": {"terrain": "clear"}, "EUR:K38": {"terrain": "mountain"}})
    events = [
        created(),
        place("ger-rep-1", "germany", "replacement", "EUR:K37", factors=1),
        turn(),
        phase("movement"),
        move("ger-rep-1", "EUR:K38", mf=2),
    ]
    assert messages(run(events, data), "movement_cost") == []


@pytest.mark.plants("AUD-13-05")
def test_rough_terrain_and_leaving_a_zoc_cost_extra() -> None:
    hexes = {h: {"terrain": "clear", "country": "poland"} for h in ("EUR:K37", "EUR:K38", "EUR:J38", "EUR:L36")}
    hexes["EUR:K39"] = {"terrain": "forest", "country": "poland"}
    data = make_map(hexes)
    base = [
        created(),
        place("pol-arm-1", "britain", "armor", "EUR:J38", factors=2, movement=5, nationality="poland"),
        place("ger-inf-1", "germany", "infantry", "EUR:L36"),
        war("germany", "britain"),
        turn(),
        phase("movement"),
    ]
    # L36 -> K37 (1), then K37 (in the Polish armor's ZoC) -> K38 (1 + 2), then forest K39 (2 + 2): 8 > 3
    report = run([*base, move("ger-inf-1", "EUR:K37", "EUR:K38", "EUR:K39", mf=4)], data)
    found = messages(report, "movement_cost")
    assert len(found) == 2
    assert found[0].startswith("ger-inf-1's move into EUR:K37, EUR:K38, EUR:K39 costs 8 MF")
    assert "2 to enter EUR:K39 +2 ZoC" in found[0]
    assert "spends 8 MF" in found[1]
    clean = run([*base, move("ger-inf-1", "EUR:K37", mf=1)], data)
    assert messages(clean, "movement_cost") == []


@pytest.mark.plants("AUD-10-08")
def test_no_zoc_across_a_pacific_river_or_into_pacific_rough_terrain() -> None:
    hexes = {h: {"terrain": "clear", "country": "burma"} for h in ("PAC:K30", "PAC:K31", "PAC:J31", "PAC:L29")}
    sides = [{"between": ("PAC:J31", "PAC:K30"), "river": "river"}]
    data = make_map(hexes, sides)
    events = [
        created(),
        place("brit-arm-1", "britain", "armor", "PAC:J31", factors=3, movement=3),
        place("jap-inf-1", "japan", "infantry", "PAC:K30"),
        war("japan", "britain"),
        turn(),
        phase("movement"),
    ]
    # K30 sees the British armor only across a river: leaving it costs nothing more in the Pacific (10.341D)
    charged = run([*events, move("jap-inf-1", "PAC:L29", mf=2, actor="japan")], data)
    [message] = messages(charged, "movement_cost")
    assert "costs 1 MF (1 to enter PAC:L29; 13.41), recorded 2" in message
    assert messages(run([*events, move("jap-inf-1", "PAC:L29", mf=1, actor="japan")], data), "movement_cost") == []


@pytest.mark.plants("AUD-10-09")
def test_the_russian_surprise_zoc_in_the_first_axis_turn_of_barbarossa() -> None:
    hexes = {
        h: {"terrain": "clear", "country": "russia"}
        for h in ("EUR:K40", "EUR:K41", "EUR:J41", "EUR:L40", "EUR:L41", "EUR:K39", "EUR:J40", "EUR:J42", "EUR:K42")
    }
    data = make_map(hexes)
    from awaw_events.events import HexControlChanged, TensionChanged

    def control(h: str, who: str) -> HexControlChanged:
        return HexControlChanged(year=1939, season="fall", phase="setup", hex=h, controller=who, cause="setup")

    rgt = TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=30)

    def setup(i41: str = "russia") -> list[Event]:
        return [
            created(),
            place("rus-arm-1", "russia", "armor", "EUR:J41", factors=4, movement=5),
            place("ger-inf-1", "germany", "infantry", "EUR:K40"),
            rgt,
            *(control(h, "russia") for h in ("EUR:J40", "EUR:J42", "EUR:K41", "EUR:I42", "EUR:K40")),
            control("EUR:I41", i41),
            turn(),
            war("germany", "russia"),
            phase("movement"),
        ]

    # the Russian armor is not next to any Axis-controlled hex: leaving K40 costs +1, not +2 (10.344)
    right = run([*setup(), move("ger-inf-1", "EUR:L40", mf=2)], data)
    assert messages(right, "movement_cost") == []
    wrong = run([*setup(), move("ger-inf-1", "EUR:L40", mf=3)], data)
    assert "costs 2 MF (1 to enter EUR:L40 +1 ZoC" in messages(wrong, "movement_cost")[0]
    # next to an Axis-controlled hex it has no ZoC at all
    assert (
        "costs 1 MF" in messages(run([*setup("germany"), move("ger-inf-1", "EUR:L40", mf=2)], data), "movement_cost")[0]
    )
    # in exploitation the ZoC works normally
    exploiting = [*setup(), phase("exploitation"), move("ger-inf-1", "EUR:L40", mf=2, phase="exploitation")]
    assert "costs 3 MF" in messages(run(exploiting, data), "movement_cost")[0]


@pytest.mark.plants("AUD-10-29")
def test_the_chindit_enters_jungle_at_one_mf() -> None:
    data = make_map({"PAC:K30": {"terrain": "jungle"}, "PAC:K31": {"terrain": "jungle_mountain"}})
    base = [created(), place("chindit-1", "britain", "chindit", "PAC:K29", factors=1), turn("allied")]
    right = [*base, phase("movement", "allied"), move("chindit-1", "PAC:K30", mf=1, actor="britain", side="allied")]
    assert messages(run(right, data), "movement_cost") == []
    wrong = [*base, phase("movement", "allied"), move("chindit-1", "PAC:K30", mf=2, actor="britain", side="allied")]
    assert "costs 1 MF" in messages(run(wrong, data), "movement_cost")[0]
    both = [
        *base,
        phase("movement", "allied"),
        move("chindit-1", "PAC:K30", "PAC:K31", mf=2, actor="britain", side="allied"),
    ]
    assert "costs 3 MF" in messages(run(both, data), "movement_cost")[0]


@pytest.mark.plants("C-MOV-1")
def test_a3r_replacements_move_one_hex_and_rough_terrain_costs_one_more() -> None:
    data = make_map({"EUR:K38": {"terrain": "clear"}, "EUR:K39": {"terrain": "forest"}})
    base = [created("a3r"), place("ger-rep-1", "germany", "replacement", "EUR:K37", factors=1), turn()]
    two = run([*base, phase("movement"), move("ger-rep-1", "EUR:K38", "EUR:K39", mf=3)], data)
    assert "its allowance is 1" in messages(two, "movement_cost")[0]
    base_inf = [created("a3r"), place("ger-inf-1", "germany", "infantry", "EUR:K37"), turn(), phase("movement")]
    undercharged = run([*base_inf, move("ger-inf-1", "EUR:K38", "EUR:K39", mf=2)], data)
    assert "costs 3 MF" in messages(undercharged, "movement_cost")[0]
    standard = run(
        [created("a3r", **{"terrain.rough": "a3r"}), *base_inf[1:], move("ger-inf-1", "EUR:K38", mf=1)], data
    )
    assert skipped(standard, "movement_cost") == [
        "the standard A3R terrain costs (terrain.rough = a3r) are not in the extracts"
    ]


@pytest.mark.plants("C-MOV-1", "AUD-13-07")
def test_chott_el_jerid_is_closed_in_winter_under_the_a3r_house_rule() -> None:
    data = shipped_map_data().data
    base = [created("a3r"), place("ita-inf-1", "italy", "infantry", "EUR:GG13"), turn(season="winter")]
    winter = run(
        [
            *base,
            phase("movement", season="winter"),
            move("ita-inf-1", "EUR:HH12", actor="italy", season="winter", mf=1),
        ],
        data,
    )
    [message] = messages(winter, "hexes_entered")
    assert "Chott el Jerid" in message
    summer = run([*base, phase("movement"), move("ita-inf-1", "EUR:HH12", actor="italy", mf=1)], data)
    assert messages(summer, "hexes_entered") == []
    off = run(
        [
            created("a3r", **{"terrain.chott_el_jerid_winter": "off"}),
            *base[1:],
            phase("movement", season="winter"),
            move("ita-inf-1", "EUR:HH12", actor="italy", season="winter", mf=1),
        ],
        data,
    )
    assert messages(off, "hexes_entered") == []


@pytest.mark.plants("AUD-13-07")
def test_no_ground_movement_across_the_qattara_or_into_a_lake() -> None:
    data = shipped_map_data().data
    events = [created(), place("ger-inf-1", "germany", "infantry", "EUR:MM26"), turn(), phase("movement")]
    [message] = messages(run([*events, move("ger-inf-1", "EUR:NN26", mf=1)], data), "hexes_entered")
    assert "13.43B (all-Qattara depression hexside)" in message
    lake = [created(), place("rus-inf-1", "russia", "infantry", "EUR:C44"), turn("allied"), phase("movement", "allied")]
    [message] = messages(
        run([*lake, move("rus-inf-1", "EUR:C45", mf=1, actor="russia", side="allied")], data), "hexes_entered"
    )
    assert "a lake hex" in message


# ---------------------------------------------------------------------------------------------------------------------
# Worked examples 10.33 (EX-01, EX-02) and armor that must stop (AUD-10-07)


def _pacific_armor() -> tuple[list[Event], object]:
    data = make_map(
        {
            "PAC:K30": {"terrain": "clear"},
            "PAC:K31": {"terrain": "mountain"},
            "PAC:K32": {"terrain": "clear"},
            "PAC:K33": {"terrain": "mountain"},
        }
    )
    events: list[Event] = [
        created(),
        place("usa-arm-1", "usa", "armor", "PAC:K30", factors=3, movement=3),
        turn("allied"),
        phase("movement", "allied"),
    ]
    return events, data


@pytest.mark.plants("AUD-10-07")
def test_ex01_armor_in_a_pacific_mountain_stops_there() -> None:
    events, data = _pacific_armor()
    stops = run([*events, move("usa-arm-1", "PAC:K31", mf=2, actor="usa", side="allied")], data)  # type: ignore[arg-type]
    assert stops.findings == ()
    goes_on = [*events, move("usa-arm-1", "PAC:K31", "PAC:K32", mf=3, actor="usa", side="allied")]
    [message] = messages(run(goes_on, data), "movement_cost")  # type: ignore[arg-type]
    assert message.startswith("usa-arm-1 has spent its infantry allowance of 2 MF in PAC:K31")


@pytest.mark.plants("AUD-10-07")
def test_ex02_armor_leaving_a_mountain_regains_its_allowance() -> None:
    events, data = _pacific_armor()
    start = [events[0], place("usa-arm-1", "usa", "armor", "PAC:K31", factors=3, movement=3), *events[2:]]
    printed = run([*start, move("usa-arm-1", "PAC:K32", "PAC:K33", mf=3, actor="usa", side="allied")], data)  # type: ignore[arg-type]
    assert printed.findings == ()
    too_far = [*start, move("usa-arm-1", "PAC:K32", "PAC:K33", "PAC:K34", mf=4, actor="usa", side="allied")]
    assert messages(run(too_far, data), "movement_cost")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------------
# Hexes with enemy units (AUD-13-09), the order of movement (AUD-13-01), boxes (AUD-13-08)


@pytest.mark.plants("AUD-13-09")
def test_ground_units_enter_enemy_hexes_only_by_overrun() -> None:
    base = [
        created(),
        place("ger-arm-1", "germany", "armor", "EUR:K37", factors=4, movement=6),
        place("pol-inf-1", "britain", "infantry", "EUR:K38", factors=2, nationality="poland"),
        turn(),
        phase("movement"),
    ]
    [message] = messages(run([*base, move("ger-arm-1", "EUR:K38", "EUR:K39", mf=2)]), "occupied_hexes")
    assert "enters EUR:K38, held by pol-inf-1" in message
    overrun = OverrunResolved(
        **WHEN,
        side="axis",
        phase="movement",
        actor="germany",
        overrun="o1",
        units=[UnitFactors(unit="ger-arm-1", factors=4)],
        target="EUR:K38",
        defence_strength=1,
        attack_strength=12,
        success=True,
        defenders=["pol-inf-1"],
    )
    gone = UnitEliminated(**WHEN, side="axis", phase="movement", unit="pol-inf-1", cause="overrun", ref="o1")
    report = run([*base, overrun, gone, move("ger-arm-1", "EUR:K38", "EUR:K39", mf=3)])
    assert messages(report, "occupied_hexes") == []
    assert messages(report, "movement_cost") == []


@pytest.mark.plants("AUD-13-01")
def test_supply_is_determined_after_naval_and_before_ground_movement() -> None:
    base = [
        created(),
        place("ger-inf-1", "germany", "infantry", "EUR:K37"),
        place("scharnhorst", "germany", "bc", "EUR:J29"),
        turn(),
        phase("movement"),
    ]
    supply = SupplyDetermined(**WHEN, side="axis", phase="movement", faction="european_axis", determination="initial")
    good = run([*base, move("scharnhorst", "EUR:I29", mf=1), supply, move("ger-inf-1", "EUR:K38", mf=1)])
    assert messages(good, "order_of_movement") == []
    late_supply = run([*base, move("ger-inf-1", "EUR:K38", mf=1), supply])
    assert (
        "initial supply determination comes after its ground units moved"
        in messages(late_supply, "order_of_movement")[0]
    )
    late_ship = run([*base, move("ger-inf-1", "EUR:K38", mf=1), move("scharnhorst", "EUR:I29", mf=1)])
    assert "scharnhorst (naval) moves after ground units" in messages(late_ship, "order_of_movement")[0]
    in_combat = run([*base, phase("combat"), move("ger-inf-1", "EUR:K38", mf=1, phase="combat")])
    assert "moves in the combat phase" in messages(in_combat, "order_of_movement")[0]


def test_ground_moves_between_mapboard_boxes_are_findings() -> None:
    events = [
        created(),
        place("brit-inf-1", "britain", "infantry", "box:india"),
        turn("allied"),
        phase("movement", "allied"),
    ]
    report = run([*events, move("brit-inf-1", "box:australia", mf=1, actor="britain", side="allied")])
    assert (
        "ground movement between mapboard boxes in the movement phase is prohibited (13.44)"
        in messages(report, "path")[0]
    )


# ---------------------------------------------------------------------------------------------------------------------
# Voluntary elimination (AUD-13-02)


def _voluntary(unit: str, phase_: str, side: str = "axis") -> UnitEliminated:
    return UnitEliminated(**WHEN, side=side, phase=phase_, unit=unit, cause="voluntary")  # type: ignore[arg-type]


@pytest.mark.plants("AUD-13-02.A")
def test_voluntary_eliminations_only_before_movement_or_after_redeployment() -> None:
    base = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), war("germany", "poland"), turn()]
    assert messages(run([*base, phase("movement"), _voluntary("ger-inf-1", "movement")]), "voluntary_elimination") == []
    assert (
        messages(run([*base, phase("redeployment"), _voluntary("ger-inf-1", "redeployment")]), "voluntary_elimination")
        == []
    )
    [late] = messages(run([*base, phase("combat"), _voluntary("ger-inf-1", "combat")]), "voluntary_elimination")
    assert "in the combat phase" in late
    moved = [*base, phase("movement"), move("ger-inf-1", "EUR:K38", mf=1), _voluntary("ger-inf-1", "movement")]
    assert "after its faction began to move" in messages(run(moved), "voluntary_elimination")[0]


@pytest.mark.plants("AUD-13-02.B", "AUD-13-02.C", "AUD-13-02.D")
def test_no_voluntary_elimination_by_a_neutral_power_of_launched_ships_or_inactive_minors() -> None:
    neutral = [created(), place("usa-inf-1", "usa", "infantry", "EUR:K37"), turn("allied"), phase("movement", "allied")]
    [message] = messages(run([*neutral, _voluntary("usa-inf-1", "movement", "allied")]), "voluntary_elimination")
    assert "usa is a neutral major power (13.22A)" in message
    ship = [created(), place("bismarck", "germany", "bb", "EUR:J30", factors=4), war("germany", "britain"), turn()]
    [message] = messages(run([*ship, phase("movement"), _voluntary("bismarck", "movement")]), "voluntary_elimination")
    assert "a launched naval unit (13.22C)" in message
    status = StatusChanged(year=1939, season="fall", phase="setup", country="hungary", status="neutral")
    minor = [
        created(),
        place("hun-inf-1", "germany", "infantry", "EUR:S30", nationality="hungary"),
        status,
        war("germany", "poland"),
        turn(),
        phase("movement"),
    ]
    [message] = messages(run([*minor, _voluntary("hun-inf-1", "movement")]), "voluntary_elimination")
    assert "hungary is neutral, not yet activated or associated (13.22B)" in message


@pytest.mark.plants("AUD-13-02.C", "AUD-13-02.E")
def test_no_voluntary_elimination_of_vichy_units_before_activation_or_of_an_airbase() -> None:
    """13.22B: "Minor country units, including Vichy French units, may not be voluntarily eliminated prior to
    activation or association"; 13.22D: "Airbase counters may not be voluntarily eliminated, but may be 'recycled'
    each turn (18.143)"."""
    from awaw_events.events import CounterRemoved

    def vichy(status: str | None) -> list[str]:
        events: list[Event] = [created(), place("vf-inf-1", "germany", "infantry", "EUR:P30", nationality="vichy")]
        if status is not None:
            events.append(StatusChanged(year=1940, season="summer", phase="combat", country="vichy", status=status))
        events += [war("germany", "britain"), turn(), phase("movement"), _voluntary("vf-inf-1", "movement")]
        return messages(run(events), "voluntary_elimination")

    assert vichy("vichy_activated") == []
    assert vichy("vichy_established") == [
        "vf-inf-1 is voluntarily eliminated Vichy France is not yet activated or associated (13.22B)"
    ]
    base = [created(), war("germany", "britain"), turn(), phase("movement")]
    recycled = CounterRemoved(**WHEN, side="axis", phase="movement", location="EUR:K37", counter="airbase",
                              cause="recycled")  # fmt: skip
    assert messages(run([*base, recycled]), "voluntary_elimination") == []
    dropped = msgspec.structs.replace(recycled, cause="voluntary")
    assert messages(run([*base, dropped]), "voluntary_elimination") == [
        "the airbase counter in EUR:K37 is voluntarily eliminated: airbase counters never are, they may only be "
        "recycled each turn (13.22D, 18.143)"
    ]


@pytest.mark.plants("AUD-13-03")
def test_a_unit_voluntarily_eliminated_and_rebuilt_the_same_game_turn_pays_double() -> None:
    from awaw_events.events import UnitBuilt

    def rebuilt(cost: int, multiplier: int) -> UnitBuilt:
        return UnitBuilt(
            **WHEN,
            side="axis",
            phase="unit_construction",
            unit="ger-inf-1",
            owner="germany",
            nationality="germany",
            unit_type="infantry",
            factors=3,
            location="EUR:L32",
            cost=cost,
            multiplier=multiplier,
        )

    base = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), war("germany", "poland"), turn()]
    gone = [phase("movement"), _voluntary("ger-inf-1", "movement"), phase("unit_construction")]
    assert any(f.check == "same_turn_rebuild" for f in run([*base, *gone, rebuilt(3, 1)]).findings)
    assert not any(f.check == "same_turn_rebuild" for f in run([*base, *gone, rebuilt(6, 2)]).findings)


@pytest.mark.plants("AUD-13-04")
def test_unsupplied_ground_units_do_not_move() -> None:
    cut = SupplyDetermined(
        **WHEN,
        side="axis",
        phase="movement",
        faction="european_axis",
        determination="initial",
        results=[SupplyResult(subject="ger-inf-1", status="isolated")],
    )
    base = [created(), place("ger-inf-1", "germany", "infantry", "EUR:K37"), turn(), phase("movement"), cut]
    report = run([*base, move("ger-inf-1", "EUR:K38", mf=1)])
    assert [f.check for f in report.findings] == ["isolated_units_stay"]
    supplied = [*base[:-1], move("ger-inf-1", "EUR:K38", mf=1)]
    assert run(supplied).findings == ()


def test_sea_transport_is_naval_movement_without_ground_costs() -> None:
    data = make_map({"EUR:J29": {"terrain": "sea"}, "EUR:I29": {"terrain": "sea"}, "EUR:H29": {"terrain": "clear"}})
    supply = SupplyDetermined(**WHEN, side="axis", phase="movement", faction="european_axis", determination="initial")
    events = [
        created(),
        place("ger-inf-1", "germany", "infantry", "EUR:J30"),
        turn(),
        phase("movement"),
        move("ger-inf-1", "EUR:J29", "EUR:I29", "EUR:H29", mf=0, sea_transport=True),
        supply,
    ]
    assert run(events, data).findings == ()
    by_land = [*events[:4], move("ger-inf-1", "EUR:J29", "EUR:I29", "EUR:H29", mf=3), supply]
    checks = {f.check for f in run(by_land, data).findings}
    assert checks == {"hexes_entered", "order_of_movement"}
