"""Who may attack whom, and whether each claimed defence multiplier applies (AWAW 15.2, 15.3, 15.4; A3R house intro
and App. C-1).

Sources: 10-16 extract 1.9, 2.8 (AUD-15-02, AUD-15-05 to AUD-15-07); A3R extract 3.6 (C-CRT-6, C-CRT-8).

The attack's geometry is the game's grid (``ctx.grid``): an attacker attacks from a hex next to the defender (an
airborne unit dropped on it: from the hex itself), from its declared origin or, without one, from where the board
has it. A DM item is tested against the state where the state can tell: the unit's type, nationality and CTL, the
attack's kind and attackers, the fortifications on the board, the winter level of the defender's zone; terrain and
hexside items need the game's map data, and without it they are reported as not checked.
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import AttackDeclared
from awaw_events.events.combat import Defender
from awaw_events.vocab import FACTION_OF_POWER, Faction, Power
from projections.combat import known_ctl
from projections.rules import combat as rules
from projections.rules.attrition import winter_rules
from projections.rules.geometry import GeometryError, parse
from projections.rules.weather import INFANTRY_DM_LEVEL, WINTER_PREPARATION_START
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.combat.attacks import crt_table

CHECKS = Family("ground combat")


def _on_map(*hexes: str) -> bool:
    try:
        for h in hexes:
            parse(h)
    except GeometryError:
        return False
    return True


@CHECKS.check(
    "15.21",
    "attackers stand next to every attacked hex (airborne dropped: on it); replacements and partisans never attack",
    reads=(AttackDeclared,),
    covers=("AUD-15-15",),
    partly={
        "AUD-15-02": "the monsoon ban (34.24B) needs the terrain and weather zone of the hexes (map data)",
        "AUD-15-06": "whether every defending unit of the hex is attacked needs the units in the hex (15.41)",
    },
)
def check_attackers(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    units = ctx.state.board.units
    for a in event.attackers:
        unit = units.get(a.unit)
        if unit is not None and unit.unit_type in rules.NEVER_ATTACK:
            yield c.finding(
                ctx,
                expected="units that may attack",
                recorded=f"{a.unit} ({unit.unit_type})",
                message=f"attack {event.attack}: {a.unit} is a {unit.unit_type} unit, which never attacks (15.21, "
                "10.2, 11.8)",
            )
        if unit is not None and unit.unit_type == "airborne" and a.factors != rules.AIRBORNE_FACTORS:
            yield c.finding(
                ctx,
                expected=rules.AIRBORNE_FACTORS,
                recorded=a.factors,
                message=f"attack {event.attack}: airborne {a.unit} attacks with {a.factors} factors; an airborne "
                f"unit's combat factor is {rules.AIRBORNE_FACTORS} (10.51; house intro, air.airdrop)",
            )
        ctl = known_ctl(ctx.state.board, a.unit) if a.ctl is not None else None
        if ctl is not None and a.ctl != ctl and not (event.kind == "exploitation" and a.ctl == ctl - 1):
            yield c.finding(
                ctx,
                expected=ctl,
                recorded=a.ctl,
                message=f"attack {event.attack}: {a.unit} claims CTL {a.ctl}; its faction's ground CTL, less 1 in "
                f"partial supply, gives {ctl} (15.8, 15.81; 16.15 in exploitation from an invasion)",
            )
        origin = a.origin or (unit.location if unit is not None else None)
        if origin is None or not _on_map(origin, *event.defender_hexes):
            continue
        for h in event.defender_hexes:
            if a.role == "airdropped" or a.hexside == "airdrop":
                ok = origin == h or (a.origin is None and len(event.defender_hexes) > 1)
            else:
                ok = ctx.grid.adjacent(origin, h)
            if not ok:
                yield c.finding(
                    ctx,
                    expected=f"a hex next to {h}" if a.role != "airdropped" else h,
                    recorded=origin,
                    message=f"attack {event.attack}: {a.unit} attacks {h} from {origin}, which is not next to it "
                    "(15.21; in a multi-hex attack every attacker is next to every attacked hex, 15.44)",
                )


@CHECKS.check(
    "15.46",
    "a defending unit is attacked once in the regular combat phase (a second faction may attack it again)",
    reads=(AttackDeclared,),
    covers=("AUD-15-07",),
)
def check_attacked_once(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    if event.kind == "exploitation":
        return
    seen = ctx.state.combat.regular_defenders
    if not seen:
        return
    faction = None
    for a in event.attackers:
        if (unit := ctx.state.board.units.get(a.unit)) is not None:
            faction = FACTION_OF_POWER.get(cast(Power, unit.owner))
            break
    for d in event.defenders:
        earlier = seen.get(d.unit)
        if earlier is not None and earlier[0] != event.attack and earlier[1] == faction:
            yield c.finding(
                ctx,
                expected="each defender attacked once",
                recorded=d.unit,
                message=f"attack {event.attack}: {d.unit} was already attacked in attack {earlier[0]} this combat "
                "phase (15.46: once in regular combat, except by a second alliance faction)",
            )


def _winter_level(ctx: AuditContext[Any], d: Defender, faction: str | None) -> int | Missing | None:
    """The defender's effective winter level this turn (None: no winter), or why it cannot be told."""
    hex_ = d.hex or (unit.location if (unit := ctx.state.board.units.get(d.unit)) else None)
    if hex_ is None:
        return Missing(reason=f"where defender {d.unit} stands is not recorded")
    facts = ctx.hex(hex_)
    if facts is None or facts.weather_zone is None:
        return ctx.missing_hex(hex_, "weather zone")
    weather = ctx.state.weather.zones.get(facts.weather_zone)
    if weather is None or weather.weather != "winter":
        return None
    table = winter_rules(ctx.meta.rules, ctx.meta.options)
    if weather.level is None or table is None or faction is None:
        return Missing(reason=f"the winter level of {d.unit}'s zone is not known")
    start = WINTER_PREPARATION_START[table].get(cast(Faction, faction), 0)
    prep = ctx.state.weather.winter_preparation.get(faction, start)
    return max(0, weather.level - prep)


