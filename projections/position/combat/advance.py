"""After the rounds: advance after combat and its stacking, breakthroughs, armor placed on a breakthrough hex, the
exploitation allowance, the chain of exploitation routes, mandatory attacks and exploitation's end (AWAW 12.11,
15.22, 15.9, 16.1-16.6; house 15.82). Overruns are :mod:`projections.position.overruns`.

An exploitation move is a ``unit_moved`` with ``exploitation`` set and its ``breakthrough`` named. A move whose path
starts with the breakthrough hex by a unit standing elsewhere is the armor's placement on that hex (16.21: it costs
no movement, whatever the MF, ZoC and stacking, 16.23) followed by its exploitation route: :func:`placed_on` says
so, and the movement queries price the route from the breakthrough hex. The routes of the armor exploiting from each
breakthrough are projection state (:attr:`projections.combat.Breakthrough.routes`); the chain rules are
:mod:`projections.rules.combat.exploitation`; geometry is the game's grid, which needs no map data."""

from __future__ import annotations

from collections.abc import Iterator

from awaw_events.events import (
    AdvanceAfterCombat,
    AttackDeclared,
    BreakthroughCreated,
    Event,
    ExploitationAllowance,
    PhaseStarted,
    SupplyDetermined,
    UnitMoved,
)
from awaw_events.vocab import GROUND_TYPES
from projections.combat import Attack, Breakthrough, house_nationality_of
from projections.movement import side_of
from projections.position.combat.attacks import STANDARD_A3R, attack_of, crt_table, ctl, ctl_missing
from projections.position.common import on_map
from projections.position.core import Position, Timed, Unknown, Verdict, breach, turn_of
from projections.position.units import negated_why
from projections.rules import combat as rules
from projections.rules.breach import Breach
from projections.rules.bridgeheads import UNSUPPLIED_STATUSES
from projections.rules.construction import SPECIALIZED_TYPES


def advance(pos: Position, event: AdvanceAfterCombat) -> Verdict:
    """15.91: only surviving, supplied attackers of the final round advance, into a hex emptied of defenders."""
    if not event.moves:
        return
    attack = attack_of(pos, event.attack)
    if isinstance(attack, Unknown):
        yield attack
        return
    final = attack.final_fighters()
    roles = {a.unit: a.role for a in attack.declared.attackers}
    units = pos.board.units
    candidates = []
    for m in event.moves:
        unit = units.get(m.unit)
        candidates.append(
            rules.AdvanceCandidate(
                unit=m.unit,
                attacked=m.unit in attack.ground,
                survived_final_round=m.unit in final and attack.left(m.unit, attack.ground.get(m.unit, 0)) > 0,
                supplied=unit is None or unit.supply not in UNSUPPLIED_STATUSES,
                airdropped=roles.get(m.unit) == "airdropped",
                defender=m.unit in attack.defenders,
            )
        )
        if roles.get(m.unit) == "shock_army":
            message = f"shock army {m.unit} advanced; shock armies are eliminated after regular ground combat, before "
            message += "advance after combat (12.16)"
            yield breach("12.16", message, "no advance", m.unit)
        if m.to not in attack.declared.defender_hexes:
            message = f"{m.unit} advanced to {m.to}, which is not a hex of attack {event.attack} (15.91)"
            yield breach("15.91", message, " or ".join(attack.declared.defender_hexes), m.to)
    for b in rules.advance_findings(attack.all_defenders_gone(), candidates):
        yield breach(b.rule, f"attack {event.attack}: {b.message} ({b.rule})", "no advance", b.message)


def _stack_breaches(pos: Position, hex_: str, ground: int, special: int) -> list[Breach]:
    kind: rules.StackHex = "bridgehead" if hex_ in pos.board.bridgeheads else "standard"
    return list(rules.stacking_findings(kind, ground_units=ground, specialized_units=special))


