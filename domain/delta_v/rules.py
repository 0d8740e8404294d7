"""Delta V's rules, one screen: setup, who decides, the checks every command passes, the score.

Each command's own rules live beside this file: the four actions in `rules_actions.py`, response
windows, incidents and the alien in `rules_incidents.py`, the contract attempt in `rules_contract.py`,
the automatic procedures of §4.6 in `rules_flow.py`, `evolve` in `rules_evolve.py`, `legal` in
`rules_legal.py`, and the board's terms (§4.1) in `rules_board.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.game import Chance, IllegalMove, Result, TableChance, seat_ref

from . import commands as c
from . import rules_actions as actions
from . import rules_contract as contract
from . import rules_incidents as incidents
from .components import (
    COLOURS,
    MANIFESTS,
    MAX_SEATS,
    MIN_SEATS,
    REGULAR_MINERALS,
    ROCKETS_PER_PLAYER,
    STATION,
    ContractSpec,
    Face,
    ManifestError,
    Position,
    bribe_id,
    check_manifest,
    grid_positions,
    rocket_id,
)
from .events import (
    AsteroidFieldLaid,
    BribeSpec,
    Event,
    FirstPlayerChosen,
    GameCreated,
    PlayerEquipped,
    RocketPlacedOnStation,
)
from .rules_board import final_scores
from .rules_evolve import evolve
from .rules_flow import Outcome, start_turn
from .state import DeltaVOptions, Phase, State

__all__ = ["decide", "evolve", "initial", "opening_events", "result", "score", "setup", "to_move"]


def initial(n_seats: int, options: DeltaVOptions) -> State:
    return State(n_seats=n_seats, options=options)


def setup(n_seats: int, options: DeltaVOptions, chance: Chance) -> list[Event]:
    """§3 and §7: the 48 tiles laid face down, then the first player. Nobody has seen a tile, so
    none has a face yet: each is drawn from the tiles still unseen when it is first looked at."""
    manifest = MANIFESTS[options.manifest_id]
    try:
        check_manifest(manifest)
    except ManifestError as exc:
        raise IllegalMove("BAD_MANIFEST", str(exc)) from None
    check_seats(n_seats)
    first = chance.pick(tuple(range(n_seats)), "the first player", label=seat_ref)
    return opening_events(
        n_seats,
        options,
        manifest.tiles,
        grid_positions(),
        first,
        manifest.contracts,
        manifest.manifest_id,
    )


def check_seats(n_seats: int) -> None:
    if not MIN_SEATS <= n_seats <= MAX_SEATS:
        raise IllegalMove("BAD_SEATS", f"Delta V seats {MIN_SEATS} to {MAX_SEATS} players")


def opening_events(
    n_seats: int,
    options: DeltaVOptions,
    faces: tuple[Face, ...],
    positions: tuple[Position, ...],
    first: int,
    contracts: tuple[ContractSpec, ...],
    manifest_id: str,
) -> list[Event]:
    """The opening once chance has spoken: `faces` laid face down on `positions` (a hand-made
    field may leave cells empty)."""
    check_seats(n_seats)
    events: list[Event] = [
        GameCreated(n_seats, COLOURS[:n_seats], manifest_id, contracts),
        AsteroidFieldLaid(tuple(sorted(positions)), STATION, faces),
    ]
    for seat in range(n_seats):
        rockets = tuple(rocket_id(seat, n) for n in range(1, ROCKETS_PER_PLAYER + 1))
        # R1: one counter of each regular mineral; there is no Omnidium counter.
        bribes = tuple(BribeSpec(bribe_id(seat, m), m) for m in REGULAR_MINERALS)
        events.append(PlayerEquipped(seat, rockets, bribes))
    events += [RocketPlacedOnStation(seat, rocket_id(seat, 1), "setup") for seat in range(n_seats)]
    events.append(FirstPlayerChosen(first))
    state = initial(n_seats, options)
    for event in events:
        state = evolve(state, event)
    out = Outcome(state, TableChance())  # the first turn starts without drawing anything
    start_turn(out, 1, first)
    return events + out.events


Handler = Callable[[State, int, Any, Chance], Outcome]

OWN_TURN_INCIDENT_PHASES: frozenset[Phase] = frozenset(
    {"ACTION", "CONTRACT_DECLARATION", "CONTRACT_REVEAL"}
)
"""R2 (revised in turn 2): Mineral Scan, Sabotage and Rocket Acquisition may be used "during
your turn" wherever the active player has a decision: before the action, after it, before
declaring, and between the reveals of a contract attempt; never once the turn has ended."""

# Each command: the phases it belongs to, and its rules.
COMMANDS: dict[type, tuple[frozenset[Phase], Handler]] = {
    c.PlayPirateAttack: (frozenset({"PRE_ACTION_WINDOW"}), incidents.play_pirate_attack),
    c.PlayMeteorStorm: (frozenset({"PRE_CONTRACT_WINDOW"}), incidents.play_meteor_storm),
    c.PassResponse: (
        frozenset({"PRE_ACTION_WINDOW", "PRE_CONTRACT_WINDOW"}),
        incidents.pass_response,
    ),
    c.MoveRockets: (frozenset({"ACTION"}), actions.move_rockets),
    c.Prospect: (frozenset({"ACTION"}), actions.prospect),
    c.SatelliteSurvey: (frozenset({"ACTION"}), actions.satellite_survey),
    c.BuyRocket: (frozenset({"ACTION"}), actions.buy_rocket),
    c.ChooseProspectReveal: (frozenset({"PROSPECT_DECISION"}), actions.choose_prospect_reveal),
    c.UseMineralScan: (OWN_TURN_INCIDENT_PHASES, incidents.use_mineral_scan),
    c.UseSabotage: (OWN_TURN_INCIDENT_PHASES, incidents.use_sabotage),
    c.UseRocketAcquisition: (OWN_TURN_INCIDENT_PHASES, incidents.use_rocket_acquisition),
    c.ScanPeek: (frozenset({"SCAN_PEEKING"}), incidents.scan_peek),
    c.FinishMineralScan: (frozenset({"SCAN_PEEKING"}), incidents.finish_mineral_scan),
    c.ResolveAlienEncounter: (frozenset({"ALIEN_DECISION"}), incidents.resolve_alien_encounter),
    c.DeclareContract: (frozenset({"CONTRACT_DECLARATION"}), contract.declare_contract),
    c.SkipContractStep: (frozenset({"CONTRACT_DECLARATION"}), contract.skip_contract_step),
    c.RevealTile: (frozenset({"CONTRACT_REVEAL", "BID_UP_REVEAL"}), contract.reveal_tile),
    c.ReplaceMineral: (frozenset({"REPLACEMENT_DECISION"}), contract.replace_mineral),
    c.AcceptFailure: (frozenset({"REPLACEMENT_DECISION"}), contract.accept_failure),
    c.BidUp: (frozenset({"BID_UP_WINDOW"}), contract.bid_up),
    c.PassBidUp: (frozenset({"BID_UP_WINDOW"}), contract.pass_bid_up),
}


def decide(state: State, seat: int, command: c.Command, chance: Chance) -> list[Event]:
    """The phase check of §4.4, then the command's own rules. Game over and whose turn it is
    are checked by the platform first (`Rules.check_turn`), as for every game."""
    phases, handler = COMMANDS[type(command)]
    if state.phase not in phases:
        if isinstance(command, c.ACTIONS) and state.action_taken and seat == state.active:
            raise IllegalMove("ACTION_ALREADY_TAKEN", "you have taken your action this turn")
        raise IllegalMove(
            "WRONG_PHASE", f"{type(command).__name__} is not possible in {state.phase}"
        )
    return handler(state, seat, command, chance).events


def to_move(state: State) -> frozenset[int]:
    if state.phase in ("SETUP", "TURN_END", "GAME_OVER"):
        return frozenset()
    if state.window is not None:
        return frozenset({state.window.eligible[state.window.asked]})
    return frozenset({state.active})


def score(state: State) -> tuple[int, ...]:
    """Collected values minus 2 per spent bribe: public at every moment (§6)."""
    if not state.collections:
        return (0,) * state.n_seats
    return tuple(s.total for s in final_scores(state))


def result(state: State) -> Result | None:
    ended = state.ended
    if ended is None:
        return None
    return Result(
        scores=tuple(s.total for s in ended.scores),
        places=ended.places,
        winners=ended.winners,
        reason=ended.reason,
    )
