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
    facts_named,
    no_map_data,
    unconfirmed_reason,
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


# ---------------------------------------------------------------------------------------------------------------------
# The extent (which hexes exist) and sampled facts (provenance): defaulted additions, kept out of old hashes


SHIPPED_SHA256 = "4af789a436e2e5fd56e14136d0dc5f060f8cc6d198693dc57141579c803355fa"


def test_the_shipped_file_keeps_its_hash() -> None:
    # examples/setup-1939.yaml and every game started before the extent and provenance existed record this hash
    assert SHIPPED.sha256 == SHIPPED_SHA256
    assert SHIPPED.extent == () and SHIPPED.written_hexes == SHIPPED.hexes


def _with_extent(extent: Sequence[dict[str, object]], hexes: Sequence[dict[str, object]] = ()) -> MapFile:
    raw = {"format": "awaw-map-data/1", "name": "t", "version": "1", "extent": extent, "hexes": hexes}
    return msgspec.convert(raw, MapFile)


def test_the_extent_says_which_hexes_exist_on_its_map_only() -> None:
    data = MapData.of(_with_extent([{"map": "EUR", "hexes": ["EUR:K30..L32", "EUR:M40"]}]))
    assert data.exists("EUR:K30") is True and data.exists("EUR:L32") is True and data.exists("EUR:M40") is True
    assert data.exists("EUR:K33") is False and data.exists("EUR:M39") is False
    assert data.exists("PAC:K30") is None  # no extent for the Pacific map: the data does not say
    assert data.extent_of("PAC") is None
    found = data.extent_of("EUR")
    assert found is not None and len(found) == 7
    assert data.extent[0].hexes == ("EUR:K30..K32", "EUR:L30..L32", "EUR:M40")  # kept as one-row blocks


def test_the_extent_is_hashed_whatever_its_spelling_and_changes_the_hash() -> None:
    one = MapData.of(_with_extent([{"map": "EUR", "hexes": ["EUR:K30..L32"]}]))
    same = MapData.of(_with_extent([{"map": "EUR", "hexes": ["EUR:L30..L32", "EUR:K32", "EUR:K30..K31", "EUR:K31"]}]))
    other = MapData.of(_with_extent([{"map": "EUR", "hexes": ["EUR:K30..L33"]}]))
    none = MapData.of(_with_extent([]))
    assert one.sha256 == same.sha256
    assert len({one.sha256, other.sha256, none.sha256}) == 3
    assert none.sha256 == MapData.of(_file()).sha256  # an empty extent is no extent: the old encoding


@pytest.mark.parametrize(
    ("extent", "hexes", "message"),
    [
        (
            [{"map": "EUR", "hexes": ["EUR:K30"]}, {"map": "EUR", "hexes": ["EUR:K31"]}],
            [],
            "extent of EUR is given twice",
        ),
        ([{"map": "EUR", "hexes": ["PAC:K30"]}], [], "PAC:K30 is not on the EUR map"),
        ([{"map": "EUR", "hexes": ["EUR:K30..J29"]}], [], "north-west corner"),
        ([{"map": "EUR", "hexes": ["EUR:K30"]}], [{"hex": "EUR:K31", "rules": ["x"]}], "outside the extent"),
    ],
)
def test_a_bad_extent_is_refused(extent: list[dict[str, object]], hexes: list[dict[str, object]], message: str) -> None:
    with pytest.raises(MapDataError, match=message):
        MapData.of(_with_extent(extent, hexes))


def test_a_hexside_outside_the_extent_is_refused() -> None:
    raw = {
        "format": "awaw-map-data/1",
        "name": "t",
        "version": "1",
        "extent": [{"map": "EUR", "hexes": ["EUR:K37"]}],
        "hexsides": [{"between": ["EUR:K37", "EUR:K38"], "river": "river", "rules": ["x"]}],
    }
    with pytest.raises(MapDataError, match="EUR:K38 is outside the extent") as caught:
        MapData.of(msgspec.convert(raw, MapFile))
    assert (caught.value.section, caught.value.index) == ("hexsides", 0)


def _sampled(confidence: float = 0.8) -> MapFile:
    return _file(
        [
            {
                "hex": "EUR:K37",
                "terrain": "forest",
                "country": "poland",
                "resources": ["iron_ore"],
                "rules": ["map image"],
                "provenance": [
                    {"fact": "terrain", "source": "sampled", "confidence": confidence},
                    {"fact": "resources", "source": "sampled", "confidence": 0.5},
                ],
            }
        ],
        [
            {
                "between": ["EUR:K37", "EUR:K38"],
                "river": "river",
                "rules": ["map image"],
                "provenance": [{"fact": "river", "source": "sampled", "confidence": 0.7}],
            }
        ],
    )


