"""Events in words, for every text a player reads (``awaw log``, ``replay``, ``diff``, the table commands'
previews, the report's timeline): one sentence per event, never its tag, a field path or a Python value.

The most common events have a sentence of their own ("Germany moves ger-inf-3 from EUR:L33 to EUR:M34 through
EUR:M33 (3 MF)"); every other event reads as its name and its fields in words ("SW combat resolved: box
Atlantic, submarines 5, killers 2, BRPs taken 6, subs lost 2"). Names a game gave things (units, hexes, attacks,
oil reserves, places as sources name them, breakthroughs, battles) are shown as given; a value from the rules'
vocabulary reads in words (``ground_support`` reads "ground support", ``european_axis`` "European Axis",
``box:south_africa`` "South Africa box"); oil amounts read in counters and fifths (33.81). A value the record
says it does not know reads "unknown", and how an event is known (reported, inferred, invented; a range of turns;
its source) follows the sentence.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Final

from awaw_events.codec import tag_of, to_builtins
from awaw_events.dice import dice_words
from awaw_events.events import Event
from awaw_events.vocab import FACTION_OF_POWER, powers_of
from replays.views.common import SPECIAL_NAMES, country, location

ABBREVIATIONS: Final[dict[str, str]] = {
    "mf": "MF",
    "brp": "BRP",
    "brps": "BRPs",
    "ctl": "CTL",
    "sb": "SB",
    "dm": "DM",
    "dms": "DMs",
    "rp": "RP",
    "rps": "RPs",
    "ic": "IC",
    "ics": "ICs",
    "kea": "KEA",
    "sw": "SW",
    "nr": "NR",
    "tr": "TR",
    "sr": "SR",
    "das": "DAS",
    "fsl": "FSL",
    "yss": "YSS",
    "id": "id",
    "us": "U.S.",
    "dow": "DoW",
    "crt": "CRT",
    **{k: v for k, v in SPECIAL_NAMES.items() if "_" not in k},
}
"""Words written as the rules write them (``mf_used`` reads "MF used", ``brps_set`` "BRPs set")."""

_TIME: Final = frozenset({"type", "year", "season", "side", "phase", "segment", "actor"})
_HOW_KNOWN: Final = frozenset({"provenance", "citation", "until", "unknown"})

NAMES: Final = frozenset(
    {
        "unit",
        "units",
        "ship",
        "ships",
        "attack",
        "ref",
        "reserve",
        "yard",
        "breakthrough",
        "nr",
        "offensive",
        "operations",
        "attrition",
        "air_transport",
        "battle",
        "overrun",
        "about",
        "subject",
        "armor",
        "defenders",
        "attacker_units",
        "defender_units",
        "sea_line",
        "seed_commitment",
        "sha256",
        "head",
        "signature",
        "public_key",
        "scenario",
    }
)
"""Fields whose values are names the game gave (ids, texts): shown as given. A value of one word with underscores
in any other field is a term of the rules' vocabulary, and reads in words."""

PROPER: Final = frozenset(
    {
        "power",
        "owner",
        "nationality",
        "country",
        "faction",
        "controller",
        "aggressor",
        "target",
        "donor",
        "recipient",
        "payer",
        "holder",
        "source",
        "area",
        "new_owner",
        "attacker",
        "paris_controller",
        "domain",
        "zone",
        "box",
        "actor",
        "place",
        "places",
        "by",
        "against",
        "conceded_by",
        "theater",
    }
)
"""Fields whose values are proper names (powers, countries, factions, places of the rules): capitalised."""

OIL_AMOUNTS: Final = frozenset({"amount", "initial", "maximum", "fifths", "level"})
"""Oil fields counted in fifths of a counter (33.81), shown in counters (``8 4/5 counters``)."""


def words(key: str) -> str:
    """A field or event name in words: ``mf_used`` -> "MF used", ``brps_set`` -> "BRPs set"."""
    return " ".join(ABBREVIATIONS.get(part, part) for part in key.split("_"))


