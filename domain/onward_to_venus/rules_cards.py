"""Action and free-action cards (§4.5.4, §4.8.1)."""

from __future__ import annotations

from domain.game import IllegalMove, Seat, seat_ref

from .commands import PlayActionCard, PlayFreeActionCard
from .components import (
    BUY_CARDS_COUNT,
    BUY_CARDS_PRICE,
    DRAW4_COUNT,
    DRAW4_KEEP,
    FORCED_DISCARD_COUNT,
    LOTTERY_MONEY,
    PLANETS,
    RAISE_CARD_UNITS,
    SWAP_MAX,
    TILES,
    TRAITOR_MONEY,
    PlanetName,
    card_kind,
    card_name,
)
from .events import (
    ActionCompleted,
    ActionStarted,
    CardPlayed,
    CardReturnedToHand,
    CardsDiscarded,
    CardsKept,
    CardsKeptDetail,
    ExtraActionGranted,
    HandRevealed,
    MoneyChanged,
    TensionPlaced,
    TileClaimed,
    TileDiscarded,
    TileKept,
    TraitorAttached,
    UnitReturnedToOrbit,
)
from .rules_actions import check_recruits, raise_units, require_action, take_pass_marker
from .rules_common import (
    Emitter,
    check_hand_limit,
    crisis_tiles,
    draw,
    effect,
    planet,
    require_in_hand,
    threaten_unit,
    unit_on_board,
)
from .state import Decision, State, find_unit

DESTROY_KINDS = {"DESTROY_INFANTRY": "INF", "DESTROY_CRUISER": "CRU", "DESTROY_UNIT": None}
# B-9: free actions while no sub-step is open, except these two, which also work in a fight
FREE_IN_COMBAT = frozenset({"RECYCLE", "EXTRA_ACTION"})


def _tile_on_planets(state: State, tile: int | None, kind: str) -> PlanetName:
    for name in PLANETS:
        if tile is not None and tile in planet(state, name).tiles and TILES[tile].kind == kind:
            return name
    raise IllegalMove("INVALID_TARGET", f"no {kind.lower()} tile T{tile} lies on a planet")


def _opponent(state: State, seat: Seat, opponent: int | None) -> int:
    if opponent is None or not 0 <= opponent < state.n or opponent == seat:
        raise IllegalMove("INVALID_TARGET", "name an opponent")
    return opponent


def check_action_card(state: State, seat: Seat, cmd: PlayActionCard) -> None:
    require_action(state)
    name = require_in_hand(state, seat, cmd.card)
    if card_kind(name) != "ACTION":
        raise IllegalMove("NOT_AN_ACTION_CARD", f"C{cmd.card} is not an action card")
    if name == "CARD_SWAP":
        others = set(state.hands[seat]) - {cmd.card}
        if cmd.cards is None:
            raise IllegalMove("INVALID_TARGET", "name the cards to discard ([] discards none)")
        if len(cmd.cards) > SWAP_MAX or len(set(cmd.cards)) != len(cmd.cards):
            raise IllegalMove("INVALID_TARGET", f"discard up to {SWAP_MAX} different cards")
        if not set(cmd.cards) <= others:
            raise IllegalMove("CARD_NOT_IN_HAND", "discard only cards from your hand")
    elif name in DESTROY_KINDS:
        unit = unit_on_board(state, cmd.unit)
        kind = DESTROY_KINDS[name]
        if unit is None or (kind is not None and unit.kind != kind):
            raise IllegalMove("INVALID_TARGET", "name a unit of the right type on the board")
    elif name == "TRAITOR":
        if cmd.planet not in PLANETS or not crisis_tiles(state, cmd.planet):
            raise IllegalMove("NO_CRISIS_TILE", "the Traitor needs a planet with a crisis tile")
    elif name == "BUY_CARDS":
        if state.money[seat] < BUY_CARDS_PRICE:
            raise IllegalMove("INSUFFICIENT_FUNDS", f"buying cards costs £{BUY_CARDS_PRICE}")
    elif name == "PLACE_TENSION":
        if not any(TILES[t].kind == "TENSION" for t in state.tile_discard):
            raise IllegalMove("NO_TENSION_IN_DISCARD", "no tension tile lies in the discard pile")
        if cmd.planet not in PLANETS:
            raise IllegalMove("INVALID_TARGET", "name a planet")
        target = planet(state, cmd.planet)
        if target.flipped or target.alien is not None:
            raise IllegalMove("INVALID_TARGET", "no new tiles go on a flipped or alien planet")
    elif name == "DISCARD_TENSION":
        _tile_on_planets(state, cmd.tile, "TENSION")
    elif name in ("FORCED_DISCARD", "ESPIONAGE"):
        _opponent(state, seat, cmd.opponent)
    elif name == "BIG_GAME_HUNT":
        _tile_on_planets(state, cmd.tile, "TROPHY")


