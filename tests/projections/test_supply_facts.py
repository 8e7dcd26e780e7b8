"""The running facts of supply and control (projections.land) and of politics (projections.politics) that the
control, supply, politics and France checks read: folded once, forgotten at the right boundary, and the same after a
snapshot."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AnyEvent,
    AttritionResolved,
    BridgeheadPlaced,
    CounterPlaced,
    CounterRemoved,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    GameCreated,
    HexControlChanged,
    IcValueChanged,
    MobilizationApplied,
    PartisansPlaced,
    PhaseStarted,
    PlayerTurnStarted,
    SeaSupplyDeclined,
    SeaSupplyResolved,
    SeaSupplyTraced,
    StatusChanged,
    SupplyDetermined,
    SupplySourceDesignated,
    TensionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    WarDeclared,
)
from awaw_events.events.base import Modifier
from awaw_events.events.board import SupplyResult
from projections.game import GameState, decode_state, encode_state, fold, replay
from projections.land import PartisanHold
from tests.conftest import created

AXIS: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis"}
ALLIED: dict[str, Any] = {"year": 1941, "season": "summer", "side": "allied"}
FALL: dict[str, Any] = {"year": 1941, "season": "fall", "side": "axis"}


def unit(unit_id: str, owner: str, hex_: str, unit_type: str = "infantry") -> UnitPlaced:
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=unit_id,
        owner=owner,  # type: ignore[arg-type]
        nationality=owner,
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=3,
        location=hex_,
    )


def supply(faction: str, determination: str, *results: SupplyResult, when: dict[str, Any] = AXIS) -> SupplyDetermined:
    return SupplyDetermined(**when, faction=faction, determination=determination, results=list(results))  # type: ignore[arg-type]


def game() -> list[AnyEvent]:
    return [
        created(),
        unit("ger-1", "germany", "EUR:K30", "armor"),
        unit("rus-1", "russia", "EUR:K40"),
        HexControlChanged(year=1939, season="fall", phase="setup", hex="EUR:K35", controller="germany", cause="setup"),
        IcValueChanged(year=1939, season="fall", phase="setup", hex="EUR:K40", value=10, cause="setup"),
        CounterPlaced(year=1939, season="fall", phase="setup", power="germany", hex="EUR:K33", counter="airbase"),
        PlayerTurnStarted(**AXIS),
        supply(
            "european_axis",
            "initial",
            SupplyResult(subject="ger-1", status="full", source="berlin"),
            SupplyResult(subject="EUR:K35", status="partial"),
        ),
        UnitMoved(**AXIS, phase="exploitation", unit="ger-1", path=["EUR:K31"], exploitation=True),
        SeaSupplyTraced(
            **AXIS,
            phase="initial_supply",
            faction="european_axis",
            line="l1",
            determination="initial",
            origin="EUR:AA25",
            destination="EUR:MM15",
            zone="libya",
        ),
        SeaSupplyResolved(**AXIS, phase="initial_supply", line="l1", outcome="disrupted"),
        SeaSupplyDeclined(
            **AXIS, phase="initial_supply", faction="european_axis", zone="tunisia", determination="initial"
        ),
        BridgeheadPlaced(**AXIS, phase="combat", hex="EUR:E33", faction="european_axis", cause="seaborne_invasion"),
        supply("european_axis", "post_combat", SupplyResult(subject="EUR:K35", status="full")),
        SupplySourceDesignated(
            **AXIS, phase="post_combat_supply", faction="european_axis", source="berlin", active=False
        ),
    ]


def test_supply_facts_of_the_player_turn() -> None:
    land = replay(game()).land
    assert land.initial_status == {"ger-1": "full", "EUR:K35": "partial"}
    assert land.post_status == {"EUR:K35": "full"}
    assert land.sea_lines["l1"].outcome == "disrupted"
    assert land.sea_declined == {("european_axis", "tunisia", "initial")}
    assert land.bridgeheads_placed == {"EUR:E33"}
    assert land.faction_supply["european_axis"].statuses == {"EUR:K35": "full"}  # the best of both determinations
    assert land.exploited == {"ger-1": (land.player_turn[0], False)}
    assert land.designations == {"european_axis/berlin": (False, land.player_turn[0])}
    # 29.31B: where each side stood when the player turn began (units and counters)
    assert land.presence == {"axis": frozenset({"EUR:K30", "EUR:K33"}), "allied": frozenset({"EUR:K40"})}
    # the next player turn forgets this one's results and lines, but keeps the faction's hex supply (29.31A)
    after = fold(replay(game()), [PlayerTurnStarted(**ALLIED)]).land
    assert (after.initial_status, after.sea_lines, after.bridgeheads_placed) == ({}, {}, set())
    assert after.faction_supply["european_axis"].statuses == {"EUR:K35": "full"}


def test_armor_that_redeploys_in_its_exploitation_turn_loses_automatic_supply() -> None:
    redeployed = UnitRedeployed(
        **AXIS, phase="redeployment", unit="ger-1", kind="SR", origin="EUR:K31", destination="EUR:K20"
    )
    assert fold(replay(game()), [redeployed]).land.exploited["ger-1"][1] is True


def test_ic_isolation_counts_once_a_player_turn_and_resets_with_full_supply() -> None:
    events: list[AnyEvent] = game()
    for season in ("summer", "fall", "winter"):
        turn = {"year": 1941, "season": season, "side": "allied"}
        events += [
            PlayerTurnStarted(**turn),
            supply("russia", "initial", SupplyResult(subject="EUR:K40", status="partial", source="EUR:K40"), when=turn),
        ]
    state = replay(events)
    assert state.land.ic_isolation == {"EUR:K40": 3}
    assert state.land.ic_used == {"EUR:K40": len(events)}
    spring = {"year": 1942, "season": "spring", "side": "allied"}
    full = [
        PlayerTurnStarted(**spring),
        supply("russia", "initial", SupplyResult(subject="EUR:K40", status="full"), when=spring),
    ]
    assert fold(state, full).land.ic_isolation == {}


def test_partisan_holds_and_counters() -> None:
    events: list[AnyEvent] = [
        *game(),
        PartisansPlaced(**AXIS, phase="movement", unit="p-1", owner="britain", area="x", hex="EUR:K35"),
        HexControlChanged(**AXIS, phase="movement", hex="EUR:K35", controller="britain", cause="partisans"),
    ]
    state = replay(events)
    assert state.land.partisan_held == {"EUR:K35": PartisanHold(partisan_power="britain", previous="germany")}
    back = HexControlChanged(**AXIS, phase="combat", hex="EUR:K35", controller="germany", cause="partisans")
    assert fold(state, [back]).land.partisan_held == {}
    removed = CounterRemoved(**AXIS, phase="combat", location="EUR:K33", counter="airbase")
    assert state.board.counters == {"EUR:K33/airbase": "germany"}
    assert fold(state, [removed]).board.counters == {}


def test_politics_facts() -> None:
    a3r = GameCreated(year=1939, season="fall", phase="setup", rules="a3r", players={"ann": "axis", "bob": "allied"})
    events: list[AnyEvent] = [
        a3r,
        PhaseStarted(year=1941, season="summer", phase="research"),
        PlayerTurnStarted(**AXIS),
        TensionChanged(
            **AXIS,
            phase="diplomacy",
            track="rgt",
            old=0,
            new=3,
            modifiers=[Modifier(code="EV_PARIS", value=2), Modifier(code="automatic", value=1)],
        ),
        DiplomaticPointsAllocated(
            **AXIS, phase="diplomacy", faction="european_axis", target="france", dps=2, covert_reductions=1
        ),
        DiplomaticResult(**AXIS, phase="diplomacy", country="rumania", faction="european_axis", result=8),
        StatusChanged(**AXIS, phase="diplomacy", country="rumania", status="associated", faction="european_axis"),
        WarDeclared(**AXIS, phase="diplomacy", aggressor="germany", target="russia", brp_cost=35),
        AttritionResolved(**AXIS, phase="attrition", attrition="t", roll=1, losses=0, hexes=0),
        MobilizationApplied(
            **ALLIED, phase="unit_construction", power="russia", ic_city="kuibyshev", ic_origin="mobilization"
        ),
        WarDeclared(**ALLIED, phase="diplomacy", aggressor="britain", target="vichy:levant", brp_cost=10),
    ]
    politics = replay(events).politics
    assert politics.players == ("ann", "bob")
    assert (politics.research_phases, politics.sides_started) == (1, ("axis",))
    assert politics.rgt_applied == {"EV_PARIS": 1, "automatic": 1}
    assert politics.rgt_events == {"EV_PARIS": True}
    assert politics.dps_in_france == {"1941/axis": 1}
    assert politics.diplomatic["rumania"][:2] == ("european_axis", 8)
    assert politics.alignment == {"rumania": "european_axis"}
    assert politics.rgt_at_german_dow is not None and politics.rgt_at_german_dow[0] == 3
    assert politics.attrition_turn == (politics.game_turn, "axis")
    assert [ic.city for ic in politics.mobilized] == ["kuibyshev"]
    assert politics.colonial_dows == ((politics.game_turn, "allied"),)
    negated = TensionChanged(
        **FALL, phase="combat", track="rgt", old=3, new=1, modifiers=[Modifier(code="EV_PARIS", value=-2)]
    )
    later = fold(replay(events), [negated]).politics
    assert later.rgt_events == {"EV_PARIS": False}
    assert later.rgt_applied == {"EV_PARIS": 1}  # a new game turn starts the count again


def test_a_snapshot_of_these_facts_folds_on_like_the_whole_game() -> None:
    events = game()
    rest: list[AnyEvent] = [PlayerTurnStarted(**ALLIED), supply("russia", "initial", when=ALLIED)]
    cut = decode_state(encode_state(replay(events)))
    assert cut.land == replay(events).land and cut.politics == replay(events).politics
    assert fold(cut, rest) == fold(GameState(), [*events, *rest])
