"""The registry: every game's slug mapped to its Rules."""

from __future__ import annotations

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


def _load() -> None:
    if GAMES:
        return
    # Each game package registers its Rules on import; a game joins here when it is complete.
    for module in _GAME_PACKAGES:
        __import__(module)


_GAME_PACKAGES: tuple[str, ...] = ("domain.delta_v",)