def event_name(event: Event | type[Event]) -> str:
    """An event's kind in words, capitalised: ``unit_moved`` -> "Unit moved", ``sw_combat_resolved`` -> "SW combat
    resolved"."""
    text = words(tag_of(event))
    return text[0].upper() + text[1:]


def counters(fifths: int) -> str:
    """Oil in counters as the rules count them: ``44`` -> "8 4/5 counters", ``2`` -> "2/5 counter"."""
    from projections.rules.oil import FIFTHS_PER_COUNTER  # the oil rules load when an oil event is told

    whole, part = divmod(abs(fifths), FIFTHS_PER_COUNTER)
    sign = "-" if fifths < 0 else ""
    if not part:
        return f"{sign}{whole} counter{'' if whole == 1 else 's'}"
    if not whole:
        return f"{sign}{part}/{FIFTHS_PER_COUNTER} counter"
    return f"{sign}{whole} {part}/{FIFTHS_PER_COUNTER} counters"


def value_words(key: str, value: Any, *, oil: bool = False) -> str:
    """A field's value in words (see the module's doc)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return counters(value) if oil and key in OIL_AMOUNTS else str(value)
    if isinstance(value, str):
        return _text(key, value)
    if isinstance(value, list | tuple):
        if key == "dice":
            return dice_words(value) if value else "no dice"
        return ", ".join(value_words(key, v, oil=oil) for v in value) if value else "none"
    if isinstance(value, Mapping):
        return _mapping(key, value, oil)
    return str(value)


def _text(key: str, value: str) -> str:
    if key == "odds":
        return value.replace("_", " ")
    if key in NAMES or " " in value or not value:
        return value
    if ":" in value:
        return location(value)
    if key in PROPER:
        return country(value)
    return SPECIAL_NAMES.get(value) or words(value)


def _played(what: str) -> str:
    head, _, rest = what.partition(" ")
    return country(head) + (f" {rest}" if rest else "")


def _mapping(key: str, value: Mapping[str, Any], oil: bool) -> str:
    """A nested value: a unit and its factors (``ger-inf-1 3``, from where, with which DMs), a modifier (``basic +2
    (15.32A)``), a move (``ger-arm-1 to EUR:L34``), a supply result, or fields in words."""
    keys = set(value)
    if {"code", "value"} <= keys:
        rule = f" ({value['rule']})" if value.get("rule") else ""
        return f"{words(str(value['code']))} {value['value']:+d}{rule}"
    if "unit" in keys and ("factors" in keys or "to" in keys):
        parts = [str(value["unit"])]
        if "factors" in value:
            parts.append(str(value["factors"]))
        if "to" in value:
            parts.append(f"to {value['to']}")
        if value.get("origin"):
            parts.append(f"from {value['origin']}")
        if value.get("hex"):
            parts.append(f"in {value['hex']}")
        rest = [
            f"{words(k)} {value_words(k, v, oil=oil)}"
            for k, v in value.items()
            if k not in ("unit", "factors", "to", "origin", "hex")
        ]
        return " ".join(parts) + (f" ({'; '.join(rest)})" if rest else "")
    if "subject" in keys and "status" in keys:
        rest = [f"{words(k)} {value_words(k, v)}" for k, v in value.items() if k not in ("subject", "status")]
        return f"{value['subject']} {words(str(value['status']))}" + (f" ({', '.join(rest)})" if rest else "")
    if key == "players":  # a player's name and the side they play ("western_allies (Europe)")
        return ", ".join(f"{k}: {_played(str(v))}" for k, v in value.items()) or "none"
    if key in ("player_keys", "consented_by"):
        return ", ".join(f"{k} {value_words(key, v)}" for k, v in value.items()) or "none"
    return "; ".join(f"{words(k)} {value_words(k, v, oil=oil)}" for k, v in value.items()) or "none"


# ---------------------------------------------------------------------------------------------------------------------
# Sentences


Fields = dict[str, Any]
Sentence = Callable[[Fields, frozenset[str]], str]


def _v(fields: Fields, unknown: frozenset[str], key: str, default: str = "") -> str:
    if key in unknown:
        return "unknown"
    if key not in fields:
        return default
    return value_words(key, fields[key])


def _moved(f: Fields, u: frozenset[str]) -> str:
    path = f.get("path", [])
    through = f" through {', '.join(path[:-1])}" if len(path) > 1 else ""
    mf = f" ({_v(f, u, 'mf_used')} MF)" if "mf_used" in f or "mf_used" in u else ""
    how = " by sea" if f.get("sea_transport") else ""
    exploit = f", exploiting from {f['breakthrough']}" if f.get("breakthrough") else ""
    return f"{_v(f, u, 'unit')} moves{how} to {path[-1] if path else 'unknown'}{through}{mf}{exploit}"


def _redeployed(f: Fields, u: frozenset[str]) -> str:
    return f"{_v(f, u, 'unit')} redeploys ({f.get('kind', '')}) from {_v(f, u, 'origin')} to {_v(f, u, 'destination')}"


def _attack(f: Fields, u: frozenset[str]) -> str:
    attackers = f.get("attackers", [])
    defenders = f.get("defenders", [])
    strength = sum(a.get("factors", 0) for a in attackers)
    against = sum(d.get("factors", 0) for d in defenders)
    support = f.get("ground_support", [])
    also = f"; ground support {value_words('ground_support', support)}" if support else ""
    return (
        f"attack {f.get('attack')} on {_v(f, u, 'defender_hexes')}: {value_words('attackers', attackers)} "
        f"({strength} factors) against {value_words('defenders', defenders) if defenders else 'no unit recorded'} "
        f"({against} factors){also}"
    )


def _round(f: Fields, u: frozenset[str]) -> str:
    roll = f" with roll #{f['roll']}" if "roll" in f else ""
    strengths = ""
    if "attack_strength" in f or "defence_strength" in f:
        strengths = f", {_v(f, u, 'attack_strength', '?')} against {_v(f, u, 'defence_strength', '?')}"
    die = f", die {_v(f, u, 'modified_die')} after modifiers" if "modified_die" in f else ""
    odds = value_words("odds", f["odds"]) if "odds" in f else "odds not recorded"
    return (
        f"attack {f.get('attack')} round {f.get('round', 1)}{strengths} at {odds}{roll}{die}: result "
        f"{_v(f, u, 'result')}"
    )


def _losses(f: Fields, u: frozenset[str]) -> str:
    whose = f.get("attack") or f.get("attrition")
    loser = f" ({_v(f, u, 'loser')})" if "loser" in f else ""
    return f"losses of {whose}{loser}: {_v(f, u, 'losses', 'none')}"


def _eliminated(f: Fields, u: frozenset[str]) -> str:
    ref = f" ({f['ref']})" if f.get("ref") else ""
    return f"{_v(f, u, 'unit')} eliminated: {_v(f, u, 'cause')}{ref}"


def _reduced(f: Fields, u: frozenset[str]) -> str:
    ref = f" ({f['ref']})" if f.get("ref") else ""
    return f"{_v(f, u, 'unit')} loses {_v(f, u, 'factors_lost')} factor(s){ref}"


def _placed(f: Fields, u: frozenset[str], verb: str = "placed") -> str:
    named = f" {f['name']}" if f.get("name") else ""
    nationality = f" ({_v(f, u, 'nationality')})" if f.get("nationality") not in (None, f.get("owner")) else ""
    cost = f" for {_v(f, u, 'cost')} BRPs" if "cost" in f else ""
    return (
        f"{_v(f, u, 'unit')}{named}, {_v(f, u, 'owner')} {_v(f, u, 'unit_type')} {_v(f, u, 'factors')}{nationality}, "
        f"{verb} at {_v(f, u, 'location')}{cost}"
    )


def _rolled(f: Fields, u: frozenset[str]) -> str:
    faces = "dice unknown" if "dice" in u else value_words("dice", f.get("dice", []))
    ref = f" ({f['ref']})" if f.get("ref") else ""
    how = " from the seed" if f.get("source") == "seeded" else ""
    mods = f", modifiers {value_words('modifiers', f['modifiers'])}" if f.get("modifiers") else ""
    return f"roll #{f.get('roll')} for {_v(f, u, 'purpose')}{ref}: {faces}{how}{mods}"


def _spent(f: Fields, u: frozenset[str]) -> str:
    on = _v(f, u, "category")
    detail = f" ({_v(f, u, 'detail')})" if f.get("detail") else ""
    return f"{_v(f, u, 'power')} spends {_v(f, u, 'amount')} BRPs on {on}{detail}"


def _control(f: Fields, u: frozenset[str]) -> str:
    cause = f" ({_v(f, u, 'cause')})" if "cause" in f or "cause" in u else ""
    where = "a hex the record does not name" if "hex" in u else _v(f, u, "hex")
    return f"{where} now controlled by {_v(f, u, 'controller')}{cause}"


def _phase(verb: str) -> Sentence:
    def sentence(f: Fields, u: frozenset[str]) -> str:
        return f"the {words(f['phase'])} phase {verb}" if f.get("phase") else f"the phase {verb}"

    return sentence


def _turn(what: str, verb: str) -> Sentence:
    def sentence(f: Fields, u: frozenset[str]) -> str:
        side = f"the {f['side'].capitalize()} " if what == "player" and f.get("side") else "the "
        return f"{side}{what} turn {verb}"

    return sentence


def _map_data(f: Fields, u: frozenset[str]) -> str:
    digest = str(f.get("sha256", ""))
    return (
        f"{f.get('name')} version {f.get('version')} ({_v(f, u, 'source')}), {f.get('hexes', 0)} hexes, "
        f"{f.get('hexsides', 0)} hexsides, SHA-256 {digest[:12]}..."
    )


def _inverted(f: Fields, u: frozenset[str]) -> str:
    face = "face down (inverted)" if f.get("inverted") else "face up"
    return f"{_v(f, u, 'unit')} turns {face} ({_v(f, u, 'cause')})"


def _note(f: Fields, u: frozenset[str]) -> str:
    return f"note on event {f.get('about')}: {f.get('text', '')}"


def _bookmark(f: Fields, u: frozenset[str]) -> str:
    return f"bookmark {f.get('name')!s} at event {f.get('at')}"


def _ruling(f: Fields, u: frozenset[str]) -> str:
    voids = ", ".join(str(v) for v in f.get("voids", []))
    what = f"voids {voids}" if voids else f"inserts events after event {f.get('insert_after')}"
    by = f", agreed by {', '.join(f['agreed_by'])}" if f.get("agreed_by") else ""
    rule = f" (rule {f['rule']})" if f.get("rule") else ""
    return f"ruling{rule}: {what} with {f.get('replacements', 0)} replacement event(s){by}: {f.get('reason', '')}"


SHOWN_OPTIONS: Final = 3
"""House-rule options a game's first event names in words (an A3R game records every one, defaults included)."""