def _item_problem(ctx: AuditContext[AttackDeclared], d: Defender, code: str) -> str | Missing | None:
    """Why a claimed DM item cannot apply to a defender in this attack (None: it may)."""
    event = ctx.event
    board = ctx.state.board
    unit = board.units.get(d.unit)
    kind = unit.unit_type if unit is not None else None
    nationality = unit.nationality if unit is not None else None
    if code == "invasion" and event.kind != "invasion":
        return "the attack is not a seaborne invasion (15.32B)"
    if code == "partisan" and kind not in (None, "partisan"):
        return f"{d.unit} is not a partisan unit (15.33C)"
    if code in ("italian_outside_med", "italian_collapse") and nationality not in (None, "italy"):
        return f"{d.unit} is not Italian (15.33B)"
    if code == "minor_outside_home" and nationality in FACTION_OF_POWER:
        return f"{d.unit} is a major power's unit, not a minor country's (15.33B)"
    if code in ("low_ctl", "winter", "exploiting_armor") and kind in rules.SPECIALIZED_NO_NEGATIVE_DM:
        return f"{d.unit} is {kind}, which these DMs never reduce (15.331, 10.41F)"
    if code == "exploiting_armor":
        if event.kind != "exploitation":
            return "the attack is not an exploitation attack (15.33A)"
        ctls = [known_ctl(board, a.unit) for a in event.attackers if a.armor]
        if not any(c is not None and c >= rules.EXPLOITING_ARMOR_DM_MIN_CTL for c in ctls):
            return "no exploiting armor with CTL 2 or more attacks (15.33A)"
    if code == "low_ctl":
        ctl = known_ctl(board, d.unit)
        if ctl is not None and ctl > 0:
            return f"{d.unit}'s CTL is {ctl}, not 0 or less (15.33C)"
    if code in rules.FORT_DM_KINDS and d.hex is not None:
        built = board.fortifications.get(d.hex)
        facts = ctx.hex(d.hex)
        printed = facts.fortification if facts is not None else None
        if built is None and printed is None and ctx.map is not None and facts is not None:
            return f"{d.hex} has no fortification on the board or in the map data (15.32E-F)"
        if built is None and printed is None:
            return ctx.missing_hex(d.hex, "fortification")
    if code == "winter":
        owner = FACTION_OF_POWER.get(cast(Power, unit.owner)) if unit is not None else None
        level = _winter_level(ctx, d, owner)
        if isinstance(level, Missing):
            return level
        if level is None or level < INFANTRY_DM_LEVEL:
            return f"the winter level where {d.unit} defends is {level or 0}, below {INFANTRY_DM_LEVEL} (15.33H)"
    if code in ("rough", "jungle_mountain") and d.hex is not None:
        facts = ctx.hex(d.hex)
        if facts is None or facts.terrain is None:
            return ctx.missing_hex(d.hex, "terrain")
        if facts.terrain not in rules.ROUGH_TERRAIN[code]:
            return f"{d.hex} is {facts.terrain} (15.32D)"
    return None


@CHECKS.check(
    "15.32",
    "each claimed DM item applies: the unit's type, nationality and CTL, the attack, forts, winter, terrain",
    reads=(AttackDeclared,),
    partly={
        "AUD-15-05": "river, crossing-arrow and beach items need hexside data; supply, isolation and political items "
        "(15.33D-G) are taken as claimed",
        "C-CRT-8": "rough terrain needs the map data's terrain of the hex",
    },
)
def check_dm_applies(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    if not event.defenders or crt_table(ctx) is None:
        return
    for d in event.defenders:
        for m in d.dms:
            code = rules.catalogue_code(m.code)
            problem = _item_problem(ctx, d, code)
            if problem is None:
                continue
            if isinstance(problem, Missing):
                yield problem
                continue
            yield c.finding(
                ctx,
                expected=f"no {code} DM",
                recorded=f"{m.code} {m.value:+d}",
                message=f"attack {event.attack}: {d.unit} claims the {code} DM, but {problem}",
            )
    awaw_style = ctx.meta.rules == "awaw" or rules.airdrop_rule(ctx.meta.options) == "awaw_style"
    if awaw_style and all(a.role == "airdropped" for a in event.attackers):
        for d in event.defenders:
            if not any(rules.catalogue_code(m.code) in rules.AIRDROP_ONLY_DMS for m in d.dms):
                yield c.finding(
                    ctx,
                    expected="the DM for defending against an airdrop alone",
                    recorded=", ".join(m.code for m in d.dms) or "no DM items",
                    message=f"attack {event.attack}: {d.unit} is attacked only by dropped airborne and gets +1 DM "
                    "(+2 armor and specialized units; 15.32H, 10.55D; house intro)",
                )
