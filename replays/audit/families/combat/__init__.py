"""Ground combat (AWAW 12, 15, 16; A3R house App. C-1): each check asks the position's combat queries
(:mod:`projections.position.combat`) about the recorded claim, the queries ``awaw attack``, ``round``, ``losses``,
``advance`` and ``move`` ask of what they decide."""

from __future__ import annotations

from typing import Final

from projections.position.combat import advance as a
from projections.position.combat import declarations as d
from projections.position.combat import losses, rounds
from projections.position.combat.attacks import joint_attack
from replays.audit.engine import Family, judge
from replays.audit.families.stacking import PHASE_EVENTS

DM_ITEMS = "river, crossing-arrow and beach items need hexside data; supply, isolation and political items "
DM_ITEMS += "(15.33D-G) are taken as claimed"
ROUGH = "rough terrain needs the map data's terrain of the hex"
WEATHER = "weather cuts are taken as claimed; the -3 for a Russian IC or objective defended by 3+ factors (16.31E) "
WEATHER += "is not recorded"
CARRIERS = "whether naval air flying ground support in exploitation flies from land or from a carrier is not "
CARRIERS += "recorded (16.43: land-based only): not checked"
MANDATORY = "airdrops on enemy units are checked here and failed overruns with the overruns; seaborne invasions are "
MANDATORY += "attacks of their own and tactical atomic attacks (43.4) are outside the extract"

FAMILY: Final = Family(
    "ground combat",
    judge(d.dm_items, "15.3", covers=("C-CRT-8",)),
    judge(d.support_limits, "15.632", covers=("C-AIR-5",)),
    judge(d.attack_origins, "15.47", covers=("AUD-15-08", "AUD-16-12", "AUD-12-03")),
    judge(d.attacker_roles, "12.16", covers=("AUD-12-03",)),
    judge(d.attackers, "15.21", covers=("AUD-15-15", "AUD-15-02", "AUD-15-06")),
    judge(d.collective_attack, "15.41", covers=("AUD-15-06",)),
    judge(d.box_attacks, "15.23", covers=("AUD-15-04",)),
    judge(d.attacked_once, "15.46", covers=("AUD-15-07",)),
    judge(d.dm_applies, "15.32", covers=("31-34/W-10",), partly={"AUD-15-05": DM_ITEMS, "C-CRT-8": ROUGH}),
    judge(rounds.odds_column, "15.52", covers=("AUD-15-09", "C-CRT-1")),
    judge(rounds.strengths, "15.51", covers=("AUD-15-09",)),
    judge(rounds.crt_result, "15.6", covers=("AUD-15-10", "AUD-15-11", "C-CRT-2")),
    judge(rounds.prohibited_odds, "15.52", covers=("C-CRT-6",)),
    judge(rounds.further_round, "15.71", covers=("AUD-15-14", "C-CRT-4")),
    judge(losses.losses, "15.62", covers=("AUD-15-12", "C-CRT-3")),
    judge(losses.losses_recorded, "15.61"),
    judge(losses.destroyer_losses, "15.642", covers=("AUD-15-13",)),
    judge(losses.involuntary_air, "15.632", covers=("C-CRT-5",)),
    judge(a.advance, "15.91", covers=("AUD-15-16",)),
    judge(a.advance_stacking, "12.11"),
    judge(a.breakthrough, "16.11", covers=("AUD-16-01", "AUD-16-02")),
    judge(a.exploitation_allowance, "16.31", covers=("AUD-16-03", "C-CRT-7"), partly={"AUD-16-06": WEATHER}),
    judge(a.placement, "16.21", covers=("AUD-16-04",)),
    judge(a.route, "16.35", covers=("AUD-16-07", "AUD-16-11", "AUD-16-05")),
    judge(a.chain_formed, "16.36", reads=PHASE_EVENTS, covers=("AUD-16-07",)),
    judge(a.chain_at_the_end, "16.36", reads=(), at_end=True),
    judge(d.exploitation_attackers, "16.41", covers=("AUD-16-09", "AUD-16-10", "AUD-16-12")),
    judge(d.exploitation_missions, "16.43", covers=("AUD-16-10",), partly={"AUD-16-10.A": CARRIERS}),
    judge(a.chain_advance, "16.47", covers=("AUD-16-13",)),
    judge(d.combat_order, "15.11", covers=("AUD-15-01",)),
    judge(a.exploitation_stacking, "16.51", covers=("AUD-16-05",)),
    judge(a.airdrop_attacks, "15.22", partly={"AUD-15-03": MANDATORY}),
    judge(a.exploitation_supply, "16.61", covers=("AUD-16-14",)),
    judge(joint_attack, "15.551"),
)