def advance_stacking(pos: Position, event: AdvanceAfterCombat) -> Verdict:
    """12.11: units advancing after combat fit the stacking limits of the hex."""
    units = pos.board.units
    attack = pos.state.combat.attacks.get(event.attack)
    dropped = [a.unit for a in attack.declared.attackers if a.role == "airdropped"] if attack else []
    per_hex: dict[str, tuple[int, int]] = {}
    for m in event.moves:
        unit = units.get(m.unit)
        if unit is None or unit.unit_type == "flak":
            continue
        ground, special = per_hex.get(m.to, (0, 0))
        specialized = unit.unit_type in SPECIALIZED_TYPES
        per_hex[m.to] = (ground + (not specialized), special + specialized)
    for hex_, (ground, special) in per_hex.items():
        # the defenders are gone: besides the advancing units, only airborne dropped on the hex can be there
        special += sum(1 for u in dropped if (unit := units.get(u)) and unit.location == hex_)
        for b in _stack_breaches(pos, hex_, ground, special):
            yield breach(
                b.rule, f"advance into {hex_}: {b.message} ({b.rule})", "within the limit", f"{ground} + {special}"
            )


def _is_armor(pos: Position, attack: Attack, unit_id: str) -> bool:
    unit = pos.board.units.get(unit_id)
    return (unit is not None and unit.unit_type == "armor") or any(
        a.unit == unit_id and a.armor for a in attack.declared.attackers
    )


def breakthrough(pos: Position, event: BreakthroughCreated) -> Verdict:
    """16.11: a breakthrough needs a regular attack that cleared the hex, fit armor in the final round and an
    advance.

    Fit armor has CTL 1 or more (16.11A, 15.82C) where the game has CTLs: an A3R game has none (house 14.42B,
    15.81), and an AWAW CTL the log does not give leaves the question undecided, never read as 0."""
    attack = attack_of(pos, event.attack)
    if isinstance(attack, Unknown):
        yield attack
        return
    final = attack.final_fighters()
    no_ctls = pos.meta.rules == "a3r"
    armor = []
    for u in sorted(final):
        if _is_armor(pos, attack, u):
            unit = pos.board.units.get(u)
            supplied = unit is None or unit.supply not in rules.NOT_FULLY_SUPPLIED
            armor.append(rules.BreakthroughArmor(supplied, True, None if no_ctls else attack.ctl.get(u)))
    roles = {a.unit: a.role for a in attack.declared.attackers}
    movers = [u for u in attack.advanced.get(event.hex, ()) if u in attack.ground]
    found = list(
        rules.breakthrough_findings(
            kind=rules.attack_kind(attack.declared.kind),
            all_defenders_eliminated=attack.all_defenders_gone(event.hex),
            final_round_armor=armor,
            advanced=bool(movers),
            advanced_only_airdropped=bool(movers) and all(roles.get(u) == "airdropped" for u in movers),
        )
    )
    fit = [a for a in armor if a.fully_supplied]
    if not no_ctls and not any(a.ctl is not None and a.ctl >= 1 for a in fit) and any(a.ctl is None for a in fit):
        yield Unknown(reason=f"whether the armor of attack {event.attack} has CTL 1 or more (16.11A): no CTL recorded")
    if event.armor not in final or not _is_armor(pos, attack, event.armor):
        found.append(Breach("16.11A", f"{event.armor} is not an armor unit that fought the final round"))
    if event.hex not in attack.declared.defender_hexes:
        found.append(Breach("16.11", f"{event.hex} was not attacked in attack {event.attack}"))
    undefended = not any(d.hex in (None, event.hex) for d in attack.declared.defenders)
    armor_count = sum(1 for a in attack.declared.attackers if _is_armor(pos, attack, a.unit))
    if undefended and (attack.declared.kind != "invasion" or armor_count < rules.UNDEFENDED_BREAKTHROUGH_ARMOR):
        why = f"{event.hex} was undefended: only a seaborne invasion by more than one armor unit makes one"
        found.append(Breach("16.14", why))
    for b in found:
        message = f"breakthrough {event.breakthrough} in {event.hex}: {b.message} ({b.rule})"
        yield breach(b.rule, message, "no breakthrough", event.breakthrough)


# ---------------------------------------------------------------------------------------------------------------------
# The exploitation allowance (16.31, 15.82D; house 15.82)


