"""The map workshop's figures (the round trip's recovery, the calibration's worst hex, the memory peaks) printed at
the end of every run, so that CI's log shows them without ``-s``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

FIGURES: list[str] = []


@pytest.fixture
def figure() -> Callable[[str], None]:
    """Record a line for the summary (and print it, for ``-s``)."""

    def record(line: str) -> None:
        print(f"\n{line}")
        FIGURES.append(line)

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if FIGURES:
        terminalreporter.section("map workshop figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
