"""The read model's tables described: what each table and column means, Datasette's canned queries, facets and
metadata, and the columns of the tables that :mod:`replays.materialize` creates even when the game gives them no
rows."""

from __future__ import annotations

from typing import Any, Final

import sqlite_utils

COMMON_COLUMNS: Final[dict[str, str]] = {
    "seq": "the event number (links to the events table)",
    "game_time": "when, in the sequence of play",
    "unit": "the counter id",
    "power": "a major power (germany, italy, japan, britain, france, usa, russia, china)",
    "owner": "the major power that owns it",
    "faction": "an alliance faction (european_axis, japan, western_allies, russia, china)",
    "nationality": "the nationality printed on the counter",
    "unit_type": "the unit type (infantry, armor, aaf, dd, bb ...; rule 10)",
    "factors": "combat factors",
    "turn": "the game turn (Fall 1939)",
    "turn_index": "the game turn as a number, for ordering (consecutive seasons differ by one)",
    "year": "the year of the game turn",
    "season": "the season of the game turn",
    "side": "the player turn (axis or allied; empty for game-turn phases)",
    "phase": "the phase of the sequence of play",
    "hex": "a hex as printed on the map (EUR:K37)",
    "location": "where it is: a hex (EUR:K37), a box (box:urals), an SW box (sw:atlantic) or a chart (chart:kiel)",
    "yard": "a shipyard (its naval construction chart, 27.723)",
    "ship": "a ship (its counter id)",
    "key": "the row's key",
    "ref": "the attack, mission or other id the event names",
    "level": "the level",
    "cause": "why (as recorded)",
    "id": "the counter id",
    "name": "the counter's name (named ships)",
    "sb": "SB points (27.724A)",
    "brps": "BRPs",
}
"""Descriptions of columns that mean the same in every table."""

TABLE_PREFIXES: Final = ("board", "brp", "oil", "naval", "weather", "politics")
"""The projections whose tables ``awaw materialize`` writes (``board_units`` ...): a read model is rebuilt over the
tables it wrote before, and a file holding any other table is not one of its read models."""