def allowance(pos: Position, unit_id: str, breakthrough_id: str, when: Timed) -> tuple[int | None, str] | Unknown:
    """16.31: a unit's exploitation allowance from a breakthrough before weather, and how it was read: its printed
    MF, halved at CTL 1 (15.82D), less 1 from a mountain, forest or swamp breakthrough hex in Europe (none from such
    a hex in the Pacific, 16.31D); house 15.82: halved for Western Allied and Russian armor before Summer 1942 and
    Italian before 1946. ``None``: it may not exploit (CTL 0 or less, or the hex forbids it)."""
    unit = pos.board.units.get(unit_id)
    printed = unit.movement if unit is not None else None
    if unit is None or printed is None:
        return Unknown(reason=f"the printed MF of {unit_id} is not recorded (unit_placed.movement)")
    if crt_table(pos) == "a3r_house":
        nationality = house_nationality_of(pos.board, unit_id)
        house = rules.house_exploitation_allowance(printed, nationality, when.year, when.season)  # type: ignore[arg-type]
        return house, "house 15.82: WA and Russian armor halved before Summer 1942, Italian before 1946"
    found = pos.state.combat.breakthroughs.get(breakthrough_id)
    attack = pos.state.combat.attacks.get(found.attack) if found is not None else None
    if attack is None or attack.table is None:
        return Unknown(reason=f"breakthrough {breakthrough_id} was not recorded in this player turn")
    level = ctl(pos, unit_id, when)
    if not isinstance(level, int):
        return Unknown(reason=ctl_missing(unit)) if level is not None else Unknown(reason=STANDARD_A3R)
    declared = attack.declared
    allowed = rules.exploitation_allowance(
        printed,
        ctl=level,
        theater=rules.theater_of(declared.defender_hexes[0]),
        breakthrough_terrain=rules.breakthrough_terrain(declared.terrain),
        japanese=unit.nationality == "japan",
        invasion_breakthrough=attack.invasion,
        order=rules.exploit_order(pos.meta.options),
    )
    return allowed, f"16.31: printed MF {printed}, CTL {level}, {declared.terrain or 'clear'} breakthrough hex"


def exploitation_allowance(pos: Position, event: ExploitationAllowance) -> Verdict:
    """16.31: the exploitation allowance is the printed MF adjusted for CTL and the breakthrough hex (house
    15.82)."""
    if crt_table(pos) is None:
        return (Unknown(reason=STANDARD_A3R),)
    found = allowance(pos, event.unit, event.breakthrough, event)
    if isinstance(found, Unknown):
        return (found,)
    base, why = found
    weather = rules.weather_cut(event.modifiers)
    if base is None:
        message = f"{event.unit} may not exploit ({why}; CTL 0 or less, or terrain, forbids it: 15.82C, 16.31D)"
        return (breach("16.31", message, "no exploitation", event.allowance),)
    expected = rules.with_weather(base, weather)
    if event.allowance == expected:
        return ()
    message = (
        f"{event.unit} exploits with {expected} MF ({why}"
        + (f", weather {weather:+d}" if weather else "")
        + f"), recorded {event.allowance}"
    )
    return (breach("16.31", message, expected, event.allowance),)


# ---------------------------------------------------------------------------------------------------------------------
# Exploitation movement (16.2-16.4, 16.61)


def exploiting(pos: Position, event: UnitMoved) -> Breakthrough | Unknown | None:
    """The breakthrough an exploitation move names (None: not an exploitation move)."""
    if not event.exploitation:
        return None
    if event.breakthrough is None:
        return Unknown(reason="an exploitation move does not name its breakthrough (unit_moved.breakthrough)")
    found = pos.state.combat.breakthroughs.get(event.breakthrough)
    if found is None:
        return Unknown(reason=f"breakthrough {event.breakthrough} was not recorded in this player turn")
    return found


def placed_on(pos: Position, event: UnitMoved) -> str | None:
    """16.21: the breakthrough hex an exploitation move first places the unit on (its path starts with it and the
    unit stands elsewhere), which costs no movement (16.23): the move itself starts there. None: no placement."""
    if not event.exploitation or event.breakthrough is None:
        return None
    found = pos.state.combat.breakthroughs.get(event.breakthrough)
    unit = pos.board.units.get(event.unit)
    if found is None or unit is None or not event.path or event.path[0] != found.hex or unit.location == found.hex:
        return None
    return found.hex


def _attack_positions(pos: Position, attack: Attack) -> set[str]:
    """Where the attackers of an attack stood when it began: their declared origins, else where they are now unless
    they advanced."""
    moved = {u for units in attack.advanced.values() for u in units}
    units = pos.board.units
    found = set()
    for a in attack.declared.attackers:
        if a.origin is not None:
            found.add(a.origin)
        elif a.unit not in moved and (unit := units.get(a.unit)) is not None:
            found.add(unit.location)
    return found


