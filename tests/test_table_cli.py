"""The verbs at the table (issue 11, item 1), through the CLI: a turn of the example played with the verbs alone
audits clean; ``awaw attack`` reads the CRT for every odds column; every verb shows what it will append, stops at
``--dry-run``, asks unless ``--yes``, refuses naming the rule, and speaks JSON with ``--json``.
"""

from __future__ import annotations

import json
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from projections.rules import combat as combat_rules
from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
GAME_TURN_START = 287
"""The example's Fall 1939 game-turn start: the Axis player turn begins after event 287."""

AXIS_TURN = r"""
end-phase g
spend g germany war poland
end-phase g
end-phase g
end-phase g
move g ger-inf-3 EUR:L33 EUR:M33 EUR:M34
move g ger-arm-4 EUR:K32 EUR:L32 EUR:L33 EUR:M33
end-phase g
end-phase g
spend g germany offensive --front eastern
attack g pol-1 --on EUR:L34 --with ger-arm-1,ger-inf-1,ger-inf-2,ger-inf-3 --support ger-aaf-1,ger-aaf-2 --die 6
losses g pol-1
advance g pol-1 ger-arm-1 --breakthrough bt-poznan
attack g pol-2 --on EUR:M36 --on EUR:N34 --with ger-arm-3,ger-inf-4,ger-inf-5,ger-inf-6 --support ger-aaf-3 --die 3
losses g pol-2 --side attacker ger-inf-4 ger-inf-5 ger-inf-6 ger-aaf-3=3
losses g pol-2
advance g pol-2 ger-arm-3 --breakthrough bt-lodz
end-phase g
move g ger-arm-2 EUR:L34 EUR:L35 EUR:L36 --breakthrough bt-poznan
move g ger-arm-4 EUR:L34 EUR:L35 --breakthrough bt-poznan
attack g pol-x1 --on EUR:L37 --with ger-arm-2 --support ger-aaf-4 --terrain city --die 5
losses g pol-x1
advance g pol-x1 ger-arm-2
end-phase g
attrition g china-1939-fall --target china --front asian --with jap-inf-1,jap-inf-2,jap-inf-3 \
  --with jap-inf-4,jap-inf-5,jap-inf-6,jap-inf-7,jap-inf-8,jap-inf-9 --die 4
losses g china-1939-fall chi-inf-1 chi-inf-2 chi-inf-3
end-phase g
end-phase g
build g ger-ca-3 --chart continue
build g ger-dd-7 --yard kiel --type dd --factors 1
build g ger-inf-4 --at EUR:L32
build g ger-arm-7 --at EUR:K32 --power germany --type armor --factors 4
build g ita-ca-3 --yard genoa --type ca --factors 2
build g ita-inf-7 --at EUR:X23 --power italy --type infantry --factors 2
end-phase g
redeploy g ger-arm-3 EUR:M28 --via EUR:L32
redeploy g ger-arm-4 EUR:K33
end-phase g
end-phase g
"""
"""The example's Fall 1939 Axis player turn, with the verbs alone (its supply determinations, oil and the Polish
surrender are not verbs: they are left out)."""