TABLES: Final[dict[str, tuple[str, str, dict[str, str]]]] = {
    "events": (
        "Events",
        "Every event of the timeline up to the point materialized, rulings applied.",
        {
            "game_time": "when, in the sequence of play",
            "actor": "who recorded it (a power, system or referee)",
            "type": "the event type (see docs/events.md)",
            "family": "the family of the event type",
            "data": "the event as JSON",
            "hash": "its hash in the tamper-evident chain",
        },
    ),
    "findings": (
        "Audit findings",
        "What the rules give that the log does not: each finding names its event and the rule.",
        {
            "n": "the finding's number among the findings of its event",
            "game_time": "when, in the sequence of play",
            "event_type": "the event type",
            "rule": "the rule number",
            "check_id": "the audit check (awaw audit --list-checks)",
            "expected": "what the rules give",
            "recorded": "what was recorded",
            "message": "the finding in words",
        },
    ),
    "moves": (
        "Moves",
        "Every move of the movement and exploitation phases (13.4, 16.3), one row per unit_moved event.",
        {
            "from_location": "where the unit stood before the move (the board's, not a claim)",
            "to_location": "where it stopped",
            "path": "the hexes it entered, in order (not the one it started in)",
            "hexes": "how many hexes it entered",
            "mf_used": "the movement factors the move claimed (13.41)",
            "exploitation": "an exploitation move (16.3)",
            "breakthrough": "the breakthrough hex it exploited from",
            "sea_transport": "by sea transport (21.43)",
        },
    ),
    "attacks": (
        "Attacks",
        "Every attack declared (15.2, 15.4): where, with how many units and factors on each side.",
        {
            "attack": "the attack's id (its rounds, losses and advance name it)",
            "kind": "regular, exploitation, invasion, airdrop ...",
            "defender_hexes": "the hexes attacked",
            "attackers": "attacking ground units",
            "attack_factors": "their factors as declared",
            "defenders": "defending units",
            "defence_factors": "their printed factors as declared",
            "terrain": "the terrain claimed",
            "fortification": "the fortification claimed",
        },
    ),
    "attack_units": (
        "Units in attacks",
        "Each unit an attack declared: attackers, defenders, ground support, shore bombardment, defensive air support.",
        {
            "attack_seq": "the attack's declaration (links to the attacks table)",
            "attack": "the attack's id",
            "role": "attacker, defender, ground support, shore bombardment or defensive air support",
            "location": "where an attacker attacked from, or the hex a defender defended",
        },
    ),
    "rolls": (
        "Die rolls",
        "Every roll, by its number (#3 in the views), with its faces and purpose.",
        {
            "roll": "the roll's number in the timeline (the events it decided name it)",
            "purpose": "what it was rolled for (crt, attrition, weather ...)",
            "dice": "the faces rolled, space-separated (empty when the record does not know them)",
            "sides": "the die's sides",
            "source": "seeded (from the committed seed, checkable) or physical (typed in)",
            "modifiers": "the modifiers applied, code and value",
            "dice_known": "whether the record knows the faces",
        },
    ),
    "rounds": (
        "Combat rounds",
        "Every round of ground combat (15.5-15.7) with its odds, die and result.",
        {
            "attack_seq": "the attack's declaration (links to the attacks table)",
            "attack": "the attack's id",
            "round": "the round's number",
            "attack_strength": "the attacking strength claimed",
            "defence_strength": "the defending strength claimed",
            "odds": "the odds column claimed",
            "roll_seq": "the roll's event (links to the rolls table)",
            "roll": "the roll's number",
            "modified_die": "the die after modifiers",
            "result": "the result applied (15.6)",
            "conversion": "a conversion of the result claimed (15.55)",
        },
    ),
    "builds": (
        "Builds",
        "Every unit built or rebuilt (27.1-27.6).",
        {
            "cost": "the BRPs claimed",
            "payer": "who paid, when another power did",
            "rebuild": "an eliminated unit rebuilt",
            "multiplier": "the cost multiplier claimed (27.13, 27.14)",
            "oil_covered_brps": "the BRPs of the cost within the oil-covered amount (27.35A)",
        },
    ),
    "redeployments": (
        "Redeployments",
        "Every tactical, strategic and naval redeployment (28).",
        {
            "kind": "TR, SR, NR or air transport (28.13)",
            "origin": "where it left from",
            "destination": "where it went",
            "path": "the locations on the way, when recorded",
        },
    ),
    "texts": (
        "Notes, chronicle and citations",
        "Every text of the log a player may search (full-text index): notes, chronicle entries, the sources events "
        "cite, rulings' reasons and bookmarks.",
        {
            "kind": "note, chronicle, citation, ruling or bookmark",
            "about_seq": "the event a note or a bookmark is about (links to the events table)",
            "text": "the text",
        },
    ),
    "unit_history": (
        "Where each unit stood",
        "One row per unit and span of events during which it stood unchanged in one place.",
        {
            "unit": "the counter id",
            "from_seq": "the first event after which it stood there",
            "until_seq": "the event that moved, changed or removed it (empty: still there)",
            "inverted": "whether it was inverted",
        },
    ),
    "board_units": (
        "Units in play",
        "Every counter on the board or on a naval construction chart.",
        {
            "supply": "its supply status when last determined (30)",
            "inverted": "whether it is inverted",
            "damaged": "whether it is damaged (ships)",
            "movement": "its movement factor as printed on the counter",
        },
    ),
    "board_eliminated_units": ("Eliminated units", "Counters out of play, with when and why (27.13A).", {}),
    "board_hex_control": ("Hex control", "Who controls each hex the log has named.", {"controller": "who controls it"}),
    "board_bridgeheads": ("Bridgeheads", "Bridgehead counters on the map (31).", {"placed": "when it was placed"}),
    "board_fortifications": (
        "Fortifications",
        "Fortifications, fortresses, West Wall and Maginot hexes (32).",
        {
            "kind": "the kind of fortification",
            "built": "when it was built (setup: at set-up)",
            "faces": "the hexes a directional fortification faces (32.43-32.44)",
            "beach_defense": "when beach defenses were added to the fortified hex (32.56)",
            "island_group": "when an island-group fortification was added (32.66)",
        },
    ),
    "board_railheads": ("Railheads", "Railheads (28.652).", {}),
    "board_force_pools": ("Force pool changes", "Changes to force pools (27.5).", {"pool": "power/unit type/area"}),
    "board_wars": (
        "Wars",
        "Pairs of countries at war.",
        {
            "war": "the pair, as a key",
            "belligerents": "the two countries",
            "since": "the game turn the war began",
        },
    ),
    "board_tensions": (
        "Tension tracks",
        "RGT, USAT and USJT (A3R App. E; the AWAW rules read their levels).",
        {"track": "the tension track"},
    ),
    "board_countries": (
        "Countries",
        "Political statuses and diplomatic results (29.41).",
        {
            "country": "the country",
            "status": "its political status",
            "diplomatic_result": "its diplomatic result on the diplomatic table (29.41)",
        },
    ),
    "board_levels": (
        "Combat training levels",
        "Per faction and domain (15.8).",
        {
            "what": "which level",
        },
    ),
    "brp_powers": (
        "BRP ledgers this turn",
        "Each major power's BRP ledger in the current game turn (27).",
        {
            "base": "the BRP base (27.32)",
            "base_opening": "the BRP base at the start of the turn",
            "opening": "BRPs available at the start of the turn",
            "available": "BRPs available now",
            "deficit": "BRPs in deficit (A3R option 4)",
            "deficit_peak": "the deepest deficit this turn",
            "deficit_cap": "the most deficit allowed (A3R intro)",
            "additions": "BRPs gained and grants received this turn",
            "losses": "BRPs lost this turn",
            "spent": "BRPs spent this turn",
            "adjustments": "other changes this turn (set-up, YSS, settlements)",
            "construction_spent": "BRPs spent against the construction limit this turn (27.31)",
            "construction_limit": "the construction limit computed from the rules (27.3)",
            "construction_remaining": "what remains of the construction limit",
            "limit_declared": "the construction limit the player declared",
            "accrued_net": "BRPs awaiting a 35.7 batch (A3R)",
            "yss_deficit": "deficit carried to the YSS (A3R option 4b)",
        },
    ),
    "brp_lines": (
        "BRP ledger lines this turn",
        "One line per change to a power's BRPs in the current game turn.",
        {
            "kind": "what the line records (expenditure, addition, loss, set, base ...)",
            "category": "the ledger category (construction, declaration_of_war, offensive ...)",
            "amount": "the change to BRPs available (to the base for base lines)",
            "before": "BRPs available before",
            "after": "BRPs available after",
            "limit": "whether it counts against the construction limit (27.31)",
            "rules": "what the rules give where the ledger computes it (35.7 batch; option 2 base)",
            "detail": "what the event named (the unit built, the country ...)",
            "words": "the line in words",
        },
    ),
    "brp_turns": (
        "BRP ledgers of earlier turns",
        "Each power's finished game turns (27; A3R 35.7).",
        {
            "closing": "BRPs available at the end of the turn",
            "limit": "the construction limit computed for the turn",
            "batch_rules": "the 35.7 batch amount the rules give",
            "lines": "ledger lines in the turn",
            "*by_": "BRPs of this ledger category in the turn",
        },
    ),
    "brp_accruals": (
        "BRPs awaiting a 35.7 batch",
        "A3R 35.7 gains and losses not yet applied.",
        {
            "amount": "BRPs",
            "area": "the area",
        },
    ),
    "oil_reserves": (
        "Oil reserves",
        "Oil reserves, in fifths of a counter (33.42, 33.81).",
        {
            "reserve": "the reserve id",
            "maximum": "its maximum in fifths (33.422)",
            "tracking": "whether oil is tracked for it (33.4424)",
            "trigger": "what started tracking",
            "counters": "whole oil counters",
            "partial_fifths": "partial counters, in fifths (33.83)",
        },
    ),
    "oil_pools": (
        "Oil outside reserves",
        "Oil not in a reserve, removed at the end of the player turn (33.431).",
        {
            "pool": "faction/place",
            "place": "where the oil is",
            "fifths": "fifths of an oil counter",
        },
    ),
    "oil_lines": ("Oil ledger lines this period", "One line per change to oil holdings, in fifths.", {}),
    "oil_turns": (
        "Oil by period",
        "Each faction's oil in each finished period, in fifths.",
        {
            "period": "the period and faction",
            "part": "the part of the game turn (axis, allied, game_start, game_end)",
            "produced": "oil produced",
            "spent": "oil spent",
            "shipped": "oil shipped",
            "lost": "oil lost in shipment",
            "eliminated": "oil eliminated",
            "removed": "oil removed at the end of the player turn (33.431)",
            "construction": "construction oil (27.35)",
            "construction_brps": "BRPs of builds the construction oil covers (27.35A)",
            "retained": "partial oil retained (33.83)",
        },
    ),
    "oil_reserve_levels": (
        "Oil reserve levels by period",
        "Each reserve's level at the start and end.",
        {
            "reserve": "the reserve id",
            "opening": "fifths at the start of the period",
            "closing": "fifths at the end of the period",
        },
    ),
    "naval_yards": (
        "Shipyards",
        "Each shipyard's naval construction chart (27.723, 27.724).",
        {
            "controller": "who controls the yard",
            "mode": "owned, captured or recaptured (27.713)",
            "defined": "whether a shipyard_defined event defined it",
            "rate": "the recorded shipbuilding rate",
            "effective_rate": "the rate in force (27.713)",
            "capacity": "counters the chart may hold (27.724B)",
            "capacity_rule": "the capacity rule in force",
            "counters": "counters on the chart",
            "waiting_for_repair": "ships in the Waiting for Repair box (27.724D)",
            "sb_spent": "SB spent this turn (27.724A)",
            "one_factor_sb_spent": "SB spent on one-factor units this turn (27.7221A)",
            "one_factor_sb_cap": "the most SB on one-factor units per turn (27.7221A)",
            "brps_spent": "BRPs spent on the chart this turn",
            "brps_total": "BRPs spent on the chart in the whole game",
            "sb_total": "SB spent in the whole game",
        },
    ),
    "naval_ships": (
        "Ships on the charts",
        "Ships built or repaired on the naval construction charts.",
        {
            "status": "where it stands (on_chart, launched, waiting_for_repair ...)",
            "row": "its chart row (5 to launch)",
            "column": "its chart column (a season)",
            "work": "new construction or repair",
            "setup": "placed on the chart at set-up",
            "laid_down": "the game turn it was laid down",
            "laid_down_turn": "the same as a turn number",
            "work_started_turn": "the turn construction or repair began, as a number",
            "launched": "the game turn it was launched",
            "launched_turn": "the same as a turn number",
            "launch_mode": "how it was launched",
            "damaged_in": "the player turn it was damaged",
            "raised_in": "the player turn it was raised",
            "sunk_in_port": "sunk in port (may be raised, 27.7262)",
            "steps": "steps in its chart history",
            "last_move": "its last continue, accelerate or defer (27.7272)",
            "last_moved": "when",
            "expected_launch": "the game turn it reaches the board if every later step is a continue (27.7272)",
        },
    ),
    "naval_cells": (
        "Chart cells",
        "Which ship is in which cell of which chart.",
        {
            "cell": "yard/row/column#position",
            "row": "the chart row",
            "column": "the chart column",
            "position": "order within the cell",
        },
    ),
    "naval_steps": (
        "Chart history",
        "Every step of every ship on a chart (27.7272).",
        {
            "ship_step": "ship#step",
            "n": "the step's number",
            "when": "the game turn",
            "action": "what happened (lay_down, continue, accelerate_1, defer, launch ...)",
            "from_row": "the row it left",
            "from_column": "the column it left",
        },
    ),
    "naval_spends": (
        "Naval payments this turn",
        "SB and BRPs paid at each yard this game turn.",
        {
            "spend": "the payment's number",
            "unit": "the ship or unit",
            "action": "why",
            "one_factor": "paid for a one-factor unit (27.7221A)",
        },
    ),
    "weather_zones": (
        "Weather",
        "The weather of each weather zone as last determined (34).",
        {
            "zone": "the weather zone",
            "weather": "the weather (clear, mud, winter, monsoon)",
            "level": "the zone's raw winter level, before winter preparation (34.32, 34.41)",
        },
    ),
    "weather_winter_preparation": (
        "Winter preparation",
        "Each faction's winter preparation level (34.4).",
        {"level": "the winter preparation level (0-6)"},
    ),
    "politics_research": (
        "Research results",
        "The latest result of each power's research projects (27-30 extract 3.1).",
        {
            "project": "the research project",
            "steps": "the steps reached",
            "result": "the result in words, as recorded",
            "when": "the game time of the result (a range of turns when approximate)",
            "provenance": "how it is known: table, reported, inferred or invented",
            "citation": "the source",
            "unknown": "the fields the record does not know",
        },
    ),
    "politics_diplomacy": (
        "Diplomacy",
        "The latest diplomatic result or outcome of each minor country (29.4).",
        {
            "country": "the minor country",
            "outcome": "the outcome in the rules' words: hex control (29.41), association (29.42), activation (29.43)",
            "result": "the diplomatic table's result, when known",
            "when": "the game time of the result",
            "provenance": "how it is known: table, reported, inferred or invented",
        },
    ),
    "politics_areas": (
        "Places controlled, as sources state them",
        "Countries, areas and cities a source says a power or faction controls (29), without their hexes.",
        {
            "place": "the place as named (a country, an area, a city, or a hex)",
            "holder": "who controls it",
            "what": "how much of it: all, most, some or none",
            "when": "the game time the source gives",
            "provenance": "how it is known: table, reported, inferred or invented",
            "citation": "the source",
        },
    ),
    "politics_tracks": (
        "Other tracks",
        "Tracks beyond the tension tracks: an aggression index, the French surrender level (58.2).",
        {
            "holder": "whose track (a power), if it is a power's own",
            "what": "the track",
            "value": "its value",
            "when": "the game time the value stands at",
            "provenance": "how it is known: table, reported, inferred or invented",
            "citation": "the source",
        },
    ),
    "politics_alignment": (
        "Minor countries aligned",
        "The faction each minor country is associated with, allied to or conquered by (29.42-29.43).",
        {"country": "the minor country"},
    ),
    "politics_chronicle": (
        "Chronicle",
        "The game's story as its sources tell it (chronicle entries), in game-time order.",
        {
            "when": "the game time (a range of turns when approximate)",
            "text": "the entry",
            "kind": "narrative, intention or assessment",
            "about": "the powers or countries it concerns",
            "places": "the places it names",
            "provenance": "how it is known: table, reported, inferred or invented",
            "citation": "the source",
        },
    ),
    "awaw_meta": (
        "About this read model",
        "The timeline and point it shows.",
        {
            "timeline": "the timeline",
            "at_event": "the last event folded",
            "game_time": "the game time after it",
        },
    ),
}
"""Each read-model table: its title, what it holds, and what its own columns mean (with :data:`COMMON_COLUMNS`);
a key starting with ``*`` describes every column with that prefix."""

