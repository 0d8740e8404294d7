"""The facts of a Kosmonauts match (§4.9), gathered from the events_* modules by topic."""

from __future__ import annotations

from domain.kosmonauts.events_flight import (
    DangerSectorDamage,
    EarthReturnCompleted,
    EmergencyDeclared,
    FinalScoreComputed,
    GameEnded,
    GameEndTriggered,
    LandingMarkerTaken,
    LandingOpportunityDeclined,
    LandingOpportunityOpened,
    LandingRecordedWithoutMarker,
    MissionScored,
    MissionsRevealed,
    PlanetsAdvanced,
    RefuelSkipped,
    ShipCarried,
    ShipEvacuated,
    ShipLanded,
    ShipMoved,
    ShipRefuelled,
    WinnersDeclared,
)
from domain.kosmonauts.events_round import (
    CubesPlaced,
    EventCardChosen,
    EventCardDiscarded,
    EventDeckReshuffled,
    EventPhaseSkipped,
    EventResponseRecorded,
    FuelDiscardedOverCapacity,
    FuelGained,
    FuelLost,
    GravityChoicePending,
    GravityQueued,
    HyperfuelSwapped,
    InstructorPassed,
    OrderLimitSet,
    OrdersRevealed,
    OrdersSealed,
    OrdersSubmitted,
    PhaseEnded,
    PhaseStarted,
    RoundEnded,
    RoundStarted,
    ShieldConvertedToFuel,
    ShieldSpent,
    ShipStayed,
    ShipTookOff,
    SolarWindApplied,
    StayCommitted,
)
from domain.kosmonauts.events_setup import (
    BodiesExcluded,
    EventCardRevealed,
    EventDeckPrepared,
    InstructorAssigned,
    LandingMarkerStacksPrepared,
    MissionCardRedrawn,
    MissionCardReplaced,
    MissionCardsDealt,
    MissionCardsDealtCount,
    MissionSelectionMade,
    MissionsKept,
    PlanetPlaced,
    PlanetTokensDealt,
    PlayerBoardPrepared,
    SetupCompleted,
    ShipPlaced,
)

Event = (
    PlanetTokensDealt
    | InstructorAssigned
    | BodiesExcluded
    | PlanetPlaced
    | MissionCardsDealt
    | MissionCardsDealtCount
    | MissionCardRedrawn
    | MissionCardReplaced
    | MissionsKept
    | MissionSelectionMade
    | ShipPlaced
    | LandingMarkerStacksPrepared
    | EventDeckPrepared
    | EventCardRevealed
    | PlayerBoardPrepared
    | SetupCompleted
    | RoundStarted
    | PhaseStarted
    | PhaseEnded
    | EventPhaseSkipped
    | InstructorPassed
    | RoundEnded
    | EventCardChosen
    | EventResponseRecorded
    | OrderLimitSet
    | ShieldSpent
    | StayCommitted
    | SolarWindApplied
    | FuelGained
    | FuelLost
    | HyperfuelSwapped
    | GravityQueued
    | GravityChoicePending
    | EventCardDiscarded
    | EventDeckReshuffled
    | OrdersSubmitted
    | OrdersSealed
    | OrdersRevealed
    | ShieldConvertedToFuel
    | CubesPlaced
    | FuelDiscardedOverCapacity
    | ShipTookOff
    | ShipStayed
    | ShipMoved
    | ShipLanded
    | LandingMarkerTaken
    | LandingRecordedWithoutMarker
    | EarthReturnCompleted
    | GameEndTriggered
    | DangerSectorDamage
    | EmergencyDeclared
    | ShipEvacuated
    | ShipRefuelled
    | RefuelSkipped
    | PlanetsAdvanced
    | ShipCarried
    | LandingOpportunityOpened
    | LandingOpportunityDeclined
    | GameEnded
    | MissionsRevealed
    | MissionScored
    | FinalScoreComputed
    | WinnersDeclared
)
