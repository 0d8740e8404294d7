"""A tiny SVG builder: elements whose every attribute and text is escaped when written.

    from server.boards.svg import el, svg
    picture = svg(400, 300, el("circle", cx=10, cy=10, r=5, fill="gold", title="the Sun"),
                  label="the solar system")
    str(picture)  # '<svg xmlns=... role="img" aria-label="the solar system" ...>...</svg>'

Attribute names are written with `_` as `-` (`stroke_width` -> `stroke-width`); a trailing `_`
is dropped (`class_` -> `class`). A `title=` keyword adds a <title> child (a tooltip and an
accessible name). Nothing a game or a seat named can break out of its attribute or element:
names come from seats, so this is a boundary.
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

Child = "Element | str | int | float | None"

SEAT_COLOURS: tuple[str, ...] = (
    "#d1495b",  # red
    "#2e86ab",  # blue
    "#edae49",  # yellow
    "#3c9d5d",  # green
    "#8e6bbf",  # purple
    "#e07a1f",  # orange
)
"""The colour of seat i is SEAT_COLOURS[i]: the same on every board and in the score chart."""

INK = "#1d2333"
PAPER = "#f7f4ec"
MUTED = "#6b7280"


def seat_colour(index: int) -> str:
    return SEAT_COLOURS[index % len(SEAT_COLOURS)]


class Element:
    """An element with attributes and children; `str()` writes it escaped."""

    __slots__ = ("attrs", "children", "tag")

    def __init__(self, tag: str, *children: object, **attrs: object) -> None:
        self.tag = tag
        title = attrs.pop("title", None)
        self.attrs = {_name(key): value for key, value in attrs.items() if value is not None}
        self.children: list[object] = []
        if title is not None:
            self.children.append(Element("title", str(title)))
        self.add(*children)

    def add(self, *children: object) -> Element:
        for child in children:
            if child is None:
                continue
            if isinstance(child, Element | str | int | float):
                self.children.append(child)
            elif isinstance(child, Iterable):
                self.add(*child)
            else:
                raise TypeError(f"cannot draw a {type(child).__name__}")
        return self

    def __str__(self) -> str:
        attrs = "".join(f" {key}={_quoted(_value(value))}" for key, value in self.attrs.items())
        if not self.children:
            return f"<{self.tag}{attrs}/>"
        inner = "".join(
            str(child) if isinstance(child, Element) else escape(_value(child))
            for child in self.children
        )
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


def el(tag: str, *children: object, **attrs: object) -> Element:
    return Element(tag, *children, **attrs)


def svg(width: float, height: float, *children: object, label: str) -> Element:
    """A root <svg> of the given size in user units (it scales to its container's width)."""
    return Element(
        "svg",
        *children,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_value(width)} {_value(height)}",
        role="img",
        aria_label=label,
        font_family="system-ui, sans-serif",
    )


def text(x: float, y: float, words: object, size: float = 12, **attrs: object) -> Element:
    """A line of text (anchored at its middle unless `text_anchor` says otherwise)."""
    attrs.setdefault("text_anchor", "middle")
    attrs.setdefault("fill", INK)
    return Element("text", str(words), x=x, y=y, font_size=size, **attrs)


def group(*children: object, **attrs: object) -> Element:
    return Element("g", *children, **attrs)


def _name(key: str) -> str:
    if key == "viewBox":
        return key
    return key.rstrip("_").replace("_", "-")


QUOTES = {"'": "&apos;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def _quoted(value: str) -> str:
    """An attribute value in single quotes, every quote in it escaped: a picture travels inside
    JSON, where a double quote costs a backslash (single quotes: ~10% fewer bytes raw)."""
    return f"'{escape(value, QUOTES)}'"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)