@pytest.fixture(scope="module")
def start_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store holding the example up to the start of the Axis player turn of Fall 1939 (physical dice)."""
    folder = tmp_path_factory.mktemp("table")
    head = folder / "head.jsonl"
    head.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:GAME_TURN_START]))
    db = folder / "start.db"
    result = CliRunner().invoke(cli, ["--db", str(db), "import", "g", str(head), "--no-audit"])
    assert result.exit_code == 0, result.output
    return db


@pytest.fixture
def awaw(start_db: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    db = tmp_path / "g.db"
    shutil.copy(start_db, db)
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--db", str(db), *args], input=input)

    return invoke


def play(awaw, script: str) -> list[Result]:  # type: ignore[no-untyped-def]
    results = []
    for line in script.strip().replace("\\\n", " ").splitlines():
        result = awaw(*shlex.split(line), "--yes")
        assert result.exit_code == 0, f"{line}\n{result.output}"
        results.append(result)
    return results


def test_a_turn_played_with_the_verbs_alone_audits_clean(awaw) -> None:  # type: ignore[no-untyped-def]
    results = play(awaw, AXIS_TURN)
    assert all("the audit finds nothing" in r.output for r in results)
    audited = awaw("audit", "g", "--from", str(GAME_TURN_START + 1), "--json")
    assert audited.exit_code == 0, audited.output
    report = json.loads(audited.output)
    assert report["clean"] is True
    assert report["events"] == 91
    state = json.loads(awaw("state", "g", "--view", "board", "--json").output)
    where = {u["id"]: u["location"] for u in state["board"]["units"].values()}
    assert where["ger-arm-2"] == "EUR:L37"  # Warsaw taken in exploitation
    assert "pol-inf-1" not in where and "chi-inf-3" not in where
    assert awaw("log", "g", "--turn", "1939-fall/allied").output.count("Phase started") == 1


def test_the_turn_reads_the_dice_as_the_example_does(awaw) -> None:  # type: ignore[no-untyped-def]
    results = play(awaw, AXIS_TURN)
    said = "\n".join(r.output for r in results)
    assert "pol-1 round 1: 23 against 8 is 2:1; die 6 (#2) reads D" in said
    assert "pol-2 round 1: 18 against 12 is 1:1; die 3 (#3) reads Ex" in said
    assert "pol-x1 round 1: 9 against 6 is 1:1; die 5 (#4) reads Ex-2" in said
    assert "china-1939-fall: die 4 (#5), modified 5, column 21-30: 3C 0H" in said


ATTACKERS = ("ger-arm-1", "ger-inf-1", "ger-inf-2", "ger-inf-3")


@pytest.mark.parametrize(
    ("attackers", "support", "dms", "column"),
    [
        (ATTACKERS, "ger-aaf-1,ger-aaf-2", ("low_ctl", "isolated"), "5:1"),
        (ATTACKERS[1:3], "ger-aaf-1,ger-aaf-2", ("low_ctl", "isolated"), "4:1"),
        (ATTACKERS, "", ("low_ctl", "isolated"), "3:1"),
        (ATTACKERS, "ger-aaf-1,ger-aaf-2", (), "2:1"),
        (ATTACKERS, "", ("rough",), "1:1"),
        # EUR:L34 holds no fortification: no fortress or fortification DM may be claimed there (32.31)
        (ATTACKERS[1:3], "", ("rough",), "1:2"),
        (ATTACKERS[:1], "", ("rough",), "1:3"),
        (ATTACKERS[1:2], "", ("rough",), "1:4"),
        (ATTACKERS[1:2], "", ("rough", "river"), "below_1:4"),
    ],
)
def test_awaw_attack_reads_the_crt_for_every_odds_column(awaw, attackers, support, dms, column: str) -> None:  # type: ignore[no-untyped-def]
    play(awaw, "\n".join(AXIS_TURN.strip().splitlines()[:9]))  # to the combat phase, the offensive paid
    face = 4
    args = ["attack", "g", "pol-x", "--on", "EUR:L34", "--with", ",".join(attackers), "--die", str(face)]
    args += ["--support", support] if support else []
    for dm in dms:
        args += ["--dm", dm]
    result = awaw(*args, "--yes", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    (resolved,) = [e["event"] for e in data["events"] if e["event"]["type"] == "combat_round_resolved"]
    assert resolved["odds"] == column
    if column == "below_1:4":
        assert resolved["result"] == "A" and "roll" not in resolved
    else:
        assert resolved["result"] == combat_rules.crt_result(column, face)  # type: ignore[arg-type]
        (rolled,) = [e["event"] for e in data["events"] if e["event"]["type"] == "dice_rolled"]
        assert rolled["dice"] == [face] and rolled.get("source", "physical") == "physical"
    assert not [f for f in data["findings"] if f["check"] in ("crt_result", "odds_column", "strengths")]


def test_dry_run_shows_and_writes_nothing(awaw) -> None:  # type: ignore[no-untyped-def]
    before = awaw("head", "g").output
    shown = awaw("end-phase", "g", "--dry-run")
    assert shown.exit_code == 0
    assert "would append 2 event(s):" in shown.output
    assert "Player turn started: the Axis player turn begins" in shown.output
    assert awaw("head", "g").output == before
    data = json.loads(awaw("end-phase", "g", "--dry-run", "--json").output)
    assert data["dry_run"] is True
    assert [e["event"]["type"] for e in data["events"]] == ["player_turn_started", "phase_started"]


def test_a_verb_asks_before_it_appends(awaw) -> None:  # type: ignore[no-untyped-def]
    before = awaw("head", "g").output
    declined = awaw("end-phase", "g", input="n\n")
    assert declined.exit_code == 1
    assert "Append these events? [Y/n]" in declined.output
    assert awaw("head", "g").output == before
    agreed = awaw("end-phase", "g", input="y\n")
    assert agreed.exit_code == 0
    assert "appended events 288 to 289 to g\n" in agreed.output


def test_a_physical_die_is_asked_for_after_the_declaration(awaw) -> None:  # type: ignore[no-untyped-def]
    play(awaw, "\n".join(AXIS_TURN.strip().splitlines()[:9]))
    result = awaw(
        "attack", "g", "pol-1", "--on", "EUR:L34", "--with", "ger-arm-1,ger-inf-1,ger-inf-2,ger-inf-3",
        "--support", "ger-aaf-1,ger-aaf-2", input="y\n6\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "then: 23 against 8, the 2:1 column; roll #2 and read the CRT (15.6)" in result.output
    assert "die for roll #2 (1-6): 6" in result.output
    assert "die 6 (#2) reads D" in result.output


def test_a_refusal_names_the_rule_and_writes_nothing(awaw) -> None:  # type: ignore[no-untyped-def]
    play(awaw, "\n".join(AXIS_TURN.strip().splitlines()[:5]))
    before = awaw("head", "g").output
    jump = awaw("move", "g", "ger-inf-7", "EUR:AA40", "--yes")
    assert jump.exit_code == 1
    assert jump.output == (
        "Error: ger-inf-7 steps from EUR:M28 to EUR:AA40, which are not adjacent (26 hexes apart): a unit moves hex "
        "by hex (10-16 extract 1.15); nothing was written\n"
    )
    foreign = awaw("move", "g", "pol-inf-7", "EUR:L38", "--as", "germany", "--yes", "--json")
    assert foreign.exit_code == 1
    assert json.loads(foreign.stdout) == {
        "refused": True,
        "rule": "13.4",
        "message": "pol-inf-7 belongs to britain (allied), but germany moves it and it moves in the axis player turn: "
        "a power moves its own units, and ground units move in their own player turn (13.11, 13.4)",
    }
    assert awaw("head", "g").output == before


def test_strict_refuses_what_the_audit_finds(awaw) -> None:  # type: ignore[no-untyped-def]
    """Ending the unit construction phase with a due ship undecided is no refusal of ``end-phase`` (the naval audit
    judges the charts when the next phase starts, 27.7272), but --strict writes nothing when the audit finds one."""
    lines = AXIS_TURN.strip().replace("\\\n", " ").splitlines()
    play(awaw, "\n".join(lines[: lines.index("build g ger-ca-3 --chart continue")]))
    before = awaw("head", "g").output
    costly = awaw("end-phase", "g", "--strict", "--yes")
    assert costly.exit_code == 1
    assert "27.7272" in costly.output
    assert awaw("head", "g").output == before
    kept = awaw("end-phase", "g", "--yes")
    assert kept.exit_code == 0
    assert "the audit finds 1 problem(s)" in kept.output


def test_a_price_the_rules_do_not_give_is_refused(awaw) -> None:  # type: ignore[no-untyped-def]
    """27.12: a declaration of war on a minor country costs 10 BRPs; ``awaw spend`` asks the same query as the audit
    and refuses 3, writing nothing."""
    play(awaw, "\n".join(AXIS_TURN.strip().splitlines()[:2]))
    before = awaw("head", "g").output
    costly = awaw("spend", "g", "germany", "war", "denmark", "--cost", "3", "--yes")
    assert costly.exit_code == 1
    assert "27.12" in costly.output and "costs 10" in costly.output
    assert awaw("head", "g").output == before


@pytest.mark.parametrize(
    ("prefix", "args"),
    [
        (9, ["move", "g", "ger-inf-7", "EUR:M29"]),
        (5, ["move", "g", "ger-inf-7", "EUR:M29"]),
        (9, ["attack", "g", "pol-9", "--on", "EUR:L34", "--with", "ger-arm-1", "--die", "1"]),
        (14, ["round", "g", "pol-2", "--die", "1"]),
        (12, ["losses", "g", "pol-1"]),
        (13, ["advance", "g", "pol-1", "ger-arm-1"]),
        (26, ["attrition", "g", "c-1", "--target", "china", "--front", "asian", "--with", "jap-inf-1", "--die", "2"]),
        (29, ["build", "g", "ger-inf-40", "--at", "EUR:L32", "--power", "germany", "--type", "infantry",
              "--factors", "3"]),
        (36, ["redeploy", "g", "ger-inf-2", "EUR:L32"]),
        (2, ["spend", "g", "germany", "war", "denmark"]),
        (0, ["end-phase", "g"]),
    ],
)  # fmt: skip
def test_every_verb_speaks_json(awaw, prefix: int, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Dry run or refusal, each verb prints one JSON document on standard output."""
    lines = AXIS_TURN.strip().replace("\\\n", " ").splitlines()
    play(awaw, "\n".join(lines[:prefix]))
    result = awaw(*args, "--dry-run", "--json")
    data = json.loads(result.stdout)
    if result.exit_code == 0:
        assert data["dry_run"] is True and data["events"], data
    else:
        assert data["refused"] is True and data["rule"], data


