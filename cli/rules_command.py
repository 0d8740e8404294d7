"""`rules GAME [TOPIC]`: a game's rules in our own words, from its reference file alone (no game's
rules are imported to print them)."""

from __future__ import annotations

import re
import textwrap
from typing import Annotated

import typer

from cli.base import Json, app
from cli.output import print_json, reports_errors, say, terminal_width
from domain.reference import Reference, Topic, reference_for

ITEM = re.compile(r"^(- |\d+\. )")


def wrapped(text: str, columns: int, indent: str = "") -> list[str]:
    """`text`'s paragraphs wrapped at words to `columns`; a list item (`- `, `1. `) hangs."""
    lines: list[str] = []
    for block in text.split("\n\n"):
        if lines:
            lines.append("")
        items: list[str] = []
        for line in block.splitlines():
            if ITEM.match(line) or not items:
                items.append(line.strip())
            else:
                items[-1] += " " + line.strip()
        for item in items:
            mark = ITEM.match(item)
            hang = " " * len(mark.group(1)) if mark else ""
            lines.extend(
                textwrap.wrap(
                    item.replace("`", ""),
                    columns,
                    initial_indent=indent,
                    subsequent_indent=indent + hang,
                    break_on_hyphens=False,
                )
            )
    return lines


def _print_topic(topic: Topic, columns: int) -> None:
    say(f"## {topic.name}")
    for line in wrapped(topic.text, columns):
        say(line)


def _topics_line(reference: Reference, columns: int) -> list[str]:
    return textwrap.wrap("topics: " + ", ".join(reference.names), columns, subsequent_indent="  ")


@app.command()
@reports_errors
def rules(
    game: Annotated[str, typer.Argument(help="The game's slug, as `games` lists it.")],
    topic: Annotated[
        str | None,
        typer.Argument(
            help="A topic (any letter case, or a unique prefix): a move kind, "
            "Setup, Round, End, Scoring, Options; none: the topics and the overview."
        ),
    ] = None,
    json: Json = False,
) -> None:
    """A game's rules in short: the round, each move kind, the end, scoring and the options."""
    reference = reference_for(game)
    shown = reference.topic(topic if topic is not None else reference.names[0])
    if json:
        data: dict[str, object] = {
            "game": reference.game,
            "topic": shown.name,
            "summary": shown.summary,
            "text": shown.text,
        }
        if topic is None:
            data["topics"] = list(reference.names)
        print_json(data)
        return
    columns = terminal_width()
    if topic is None:
        for line in _topics_line(reference, columns):
            say(line)
        say(f"one topic: starledger rules {reference.game} TOPIC")
        say("")
    _print_topic(shown, columns)
