"""`games`: what can be played, from the catalogue alone (no game's rules are imported)."""

from __future__ import annotations

import shutil
import textwrap
from typing import Any

import msgspec

from cli.base import Json, app
from cli.output import print_json, reports_errors, say
from domain.registry import catalogue


@app.command()
@reports_errors
def games(json: Json = False) -> None:
    """The games: seat counts, what each is, and every option with its default and meaning
    (wrapped at words to the terminal)."""
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
    width = max(40, min(shutil.get_terminal_size((100, 24)).columns, 120))
    for info in catalogue():
        say(f"{info.slug} — {info.name}, {info.min_seats}-{info.max_seats} seats")
        for line in textwrap.wrap(info.description, width - 2):
            say(f"  {line}")
        if info.options:
            say("  options (--option NAME=VALUE; the default first):")
        for option in info.options:
            default = msgspec.json.encode(option.default).decode().strip('"')
            line = f"{option.name}={default}" + (f": {option.help}" if option.help else "")
            for part in textwrap.wrap(
                line, width, initial_indent="    ", subsequent_indent="        ",
                break_on_hyphens=False,
            ):  # fmt: skip
                say(part)
        say("")
