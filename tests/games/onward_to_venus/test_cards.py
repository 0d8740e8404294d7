"""Card effects (§2.8.3, §4.8): action, free-action, benefit and reaction cards, via decide."""

from __future__ import annotations

from msgspec.structs import replace

from domain.game import TableChance, Visibility
from domain.onward_to_venus import RULES
from domain.onward_to_venus.commands import (
    AbandonClaim,
    AssignCasualties,
    ChooseKeep,
    ClaimTile,
    ConcludeCombat,
    DeclineReaction,
    EndTurn,
    EspionageChoice,
    LandForCombat,
    MoveGroup,
    PlayActionCard,
    PlayCombatCard,
    PlayFreeActionCard,
    PlayReaction,
    Recruit,
    SkipClaim,
    TakePassMarker,
)
from domain.onward_to_venus.components import TILES
from domain.onward_to_venus.events import (
    CardsDiscarded,
    CardsExchanged,
    CardsExchangedDetail,
    CombatRequirementUpdated,
    HandRevealed,
    TraitorDiscarded,
    UnitDestroyed,
)
from domain.onward_to_venus.rules_combat import committed, required, skulls
from domain.onward_to_venus.state import State, find_unit

from .helpers import (
    SKULL,
    dice,
    fresh,
    of,
    place_building,
    place_unit,
    play,
    put_tile,
    rejected,
    set_hand,
    with_money,
)


def with_cards(*effects: str, seat: int = 0, state: State | None = None) -> tuple[State, list[int]]:
    return set_hand(state or fresh(), seat, list(effects))


# --- action cards ----------------------------------------------------------------------------


def test_card_swap_discards_up_to_three_and_draws_one_more() -> None:
    state, (swap, a, b, _) = with_cards("CARD_SWAP", "CP_1", "CP_1", "CP_2")
    state, events = play(state, 0, PlayActionCard(swap, cards=(a, b)))
    assert of(events, CardsDiscarded)[0].cards == (a, b)
    assert len(state.hands[0]) == 1 + 3 and state.actions_left == 0


def test_draw_four_keep_two_holds_the_cards_apart_until_chosen() -> None:
    state, (card,) = with_cards("DRAW4_KEEP2")
    state, _ = play(state, 0, PlayActionCard(card))
    assert len(state.held[0]) == 4 and state.hands[0] == ()
    assert state.pending[0].kind == "CHOOSE_KEEP"
    keep = state.held[0][:2]
    rejected(state, 0, ChooseKeep(state.held[0][:3]), "WRONG_KEEP_COUNT")
    state, events = play(state, 0, ChooseKeep(keep))
    assert state.hands[0] == tuple(sorted(keep)) and state.held[0] == ()
    assert len(of(events, CardsDiscarded)[0].cards) == 2


def test_destroy_infantry_asks_the_owner_then_offers_the_rescue() -> None:
    state, (destroy,) = with_cards("DESTROY_INFANTRY")
    state, (ignore, rescue) = set_hand(state, 1, ["IGNORE_SKULL", "DESTROYED_TO_EARTH"])
    state = place_unit(state, "P2.INF.1", "MARS", surface=True)
    rejected(state, 0, PlayActionCard(destroy, unit="P2.CRU.1"), "INVALID_TARGET")
    state, _ = play(state, 0, PlayActionCard(destroy, unit="P2.INF.1"))
    assert RULES.to_move(state) == frozenset({1})
    rejected(state, 0, EndTurn(), "NOT_YOUR_TURN")
    rejected(state, 1, PlayReaction(rescue), "WRONG_CARD")
    state, events = play(state, 1, DeclineReaction())
    assert of(events, UnitDestroyed)[0].unit == "P2.INF.1"
    assert state.pending[0].kind == "SAVE_DESTROYED"
    state, _ = play(state, 1, PlayReaction(rescue, unit="P2.INF.1"))
    unit = find_unit(state, "P2.INF.1")
    assert (unit.planet, unit.surface) == ("EARTH", False)
    assert ignore in state.hands[1] and not state.pending


