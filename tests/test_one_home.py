"""One home for each rule: no module outside ``projections/rules`` defines a rules table (the example games' and the
benchmark archive's generators included), and the hexes the rules name agree with the map data that ships.

Every module-level constant table (a dict, set, tuple or list bound to an UPPER_CASE name) outside
``projections/rules`` must be listed here with what it is, so that a new table is a decision: a rules table moves to
``projections/rules`` (and is imported from there); anything else is named below as vocabulary, a registry or
presentation.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from projections.rules.fortifications import MAGINOT_HEXES, WEST_WALL_HEXES
from replays.maps import shipped_map_data

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("awaw_events", "projections", "replays")
GENERATORS = ("examples", "benchmarks")
"""Where the example games and the benchmark archive are made: they play the rules, they hold none of them."""

VOCABULARY = "the log's vocabulary (what events can say), not a rule"
REGISTRY = "a registry of the program's own parts"
PRESENTATION = "words, colours or layout for people"
LEDGER = "how the BRP ledger files its lines (categories the rules do not define)"
CACHE = "a cache the program fills as it runs (speed), not a rule"
FORMAT = "the vocabulary of a file format the program reads or writes (PNG, VASSAL modules, the map source), not a rule"
IMAGE = "where and how a map image is read (pixels), not a rule"
SCENARIO = (
    "a choice of the example or the benchmark game (its illustrative set-up, where its fronts run, what its players "
    "build), not a rule: the rules it draws on are imported from projections/rules"
)

NOT_RULES: dict[tuple[str, str], str] = {
    ("replays/mapwork/source.py", "TERRAIN_CODES"): FORMAT,
    ("replays/mapwork/needs.py", "MARKERS"): REGISTRY,
    ("replays/mapwork/needs.py", "OWN_WORDS"): REGISTRY,
    ("replays/mapwork/needs.py", "FOLLOWED"): REGISTRY,
    ("replays/mapwork/needs.py", "AMBIGUOUS"): REGISTRY,
    ("replays/mapwork/source.py", "CODE_OF"): FORMAT,
    ("replays/mapwork/source.py", "_SIDE_WORDS"): FORMAT,
    ("replays/mapwork/source.py", "_YES"): FORMAT,
    ("projections/game.py", "_META_EVENTS"): REGISTRY,
    ("replays/audit/engine.py", "ROLLING"): REGISTRY,
    ("awaw_events/codec.py", "EVENT_CLASSES"): REGISTRY,
    ("awaw_events/codec.py", "_ALLOWED"): VOCABULARY,
    ("awaw_events/backend.py", "_PG_SQL"): CACHE,
    ("awaw_events/ordering.py", "_TIME_KEYS"): CACHE,
    ("awaw_events/ordering.py", "NOT_HISTORY"): REGISTRY,
    ("awaw_events/ordering.py", "SEASON_END"): FORMAT,
    ("awaw_events/events/base.py", "PROVENANCES"): VOCABULARY,
    ("awaw_events/events/base.py", "_BASE_FIELDS"): VOCABULARY,
    ("awaw_events/events/chronicle.py", "TENSION_TRACKS"): VOCABULARY,
    ("replays/audit/engine.py", "UNGRADED"): VOCABULARY,
    ("replays/views/__init__.py", "PLACED"): REGISTRY,
    ("replays/views/__init__.py", "DIFF_RULED"): REGISTRY,
    ("replays/views/politics.py", "A3R_TRACK_RULES"): PRESENTATION,
    ("replays/views/__init__.py", "VIEWS"): REGISTRY,
    ("replays/commands/weather.py", "JUDGES"): REGISTRY,
    ("replays/commands/move.py", "JUDGES"): REGISTRY,
    ("replays/commands/overrun.py", "JUDGES"): REGISTRY,
    ("replays/commands/oil.py", "JUDGES"): REGISTRY,
    ("replays/commands/attrition.py", "DECLARATION_JUDGES"): REGISTRY,
    ("replays/commands/attrition.py", "DECLARED_JUDGES"): REGISTRY,
    ("replays/commands/attrition.py", "LOSS_JUDGES"): REGISTRY,
    ("replays/commands/attrition.py", "OCCUPATION_JUDGES"): REGISTRY,
    ("replays/commands/economy.py", "REDEPLOY_JUDGES"): REGISTRY,
    ("replays/commands/economy.py", "BUILD_JUDGES"): REGISTRY,
    ("replays/commands/economy.py", "SPEND_JUDGES"): REGISTRY,
    ("replays/commands/economy.py", "PRICES"): REGISTRY,
    ("replays/commands/economy.py", "SPENT"): REGISTRY,
    ("replays/commands/naval.py", "JUDGES"): REGISTRY,
    ("replays/commands/fortify.py", "JUDGES"): REGISTRY,
    ("replays/commands/fortify.py", "KINDS"): VOCABULARY,
    ("replays/commands/supply.py", "JUDGES"): REGISTRY,
    ("replays/audit/families/naval.py", "YARD_USE"): REGISTRY,
    ("replays/commands/attack.py", "DECLARATION"): REGISTRY,
    ("replays/commands/phase.py", "OPENING"): REGISTRY,
    ("replays/commands/phase.py", "CLOSING"): REGISTRY,
    ("replays/commands/attack.py", "BEFORE_THE_ROLL"): REGISTRY,
    ("replays/commands/attack.py", "AFTER_THE_ROLL"): REGISTRY,
    ("replays/commands/attack.py", "LOSSES"): REGISTRY,
    ("replays/commands/attack.py", "ADVANCE"): REGISTRY,
    ("replays/views/politics.py", "OUTCOME_WORDS"): PRESENTATION,
    ("replays/views/politics.py", "TRACK_WORDS"): PRESENTATION,
    ("replays/views/politics.py", "HOW_ENDED"): PRESENTATION,
    ("replays/views/politics.py", "WINNER_WORDS"): PRESENTATION,
    ("awaw_events/stored.py", "_TAGS"): CACHE,
    ("awaw_events/stored.py", "ANNOTATION_TAGS"): VOCABULARY,
    ("awaw_events/gametime.py", "SEASON_INDEX"): VOCABULARY,
    ("awaw_events/gametime.py", "_SIDE_RANK"): VOCABULARY,
    ("awaw_events/log.py", "_TIME_FIELDS"): VOCABULARY,
    ("awaw_events/seeds.py", "_DICE_TAGS"): VOCABULARY,
    ("awaw_events/options.py", "A3R_OPTIONS"): REGISTRY,
    ("awaw_events/options.py", "AWAW_OPTIONS"): REGISTRY,
    ("awaw_events/options.py", "INTERPRETATION_OPTIONS"): REGISTRY,
    ("awaw_events/options.py", "TABLE_OPTIONS"): REGISTRY,
    ("awaw_events/gate.py", "TRUST_TAGS"): VOCABULARY,
    ("awaw_events/gate.py", "NEVER_VOIDED"): VOCABULARY,
    ("awaw_events/gate.py", "_WATCHED"): REGISTRY,
    ("awaw_events/verification.py", "_GATED"): REGISTRY,
    ("awaw_events/vocab.py", "FACTION_OF_POWER"): VOCABULARY,
    ("awaw_events/vocab.py", "SIDE_OF_FACTION"): VOCABULARY,
    ("awaw_events/vocab.py", "SIDE_OF_POWER"): VOCABULARY,
    ("awaw_events/vocab.py", "SIDE_OF_GROUP"): VOCABULARY,
    ("awaw_events/vocab.py", "GAME_TURN_PHASES"): VOCABULARY,
    ("awaw_events/vocab.py", "PLAYER_TURN_PHASES"): VOCABULARY,
    ("awaw_events/vocab.py", "GROUND_TYPES"): VOCABULARY,
    ("awaw_events/vocab.py", "AIR_TYPES"): VOCABULARY,
    ("awaw_events/vocab.py", "NAVAL_TYPES"): VOCABULARY,
    ("awaw_events/vocab.py", "NAMED_SHIP_TYPES"): VOCABULARY,
    ("awaw_events/vocab.py", "UNIT_TYPE_WORDS"): PRESENTATION,
    ("projections/brp/ledger.py", "SETUP_PHASES"): LEDGER,
    ("projections/brp/limit.py", "_POWER_SET"): VOCABULARY,
    ("projections/brp/spending.py", "EXPENDITURE_EVENTS"): LEDGER,
    ("projections/brp/spending.py", "LIMIT_EVENTS"): LEDGER,
    ("projections/brp/spending.py", "_POWER_SET"): VOCABULARY,
    ("projections/brp/state.py", "EXPENDITURE_CATEGORIES"): LEDGER,
    ("projections/brp/state.py", "SUMMARY_CATEGORIES"): LEDGER,
    ("projections/brp/state.py", "SPEND_CATEGORY"): LEDGER,
    ("projections/dice.py", "PURPOSES"): VOCABULARY,
    ("projections/dice.py", "ROLL_USERS"): VOCABULARY,
    ("projections/game.py", "PROJECTIONS"): REGISTRY,
    ("projections/game.py", "_TIME_CHANGED"): REGISTRY,
    ("projections/game.py", "_EVERY_EVENT"): REGISTRY,
    ("projections/naval/records.py", "ROW_ORDER"): PRESENTATION,
    ("replays/audit/catalogue.py", "FAMILIES"): REGISTRY,
    ("replays/audit/reuse.py", "DECLARING"): VOCABULARY,
    ("replays/audit/reuse.py", "MAP_TAGS"): VOCABULARY,
    ("replays/audit/version.py", "PACKAGES"): REGISTRY,
    ("replays/audit/version.py", "MODULES"): REGISTRY,
    ("replays/audit/version.py", "SUFFIXES"): "the kinds of files the audit's code is made of, not a rule",
    ("replays/audit/rulesets.py", "AWAW_CITATIONS"): "which check cites which rule text in an AWAW game, not a rule",
    ("replays/audit/rulesets.py", "NO_AWAW_RULE"): "what the AWAW rule texts here lack, not a rule",
    ("replays/audit/rulesets.py", "NO_AWAW_RULE_BY_CHECK"): "what the AWAW rule texts here lack, not a rule",
    ("replays/views/__init__.py", "RULED"): REGISTRY,
    ("replays/views/board.py", "TENSION_TITLES"): PRESENTATION,
    ("replays/setup_history.py", "RESTATED"): FORMAT,
    ("replays/records.py", "CHECKS"): REGISTRY,
    ("replays/audit/families/records.py", "READS"): REGISTRY,
    ("replays/commands/attrition.py", "MODIFIER_CODES"): VOCABULARY,
    ("replays/commands/economy.py", "SPENDING"): VOCABULARY,
    ("replays/commands/naval.py", "ACTIONS"): VOCABULARY,
    ("replays/rulings.py", "TIME_FIELDS"): VOCABULARY,
    ("replays/setup.py", "FLAGS"): VOCABULARY,
    ("replays/notation.py", "PREFIXES"): PRESENTATION,
    ("replays/notation.py", "KINDS"): PRESENTATION,
    ("replays/notation.py", "KEYWORDS"): VOCABULARY,
    ("replays/setup.py", "CHART_STATUSES"): VOCABULARY,
    ("replays/records.py", "OFF_BOARD"): VOCABULARY,
    ("replays/records.py", "_SPELLED"): CACHE,
    ("replays/audit/checklist.py", "EXTRACT_FILES"): REGISTRY,
    ("replays/audit/checklist.py", "_GROUP_OF_TAG"): REGISTRY,
    ("replays/audit/checklist.py", "_RANK"): REGISTRY,
    ("replays/audit/coverage.py", "BY_KEY"): REGISTRY,
    ("replays/audit/coverage.py", "_BY_ID"): REGISTRY,
    ("projections/position/fortifications/builds.py", "WHAT"): PRESENTATION,
    ("replays/audit/families/stacking.py", "PHASE_EVENTS"): REGISTRY,
    ("replays/charts.py", "CHART_VIEWS"): REGISTRY,
    ("replays/charts.py", "SPENDING"): PRESENTATION,
    ("replays/charts.py", "_PANELS"): PRESENTATION,
    ("replays/charts.py", "_ORDER"): PRESENTATION,
    ("replays/charts.py", "LEVELS"): PRESENTATION,
    ("replays/charts.py", "TITLES"): PRESENTATION,
    ("replays/eventwords.py", "ABBREVIATIONS"): PRESENTATION,
    ("replays/eventwords.py", "RESULT_WORDS"): PRESENTATION,
    ("replays/eventwords.py", "BASIS_WORDS"): PRESENTATION,
    ("replays/report.py", "VIEW_TITLES"): PRESENTATION,
    ("replays/reportsteps.py", "HEX_FIELDS"): PRESENTATION,
    ("replays/eventwords.py", "_TIME"): PRESENTATION,
    ("replays/eventwords.py", "_HOW_KNOWN"): PRESENTATION,
    ("replays/eventwords.py", "NAMES"): PRESENTATION,
    ("replays/eventwords.py", "PROPER"): PRESENTATION,
    ("replays/eventwords.py", "OIL_AMOUNTS"): PRESENTATION,
    ("replays/eventwords.py", "SENTENCES"): PRESENTATION,
    ("replays/eventrows.py", "_WHEN"): PRESENTATION,
    ("replays/eventrows.py", "SCHEMAS"): PRESENTATION,
    ("replays/eventrows.py", "PRIMARY_KEYS"): PRESENTATION,
    ("replays/eventrows.py", "FOREIGN_KEYS"): PRESENTATION,
    ("replays/eventrows.py", "ORDER"): PRESENTATION,
    ("replays/readmodel.py", "FACETS"): PRESENTATION,
    ("replays/readmodel.py", "FULL_TEXT"): PRESENTATION,
    ("replays/cli/__init__.py", "COMMANDS"): REGISTRY,
    ("replays/readmodel.py", "TABLE_PREFIXES"): REGISTRY,
    ("replays/cli/files.py", "READ_MODEL_TABLES"): REGISTRY,
    ("replays/docs.py", "_BASE_FIELDS"): PRESENTATION,
    ("replays/logview.py", "_TIME_KEYS"): PRESENTATION,
    ("replays/logview.py", "_POWER_FIELDS"): PRESENTATION,
    ("replays/logview.py", "_OUTCOME_FIELDS"): PRESENTATION,
    ("replays/logview.py", "FAMILIES"): REGISTRY,
    ("replays/logview.py", "TAGS"): REGISTRY,
    ("replays/readmodel.py", "COMMON_COLUMNS"): PRESENTATION,
    ("replays/readmodel.py", "TABLES"): PRESENTATION,
    ("replays/readmodel.py", "QUERIES"): PRESENTATION,
    ("replays/readmodel.py", "EMPTY_SCHEMAS"): PRESENTATION,
    ("replays/readmodel.py", "EVENT_SCHEMA"): PRESENTATION,
    ("replays/materialize.py", "_LINKED"): PRESENTATION,
    ("replays/pictures/board.py", "MAPS"): PRESENTATION,
    ("replays/pictures/board.py", "MAP_NAMES"): PRESENTATION,
    ("replays/pictures/board.py", "HEX_SHAPES"): PRESENTATION,
    ("replays/pictures/board.py", "FORT_LETTERS"): PRESENTATION,
    ("replays/pictures/board.py", "HEXSIDE_STYLES"): PRESENTATION,
    ("replays/pictures/counters.py", "POWER_COLOURS"): PRESENTATION,
    ("replays/pictures/counters.py", "MINOR_COLOURS"): PRESENTATION,
    ("replays/pictures/counters.py", "TERRAIN_COLOURS"): PRESENTATION,
    ("replays/pictures/counters.py", "WEATHER_ZONE_COLOURS"): PRESENTATION,
    ("replays/pictures/counters.py", "GROUND_WORDS"): PRESENTATION,
    ("replays/pictures/counters.py", "TYPE_WORDS"): PRESENTATION,
    ("replays/pictures/legend.py", "_LOCATION_ORDER"): PRESENTATION,
    ("replays/pictures/units.py", "_KIND_ORDER"): PRESENTATION,
    ("replays/plotting.py", "PARENT_STYLE"): PRESENTATION,
    ("replays/stepper.py", "_VIEW_CYCLE"): PRESENTATION,
    ("replays/views/brp.py", "CATEGORY_WORDS"): PRESENTATION,
    ("replays/views/common.py", "SPECIAL_NAMES"): PRESENTATION,
    ("replays/views/common.py", "TRACK_NAMES"): PRESENTATION,
    ("replays/views/common.py", "_JUSTIFY"): PRESENTATION,
    ("replays/views/common.py", "_VERTICAL"): PRESENTATION,
    ("replays/views/naval.py", "_ROW_WORDS"): PRESENTATION,
    ("replays/views/naval.py", "_MOVE_WORDS"): PRESENTATION,
    ("replays/views/naval.py", "STATUS_WORDS"): PRESENTATION,
    ("replays/views/oil.py", "PART_WORDS"): PRESENTATION,
    ("replays/cli/maps.py", "MAP_COMMANDS"): REGISTRY,
    ("replays/mapwork/calibration.py", "MODULE_SUFFIXES"): FORMAT,
    ("replays/mapwork/raster.py", "_CHANNELS"): FORMAT,
    ("replays/mapwork/vassal.py", "BUILD_FILES"): FORMAT,
    ("replays/mapwork/vassal.py", "MAP_WORDS"): FORMAT,
    ("replays/mapwork/synthetic.py", "COLOURS"): PRESENTATION,
    ("replays/mapwork/synthetic.py", "SYMBOLS"): PRESENTATION,
    ("replays/mapwork/synthetic.py", "RIVER"): PRESENTATION,
    ("replays/mapwork/synthetic.py", "CANAL"): PRESENTATION,
    ("replays/mapwork/synthetic.py", "OUTLINE"): PRESENTATION,
    ("replays/mapwork/synthetic.py", "LABEL"): PRESENTATION,
    ("replays/mapwork/sampling.py", "ALONG"): IMAGE,
    ("replays/mapwork/legend.py", "LINE_NAMES"): FORMAT,
    ("replays/mapwork/legend.py", "RULES"): FORMAT,
    ("replays/mapwork/editor.py", "LAYERS"): PRESENTATION,
    ("replays/mapwork/editor.py", "SIDE_TOOLS"): PRESENTATION,
    ("replays/mapwork/editor.py", "FRONT_COLOURS"): PRESENTATION,
    ("replays/pictures/board.py", "OVER_IMAGE_SHAPE"): PRESENTATION,
    ("replays/cli/play.py", "SEQUENCE"): PRESENTATION,
    ("replays/play/verbs.py", "VERBS"): PRESENTATION,
    ("replays/play/verbs.py", "VERB_PHASES"): REGISTRY,
    ("replays/play/verbs.py", "ALIASES"): VOCABULARY,
    ("replays/play/verbs.py", "READERS"): REGISTRY,
    ("replays/play/words.py", "POWERS_FIRST"): PRESENTATION,
    ("examples/make_campaign_1939.py", "START_BRPS"): SCENARIO,
    ("examples/make_campaign_1939.py", "GROWTH_1940"): SCENARIO,
    ("examples/make_disputed_turn.py", "END"): SCENARIO,
    ("benchmarks/campaign/economy.py", "HISTORICAL_BASE"): SCENARIO,
    ("benchmarks/campaign/economy.py", "YARD_PLACES"): SCENARIO,
    ("benchmarks/campaign/economy.py", "SHIP_PLAN"): SCENARIO,
    ("benchmarks/campaign/economy.py", "SMALL_YARD_PLAN"): SCENARIO,
    ("benchmarks/campaign/land.py", "SOURCE_OF"): SCENARIO,
    ("benchmarks/campaign/turns.py", "CTL_SCHEDULE"): SCENARIO,
    ("benchmarks/campaign/turns.py", "START_CTL"): SCENARIO,
    ("benchmarks/campaign/world.py", "BANDS"): SCENARIO,
    ("benchmarks/campaign/world.py", "ARMIES"): SCENARIO,
    ("benchmarks/campaign/world.py", "HOME_BOXES"): SCENARIO,
    ("benchmarks/campaign/world.py", "TEMPLATES"): SCENARIO,
    ("benchmarks/campaign/world.py", "FRONT_ZONES"): SCENARIO,
    ("benchmarks/audit_digest.py", "EXAMPLES"): REGISTRY,
    ("benchmarks/measures.py", "MEASURES"): REGISTRY,
    ("benchmarks/userflows.py", "FOUND"): VOCABULARY,
    ("benchmarks/userflows.py", "FLOWS"): REGISTRY,
}
"""Module-level tables outside ``projections/rules`` that are not rules, and what each is."""

_CONTAINER_CALLS = frozenset({"frozenset", "dict", "set", "tuple", "list"})


def _is_table(value: ast.expr) -> bool:
    if isinstance(value, ast.Dict | ast.Set | ast.List | ast.Tuple | ast.DictComp | ast.SetComp | ast.ListComp):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _CONTAINER_CALLS


def tables_outside_the_rules() -> list[tuple[str, str]]:
    """(module path, name) of every module-level constant table outside ``projections/rules``."""
    found: list[tuple[str, str]] = []
    for package in (*PACKAGES, *GENERATORS):
        for path in sorted((ROOT / package).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if where.startswith("projections/rules/"):
                continue
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.Assign):
                    names, value = [t.id for t in node.targets if isinstance(t, ast.Name)], node.value
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
                    names, value = [node.target.id], node.value
                else:
                    continue
                for name in names:
                    bare = name.lstrip("_")
                    if len(bare) > 1 and bare.isupper() and _is_table(value):
                        found.append((where, name))
    return found


def test_no_rules_table_lives_outside_the_rules() -> None:
    unexplained = [f"{where}: {name}" for where, name in tables_outside_the_rules() if (where, name) not in NOT_RULES]
    assert not unexplained, (
        "constant tables outside projections/rules: a rules table moves to projections/rules (with its rule "
        "number); anything else is listed in NOT_RULES with what it is:\n  " + "\n  ".join(unexplained)
    )


def test_the_list_of_tables_that_are_not_rules_is_not_stale() -> None:
    present = set(tables_outside_the_rules())
    assert sorted(set(NOT_RULES) - present) == []


def test_the_scan_reads_the_generators_of_the_examples_and_the_benchmark_archive() -> None:
    scanned = {where.split("/")[0] for where, _ in tables_outside_the_rules()}
    assert {*PACKAGES, *GENERATORS} <= scanned


def test_the_scan_sees_the_shapes_a_table_takes() -> None:
    planted = "A: Final = frozenset({'isolated'})\nB = {'germany': 3}\nC = ('x',)\nD = [1]\nE = 'x'\nF = 3\n"
    found = []
    for node in ast.parse(planted).body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if value is not None and _is_table(value):
            found.append(node)
    assert len(found) == 4


RULE_CITED = re.compile(r"\b\d{1,2}\.\d{1,4}[A-Z]?\b")
"""A rule number in a docstring (``34.41``, ``27.42F``)."""

CHOICES: dict[tuple[str, str], str] = {
    ("benchmarks/campaign/combat.py", "TAKE_EX_SHARE"): "how often the benchmark's attacker makes the 15.53 choice",
}
"""Numbers of the generators whose docstring cites a rule but that are the players' choices, not the rule's figure."""


def numbers_citing_rules() -> list[tuple[str, str]]:
    """(module path, name) of every UPPER_CASE number of the generators whose docstring cites a rule: a figure taken
    from a rule, which is imported from ``projections/rules`` instead of written again."""
    found: list[tuple[str, str]] = []
    for package in GENERATORS:
        for path in sorted((ROOT / package).rglob("*.py")):
            body = ast.parse(path.read_text(encoding="utf-8")).body
            for node, after in zip(body, [*body[1:], None], strict=False):
                if isinstance(node, ast.Assign):
                    names, value = [t.id for t in node.targets if isinstance(t, ast.Name)], node.value
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
                    names, value = [node.target.id], node.value
                else:
                    continue
                number = isinstance(value, ast.Constant) and type(value.value) in (int, float)
                doc = after.value.value if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) else ""
                if number and isinstance(doc, str) and RULE_CITED.search(doc):
                    where = path.relative_to(ROOT).as_posix()
                    found += [(where, n) for n in names if n.lstrip("_").isupper()]
    return found


def test_the_generators_take_the_rules_figures_from_the_rules() -> None:
    """A number the example or benchmark generator writes with a rule's citation is that rule's figure, written a
    second time (the benchmark's winter level that bans ground attacks, 34.41; a box's room, 12.18): it is imported
    from ``projections/rules``. The players' choices that cite the rule they choose under are listed in CHOICES."""
    found = [f"{where}: {name}" for where, name in numbers_citing_rules() if (where, name) not in CHOICES]
    assert found == []
    assert sorted(set(CHOICES) - set(numbers_citing_rules())) == []