def do_action_card(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    check_action_card(em.state, seat, cmd)
    name = effect(cmd.card)
    em.emit(ActionStarted(seat, "CARD"), CardPlayed(seat, cmd.card, name, "ACTION"))
    _ACTION_EFFECTS[name](em, seat, cmd)
    em.emit(ActionCompleted(seat, "CARD"))


def _card_swap(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    discarded = cmd.cards or ()
    if discarded:
        em.emit(CardsDiscarded(seat, discarded, "CARD_SWAP"))
    draw(em, seat, len(discarded) + 1, "CARD_SWAP")
    check_hand_limit(em, seat)


def _draw4_keep2(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    drawn = draw(em, seat, DRAW4_COUNT, "DRAW4_KEEP2", held=True)
    if len(drawn) > DRAW4_KEEP:
        em.require([Decision("CHOOSE_KEEP", seat, count=DRAW4_KEEP)])
        return
    if drawn:
        em.emit(CardsKept(seat, len(drawn)), CardsKeptDetail(seat, tuple(drawn)))
        check_hand_limit(em, seat)


def _destroy(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.unit is not None
    threaten_unit(em, cmd.unit, seat, effect(cmd.card))


def _traitor(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.planet is not None
    balance = em.state.money[seat] + TRAITOR_MONEY
    em.emit(MoneyChanged(seat, TRAITOR_MONEY, balance, "TRAITOR"))
    em.emit(TraitorAttached(seat, cmd.card, cmd.planet))


def _buy_cards(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    balance = em.state.money[seat] - BUY_CARDS_PRICE
    em.emit(MoneyChanged(seat, -BUY_CARDS_PRICE, balance, "BUY_CARDS"))
    draw(em, seat, BUY_CARDS_COUNT, "BUY_CARDS")
    check_hand_limit(em, seat)


def _place_tension(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.planet is not None
    tile = next(t for t in em.state.tile_discard if TILES[t].kind == "TENSION")
    em.emit(TensionPlaced(tile, cmd.planet))


def _discard_tension(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.tile is not None
    where = _tile_on_planets(em.state, cmd.tile, "TENSION")
    em.emit(TileDiscarded(cmd.tile, where, "DISCARD_TENSION"))


def _forced_discard(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.opponent is not None
    what = f"a card {seat_ref(cmd.opponent)} discards at random"
    hand = em.state.hands[cmd.opponent]
    lost = tuple(em.chance.deal(hand, FORCED_DISCARD_COUNT, what, label=card_name))
    if lost:
        em.emit(CardsDiscarded(cmd.opponent, lost, "FORCED_DISCARD"))


def _espionage(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.opponent is not None
    em.emit(HandRevealed(seat, cmd.opponent, em.state.hands[cmd.opponent]))
    em.require([Decision("ESPIONAGE", seat, opponent=cmd.opponent)])


def _rich_veins(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    mines = sum(1 for b in em.state.buildings if b.owner == seat and b.kind == "MINE" and b.planet)
    if mines:
        em.emit(MoneyChanged(seat, mines, em.state.money[seat] + mines, "RICH_VEINS"))


def _space_lottery(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    balance = em.state.money[seat] + LOTTERY_MONEY
    em.emit(MoneyChanged(seat, LOTTERY_MONEY, balance, "SPACE_LOTTERY"))


def _big_game_hunt(em: Emitter, seat: Seat, cmd: PlayActionCard) -> None:
    assert cmd.tile is not None
    where = _tile_on_planets(em.state, cmd.tile, "TROPHY")
    em.emit(TileClaimed(seat, where, cmd.tile, "TROPHY"), TileKept(seat, cmd.tile, "TROPHY"))


_ACTION_EFFECTS = {
    "CARD_SWAP": _card_swap,
    "DRAW4_KEEP2": _draw4_keep2,
    "DESTROY_INFANTRY": _destroy,
    "DESTROY_UNIT": _destroy,
    "DESTROY_CRUISER": _destroy,
    "TRAITOR": _traitor,
    "BUY_CARDS": _buy_cards,
    "PLACE_TENSION": _place_tension,
    "DISCARD_TENSION": _discard_tension,
    "FORCED_DISCARD": _forced_discard,
    "ESPIONAGE": _espionage,
    "RICH_VEINS": _rich_veins,
    "SPACE_LOTTERY": _space_lottery,
    "BIG_GAME_HUNT": _big_game_hunt,
}


def check_free_card(state: State, seat: Seat, cmd: PlayFreeActionCard) -> None:
    name = require_in_hand(state, seat, cmd.card)
    if card_kind(name) != "FREE":
        raise IllegalMove("NOT_A_FREE_ACTION_CARD", f"C{cmd.card} is not a free-action card")
    if state.step != "IDLE" and not (state.step == "COMBAT" and name in FREE_IN_COMBAT):
        raise IllegalMove("ACTION_IN_PROGRESS", "finish the current action first")
    if name == "RECYCLE":
        back = cmd.returned_card
        if (
            back is None
            or back not in state.discard
            or back not in state.played_this_turn
            or effect(back) == "RECYCLE"
        ):
            raise IllegalMove("INVALID_TARGET", "name a card you played this turn (not Recycle)")
    elif name in ("RETURN_TANK", "RETURN_INFANTRY"):
        unit = find_unit(state, cmd.unit or "")
        kind = "TANK" if name == "RETURN_TANK" else "INF"
        if unit is None or unit.owner != seat or unit.kind != kind or not unit.surface:
            raise IllegalMove("INVALID_TARGET", f"name one of your {kind} on a planet's surface")
    elif name == "RAISE_UNIT":
        # B-6 Resolution: one unit by default; RAISE_CARD_UNITS holds the competing reading
        if not 1 <= len(cmd.recruits) <= RAISE_CARD_UNITS:
            raise IllegalMove("INVALID_UNIT_COUNT", f"raise 1 to {RAISE_CARD_UNITS} unit(s)")
        check_recruits(state, seat, cmd.recruits)
    elif name == "TAKE_PASS_MARKER" and state.pass_markers < 1:
        raise IllegalMove("NO_PASS_MARKERS", "the pass card is empty")


def do_free_card(em: Emitter, seat: Seat, cmd: PlayFreeActionCard) -> None:
    check_free_card(em.state, seat, cmd)
    name = effect(cmd.card)
    em.emit(CardPlayed(seat, cmd.card, name, "FREE"))
    if name == "RECYCLE":
        assert cmd.returned_card is not None
        em.emit(CardReturnedToHand(seat, cmd.returned_card))
    elif name in ("RETURN_TANK", "RETURN_INFANTRY"):
        assert cmd.unit is not None
        em.emit(UnitReturnedToOrbit(seat, cmd.unit))
    elif name == "EXTRA_ACTION":
        em.emit(ExtraActionGranted(seat, em.state.actions_left + 1))
    elif name == "RAISE_UNIT":
        raise_units(em, seat, cmd.recruits)
    elif name == "TAKE_PASS_MARKER":
        take_pass_marker(em, seat)