def placement(pos: Position, event: UnitMoved) -> Verdict:
    """16.21: armor placed on a breakthrough hex: next to its attack, CTL 1+, fully supplied from an unlimited source at
    this player turn's initial determination (a full status is an unlimited source's, 30.15; the automatic supply of
    exploiting armor is not, 16.61), its mechanized part intact, did not attack."""
    if not event.exploitation:
        return ()  # the common case, cheaply (most moves are not exploitation)
    found = exploiting(pos, event)
    if isinstance(found, Unknown):
        return (found,)
    if found is None or placed_on(pos, event) is None:
        return ()
    unit = pos.board.units[event.unit]
    out: list[Breach | Unknown] = []
    problems: list[str] = []
    if event.unit in pos.state.combat.attacked:
        problems.append("it attacked in this combat phase (16.22)")
    if unit.unit_type != "armor":
        problems.append(f"it is {unit.unit_type}, not armor (16.21)")
    level = ctl(pos, event.unit, event)
    if isinstance(level, Unknown):
        out.append(Unknown(reason=f"no ground CTL known for {event.unit} (16.22A)"))
    elif level is not None and level < rules.BREAKTHROUGH_MIN_CTL:
        problems.append(f"its CTL is {level} (16.22A, 15.82C: 1 or more)")
    fighting = [a.declared.attack for a in pos.state.combat.attacks.values() if not a.ended]
    if fighting:
        problems.append(f"attack {fighting[0]} has not ended: armor is placed after all regular combat (16.21)")
    land = pos.state.land
    supply = land.initial_status.get(event.unit, unit.supply)  # this player turn's initial determination (16.22B)
    if supply is None:
        out.append(Unknown(reason=f"no supply determination recorded for {event.unit} (16.22B)"))
    elif supply != "full":
        problems.append(f"it is in {supply} supply, not full supply (16.22B)")
    elif event.unit in land.automatic:
        problems.append(
            "its full supply is exploiting armor's automatic supply, not an unlimited source (16.22B, 16.61)"
        )
    else:
        negated = negated_why(pos, unit, unit.location, event)
        if negated is not None:
            problems.append(f"its mechanized part is negated: {negated} (16.22C)")
    attack = pos.state.combat.attacks.get(found.attack)
    if attack is not None and on_map(unit.location):
        near = [h for h in _attack_positions(pos, attack) if on_map(h)]
        if near and not any(h == unit.location or pos.grid.adjacent(h, unit.location) for h in near):
            problems.append(
                f"it stands in {unit.location}, neither in nor next to a hex an attacker of {found.attack} attacked "
                "from (16.21)"
            )
    where = f"{event.unit} placed on breakthrough hex {found.hex} ({event.breakthrough})"
    out.extend(breach("16.21", f"{where}: {p}", "an eligible armor unit", event.unit) for p in problems)
    return out


def route(pos: Position, event: UnitMoved) -> Verdict:
    """16.35: an exploitation move: by armor that did not attack this combat phase (16.22D), within its exploitation
    allowance (16.38; a single hex always, 13.411), before any exploitation attack (16.44). The chain its route
    must keep is judged when exploitation movement ends (:func:`chain_formed`, 16.38)."""
    if not event.exploitation:
        return ()
    found = exploiting(pos, event)
    if isinstance(found, Unknown):
        return (found,)
    if found is None:
        return ()
    combat = pos.state.combat
    out = []
    if event.unit in combat.attacked and event.path[0] != found.hex:
        message = f"{event.unit} exploits from {found.hex} ({event.breakthrough}) after attacking in this combat "
        message += "phase; armor that attacked may not move or attack in exploitation (16.22D)"
        out.append(breach("16.22D", message, "armor that did not attack this combat phase", event.unit))
    allowed = combat.allowances.get(event.unit)
    chain = found.routes.get(event.unit, ()) + rules.exploitation_route(found.hex, event.path)
    if allowed is not None and event.mf_used is not None and len(chain) > 1:
        moves = pos.state.movement  # MF spent this phase (13.42), as the movement queries read them
        spent = moves.spent.get(event.unit, 0) if moves.phase == (turn_of(event), event.side, event.phase) else 0
        total = spent + event.mf_used
        if total > allowed:
            before = f" ({spent} before this move)" if spent else ""
            message = f"{event.unit} spent {total} MF exploiting{before}; its exploitation allowance is {allowed} "
            message += "(16.31, 16.38)"
            out.append(breach("16.38", message, f"at most {allowed} MF", total))
    if any(a.declared.kind == "exploitation" for a in combat.attacks.values()):
        message = f"{event.unit} makes an exploitation move after an exploitation attack was announced: all "
        message += "exploitation movement comes first (16.44)"
        out.append(breach("16.44", message, "no exploitation movement after an exploitation attack", event.unit))
    return out


