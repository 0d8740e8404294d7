"""Setup, the period and phase sequence, the end of turns, and final scoring (§3, §4.2-§4.11, §6)."""

from __future__ import annotations

from domain.game import Chance, IllegalMove, Seat, places_from_keys, seat_ref

from .components import (
    BAG_TILE_IDS,
    DECK_CARD_IDS,
    EMPIRES,
    INCOME,
    KEPT_TILE_VP,
    PERIODS,
    PLANETS,
    STARTING_CARD_IDS,
    STARTING_DEAL,
    STARTING_MONEY,
    STARTING_UNITS,
    TILES,
    TILES_PER_PLANET,
    VP_HEXES,
    PlanetName,
    tile_name,
)
from .events import (
    ActionPhaseStarted,
    Award,
    BagFilled,
    DeckShuffled,
    EmpireAssigned,
    GameEnded,
    IncomePaid,
    MoneyChanged,
    PassMarkersPlaced,
    PeriodEnded,
    PeriodStarted,
    PlanetScored,
    PlanetTilesDrawn,
    StartingCardsDetail,
    StartingCardsTaken,
    StartingPiecesPlaced,
    StartPlayerDetermined,
    StartPlayerRolled,
    TileDiscarded,
    TurnEnded,
    TurnStarted,
    UnitsReturnedToOrbit,
)
from .rules_common import Emitter, draw, income_at, planet, planet_incomes
from .state import OnwardOptions, Planet, State, building_id, fresh_buildings, fresh_units, unit_id


def seat_empires(n_seats: int, chosen: str) -> tuple[str, ...]:
    """§3 preconditions: 2-5 players with distinct empires."""
    if not 2 <= n_seats <= len(EMPIRES):
        raise IllegalMove(
            "INVALID_PLAYER_COUNT", f"2 to {len(EMPIRES)} empires play, not {n_seats}"
        )
    if not chosen:
        return EMPIRES[:n_seats]
    empires = tuple(e.strip().upper() for e in chosen.split(","))
    if len(empires) != n_seats or not set(empires) <= set(EMPIRES):
        raise IllegalMove("BAD_OPTION", f"name {n_seats} empires among {', '.join(EMPIRES)}")
    if len(set(empires)) != len(empires):
        raise IllegalMove("EMPIRE_TAKEN", "each empire can be played by one seat only")
    return empires


def initial(n_seats: int, options: OnwardOptions) -> State:
    return State(
        n=n_seats,
        max_rounds=options.max_rounds,
        empires=seat_empires(n_seats, options.empires),
        units=fresh_units(n_seats),
        buildings=fresh_buildings(n_seats),
        planets=tuple(Planet(p) for p in PLANETS),
        money=(0,) * n_seats,
        hands=((),) * n_seats,
        held=((),) * n_seats,
        kept=((),) * n_seats,
        bag=BAG_TILE_IDS,
        deck=DECK_CARD_IDS,
    )


def setup(n_seats: int, options: OnwardOptions, chance: Chance) -> list:
    em = Emitter(initial(n_seats, options), chance)
    for seat, empire in enumerate(em.state.empires):
        em.emit(EmpireAssigned(seat, empire))
        cards = STARTING_CARD_IDS[empire]
        em.emit(StartingCardsTaken(seat, len(cards)), StartingCardsDetail(seat, cards))
        units = tuple(
            unit_id(seat, kind, i)
            for kind, count in STARTING_UNITS.items()
            for i in range(1, count + 1)
        )
        em.emit(StartingPiecesPlaced(seat, units, building_id(seat, "FACTORY", 1)))
        em.emit(MoneyChanged(seat, STARTING_MONEY, STARTING_MONEY, "SETUP"))
    em.emit(DeckShuffled(len(em.state.deck)))
    for seat in range(n_seats):
        draw(em, seat, STARTING_DEAL, "SETUP_DEAL")
    em.emit(BagFilled(len(em.state.bag)))
    em.emit(StartPlayerDetermined(_roll_for_start(em)))
    start_period(em, 1)
    return em.events


def _roll_for_start(em: Emitter) -> int:
    """§3 step 8, B-12: highest sum wins (SKULL = 0); tied players re-roll among themselves."""
    contenders = list(range(em.state.n))
    round_number = 1
    while True:
        totals: dict[int, int] = {}
        for seat in contenders:
            faces = em.roll(f"a die {seat_ref(seat)} rolls for the start player")
            totals[seat] = sum(faces)
            em.emit(StartPlayerRolled(seat, round_number, faces, totals[seat]))
        best = max(totals.values())
        contenders = [s for s in contenders if totals[s] == best]
        if len(contenders) == 1:
            return contenders[0]
        round_number += 1


def start_period(em: Emitter, period: int) -> None:
    em.emit(PeriodStarted(period), PassMarkersPlaced(em.state.n + 2))
    _place_planet_tiles(em)
    start = em.state.start_player or 0
    em.emit(ActionPhaseStarted(start), TurnStarted(start, 1))