def test_a_seeded_die_is_rolled_only_once_the_player_agrees(awaw) -> None:  # type: ignore[no-untyped-def]
    assert awaw("reseed", "g").exit_code == 0
    play(awaw, "\n".join(AXIS_TURN.strip().splitlines()[:9]))
    before = awaw("head", "g").output
    args = ["attack", "g", "pol-1", "--on", "EUR:L34", "--with", "ger-arm-1,ger-inf-1", "--support", "ger-aaf-1"]
    declined = awaw(*args, input="n\n")
    assert declined.exit_code == 1
    assert "roll #2 and read the CRT" in declined.output
    assert "die " not in declined.output.split("Roll and append?")[0]  # nothing of the die is shown before
    assert awaw("head", "g").output == before
    agreed = awaw(*args, "--yes", "--json")
    assert agreed.exit_code == 0, agreed.output
    (rolled,) = [e["event"] for e in json.loads(agreed.stdout)["events"] if e["event"]["type"] == "dice_rolled"]
    assert rolled["source"] == "seeded" and rolled["roll"] == 2
    assert awaw("reveal", "g").exit_code == 0
    assert awaw("verify", "g").exit_code == 0  # the roll is the seed's


def test_a_game_that_moved_since_the_preview_is_not_appended(start_db: Path, tmp_path: Path) -> None:
    from awaw_events.errors import ConflictError
    from awaw_events.store import GameStore
    from replays.commands.phase import decide_end_phase
    from replays.commands.runner import commit, look
    from replays.recording import Recorded

    db = tmp_path / "g.db"
    shutil.copy(start_db, db)
    with GameStore(str(db)) as store:
        seen = look(store, "g")
        with pytest.raises(ConflictError, match="someone appended meanwhile, so nothing was written"):
            commit(store, "g", decide_end_phase, expected_count=seen.size - 1)
        assert store.count("g") == seen.size
        done = commit(store, "g", decide_end_phase, expected_count=seen.size)
        assert isinstance(done, Recorded)
        assert (done.first, done.last) == (seen.size + 1, seen.size + 2)
