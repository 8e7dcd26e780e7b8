"""Partisans (AWAW 11): force pools, who builds them where and when, what they cost, where they may be placed and
move, and what they never do.

Sources: 10-16 extract 1.13 (costs), 1.14 (the Major Power Partisan Table, 11.22; the Minor Country Forces Table is
too garbled to use, extract 1.14 [RECON, LOW confidence]), checklist 2.3 (AUD-11-01 to AUD-11-15); the rules text
11.2-11.8. The cost of a built partisan is the construction table's (:data:`projections.rules.construction.
BRP_COST_PER_FACTOR`); their CTL is :data:`projections.rules.combat.rounds.PARTISAN_CTL` (11.48).

Areas: ``partisans_placed.area`` names the area a partisan is built for: the major-power areas of 11.22 (``FR``,
``GB``, ``RU+EPOL``, ``SIB``, ``IT``, ``CN``, as the extract spells them) or a country id (``greece``, ``poland``,
``india``), with ``ME_IRAQ_GROUP`` for Iraq, Kuwait, Palestine, Transjordan, Lebanon/Syria and Arabia (one country
for 11.353C) and ``ME_EGYPT``, ``PERSIA``.

Choices: a force pool is the most partisans of one alliance faction an area may have in play at once; the China
pools of Nationalist and Communist partisans are not told apart (the log records no partisan's nationality), so
they are not checked against the table.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from awaw_events.vocab import Faction


class Pool(NamedTuple):
    """A partisan force pool: ``automatic`` from the start, ``most`` after the production or Moslem Unrest results
    that raise it (11.2, the a:b notation)."""

    automatic: int
    most: int


NONE: Final = Pool(0, 0)

MAJOR_POWER_PARTISANS: Final[dict[str, dict[Faction, Pool]]] = {
    "FR": {"european_axis": NONE, "western_allies": Pool(1, 2), "russia": Pool(1, 2)},
    "GB": {"european_axis": NONE, "western_allies": Pool(2, 4), "russia": NONE},
    "RU+EPOL": {"european_axis": NONE, "western_allies": NONE, "russia": Pool(4, 8)},
    "SIB": {"european_axis": NONE, "western_allies": NONE, "russia": Pool(2, 4)},
    "IT": {"european_axis": NONE, "western_allies": Pool(1, 2), "russia": Pool(1, 2)},
}
"""The Major Power Partisan Table (11.22; extract 1.14): the pools of each alliance faction in the major powers' areas
(Axis, Western Allies, communist = Russia). China (``CN``) is left out: see the module notes."""

RUSSIAN_OCCUPATION_CUT_MAX: Final = 3
"""The Russian pool falls by 1 per Russian occupation policies result, at most 3 (11.22C, 44.32B)."""

AREA_COUNTRIES: Final[dict[str, frozenset[str]]] = {
    "FR": frozenset({"france", "corsica"}),
    "GB": frozenset({"britain", "ulster"}),
    "RU+EPOL": frozenset({"russia", "eastern_poland"}),
    "SIB": frozenset({"siberia"}),
    "IT": frozenset({"italy", "sicily", "sardinia"}),
    "CN": frozenset({"china"}),
    "ME_IRAQ_GROUP": frozenset({"iraq", "kuwait", "palestine", "transjordan", "lebanon_syria", "arabia"}),
    "ME_EGYPT": frozenset({"egypt"}),
    "PERSIA": frozenset({"persia"}),
    "INDIA": frozenset({"india"}),
    "ireland": frozenset({"ireland", "ulster"}),
}
"""The countries of each area, where partisans are placed and stay (11.42: Irish partisans may enter Ulster; Russian
ones move between European Russia and eastern Poland; the Middle East group moves freely among its countries)."""

NO_PARTISANS_IN: Final[dict[str, str]] = {"germany": "11.33E", "japan": "11.33G", "usa": "11.33H", "us": "11.33H"}
"""Areas where no partisans are built (11.33E, G, H)."""

PARTISAN_PHASES: Final[frozenset[str]] = frozenset({"unit_construction", "setup"})
"""Partisans are placed in the unit construction phase (11.351), or at set-up under the same restrictions (11.36)."""

FREE_RUSSIAN_AREAS: Final[frozenset[str]] = frozenset({"RU+EPOL", "SIB"})
"""Russia's one free partisan a turn goes to Russia/eastern Poland or Siberia (11.352A)."""
FREE_PER_TURN: Final = 1