QUERIES: Final[dict[str, dict[str, str]]] = {
    "brp_ledger_of_one_power": {
        "title": "BRP ledger of one power",
        "description": "A major power's BRPs game turn by game turn: base, at the start, added, lost, spent, at the "
        "end, construction limit and spending against it (27). Power: germany, italy, japan, britain, france, usa, "
        "russia or china.",
        "sql": "select turn, base, opening, additions, losses, spent, closing as available_at_end, "
        'construction_spent, "limit" as construction_limit from brp_turns where power = :power '
        "union all select turn || ' (so far)', base, opening, additions, losses, spent, available, "
        "construction_spent, construction_limit from brp_powers where power = :power",
    },
    "all_findings": {
        "title": "All findings",
        "description": "Every audit finding with its event: the rule, what the rules give, what was recorded.",
        "sql": "select findings.seq, findings.game_time, events.actor, findings.event_type, findings.rule, "
        "findings.expected, findings.recorded, findings.message from findings "
        "join events on events.seq = findings.seq order by findings.seq, findings.n",
    },
    "attacks_and_their_rounds": {
        "title": "Attacks and their rounds",
        "description": "Each attack with every round: the odds, the roll, the die and the result (15.5-15.7).",
        "sql": "select attacks.seq, attacks.game_time, attacks.attack, attacks.defender_hexes, "
        "attacks.attack_factors, attacks.defence_factors, rounds.round, rounds.odds, rolls.roll, rolls.dice, "
        "rounds.modified_die, rounds.result from attacks left join rounds on rounds.attack_seq = attacks.seq "
        "left join rolls on rolls.seq = rounds.roll_seq order by attacks.seq, rounds.round",
    },
    "search_the_texts": {
        "title": "Search notes, the chronicle and citations",
        "description": "The texts of the log (notes, chronicle entries, citations, rulings' reasons, bookmarks) that "
        'match words (full-text search: Lodz, Spain, "WBC report").',
        "sql": "select texts.seq, texts.game_time, texts.kind, texts.text, texts.about_seq from texts "
        "join texts_fts on texts_fts.rowid = texts.rowid where texts_fts match :words order by texts.seq",
    },
    "units_in_a_hex_at_a_point": {
        "title": "Units in a hex at a point",
        "description": "The units in a hex (EUR:K37) after an event (its number, from the events table).",
        "sql": "select unit, owner, nationality, unit_type, factors, inverted, from_seq, until_seq "
        "from unit_history where location = :hex and from_seq <= cast(:event as integer) "
        "and (until_seq is null or until_seq > cast(:event as integer)) order by unit",
    },
}
"""Datasette's canned queries."""


