"""Duck Dealer's rules: the Decider functions (rules digest §3-§6).

The rules live by topic beside this file: rules_setup (setup, auction), rules_turn (the turn
choice, action turns, game end), rules_flight (route segments, movement, exploration, portals),
rules_planet (building, privileges, commerce), rules_trade (discarding, trading), rules_decide
(dispatch, whose turn), rules_legal (the legal commands), rules_evolve (applying facts).
"""

from __future__ import annotations

from domain.game import Result

from .rules_decide import decide, to_move
from .rules_evolve import evolve
from .rules_legal import legal
from .rules_setup import setup
from .state import DuckDealerOptions, Player, State

__all__ = ["decide", "evolve", "initial", "legal", "result", "score", "setup", "to_move"]


def initial(n_seats: int, options: DuckDealerOptions) -> State:
    return State(n_seats=n_seats, options=options, players=tuple(Player() for _ in range(n_seats)))


def score(state: State) -> tuple[int, ...]:
    """VP minus the bid once bids are revealed (§6): sealed bids stay out until then."""
    return tuple(p.vp - p.bid for p in state.players)


def result(state: State) -> Result | None:
    return state.result
