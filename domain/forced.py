"""Forced moves: a seat's only legal move, which the platform may play for it in a match started
with `auto_forced` (`starledger new --auto-forced`).

A decision is played for its seat only when that tells nobody anything: it is the seat's one
legal move, it is public (a sealed choice is never made for a seat), and that it is the only one
follows from public facts. The last holds when the seat knows nothing the others do not (its view
shows nothing beyond a spectator's), or when the game says so of the kind (`forced_is_public`:
Race for the Galaxy's goods to sell lie face up on the table, whatever the hands hold). Otherwise
a forced move would tell the others something hidden: an Onward to Venus seat that can only
decline a reaction holds no reaction card.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.game import Command, Rules, Seat

VIEWER_FIELDS = frozenset({"viewer", "seat", "as", "you"})
"""Top-level view fields that say who looks, not what they know."""


def forced_move(rules: Rules[Any], state: Any, seat: Seat) -> Command | None:
    """The seat's move if the platform may play it for the seat now, else None."""
    legal = rules.legal(state, seat)
    if len(legal) != 1:
        return None
    command = legal[0]
    if not command.visibility(seat).is_public:
        return None
    if type(command).forced_is_public or knows_nothing_more(rules, state, seat):
        return command
    return None


def knows_nothing_more(rules: Rules[Any], state: Any, seat: Seat) -> bool:
    """Whether the seat's view shows nothing beyond what a spectator sees."""
    own = _without_viewer(msgspec.to_builtins(rules.view(state, seat)))
    public = _without_viewer(msgspec.to_builtins(rules.view(state, None)))
    return own == public


def _without_viewer(view: Any) -> Any:
    if isinstance(view, dict):
        return {key: value for key, value in view.items() if key not in VIEWER_FIELDS}
    return view