def test_the_scan_sees_a_rules_figure_written_again(tmp_path: Path) -> None:
    planted = 'BAN = 9\n"""No ground attacks from winter level 9 (34.41)."""\nSHARE = 0.5\n"""How often."""\n'
    body = ast.parse(planted).body
    cited = [
        n.targets[0].id  # type: ignore[attr-defined]
        for n, doc in zip(body[::2], body[1::2], strict=True)
        if RULE_CITED.search(doc.value.value)  # type: ignore[attr-defined]
    ]
    assert cited == ["BAN"]


def test_the_hexes_the_rules_name_are_those_of_the_shipped_map_data() -> None:
    """The Maginot Line and the West Wall live as rules (32.43-32.44) and as map data; the two must agree."""
    data = shipped_map_data().data
    by_kind: dict[str, set[str]] = {}
    for facts in data.hexes:
        if facts.fortification in ("maginot", "west_wall"):
            by_kind.setdefault(facts.fortification, set()).add(facts.hex)
    assert by_kind == {"maginot": set(MAGINOT_HEXES), "west_wall": set(WEST_WALL_HEXES)}


def test_who_moves_a_unit_is_decided_in_one_place() -> None:
    """13.4 (a power moves its own units) is :func:`projections.rules.movement.who_moves`: the record's refusals and
    the movement audit both ask it, so neither compares an event's actor with a unit's owner itself."""
    pattern = re.compile(r"\bactor\s*[!=]=\s*[\w.]*owner\b|\bowner\s*[!=]=\s*[\w.]*actor\b")
    home = ROOT / "projections" / "rules" / "movement.py"
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != home
        for n, text in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(text)
    ]
    assert found == []
    assert pattern.search(home.read_text())  # the pattern sees the comparison where it lives