FACETS: Final[dict[str, list[str]]] = {
    "events": ["type", "family", "actor", "phase"],
    "findings": ["rule", "event_type", "check_id"],
    "moves": ["owner", "unit_type", "phase"],
    "attacks": ["kind", "terrain", "phase"],
    "attack_units": ["role"],
    "rolls": ["purpose", "source"],
    "rounds": ["result", "odds"],
    "builds": ["owner", "unit_type", "rebuild"],
    "redeployments": ["kind", "owner", "unit_type"],
    "texts": ["kind"],
    "unit_history": ["owner", "unit_type"],
    "board_units": ["owner", "nationality", "unit_type", "supply"],
    "board_eliminated_units": ["cause", "owner"],
    "board_hex_control": ["controller"],
    "brp_lines": ["power", "category", "kind"],
    "naval_ships": ["yard", "status", "owner"],
}
"""The columns Datasette offers as facets on each table (the ones a player counts by)."""

FULL_TEXT: Final[dict[str, str]] = {"texts": "texts_fts"}
"""The tables with a full-text index (Datasette's search box), and the index's table."""


def describe(table: str, column: str) -> str | None:
    """What a column of a read-model table means (``None`` if nobody wrote it down)."""
    own = TABLES.get(table, ("", "", {}))[2]
    if column in own:
        return own[column]
    for key, words in own.items():
        if key.startswith("*") and column.startswith(key[1:]):
            return f"{words}: {column.removeprefix(key[1:]).replace('_', ' ')}"
    prefix = table.split("_", 1)[0] + "_"
    for other, (_, _, siblings) in TABLES.items():  # the same column in a sibling table (brp_turns, brp_powers)
        if other.startswith(prefix) and column in siblings:
            return siblings[column]
    return COMMON_COLUMNS.get(column)


