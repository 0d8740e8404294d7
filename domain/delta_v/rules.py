"""Delta V's rules, one screen: setup, who decides, the checks every command passes, the score.

Each command's own rules live beside this file: the four actions in `rules_actions.py`, response
windows, incidents and the alien in `rules_incidents.py`, the contract attempt in `rules_contract.py`,
the automatic procedures of §4.6 in `rules_flow.py`, `evolve` in `rules_evolve.py`, `legal` in
`rules_legal.py`, and the board's terms (§4.1) in `rules_board.py`.
"""

from __future__ import annotations

from domain.game import (
    Chance,
    CommandRule,
    CommandTable,
    IllegalMove,
    Result,
    TableChance,
    gate,
    seat_ref,
)

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
from .rules_flow import Emitter, start_turn
from .state import DeltaVOptions, Phase, State

__all__ = ["decide", "evolve", "initial", "opening_events", "result", "score", "setup", "to_move"]


def initial(n_seats: int, options: DeltaVOptions) -> State:
    return State(n_seats=n_seats, options=options)


def setup(n_seats: int, options: DeltaVOptions, chance: Chance) -> list[Event]:
    """§3 and §7: the 48 tiles laid face down, then the first player. Nobody has seen a tile, so
    none has a face yet: each is drawn from the tiles still unseen when it is first looked at."""
    manifest = MANIFESTS[options.manifest_id]
    check_manifest(manifest)  # ManifestError: BAD_MANIFEST
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
    out = Emitter(state, TableChance())  # the first turn starts without drawing anything
    start_turn(out, 1, first)
    return events + out.events


OWN_TURN_INCIDENT_PHASES: frozenset[Phase] = frozenset(
    {"ACTION", "CONTRACT_DECLARATION", "CONTRACT_REVEAL"}
)
"""R2 (revised in turn 2): Mineral Scan, Sabotage and Rocket Acquisition may be used "during
your turn" wherever the active player has a decision: before the action, after it, before
declaring, and between the reveals of a contract attempt; never once the turn has ended."""

# Each command: the phases it belongs to, and its rules.
COMMANDS: CommandTable = {
    c.PlayPirateAttack: CommandRule(incidents.play_pirate_attack, frozenset({"PRE_ACTION_WINDOW"})),
    c.PlayMeteorStorm: CommandRule(incidents.play_meteor_storm, frozenset({"PRE_CONTRACT_WINDOW"})),
    c.PassResponse: CommandRule(
        incidents.pass_response, frozenset({"PRE_ACTION_WINDOW", "PRE_CONTRACT_WINDOW"})
    ),
    c.MoveRockets: CommandRule(actions.move_rockets, frozenset({"ACTION"})),
    c.Prospect: CommandRule(actions.prospect, frozenset({"ACTION"})),
    c.SatelliteSurvey: CommandRule(actions.satellite_survey, frozenset({"ACTION"})),
    c.BuyRocket: CommandRule(actions.buy_rocket, frozenset({"ACTION"})),
    c.ChooseProspectReveal: CommandRule(
        actions.choose_prospect_reveal, frozenset({"PROSPECT_DECISION"})
    ),
    c.UseMineralScan: CommandRule(incidents.use_mineral_scan, OWN_TURN_INCIDENT_PHASES),
    c.UseSabotage: CommandRule(incidents.use_sabotage, OWN_TURN_INCIDENT_PHASES),
    c.UseRocketAcquisition: CommandRule(incidents.use_rocket_acquisition, OWN_TURN_INCIDENT_PHASES),
    c.ScanPeek: CommandRule(incidents.scan_peek, frozenset({"SCAN_PEEKING"})),
    c.FinishMineralScan: CommandRule(incidents.finish_mineral_scan, frozenset({"SCAN_PEEKING"})),
    c.ResolveAlienEncounter: CommandRule(
        incidents.resolve_alien_encounter, frozenset({"ALIEN_DECISION"})
    ),
    c.DeclareContract: CommandRule(contract.declare_contract, frozenset({"CONTRACT_DECLARATION"})),
    c.SkipContractStep: CommandRule(
        contract.skip_contract_step, frozenset({"CONTRACT_DECLARATION"})
    ),
    c.RevealTile: CommandRule(
        contract.reveal_tile, frozenset({"CONTRACT_REVEAL", "BID_UP_REVEAL"})
    ),
    c.ReplaceMineral: CommandRule(contract.replace_mineral, frozenset({"REPLACEMENT_DECISION"})),
    c.AcceptFailure: CommandRule(contract.accept_failure, frozenset({"REPLACEMENT_DECISION"})),
    c.BidUp: CommandRule(contract.bid_up, frozenset({"BID_UP_WINDOW"})),
    c.PassBidUp: CommandRule(contract.pass_bid_up, frozenset({"BID_UP_WINDOW"})),
}


def decide(state: State, seat: int, command: c.Command, chance: Chance) -> list[Event]:
    """The phase check of §4.4, then the command's own rules. Game over and whose turn it is
    are checked by the platform first (`Rules.check_turn`), as for every game."""
    taken = state.action_taken and seat == state.active and state.phase != "ACTION"
    if taken and isinstance(command, c.ACTIONS):  # an action's phase is ACTION
        raise IllegalMove("ACTION_ALREADY_TAKEN", "you have taken your action this turn")
    out = Emitter(state, chance)
    gate(COMMANDS, state.phase, command).handler(out, seat, command)
    return out.events


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