def test_traitor_pays_and_raises_the_next_crisis_defence_until_it_falls() -> None:
    state, crisis = put_tile(fresh(), "MARS", "CRISIS", defence=2)
    state, (traitor, cp5, cp4) = with_cards("TRAITOR", "CP_5", "CP_4", state=state)
    rejected(state, 0, PlayActionCard(traitor, planet="VENUS"), "NO_CRISIS_TILE")
    state, _ = play(state, 0, PlayActionCard(traitor, planet="MARS"))
    assert state.money[0] == 15 and state.planets[4].traitors == (traitor,)
    state = replace(state, actions_left=1)
    state = place_unit(state, "P1.CRU.1", "MARS")
    state, _ = play(state, 0, ClaimTile("MARS", crisis), TableChance(dice(3, 3, 3)))
    assert state.combat.base == 4
    state, _ = play(state, 0, LandForCombat(("P1.CRU.1",)))
    state, _ = play(state, 0, PlayCombatCard(cp4))
    state, events = play(state, 0, ConcludeCombat())
    assert of(events, TraitorDiscarded)[0].card == traitor
    assert traitor in state.discard and crisis in state.kept[0]
    assert cp5 in state.hands[0]


def test_buy_cards_costs_three_and_draws_three() -> None:
    state, (buy,) = with_cards("BUY_CARDS")
    rejected(with_money(state, 0, 2), 0, PlayActionCard(buy), "INSUFFICIENT_FUNDS")
    state, _ = play(state, 0, PlayActionCard(buy))
    assert state.money[0] == 9 and len(state.hands[0]) == 3


def test_place_and_discard_tension() -> None:
    state, (place, remove) = with_cards("PLACE_TENSION", "DISCARD_TENSION")
    rejected(state, 0, PlayActionCard(place, planet="MOON"), "NO_TENSION_IN_DISCARD")
    tension = next(t for t in state.bag if TILES[t].kind == "TENSION")
    state = replace(state, bag=tuple(t for t in state.bag if t != tension), tile_discard=(tension,))
    state, _ = play(state, 0, PlayActionCard(place, planet="MOON"))
    assert state.planets[3].tiles == (tension,) and state.tile_discard == ()
    state = replace(state, actions_left=1)
    state, _ = play(state, 0, PlayActionCard(remove, tile=tension))
    assert state.planets[3].tiles == () and state.tile_discard == (tension,)


def test_forced_discard_takes_two_random_cards_face_up() -> None:
    state, (forced,) = with_cards("FORCED_DISCARD")
    rejected(state, 0, PlayActionCard(forced, opponent=0), "INVALID_TARGET")
    chosen = [state.hands[2][3], state.hands[2][0]]
    state, events = play(state, 0, PlayActionCard(forced, opponent=2), TableChance(chosen))
    (discarded,) = of(events, CardsDiscarded)
    assert discarded.seat == 2 and list(discarded.cards) == chosen
    assert discarded.visibility().is_public and len(state.hands[2]) == 2


def test_espionage_shows_the_hand_to_the_spy_only_and_swaps_a_card() -> None:
    state, (spy, mine) = with_cards("ESPIONAGE", "CP_1")
    state, events = play(state, 0, PlayActionCard(spy, opponent=1))
    revealed = of(events, HandRevealed)[0]
    assert revealed.visibility() == Visibility.only(0) and revealed.cards == state.hands[1]
    take = state.hands[1][0]
    rejected(state, 0, EspionageChoice(take, None), "INVALID_TARGET")
    state, events = play(state, 0, EspionageChoice(take, mine))
    assert of(events, CardsExchanged)[0].visibility().is_public
    assert of(events, CardsExchangedDetail)[0].visibility() == Visibility.only(0, 1)
    assert take in state.hands[0] and mine in state.hands[1]


def test_money_cards() -> None:
    state, (veins, lottery) = with_cards("RICH_VEINS", "SPACE_LOTTERY")
    state = place_building(state, "P1.MINE.1", "MARS")
    state = place_building(state, "P1.MINE.2", "TITAN")
    state, _ = play(state, 0, PlayActionCard(veins))
    assert state.money[0] == 14
    state = replace(state, actions_left=1)
    state, _ = play(state, 0, PlayActionCard(lottery))
    assert state.money[0] == 17


def test_big_game_hunt_takes_a_trophy_without_a_unit() -> None:
    state, trophy = put_tile(fresh(), "KUIPER", "TROPHY")
    state, (hunt,) = with_cards("BIG_GAME_HUNT", state=state)
    state, _ = play(state, 0, PlayActionCard(hunt, tile=trophy))
    assert state.kept[0] == (trophy,) and RULES.score(state)[0] == 1 + 8


def test_an_action_card_is_an_action() -> None:
    state, (lottery,) = with_cards("SPACE_LOTTERY")
    rejected(replace(state, actions_left=0), 0, PlayActionCard(lottery), "NO_ACTIONS_LEFT")
    state, (extra,) = with_cards("EXTRA_ACTION")
    rejected(state, 0, PlayActionCard(extra), "NOT_AN_ACTION_CARD")


