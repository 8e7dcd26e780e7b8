"""``awaw play GAME``: the player turn staged as a draft beside the log, one line per action, at a prompt with
completion (``m ger-arm-3 K36``, ``a L34 from K34 arm-1 +aaf-1``, ``u``, ``show``, ``commit``), or the same lines
given as arguments or on standard input for scripts."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

import click

from replays.cli.common import Context, command, domain_errors, json_option, pass_context

if TYPE_CHECKING:
    from prompt_toolkit.completion import CompleteEvent, Completion
    from prompt_toolkit.document import Document

    from awaw_events.events import AnyEvent
    from replays.commands.base import Refusal
    from replays.play.session import Session
    from replays.play.verbs import Verb

WIDTH = 79


def _event_line(seq: int, event: AnyEvent) -> str:
    from replays.eventwords import describe

    text = f"  {seq:>5}  {describe(event)}"
    return text if len(text) <= WIDTH else text[: WIDTH - 3] + "..."


SEQUENCE = frozenset({"phase_started", "player_turn_started", "player_turn_ended", "game_turn_started",
                      "game_turn_ended"})  # fmt: skip
"""The events of the sequence of play, shown as one line where the verb ended phases to reach its own."""


def _event_lines(first: int, events: list[AnyEvent]) -> list[str]:
    from awaw_events.codec import tag_of

    lines: list[str] = []
    run: list[int] = []
    for i, event in enumerate(events):
        if tag_of(event) in SEQUENCE or getattr(event, "cause", None) == "end_of_player_turn":
            run.append(first + i)
            continue
        if run:
            lines.append(_sequence(run, events[run[-1] - first]))
            run = []
        lines.append(_event_line(first + i, event))
    if run:
        lines.append(_sequence(run, events[run[-1] - first]))
    return lines


def _sequence(seqs: list[int], last: AnyEvent) -> str:
    span = f"{seqs[0]}" if len(seqs) == 1 else f"{seqs[0]}-{seqs[-1]}"
    phase = (last.phase or "").replace("_", " ")
    side = f"{last.side} " if last.side else ""
    return f"  {span:>5}  the sequence of play: to the {side}{phase} phase".rstrip()


class Table:
    """One player's prompt over a :class:`~replays.play.session.Session`: reads a line, stages, asks, commits."""

    def __init__(self, session: Session, *, interactive: bool, as_json: bool) -> None:
        self.session, self.interactive, self.as_json = session, interactive, as_json
        self.failed = False

    # -- output ------------------------------------------------------------------------------------------------

    def say(self, text: str = "", **data: Any) -> None:
        if self.as_json:
            from replays import formatting

            if data:
                formatting.print_json_lines([data])
            return
        click.echo(text)

    def refused(self, refusal: Refusal) -> None:
        self.failed = not self.interactive
        self.say(f"refused: {refusal}", refused=True, rule=refusal.rule, message=refusal.message)

    def where(self) -> str:
        clock = self.session.position().state.clock
        parts = [f"{clock.season} {clock.year}", clock.side or "", (clock.phase or "").replace("_", " ")]
        return " ".join(p for p in parts if p)

    # -- one line ------------------------------------------------------------------------------------------------

    def do(self, text: str) -> bool:
        """Run one line; False to stop."""
        from replays.commands.base import Refusal
        from replays.play.verbs import VERBS, Said

        read = self.session.read(text)
        if isinstance(read, Refusal):
            self.refused(read)
            return True
        if isinstance(read, Said):
            return self.said(read, VERBS)
        self.stage(read)
        return True

    def said(self, said: Any, verbs: dict[str, str]) -> bool:
        from replays.commands.base import Refusal

        name, args = said.name, said.args
        if name == "":
            return True
        if name == "q":
            return False
        if name in ("?", "help"):
            for words in verbs.values():
                self.say(f"  {words}")
            return True
        if name == "u":
            undone = self.session.undo()
            if isinstance(undone, Refusal):
                self.refused(undone)
            else:
                self.say(f"undone: {undone}", undone=undone)
            return True
        if name == "reach":
            self.reach(args[0])
            return True
        if name == "show":
            self.show(args)
            return True
        if name == "commit":
            self.commit()
            return True
        if name == "roll":
            face = int(args[0]) if args and args[0].isdigit() else None
            self.roll(face)
            return True
        self.refused(Refusal("input", f"{name!r} stages nothing here"))
        return True

    def stage(self, verb: Verb) -> None:
        from replays.commands.base import Refusal

        staged = self.session.stage(verb)
        if isinstance(staged, Refusal):
            self.refused(staged)
            return
        report: Any = staged.report
        self.say(f"staged: {verb.line}", staged=verb.line, events=len(staged.events))
        for text in _event_lines(staged.first, staged.events):
            self.say(text)
        if report.findings:
            self.say(f"the audit would find {len(report.findings)} problem(s):")
            for f in report.findings:
                self.say(f"  {f.rule}: {f.message}"[:WIDTH])
        if verb.rolls is not None:
            self.odds(staged.events)
            if self.interactive:
                self.ask_roll()
        elif verb.name == "end" and self.interactive and click.confirm("commit the player turn?", default=True):
            self.commit()

    def odds(self, events: list[AnyEvent]) -> None:
        from replays.play.odds import preview_lines

        for text in preview_lines(self.session.position(), events):
            self.say(text)
        self.say(f"then roll #{self.session.next_roll()} (roll; u to undo)")

    def ask_roll(self) -> None:
        if self.session.seeded():
            answer = click.prompt(f"roll #{self.session.next_roll()}? [Y/u]", default="y", show_default=False)
            if answer.strip().lower().startswith("u"):
                self.do("u")
                return
            self.roll(None)
            return
        while True:
            answer = click.prompt(f"die for roll #{self.session.next_roll()} (1-6, u: undo)")
            if answer.strip().lower().startswith("u"):
                self.do("u")
                return
            if answer.strip() in {"1", "2", "3", "4", "5", "6"}:
                self.roll(int(answer))
                return

    def roll(self, face: int | None) -> None:
        from replays.commands.base import Refusal

        if self.session.awaiting_roll() is None:
            self.refused(Refusal("15.6", "nothing staged waits for a die"))
            return
        if face is None and not self.session.seeded():
            self.refused(Refusal("15.6", "a game of physical dice: give the die (roll 6)"))
            return
        with domain_errors():
            die = self.session.die(face)
        self.commit(die)
        if self.interactive:
            self.ask_after_combat()

    def ask_after_combat(self) -> None:
        """What an attack needs before its phase can end: its losses, then the advance (15.61, 15.9)."""
        from replays.play.verbs import open_attacks, pending_losses

        for _ in range(6):
            pos = self.session.position()
            attacks = open_attacks(pos)
            if not attacks:
                return
            attack = attacks[-1]
            side = pending_losses(pos, attack)
            if side is not None:
                answer = click.prompt(f"losses of the {side} in {attack} (UNIT...; Enter: everything)", default="",
                                      show_default=False)  # fmt: skip
                self.do(f"l {attack} side={side} {answer}")
                continue
            where = pos.state.combat.attacks[attack].declared.defender_hexes[0]
            answer = click.prompt(f"advance into {where} (UNIT... [bt]; Enter: none)", default="", show_default=False)
            self.do(f"adv {attack} {answer}")

    def commit(self, die: Any = None) -> None:
        from replays import formatting
        from replays.commands.base import Refusal
        from replays.play.session import Stale

        with domain_errors():
            done = self.session.commit(die)
        if isinstance(done, Refusal):
            self.refused(done)
            return
        if isinstance(done, Stale):
            self.failed = not self.interactive
            self.say(
                f"the log moved since the draft (events {done.moved_from + 1} to {done.moved_to}): nothing was "
                "written; no longer allowed:",
                stale=True,
                refused=[{"line": line, "rule": r.rule, "message": r.message} for line, r in done.refused],
            )
            for line, refusal in done.refused:
                self.say(f"  {line}: {refusal}"[:WIDTH])
            return
        from replays.cli.shown import outcomes

        self.say(f"appended events {done.first} to {done.last}", first=done.first, last=done.last)
        for text in outcomes(done.records):
            self.say(text)
        if not self.as_json:
            formatting.print_recorded(formatting.console(), self.session.timeline, done)

    def reach(self, unit: str) -> None:
        from replays.commands.base import Refusal
        from replays.commands.move import reach

        found = reach(self.session.position(), unit)
        if isinstance(found, Refusal):
            self.refused(found)
            return
        hexes = [f"{r.hex} {r.cost}{'' if r.exact else '+'}" for r in found.answer]
        self.say(f"{unit} can reach (hex MF): " + (", ".join(hexes) or "nothing"), reachable=hexes)

    def show(self, args: tuple[str, ...]) -> None:
        from replays import formatting, views

        name = args[0] if args else "board"
        if name == "draft":
            for line in self.session.lines():
                self.say(f"  {line}")
            return
        state = self.session.position().state
        if self.as_json:
            formatting.print_json(views.data(state, name))
            return
        out = formatting.console()
        for part in views.render(state, name):
            out.print(part)

    # -- the loop ------------------------------------------------------------------------------------------------

    def run(self, lines: Iterable[str]) -> None:
        for text in lines:
            if not self.as_json and not self.interactive:
                click.echo(f"> {text}")
            if not self.do(text.strip()):
                return

    def prompt(self) -> None:
        from prompt_toolkit import PromptSession

        typed: PromptSession[str] = PromptSession(completer=Completer(self.session), complete_while_typing=False)
        while True:
            try:
                text = typed.prompt(f"{self.session.timeline} {self.where()}> ")
            except (EOFError, KeyboardInterrupt):
                return
            if not self.do(text.strip()):
                return


