"""Generate ``docs/audit-checks.md`` from the registered checks: ``python -m replays.audit.docs``."""

from __future__ import annotations

import sys
from pathlib import Path

from replays.audit.catalogue import iter_checks_markdown


def checks_markdown() -> str:
    return "\n".join(iter_checks_markdown()).rstrip() + "\n"


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/audit-checks.md")
    target.write_text(checks_markdown(), encoding="utf-8")


if __name__ == "__main__":
    main()