# --- free-action cards -----------------------------------------------------------------------


def test_extra_action_raise_unit_and_take_pass_marker_cost_no_action() -> None:
    state, (extra, raise_unit, marker) = with_cards(
        "EXTRA_ACTION", "RAISE_UNIT", "TAKE_PASS_MARKER"
    )
    state, _ = play(state, 0, PlayFreeActionCard(extra))
    assert state.actions_left == 2
    state, _ = play(state, 0, PlayFreeActionCard(raise_unit, recruits=(Recruit("CRU", "EARTH"),)))
    assert state.money[0] == 8 and find_unit(state, "P1.CRU.3").planet == "EARTH"
    state, _ = play(state, 0, PlayFreeActionCard(marker))
    assert state.pass_markers == 4 and state.actions_left == 2


def test_return_cards_bring_a_landed_unit_back_to_orbit() -> None:
    state, (tank, infantry) = with_cards("RETURN_TANK", "RETURN_INFANTRY")
    state = place_unit(state, "P1.TANK.1", "MARS", surface=True)
    state = place_unit(state, "P1.INF.1", "MARS", surface=True)
    rejected(state, 0, PlayFreeActionCard(tank, unit="P1.INF.1"), "INVALID_TARGET")
    state, _ = play(state, 0, PlayFreeActionCard(tank, unit="P1.TANK.1"))
    state, _ = play(state, 0, PlayFreeActionCard(infantry, unit="P1.INF.1"))
    assert not find_unit(state, "P1.TANK.1").surface and not find_unit(state, "P1.INF.1").surface


def _fight(roll: list[int], *effects: str, defence: int = 3) -> tuple[State, list[int]]:
    state, tile = put_tile(fresh(), "MARS", "MINE", defence=defence)
    for uid in ("P1.INF.1", "P1.INF.2", "P1.CRU.1", "P1.TANK.1"):
        state = place_unit(state, uid, "MARS")
    state, cards = with_cards(*effects, state=state)
    state, _ = play(state, 0, ClaimTile("MARS", tile), TableChance(roll))
    return state, cards


def test_recycle_returns_a_card_played_this_turn_even_in_a_fight() -> None:
    state, (cp3, recycle) = _fight(dice(2, 2, 2), "CP_3", "RECYCLE")
    state, _ = play(state, 0, PlayCombatCard(cp3))
    rejected(state, 0, PlayFreeActionCard(recycle, returned_card=recycle), "INVALID_TARGET")
    state, _ = play(state, 0, PlayFreeActionCard(recycle, returned_card=cp3))
    state, _ = play(state, 0, PlayCombatCard(cp3))
    assert committed(state, state.combat) == 6


def test_free_actions_other_than_recycle_and_extra_wait_for_the_fight_to_end() -> None:
    state, (_, extra, lottery_raise) = _fight(dice(2, 2, 2), "CP_1", "EXTRA_ACTION", "RAISE_UNIT")
    raise_unit = PlayFreeActionCard(lottery_raise, recruits=(Recruit("INF", "EARTH"),))
    rejected(state, 0, raise_unit, "ACTION_IN_PROGRESS")
    state, _ = play(state, 0, PlayFreeActionCard(extra))
    assert state.actions_left == 1


# --- benefit cards in a fight ----------------------------------------------------------------


def test_benefit_cards_need_an_action_to_modify() -> None:
    state, (cp2,) = with_cards("CP_2")
    rejected(state, 0, PlayCombatCard(cp2), "NO_ACTION_TO_MODIFY")


def test_exclude_die_drops_a_die_from_spread_and_casualties() -> None:
    state, (exclude,) = _fight(dice(SKULL, 6, 5), "EXCLUDE_DIE")
    assert required(state.combat) == 9 and skulls(state.combat) == 1
    state, events = play(state, 0, PlayCombatCard(exclude, dice=(0,)))
    assert of(events, CombatRequirementUpdated)[-1].required == 3 + 1
    assert skulls(state.combat) == 0


def test_ignore_skull_saves_a_unit_but_keeps_the_spread() -> None:
    state, (ignore,) = _fight(dice(SKULL, 6, 5), "IGNORE_SKULL")
    rejected(state, 0, PlayCombatCard(ignore, dice=(1,)), "INVALID_DIE")
    state, _ = play(state, 0, PlayCombatCard(ignore, dice=(0,)))
    assert required(state.combat) == 9 and skulls(state.combat) == 0
    state, _ = play(state, 0, AbandonClaim())
    assert not state.pending


