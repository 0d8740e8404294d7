"""The words Race for the Galaxy sentences are built of (issue #25): the game's codes as printed
English, and the small phrases (seats, cards, goods, lists) narration.py puts together.

Cards are named by their printed name from the card table (components.py); copies share it, so
a sentence never tells which copy (no card number appears anywhere).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from domain.game import words

from .components import CARDS

Names = Sequence[str]

LIST_LIMIT = 8
"""A list with more items than this names its first ones and says how many more."""
LIST_WIDTH = 110
"""Nor does a list of names run past this many characters (a hand of long names stays one line)."""

ACTION_NAMES: dict[str, str] = {  # the action cards as printed (digest 2.5)
    "EXPLORE_5": "Explore +5",
    "EXPLORE_1_1": "Explore +1+1",
    "DEVELOP": "Develop",
    "DEVELOP_2": "Develop",
    "SETTLE": "Settle",
    "SETTLE_2": "Settle",
    "CONSUME_TRADE": "Consume: Trade",
    "CONSUME_2VP": "Consume: 2x VP",
    "PRODUCE": "Produce",
}
PHASE_NAMES: dict[str, str] = {
    "EXPLORE": "Explore",
    "DEVELOP": "Develop",
    "SETTLE": "Settle",
    "CONSUME": "Consume",
    "PRODUCE": "Produce",
}
INSTANCE_WORDS: dict[int, str] = {1: "", 2: "second "}
"""A phase played twice in a round (the 2-player advanced game): "the second Settle phase"."""

GOOD_NAMES: dict[str, str] = {  # with its article: "a Genes good"
    "NOVELTY": "a Novelty good",
    "RARE": "a Rare Elements good",
    "GENES": "a Genes good",
    "ALIEN": "an Alien Technology good",
}

DRAW_REASONS: dict[str, str] = {  # CardsDrawn / DrawShortfall: what the cards are drawn for
    "SETUP": "for the opening hand",
    "POWER": "from a power",
    "SETTLE_BONUS": "for the Settle bonus",
    "TRADE": "for the good sold",
    "CONSUME": "from a Consume power",
    "PRODUCE": "from a Produce power",
    "EXPLORE": "to explore",
}
DISCARD_REASONS: dict[str, str] = {  # CardsDiscardedDetail: how the seat's cards leave its hand
    "SETUP": "discards {cards} from the opening hand",
    "PAYMENT": "pays with {cards}",
    "HAND_LIMIT": "discards {cards} down to the hand limit",
    "CONSUME": "discards {cards} for VP",
}
GOOD_REASONS: dict[str, str] = {  # GoodPlaced: how the good came onto `world`
    "SETUP_WINDFALL": "{world} starts with {good}",
    "WINDFALL": "{world} arrives with {good}",
    "PRODUCTION": "{world} produces {good}",
    "PRODUCE_BONUS": "{world} gets {good} from the Produce bonus",
    "POWER": "{world} gets {good} from a windfall power",
}
TABLEAU_DISCARDS: dict[str, str] = {  # TableauCardDiscarded: why a tableau card is given up
    "TEMP_MILITARY": "for extra military this Settle",
    "COLONY_SHIP": "to settle a world for free",
}
SETTLE_METHODS: dict[str, str] = {  # ResolveSettle: how the chosen world is placed
    "PAY": "pays for the world",
    "CONQUER": "conquers the world",
    "PAY_MILITARY": "pays for the military world",
}
ROUND_END_TRIGGERS: dict[str, str] = {
    "TABLEAU_12": "a tableau has 12 cards",
    "VP_POOL_EXHAUSTED": "the VP chips ran out",
}
END_WORDS: dict[str, str] = {  # GameEnded.reason (the keys of components.END_REASONS)
    "TABLEAU_12": "a tableau reached 12 cards",
    "VP_POOL_EXHAUSTED": "the VP chips ran out",
    "TABLEAU_12_AND_VP_POOL_EXHAUSTED": "a tableau reached 12 cards and the VP chips ran out",
    "MAX_ROUNDS_PLAYED": "the last round the match allows was played",
}


def word(table: dict[str, str], code: str) -> str:
    """A code in words; one the table lacks in plain lower case (a test keeps every table full)."""
    return table.get(code, code.replace("_", " ").lower())


def seat(names: Names, index: int) -> str:
    """A seat by its name (a seat the names do not reach by its number)."""
    return names[index] if 0 <= index < len(names) else f"player {index + 1}"


def seats(names: Names, indices: Iterable[int]) -> str:
    return join(seat(names, i) for i in indices) or "no one"


def join(items: Iterable[str], limit: int = LIST_LIMIT, width: int = LIST_WIDTH) -> str:
    """`a`, `a and b`, `a, b and c`; past `limit` items or `width` characters, `a, b, c and 9
    more` (the first items that fit)."""
    return words.join(items, limit=limit, width=width)


def count(n: int, one: str, many: str | None = None) -> str:
    """`1 card`, `2 cards`, `no cards`."""
    return words.counted(n, one, many, none=True)


def card(card_id: int | None) -> str:
    """A card by its printed name (every copy of a design shares it)."""
    if card_id is None:
        return "no card"
    return CARDS[card_id].name if 0 <= card_id < len(CARDS) else "a card"


def priced(card_id: int) -> str:
    """A card with its cost (a military world's defense): `Gem World (cost 2)`."""
    if not 0 <= card_id < len(CARDS):
        return card(card_id)
    return f"{card(card_id)} (cost {CARDS[card_id].cost})"


def defended(card_id: int) -> str:
    """A military world with its defense: `Rebel Base (defense 6)`."""
    if not 0 <= card_id < len(CARDS):
        return card(card_id)
    return f"{card(card_id)} (defense {CARDS[card_id].cost})"


def cards(card_ids: Iterable[int], limit: int = LIST_LIMIT) -> str:
    return join((card(c) for c in card_ids), limit) or "no cards"


def own(names: Names, index: int, card_id: int) -> str:
    """A card in a seat's tableau: `ann's Gem World`."""
    return f"{seat(names, index)}'s {card(card_id)}"


def good(kind: str) -> str:
    return GOOD_NAMES.get(kind, f"a {kind.lower()} good")


def actions(codes: Sequence[str]) -> str:
    """One or two action cards: `Develop`, `Explore +5 and Settle`, `both Settle cards`."""
    found = [word(ACTION_NAMES, code) for code in codes]
    if len(found) == 2 and found[0] == found[1]:
        return f"both {found[0]} cards"
    return join(found) or "no action card"


def phase(code: str, instance: int = 1) -> str:
    """`the Develop phase`, `the second Settle phase`."""
    return f"the {INSTANCE_WORDS.get(instance, '')}{word(PHASE_NAMES, code)} phase"
