"""Who attacks whom on the map (15.21, 15.41-15.44, 34.24; AUD-15-02, AUD-15-06), clause by clause: each test plants
the fault of one clause on a few hexes of FICTIONAL map data where it needs any (made up for the test: never the
printed map of *A World at War*), and the legal play beside it audits clean.

German units in EUR:K37 attack the Polish units next to them: x0 and x1 in EUR:K38, y0 in EUR:L37; EUR:L38 (y1) is
two hexes away.
"""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import AttackDeclared, Event, WeatherDetermined
from awaw_events.events.combat import Attacker, Defender
from tests.build import created, map_data, messages, phase, place, run_created, turn, war

COMBAT: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis", "phase": "combat"}
POLES = {"x0": "EUR:K38", "x1": "EUR:K38", "y0": "EUR:L37", "y1": "EUR:L38"}


def board(*more: Event, germans: tuple[str, ...] = ("g1", "g2"), at: str = "EUR:K37") -> list[Event]:
    return [
        created(),
        *(place(g, "germany", at) for g in germans),
        *(place(p, "britain", h, nationality="poland") for p, h in POLES.items()),
        *more,
        war("germany", "britain"),
        turn(),
        phase("combat"),
    ]


def attack(name: str, hexes: list[str], attackers: list[Attacker], defenders: list[str], **kw: Any) -> AttackDeclared:
    return AttackDeclared(
        **COMBAT,
        attack=name,
        defender_hexes=hexes,
        attackers=attackers,
        defenders=[Defender(unit=d, factors=3, hex=POLES.get(d)) for d in defenders],
        **kw,
    )


def by(unit: str, origin: str = "EUR:K37", factors: int = 3, **kw: Any) -> Attacker:
    return Attacker(unit=unit, factors=factors, origin=origin, **kw)


def said(events: list[Event], check: str, data: dict[str, dict[str, Any]] | None = None) -> list[str]:
    return messages(run_created(events, map_data(data) if data else None), check)


# ---------------------------------------------------------------------------------------------------------------------
# Attackers (AUD-15-02)


@pytest.mark.plants("AUD-15-02.A")
def test_attackers_stand_next_to_the_defender_and_airborne_on_top_of_it() -> None:
    assert said([*board(), attack("a1", ["EUR:K38"], [by("g1")], ["x0", "x1"])], "attackers") == []
    [far] = said([*board(), attack("a1", ["EUR:L38"], [by("g1")], ["y1"])], "attackers")
    assert far.startswith("attack a1: g1 attacks EUR:L38 from EUR:K37, which is not next to it (15.21")
    airborne = place("ab1", "germany", "EUR:K38", "airborne", 1)
    on_top = by("ab1", "EUR:K38", 1, role="airdropped")
    assert said([*board(airborne), attack("a1", ["EUR:K38"], [on_top], ["x0", "x1"])], "attackers") == []
    beside = by("ab1", "EUR:K37", 1, role="airdropped")
    assert said([*board(airborne), attack("a1", ["EUR:K38"], [beside], ["x0", "x1"])], "attackers") != []


@pytest.mark.plants("AUD-15-02.B")
def test_replacements_and_partisans_never_attack() -> None:
    for kind in ("replacement", "partisan"):
        unit = place("r1", "germany", "EUR:K37", kind, 1)
        assert said([*board(unit), attack("a1", ["EUR:K38"], [by("r1", factors=1)], ["x0", "x1"])], "attackers") == [
            f"attack a1: r1 is a {kind} unit, which never attacks (15.21, 10.2, 11.8)"
        ]


