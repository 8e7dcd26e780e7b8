"""Positions in one line: a set-up (``docs/setup.md``) written compactly, for tests and the prompt.

python-chess starts a test from a FEN; this is the same idea for a position of *A World at War*. A line is read
into a :class:`replays.setup.SetupFile`, and a game starts from it exactly as ``awaw new --setup`` starts one from
the YAML file (:func:`replays.setup.setup_events`): one code path, the same events and the same state::

    1939-fall axis movement | ger: arm-3 4-6 EUR:M35, inf-1 EUR:L35 | poland@brit: arm-1 2-5 EUR:L37
        | ctl ger 2 | ctrl poland EUR:L36

The grammar (sections are separated by ``|``, the items of a section by ``,``; spaces separate words)::

    line      = clock { "|" section }
    clock     = YEAR "-" SEASON [ SIDE ] [ PHASE ]          1939-fall axis movement, 1940-spring research,
                                                            1939-fall setup (or the game-point 1939-fall/axis/combat)
    section   = units | keyword
    units     = NATIONALITY [ "@" OWNER ] ":" unit { "," unit }
    unit      = KIND "-" TAG [ FACTORS ] LOCATION { "inverted" | "damaged" }
    FACTORS   = COMBAT [ "-" MOVEMENT ]                     4-6, 3 (left out: 3, no movement factors recorded)
    LOCATION  = EUR:M35 | PAC:DD11 | box:NAME | sw:atlantic | pool
    keyword   = "ctl" WHO [ DOMAIN ] LEVEL                  combat training level (15.8): a faction, or a power
                                                            for its faction (Italy: its own, 14.43); DOMAIN
                                                            ground (default), air, naval
              | "ctrl" WHO HEX { HEX }                      hex control (29): a power or a minor country
              | "brp" POWER BASE [ "/" AVAILABLE ]           BRP base and BRPs available (available = base)
              | "war" A B                                   a war under way since the clock's game turn
              | "status" COUNTRY STATUS                     a political status (status_changed)
              | "track" TRACK LEVEL                         a tension track (rgt, usat, usjt)
              | "pool" POWER TYPE[/AREA] FACTORS            force pool factors
              | "fort" KIND HEX OWNER                       a fortification counter (32): fortification, fortress
              | "rules" RULES                               awaw (default) or a3r
              | "option" ID "=" VALUE                       a rule option (awaw_events/options.py)

Each item of a keyword section repeats the keyword's words (``ctl ger 2, rus 1``). A unit section names the
nationality of its units (a power or a minor country) and, for a minor country, the power that plays them
(``poland@brit``); its units' ids are the nationality's prefix and the unit's name (``ger-arm-3``, ``pol-arm-1``).
``KIND`` is a unit type (``infantry``) or its short name (:data:`KINDS`: ``inf``, ``arm``, ``aaf``, ``sub`` ...).
Powers may be written by name or by the prefix of their units' ids (:data:`PREFIXES`: ``ger``, ``brit`` ...).

Every problem names its column (1-based) and what is allowed there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, Final, cast, get_args, get_type_hints

import msgspec

from awaw_events.errors import InputError, PointError
from awaw_events.events import CtlSet
from awaw_events.events.base import Hex, Location
from awaw_events.gametime import parse_game_point
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, PHASES, POWERS, SEASONS, SIDES, UNIT_TYPES, Power
from projections.rules.combat import ctl_is_factions
from replays.setup import FLAGS, FORMAT, SetupFile, UnitSpec, setup_events

PREFIXES: Final[dict[str, str]] = {
    "ger": "germany",
    "ita": "italy",
    "jap": "japan",
    "brit": "britain",
    "fra": "france",
    "usa": "usa",
    "rus": "russia",
    "chi": "china",
}
"""The major powers by the prefix of their units' ids (``ger-inf-1``: the example game's ids)."""

KINDS: Final[dict[str, str]] = {
    "inf": "infantry",
    "mech": "mech_infantry",
    "rep": "replacement",
    "arm": "armor",
    "ab": "airborne",
    "mar": "marine",
    "cdo": "commando",
    "par": "partisan",
    "atr": "air_transport",
    "sb": "strategic_bomber",
    "int": "interceptor",
    "kam": "kamikaze",
    "tr": "transport",
    "sub": "submarine",
    **{t: t for t in UNIT_TYPES},
}
"""Unit types by their short names in a line (every type's own name is one too)."""

DEFAULT_FACTORS: Final = 3
"""The combat factors of a unit whose line leaves them out (a test's convenience: write them when they matter)."""

KEYWORDS: Final = ("ctl", "ctrl", "brp", "war", "status", "track", "pool", "fort", "rules", "option")

_FACTORS = re.compile(r"^(\d{1,2})(?:-(\d{1,2}))?$")
_NAME = re.compile(r"^([a-z_]+)-([a-z0-9_]+)$")
_WHO = re.compile(r"^[a-z][a-z_:]*$")
_CLOCK = re.compile(r"^(\d{4})-([a-z]+)$")
_LOCATION = re.compile(get_args(Location)[1].pattern)
_HEX = re.compile(get_args(Hex)[1].pattern)
_DOMAINS: Final[tuple[str, ...]] = get_args(get_type_hints(CtlSet)["domain"])


class _Words:
    """The words of one item, each with its column."""

    def __init__(self, text: str, column: int) -> None:
        self.words = [(m.group(), column + m.start()) for m in re.finditer(r"\S+", text)]
        self.column = self.words[0][1] if self.words else column

    def __len__(self) -> int:
        return len(self.words)


def _pieces(text: str, separator: str, column: int) -> Iterator[tuple[str, int]]:
    """The parts of ``text`` between separators, each with the column it starts at."""
    start = 0
    for part in text.split(separator):
        yield part, column + start
        start += len(part) + len(separator)


def _error(column: int, message: str) -> InputError:
    return InputError(message, where=f"column {column}")


def _power(word: str, column: int) -> str:
    name = PREFIXES.get(word, word)
    if name not in POWERS:
        raise _error(column, f"expected a major power ({', '.join(PREFIXES)} or its name), got {word!r}")
    return name


def _who(word: str, column: int) -> str:
    """A power (by prefix or name) or a minor country's name."""
    if word in PREFIXES:
        return PREFIXES[word]
    if not _WHO.match(word):
        raise _error(column, f"expected a power or a minor country, got {word!r}")
    return word


def _prefix(nationality: str) -> str:
    """The prefix of a nationality's unit ids: a power's own (``ger``), else the country's name up to 3 letters."""
    for prefix, power in PREFIXES.items():
        if power == nationality:
            return prefix
    return nationality.split(":")[-1][:3]


def _number(word: str, column: int, what: str) -> int:
    if not re.fullmatch(r"-?\d{1,4}", word):
        raise _error(column, f"expected {what} (a number), got {word!r}")
    return int(word)


class _Reader:
    """Builds the set-up's fields from a line, keeping the column of each field for error messages."""

    def __init__(self) -> None:
        self.data: dict[str, Any] = {"format": FORMAT}
        self.columns: dict[str, int] = {}

    def put(self, path: tuple[str, ...], value: Any, column: int) -> None:
        node = self.data
        for key in path[:-1]:
            node = node.setdefault(key, {})
        if path[-1] in node and not isinstance(node[path[-1]], list):
            raise _error(column, f"{'.'.join(path)} is given twice")
        node[path[-1]] = value
        self.columns[".".join(path)] = column

    def clock(self, item: _Words) -> None:
        if not item.words:
            raise _error(item.column, "expected the game turn first (1939-fall, 1939-fall axis movement)")
        words = [w for w, _ in item.words]
        if "/" in words[0] and len(words) == 1:
            text = words[0]
        else:
            found = _CLOCK.match(words[0])
            if found is None or found.group(2) not in SEASONS:
                raise _error(item.column, f"expected YEAR-SEASON (1939-fall), got {words[0]!r}")
            rest = words[1:]
            for (word, at), allowed in zip(item.words[1:], (SIDES + PHASES, PHASES), strict=False):
                if word not in allowed:
                    what = "a side (axis, allied) or a phase" if allowed is not PHASES else "a phase"
                    raise _error(at, f"expected {what}, got {word!r}")
            if len(rest) > 2 or (len(rest) == 2 and rest[0] not in SIDES):
                raise _error(item.words[-1][1], f"expected at most a side and a phase, got {' '.join(rest)!r}")
            text = "/".join(words)
        try:
            parse_game_point(text)
        except PointError as exc:
            raise _error(item.column, str(exc)) from None
        self.put(("start",), text, item.column)

    def units(self, header: str, body: str, column: int) -> None:
        nationality_word, _, owner_word = header.partition("@")
        nationality = _who(nationality_word, column)
        if owner_word:
            owner = _power(owner_word, column + len(nationality_word) + 1)
        elif nationality in POWERS:
            owner = nationality
        else:
            raise _error(column, f"a minor country's units name the power that plays them: {nationality_word}@brit")
        units = self.data.setdefault("units", {}).setdefault(owner, {})
        for text, at in _pieces(body, ",", column + len(header) + 1):
            self._unit(_Words(text, at), nationality, owner, units)

    def _unit(self, item: _Words, nationality: str, owner: str, units: dict[str, dict[str, UnitSpec]]) -> None:
        if len(item) < 2:
            raise _error(item.column, "expected a unit: KIND-TAG [FACTORS] LOCATION (arm-3 4-6 EUR:M35)")
        (name, name_at), *rest = item.words
        found = _NAME.match(name)
        if found is None or found.group(1) not in KINDS:
            short = ", ".join(k for k in KINDS if k not in UNIT_TYPES)
            raise _error(name_at, f"expected KIND-TAG, KIND a unit type or one of {short}; got {name!r}")
        factors, movement = DEFAULT_FACTORS, None
        numbers = _FACTORS.match(rest[0][0])
        if numbers is not None:
            factors, movement = int(numbers.group(1)), int(numbers.group(2)) if numbers.group(2) else None
            rest = rest[1:]
        if not rest:
            raise _error(item.words[-1][1] + len(item.words[-1][0]), f"expected where {name} stands (EUR:M35, pool)")
        (location, location_at), *flags = rest
        if not _LOCATION.match(location):
            raise _error(
                location_at, f"expected a location (EUR:M35, PAC:DD11, box:NAME, sw:atlantic, pool), got {location!r}"
            )
        for flag, at in flags:
            if flag not in FLAGS:
                raise _error(at, f"expected 'inverted' or 'damaged' after the location, got {flag!r}")
        unit_id = f"{_prefix(nationality)}-{name}"
        spec = UnitSpec(
            type=KINDS[found.group(1)],
            factors=factors,
            movement=movement,
            nationality=None if nationality == owner else nationality,
            inverted="inverted" in (f for f, _ in flags),
            damaged="damaged" in (f for f, _ in flags),
        )
        place = units.setdefault(location, {})
        if any(unit_id in here for here in units.values()):
            raise _error(name_at, f"{unit_id} is placed twice")
        place[unit_id] = spec
        self.columns[f"units.{owner}.{location}.{unit_id}"] = name_at

    def keyword(self, item: _Words) -> None:
        (word, _), *args = item.words
        values = [w for w, _ in args]
        columns = [c for _, c in args]
        shapes = {
            "ctl": (2, 3, "ctl WHO [DOMAIN] LEVEL (ctl ger 2, ctl rus air 1)"),
            "ctrl": (2, 99, "ctrl WHO HEX [HEX ...] (ctrl poland EUR:L36)"),
            "brp": (2, 2, "brp POWER BASE[/AVAILABLE] (brp ger 150/110)"),
            "war": (2, 2, "war A B (war ger poland)"),
            "status": (2, 2, "status COUNTRY STATUS (status poland conquered)"),
            "track": (2, 2, "track TRACK LEVEL (track usat 5)"),
            "pool": (3, 3, "pool POWER TYPE[/AREA] FACTORS (pool ger infantry 3)"),
            "fort": (3, 3, "fort KIND HEX OWNER (fort fortress EUR:V38 rus)"),
            "rules": (1, 1, "rules awaw|a3r"),
            "option": (1, 1, "option ID=VALUE (option econ.deficit_spending=none)"),
        }
        least, most, usage = shapes[word]
        if not least <= len(values) <= most:
            raise _error(item.column, f"expected {usage}, got {' '.join([word, *values])!r}")
        if word == "ctl":
            who = values[0]
            power = who if who in FACTIONS else _power(who, columns[0])
            faction = FACTION_OF_POWER.get(cast(Power, power), power)
            if who not in FACTIONS and not ctl_is_factions(power, faction):
                faction = power  # a nation's own level (Italy's beside Germany's, 14.43): not its faction's
            domain = values[1] if len(values) == 3 else "ground"
            if domain not in _DOMAINS:
                raise _error(columns[1], f"expected a domain ({', '.join(_DOMAINS)}), got {domain!r}")
            self.put(("ctl", str(faction), domain), _number(values[-1], columns[-1], "a level"), item.column)
        elif word == "ctrl":
            who = _who(values[0], columns[0])
            for hex_, at in zip(values[1:], columns[1:], strict=True):
                if not _HEX.match(hex_):
                    raise _error(at, f"expected a hex (EUR:M35, PAC:DD11), got {hex_!r}")
            self.data.setdefault("control", {}).setdefault(who, []).extend(values[1:])
            self.columns[f"control.{who}"] = item.column
        elif word == "brp":
            base, _, available = values[1].partition("/")
            amounts = {"base": _number(base, columns[1], "a BRP base")}
            amounts["available"] = _number(available, columns[1], "BRPs available") if available else amounts["base"]
            self.put(("brps", _power(values[0], columns[0])), amounts, item.column)
        elif word == "war":
            a, b = _who(values[0], columns[0]), _who(values[1], columns[1])
            point = parse_game_point(self.data["start"])
            self.put(("wars", f"{a}|{b}"), f"{point.season} {point.year}", item.column)
        elif word == "status":
            self.put(("statuses", _who(values[0], columns[0])), values[1], item.column)
        elif word == "track":
            self.put(("tracks", values[0]), _number(values[1], columns[1], "a level"), item.column)
        elif word == "pool":
            power = _power(values[0], columns[0])
            self.put(("force_pools", power, values[1]), _number(values[2], columns[2], "factors"), item.column)
        elif word == "fort":
            if not _HEX.match(values[1]):
                raise _error(columns[1], f"expected a hex (EUR:M35, PAC:DD11), got {values[1]!r}")
            fort = {"kind": values[0], "owner": _who(values[2], columns[2])}
            self.put(("fortifications", values[1]), fort, item.column)
        elif word == "rules":
            self.put(("rules",), values[0], item.column)
        else:
            name, equals, value = values[0].partition("=")
            if not equals or not name or not value:
                raise _error(columns[0], f"expected ID=VALUE, got {values[0]!r}")
            self.put(("options", name), value, item.column)

    def column_of(self, path: str, fallback: int = 1) -> int:
        """The column of the set-up field ``path`` (or of the nearest field above it)."""
        while path:
            if path in self.columns:
                return self.columns[path]
            path = path.rpartition(".")[0]
        return fallback


def parse_line(text: str) -> SetupFile:
    """The set-up a one-line position describes, checked whole: the events a game starts from are made from it
    (:func:`replays.setup.setup_events`) here, so that a problem anywhere names its column."""
    reader = _Reader()
    sections = list(_pieces(text, "|", 1))
    reader.clock(_Words(*sections[0]))
    for section, column in sections[1:]:
        head = section.strip()
        start = column + len(section) - len(section.lstrip())
        if not head:
            raise _error(start, "an empty section (two '|' in a row, or one at the end)")
        first = head.split()[0]
        if first in KEYWORDS:
            for part, at in _pieces(section, ",", column):
                words = _Words(part, at)
                if not words.words:
                    raise _error(at, f"an empty item in the {first} section")
                if words.words[0][0] != first:
                    words.words.insert(0, (first, words.column))
                reader.keyword(words)
        elif ":" in first and first.endswith(":"):
            header_at = start
            reader.units(first[:-1], head[len(first) :], header_at)
        else:
            known = ", ".join(KEYWORDS)
            raise _error(start, f"expected NATIONALITY: units, or a keyword ({known}), got {first!r}")
    try:
        setup = msgspec.convert(reader.data, SetupFile)
    except msgspec.ValidationError as exc:
        message, _, where = str(exc).partition(" - at `$")
        path = ".".join(p.strip("'\"") for p in re.split(r"[.\[\]]", where.rstrip("`")) if p)
        raise _error(reader.column_of(path), message[0].lower() + message[1:]) from None
    try:
        setup_events(setup)
    except InputError as exc:
        where = (exc.where or "").removeprefix("the set-up's ")
        message = exc.message[:1].lower() + exc.message[1:]
        raise _error(reader.column_of(where), f"{message} ({where})") from None
    return setup
