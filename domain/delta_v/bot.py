"""A Delta V player with a perfect memory: it learns tiles, guards them, and claims contracts it knows.

Honesty. `bot` computes `view(state, seat)` with the `memory_aid` option switched on and hands
that view, the seat's legal commands and the public manifest to `choose`, which never touches the
state. The memory-aid map is, by the game's own definition (`view._known_tiles`, §5 item 3), the
faces of tiles this seat has peeked itself (its prospects, surveys and scans) plus those everyone
saw turned over in a contract attempt (public `TileRevealed` events). A player at the table may
remember all of these; the option only decides whether the UI keeps showing them, so the bot sees
exactly what a player with a flawless memory knows, and no face-down face it has not seen.

Play. Each turn it explores (rockets out to unknown tiles, then Prospect; a Satellite Survey when
its rockets are busy), leaves rockets on tiles worth guarding, and in the contract step declares
the contract it can complete from known revealable tiles (bribing a mismatch when the tile is worth
more than the bribe's 2 points). When no such contract exists and the attempt is compulsory, it
fails on purpose on a tile it knows will not match, or collects a known incident that way, and
reveals unknown tiles only when it must. It rams rival rockets off known tiles it needs, avoids
plans a rival could bid out, bids up when the needed mineral looks scarce, plays its incidents,
and ends the game by filling the field when leading. When no open contract can be met any more (or
the match drags past round LATE_ROUND) it wraps the game up: rockets onto every tile, or, if they
cannot cover the field, Alien Encounters turned over until the fifth.

Everything it needs from the view is public or this seat's own: cells, rockets, the alien, bribes
and incidents held, collections, contracts, scores, the open attempt, and the memory-aid map. The
number of tiles of each mineral comes from the manifest, whose id every seat sees in GameCreated.
Layout. This module holds the entry points and the per-phase dispatch; what the seat knows lives in
`bot_knowledge`, contract plans in `bot_plans`, the contract step in `bot_contracts`, and rockets,
prospecting, incidents and aliens in `bot_rockets`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from msgspec.structs import replace

from domain.game import Command, Seat

from . import commands as c
from .bot_contracts import ContractPlay
from .bot_rockets import RocketPlay
from .components import MANIFESTS, Manifest
from .rules_legal import legal
from .state import State
from .view import DeltaVView, view


def bot(state: State, seat: Seat, rng: random.Random) -> Command:
    remembered = replace(state, options=replace(state.options, memory_aid=True))
    seen = view(remembered, seat)
    table = MANIFESTS[state.options.manifest_id]  # public component data, named in GameCreated
    return choose(seen, seat, legal(state, seat), table, rng)


def choose(
    seen: DeltaVView,
    seat: Seat,
    commands: Sequence[Command],
    table: Manifest,
    rng: random.Random,
) -> Command:
    """The decision from what the seat sees; any surprise falls back to a random legal command."""
    if not commands:
        raise ValueError(f"seat {seat} has no legal command in phase {seen.phase}")
    try:
        picked = _Seat(seen, seat, list(commands), table, rng).decide()
    except (LookupError, ValueError, AssertionError):
        picked = None
    return picked if picked is not None else rng.choice(list(commands))


class _Seat(RocketPlay, ContractPlay):
    """One decision of one seat, from its view and legal commands only."""

    def decide(self) -> Command | None:
        phase = self.seen.phase
        if phase in ("PRE_ACTION_WINDOW", "PRE_CONTRACT_WINDOW"):
            # "Take that" cards are for using: a lost action or a lost attempt sets a rival back.
            return self.first(c.PlayPirateAttack) or self.first(c.PlayMeteorStorm)
        if phase == "ACTION":
            return self.incident() or self.action()
        if phase == "PROSPECT_DECISION":
            return self.prospect_reveal()
        if phase == "SCAN_PEEKING":
            return self.scan()
        if phase == "ALIEN_DECISION":
            return self.alien()
        if phase == "CONTRACT_DECLARATION":
            return self.incident() or self.declare()
        if phase in ("CONTRACT_REVEAL", "BID_UP_REVEAL"):
            return self.reveal()
        if phase == "REPLACEMENT_DECISION":
            return self.replacement()
        if phase == "BID_UP_WINDOW":
            return self.bid_up()
        return None