def _some_options(options: Mapping[str, Any]) -> str:
    """``: dice.physical is weather`` for a few options, as players type them after ``--option``; the rest are
    counted."""
    named = [f"{k} is {v}" for k, v in list(options.items())[:SHOWN_OPTIONS]]
    more = len(options) - len(named)
    return ": " + ", ".join(named) + (f" and {more} more" if more else "")


def _created(f: Fields, u: frozenset[str]) -> str:
    options = f.get("options", {})
    title = f"{f['title']}: " if f.get("title") else ""
    players = f", players {value_words('players', f['players'])}" if f.get("players") else ""
    dice = "seeded dice" if f.get("seed_commitment") else "physical dice"
    told = f"; {len(options)} house-rule option(s) recorded{_some_options(options)}" if options else ""
    return (
        f"{title}the {f.get('rules', 'awaw')} rules, {f.get('variant', 'classic')} variant, scenario "
        f"{f.get('scenario', 'campaign-1939')}, {dice}{players}{told}"
    )


def _war(f: Fields, u: frozenset[str]) -> str:
    cost = f" for {_v(f, u, 'brp_cost')} BRPs" if f.get("brp_cost") else ""
    return f"{_v(f, u, 'aggressor')} declares war on {_v(f, u, 'target')}{cost}"


