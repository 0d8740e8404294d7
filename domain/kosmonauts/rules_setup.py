"""Setup of the basic and advanced games (§3)."""

from __future__ import annotations

from domain.game import Chance, IllegalMove, Seat, seat_ref
from domain.kosmonauts import events as ev
from domain.kosmonauts.chance_words import FAMILY_WORDS, body_label, mission_label, seat_label
from domain.kosmonauts.commands import KeepMissions, PlacePlanet
from domain.kosmonauts.components import (
    ADVANCED_EXCLUDED_COUNT,
    ADVANCED_STACKS,
    BASIC_STACK,
    BODIES,
    EARTH_STACK,
    EVENT_CARDS,
    FACE_UP_EVENTS,
    MARKED_SPACES,
    MISSIONS,
    MISSIONS_DEALT_ADVANCED,
    MISSIONS_KEPT_ADVANCED,
    NON_EARTH_BODIES,
    ORBITS,
    START_FUEL_ADVANCED,
    START_FUEL_BASIC,
    START_SHIELDS,
    Body,
)
from domain.kosmonauts.flight import hex_text
from domain.kosmonauts.rules_event_phase import reveal_event_card
from domain.kosmonauts.rules_evolve import Emitter
from domain.kosmonauts.rules_round import start_round
from domain.kosmonauts.state import KosmonautsOptions, Ship, State


def initial(n_seats: int, options: KosmonautsOptions) -> State:
    return State(n_seats=n_seats, options=options, ships=tuple(Ship() for _ in range(n_seats)))