def test_sampled_facts_are_kept_apart_from_confirmed_ones() -> None:
    data = MapData.of(_sampled())
    facts = data.hex("EUR:K37")
    assert facts is not None
    assert (facts.terrain, facts.resources, facts.country) == (None, (), "poland")  # checks see the confirmed only
    assert data.with_fact("terrain") == () and len(data.with_fact("country")) == 1
    assert fact(data, "EUR:K37", "terrain") is None
    assert not data.confirmed("EUR:K37", "terrain") and data.confirmed("EUR:K37", "country")
    assert set(data.sampled("EUR:K37")) == {"terrain", "resources"}
    assert data.sampled("EUR:K37")["terrain"].confidence == 0.8
    assert data.sampled("EUR:K38") == {}
    written = data.written("EUR:K37")
    assert written is not None and written.terrain == "forest"  # as written, for pictures and the editor
    side = data.hexside("EUR:K38", "EUR:K37")
    assert side is not None and side.river is None
    assert set(data.sampled_side("EUR:K38", "EUR:K37")) == {"river"}
    written_side = data.written_side("EUR:K37", "EUR:K38")
    assert written_side is not None and written_side.river == "river"


def test_confirming_a_sampled_fact_changes_the_hash_and_the_order_of_provenance_does_not() -> None:
    data = MapData.of(_sampled())
    raw = msgspec.json.decode(msgspec.json.encode(_sampled()))
    raw["hexes"][0]["provenance"].reverse()
    assert MapData.of(msgspec.convert(raw, MapFile)).sha256 == data.sha256
    kept = [p for p in raw["hexes"][0]["provenance"] if p["fact"] != "resources"]
    raw["hexes"][0]["provenance"] = kept  # the resources confirmed by a person
    confirmed = MapData.of(msgspec.convert(raw, MapFile))
    assert confirmed.sha256 != data.sha256
    assert confirmed.confirmed("EUR:K37", "resources") and not confirmed.confirmed("EUR:K37", "terrain")
    assert MapData.of(_sampled(0.9)).sha256 != data.sha256  # the confidence is part of the record


@pytest.mark.parametrize(
    ("provenance", "message"),
    [
        ([{"fact": "port", "source": "sampled", "confidence": 0.5}], "'port', which this entry does not give"),
        ([{"fact": "rules", "source": "sampled", "confidence": 0.5}], "not a fact of a hex entry"),
        (
            [{"fact": "terrain", "source": "sampled", "confidence": 0.5}] * 2,
            "names 'terrain' twice",
        ),
    ],
)
def test_bad_provenance_is_refused(provenance: list[dict[str, object]], message: str) -> None:
    entry = {"hex": "EUR:K37", "terrain": "forest", "rules": ["x"], "provenance": provenance}
    with pytest.raises(MapDataError, match=message):
        MapData.of(_file([entry]))


@pytest.mark.parametrize(
    "provenance",
    [
        {"fact": "terrain", "source": "sampled", "confidence": 1.5},
        {"fact": "terrain", "source": "guessed", "confidence": 0.5},
        {"fact": "terrain", "source": "sampled"},
    ],
)
def test_provenance_needs_the_source_and_a_confidence_within_0_and_1(provenance: dict[str, object]) -> None:
    with pytest.raises(msgspec.ValidationError):
        _file([{"hex": "EUR:K37", "terrain": "forest", "rules": ["x"], "provenance": [provenance]}])


@pytest.mark.parametrize(
    ("words", "facts", "hexside"),
    [
        ("terrain", ("terrain",), False),
        ("city, beach and terrain", ("city", "beach", "terrain"), False),
        ("fort, port, terrain or country (30.542)", ("fortification", "port", "terrain", "country"), False),
        ("weather zone and terrain", ("weather_zone", "terrain"), False),
        ("terrain (ZoC)", ("terrain",), False),
        ("country, IC and port", ("country", "industrial_centre", "port"), False),
        ("beach or one-hex island", ("beach", "island"), False),
        ("river hexsides", (), True),
        ("hexside", (), True),
    ],
)
def test_the_words_of_a_reason_name_the_facts(words: str, facts: tuple[str, ...], hexside: bool) -> None:
    assert facts_named(words) == (facts, hexside)


def test_a_reason_says_sampled_unconfirmed_only_for_a_sampled_fact() -> None:
    data = MapData.of(_sampled())
    assert unconfirmed_reason(data, "EUR:K37", "terrain") == "not checked: sampled, unconfirmed: EUR:K37 (terrain)"
    assert unconfirmed_reason(data, "EUR:K37", "weather zone") is None  # not sampled: the data lacks it
    assert unconfirmed_reason(data, "EUR:K37", "country") is None  # confirmed
    assert unconfirmed_reason(data, "EUR:K38", "river hexsides") is not None  # K37-K38's river was sampled
    assert unconfirmed_reason(data, "EUR:K39", "river hexsides") is None
    assert unconfirmed_reason(None, "EUR:K37", "terrain") is None
    assert unconfirmed_reason(SHIPPED, "EUR:C45", "terrain") is None
