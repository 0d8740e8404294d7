"""The turn choice, action turns and the end of the game (rules digest §4.1-§4.3, §4.10, §6)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, fold

from .commands import AccumulateEnergy, BeginActionTurn, EndActionTurn
from .components import (
    COLORS,
    ENERGY_KEPT_AFTER_ACTION_TURN,
    TURN_TRACK_LENGTH,
    Color,
    Energy,
    free_segments_for,
)
from .events import (
    ActionTurnStarted,
    BonusActionTurnGranted,
    EnergyAccumulated,
    EnergyReturned,
    Event,
    FinalScore,
    FreeSegmentsForfeited,
    GameEnded,
    GoodsDiscarded,
    PlayerTurnStarted,
    TurnEnded,
    VirtualEnergyExpired,
)
from .rules_common import (
    check_action_turn,
    check_main_turn,
    forfeit_movement,
    recovery,
)
from .rules_evolve import evolve
from .state import State, sorted_goods

RETURN_ORDER: tuple[Color, ...] = ("BLUE", "YELLOW", "RED")


def next_turn_number(state: State, seat: Seat) -> int:
    """§6: the shared track counts every action turn; the per-player test switch counts the seat's."""
    if state.options.turn_track_mode == "per_player":
        return state.player(seat).action_turns + 1
    return len(state.turn_track) + 1


def action_turn_start(
    state: State, seat: Seat, recover_from: str | None, bonus: bool
) -> list[Event]:
    events: list[Event] = list(recovery(state, seat, recover_from))
    number = next_turn_number(state, seat)
    events.append(
        ActionTurnStarted(
            seat=seat, turn_number=number, free_segments=free_segments_for(number), bonus=bonus
        )
    )
    return events


def decide_accumulate(state: State, seat: Seat, command: AccumulateEnergy) -> list[Event]:
    check_main_turn(state, seat)
    if state.turn_kind != "none":
        raise IllegalMove(
            "TURN_ALREADY_CHOSEN",
            "a turn is either collecting energy or an action turn, and this one is chosen",
        )
    player = state.player(seat)
    # §4.2 / §8 A5: one chosen token plus one per crew cabin; missing tokens become virtual.
    requested = player.crew.plus(command.color, 1)
    real = Energy()
    virtual = Energy()
    for color in COLORS:
        took = min(requested.of(color), state.supply.of(color))
        real = real.plus(color, took)
        virtual = virtual.plus(color, requested.of(color) - took)
    accumulated = EnergyAccumulated(
        seat=seat,
        chosen_color=command.color,
        crew=player.crew,
        real_gained=real,
        virtual_gained=virtual,
    )
    if virtual.total == 0:
        if command.recover_from is not None:
            raise IllegalMove(
                "RECOVERY_NOT_NEEDED", "no bonus action turn follows this accumulation"
            )
        ended = TurnEnded(seat=seat, kind="accumulate")
        return [accumulated, ended, *after_turn(fold(evolve, state, [accumulated, ended]), seat)]
    # §8 A6: the exhaustion bonus is a full action turn that starts at once.
    start = action_turn_start(state, seat, command.recover_from, bonus=True)
    return [accumulated, BonusActionTurnGranted(seat=seat, virtual=virtual), *start]


def decide_begin(state: State, seat: Seat, command: BeginActionTurn) -> list[Event]:
    check_main_turn(state, seat)
    if state.turn_kind != "none":
        raise IllegalMove(
            "TURN_ALREADY_CHOSEN",
            "a turn is either collecting energy or an action turn, and this one is chosen",
        )
    return action_turn_start(state, seat, command.recover_from, bonus=False)


def decide_end(state: State, seat: Seat, command: EndActionTurn) -> list[Event]:
    check_action_turn(state, seat)
    player = state.player(seat)
    returned = command.return_energy
    if any(returned.of(c) < 0 or returned.of(c) > player.energy.of(c) for c in COLORS):
        raise IllegalMove("INSUFFICIENT_ENERGY", "you cannot return energy you do not hold")
    if not player.holds(command.discard_goods):
        raise IllegalMove("INSUFFICIENT_GOODS", "you cannot discard goods you do not hold")
    if len(player.goods) - len(command.discard_goods) > player.capacity:
        raise IllegalMove(
            "CARGO_OVER_CAPACITY",
            f"your ship carries at most {player.capacity} goods: deliver, trade or discard the "
            "rest first",
        )
    if player.energy.total - returned.total > ENERGY_KEPT_AFTER_ACTION_TURN:
        raise IllegalMove(
            "ENERGY_OVER_LIMIT",
            f"an action turn ends with at most {ENERGY_KEPT_AFTER_ACTION_TURN} energy tokens "
            "kept: return the rest (return_energy)",
        )
    events: list[Event] = []
    if command.discard_goods:
        events.append(GoodsDiscarded(seat=seat, goods=sorted_goods(command.discard_goods)))
    if returned.total > 0:
        events.append(EnergyReturned(seat=seat, energy=returned))
    if player.virtual.total > 0:
        events.append(VirtualEnergyExpired(seat=seat, energy=player.virtual))
    events.extend(forfeit_movement(state, seat))
    if state.window_open and state.free_segments_left > 0:
        events.append(FreeSegmentsForfeited(seat=seat, count=state.free_segments_left))
    events.append(TurnEnded(seat=seat, kind="action", turn_number=state.turn_number))
    return [*events, *after_turn(fold(evolve, state, events), seat, state.turn_number)]


def after_turn(state: State, seat: Seat, turn_number: int | None = None) -> list[Event]:
    """§6: the action turn on space 24 ends the game; otherwise play passes clockwise."""
    if turn_number is not None and turn_number >= TURN_TRACK_LENGTH:
        return [game_ended(state, "TURN_TRACK_FULL")]
    order = state.turn_order
    following = order[(order.index(seat) + 1) % len(order)]
    started = PlayerTurnStarted(seat=following, player_turn_seq=state.player_turn_seq + 1)
    if fold(evolve, state, [started]).round > state.options.max_rounds:
        return [game_ended(state, "ROUND_LIMIT")]
    return [started]


def game_ended(state: State, reason: str) -> GameEnded:
    """§6 / §8 A21: net score = VP minus the auction bid; the richest win, ties share the victory."""
    final = tuple(
        FinalScore(seat=seat, vp=p.vp, bid=p.bid, net=p.vp - p.bid)
        for seat, p in enumerate(state.players)
    )
    best = max(score.net for score in final)
    winners = tuple(score.seat for score in final if score.net == best)
    return GameEnded(final=final, winners=winners, reason=reason)


def kept_after_limits(state: State, seat: Seat) -> EndActionTurn:
    """The plainest legal end of turn: drop goods over capacity and energy over the limit."""
    player = state.player(seat)
    excess_goods = max(0, len(player.goods) - player.capacity)
    discard = player.goods[len(player.goods) - excess_goods :] if excess_goods else ()
    excess = max(0, player.energy.total - ENERGY_KEPT_AFTER_ACTION_TURN)
    returned = Energy()
    for color in RETURN_ORDER:
        give = min(excess, player.energy.of(color))
        returned = returned.plus(color, give)
        excess -= give
    return EndActionTurn(return_energy=returned, discard_goods=discard)
