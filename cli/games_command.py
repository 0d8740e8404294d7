"""`games`: what can be played, from the catalogue alone (no game's rules are imported)."""

from __future__ import annotations

from typing import Any

from cli.base import Json, app
from cli.output import print_json, reports_errors, table
from domain.registry import catalogue


@app.command()
@reports_errors
def games(json: Json = False) -> None:
    """The games, their player counts and option names."""
    rows: list[dict[str, Any]] = [
        {
            "slug": info.slug,
            "name": info.name,
            "seats": f"{info.min_seats}-{info.max_seats}",
            "options": info.option_help,
            "defaults": info.defaults,
        }
        for info in catalogue()  # no game's rules are imported to list them
    ]
    if json:
        print_json(rows)
        return
    table(
        "Games",
        ["game", "name", "seats", "options (default)"],
        [
            [r["slug"], r["name"], r["seats"],
             ", ".join(f"{k}={v}" for k, v in r["defaults"].items())]
            for r in rows
        ],
    )  # fmt: skip