def Completer(session: Session) -> Any:
    """Completion of the verbs, then of unit ids, hexes (ids and the map data's names), powers and fronts."""
    from prompt_toolkit.completion import Completer as Base
    from prompt_toolkit.completion import Completion

    from replays.play.words import completions

    class Words(Base):
        def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
            before = document.text_before_cursor
            word = before.split(" ")[-1]
            for found in completions(session.position(), before):
                yield Completion(found, start_position=-len(word))

    return Words()


@command()
@click.argument("game")
@click.argument("lines", nargs=-1, metavar="[LINE]...")
@click.option("--as", "power", metavar="POWER", help="The power you play: short unit ids are its units first.")
@click.option("--drop", is_flag=True, help="Forget the staged turn first.")
@json_option
@pass_context
def play(obj: Context, game: str, lines: tuple[str, ...], power: str | None, drop: bool, as_json: bool) -> None:
    """The draft is kept in your keys directory (never in the store), survives a killed process and is appended by
    commit in one transaction, decided again if the log has moved. Each LINE is one action; with none, a prompt
    (Tab completes; ? lists the verbs), or the lines of standard input when it is not a terminal.

    \b
    Example:
      awaw play club
      awaw play club "m ger-inf-3 M34" "a L34 from K34 M34 arm-1" "roll 6"
    """
    from awaw_events import drafts
    from awaw_events.vocab import POWERS
    from replays.play.session import Session

    interactive = not lines and sys.stdin.isatty()
    with domain_errors(), obj.store() as store:
        ring = obj.keys()
        if power is not None and power not in POWERS:
            raise click.BadParameter(f"{power!r} is not a major power ({', '.join(POWERS)})", param_hint="--as")
        session = Session(store, ring, game, power)
        with drafts.hold(ring, session.game, game):
            table = Table(session, interactive=interactive, as_json=as_json)
            if drop:
                session.drop()
            if session.moved() and session.draft.actions:
                stale = session.redecide()
                table.say(
                    "the log moved since the draft: "
                    + ("decided again on it" if stale is None else f"{len(stale.refused)} action(s) no longer hold")
                )
            if session.draft.actions and not as_json:
                table.say(f"the draft of {game} holds {len(session.draft.actions)} staged action(s): show draft")
            if interactive:
                table.prompt()
            else:
                table.run(lines if lines else (text.rstrip("\n") for text in sys.stdin))
    if table.failed:
        sys.exit(1)