def metadata(db: sqlite_utils.Database, name: str) -> dict[str, Any]:
    """Datasette metadata for a read model written by :func:`materialize` (``name`` is the database's name in
    Datasette: the file name without its extension)."""
    meta = next(iter(db.table("awaw_meta").rows), {})
    found_tables: dict[str, Any] = {}
    for table in db.table_names():
        if table.startswith(tuple(FULL_TEXT.values())):
            found_tables[table] = {"hidden": True}  # the full-text index's own tables
            continue
        title, description, _ = TABLES.get(table, (table, "", {}))
        columns = {c.name: describe(table, c.name) for c in db.table(table).columns}
        found_tables[table] = {
            "title": title,
            "description": description,
            "columns": {k: v for k, v in columns.items() if v},
        }
        facets = [c for c in FACETS.get(table, []) if c in columns]
        if facets:
            found_tables[table]["facets"] = facets
        if table in FULL_TEXT:
            found_tables[table]["fts_table"] = FULL_TEXT[table]
            found_tables[table]["searchmode"] = "raw"
    return {
        "title": f"{meta.get('timeline', 'awaw')}: game read model",
        "description": f"The projections of {meta.get('timeline')} after event {meta.get('at_event')} "
        f"({meta.get('game_time')}), every event up to it, where each unit stood, and the audit's findings.",
        "databases": {name: {"tables": found_tables, "queries": QUERIES}},
    }