@pytest.mark.plants("AUD-15-02.C")
def test_no_attack_into_or_out_of_jungle_or_swamp_in_the_monsoon() -> None:
    """34.24B: PAC:K31 is jungle, PAC:L30 swamp, PAC:K30 and PAC:K32 clear, all in the monsoon zone (FICTIONAL)."""
    data = {
        "PAC:K30": {"weather_zone": "monsoon", "terrain": "clear"},
        "PAC:K31": {"weather_zone": "monsoon", "terrain": "jungle"},
        "PAC:K32": {"weather_zone": "monsoon", "terrain": "clear"},
        "PAC:L30": {"weather_zone": "monsoon", "terrain": "swamp"},
    }
    rains = WeatherDetermined(year=1941, season="summer", phase="game_turn_start", zone="monsoon", weather="monsoon")

    def fight(origin: str, target: str, *weather: Event) -> list[str]:
        units = [
            place("j1", "japan", origin),
            place("b1", "britain", target),
            war("japan", "britain"),
            *weather,
            turn(),
            phase("combat"),
        ]
        declared = AttackDeclared(
            **COMBAT, actor="japan", attack="a1", defender_hexes=[target], attackers=[by("j1", origin)],
            defenders=[Defender(unit="b1", factors=3, hex=target)],
        )  # fmt: skip
        return said([created(), *units, declared], "monsoon", data)

    assert fight("PAC:K30", "PAC:K31", rains) == [
        "j1 attacks into PAC:K31 (jungle) in the monsoon: monsoon closes swamp, jungle and jungle/mountain hexes "
        "(34.24A-B)"
    ]
    assert fight("PAC:L30", "PAC:K30", rains) == [
        "j1 attacks out of PAC:L30 (swamp) in the monsoon: monsoon closes swamp, jungle and jungle/mountain hexes "
        "(34.24A-B)"
    ]
    assert fight("PAC:K31", "PAC:K32") == []  # no monsoon this turn
    assert fight("PAC:K30", "PAC:K32", rains) == []  # clear to clear


# ---------------------------------------------------------------------------------------------------------------------
# Defenders attacked together, attackers' factors whole (AUD-15-06)


@pytest.mark.plants("AUD-15-06.A")
def test_all_the_defending_units_of_a_hex_are_attacked_together() -> None:
    assert said([*board(), attack("a1", ["EUR:K38"], [by("g1")], ["x0", "x1"])], "collective_attack") == []
    assert said([*board(), attack("a1", ["EUR:K38"], [by("g1")], ["x0"])], "collective_attack") == [
        "attack a1: x1 in EUR:K38 not attacked; all the defending ground units in a hex are attacked together (15.41)"
    ]
    partisan = place("p1", "britain", "EUR:K38", "partisan", 1)
    assert said([*board(partisan), attack("a1", ["EUR:K38"], [by("g1")], ["x0", "x1"])], "collective_attack") == [
        "attack a1: p1 in EUR:K38 not attacked; all the defending ground units in a hex are attacked together (15.41)"
    ]


@pytest.mark.plants("AUD-15-06.A")
def test_a_japanese_invasion_of_pearl_harbor_meets_two_of_its_units() -> None:
    """12.19, 15.41: PAC:Z50 is named Pearl Harbor, PAC:Z40 Midway (FICTIONAL hexes)."""
    data = {"PAC:Z50": {"name": "Pearl Harbor", "port": True}, "PAC:Z40": {"name": "Midway", "port": True}}

    def invade(target: str) -> list[str]:
        units = [place("j1", "japan", "PAC:Z49"), *(place(f"u{n}", "usa", target) for n in range(3))]
        declared = AttackDeclared(
            **COMBAT, actor="japan", attack="a1", kind="invasion", defender_hexes=[target],
            attackers=[by("j1", "PAC:Z49", role="invading", hexside="sea")],
            defenders=[Defender(unit=f"u{n}", factors=3, hex=target) for n in range(2)],
        )  # fmt: skip
        events = [created(), *units, war("japan", "usa"), turn(), phase("combat"), declared]
        return said(events, "collective_attack", data)

    assert invade("PAC:Z50") == []
    assert invade("PAC:Z40") == [
        "attack a1: u2 in PAC:Z40 not attacked; all the defending ground units in a hex are attacked together (15.41)"
    ]


@pytest.mark.plants("AUD-15-06.B")
def test_attackers_in_one_hex_may_attack_different_hexes_or_not_at_all() -> None:
    events = [
        *board(place("g3", "germany", "EUR:K37")),
        attack("a1", ["EUR:K38"], [by("g1")], ["x0", "x1"]),
        attack("a2", ["EUR:L37"], [by("g2")], ["y0"]),
    ]
    assert said(events, "collective_attack") == said(events, "attackers") == []
    twice = [*events[:-1], attack("a2", ["EUR:L37"], [by("g1")], ["y0"])]
    assert said(twice, "collective_attack") != []


