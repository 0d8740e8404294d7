"""Race for the Galaxy components: the card table, action cards, goods and the game's numbers.

The card facts (cards.json beside this module) come from Keldon Jones's open-source Race for the
Galaxy engine (src/cards.txt, bnordli/rftg at eedc94a6, GPL-2.0) via
/work/shared/data/race-for-the-galaxy/base-cards.txt, with every power line mapped to the digest's
power catalogue (digest section 4.12.1). Start numbers 0-4 are the community numbering the digest
adopts in section 8.2; they are not printed in the rulebook.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import msgspec

Good = Literal["NOVELTY", "RARE", "GENES", "ALIEN"]
GOODS: tuple[Good, ...] = ("NOVELTY", "RARE", "GENES", "ALIEN")
TRADE_VALUE: dict[str, int] = {"NOVELTY": 2, "RARE": 3, "GENES": 4, "ALIEN": 5}  # digest 2.3

Action = Literal[
    "EXPLORE_5",
    "EXPLORE_1_1",
    "DEVELOP",
    "SETTLE",
    "CONSUME_TRADE",
    "CONSUME_2VP",
    "PRODUCE",
    "DEVELOP_2",
    "SETTLE_2",
]
STANDARD_ACTIONS: tuple[Action, ...] = (
    "EXPLORE_5",
    "EXPLORE_1_1",
    "DEVELOP",
    "SETTLE",
    "CONSUME_TRADE",
    "CONSUME_2VP",
    "PRODUCE",
)
# Digest 2.5 / A29: the two extra cards of the 2-player advanced game are a second Develop and Settle.
ADVANCED_ACTIONS: tuple[Action, ...] = (*STANDARD_ACTIONS, "DEVELOP_2", "SETTLE_2")
DEVELOP_ACTIONS: frozenset[str] = frozenset({"DEVELOP", "DEVELOP_2"})
SETTLE_ACTIONS: frozenset[str] = frozenset({"SETTLE", "SETTLE_2"})

Phase = Literal["EXPLORE", "DEVELOP", "SETTLE", "CONSUME", "PRODUCE"]
PHASE_NUMBER: dict[str, int] = {"EXPLORE": 1, "DEVELOP": 2, "SETTLE": 3, "CONSUME": 4, "PRODUCE": 5}

VP_POOL_PER_SEAT = 12  # digest 3.2
INITIAL_DEAL = 6  # digest 3.3, RANDOM mode
INITIAL_DISCARD = 2
HAND_LIMIT = 10  # digest 4.10
TABLEAU_END = 12  # digest 6.2
EXPLORE_DRAW = 2  # digest 4.5
EXPLORE_KEEP = 1
EXPLORE_5_DRAW_BONUS = 5
EXPLORE_1_1_BONUS = 1
DEVELOP_BONUS = 1
SETTLE_BONUS_DRAW = 1
TEMP_MILITARY_DEFAULT = 3
GAMBLE_NUMBERS = range(1, 8)  # digest 4.8 / A17
DEFAULT_MAX_ROUNDS = 60
LEGAL_LIST_LIMIT = 5000  # payments and discards with more subsets are sampled in `legal`
# Every Result.reason of a match (digest 6.2), with the sentence the platform shows for it.
END_REASONS: dict[str, str] = {
    "TABLEAU_12": "a tableau reached 12 cards",
    "VP_POOL_EXHAUSTED": "the VP chips ran out",
    "TABLEAU_12_AND_VP_POOL_EXHAUSTED": (
        "in the same round a tableau reached 12 cards and the VP chips ran out"
    ),
    "MAX_ROUNDS_PLAYED": "the match played every round its max_rounds option allows",
}
TRADE_POWER_CODES: frozenset[str] = frozenset(
    {"TRADE_BONUS_ANY", "TRADE_BONUS_TYPE", "TRADE_BONUS_THIS_WORLD"}
)


class Power(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One power line of a card: its phase (1-5), catalogue code and numbers (digest 4.12.1).

    `value` is the draw/reduction/military/trade/VP number, `times` the "up to" uses of a consume
    power (or the hand cards of a discard-for-VP power), `count` the goods one use consumes, `cards`
    the cards one use draws, `good` the kind it is limited to ("ANY"/"DISTINCT" for consume filters).
    """

    phase: int
    code: str
    value: int = 0
    times: int = 0
    good: str | None = None
    count: int = 1
    cards: int = 0
    with_trade_powers: bool = False


class ScoringRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A bonus line of a 6-cost development (digest 6.3); `kind` uses the card data's names."""

    vp: int
    kind: str
    name: str | None = None


class Design(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    kind: Literal["WORLD", "DEVELOPMENT"]
    cost: int  # the defense for a military world
    vp: int  # 0 for the "?" of 6-cost developments
    copies: int
    good: Good | None = None
    flags: frozenset[str] = frozenset()
    powers: tuple[Power, ...] = ()
    scoring: tuple[ScoringRule, ...] = ()
    start_number: int | None = None

    @property
    def is_world(self) -> bool:
        return self.kind == "WORLD"

    @property
    def is_development(self) -> bool:
        return self.kind == "DEVELOPMENT"

    @property
    def is_military(self) -> bool:
        return "MILITARY" in self.flags

    @property
    def is_windfall(self) -> bool:
        return self.good is not None and "WINDFALL" in self.flags

    @property
    def is_production(self) -> bool:
        return self.is_world and self.good is not None and "WINDFALL" not in self.flags

    @property
    def is_rebel(self) -> bool:
        return "REBEL" in self.flags

    @property
    def is_six_cost(self) -> bool:
        return self.is_development and self.cost == 6

    @property
    def is_start(self) -> bool:
        return "START" in self.flags


class _CardFile(msgspec.Struct, frozen=True):
    source: str
    designs: tuple[Design, ...]


_FILE = msgspec.json.decode((Path(__file__).parent / "cards.json").read_bytes(), type=_CardFile)
CARD_SOURCE: str = _FILE.source
DESIGNS: tuple[Design, ...] = _FILE.designs

# One entry per physical card; a card's id is its index here.
CARDS: tuple[Design, ...] = tuple(d for d in DESIGNS for _ in range(d.copies))
START_WORLDS: tuple[int, ...] = tuple(i for i, d in enumerate(CARDS) if d.is_start)
GAME_CARDS: tuple[int, ...] = tuple(i for i, d in enumerate(CARDS) if not d.is_start)


# --- Input bounds (issue #12): every command field is bounded by these facts of the card table ---

N_CARDS = len(CARDS)
CardId = Annotated[int, msgspec.Meta(ge=0, le=N_CARDS - 1)]
"""A physical card: its index in CARDS."""
PowerIndex = Annotated[int, msgspec.Meta(ge=0, le=max(len(d.powers) for d in DESIGNS) - 1)]
"""The index of a power line on a card (no card has more than three)."""
GambleNumber = Annotated[int, msgspec.Meta(ge=min(GAMBLE_NUMBERS), le=max(GAMBLE_NUMBERS))]
MAX_ACTIONS_CHOSEN = 2  # two action cards a round in the 2-player advanced game (digest 4.3.2)
MAX_PAYMENT = max(d.cost for d in DESIGNS)  # no placement costs more than the dearest card
MAX_TEMP_MILITARY = sum(
    d.copies for d in DESIGNS if any(p.code == "TEMP_MILITARY" for p in d.powers)
)
MAX_GOOD_WORLDS = sum(d.copies for d in DESIGNS if d.good is not None)  # worlds that hold goods
MAX_HAND_FOR_VP = max(
    p.times for d in DESIGNS for p in d.powers if p.code == "CONSUME_DISCARD_HAND_FOR_VP"
)


def card(card_id: int) -> Design:
    return CARDS[card_id]


def card_name(card_id: int) -> str:
    return CARDS[card_id].name


def card_label(card_id: int) -> str:
    """A card as a chance outcome is listed to the table: its name and id (copies share a name)."""
    return f"{CARDS[card_id].name} (#{card_id})"