def _place_planet_tiles(em: Emitter) -> None:
    """§4.4: one tile at a time, planet by planet; an empty bag stops the placing.

    The bag is the multiset of its tiles: each tile is drawn from what is left in it."""
    for name in PLANETS:
        p = planet(em.state, name)
        if p.flipped or p.alien is not None:
            continue
        wanted = TILES_PER_PLANET[em.state.n][name]
        what = f"a tile drawn from the bag for {name.title()}"
        drawn = tuple(em.chance.deal(em.state.bag, wanted, what, label=tile_name))
        if not drawn:
            continue
        em.emit(PlanetTilesDrawn(name, drawn))
        if name == "GANYMEDE":
            for tile in drawn:
                if TILES[tile].kind == "CRISIS":
                    em.emit(TileDiscarded(tile, name, "GANYMEDE_NO_CRISIS"))


def end_turn(em: Emitter) -> None:
    seat = em.state.active
    assert seat is not None
    em.emit(TurnEnded(seat))
    if em.state.phase != "ACTIONS":
        return
    if em.state.turns >= em.state.max_rounds * em.state.n:
        finish_game(em, "MAX_ROUNDS")
        return
    em.emit(TurnStarted((seat + 1) % em.state.n, 1))


def pay_income_and_return(em: Emitter) -> None:
    """§4.10 income, §4.11 units back to orbit, then the next period or the final scoring."""
    for seat in range(em.state.n):
        mines = sum(
            1 for b in em.state.buildings if b.owner == seat and b.planet and b.kind == "MINE"
        )
        factories = sum(
            1 for b in em.state.buildings if b.owner == seat and b.planet and b.kind == "FACTORY"
        )
        amount = mines * INCOME["MINE"] + factories * INCOME["FACTORY"]
        em.emit(IncomePaid(seat, mines, factories, amount))
        if amount:
            em.emit(MoneyChanged(seat, amount, em.state.money[seat] + amount, "INCOME"))
    for name in PLANETS:
        landed = tuple(u.id for u in em.state.units if u.planet == name and u.surface)
        if landed:
            em.emit(UnitsReturnedToOrbit(name, landed))
    period = em.state.period
    em.emit(PeriodEnded(period))
    if period < PERIODS:
        start_period(em, period + 1)
    else:
        finish_game(em, "THIRD_PERIOD_SCORED")


def planet_awards(
    state: State, name: PlanetName, incomes: list[int] | None = None
) -> tuple[Award, ...]:
    """§6.2 step 1: dense ranks over positive incomes; ties share a hex and use up no rank."""
    if planet(state, name).flipped:
        return ()
    if incomes is None:
        incomes = [income_at(state, s, name) for s in range(state.n)]
    values = sorted({i for i in incomes if i > 0}, reverse=True)
    hexes = VP_HEXES[name]
    awards = []
    for seat, income in enumerate(incomes):
        if income == 0:
            continue
        rank = values.index(income) + 1
        awards.append(Award(seat, income, rank, hexes[rank - 1] if rank <= len(hexes) else 0))
    return tuple(awards)


def tile_vp(state: State, seat: Seat) -> int:
    return sum(KEPT_TILE_VP[TILES[t].kind] for t in state.kept[seat])


def current_scores(state: State) -> tuple[int, ...]:
    scores = [tile_vp(state, s) for s in range(state.n)]
    incomes = planet_incomes(state)
    for name in PLANETS:
        for award in planet_awards(state, name, incomes[name]):
            scores[award.seat] += award.vp
    return tuple(scores)


def _ranking(state: State, scores: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """§6.3: start player marker, then factories + mines, then tile VP, else a shared win."""
    keys = [
        (
            scores[s],
            1 if state.start_player == s else 0,
            sum(1 for b in state.buildings if b.owner == s and b.planet is not None),
            tile_vp(state, s),
        )
        for s in range(state.n)
    ]
    places = places_from_keys(keys)
    winners = tuple(s for s in range(state.n) if places[s] == 1)
    top = [k for k in keys if k[0] == max(scores)]
    step = 0
    if len(top) > 1:
        step = 4
        for depth in (1, 2, 3):
            best = max(k[: depth + 1] for k in top)
            if sum(1 for k in top if k[: depth + 1] == best) == 1:
                step = depth
                break
    return places, winners, step


def finish_game(em: Emitter, reason: str) -> None:
    for name in PLANETS:
        awards = planet_awards(em.state, name)
        if awards:
            em.emit(PlanetScored(name, awards))
    scores = current_scores(em.state)
    places, winners, step = _ranking(em.state, scores)
    em.emit(GameEnded(reason, scores, places, winners, step))


def everyone_loses(em: Emitter, reason: str) -> None:
    """§6.1: a catastrophic end has no scoring and no winner; everyone shares the last place."""
    n = em.state.n
    em.emit(GameEnded(reason, (0,) * n, (n,) * n, ()))