def chain_formed(pos: Position, event: Event) -> Verdict:
    """16.36: when exploitation movement ends (the first exploitation attack is announced, or the next phase
    begins), each exploiting unit entered at most 2 hexes (Pacific 1) from its breakthrough hex, or duplicated the
    entire route of another unit from it and then at most that many more, so the chain of exploiting armor exists
    (16.32-16.36). Moves need not be in sequence (16.38): the routes are judged together, at the end."""
    combat = pos.state.combat
    if not combat.breakthroughs or event.phase is None:
        return ()
    ends = pos.state.clock.phase == "exploitation" and event.phase != "exploitation"
    first_attack = isinstance(event, AttackDeclared) and event.kind == "exploitation"
    if not (ends or first_attack) or _exploitation_attacked(pos):
        return ()
    return tuple(_broken_routes(pos))


def chain_at_the_end(pos: Position, event: Event | None) -> Verdict:
    """16.36: where the events stop during exploitation movement, a route that does not keep the chain yet is named
    as not checked: a later move may still duplicate it (16.38), and no event says the movement ended."""
    if pos.state.clock.phase != "exploitation" or _exploitation_attacked(pos):
        return ()
    broken = [b for b in _broken_routes(pos) if isinstance(b, Breach)]
    if not broken:
        return ()
    why = "exploitation movement has not ended where the events stop: the chain is judged when it does (16.36, 16.38)"
    return (Unknown(reason=why),)


def _exploitation_attacked(pos: Position) -> bool:
    return any(a.declared.kind == "exploitation" for a in pos.state.combat.attacks.values())


def _broken_routes(pos: Position) -> Iterator[Breach | Unknown]:
    for bt in sorted(pos.state.combat.breakthroughs.values(), key=lambda b: b.seq):
        if not on_map(bt.hex):
            continue
        theater = rules.theater_of(bt.hex)
        for u, chain in bt.routes.items():
            others = [r for other, r in bt.routes.items() if other != u]
            for b in rules.route_findings(chain, others, theater):
                where = f"{u} exploiting from {bt.hex} (breakthrough {bt.attack})"
                message = f"{where}: {b.message} ({b.rule})"
                yield breach(b.rule, message, "a route that keeps the chain", "-".join(chain))


def _exploiting_units(pos: Position) -> dict[str, Breakthrough]:
    """The units exploiting this player turn, with their breakthrough."""
    found: dict[str, Breakthrough] = {}
    for bt in pos.state.combat.breakthroughs.values():
        for u in bt.routes:
            found.setdefault(u, bt)
    return found


def chain_advance(pos: Position, event: AdvanceAfterCombat) -> Verdict:
    """16.47: an exploiting unit's advance after exploitation combat keeps every unit of its breakthrough in the
    chain."""
    exploiting_ = _exploiting_units(pos)
    movers = [m for m in event.moves if m.unit in exploiting_]
    if not movers:
        return
    attack = pos.state.combat.attacks.get(event.attack)
    units = pos.board.units
    for bt in {exploiting_[m.unit].hex: exploiting_[m.unit] for m in movers}.values():
        positions = {}
        for u in bt.routes:
            unit = units.get(u)
            lost = attack is not None and u in attack.ground and attack.left(u, attack.ground[u]) <= 0
            if unit is not None and not lost:
                positions[u] = unit.location
        positions |= {m.unit: m.to for m in movers if exploiting_[m.unit] is bt}
        if not on_map(bt.hex, *positions.values()):
            continue
        passed = {h for r in bt.routes.values() for h in r}
        broken = rules.chain_breaks(bt.hex, positions, passed, pos.grid, rules.theater_of(bt.hex))
        if broken:
            where = ", ".join(f"{u} in {positions[u]}" for u in broken)
            advanced = ", ".join(f"{m.unit} to {m.to}" for m in movers)
            message = f"advance {advanced} breaks the chain of breakthrough {bt.hex}: {where} can no longer trace it "
            message += "(each link adjacent, or two hexes apart through a hex the exploitation passed; 16.36, 16.47)"
            yield breach("16.47", message, "every exploiting unit still in the chain", advanced)