def setup(n_seats: int, options: KosmonautsOptions, chance: Chance) -> list[ev.Event]:
    if n_seats not in ADVANCED_EXCLUDED_COUNT:
        raise IllegalMove("INVALID_PLAYER_COUNT", "Kosmonauts is played by 2 to 4 players")
    out = Emitter(initial(n_seats, options), chance)
    youngest = options.youngest_seat
    if not 0 <= youngest < n_seats:
        raise IllegalMove("BAD_OPTION", f"youngest_seat must be a seat from 0 to {n_seats - 1}")
    if not options.advanced:
        tokens = _deal_planet_tokens(n_seats, youngest, chance)
        out.emit(ev.PlanetTokensDealt(hands=tokens, youngest=youngest))
        return out.events
    out.emit(ev.InstructorAssigned(seat=_first_instructor(n_seats, chance)))
    excluded_count = ADVANCED_EXCLUDED_COUNT[n_seats]
    excluded: tuple[Body, ...] = ()
    if excluded_count:
        left_out = chance.deal(
            NON_EARTH_BODIES, excluded_count, "a body left out of the game", label=body_label
        )
        excluded = tuple(b for b in BODIES if b in left_out)
        out.emit(ev.BodiesExcluded(bodies=excluded))
    # §3.2 step 3 / A16: Alpha and Beta form one Mission II deck; excluded bodies' cards leave.
    # Both decks are face down and unseen: multisets, each card drawn when it is dealt.
    usable = [card for card, (_, body) in MISSIONS.items() if body not in excluded]
    first = sorted(c for c in usable if MISSIONS[c][0] == "I")
    decks = {"Mission I": first, "Mission II": sorted(c for c in usable if MISSIONS[c][0] != "I")}
    hands: dict[Seat, list[str]] = {}
    for seat in out.state.seats_from_instructor():
        hands[seat] = [
            _draw_mission(chance, deck, f"a {name} card dealt to {seat_ref(seat)}")
            for name, deck in decks.items()
            for _ in range(MISSIONS_DEALT_ADVANCED // len(decks))
        ]
        assert len(hands[seat]) == MISSIONS_DEALT_ADVANCED
        out.emit(ev.MissionCardsDealt(seat=seat, cards=tuple(hands[seat])))
        out.emit(ev.MissionCardsDealtCount(seat=seat, count=len(hands[seat])))
    if options.advanced_mission_dedupe:
        _settle_clashes(out, chance, hands, first)
    return out.events


def _deal_planet_tokens(
    n_seats: int, youngest: Seat, chance: Chance
) -> tuple[tuple[Body, ...], ...]:
    """§3.1 step 1 / A34: the 9 tokens are dealt round-robin, starting with the youngest player;
    each token is drawn from those not yet dealt."""
    left = list(BODIES)
    dealt: list[list[Body]] = [[] for _ in range(n_seats)]
    for i in range(len(BODIES)):
        seat = (youngest + i) % n_seats
        token = chance.draw(left, f"the planet token dealt to {seat_ref(seat)}", label=body_label)
        left.remove(token)
        dealt[seat].append(token)
    return tuple(tuple(sorted(hand, key=BODIES.index)) for hand in dealt)


def _first_instructor(n_seats: int, chance: Chance) -> Seat:
    return chance.pick(range(n_seats), "the first instructor", label=seat_label)


def _draw_mission(chance: Chance, deck: list[str], what: str) -> str:
    """One card of a face-down mission deck (a multiset): drawn, and gone from `deck`."""
    card = chance.draw(deck, what, label=mission_label)
    deck.remove(card)
    return card


def place_planet(out: Emitter, seat: Seat, command: PlacePlanet) -> None:
    state = out.state
    body = command.body
    if state.is_placed(body):
        raise IllegalMove("TOKEN_ALREADY_PLACED", f"{body} is already on the board")
    if not state.advanced and body not in state.planet_hands[seat]:
        raise IllegalMove("TOKEN_NOT_IN_HAND", f"{body} is not one of your tokens")
    if state.advanced and body != "EARTH" and not state.is_placed("EARTH"):
        raise IllegalMove("EARTH_FIRST_REQUIRED", "Earth must be the first body placed")
    spaces = ORBITS[body]
    if not 0 <= command.orbit_index < len(spaces):
        raise IllegalMove(
            "INVALID_SPACE",
            f"{body.title()}'s orbit has spaces 0 {hex_text(spaces[0])} to "
            f"{len(spaces) - 1} {hex_text(spaces[-1])}",
        )
    if not state.advanced and command.orbit_index not in MARKED_SPACES[body]:
        marked = ", ".join(f"{i} {hex_text(spaces[i])}" for i in sorted(MARKED_SPACES[body]))
        raise IllegalMove(
            "SPACE_NOT_MARKED", f"{body.title()}'s marked spaces (space hex) are {marked}"
        )
    if command.hex is not None and command.hex != spaces[command.orbit_index]:
        raise IllegalMove(
            "HEX_NOT_ON_SPACE",
            f"{body.title()}'s space {command.orbit_index} is at "
            f"{hex_text(spaces[command.orbit_index])}, not {hex_text(command.hex)}",
        )
    out.emit(
        ev.PlanetPlaced(
            seat=seat,
            body=body,
            orbit_index=command.orbit_index,
            hex=ORBITS[body][command.orbit_index],
        )
    )
    if all(out.state.is_placed(b) for b in BODIES):
        if state.advanced:
            out.emit(ev.PhaseStarted(phase="KEEP_MISSIONS"))
        else:
            _finish_setup(out)


def keep_missions(out: Emitter, seat: Seat, command: KeepMissions) -> None:
    state = out.state
    ship = state.ships[seat]
    if len(command.keep) != MISSIONS_KEPT_ADVANCED or len(set(command.keep)) != len(command.keep):
        raise IllegalMove("MUST_KEEP_EXACTLY_TWO", "keep exactly two different missions")
    if any(card not in ship.missions for card in command.keep):
        raise IllegalMove("CARD_NOT_OWNED", "you can keep only missions dealt to you")
    discarded = tuple(c for c in ship.missions if c not in command.keep)
    out.emit(ev.MissionsKept(seat=seat, kept=command.keep, discarded=discarded))
    out.emit(ev.MissionSelectionMade(seat=seat))
    if all(s.missions_kept for s in out.state.ships):
        _finish_setup(out)


def _finish_setup(out: Emitter) -> None:
    chance = out.chance
    state = out.state
    earth = state.body_hex("EARTH")
    for seat in range(state.n_seats):
        out.emit(ev.ShipPlaced(seat=seat, body="EARTH", hex=earth))  # A8: landed on Earth
    if not state.advanced:
        out.emit(ev.InstructorAssigned(seat=_first_instructor(state.n_seats, chance)))
    out.emit(ev.LandingMarkerStacksPrepared(stacks=_marker_stacks(state)))
    out.emit(ev.EventDeckPrepared(cards=tuple(sorted(EVENT_CARDS))))
    for _ in range(FACE_UP_EVENTS):
        reveal_event_card(out)
    normal, hyper = START_FUEL_ADVANCED if state.advanced else START_FUEL_BASIC
    for seat in range(state.n_seats):
        out.emit(
            ev.PlayerBoardPrepared(seat=seat, normal=normal, hyper=hyper, shields=START_SHIELDS)
        )
    if not state.advanced:
        _deal_basic_missions(out)
    out.emit(ev.SetupCompleted())
    start_round(out, 1)


def _marker_stacks(state: State) -> tuple[tuple[Body, tuple[int, ...]], ...]:
    stacks: list[tuple[Body, tuple[int, ...]]] = []
    for body in BODIES:
        if body == "EARTH":
            stacks.append((body, EARTH_STACK))
        elif not state.advanced:
            stacks.append((body, BASIC_STACK))
        elif body not in state.excluded:
            stacks.append((body, ADVANCED_STACKS[body]))
    return tuple(stacks)


def _deal_basic_missions(out: Emitter) -> None:
    chance = out.chance
    """§3.1 step 7 / A15: deal one card of each deck, then settle Mission I clashes in
    instructor order from the Mission I deck (set-aside cards reshuffled if needed)."""
    decks = {
        family: sorted(c for c, (of, _) in MISSIONS.items() if of == family)
        for family in FAMILY_WORDS
    }
    hands: dict[Seat, list[str]] = {}
    for seat in out.state.seats_from_instructor():
        hands[seat] = [
            _draw_mission(
                chance, deck, f"the {FAMILY_WORDS[family]} card dealt to {seat_ref(seat)}"
            )
            for family, deck in decks.items()
        ]
        out.emit(ev.MissionCardsDealt(seat=seat, cards=tuple(hands[seat])))
        out.emit(ev.MissionCardsDealtCount(seat=seat, count=len(hands[seat])))
    _settle_clashes(out, chance, hands, decks["I"])


def _settle_clashes(
    out: Emitter, chance: Chance, hands: dict[Seat, list[str]], first_deck: list[str]
) -> None:
    """A15: a Mission I naming a body of the same player's Mission II is set aside and replaced
    from the Mission I deck, player by player in instructor order; the set-aside cards are
    reshuffled into a new deck when the deck runs out. A16 option: with no card left that could
    end the clash (advanced 4-player deals use the whole deck), the clash is kept."""
    set_aside: list[str] = []
    for seat in hands:
        second_bodies = {MISSIONS[c][1] for c in hands[seat] if MISSIONS[c][0] != "I"}
        for slot, card in enumerate(hands[seat]):
            if MISSIONS[card][0] != "I":
                continue
            while MISSIONS[hands[seat][slot]][1] in second_bodies:
                if not any(MISSIONS[c][1] not in second_bodies for c in first_deck + set_aside):
                    break
                if not first_deck:
                    first_deck, set_aside = sorted(set_aside), []
                what = f"the Mission I card {seat_ref(seat)} draws in place of a clashing one"
                old, new = hands[seat][slot], _draw_mission(chance, first_deck, what)
                set_aside.append(old)
                hands[seat][slot] = new
                out.emit(ev.MissionCardRedrawn(seat=seat, discarded=old, drawn=new))
                out.emit(ev.MissionCardReplaced(seat=seat))
