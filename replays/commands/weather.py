"""``awaw weather``: the weather of every zone this game turn (34.1-34.3), with the Winter Table's rolls (34.41).

:func:`decide_weather` determines each zone in the order 34.21-34.33 takes them
(:data:`projections.rules.weather.WEATHER_ZONES`), in the game turn's ``game_turn_start`` phase: a zone the game's
Winter Table rolls for this season gets its die (typed in for that zone, or the game's next seeded roll) and the
level die + the zone's modifier; another zone gets the weather its season gives and, in winter, its fixed level.
Each event is refused at the first breach of the position's weather queries (:data:`JUDGES`, the ones the weather
family of the audit asks of a recorded one): a zone determined twice in a game turn, a face off the die.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, DiceRolled, WeatherDetermined
from projections import game
from projections.position import Position
from projections.position.weather import STANDARD_A3R, table_of, zones
from projections.rules import weather as rules
from replays.commands.base import COMMAND, Die, Query, Refusal, judged_in_turn, now

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    WeatherDetermined: (zones.weather_type, zones.weather_once, zones.winter_roll, zones.fixed_winter_level),
}
"""The position's queries on a zone's weather, in the order a refusal names the first breach: the weather family's
of the audit."""


class Weather(NamedTuple):
    """The weather of this game turn; ``faces``: the Winter Table die typed in for a zone (``{"siberia": 3}``), where
    the game's dice are physical."""

    faces: Mapping[str, int] = {}


def rolled_zones(pos: Position) -> tuple[str, ...]:
    """The zones whose winter die the game's Winter Table rolls this season (34.32C-D), in 34.21-34.33's order."""
    table = table_of(pos)
    season = pos.state.clock.season
    if table is None or season is None:
        return ()
    return tuple(z for z in rules.WEATHER_ZONES if rules.winter_roll_required(z, season, table=table))


def decide_weather(pos: Position, command: Weather, die: Die) -> list[AnyEvent] | Refusal:
    """Every zone's weather this game turn, or why it is refused. Without a face for a rolled zone and without the
    game's dice (``die`` unknown: a preview), the events stop before that zone's roll."""
    table = table_of(pos)
    if table is None:
        return Refusal(COMMAND, STANDARD_A3R)
    clock = pos.state.clock
    season = clock.season
    if season is None or clock.side is not None or clock.phase in ("setup", "end_of_game_turn"):
        return Refusal(COMMAND, "the weather is determined at the start of a game turn, before its player turns")
    when = {**now(pos.state), "phase": "game_turn_start"}
    rolled = rolled_zones(pos)
    unknown = sorted(set(command.faces) - set(rolled))
    if unknown:
        allowed = ", ".join(rolled) or "none this season"
        return Refusal(COMMAND, f"--die: no winter die is rolled for {', '.join(unknown)} (zones rolled: {allowed})")
    events: list[AnyEvent] = []
    state = pos.state
    for zone in rules.WEATHER_ZONES:
        fields: dict[str, Any] = {"type": "weather_determined", **when, "zone": zone}
        fields["weather"] = rules.weather_for(zone, season)
        if zone in rolled:
            number = state.dice.next_roll
            face = command.faces.get(zone)
            if face is None and not die.known:
                break  # a preview: the roll is made once the player agrees
            faces, source = ([face], "physical") if face is not None else die.roll(number)
            if not 1 <= faces[0] <= rules.DIE_SIDES:
                return Refusal(COMMAND, f"--die {zone}={faces[0]}: the Winter Table takes one d6 (1-6)")
            roll_fields = {"type": "dice_rolled", **when, "roll": number, "purpose": "winter", "dice": faces}
            roll = parse_event({**roll_fields, "source": source, "ref": f"winter-table:{zone}"}, where="the roll")
            events.append(roll)
            state = game.fold(state, [roll])
            modifier = rules.winter_roll_modifier(zone, season, table=table)
            fields |= {"level": rules.raw_winter_level(faces[0], zone, season, table=table), "roll": number}
            fields["modifiers"] = [{"code": f"{zone}_{season}", "value": modifier, "rule": "34.32"}]
        elif fields["weather"] == "winter":
            fields["level"] = rules.raw_winter_level(None, zone, season, table=table) or None
        determined = parse_event(fields, where=f"the weather of {zone}")
        events.append(determined)
        state = game.fold(state, [determined])
    return judged_in_turn(pos, events, JUDGES)


def preview_rolls(pos: Position, events: list[AnyEvent]) -> str:
    """What the preview leaves to the dice: the zones still to roll for."""
    made = {e.ref for e in events if isinstance(e, DiceRolled)}
    left = [z for z in rolled_zones(pos) if f"winter-table:{z}" not in made]
    return f"then: roll one die each for {', '.join(left)} on the Winter Table (34.41)" if left else ""