@pytest.mark.plants("AUD-15-06.C")
def test_no_attacking_unit_splits_its_combat_factor() -> None:
    split = [
        *board(),
        attack("a1", ["EUR:K38"], [by("g1")], ["x0", "x1"]),
        attack("a2", ["EUR:L37"], [by("g1")], ["y0"]),
    ]
    assert said(split, "collective_attack") == [
        "attack a2: g1 already attacked in attack a1 this combat phase; a unit's whole combat factor goes to one "
        "attack (15.43)"
    ]
    part = [*board(), attack("a1", ["EUR:K38"], [by("g1", factors=2)], ["x0", "x1"])]
    assert said(part, "collective_attack") == [
        "attack a1: g1 attacks with 2 of its 3 combat factors; an attacking unit may not split its combat factor "
        "(15.43)"
    ]


@pytest.mark.plants("AUD-15-06.D")
def test_in_a_multi_hex_attack_every_attacker_is_next_to_every_attacked_hex() -> None:
    both = [*board(), attack("a1", ["EUR:K38", "EUR:L37"], [by("g1"), by("g2")], ["x0", "x1", "y0"])]
    assert said(both, "attackers") == said(both, "collective_attack") == []
    far = [*board(), attack("a1", ["EUR:K38", "EUR:L38"], [by("g1")], ["x0", "x1", "y1"])]
    [message] = said(far, "attackers")
    assert message.startswith("attack a1: g1 attacks EUR:L38 from EUR:K37, which is not next to it (15.21; in a ")


# ---------------------------------------------------------------------------------------------------------------------
# Mapboard boxes (AUD-15-04)


@pytest.mark.plants("AUD-15-04.A")
def test_no_ground_attack_between_the_map_and_a_mapboard_box() -> None:
    """15.23: a Russian unit in the Urals box attacks a German one on the map's eastern edge: not allowed."""

    def out_of(origin: str) -> list[str]:
        events = [
            created(),
            place("r1", "russia", origin),
            place("g1", "germany", "EUR:K40"),
            war("germany", "russia"),
            turn("allied"),
            phase("combat", "allied"),
            AttackDeclared(
                **{**COMBAT, "side": "allied"},
                attack="a1",
                defender_hexes=["EUR:K40"],
                attackers=[by("r1", origin)],
                defenders=[Defender(unit="g1", factors=3, hex="EUR:K40")],
            ),
        ]
        return said(events, "box_attacks")

    assert out_of("box:urals") == [
        "attack a1: r1 attacks EUR:K40 out of the mapboard box urals: no ground attack between the map and a box "
        "(15.23)"
    ]
    assert out_of("EUR:K41") == []


@pytest.mark.plants("AUD-15-04.B")
def test_fighting_next_to_the_australia_india_and_urals_boxes_is_by_attrition() -> None:
    """15.23: EUR:K41 lies next to the Urals box and EUR:K40 does not (FICTIONAL hexes); a ground attack on a unit in
    K41, or out of it, is not allowed: combat there is by attrition."""
    data = {"EUR:K41": {"box": "urals", "country": "russia"}, "EUR:K40": {"country": "russia"}}

    def attack_on(target: str, origin: str) -> list[str]:
        events = [
            created(),
            place("g1", "germany", origin),
            place("r1", "russia", target),
            war("germany", "russia"),
            turn(),
            phase("combat"),
            AttackDeclared(
                **COMBAT,
                attack="a1",
                defender_hexes=[target],
                attackers=[by("g1", origin)],
                defenders=[Defender(unit="r1", factors=3, hex=target)],
            ),
        ]
        return said(events, "box_attacks", data)

    assert attack_on("EUR:K41", "EUR:K40") == [
        "attack a1: EUR:K41 lies next to the Urals box, where ground combat is by attrition only (15.23)"
    ]
    assert attack_on("EUR:K40", "EUR:K41") == [
        "attack a1: EUR:K41 lies next to the Urals box, where ground combat is by attrition only (15.23)"
    ]
    assert attack_on("EUR:K40", "EUR:K39") == []
