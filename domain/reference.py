"""Each game's rules in our own words, read from `domain/<game>/reference.md` when first asked for.

A reference is Markdown cut into topics by its `## Name` headings: the overview, setup, the round,
one topic per move kind (named as the command's `type`, e.g. `## SubmitOrders`), the end of the
game, scoring and the options. A move kind's first paragraph is its one-line summary (`moves`
prints it under the kind). The file is found from the catalogue's package name, so reading a
reference imports no game's rules; `tests/domain/test_reference.py` checks that every move kind and
every option of every game is explained.
"""

from __future__ import annotations

import functools
from pathlib import Path

import msgspec

from domain.errors import NotFound

FILE_NAME = "reference.md"
DOMAIN = Path(__file__).parent


class Topic(msgspec.Struct, frozen=True):
    """One `## name` section: its name and its text (paragraphs separated by blank lines)."""

    name: str
    text: str

    @property
    def summary(self) -> str:
        """The first paragraph, on one line."""
        return " ".join(self.text.split("\n\n", 1)[0].split())


class Reference(msgspec.Struct, frozen=True):
    game: str
    topics: tuple[Topic, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(topic.name for topic in self.topics)

    def topic(self, asked: str) -> Topic:
        """The topic named `asked`, in any letter case, or the one it is a unique prefix of."""
        wanted = asked.strip().casefold()
        exact = [t for t in self.topics if t.name.casefold() == wanted]
        found = exact or [t for t in self.topics if wanted and t.name.casefold().startswith(wanted)]
        if len(found) == 1:
            return found[0]
        shown = repr(asked[:40])
        which = "matches several topics" if found else "is no topic"
        names = ", ".join(t.name for t in (found or list(self.topics)))
        raise NotFound(f"{shown} {which} of {self.game}'s rules (topics: {names})", code="NO_TOPIC")


def parse(game: str, text: str) -> Reference:
    """The topics of a reference's Markdown (anything before the first `## ` heading is left out)."""
    topics: list[Topic] = []
    name: str | None = None
    lines: list[str] = []
    for line in [*text.splitlines(), "## "]:
        if line.startswith("## "):
            if name:
                topics.append(Topic(name, "\n".join(lines).strip()))
            name, lines = line[3:].strip(), []
        elif name is not None:
            lines.append(line.rstrip())
    return Reference(game, tuple(topics))


def reference_path(package: str) -> Path:
    """Where the reference of the game in `package` (e.g. `domain.kosmonauts`) is."""
    return DOMAIN.joinpath(*package.split(".")[1:], FILE_NAME)


@functools.cache
def reference_for(slug: str) -> Reference:
    """The reference of game `slug` (NotFound for a game without one)."""
    from domain.registry import catalogue

    packages = {info.slug: info.package for info in catalogue()}
    package = packages.get(slug)
    if package is None:
        known = ", ".join(sorted(packages))
        raise NotFound(f"no game {slug[:40]!r} (known: {known})", code="UNKNOWN_GAME")
    if not package.startswith("domain."):
        raise NotFound(f"{slug} has no rules reference", code="NO_REFERENCE")
    try:
        text = reference_path(package).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFound(f"{slug} has no rules reference", code="NO_REFERENCE") from None
    return parse(slug, text)


def kind_summary(slug: str, kind: str) -> str | None:
    """The one-line summary of move kind `kind` of game `slug`, if its reference has one."""
    try:
        reference = reference_for(slug)
    except NotFound:
        return None
    for topic in reference.topics:
        if topic.name == kind:
            return topic.summary
    return None
