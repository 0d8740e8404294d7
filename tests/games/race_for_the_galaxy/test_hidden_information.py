"""Hidden information (digest 5): views ignore what a seat may not know; events leak nothing."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import fields, replace

from domain.game import Visibility
from domain.race_for_the_galaxy import RULES
from domain.race_for_the_galaxy import events as ev
from domain.race_for_the_galaxy.commands import SelectAction
from domain.race_for_the_galaxy.components import STANDARD_ACTIONS
from domain.race_for_the_galaxy.state import State

from .helpers import random_match

PRIVATE_TO_OWNER = (
    ev.CardsDrawnDetail,
    ev.CardsDiscardedDetail,
    ev.ActionChoiceSealed,
    ev.ExploreDrawnDetail,
    ev.ExploredCardsKeptDetail,
    ev.DevelopmentChoiceSealed,
    ev.WorldChoiceSealed,
)
SECRET = (ev.GoodCardPlaced,)


def _scramble(state: State, seat: int, rng: random.Random) -> State:
    """Shuffle every card `seat` cannot see among the places that hide them, and reseal the
    other seats' sealed choices with arbitrary ones."""
    hidden: list[int] = [*state.deck, *state.discard]
    for other, p in enumerate(state.players):
        hidden += [g for _, g in p.goods]
        if other != seat:
            hidden += [*p.hand, *p.explored]
    rng.shuffle(hidden)
    deck, hidden = tuple(sorted(hidden[: len(state.deck)])), hidden[len(state.deck) :]
    discard, hidden = tuple(hidden[: len(state.discard)]), hidden[len(state.discard) :]
    players = []
    for other, p in enumerate(state.players):
        goods = tuple((w, hidden.pop()) for w, _ in p.goods)
        p = replace(p, goods=goods)
        if other != seat:
            hand = tuple(hidden.pop() for _ in p.hand)
            explored = tuple(hidden.pop() for _ in p.explored)
            p = replace(p, hand=hand, explored=explored)
            if state.stage == "SELECT":
                p = replace(p, actions=(rng.choice(STANDARD_ACTIONS),))
            if state.stage in ("DEVELOP_CHOOSE", "SETTLE_CHOOSE"):
                p = replace(p, choice=rng.choice([None, *p.hand]))
        players.append(p)
    return replace(state, deck=deck, discard=discard, players=tuple(players))


def _states(seed: int, n_seats: int) -> list[State]:
    """Every state reached along a random match (sampled every few decisions)."""
    opts = RULES.options({})
    _state, log = random_match(n_seats, seed)
    states = []
    s = RULES.initial(n_seats, opts)
    last = -1
    for index, event in log:
        if index != last and index % 5 == 0:
            states.append(s)
        last = index
        s = RULES.evolve(s, event)
    return states


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), n_seats=st.integers(2, 4), shuffle_seed=st.integers(0, 99))
def test_a_view_does_not_change_when_hidden_facts_change(
    seed: int, n_seats: int, shuffle_seed: int
) -> None:
    rng = random.Random(shuffle_seed)
    for state in _states(seed, n_seats):
        for seat in range(n_seats):
            assert RULES.view(_scramble(state, seat, rng), seat) == RULES.view(state, seat)
        spectator = _scramble(_scramble(state, 0, rng), 1, rng)
        spectator = replace(
            spectator,
            players=tuple(replace(p, hand=p.hand[::-1]) for p in spectator.players),
        )
        assert RULES.view(spectator, None) == RULES.view(state, None)


def _card_fields(event: object) -> set[str]:
    names = {f.name for f in fields(event)}
    return {n for n in names if n in ("cards", "card") or isinstance(getattr(event, n), tuple)} - {
        "selections",
        "schedule",
        "triggers",
        "scores",
        "tiebreaks",
        "winners",
        "order",
        "bonus_seats",
        "seats",
    }


def test_no_event_shows_a_seat_another_seats_private_facts() -> None:
    for seed, n_seats in ((1, 2), (2, 3), (3, 4)):
        _, log = random_match(n_seats, seed)
        for _, event in log:
            vis = event.visibility()
            if isinstance(event, PRIVATE_TO_OWNER):
                assert vis == Visibility.only(event.seat)
            elif isinstance(event, SECRET):
                assert vis == Visibility.no_one()
            else:
                assert vis.is_public
                # Public events carry card ids only for cards that are face up for everyone.
                assert isinstance(
                    event,
                    (
                        ev.StartWorldsDealt,
                        ev.DevelopmentsRevealed,
                        ev.WorldsRevealed,
                        ev.DevelopmentPlaced,
                        ev.WorldPlaced,
                        ev.TableauCardDiscarded,
                        ev.GambleRevealed,
                        ev.ConsumePowerUsed,
                        ev.ProducePowerUsed,
                        ev.VPAwarded,
                    ),
                ) or not _card_fields(event), type(event)


def test_sealed_choices_stay_sealed_until_the_reveal() -> None:
    from .helpers import build, one, play

    s = build([[one("Old Earth")], [one("New Sparta")], [one("Epsilon Eridani")]])
    seen: list = []
    for seat, action in enumerate(("SETTLE", "PRODUCE", "DEVELOP")):
        command = SelectAction((action,))
        assert command.visibility(seat) == Visibility.only(seat)
        s, events = play(s, seat, command)
        seen += events
        if seat < 2:
            assert not any(e.reveals for e in events)
            for other in range(3):
                if other != seat:
                    visible = [e for e in events if e.visibility().allows(other)]
                    assert action not in str(visible)
                    assert RULES.view(s, other).players[seat].actions is None
    revealed = [e for e in seen if isinstance(e, ev.ActionsRevealed)]
    assert revealed and revealed[0].reveals and revealed[0].visibility().is_public
