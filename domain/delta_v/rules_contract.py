"""The contract attempt: declaring, revealing, the matching of §4.5, bribes, bid-up, fulfil, failure."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from domain.game import IllegalMove, seat_ref

from .commands import (
    AcceptFailure,
    BidUp,
    DeclareContract,
    PassBidUp,
    ReplaceMineral,
    RevealTile,
    SkipContractStep,
)
from .components import OMNIDIUM, Face, Mineral, Position
from .events import (
    BidUpBribeReturned,
    BidUpDeclared,
    BribeSpent,
    CollectedTile,
    ContractAttemptFailed,
    ContractDeclared,
    ContractFulfilled,
    ContractRequirementsMet,
    ContractStepSkipped,
    MineralReplaced,
    ReplacementDeclined,
    ResponsePassed,
    TileRevealed,
    TilesFlippedFaceDown,
)
from .rules_board import (
    attempt_positions,
    attempt_requirements,
    bribe_by_id,
    contract_by_id,
    is_blocked_for,
    is_face_down,
    open_contracts,
    revealable_positions,
    tile_at,
    unspent_bribes,
)
from .rules_flow import (
    Emitter,
    end_game,
    end_turn,
    faces,
    open_window,
    resolve_incident,
    return_rockets_to_station,
)
from .state import Bribe, State

Judgement = Literal["match", "mismatch", "incident"]


def judge(state: State, face: Face) -> Judgement:
    """§4.5: one tile per required slot (R6); Omnidium fills any open slot; a bid-up wants b or OMN (R5)."""
    attempt = state.attempt
    assert attempt is not None
    if face.mineral is None:
        return "incident"
    if attempt.stage == "bid_up":
        assert attempt.bid is not None
        return "match" if face.mineral in (attempt.bid.mineral, OMNIDIUM) else "mismatch"
    if face.mineral == OMNIDIUM:
        return "match"
    filled = Counter(t.effective for t in attempt.accepted)
    return (
        "match" if filled[face.mineral] < attempt_requirements(state)[face.mineral] else "mismatch"
    )


def fits_as_replacement(state: State, mineral: Mineral) -> bool:
    attempt = state.attempt
    assert attempt is not None
    if attempt.stage == "bid_up":
        assert attempt.bid is not None
        return mineral == attempt.bid.mineral  # only the bidder's mineral may fix it [RB]
    filled = Counter(t.effective for t in attempt.accepted)
    return filled[mineral] < attempt_requirements(state)[mineral]


def replacement_bribes(state: State, seat: int) -> list[Bribe]:
    return [b for b in unspent_bribes(state, seat) if fits_as_replacement(state, b.mineral)]


def declare_contract(out: Emitter, seat: int, command: DeclareContract) -> None:
    state = out.state
    if state.meteored:
        raise IllegalMove("CONTRACT_STEP_FORBIDDEN", "a Meteor Storm forbids a contract this turn")
    contract = contract_by_id(state, command.contract_id)
    if contract is None:
        raise IllegalMove("INVALID_TARGET", f"there is no contract {command.contract_id}")
    if contract.fulfilled_by is not None:
        raise IllegalMove("CONTRACT_ALREADY_FULFILLED", f"{command.contract_id} is fulfilled")
    if not revealable_positions(state, seat):
        raise IllegalMove("NO_REVEALABLE_TILE", "no tile can be revealed")
    out.emit(ContractDeclared(seat, command.contract_id))


def skip_reason(
    state: State, seat: int
) -> Literal["meteor_storm", "no_revealable_tile", "declined"] | None:
    """§4.4.10 and R4: the attempt is mandatory unless one of these holds."""
    if state.meteored:
        return "meteor_storm"
    if not revealable_positions(state, seat):
        return "no_revealable_tile"
    if not state.options.contract_attempt_mandatory:
        return "declined"
    return None


def skip_contract_step(out: Emitter, seat: int, command: SkipContractStep) -> None:
    state = out.state
    reason = skip_reason(state, seat)
    if reason is None:
        raise IllegalMove(
            "SKIP_NOT_ALLOWED",
            "after your action you must try a contract while a tile can be turned up (R4)",
        )
    out.emit(ContractStepSkipped(seat, reason))
    end_turn(out)


def reveal_tile(out: Emitter, seat: int, command: RevealTile) -> None:
    state = out.state
    position = command.position
    if not is_face_down(state, position) or position in attempt_positions(state.attempt):
        raise IllegalMove("TILE_NOT_FACE_DOWN", f"{list(position)} is not a face-down tile")
    if is_blocked_for(state, seat, position):
        raise IllegalMove(
            "TILE_BLOCKED",
            f"{list(position)} holds an opponent rocket or the alien, which blocks it for you",
        )
    tile = tile_at(state, position)
    assert tile is not None and state.attempt is not None
    (face,) = faces(
        out, (position,), lambda p: f"the tile {seat_ref(seat)} turns over at {list(p)}"
    )
    judgement = judge(state, face)
    context: Literal["contract", "bid_up"] = (
        "bid_up" if state.attempt.stage == "bid_up" else "contract"
    )
    out.emit(TileRevealed(seat, position, tile.tile_id, face, context, judgement))
    if judgement == "incident":
        fail_attempt(out, "incident_revealed", position)
    elif judgement == "match":
        after_match(out)
    elif not replacement_bribes(out.state, seat):
        # No decision is offered when no bribe could help: bribe holdings are public (§4.4.11).
        fail_attempt(out, "mismatch")


def replace_mineral(out: Emitter, seat: int, command: ReplaceMineral) -> None:
    state = out.state
    bribe = bribe_by_id(state, command.bribe_id)
    if bribe is None or bribe.owner != seat:
        raise IllegalMove("BRIBE_NOT_OWNED", f"you hold no bribe {command.bribe_id}")
    if bribe.status != "unspent":
        raise IllegalMove("BRIBE_NOT_UNSPENT", f"{command.bribe_id} is not unspent")
    if not fits_as_replacement(state, bribe.mineral):
        raise IllegalMove(
            "REPLACEMENT_WOULD_NOT_MATCH",
            f"{bribe.mineral} would not fit: a bribe must turn the tile into a mineral the "
            "contract still needs",
        )
    assert state.attempt is not None and state.attempt.pending is not None
    tile = tile_at(state, state.attempt.pending)
    assert tile is not None and tile.face is not None and tile.face.mineral is not None
    out.emit(
        BribeSpent(seat, bribe.bribe_id, bribe.mineral, "replacement"),
        MineralReplaced(
            seat, state.attempt.pending, tile.face.mineral, bribe.mineral, bribe.bribe_id
        ),
    )
    after_match(out)


def accept_failure(out: Emitter, seat: int, command: AcceptFailure) -> None:
    state = out.state
    assert state.attempt is not None and state.attempt.pending is not None
    out.emit(ReplacementDeclined(seat, state.attempt.pending))
    fail_attempt(out, "mismatch")


def bid_up(out: Emitter, seat: int, command: BidUp) -> None:
    state = out.state
    bribe = bribe_by_id(state, command.bribe_id)
    if bribe is None or bribe.owner != seat:
        raise IllegalMove("BRIBE_NOT_OWNED", f"you hold no bribe {command.bribe_id}")
    if bribe.status != "unspent":
        raise IllegalMove("BRIBE_NOT_UNSPENT", f"{command.bribe_id} is not unspent")
    if bribe.mineral not in attempt_requirements(state):
        raise IllegalMove(
            "BID_MINERAL_NOT_ON_CONTRACT",
            f"{bribe.mineral} is not on the contract: a bid-up stakes a bribe of a mineral "
            "the contract names",
        )
    assert state.attempt is not None
    out.emit(BidUpDeclared(seat, bribe.bribe_id, bribe.mineral, state.attempt.contract_id))
    require_reveal(out)


def pass_bid_up(out: Emitter, seat: int, command: PassBidUp) -> None:
    out.emit(ResponsePassed("bid_up", seat))
    if out.state.window is None:
        fulfil(out)


def after_match(out: Emitter) -> None:
    attempt = out.state.attempt
    assert attempt is not None
    if attempt.stage == "bid_up":
        fulfil(out)
    elif len(attempt.accepted) == attempt_requirements(out.state).total():
        positions = tuple(t.position for t in attempt.accepted)
        out.emit(ContractRequirementsMet(out.state.active, attempt.contract_id, positions))
        if not open_window(out, "bid_up"):
            fulfil(out)
    else:
        require_reveal(out)


def require_reveal(out: Emitter) -> None:
    """A further reveal is due; with no revealable tile the attempt fails at once (§4.4.11)."""
    if not revealable_positions(out.state, out.state.active):
        fail_attempt(out, "no_revealable_tile")


def fail_attempt(
    out: Emitter,
    reason: Literal["mismatch", "incident_revealed", "no_revealable_tile"],
    incident_at: Position | None = None,
) -> None:
    """§4.6.4 in the rulebook's order: fail, flip back, return the bid, then the incident (R14)."""
    attempt = out.state.attempt
    assert attempt is not None
    flipped = [t.position for t in attempt.accepted]
    if attempt.bid_tile is not None:
        flipped.append(attempt.bid_tile.position)
    if attempt.pending is not None:
        flipped.append(attempt.pending)
    if flipped:
        out.emit(TilesFlippedFaceDown(tuple(flipped)))
    if attempt.bid is not None:
        out.emit(BidUpBribeReturned(attempt.bid.bidder, attempt.bid.bribe_id))
    seat = out.state.active
    out.emit(ContractAttemptFailed(seat, attempt.contract_id, attempt.stage, reason))
    if incident_at is not None and resolve_incident(out, incident_at, seat):
        return  # the ALIEN_DECISION comes first; resolving it ends the turn
    if not out.over:
        end_turn(out)


def fulfil(out: Emitter) -> None:
    """§4.6.5."""
    attempt = out.state.attempt
    assert attempt is not None
    tiles = list(attempt.accepted)
    if attempt.bid_tile is not None:
        tiles.append(attempt.bid_tile)
    for tile in tiles:
        return_rockets_to_station(out, tile.position, "fulfilled")
    if attempt.bid is not None:
        bid = attempt.bid
        out.emit(BribeSpent(bid.bidder, bid.bribe_id, bid.mineral, "bid_up"))
    collected = tuple(
        CollectedTile(t.tile_id, t.position, t.printed, t.effective, t.value) for t in tiles
    )
    points = sum(t.value for t in tiles)
    out.emit(ContractFulfilled(out.state.active, attempt.contract_id, collected, points))
    if not open_contracts(out.state):
        end_game(out, "LAST_CONTRACT_FULFILLED")
    else:
        end_turn(out)