def _chronicle(f: Fields, u: frozenset[str]) -> str:
    kind = f" ({f['kind']})" if f.get("kind", "narrative") != "narrative" else ""
    return f"{f.get('text', '')}{kind}"


def _area(f: Fields, u: frozenset[str]) -> str:
    extent = _v(f, u, "extent", "all")
    cause = f" ({_v(f, u, 'cause')})" if "cause" in f or "cause" in u else ""
    return f"{_v(f, u, 'controller')} controls {extent} of {_v(f, u, 'place')}{cause}"


RESULT_WORDS: Final[dict[str, str]] = {
    "success": "succeeded",
    "failure": "failed",
    "partial": "partly succeeded",
    "unknown": "result not reported",
}
"""How a reported operation came out, in words (``operation_reported`` ``result``)."""

BASIS_WORDS: Final[dict[str, str]] = {"plan": "a plan", "implication": "what the position implied"}
"""Why a source speaks of an operation to come (``operation_planned`` ``basis``)."""


def _turn_ref(ref: str) -> str:
    """A game turn reference in words: ``1944-fall`` -> ``Fall 1944``."""
    year, _, season = ref.partition("-")
    return f"{season.capitalize()} {year}"


def _whom(f: Fields, u: frozenset[str], key: str) -> str:
    """A power, faction, side or country a sentence names: ``the Western Allies``, ``the U.S.``, ``Germany`` (a
    faction, a side and the U.S. with their article)."""
    found, name = _v(f, u, key), f.get(key)
    group = isinstance(name, str) and name not in FACTION_OF_POWER and bool(powers_of(name))
    return f"the {found}" if key not in u and (group or name == "usa") else found


