"""The registry: every game's slug, what it is, and its Rules, imported only when asked for.

- `catalogue()` describes every game (slug, name, seat counts, description, each option with
  its help and default) from a small data file, `domain/catalogue.json`, without importing
  any game: enough to list them.
- `rules_for(slug)` imports that one game's package (not its bot: `Rules.bot` is imported on
  first use) and registers its Rules.
- `all_games()` imports every game, for those who need all their Rules.

The data file is made from the games themselves: `python -m domain.registry` rewrites it, and
`tests/domain/test_registry.py` fails while it differs from what the games say.
"""

from __future__ import annotations

import functools
import importlib
from pathlib import Path
from typing import Any

import msgspec

from domain.game import IllegalMove, Rules

GAME_PACKAGES: tuple[str, ...] = (
    "domain.delta_v",
    "domain.race_for_the_galaxy",
    "domain.duck_dealer",
    "domain.kosmonauts",
    "domain.onward_to_venus",
)
"""A game joins this list when it is complete: importing its package defines its `RULES`."""

CATALOGUE = Path(__file__).with_name("catalogue.json")

GAMES: dict[str, Rules[Any]] = {}
"""The Rules imported (or registered) so far in this process, by slug."""


class OptionInfo(msgspec.Struct, frozen=True):
    name: str
    help: str
    default: Any


class GameInfo(msgspec.Struct, frozen=True):
    """What a game is, without its rules: enough to list it and to know where its Rules are."""

    slug: str
    name: str
    min_seats: int
    max_seats: int
    package: str
    description: str
    options: tuple[OptionInfo, ...]

    @property
    def option_help(self) -> dict[str, str]:
        return {option.name: option.help for option in self.options}

    @property
    def defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}


def register(rules: Rules[Any]) -> Rules[Any]:
    GAMES[rules.slug] = rules
    return rules


def rules_for(slug: str) -> Rules[Any]:
    """The Rules of one game, importing that game's package (and no other) if need be."""
    try:
        return GAMES[slug]
    except KeyError:
        pass
    info = _catalogue().get(slug)
    if info is not None:
        return _load(info.package)
    _load_all()  # a game the data file does not know yet
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise IllegalMove("UNKNOWN_GAME", f"no game {slug[:40]!r} (known: {known})") from None


def all_games() -> list[Rules[Any]]:
    """Every game's Rules (importing every game), by slug."""
    _load_all()
    return [GAMES[slug] for slug in sorted(GAMES)]


def catalogue() -> list[GameInfo]:
    """Every game, by slug, without importing any: the data file's, and any registered here
    besides (a test's toy game, say)."""
    known = dict(_catalogue())
    for slug, rules in GAMES.items():
        if slug not in known:
            known[slug] = describe(rules, rules.__module__)
    return [known[slug] for slug in sorted(known)]


def describe(rules: Rules[Any], package: str) -> GameInfo:
    """A game's catalogue entry, from its Rules."""
    defaults = msgspec.to_builtins(rules.options())
    return GameInfo(
        slug=rules.slug,
        name=rules.name,
        min_seats=rules.min_seats,
        max_seats=rules.max_seats,
        package=package,
        description=rules.description,
        options=tuple(
            OptionInfo(name, rules.option_help.get(name, ""), defaults.get(name))
            for name in rules.option_names()
        ),
    )


def current_catalogue() -> bytes:
    """The data file as the games say it should be (importing every game)."""
    infos = []
    for package in GAME_PACKAGES:
        rules = _load(package)
        infos.append(describe(rules, package))
    infos.sort(key=lambda info: info.slug)
    return msgspec.json.format(msgspec.json.encode(infos), indent=2) + b"\n"


@functools.cache
def _catalogue() -> dict[str, GameInfo]:
    try:
        data = CATALOGUE.read_bytes()
    except FileNotFoundError:
        return {}
    return {info.slug: info for info in msgspec.json.decode(data, type=list[GameInfo])}


def _load(package: str) -> Rules[Any]:
    rules: Rules[Any] = importlib.import_module(package).RULES
    GAMES.setdefault(rules.slug, rules)
    return GAMES[rules.slug]


def _load_all() -> None:
    for package in GAME_PACKAGES:
        _load(package)


def main() -> None:
    CATALOGUE.write_bytes(current_catalogue())
    print(f"wrote {CATALOGUE}")


if __name__ == "__main__":
    main()
