"""What every board test does with a recorded replay and a drawing: read the replay once, take
a viewer's view of a match, and parse a drawing as SVG with an accessible label."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

from domain.match import Match
from records.replays import parse

SVG = "{http://www.w3.org/2000/svg}svg"


@cache
def lines_of(path: Path) -> list[dict[str, Any]]:
    return parse(path.read_bytes())


def last_version(path: Path) -> int:
    return len(lines_of(path)) - 2  # the header and the end line are no events


def view_of(match: Match, seat: int | None) -> Any:
    """The typed view a board draws from, as `server/pictures.py` hands it over."""
    return match.rules.view(match.state, seat)


def parsed(drawn: object) -> ET.Element:
    """The drawing as an SVG element tree; it must be SVG and say what it shows."""
    root = ET.fromstring(str(drawn))
    assert root.tag == SVG
    assert root.get("aria-label")
    return root