def _stacks(pos: Position, hexes: set[str]) -> dict[str, list[str]]:
    """The ground units in some hexes (one pass over the board, made only when there are hexes to look at)."""
    found: dict[str, list[str]] = {h: [] for h in hexes}
    for unit in pos.board.units.values():
        if unit.location in found and unit.unit_type in GROUND_TYPES:
            found[unit.location].append(unit.id)
    return found


def exploitation_stacking(pos: Position, event: PhaseStarted) -> Verdict:
    """16.51: after exploitation, armor that left its breakthrough hex meets the normal stacking limits."""
    combat = pos.state.combat
    if event.phase != "attrition" or not combat.breakthroughs:
        return ()
    board = pos.board
    hexes = {bt.hex for bt in combat.breakthroughs.values()}
    where = {
        unit.location
        for bt in combat.breakthroughs.values()
        for u in bt.routes
        if (unit := board.units.get(u)) is not None and unit.location not in hexes
    }
    out = []
    for hex_, units in sorted(_stacks(pos, where).items()) if where else ():
        kinds = [board.units[u].unit_type for u in units]
        special = sum(1 for k in kinds if k in SPECIALIZED_TYPES)
        ground = sum(1 for k in kinds if k not in SPECIALIZED_TYPES and k != "flak")
        for b in _stack_breaches(pos, hex_, ground, special):
            message = f"after exploitation, {hex_}: {b.message} (16.51: armor that leaves the breakthrough hex meets "
            message += f"normal stacking; {b.rule})"
            out.append(breach("16.51", message, "within the limit", ", ".join(units)))
    return out


def airdrop_attacks(pos: Position, event: PhaseStarted) -> Verdict:
    """15.22: mandatory attacks: airborne dropped on enemy units attack them in the same combat phase."""
    combat = pos.state.combat
    if event.phase not in ("exploitation", "attrition") or not combat.airdrops:
        return ()
    board = pos.board
    dropped = {u: t for u, (t, phase) in combat.airdrops.items() if phase == "combat" and u in board.units}
    stacks = _stacks(pos, set(dropped.values())) if dropped else {}
    out = []
    for u, target in sorted(dropped.items()):
        owner = board.units[u].owner
        enemies = [x for x in stacks.get(target, []) if side_of(board.units[x].owner) != side_of(owner)]
        attacked = any(target in a.declared.defender_hexes and u in a.ground for a in combat.attacks.values())
        if enemies and not attacked:
            message = f"{u} dropped on {target}, held by {', '.join(enemies)}, and did not attack it: airborne "
            message += "dropped on enemy units must attack them (15.22, 10.55)"
            out.append(breach("15.22", message, f"an attack on {target} by {u}", "no attack"))
    return out


def exploitation_supply(pos: Position, event: UnitMoved | SupplyDetermined) -> Verdict:
    """16.61: armor that exploited is fully supplied in the next game turn (unless redeployed) and may not exploit
    then."""
    exploited = pos.state.combat.exploited
    if not exploited:
        return ()
    last = turn_of(event) - 1
    if isinstance(event, UnitMoved):
        if event.exploitation and exploited.get(event.unit) == last:
            message = f"{event.unit} exploits in the game turn after it exploited; it is automatically supplied but "
            message += "may not exploit (16.61)"
            return (breach("16.61", message, "no exploitation", event.unit),)
        return ()
    if event.determination != "initial":
        return ()
    return [
        breach(
            "16.61",
            f"{r.subject} exploited last game turn and was not redeployed: it is automatically supplied this turn "
            f"(16.61, 30.551A), recorded {r.status}",
            "full",
            r.status,
        )
        for r in event.results
        if exploited.get(r.subject) == last and r.status != "full"
    ]
