"""Every Onward to Venus event as a sentence, one small function per event type (issue #25).

Each function reads its one event and the seat names, nothing else: a private event (the
`...Detail` twins, a revealed hand) names its cards, its public twin only counts them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .components import EMPIRES
from .events import (
    ActionCompleted,
    ActionPhaseEnded,
    ActionPhaseStarted,
    ActionStarted,
    AlienDefeated,
    AliensAdvanced,
    AliensArrived,
    BagFilled,
    BazagthothControlDetermined,
    CardPlayed,
    CardReturnedToHand,
    CardsDiscarded,
    CardsDrawn,
    CardsDrawnDetail,
    CardsExchanged,
    CardsExchangedDetail,
    CardsKept,
    CardsKeptDetail,
    CardTaken,
    CardTakenDetail,
    ClaimAttempted,
    ClaimWindowOpened,
    CombatDiceRerolled,
    CombatDiceRolled,
    CombatDieExcluded,
    CombatModifierApplied,
    CombatPointsAdded,
    CombatRequirementUpdated,
    CombatResolved,
    CombatSkullIgnored,
    CrisisDiceRolled,
    CrisisDiePlaced,
    CrisisLevelDetermined,
    CrisisPhaseStarted,
    CrisisResolved,
    DamageRolled,
    DecisionRequired,
    DecisionResolved,
    DeckReshuffled,
    DeckShuffled,
    DestructionCancelled,
    EmpireAssigned,
    ExtraActionGranted,
    FactoryBuilt,
    GameEnded,
    GroupMoved,
    HandRevealed,
    IncomePaid,
    MineBuilt,
    MoneyChanged,
    PassMarkersPlaced,
    PassMarkerTaken,
    PeriodEnded,
    PeriodStarted,
    PieceRemoved,
    PieceTakenOver,
    PiratesPaid,
    PlanetFlipped,
    PlanetScored,
    PlanetTilesDrawn,
    PostPassAnswered,
    StartingCardsDetail,
    StartingCardsTaken,
    StartingPiecesPlaced,
    StartPlayerDetermined,
    StartPlayerMarkerTaken,
    StartPlayerRolled,
    TensionPlaced,
    TileClaimed,
    TileDiscarded,
    TileKept,
    TraitorAttached,
    TraitorDiscarded,
    TurnEnded,
    TurnStarted,
    UnitDestroyed,
    UnitRemoved,
    UnitReturnedToOrbit,
    UnitSavedToEarth,
    UnitsLanded,
    UnitsRaised,
    UnitsReturnedToOrbit,
)
from .phrasing import (
    Names,
    card,
    cards,
    count,
    dice,
    die,
    faces,
    join,
    money,
    piece,
    pieces,
    planet,
    planets,
    recruits,
    seat,
)
from .state import Decision
from .wording import (
    ACTIONS,
    COMBAT_SOURCES,
    CRISIS_NAMES,
    CRISIS_OUTCOMES,
    DECISIONS,
    DISCARD_REASONS,
    DRAW_REASONS,
    EMPIRE_TITLES,
    END_WORDS,
    FLIP_REASONS,
    LANDING_PURPOSES,
    LOSS_CAUSES,
    MONEY_REASONS,
    PLAY_MODES,
    THEFT_REASONS,
    TILE_DISCARD_REASONS,
    card_title,
    tile_title,
    word,
)

E = TypeVar("E")
Teller = Callable[[Any, Names], str]

TELLERS: dict[type, Teller] = {}
"""Each event class with the function that tells it."""


def tells(cls: type[E]) -> Callable[[Callable[[E, Names], str]], Callable[[E, Names], str]]:
    def register(function: Callable[[E, Names], str]) -> Callable[[E, Names], str]:
        TELLERS[cls] = function
        return function

    return register


def _tile_on(tile: int, where: str | None) -> str:
    return f"the {tile_title(tile)} tile" + ("" if where is None else f" on {planet(where)}")


# --- setup --------------------------------------------------------------------------------------


@tells(EmpireAssigned)
def _empire(e: EmpireAssigned, names: Names) -> str:
    empire = word(EMPIRE_TITLES, e.empire) if e.empire in EMPIRES else "an empire"
    return f"{seat(names, e.seat)} plays {empire}"


@tells(StartingPiecesPlaced)
def _starting_pieces(e: StartingPiecesPlaced, names: Names) -> str:
    return f"{seat(names, e.seat)} starts at Earth with {pieces((*e.units, e.factory))}"


@tells(StartingCardsTaken)
def _starting_cards(e: StartingCardsTaken, names: Names) -> str:
    return f"{seat(names, e.seat)} takes {count(e.count, 'empire starting card')}"


@tells(StartingCardsDetail)
def _starting_cards_detail(e: StartingCardsDetail, names: Names) -> str:
    return f"{seat(names, e.seat)}'s starting cards: {cards(e.cards)}"


@tells(BagFilled)
def _bag(e: BagFilled, names: Names) -> str:
    return f"{count(e.size, 'planet tile')} go into the bag"


@tells(DeckShuffled)
def _deck(e: DeckShuffled, names: Names) -> str:
    return f"the deck of {count(e.size, 'card')} is shuffled"


@tells(StartPlayerRolled)
def _start_roll(e: StartPlayerRolled, names: Names) -> str:
    again = "" if e.round <= 1 else f" (roll-off {e.round})"
    return f"{seat(names, e.seat)} rolls {faces(e.faces)} for start player: {e.total}{again}"


@tells(StartPlayerDetermined)
def _start_player(e: StartPlayerDetermined, names: Names) -> str:
    return f"{seat(names, e.seat)} is the start player"


# --- money and cards ----------------------------------------------------------------------------


@tells(MoneyChanged)
def _money(e: MoneyChanged, names: Names) -> str:
    verb = "gains" if e.delta >= 0 else "pays"
    why = word(MONEY_REASONS, e.reason)
    return f"{seat(names, e.seat)} {verb} {money(abs(e.delta))} {why} (now {money(e.balance)})"


@tells(CardsDrawn)
def _drawn(e: CardsDrawn, names: Names) -> str:
    return f"{seat(names, e.seat)} draws {count(e.count, 'card')} {word(DRAW_REASONS, e.reason)}"


@tells(CardsDrawnDetail)
def _drawn_detail(e: CardsDrawnDetail, names: Names) -> str:
    held = " to choose from" if e.held else ""
    return f"{seat(names, e.seat)} draws {cards(e.cards)}{held}"


@tells(DeckReshuffled)
def _reshuffled(e: DeckReshuffled, names: Names) -> str:
    return f"the discard pile ({count(e.size, 'card')}) is shuffled into a new deck"


@tells(CardPlayed)
def _played(e: CardPlayed, names: Names) -> str:
    return f"{seat(names, e.seat)} plays {card_title(e.effect)}{word(PLAY_MODES, e.mode)}"


@tells(CardsDiscarded)
def _discarded(e: CardsDiscarded, names: Names) -> str:
    why = word(DISCARD_REASONS, e.reason)
    return f"{seat(names, e.seat)} discards {cards(e.cards)} {why}"


@tells(CardReturnedToHand)
def _returned(e: CardReturnedToHand, names: Names) -> str:
    return f"{seat(names, e.seat)} takes {card(e.card)} back from the discard pile"


@tells(CardsKept)
def _kept(e: CardsKept, names: Names) -> str:
    return f"{seat(names, e.seat)} keeps {count(e.count, 'card')}"


@tells(CardsKeptDetail)
def _kept_detail(e: CardsKeptDetail, names: Names) -> str:
    return f"{seat(names, e.seat)} keeps {cards(e.cards)}"


@tells(CardTaken)
def _taken(e: CardTaken, names: Names) -> str:
    why = word(THEFT_REASONS, e.reason)
    return f"{seat(names, e.thief)} takes a card from {seat(names, e.victim)} {why}"


@tells(CardTakenDetail)
def _taken_detail(e: CardTakenDetail, names: Names) -> str:
    return f"{seat(names, e.thief)} takes {card(e.card)} from {seat(names, e.victim)}"


@tells(HandRevealed)
def _hand(e: HandRevealed, names: Names) -> str:
    held = cards(e.cards) if e.cards else "nothing"
    return f"{seat(names, e.spy)} sees {seat(names, e.target)}'s hand: {held}"


@tells(CardsExchanged)
def _exchanged(e: CardsExchanged, names: Names) -> str:
    spy, target = seat(names, e.spy), seat(names, e.target)
    if not e.took:
        return f"{spy} takes nothing from {target}"
    back = " and gives one back" if e.gave else ""
    return f"{spy} takes a card from {target}{back}"


@tells(CardsExchangedDetail)
def _exchanged_detail(e: CardsExchangedDetail, names: Names) -> str:
    spy, target = seat(names, e.spy), seat(names, e.target)
    if e.take is None:
        return f"{spy} takes nothing from {target}"
    back = "" if e.give is None else f" and gives {card(e.give)}"
    return f"{spy} takes {card(e.take)} from {target}{back}"


@tells(TraitorAttached)
def _traitor(e: TraitorAttached, names: Names) -> str:
    return f"{seat(names, e.seat)} attaches {card(e.card)} to {planet(e.planet)}"


@tells(TraitorDiscarded)
def _traitor_gone(e: TraitorDiscarded, names: Names) -> str:
    return f"the {card(e.card)} on {planet(e.planet)} is discarded"


# --- periods, turns and actions -----------------------------------------------------------------


@tells(PeriodStarted)
def _period(e: PeriodStarted, names: Names) -> str:
    return f"period {e.period} begins"


@tells(PassMarkersPlaced)
def _markers(e: PassMarkersPlaced, names: Names) -> str:
    return f"{count(e.count, 'pass marker')} go on the pass card"


@tells(PlanetTilesDrawn)
def _tiles_drawn(e: PlanetTilesDrawn, names: Names) -> str:
    drawn = join(tile_title(t) for t in e.tiles) if e.tiles else "no tiles"
    return f"{planet(e.planet)} gets {drawn}"


@tells(TensionPlaced)
def _tension(e: TensionPlaced, names: Names) -> str:
    return f"a {tile_title(e.tile)} tile goes on {planet(e.planet)}"


@tells(TileDiscarded)
def _tile_gone(e: TileDiscarded, names: Names) -> str:
    why = word(TILE_DISCARD_REASONS, e.reason)
    return f"{_tile_on(e.tile, e.planet)} is discarded {why}"


@tells(ActionPhaseStarted)
def _phase(e: ActionPhaseStarted, names: Names) -> str:
    return f"the action phase begins with {seat(names, e.start_player)}"


@tells(TurnStarted)
def _turn(e: TurnStarted, names: Names) -> str:
    if e.post_pass:
        return f"{seat(names, e.seat)} takes one more action after the last pass marker"
    return f"{seat(names, e.seat)}'s turn: {count(e.actions, 'action')}"


@tells(TurnEnded)
def _turn_end(e: TurnEnded, names: Names) -> str:
    return f"{seat(names, e.seat)} ends the turn"


@tells(ActionStarted)
def _action(e: ActionStarted, names: Names) -> str:
    return f"{seat(names, e.seat)} begins {word(ACTIONS, e.action)}"


@tells(ActionCompleted)
def _action_done(e: ActionCompleted, names: Names) -> str:
    return f"{seat(names, e.seat)} completes {word(ACTIONS, e.action)}"


@tells(ExtraActionGranted)
def _extra(e: ExtraActionGranted, names: Names) -> str:
    return f"{seat(names, e.seat)} gains an extra action ({count(e.actions, 'action')} left)"


@tells(GroupMoved)
def _moved(e: GroupMoved, names: Names) -> str:
    route = f"from {planet(e.origin)} to {planet(e.destination)}"
    reach = f"{e.distance} of {count(e.allowance, 'move')}"
    return f"{seat(names, e.seat)} moves {pieces(e.units)} {route} ({reach})"


@tells(ClaimWindowOpened)
def _window(e: ClaimWindowOpened, names: Names) -> str:
    return f"{seat(names, e.seat)} may claim a tile on {planet(e.planet)} as part of the move"


@tells(UnitsLanded)
def _landed(e: UnitsLanded, names: Names) -> str:
    why = word(LANDING_PURPOSES, e.purpose)
    return f"{seat(names, e.seat)} lands {pieces(e.units)} on {planet(e.planet)} {why}"


@tells(UnitsRaised)
def _raised(e: UnitsRaised, names: Names) -> str:
    raised = recruits((unit.kind, unit.planet) for unit in e.units)
    return f"{seat(names, e.seat)} raises {raised}"


@tells(UnitReturnedToOrbit)
def _unit_back(e: UnitReturnedToOrbit, names: Names) -> str:
    return f"{piece(e.unit, names)} returns to orbit"


@tells(PassMarkerTaken)
def _marker(e: PassMarkerTaken, names: Names) -> str:
    return f"{seat(names, e.seat)} takes a pass marker ({e.remaining} left)"


@tells(StartPlayerMarkerTaken)
def _start_marker(e: StartPlayerMarkerTaken, names: Names) -> str:
    return f"{seat(names, e.seat)} takes the start player marker"


@tells(ActionPhaseEnded)
def _phase_end(e: ActionPhaseEnded, names: Names) -> str:
    last = f"the action phase ends: {seat(names, e.last_marker_by)} took the last pass marker"
    if not e.asked:
        return last
    everyone = set(e.asked) == set(range(len(names)))
    asked = "everyone" if everyone else join(seat(names, s) for s in e.asked)
    return f"{last}; {asked} may answer with one more action"


@tells(PostPassAnswered)
def _post_pass(e: PostPassAnswered, names: Names) -> str:
    if e.played:
        return f"{seat(names, e.seat)} answers with one more action"
    return f"{seat(names, e.seat)} lets the phase end"


# --- combat and claims --------------------------------------------------------------------------


@tells(ClaimAttempted)
def _attempt(e: ClaimAttempted, names: Names) -> str:
    against = "" if e.target is None else f" against {piece(e.target, names)}"
    moving = ", as part of a move" if e.part_of_move else ""
    fight = f"{_tile_on(e.tile, e.planet)}{against}"
    return f"{seat(names, e.seat)} fights for {fight}{moving}: defence {e.base}"


@tells(CombatDiceRolled)
def _combat_roll(e: CombatDiceRolled, names: Names) -> str:
    return f"the combat dice show {faces(e.faces)}"


@tells(CombatDiceRerolled)
def _combat_reroll(e: CombatDiceRerolled, names: Names) -> str:
    return f"{dice(e.indices)} rerolled: the dice now show {faces(e.faces)}"


@tells(CombatDieExcluded)
def _excluded(e: CombatDieExcluded, names: Names) -> str:
    return f"{die(e.index)} is set aside"


@tells(CombatSkullIgnored)
def _ignored(e: CombatSkullIgnored, names: Names) -> str:
    return f"the skull on {die(e.index)} is ignored"


@tells(CombatRequirementUpdated)
def _required(e: CombatRequirementUpdated, names: Names) -> str:
    return f"the fight needs {e.required} CP (defence {e.base} plus spread {e.spread})"


@tells(CombatModifierApplied)
def _modifier(e: CombatModifierApplied, names: Names) -> str:
    return f"{card_title(e.modifier)} holds for this fight"


@tells(CombatPointsAdded)
def _points(e: CombatPointsAdded, names: Names) -> str:
    source = COMBAT_SOURCES.get(e.source) or card_title(e.source)
    return f"{source} adds {e.amount} CP ({e.total} CP in all)"


@tells(CombatResolved)
def _resolved(e: CombatResolved, names: Names) -> str:
    outcome = "won" if e.success else "lost"
    return f"the fight is {outcome}: {e.committed} CP against {e.required} needed"


@tells(TileClaimed)
def _claimed(e: TileClaimed, names: Names) -> str:
    return f"{seat(names, e.seat)} claims {_tile_on(e.tile, e.planet)}"


@tells(TileKept)
def _tile_kept(e: TileKept, names: Names) -> str:
    return f"{seat(names, e.seat)} keeps the {tile_title(e.tile)} tile"


@tells(FactoryBuilt)
def _factory(e: FactoryBuilt, names: Names) -> str:
    return f"{seat(names, e.seat)} builds a factory on {planet(e.planet)}"


@tells(MineBuilt)
def _mine(e: MineBuilt, names: Names) -> str:
    return f"{seat(names, e.seat)} builds a mine on {planet(e.planet)}"


@tells(PieceTakenOver)
def _takeover(e: PieceTakenOver, names: Names) -> str:
    what = f"{piece(e.old_piece, names)} on {planet(e.planet)}"
    return f"{seat(names, e.attacker)} takes over {what}"


@tells(AlienDefeated)
def _alien(e: AlienDefeated, names: Names) -> str:
    return f"the aliens on {planet(e.planet)} are defeated"


# --- losses -------------------------------------------------------------------------------------


@tells(UnitDestroyed)
def _destroyed(e: UnitDestroyed, names: Names) -> str:
    what = f"{piece(e.unit, names)} on {planet(e.planet)}"
    return f"{what} is destroyed {word(LOSS_CAUSES, e.cause)}"


@tells(UnitRemoved)
def _removed(e: UnitRemoved, names: Names) -> str:
    what = f"{piece(e.unit, names)} on {planet(e.planet)}"
    return f"{what} goes back to supply {word(LOSS_CAUSES, e.reason)}"


@tells(UnitSavedToEarth)
def _saved(e: UnitSavedToEarth, names: Names) -> str:
    return f"{piece(e.unit, names)} is saved to Earth orbit with {card(e.card)}"


@tells(DestructionCancelled)
def _cancelled(e: DestructionCancelled, names: Names) -> str:
    return f"{piece(e.unit, names)} is spared with {card(e.card)}"


@tells(PieceRemoved)
def _piece_removed(e: PieceRemoved, names: Names) -> str:
    what = f"{piece(e.piece, names)} on {planet(e.planet)}"
    return f"{what} is removed {word(LOSS_CAUSES, e.reason)}"


def _owed(d: Decision, names: Names) -> str:
    """What a decision asks of its seat, from the decision alone."""
    who = seat(names, d.seat)
    match d.kind:
        case "DISCARD_TO_LIMIT":
            return f"{who} must discard {count(d.count, 'card')} to the hand limit"
        case "CHOOSE_KEEP":
            return f"{who} must choose {count(d.count, 'card')} to keep"
        case "ESPIONAGE":
            return f"{who} looks at {seat(names, d.opponent)}'s hand and may take a card"
        case "CASUALTIES":
            return f"{who} must lose {count(d.count, 'unit')} on {planet(d.planet)}"
        case "CANCEL_DESTRUCTION":
            threat = f"{piece(d.units[0], names)}" if d.units else "a unit"
            return f"{who} may cancel the destruction of {threat}"
        case "SAVE_DESTROYED":
            return f"{who} may save {pieces(d.units)} to Earth orbit"
        case "BAZAGTHOTH":
            return f"{who} may hire Eyeless Bazagthoth for deed {d.level}"
        case "CRISIS_LOSSES":
            losses = f"{count(d.count, 'unit')} and {count(d.buildings, 'building')}"
            return f"{who} must give up {losses} {word(LOSS_CAUSES, d.reason)}"
    return f"{who} owes a decision: {word(DECISIONS, d.kind)}"


@tells(DecisionRequired)
def _required_decision(e: DecisionRequired, names: Names) -> str:
    return _owed(e.decision, names)


@tells(DecisionResolved)
def _resolved_decision(e: DecisionResolved, names: Names) -> str:
    return f"{seat(names, e.seat)} settles the {word(DECISIONS, e.kind)}"


# --- crises, income, the end --------------------------------------------------------------------


@tells(CrisisPhaseStarted)
def _crises(e: CrisisPhaseStarted, names: Names) -> str:
    return f"the crisis phase of period {e.period} begins"


@tells(CrisisDiceRolled)
def _crisis_roll(e: CrisisDiceRolled, names: Names) -> str:
    return f"the crisis dice show {faces(e.faces)}"


@tells(CrisisDiePlaced)
def _crisis_die(e: CrisisDiePlaced, names: Names) -> str:
    return f"a skull die goes on {_tile_on(e.tile, e.planet)}"


@tells(CrisisLevelDetermined)
def _level(e: CrisisLevelDetermined, names: Names) -> str:
    parts = f"{count(e.tiles, 'crisis tile')} and {count(e.dice, 'skull die', 'skull dice')}"
    return f"the crisis level on {planet(e.planet)} is {e.level} ({parts})"


@tells(CrisisResolved)
def _crisis(e: CrisisResolved, names: Names) -> str:
    crisis = word(CRISIS_NAMES, e.planet)
    outcome = word(CRISIS_OUTCOMES, e.outcome)
    return f"{crisis} on {planet(e.planet)}, level {e.level}: {outcome}"


@tells(BazagthothControlDetermined)
def _bazagthoth(e: BazagthothControlDetermined, names: Names) -> str:
    return f"{seat(names, e.seat)} controls Eyeless Bazagthoth"


@tells(DamageRolled)
def _damage(e: DamageRolled, names: Names) -> str:
    return f"the damage dice from {planet(e.source)} show {faces(e.faces)}: {e.hits} hits on Earth"


@tells(PlanetFlipped)
def _flipped(e: PlanetFlipped, names: Names) -> str:
    return f"{planet(e.planet)} is flipped: {word(FLIP_REASONS, e.reason)}"


@tells(PiratesPaid)
def _pirates(e: PiratesPaid, names: Names) -> str:
    return f"{seat(names, e.seat)} pays the Space Pirates {money(e.paid)} of {money(e.due)} due"


@tells(AliensArrived)
def _aliens(e: AliensArrived, names: Names) -> str:
    return f"aliens land on {planets(e.planets)}"


@tells(AliensAdvanced)
def _advance(e: AliensAdvanced, names: Names) -> str:
    steps = join(
        f"{planet(a)} to {planet(b)}" for a, b in zip(e.origins, e.destinations, strict=False)
    )
    return f"the aliens advance: {steps}"


@tells(IncomePaid)
def _income(e: IncomePaid, names: Names) -> str:
    sources = f"{count(e.mines, 'mine')} and {count(e.factories, 'factory', 'factories')}"
    return f"{seat(names, e.seat)} earns {money(e.amount)} from {sources}"


@tells(UnitsReturnedToOrbit)
def _back_to_orbit(e: UnitsReturnedToOrbit, names: Names) -> str:
    return f"units return to orbit on {planet(e.planet)}: {pieces(e.units, names)}"


@tells(PeriodEnded)
def _period_end(e: PeriodEnded, names: Names) -> str:
    return f"period {e.period} ends"


@tells(PlanetScored)
def _scored(e: PlanetScored, names: Names) -> str:
    if not e.awards:
        return f"{planet(e.planet)} scores no one"
    awards = join(f"{seat(names, a.seat)} {a.vp} VP ({money(a.income)})" for a in e.awards)
    return f"{planet(e.planet)} scores: {awards}"


@tells(GameEnded)
def _ended(e: GameEnded, names: Names) -> str:
    why = word(END_WORDS, e.reason)
    if not e.winners:
        return f"the game ends as {why}: everyone loses"
    won = join(seat(names, s) for s in e.winners)
    verb = "wins" if len(e.winners) == 1 else "win"
    best = e.scores[e.winners[0]] if 0 <= e.winners[0] < len(e.scores) else 0
    return f"the game ends as {why}: {won} {verb} with {best} VP"


def tell(event: Any, names: Names) -> str:
    teller = TELLERS.get(type(event))
    if teller is None:
        return "something happens"
    return teller(event, names)


__all__ = ["TELLERS", "tell"]
