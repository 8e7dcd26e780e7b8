"""Map data (docs/map-data.md): the structs and lookups, the canonical hash, and the shipped entries the rule texts
give. The file loader (lines and fields of errors) is tested in ``tests/test_maps.py``."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.rules.mapdata import (
    HexFacts,
    HexsideFacts,
    MapData,
    MapDataError,
    MapFile,
    fact,
    no_map_data,
)
from replays.maps import shipped_map_data

SHIPPED = shipped_map_data().data


def _file(hexes: Sequence[dict[str, object]] = (), hexsides: Sequence[dict[str, object]] = ()) -> MapFile:
    raw = {"format": "awaw-map-data/1", "name": "t", "version": "1", "hexes": hexes, "hexsides": hexsides}
    return msgspec.convert(raw, MapFile)


def test_lookups_take_any_spelling_and_either_order() -> None:
    data = MapData.of(
        _file(
            [{"hex": "EUR:K07", "terrain": "forest", "rules": ["x"]}],
            [{"between": ["EUR:NN26", "EUR:MM26"], "feature": "qattara", "rules": ["13.43B"]}],
        )
    )
    assert data.hex("EUR:K7") is data.hex("EUR:K07")
    found = data.hex("EUR:K7")
    assert found is not None and found.terrain == "forest"
    assert data.hex("EUR:K8") is None
    side = data.hexside("EUR:MM26", "EUR:NN26")
    assert side is not None and side is data.hexside("EUR:NN26", "EUR:MM26")
    assert side.between == ("EUR:MM26", "EUR:NN26")
    assert data.hexsides_of("EUR:NN26") == (side,)
    assert data.hexsides_of("EUR:K7") == ()


def test_map_data_is_frozen() -> None:
    with pytest.raises(AttributeError):
        SHIPPED.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        SHIPPED._by_hex["EUR:K37"] = SHIPPED.hexes[0]  # type: ignore[index]


@pytest.mark.parametrize(
    ("hexes", "hexsides", "message"),
    [
        ([{"hex": "EUR:K7", "rules": ["x"]}, {"hex": "EUR:K07", "rules": ["y"]}], [], "EUR:K7 is described twice"),
        ([], [{"between": ["EUR:K37", "EUR:K39"], "rules": ["x"]}], "not adjacent"),
        ([], [{"between": ["EUR:K37", "PAC:K38"], "rules": ["x"]}], "one map"),
        (
            [],
            [{"between": ["EUR:K37", "EUR:K38"], "rules": ["x"]}, {"between": ["EUR:K38", "EUR:K37"], "rules": ["y"]}],
            "described twice",
        ),
        (
            [],
            [
                {
                    "between": ["EUR:V38", "EUR:U38"],
                    "fortification": "fortress",
                    "fortification_of": "EUR:A1",
                    "rules": ["x"],
                }
            ],
            "neither side",
        ),
    ],
)
def test_entries_that_contradict_each_other_or_the_geometry_are_refused(
    hexes: list[dict[str, object]], hexsides: list[dict[str, object]], message: str
) -> None:
    with pytest.raises(MapDataError, match=message) as caught:
        MapData.of(_file(hexes, hexsides))
    assert caught.value.section == ("hexes" if hexes else "hexsides")


def test_a_pacific_hexside_may_be_one_in_either_reading_of_the_grid() -> None:
    # PAC:K37-J36 is a hexside only on the mirrored grid (map.pacific_grid), which map data does not choose.
    MapData.of(_file([], [{"between": ["PAC:K37", "PAC:J36"], "rules": ["x"]}]))
    with pytest.raises(MapDataError, match="not adjacent"):
        MapData.of(_file([], [{"between": ["EUR:K37", "EUR:J36"], "rules": ["x"]}]))


def test_every_entry_names_its_rule() -> None:
    with pytest.raises(msgspec.ValidationError, match="rules"):
        _file([{"hex": "EUR:K37"}])
    with pytest.raises(msgspec.ValidationError, match="length >= 1"):
        _file([{"hex": "EUR:K37", "rules": []}])
    assert all(f.rules for f in SHIPPED.hexes) and all(s.rules for s in SHIPPED.hexsides)


# ---------------------------------------------------------------------------------------------------------------
# The content hash: the same facts always hash the same


def _raw(data: MapData) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    return (
        [msgspec.to_builtins(f) for f in data.hexes],
        [msgspec.to_builtins(s) for s in data.hexsides],
    )


@settings(max_examples=40)
@given(st.data())
def test_order_spelling_and_labels_do_not_change_the_hash(draw: st.DataObject) -> None:
    hexes, sides = _raw(SHIPPED)
    hexes = draw.draw(st.permutations(hexes))
    sides = [
        {**s, "between": list(reversed(s["between"])), "rules": list(reversed(s["rules"]))}  # type: ignore[call-overload]
        if draw.draw(st.booleans())
        else s
        for s in draw.draw(st.permutations(sides))
    ]
    renamed = msgspec.structs.replace(_file(hexes, sides), name="ours", version="7", description="same facts")
    assert MapData.of(renamed).sha256 == SHIPPED.sha256
    assert MapData.of(renamed) == SHIPPED


@settings(max_examples=40)
@given(st.data())
def test_any_changed_fact_changes_the_hash(draw: st.DataObject) -> None:
    hexes, sides = _raw(SHIPPED)
    index = draw.draw(st.integers(0, len(hexes) - 1))
    entry = dict(hexes[index])
    change = draw.draw(st.sampled_from(["terrain", "note", "rules", "capital", "drop"]))
    if change == "terrain":
        entry["terrain"] = "swamp" if entry.get("terrain") != "swamp" else "clear"
    elif change == "note":
        entry["note"] = str(entry.get("note", "")) + "!"
    elif change == "rules":
        entry["rules"] = [*entry["rules"], "99.99"]  # type: ignore[misc]
    elif change == "capital":
        entry["capital"] = not entry.get("capital", False)
    changed = [*hexes[:index], *([] if change == "drop" else [entry]), *hexes[index + 1 :]]
    assert MapData.of(_file(changed, sides)).sha256 != SHIPPED.sha256


def test_the_hash_is_sha256_of_the_canonical_encoding() -> None:
    import hashlib

    encoded = SHIPPED.encode()
    assert hashlib.sha256(encoded).hexdigest() == SHIPPED.sha256
    assert encoded.startswith(b'{"format":"awaw-map-data/1","hexes":[{"hex":"EUR:')
    assert b'"name"' not in encoded.split(b'"hexes"')[0]  # labels are not facts


# ---------------------------------------------------------------------------------------------------------------
# "Not checked: no map data for ..."


def test_the_not_checked_wording() -> None:
    assert no_map_data("EUR:K37") == "not checked: no map data for EUR:K37"
    assert no_map_data("EUR:K07", "terrain") == "not checked: no map data for EUR:K7 (terrain)"


def test_fact_is_none_when_unknown_never_false() -> None:
    assert fact(SHIPPED, "EUR:C45", "terrain") == "lake"
    assert fact(SHIPPED, "EUR:C45", "port") is None  # the entry does not say
    assert fact(SHIPPED, "EUR:K37", "terrain") is None  # no entry
    assert fact(None, "EUR:C45", "terrain") is None  # no map data
    assert fact(SHIPPED, "EUR:K30", "beach") is False  # known: not a beach hex
    assert fact(SHIPPED, "EUR:C45", "edge") is None
    with pytest.raises(AttributeError, match="terain"):
        fact(SHIPPED, "EUR:C45", "terain")


# ---------------------------------------------------------------------------------------------------------------
# What ships: the facts the rule texts give by hex id


def test_the_impassable_hexsides_of_13_43() -> None:
    for a, b in (("EUR:MM26", "EUR:NN26"), ("EUR:NN25", "EUR:NN26")):
        side = SHIPPED.hexside(a, b)
        assert side is not None and side.feature == "qattara" and side.rules == ("13.43B",)
    himalaya = SHIPPED.hexside("PAC:R16", "PAC:R15")
    assert himalaya is not None and himalaya.feature == "himalaya"
    ledo = SHIPPED.hex("PAC:R15")
    assert ledo is not None and ledo.name == "Ledo"


def test_fortifications_of_32_4() -> None:
    maginot = {f.hex for f in SHIPPED.with_fact("fortification") if f.fortification == "maginot"}
    west_wall = {f.hex for f in SHIPPED.with_fact("fortification") if f.fortification == "west_wall"}
    assert maginot == {"EUR:P24", "EUR:P25", "EUR:Q24"}
    assert west_wall == {"EUR:M27", "EUR:N26", "EUR:O26", "EUR:P26", "EUR:Q25"}
    sevastopol = SHIPPED.hexsides_of("EUR:V38")
    assert {s.between for s in sevastopol} == {("EUR:U38", "EUR:V38"), ("EUR:U39", "EUR:V38")}
    assert all(s.fortification == "fortress" and s.fortification_of == "EUR:V38" for s in sevastopol)


def test_straits_and_the_hexes_that_control_them() -> None:
    straits: dict[str, set[str]] = {}
    for f in SHIPPED.with_fact("strait"):
        straits.setdefault(f.strait, set()).add(f.hex)  # type: ignore[arg-type]
    assert straits == {
        "gibraltar": {"EUR:AA7", "EUR:AA9", "EUR:BB8"},
        "skagerrak": {"EUR:E33", "EUR:F33"},
        "kattegat": {"EUR:H32", "EUR:H33"},
        "gulf_of_finland": {"EUR:D41", "EUR:E41"},
        "gulf_of_riga": {"EUR:G39", "EUR:F40"},
        "otranto": {"EUR:AA25", "EUR:AA26"},
    }


def test_boxes_and_edges() -> None:
    urals = {f.hex for f in SHIPPED.with_fact("box") if f.box == "urals"}
    assert urals == {"EUR:A62", "EUR:Z53", "PAC:A23", "PAC:F18", "PAC:G18", "PAC:L15"}
    assert {f.hex for f in SHIPPED.with_fact("box") if f.box == "australia"} == {"PAC:NN24", "PAC:NN31"}


def test_nothing_ships_that_the_texts_do_not_give() -> None:
    # The texts name no capital, objective, city, port, oil centre, front, weather zone or terrain other than Lake
    # Ladoga by hex id: the shipped data must not either.
    for name in ("capital", "objective", "city", "port", "oil_centre", "industrial_centre", "front", "weather_zone"):
        assert SHIPPED.with_fact(name) == (), name
    assert [f.hex for f in SHIPPED.with_fact("terrain")] == ["EUR:C45"]
    assert (len(SHIPPED.hexes), len(SHIPPED.hexsides)) == (51, 10)


def test_hex_and_hexside_facts_document_every_field() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "map-data.md").read_text(encoding="utf-8")
    for cls in (HexFacts, HexsideFacts, MapFile):
        for name in cls.__struct_fields__:
            assert f"`{name}`" in doc, f"docs/map-data.md does not describe {cls.__name__}.{name}"