EVENT_SCHEMA: Final[dict[str, type]] = {
    "seq": int,
    "game_time": str,
    "year": int,
    "season": str,
    "side": str,
    "phase": str,
    "actor": str,
    "type": str,
    "family": str,
    "data": str,
    "hash": str,
}
"""The events table's columns, in the order of its rows."""

EMPTY_SCHEMAS: Final[dict[str, dict[str, type]]] = {
    "findings": {
        "seq": int,
        "n": int,
        "game_time": str,
        "event_type": str,
        "rule": str,
        "check_id": str,
        "expected": str,
        "recorded": str,
        "message": str,
    },
    "unit_history": {
        "unit": str,
        "owner": str,
        "nationality": str,
        "unit_type": str,
        "factors": int,
        "location": str,
        "inverted": int,
        "from_seq": int,
        "until_seq": int,
    },
    "brp_turns": {
        "turn": str,
        "turn_index": int,
        "power": str,
        "base": int,
        "opening": int,
        "additions": int,
        "losses": int,
        "spent": int,
        "closing": int,
        "construction_spent": int,
        "limit": int,
    },
    "brp_powers": {
        "power": str,
        "turn": str,
        "base": int,
        "opening": int,
        "additions": int,
        "losses": int,
        "spent": int,
        "available": int,
        "construction_spent": int,
        "construction_limit": int,
    },
}
"""Tables the canned queries read, created with these columns when the game gives them no rows (``findings`` and
``unit_history`` always: their rows are tuples in this order)."""
