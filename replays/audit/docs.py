"""Generate ``docs/audit-checks.md`` from the registered checks: ``python -m replays.audit.docs``."""

from __future__ import annotations

from pathlib import Path

from replays import generate
from replays.audit.catalogue import iter_checks_markdown


def checks_markdown() -> str:
    return "\n".join(iter_checks_markdown()).rstrip() + "\n"


def main() -> None:
    generate.write(checks_markdown, default=Path("docs/audit-checks.md"), what="the catalogue of audit checks")


if __name__ == "__main__":
    main()