def _operation_words(f: Fields, u: frozenset[str]) -> str:
    """``attack by Germany in Belgrade, EUR:Q33 against Yugoslavia``."""
    where = f" in {_v(f, u, 'places')}" if f.get("places") or "places" in u else ""
    against = f" against {_whom(f, u, 'against')}" if f.get("against") or "against" in u else ""
    return f"{_v(f, u, 'kind')} by {_whom(f, u, 'by')}{where}{against}"


def _source_text(f: Fields) -> str:
    return f" ({f['text']})" if f.get("text") else ""


def _reported(f: Fields, u: frozenset[str]) -> str:
    result = "result unknown" if "result" in u else RESULT_WORDS.get(f.get("result", "unknown"), "?")
    return f"{_operation_words(f, u)}: {result}{_source_text(f)}"


def _planned(f: Fields, u: frozenset[str]) -> str:
    if "planned_for" in u:
        when = ", for a game turn the source does not give"
    else:
        when = f", for {_turn_ref(f['planned_for'])}" if f.get("planned_for") else ""
    basis = BASIS_WORDS.get(f.get("basis", "plan"), "?")
    return f"{_operation_words(f, u)}{when} ({basis}){_source_text(f)}"


def _quiet(f: Fields, u: frozenset[str]) -> str:
    return f"the {_v(f, u, 'theater')} theater was quiet{_source_text(f)}"


def _conquered(f: Fields, u: frozenset[str]) -> str:
    by = f" by {_whom(f, u, 'by')}" if f.get("by") or "by" in u else ""
    return f"{_whom(f, u, 'power')} conquered{by}"


