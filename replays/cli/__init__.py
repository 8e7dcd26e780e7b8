"""``awaw``: record, import, export, show, verify, branch and audit A World at War game logs.

The CLI only parses, calls one library function and formats (STYLE 10). Domain errors become ``Error: ...`` with
exit code 1. Commands live in modules by topic and are imported only when they run, so ``awaw --help`` and shell
completion stay quick (:class:`replays.cli.common.LazyGroup`).
"""

from __future__ import annotations

import click

from replays.cli.common import Context, LazyGroup, db_option, keys_option

COMMANDS: dict[str, tuple[str, str]] = {
    # writing the log
    "new": (
        "replays.cli.writing:new",
        "Start GAME: record its rule set, options and dice commitment in its first event.",
    ),
    "import": (
        "replays.cli.writing:import_",
        "Append the events of FILE (JSON Lines or YAML, - for standard input) to GAME, all or nothing.",
    ),
    "insert": (
        "replays.cli.writing:insert",
        "Insert the events of FILE into GAME at their own game time, keeping every event's number.",
    ),
    "record": ("replays.cli.writing:record", "Append one event of TYPE to GAME, typed as FIELD=VALUE words."),
    "roll": ("replays.cli.writing:roll_", "Roll dice for GAME from its committed secret seed, and record the roll."),
    "reveal": (
        "replays.cli.writing:reveal_",
        "Publish GAME's secret dice seed, so that anyone holding the log can check every seeded roll.",
    ),
    "setup": (
        "replays.cli.setups:setup",
        "Write the position of GAME at a point as a set-up file, for `awaw new GAME --setup FILE`.",
    ),
    "rule": (
        "replays.cli.rulings:rule",
        "Write a ruling on GAME: it voids EVENTs (--replace: with replacement events), and show the turn's audit.",
    ),
    "reseed": (
        "replays.cli.trust:reseed",
        "Commit a new secret dice seed for GAME's next rolls (after a reveal, or for a game without one).",
    ),
    # at the table: decide, show, append
    "move": (
        "replays.cli.table:move",
        "Move UNIT of GAME through the hexes HEX... it enters, in the movement or exploitation phase.",
    ),
    "attack": (
        "replays.cli.table:attack",
        "Declare ATTACK on a hex of GAME, roll, and read the CRT: the declaration, the roll and the first round.",
    ),
    "round": (
        "replays.cli.table:round_",
        "Fight the next round of ATTACK in GAME: roll and read the CRT (+1 to the die per round before, 15.75).",
    ),
    "losses": (
        "replays.cli.table:losses",
        "Record the losses of the last round of ATTACK (or of an ATTRITION) in GAME, and remove the units lost.",
    ),
    "advance": (
        "replays.cli.table:advance",
        "End ATTACK in GAME and advance UNIT... into the emptied hex (or occupy an ATTRITION's hexes with UNIT=HEX).",
    ),
    "attrition": (
        "replays.cli.table:attrition",
        "Declare ATTRITION on a front of GAME, roll, and read the Attrition Table (14.41-14.44).",
    ),
    "build": (
        "replays.cli.table:build",
        "Build UNIT in GAME (a new counter, or an eliminated one rebuilt), at the cost 27.11-27.14 give.",
    ),
    "redeploy": ("replays.cli.table:redeploy", "Redeploy UNIT of GAME to HEX in the redeployment phase (28)."),
    "spend": (
        "replays.cli.table:spend",
        "POWER spends BRPs in GAME on an offensive, a declaration of war on TARGET, or a grant to TARGET (27.12).",
    ),
    "weather": (
        "replays.cli.table:weather",
        "Determine the weather of every zone of GAME this game turn, rolling the Winter Table (34.1-34.41).",
    ),
    "fortify": (
        "replays.cli.world:fortify",
        "POWER builds a fortification (beach defenses, an island group, a port) in HEX of GAME, at the 32.12 price.",
    ),
    "supply": (
        "replays.cli.world:supply",
        "Determine the supply of FACTION's units and hexes in GAME (30.4), as traced on the map data or as given.",
    ),
    "invade": (
        "replays.cli.world:invade",
        "Declare a seaborne invasion ATTACK of GAME from a sea hex, roll, and read the CRT (15.32B, 15.51, 15.55).",
    ),
    "oil-produce": (
        "replays.cli.world:oil_produce",
        "FACTION produces AMOUNT fifths of oil at SOURCE in GAME, into its reserve (33.2, 33.41, 33.4521).",
    ),
    "oil-spend": (
        "replays.cli.world:oil_spend",
        "FACTION spends oil in GAME for PURPOSE, at the rules' cost for the QUANTITY it pays for (33.5-33.8).",
    ),
    "overrun": (
        "replays.cli.world:overrun",
        "Overrun a hex of GAME with one or two armor units as they move: 6:1 or better eliminates its defenders.",
    ),
    "bridgehead": (
        "replays.cli.world:bridgehead",
        "Place the bridgehead of ATTACK in GAME, where its first unit advanced (31.12, 31.22, 31.23, 31.32).",
    ),
    "play": (
        "replays.cli.play:play",
        "Stage GAME's player turn as a draft beside the log, at a prompt: decide, undo, show, then commit it whole.",
    ),
    "odds": (
        "replays.cli.odds:odds",
        "The exact chances of an attack's end states over all its rounds, or of an attrition's results.",
    ),
    "end-phase": (
        "replays.cli.table:end_phase",
        "End the current phase of GAME and begin the next one of the sequence of play.",
    ),
    # trust between players
    "keygen": (
        "replays.cli.trust:keygen",
        "Make an Ed25519 signing key for PLAYER in your keys directory and print its public key.",
    ),
    "sign": (
        "replays.cli.trust:sign",
        "Sign the head of GAME as a player (a handoff_signed event) before handing the log over.",
    ),
    "pin": (
        "replays.cli.trust:pin",
        "Register PLAYER's public key in GAME, vouched for by you (the game's creator, or a player with a key).",
    ),
    "contribute": (
        "replays.cli.trust:contribute",
        "Publish your contributions to GAME's next shared-dice rolls, so the other players can roll them.",
    ),
    "send": (
        "replays.cli.handoff:send",
        "Sign GAME's head and write the new events, the head and the signature as one hand-off file.",
    ),
    "receive": (
        "replays.cli.handoff:receive",
        "Import a hand-off FILE: verify its signature, append and audit its events, show what changed; or nothing.",
    ),
    # reading and checking the log
    "log": ("replays.cli.reading:log_", "Show the events of GAME: a table, or JSON lines with --json."),
    "export": (
        "replays.cli.reading:export",
        "Write every event of GAME as JSON Lines or YAML (import reads it back identically).",
    ),
    "games": ("replays.cli.reading:games", "List the games in the store and their timelines."),
    "verify": (
        "replays.cli.reading:verify",
        "Check GAME: its hash chain (no stored event changed, removed or moved) and every die roll.",
    ),
    "head": (
        "replays.cli.reading:head",
        "Print the hash of GAME's last event and the event count: what to send with a play-by-e-mail hand-off.",
    ),
    "schema": ("replays.cli.reading:schema", "Print the JSON Schema of every event type (the tagged union)."),
    # the state
    "state": (
        "replays.cli.viewing:state",
        "Show the state of GAME at any point: board, BRP ledgers, oil reserves, naval construction charts.",
    ),
    "snapshot": (
        "replays.cli.viewing:snapshot",
        "Fold GAME once and store projection snapshots, so the state at any point comes back fast.",
    ),
    "materialize": (
        "replays.cli.viewing:materialize",
        "Write GAME's projections and what happened (moves, attacks, rounds, rolls, builds) as SQLite tables.",
    ),
    "replay": (
        "replays.cli.viewing:replay",
        "Walk GAME event by event (or phase by phase), showing what each step changed in each projection.",
    ),
    # timelines
    "branch": (
        "replays.cli.timelines:branch_",
        "Create the what-if timeline GAME/NAME, sharing GAME's events up to --at without copying them.",
    ),
    "promote": (
        "replays.cli.timelines:promote",
        "Make BRANCH its game's main line; the old main line stays as a branch.",
    ),
    "prune": ("replays.cli.timelines:prune", "Delete BRANCH, if nothing forks from it (main lines are never deleted)."),
    "diff": (
        "replays.cli.timelines:diff_",
        "Compare timelines A and B: where they part, what each has that the other lacks, and how their states differ.",
    ),
    "bookmark": (
        "replays.cli.timelines:bookmark",
        'Bookmark a point of GAME by NAME ("Barbarossa begins"); any --at, --from or --to accepts the name.',
    ),
    "note": (
        "replays.cli.timelines:note",
        "Annotate EVENT of GAME with TEXT (the note is an event itself; the annotated event is unchanged).",
    ),
    # pictures and reports
    "board": (
        "replays.cli.reporting:board",
        "Draw the board of GAME at a point: every unit in its hex, hex control, bridgeheads and fortifications.",
    ),
    "plot": (
        "replays.cli.reporting:plot",
        "Draw a chart of GAME: BRPs, oil reserves, ships on the naval charts or factors lost, by turn.",
    ),
    "report": (
        "replays.cli.reporting:report",
        "Write a self-contained HTML report of GAME: turns, timeline, charts, ledgers, branches and audit findings.",
    ),
    # map data
    "map": (
        "replays.cli.maps:map_",
        "Make map data from your own map image, and check it: calibrate, sample, edit.",
    ),
    # stores
    "copy": (
        "replays.cli.stores:copy",
        "Copy games with all their timelines from SRC_STORE to DST_STORE (SQLite files or postgresql:// addresses).",
    ),
    "orphans": (
        "replays.cli.stores:orphans",
        "List the stored rows that no timeline reaches (and remove them with --delete).",
    ),
    # the rules
    "audit": (
        "replays.cli.auditing:audit",
        "Audit GAME against the rules: every discrepancy between what was recorded and what the rules give.",
    ),
}
"""Every command: its name, where it lives (``module:function``) and its one-line help (shown by ``awaw --help``
without importing the command; a test keeps it equal to the command's own)."""


@click.group(cls=LazyGroup, commands_at=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="awaw-events")
@db_option
@keys_option
@click.pass_context
def cli(ctx: click.Context) -> None:
    """Event-sourced game logs for A World at War and Advanced Third Reich.

    Every player action and die roll is an immutable event; the state of the game at any point is rebuilt from
    them, and the log can be verified, branched and audited against the rules.
    """
    ctx.ensure_object(Context)


__all__ = ["COMMANDS", "cli"]
