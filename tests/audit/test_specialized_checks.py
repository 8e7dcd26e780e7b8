"""Specialized units in combat (AWAW 10.41E-F, 10.55D-E, 10.64A, 10.7, 10.8): DM items by unit type, the invasion
stacking limit and the commando raid."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import AttackDeclared, BridgeheadPlaced, CtlSet
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker, Defender
from tests.build import WHEN, created, messages, phase, turn
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import run_created as run

ALLIED: dict[str, Any] = {**WHEN, "side": "allied"}


def dms(*codes: str) -> list[Modifier]:
    return [Modifier(code=c, value=0) for c in codes]


def attack(
    attackers: list[Attacker],
    defenders: list[Defender],
    *,
    kind: str = "regular",
    hexes: tuple[str, ...] = ("PAC:K31",),
) -> AttackDeclared:
    return AttackDeclared(
        **ALLIED,
        phase="combat",
        actor="usa",
        attack="a1",
        kind=kind,  # type: ignore[arg-type]
        defender_hexes=list(hexes),
        attackers=attackers,
        defenders=defenders,
    )


def ctl(level: int) -> CtlSet:
    return CtlSet(year=1939, season="fall", phase="setup", faction="western_allies", domain="ground", level=level)


def _pacific(*more: Any) -> list[Any]:
    return [
        created(),
        place("m1", "usa", "marine", "PAC:K30", factors=1),
        place("m2", "usa", "marine", "PAC:K30", factors=1),
        place("u1", "usa", "infantry", "PAC:K30"),
        place("u2", "usa", "infantry", "PAC:K30"),
        place("u3", "usa", "infantry", "PAC:K29"),
        place("c1", "britain", "commando", "PAC:K29", factors=1),
        place("j1", "japan", "infantry", "PAC:K31"),
        place("ja1", "japan", "airborne", "PAC:K31", factors=1),
        *more,
        turn("allied"),
        phase("combat", "allied"),
    ]


def _invading(*units: tuple[str, int]) -> list[Attacker]:
    return [Attacker(unit=u, factors=f, origin="PAC:K30", role="invading", hexside="sea") for u, f in units]


@pytest.mark.plants("AUD-10-12.A", "AUD-10-35")
def test_two_embarked_units_invade_besides_marines_and_trained_commandos() -> None:
    three = attack(_invading(("u1", 3), ("u2", 3), ("u3", 3)), [], kind="invasion")
    assert "3 embarked ground units attack (u1, u2, u3)" in messages(run([*_pacific(), three]), "invasion_stack")[0]
    marines = attack(_invading(("u1", 3), ("u2", 3), ("m1", 1), ("m2", 1)), [], kind="invasion")
    assert messages(run([*_pacific(), marines]), "invasion_stack") == []
    commando = attack(_invading(("u1", 3), ("u2", 3), ("c1", 1)), [], kind="invasion")
    assert messages(run([*_pacific(ctl(1)), commando]), "invasion_stack")
    assert messages(run([*_pacific(ctl(2)), commando]), "invasion_stack") == []


@pytest.mark.plants("AUD-10-34.A")
def test_the_invasion_dm_goes_when_marines_are_half_the_invading_factors() -> None:
    invaders = _invading(("u1", 3), ("m1", 1), ("m2", 1))
    defender = Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic", "invasion"))
    assert messages(run([*_pacific(), attack(invaders, [defender], kind="invasion")]), "unit_type_dms") == []
    half = _invading(("m1", 1), ("m2", 1))
    [message] = messages(run([*_pacific(), attack(half, [defender], kind="invasion")]), "unit_type_dms")
    assert "marines or SNLF are 2 of the 2 invading factors (half or more): no invasion DM" in message
    bare = Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic"))
    assert (
        "takes the invasion +1"
        in messages(run([*_pacific(), attack(invaders, [bare], kind="invasion")]), "unit_type_dms")[0]
    )


@pytest.mark.plants("AUD-10-12.B")
def test_airborne_units_in_the_invasion_force_count_toward_the_two() -> None:
    """10.41E: airborne units and Chindits that are part of a seaborne invasion force count toward its two embarked
    units (an airdrop onto the invasion hex is not part of it)."""
    para = place("ab1", "usa", "airborne", "PAC:K30", factors=1)
    two = attack(_invading(("u1", 3), ("ab1", 1)), [], kind="invasion")
    assert messages(run([*_pacific(para), two]), "invasion_stack") == []
    three = attack(_invading(("u1", 3), ("u2", 3), ("ab1", 1)), [], kind="invasion")
    [message] = messages(run([*_pacific(para), three]), "invasion_stack")
    assert "3 embarked ground units attack (u1, u2, ab1)" in message


@pytest.mark.plants("AUD-10-34.B")
def test_commandos_never_count_as_marines_for_the_invasion_dm() -> None:
    """10.84, 15.32B: only U.S. marines (and SNLF) drop the invasion +1; commandos never count toward that half. With
    3 infantry, 2 marine and 1 commando factors invading, marines are 2 of 6: the defender keeps the invasion DM
    (counting the commando as a marine would make it 3 of 6, half, and drop it)."""
    invaders = _invading(("u1", 3), ("m1", 1), ("m2", 1), ("c1", 1))
    kept = Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic", "invasion"))
    assert messages(run([*_pacific(ctl(2)), attack(invaders, [kept], kind="invasion")]), "unit_type_dms") == []
    dropped = Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic"))
    [message] = messages(run([*_pacific(ctl(2)), attack(invaders, [dropped], kind="invasion")]), "unit_type_dms")
    assert "takes the invasion +1" in message


@pytest.mark.plants("AUD-10-13")
def test_specialized_defenders_take_no_exploiting_armor_or_winter_dm() -> None:
    defender = Defender(unit="ja1", factors=1, hex="PAC:K31", dms=dms("basic", "exploiting_armor"))
    attacker = [Attacker(unit="u1", factors=3, origin="PAC:K30")]
    [message] = messages(run([*_pacific(), attack(attacker, [defender])]), "unit_type_dms")
    assert "airborne units take no exploiting_armor DM (10.41F)" in message
    infantry = Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic", "exploiting_armor"))
    assert messages(run([*_pacific(), attack(attacker, [infantry])]), "unit_type_dms") == []


@pytest.mark.plants("AUD-10-24.A", "AUD-10-24.B")
def test_the_airdrop_only_dm_by_unit_type_and_no_river_dm_against_an_airdrop() -> None:
    dropped = [Attacker(unit="u9", factors=1, role="airdropped", hexside="airdrop")]
    base = [*_pacific(place("u9", "usa", "airborne", "PAC:K32", factors=1))]
    right = [
        Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic", "airdrop_only_infantry")),
        Defender(unit="ja1", factors=1, hex="PAC:K31", dms=dms("basic", "airdrop_only_armor_specialized")),
    ]
    assert messages(run([*base, attack(dropped, right)]), "unit_type_dms") == []
    wrong = [Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic"))]
    assert (
        "attacked only by airdrop, it takes the airdrop_only_infantry DM"
        in messages(run([*base, attack(dropped, wrong)]), "unit_type_dms")[0]
    )
    mixed = [*dropped, Attacker(unit="u1", factors=3, origin="PAC:K30", hexside="river")]
    river = [Defender(unit="j1", factors=3, hex="PAC:K31", dms=dms("basic", "river"))]
    assert (
        "an airdrop in the attack cancels the river DM"
        in messages(run([*base, attack(mixed, river)]), "unit_type_dms")[0]
    )


@pytest.mark.plants("AUD-10-30")
def test_the_chindit_dm_needs_rough_terrain_and_a_chindit_clear_of_other_allied_units() -> None:
    data = make_map({"PAC:K31": {"terrain": "jungle"}, "PAC:K37": {"terrain": "clear"}})
    base = [
        created(),
        place("ch1", "britain", "chindit", "PAC:K30", factors=1),
        place("ch2", "britain", "chindit", "PAC:K36", factors=1),
        place("b1", "britain", "infantry", "PAC:K35"),
        place("j1", "japan", "infantry", "PAC:K31"),
        place("j2", "japan", "infantry", "PAC:K37"),
        turn("allied"),
        phase("combat", "allied"),
    ]

    def chindit_attack(unit: str, origin: str, target: str) -> AttackDeclared:
        defender = Defender(
            unit="j1" if target == "PAC:K31" else "j2", factors=3, hex=target, dms=dms("basic", "chindit")
        )
        return attack([Attacker(unit=unit, factors=1, origin=origin)], [defender], hexes=(target,))

    assert messages(run([*base, chindit_attack("ch1", "PAC:K30", "PAC:K31")], data), "unit_type_dms") == []
    found = messages(run([*base, chindit_attack("ch2", "PAC:K36", "PAC:K37")], data), "unit_type_dms")
    assert any("other Western Allied ground units in or next to its hex" in m for m in found)
    assert any("the defender is in clear terrain" in m for m in found)


@pytest.mark.plants("AUD-10-36.B", "AUD-10-36.C")
def test_a_commando_raid_lands_in_an_undefended_port_and_places_no_bridgehead() -> None:
    data = make_map({"EUR:N22": {"port": True}, "EUR:N23": {"port": False}})
    base = [
        created(),
        ctl(2),
        place("c1", "britain", "commando", "EUR:M20", factors=1),
        place("g1", "germany", "infantry", "EUR:N23"),
        turn("allied"),
        phase("combat", "allied"),
    ]

    def raid(target: str, defenders: list[Defender] | None = None) -> AttackDeclared:
        invader = [Attacker(unit="c1", factors=1, origin="EUR:M20", role="invading", hexside="sea")]
        return attack(invader, defenders or [], kind="invasion", hexes=(target,))

    assert messages(run([*base, raid("EUR:N22")], data), "commando_raid") == []
    head = BridgeheadPlaced(
        **ALLIED, phase="combat", hex="EUR:N22", faction="western_allies", cause="seaborne_invasion", ref="a1"
    )
    assert (
        "a commando port invasion places none"
        in messages(run([*base, raid("EUR:N22"), head], data), "commando_raid")[0]
    )
    defended = raid("EUR:N23", [Defender(unit="g1", factors=3, hex="EUR:N23")])
    found = messages(run([*base, defended], data), "commando_raid")
    assert any("lands on defended units" in m for m in found) and any("not a port" in m for m in found)
    untrained = [base[0], ctl(1), *base[2:]]
    assert "commandos raid only with CTL 2" in messages(run([*untrained, raid("EUR:N22")], data), "commando_raid")[0]


@pytest.mark.plants("AUD-12-04.B", "AUD-12-04.C")
def test_two_units_defend_pearl_harbor_against_japan_and_the_rest_go_when_it_falls() -> None:
    data = make_map({"PAC:N50": {"name": "Pearl Harbor", "island": True, "port": True}})
    wa = [place(f"u{n}", "usa", "infantry", "PAC:N50") for n in range(4)]
    base = [created(), *wa, place("j9", "japan", "infantry", "PAC:N49"), turn(), phase("combat")]
    invaders = [Attacker(unit="j9", factors=3, origin="PAC:N49", role="invading", hexside="sea")]

    def landing(defenders: int) -> AttackDeclared:
        listed = [Defender(unit=f"u{n}", factors=3, hex="PAC:N50") for n in range(defenders)]
        return AttackDeclared(
            **{**WHEN, "side": "axis"},
            phase="combat",
            actor="japan",
            attack="ph",
            kind="invasion",
            defender_hexes=["PAC:N50"],
            attackers=invaders,
            defenders=listed,
        )

    assert messages(run([*base, landing(2)], data), "pearl_harbor_defenders") == []
    assert (
        "3 non-specialized units defend Pearl Harbor"
        in messages(run([*base, landing(3)], data), "pearl_harbor_defenders")[0]
    )
    from awaw_events.events import AdvanceAfterCombat, UnitEliminated
    from awaw_events.events.base import Move

    gone = [UnitEliminated(**{**WHEN, "side": "axis"}, phase="combat", unit=f"u{n}", cause="combat") for n in (0, 1)]
    taken = AdvanceAfterCombat(
        **{**WHEN, "side": "axis"}, phase="combat", attack="ph", moves=[Move(unit="j9", to="PAC:N50")]
    )
    fallen = run([*base, landing(2), *gone, taken, phase("exploitation")], data)
    assert any(
        "Japanese ground units occupy Pearl Harbor and u2, u3 are still there" in m
        for m in messages(fallen, "gone_by_phase_end")
    )
