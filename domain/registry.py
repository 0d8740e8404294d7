"""The registry: every game's slug mapped to its Rules."""

from __future__ import annotations

import importlib

from domain.game import IllegalMove, Rules

GAMES: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    GAMES[rules.slug] = rules
    return rules


def rules_for(slug: str) -> Rules:
    _load()
    try:
        return GAMES[slug]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise IllegalMove("UNKNOWN_GAME", f"no game {slug!r} (known: {known})") from None


def all_games() -> list[Rules]:
    _load()
    return [GAMES[slug] for slug in sorted(GAMES)]


_loaded: list[bool] = []


def _load() -> None:
    if _loaded:
        return
    _loaded.append(True)
    # A game joins this list when it is complete: importing its package registers its Rules.
    for module in _GAME_PACKAGES:
        register(importlib.import_module(module).RULES)


_GAME_PACKAGES: tuple[str, ...] = (
    "domain.delta_v",
    "domain.race_for_the_galaxy",
    "domain.duck_dealer",
    "domain.kosmonauts",
    "domain.onward_to_venus",
)
