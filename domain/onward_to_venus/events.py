"""The facts of Onward to Venus (digest §4.12), by topic in events_*.py; `Event` is their union."""

from __future__ import annotations

from .events_cards import (
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
    DeckReshuffled,
    HandRevealed,
    MoneyChanged,
    TraitorAttached,
    TraitorDiscarded,
)
from .events_combat import (
    AlienDefeated,
    ClaimAttempted,
    CombatDiceRerolled,
    CombatDiceRolled,
    CombatDieExcluded,
    CombatModifierApplied,
    CombatPointsAdded,
    CombatRequirementUpdated,
    CombatResolved,
    CombatSkullIgnored,
    DecisionRequired,
    DecisionResolved,
    DestructionCancelled,
    FactoryBuilt,
    MineBuilt,
    PieceRemoved,
    PieceTakenOver,
    TileClaimed,
    TileKept,
    UnitDestroyed,
    UnitRemoved,
    UnitSavedToEarth,
)
from .events_crises import (
    AliensAdvanced,
    AliensArrived,
    Award,
    BazagthothControlDetermined,
    CrisisDiceRolled,
    CrisisDiePlaced,
    CrisisLevelDetermined,
    CrisisPhaseStarted,
    CrisisResolved,
    DamageRolled,
    GameEnded,
    IncomePaid,
    PeriodEnded,
    PiratesPaid,
    PlanetFlipped,
    PlanetScored,
    UnitsReturnedToOrbit,
)
from .events_turns import (
    ActionCompleted,
    ActionPhaseEnded,
    ActionPhaseStarted,
    ActionStarted,
    BagFilled,
    ClaimWindowOpened,
    DeckShuffled,
    EmpireAssigned,
    ExtraActionGranted,
    GroupMoved,
    PassMarkersPlaced,
    PassMarkerTaken,
    PeriodStarted,
    PlanetTilesDrawn,
    PostPassAnswered,
    RaisedUnit,
    StartingCardsDetail,
    StartingCardsTaken,
    StartingPiecesPlaced,
    StartPlayerDetermined,
    StartPlayerMarkerTaken,
    StartPlayerRolled,
    TensionPlaced,
    TileDiscarded,
    TurnEnded,
    TurnStarted,
    UnitReturnedToOrbit,
    UnitsLanded,
    UnitsRaised,
)

Event = (
    EmpireAssigned
    | StartingPiecesPlaced
    | StartingCardsTaken
    | StartingCardsDetail
    | BagFilled
    | DeckShuffled
    | StartPlayerRolled
    | StartPlayerDetermined
    | MoneyChanged
    | CardsDrawn
    | CardsDrawnDetail
    | DeckReshuffled
    | CardPlayed
    | CardsDiscarded
    | CardReturnedToHand
    | CardsKept
    | CardsKeptDetail
    | CardTaken
    | CardTakenDetail
    | HandRevealed
    | CardsExchanged
    | CardsExchangedDetail
    | TraitorAttached
    | TraitorDiscarded
    | PeriodStarted
    | PassMarkersPlaced
    | PlanetTilesDrawn
    | TensionPlaced
    | TileDiscarded
    | ActionPhaseStarted
    | TurnStarted
    | TurnEnded
    | ActionStarted
    | ActionCompleted
    | ExtraActionGranted
    | GroupMoved
    | ClaimWindowOpened
    | UnitsLanded
    | UnitsRaised
    | UnitReturnedToOrbit
    | PassMarkerTaken
    | StartPlayerMarkerTaken
    | ActionPhaseEnded
    | PostPassAnswered
    | ClaimAttempted
    | CombatDiceRolled
    | CombatDiceRerolled
    | CombatDieExcluded
    | CombatSkullIgnored
    | CombatRequirementUpdated
    | CombatModifierApplied
    | CombatPointsAdded
    | CombatResolved
    | TileClaimed
    | TileKept
    | FactoryBuilt
    | MineBuilt
    | PieceTakenOver
    | AlienDefeated
    | UnitDestroyed
    | UnitRemoved
    | UnitSavedToEarth
    | DestructionCancelled
    | PieceRemoved
    | DecisionRequired
    | DecisionResolved
    | CrisisPhaseStarted
    | CrisisDiceRolled
    | CrisisDiePlaced
    | CrisisLevelDetermined
    | CrisisResolved
    | BazagthothControlDetermined
    | DamageRolled
    | PlanetFlipped
    | PiratesPaid
    | AliensArrived
    | AliensAdvanced
    | IncomePaid
    | UnitsReturnedToOrbit
    | PeriodEnded
    | PlanetScored
    | GameEnded
)

__all__ = [
    "ActionCompleted",
    "ActionPhaseEnded",
    "ActionPhaseStarted",
    "ActionStarted",
    "AlienDefeated",
    "AliensAdvanced",
    "AliensArrived",
    "Award",
    "BagFilled",
    "BazagthothControlDetermined",
    "CardPlayed",
    "CardReturnedToHand",
    "CardTaken",
    "CardTakenDetail",
    "CardsDiscarded",
    "CardsDrawn",
    "CardsDrawnDetail",
    "CardsExchanged",
    "CardsExchangedDetail",
    "CardsKept",
    "CardsKeptDetail",
    "ClaimAttempted",
    "ClaimWindowOpened",
    "CombatDiceRerolled",
    "CombatDiceRolled",
    "CombatDieExcluded",
    "CombatModifierApplied",
    "CombatPointsAdded",
    "CombatRequirementUpdated",
    "CombatResolved",
    "CombatSkullIgnored",
    "CrisisDiceRolled",
    "CrisisDiePlaced",
    "CrisisLevelDetermined",
    "CrisisPhaseStarted",
    "CrisisResolved",
    "DamageRolled",
    "DecisionRequired",
    "DecisionResolved",
    "DeckReshuffled",
    "DeckShuffled",
    "DestructionCancelled",
    "EmpireAssigned",
    "Event",
    "ExtraActionGranted",
    "FactoryBuilt",
    "GameEnded",
    "GroupMoved",
    "HandRevealed",
    "IncomePaid",
    "MineBuilt",
    "MoneyChanged",
    "PassMarkerTaken",
    "PassMarkersPlaced",
    "PeriodEnded",
    "PeriodStarted",
    "PieceRemoved",
    "PieceTakenOver",
    "PiratesPaid",
    "PlanetFlipped",
    "PlanetScored",
    "PlanetTilesDrawn",
    "PostPassAnswered",
    "RaisedUnit",
    "StartPlayerDetermined",
    "StartPlayerMarkerTaken",
    "StartPlayerRolled",
    "StartingCardsDetail",
    "StartingCardsTaken",
    "StartingPiecesPlaced",
    "TensionPlaced",
    "TileClaimed",
    "TileDiscarded",
    "TileKept",
    "TraitorAttached",
    "TraitorDiscarded",
    "TurnEnded",
    "TurnStarted",
    "UnitDestroyed",
    "UnitRemoved",
    "UnitReturnedToOrbit",
    "UnitSavedToEarth",
    "UnitsLanded",
    "UnitsRaised",
    "UnitsReturnedToOrbit",
]
