"""What the views share: rendering plain data for people."""

from __future__ import annotations

from typing import Any

import msgspec
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text


def _cell(value: Any) -> str:
    """A value in a table cell: lists joined with commas, maps as ``key: value`` pairs, nested JSON beyond that."""
    if isinstance(value, list):
        return ", ".join(_cell(v) if not isinstance(v, dict | list) else msgspec.json.encode(v).decode() for v in value)
    if isinstance(value, dict):
        return "; ".join(
            f"{k}: {_cell(v) if not isinstance(v, dict) else msgspec.json.encode(v).decode()}" for k, v in value.items()
        )
    return "" if value is None else str(value)


def print_view(out: Console, name: str, data: dict[str, Any]) -> None:
    """Render one projection's summary generically: maps of records as tables, maps of values as two columns."""
    out.print(f"\n[bold]{name}[/bold]")
    for key, value in data.items():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            columns: list[str] = []
            for row in value.values():
                columns += [c for c in row if c not in columns]
            if len(columns) > 10 and len(value) > 8:
                # many fields and many records (charts, ships): one block of ``field: value`` per record
                out.print(Text(key))
                for row_key, row in value.items():
                    fields = ", ".join(f"{c}: {_cell(v)}" for c, v in row.items() if v not in (None, "", [], {}))
                    out.print(Text(f"  {row_key}: {fields}"))
                continue
            if len(columns) > 8 and len(value) <= 8:
                # many fields, few records (the ledger per power): one column per record reads better
                table = Table(title=key, box=box.SIMPLE_HEAD, title_justify="left")
                table.add_column("", no_wrap=True)
                for row_key in value:
                    table.add_column(str(row_key), justify="right", no_wrap=True)
                for column in columns:
                    table.add_row(column, *(Text(_cell(row.get(column))) for row in value.values()))
                out.print(table)
                continue
            table = Table(title=key, box=box.SIMPLE_HEAD, title_justify="left")
            table.add_column("", no_wrap=True)
            for column in columns:
                table.add_column(column, overflow="fold")
            for row_key, row in value.items():
                table.add_row(str(row_key), *(Text(_cell(row.get(c))) for c in columns))
            out.print(table)
        elif isinstance(value, dict):
            if not value:
                out.print(f"{key}: none")
                continue
            table = Table(title=key, box=box.SIMPLE_HEAD, title_justify="left", show_header=False)
            table.add_column("", no_wrap=True)
            table.add_column("")
            for row_key, row in value.items():
                table.add_row(str(row_key), Text(_cell(row)))
            out.print(table)
        elif isinstance(value, list):
            out.print(Text(f"{key}: " + (", ".join(_cell(v) for v in value) if value else "none")))
        else:
            out.print(Text(f"{key}: {_cell(value)}"))