def _ended(f: Fields, u: frozenset[str]) -> str:
    from replays.views.politics import HOW_ENDED, WINNER_WORDS  # the politics view's words, when a game ends

    level = f" ({f['level']} victory)" if f.get("level") else ""
    how = HOW_ENDED.get(f.get("how", "victory_conditions"), "?")
    by = f" of {_whom(f, u, 'conceded_by')}" if f.get("conceded_by") else ""
    return f"{WINNER_WORDS.get(f.get('winner', ''), '?')}{level}, {how}{by}"


SENTENCES: Final[dict[str, Sentence]] = {
    "unit_moved": _moved,
    "unit_redeployed": _redeployed,
    "attack_declared": _attack,
    "combat_round_resolved": _round,
    "combat_losses_taken": _losses,
    "attrition_losses_taken": _losses,
    "unit_eliminated": _eliminated,
    "unit_reduced": _reduced,
    "unit_placed": _placed,
    "unit_built": functools.partial(_placed, verb="built"),
    "dice_rolled": _rolled,
    "brp_spent": _spent,
    "hex_control_changed": _control,
    "unit_inversion_changed": _inverted,
    "note_added": _note,
    "bookmark_set": _bookmark,
    "ruling": _ruling,
    "game_created": _created,
    "war_declared": _war,
    "chronicle_entry": _chronicle,
    "area_controlled": _area,
    "game_turn_started": _turn("game", "begins"),
    "game_turn_ended": _turn("game", "ends"),
    "player_turn_started": _turn("player", "begins"),
    "player_turn_ended": _turn("player", "ends"),
    "phase_started": _phase("begins"),
    "phase_ended": _phase("ends"),
    "year_started": lambda f, u: "the year begins",
    "map_data_used": _map_data,
    "operation_reported": _reported,
    "operation_planned": _planned,
    "theater_quiet": _quiet,
    "power_conquered": _conquered,
    "game_ended": _ended,
}
"""The events with a sentence of their own (the others read as their name and fields)."""


def _generic(tag: str, fields: Fields, unknown: frozenset[str]) -> str:
    oil = tag.startswith("oil_")
    parts = [
        f"{words(k)} {'unknown' if k in unknown else value_words(k, v, oil=oil)}"
        for k, v in fields.items()
        if k not in _TIME and k not in _HOW_KNOWN
    ]
    parts += [f"{words(k)} unknown" for k in sorted(unknown) if k not in fields]
    return ", ".join(parts)


def how_known(event: Event) -> str:
    """How an event is known, when not from the table: ``reported``, ``inferred``, ``invented``, with the fields it
    does not know and its source; empty for an event recorded at the table."""
    parts: list[str] = []
    if event.provenance != "table":
        parts.append(event.provenance)
    if event.unknown:
        parts.append("not known: " + ", ".join(words(k) for k in event.unknown))
    if event.citation:
        parts.append(f"source: {event.citation}")
    return "; ".join(parts)


def describe(event: Event, *, known: bool = True) -> str:
    """The event in words: its sentence (or its name and fields), and with ``known`` how it is known."""
    tag = tag_of(event)
    fields = to_builtins(event)
    unknown = frozenset(event.unknown)
    sentence = SENTENCES.get(tag)
    if sentence is not None:
        text = f"{event_name(event)}: {sentence(fields, unknown)}"
    else:
        rest = _generic(tag, fields, unknown)
        text = f"{event_name(event)}: {rest}" if rest else event_name(event)
    extra = how_known(event) if known else ""
    return f"{text} [{extra}]" if extra else text


def who(event: Event) -> str:
    """Who recorded an event, as a name: ``Germany``, ``system``, ``referee``."""
    return event.actor if event.actor in ("system", "referee") else country(event.actor)


__all__ = ["describe", "event_name", "how_known", "value_words", "who", "words"]