def test_reroll_counts_only_new_faces_and_clears_an_ignore_mark() -> None:
    state, (ignore, reroll) = _fight(dice(SKULL, 6, 5), "IGNORE_SKULL", "REROLL")
    state, _ = play(state, 0, PlayCombatCard(ignore, dice=(0,)))
    state, _ = play(state, 0, PlayCombatCard(reroll, dice=(0,)), TableChance(dice(SKULL)))
    assert state.combat.faces == (SKULL, 6, 5) and skulls(state.combat) == 1


def test_explosive_tank_keeps_its_landing_points() -> None:
    state, (bomb, kamikaze) = _fight(dice(2, 2, 2), "EXPLOSIVE_TANK", "KAMIKAZE")
    state, _ = play(state, 0, LandForCombat(("P1.TANK.1", "P1.INF.1")))
    rejected(state, 0, PlayCombatCard(bomb, unit="P1.INF.1"), "INVALID_TARGET")
    state, _ = play(state, 0, PlayCombatCard(bomb, unit="P1.TANK.1"))
    assert committed(state, state.combat) == 2 + 3 + 1
    assert find_unit(state, "P1.TANK.1").planet is None
    state, _ = play(state, 0, PlayCombatCard(kamikaze, unit="P1.INF.1"))
    assert committed(state, state.combat) == 2 + 3 + 1 + 3


def test_unit_modifiers_and_planet_cards() -> None:
    state, cards = _fight(dice(2, 2, 2), "BIGGER_TANKS", "MODERN_CRUISERS", "MOON_ASSAULT")
    bigger, modern, moon = cards
    state, _ = play(state, 0, LandForCombat(("P1.TANK.1", "P1.CRU.1")))
    state, _ = play(state, 0, PlayCombatCard(bigger))
    state, _ = play(state, 0, PlayCombatCard(modern))
    assert committed(state, state.combat) == 3 + 2
    rejected(state, 0, PlayCombatCard(moon), "CARD_CONDITION_NOT_MET")


def test_cp1_and_draw_adds_a_point_and_a_card() -> None:
    state, (card,) = _fight(dice(2, 2, 2), "CP1_AND_DRAW")
    state, _ = play(state, 0, PlayCombatCard(card))
    assert committed(state, state.combat) == 1 and len(state.hands[0]) == 1


def test_losses_come_after_the_fight_even_when_abandoned() -> None:
    state, _ = _fight(dice(SKULL, SKULL, 3))
    state, _ = play(state, 0, AbandonClaim())
    assert state.pending[0].kind == "CASUALTIES" and state.pending[0].count == 2
    state, events = play(state, 0, AssignCasualties(("P1.INF.1", "P1.TANK.1")))
    assert {e.cause for e in of(events, UnitDestroyed)} == {"COMBAT_SKULL"}


# --- tile effects and the last-pass extra action ---------------------------------------------


def test_undefended_tiles() -> None:
    state, fortune = put_tile(fresh(), "EARTH", "FORTUNE")
    state, trophy = put_tile(state, "EARTH", "TROPHY")
    state, _ = play(state, 0, ClaimTile("EARTH", fortune, landing_unit="P1.INF.1"))
    assert state.money[0] == 15 and fortune in state.tile_discard
    state = replace(state, actions_left=1)
    state, _ = play(state, 0, ClaimTile("EARTH", trophy, landing_unit="P1.CRU.1"))
    assert state.kept[0] == (trophy,)


def test_the_last_pass_extra_action_gives_a_mini_turn() -> None:
    state, (extra,) = with_cards("LAST_PASS_EXTRA_ACTION", seat=1)
    state = replace(state, pass_markers=1)
    state, _ = play(state, 0, TakePassMarker())
    state, _ = play(state, 0, DeclineReaction())
    assert RULES.to_move(state) == frozenset({1})
    state, _ = play(state, 1, PlayReaction(extra))
    assert state.active == 1 and state.actions_left == 1 and state.post_pass_turn
    rejected(state, 1, TakePassMarker(), "NO_PASS_MARKERS")
    state, _ = play(state, 1, MoveGroup("EARTH", "MARS", ("P2.CRU.1",)))
    state, _ = play(state, 1, SkipClaim())
    state, _ = play(state, 1, EndTurn())
    assert RULES.to_move(state) == frozenset({2})
