"""``awaw replay --step``: walk a game interactively in a plain terminal, one key per command.

Keys: ``n`` (or space, enter) next step, ``p`` previous, ``t`` jump to a game turn, ``g`` go to an event number,
``v`` switch view (all, board, brp, oil, naval), ``e`` end, ``q`` quit, ``?`` help. Steps already seen are kept, so
going back is instant.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator

from awaw_events.gametime import parse_game_point, span_key, time_key
from replays.replay import Step, narrative
from replays.views import VIEWS

HELP = "[n]ext [p]revious [t]urn [g]o to event [v]iew [e]nd [q]uit [?]help"
_VIEW_CYCLE = ("all", *VIEWS)


def terminal_key() -> str:
    """One key from the terminal, without waiting for enter and without echo.

    Unlike ``click.getchar`` (which switches the terminal with TCSAFLUSH and so drops keys typed ahead), this keeps
    type-ahead: keys pressed while a step is being printed are not lost.
    """
    import termios
    import tty

    fd = sys.stdin.fileno()
    old = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd, termios.TCSANOW)
        return os.read(fd, 1).decode(errors="replace")
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, old)


class Stepper:
    """The interactive loop, with its input and output injected (a terminal in the CLI, lists in tests)."""

    def __init__(
        self,
        steps: Iterator[Step],
        read_key: Callable[[], str],
        prompt: Callable[[str], str],
        echo: Callable[[str], None],
        width: int | None = None,
    ) -> None:
        self._source = steps
        self._seen: list[Step] = []
        self._done = False
        self.position = -1
        self.view = "all"
        self.read_key = read_key
        self.prompt = prompt
        self.echo = echo
        self.width = width
        """The terminal's width: each line is wrapped to it (None: not wrapped)."""

    def _fetch(self, index: int) -> Step | None:
        while len(self._seen) <= index and not self._done:
            step = next(self._source, None)
            if step is None:
                self._done = True
            else:
                self._seen.append(step)
        return self._seen[index] if index < len(self._seen) else None

    def show(self) -> None:
        step = self._seen[self.position]
        shown = (
            step
            if self.view == "all"
            else step._replace(changes={k: v for k, v in step.changes.items() if k == self.view})
        )
        for line in narrative(shown, self.width):
            self.echo(line)
        self.echo(f"-- step {self.position + 1}, view {self.view}: {HELP} --")

    def forward(self, count: int = 1) -> bool:
        step = self._fetch(self.position + count)
        if step is None:
            self.echo(f"-- end of the game ({len(self._seen)} steps) --")
            return False
        self.position += count
        self.show()
        return True

    def run(self) -> None:
        self.echo(f"replay: {HELP}")
        self.forward()
        while True:
            key = self.read_key()
            if key in ("q", "\x03", "\x04"):
                return
            if key in ("n", " ", "\r", "\n"):
                self.forward()
            elif key == "p":
                if self.position > 0:
                    self.position -= 1
                    self.show()
                else:
                    self.echo("-- at the first step --")
            elif key == "e":
                while self._fetch(len(self._seen)) is not None:
                    pass
                self.position = len(self._seen) - 1
                self.show()
                self.echo(f"-- end of the game ({len(self._seen)} steps) --")
            elif key == "v":
                self.view = _VIEW_CYCLE[(_VIEW_CYCLE.index(self.view) + 1) % len(_VIEW_CYCLE)]
                self.echo(f"-- view: {self.view} --")
                self.show()
            elif key == "t":
                self._jump_to_turn(self.prompt("game turn (e.g. 1940-spring/axis): "))
            elif key == "g":
                self._jump_to_event(self.prompt("event number: "))
            elif key == "?":
                self.echo(HELP)

    def _jump_to_turn(self, text: str) -> None:
        try:
            point = parse_game_point(text)
        except ValueError as exc:
            self.echo(f"-- {exc} --")
            return
        target = span_key(*point)
        index = 0
        while (step := self._fetch(index)) is not None:
            if tuple(time_key(step.records[-1].event))[: len(target)] >= target:
                self.position = index
                self.show()
                return
            index += 1
        self.echo(f"-- {text} is after the end of the game --")

    def _jump_to_event(self, text: str) -> None:
        if not text.strip().isdigit():
            self.echo(f"-- not an event number: {text!r} --")
            return
        seq = int(text)
        index = 0
        while (step := self._fetch(index)) is not None:
            if step.records[-1].seq >= seq:
                self.position = index
                self.show()
                return
            index += 1
        self.echo(f"-- event {seq} is after the end of the game --")