PER_COUNTRY_PER_TURN: Final = 1
"""One partisan per alliance faction per country per turn (11.353C) ..."""
RUSSIAN_PER_TURN: Final = 2
"""... but Russia two in Russia/eastern Poland and Siberia together: the free one and a second at full cost
(11.353C, 11.352A)."""

SURRENDER_STATUSES: Final[frozenset[str]] = frozenset({"surrendered", "fallen", "conquered"})
"""Statuses after which a major power counts as conquered or surrendered for partisans (11.33A, B, D)."""

NEEDS_SURRENDER: Final[dict[str, tuple[str, str]]] = {
    "FR": ("france", "11.33A"),
    "GB": ("britain", "11.33B"),
    "IT": ("italy", "11.33D"),
}
"""Areas where partisans come only once their power has surrendered (France conquered, Britain surrendered to
Germany, Italy surrendered to the Allies)."""

NEEDS_RUSSIAN_WAR: Final[dict[str, tuple[str, str]]] = {"RU+EPOL": ("germany", "11.33C"), "SIB": ("japan", "11.33C")}
"""Communist partisans in Russia only while Russia fights Germany, in Siberia while it fights Japan (11.33C)."""

EUROPEAN_AREAS_RGT: Final = 50
"""In Europe, Western Allied and Russian partisans only once Russia is at war with the Axis or RGT reach 50
(11.32A)."""

ATTRITION_OPTION: Final = ("units.partisans", "house")
"""The A3R house rule (option and value) under which partisans may be attritioned (A3R intro; 14.13-14.17); in AWAW
partisans are never attritioned (11.45)."""

INDIA: Final = "INDIA"
"""Indian partisans are built by Japan even before Japan and Britain are at war (11.32B, 11.353B)."""
INDIAN_PARTISANS: Final = 2
"""Japan builds up to two partisans in India, after an Indian Subversion result (11.341C)."""

MIDDLE_EAST: Final[frozenset[str]] = frozenset({"ME_EGYPT", "ME_IRAQ_GROUP", "PERSIA"})
"""The three Middle East areas where Germany builds partisans after a Moslem Unrest result (11.341A)."""

IRELAND: Final = "ireland"
IRELAND_RESULT: Final = 7
"""Germany builds Irish partisans after a diplomatic result of 7 or more for Ireland, or an Allied declaration of war
on Ireland (11.341B)."""
IRELAND_DECLARERS: Final[frozenset[str]] = frozenset({"britain", "france", "usa", "russia"})
"""The Allied powers whose declaration of war on Ireland opens it to German partisans (11.341B)."""

UKRAINE: Final = "ukraine"
UKRAINE_RESULT: Final = 6
"""No communist partisans in the Ukraine under a diplomatic result of 6 or more (11.33C)."""

PRODUCTION_RESULTS: Final[dict[str, str]] = {
    "INDIA": "indian_subversion",
    **dict.fromkeys(MIDDLE_EAST, "moslem_unrest"),
}
"""The production result an area's partisans need (11.341A, C), as a research project name."""

MAJOR_AREAS: Final = frozenset({*MAJOR_POWER_PARTISANS, "CN"})
"""Areas of the major powers (11.33); any other area is a minor country (11.34) or a special case (11.341)."""


def pool(area: str, faction: str) -> Pool | None:
    """The Major Power Partisan Table's pool of a faction in an area (None: not a major-power area, or China)."""
    column = MAJOR_POWER_PARTISANS.get(area)
    if column is None:
        return None
    found: Pool = column.get(faction, NONE)  # type: ignore[call-overload]
    return found


def countries(area: str) -> frozenset[str]:
    """The countries of an area (a country id stands for itself)."""
    return AREA_COUNTRIES.get(area, frozenset({area.lower()}))


def builds_allowed(area: str, faction: str) -> tuple[int, frozenset[str]]:
    """How many partisans a faction may build in a turn in an area's country, and the areas that count together
    (11.353C)."""
    if faction == "russia" and area in FREE_RUSSIAN_AREAS:
        return RUSSIAN_PER_TURN, FREE_RUSSIAN_AREAS
    return PER_COUNTRY_PER_TURN, frozenset({area})
