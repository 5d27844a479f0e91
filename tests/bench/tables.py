"""Reading the markdown tables the benches print."""

from __future__ import annotations


def table_rows(output: str) -> dict[str, list[str]]:
    """Each body row of the printed tables: its first cell → the other cells."""
    return {
        line.split("|")[1].strip(): [cell.strip() for cell in line.split("|")[2:-1]]
        for line in output.splitlines()
        if line.startswith("| ") and not line.startswith("| figure")
    }
