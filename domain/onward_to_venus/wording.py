"""Onward to Venus in words: the game's codes as the table says them (issue #25).

Data only; narration.py builds its sentences from these tables. Card names are the English of the
digest's Hungarian titles (§2.8.3); a code missing from a table reads as its own lower-case words.
"""

from __future__ import annotations

from typing import Final

from .components import SKULL, TILES

PLANET_NAMES: Final[dict[str, str]] = {
    "MERCURY": "Mercury",
    "VENUS": "Venus",
    "EARTH": "Earth",
    "MOON": "the Moon",
    "MARS": "Mars",
    "GANYMEDE": "Ganymede",
    "TITAN": "Titan",
    "KUIPER": "the Kuiper Belt",
}

# §4.9: each planet's crisis, by its printed title
CRISIS_NAMES: Final[dict[str, str]] = {
    "MERCURY": "Eyeless Bazagthoth",
    "VENUS": "the Venusian Revolt",
    "EARTH": "the Robot Uprising",
    "MOON": "the Revenge of the Moon-Men",
    "MARS": "Mars Attacks!",
    "GANYMEDE": "the crisis",
    "TITAN": "the Space Pirates",
    "KUIPER": "the UFO Invasion",
}

EMPIRE_TITLES: Final[dict[str, str]] = {
    "GB": "the British Empire",
    "FR": "the French Empire",
    "DE": "the German Empire",
    "RU": "the Russian Empire",
    "US": "the United States of America",
}

CARD_NAMES: Final[dict[str, str]] = {
    "CP_1": "Combat +1",
    "CP_2": "Combat +2",
    "CP_3": "Combat +3",
    "CP_4": "Combat +4",
    "CP_5": "Combat +5",
    "MOVE_PLUS_1": "Move +1",
    "MOVE_PLUS_2": "Move +2",
    "BIGGER_TANKS": "Bigger Tanks",
    "ELITE_INFANTRY": "Elite Infantry",
    "MODERN_CRUISERS": "Modern Cruisers",
    "SPACE_TRANSPORTS": "Space Transports",
    "EXCLUDE_DIE": "Exclude a Die",
    "RECYCLE": "Recycle",
    "CARD_SWAP": "Card Swap",
    "DRAW4_KEEP2": "Draw 4 Keep 2",
    "DESTROY_INFANTRY": "Destroy Infantry",
    "DESTROY_UNIT": "Destroy a Military Unit",
    "DESTROY_CRUISER": "Destroy a Space Cruiser",
    "EXPLOSIVE_TANK": "Explosive Tank",
    "KAMIKAZE": "Kamikaze Attack",
    "TRAITOR": "Traitor",
    "IGNORE_SKULL": "Ignore a Skull",
    "RETURN_TANK": "Tank Back to Orbit",
    "RETURN_INFANTRY": "Infantry Back to Orbit",
    "BUY_CARDS": "Buy Cards",
    "EXTRA_ACTION": "Extra Action",
    "RAISE_UNIT": "Raise Military Unit",
    "TAKE_PASS_MARKER": "Take a Pass Marker",
    "PLACE_TENSION": "Place Tension",
    "DISCARD_TENSION": "Discard Tension",
    "REROLL": "Reroll",
    "DESTROYED_TO_EARTH": "Destroyed Unit to Earth Orbit",
    "FORCED_DISCARD": "Forced Discard",
    "ESPIONAGE": "Espionage",
    "RICH_VEINS": "Rich Veins",
    "SPACE_LOTTERY": "Space Lottery",
    "BIG_GAME_HUNT": "Big Game Hunt",
    "CP1_AND_DRAW": "Combat +1 & Draw",
    "VENUS_ASSAULT": "Venus Assault",
    "MOON_ASSAULT": "Moon Assault",
    "EARTH_CRISIS": "Earth Crisis",
    "LAST_PASS_EXTRA_ACTION": "Extra Action on Empty Pass Card",
}

TILE_KINDS: Final[dict[str, str]] = {
    "FACTORY": "Factory",
    "CARDS": "Cards",
    "TROPHY": "Trophy",
    "FORTUNE": "Fortune",
    "MINE": "Mine",
    "CRISIS": "Crisis",
    "TENSION": "Tension",
    "ALIEN": "Alien",
}

# a piece kind as unit and building ids spell it (P1.INF.3, P2.FAC.1): one, then many
PIECE_WORDS: Final[dict[str, tuple[str, str]]] = {
    "INF": ("an infantry", "infantry"),
    "CRU": ("a cruiser", "cruisers"),
    "TANK": ("a tank", "tanks"),
    "FAC": ("a factory", "factories"),
    "FACTORY": ("a factory", "factories"),
    "MINE": ("a mine", "mines"),
}
PIECE_ORDER: Final[tuple[str, ...]] = ("INF", "CRU", "TANK", "FAC", "FACTORY", "MINE")

# CardPlayed.mode: how the card was played, after its name
PLAY_MODES: Final[dict[str, str]] = {
    "ACTION": " as an action",
    "FREE": " as a free action",
    "BENEFIT": "",
    "CP": "",
    "REACTION": " as a reaction",
}

ACTIONS: Final[dict[str, str]] = {
    "MOVE": "a move",
    "CLAIM": "a claim",
    "RAISE": "raising units",
    "PASS_MARKER": "taking a pass marker",
    "CARD": "an action card",
}

MONEY_REASONS: Final[dict[str, str]] = {
    "SETUP": "to start",
    "INCOME": "in income",
    "RAISE": "to raise units",
    "FORTUNE": "from a Fortune tile",
    "TRAITOR": "from a Traitor",
    "BUY_CARDS": "for Buy Cards",
    "RICH_VEINS": "from Rich Veins",
    "SPACE_LOTTERY": "from the Space Lottery",
    "SPACE_PIRATES": "to the Space Pirates",
    "BAZAGTHOTH": "to hire Eyeless Bazagthoth",
}

DRAW_REASONS: Final[dict[str, str]] = {
    "SETUP_DEAL": "in the opening deal",
    "PASS_MARKER": "with a pass marker",
    "CARDS_TILE": "from a Cards tile",
    "CARD_SWAP": "with Card Swap",
    "DRAW4_KEEP2": "with Draw 4 Keep 2",
    "BUY_CARDS": "with Buy Cards",
    "CP1_AND_DRAW": "with Combat +1 & Draw",
}

DISCARD_REASONS: Final[dict[str, str]] = {
    "HAND_LIMIT": "to the hand limit",
    "CARD_SWAP": "for Card Swap",
    "DRAW4_KEEP2": "after Draw 4 Keep 2",
    "FORCED_DISCARD": "to a Forced Discard",
}

THEFT_REASONS: Final[dict[str, str]] = {"BAZAGTHOTH": "through Eyeless Bazagthoth"}

TILE_DISCARD_REASONS: Final[dict[str, str]] = {
    "CLAIMED": "once claimed",
    "TENSION_USED": "once used",
    "DISCARD_TENSION": "by Discard Tension",
    "GANYMEDE_NO_CRISIS": "as Ganymede takes no crisis tiles",
    "VENUS_INDEPENDENCE": "as Venus gains independence",
    "MOON_ROCKETS": "by the Moon-Men's rockets",
    "MARS_ATTACKS": "as Mars attacks",
    "ALIEN_ARRIVAL": "as the aliens arrive",
}

# why a piece is destroyed or taken off the board (UnitDestroyed.cause, UnitRemoved.reason, ...)
LOSS_CAUSES: Final[dict[str, str]] = {
    "COMBAT_SKULL": "by a skull in combat",
    "VOLUNTARY": "as a sacrifice for combat points",
    "DESTROY_INFANTRY": "by Destroy Infantry",
    "DESTROY_UNIT": "by Destroy a Military Unit",
    "DESTROY_CRUISER": "by Destroy a Space Cruiser",
    "BAZAGTHOTH": "by Eyeless Bazagthoth",
    "MOON_ROCKETS": "by the Moon-Men's rockets",
    "MARS_ATTACKS": "as Mars attacks",
    "MARS_RAID": "in the Martian raid",
    "VENUS_REVOLT": "in the Venusian Revolt",
    "VENUS_INDEPENDENCE": "as Venus gains independence",
    "ROBOT_UPRISING": "in the Robot Uprising",
    "SPACE_PIRATES": "to the Space Pirates",
    "ALIEN_ARRIVAL": "as the aliens arrive",
}

LANDING_PURPOSES: Final[dict[str, str]] = {"CLAIM": "to claim a tile", "COMBAT": "to fight"}

COMBAT_SOURCES: Final[dict[str, str]] = {"CARD": "a card"}

CRISIS_OUTCOMES: Final[dict[str, str]] = {
    "NOTHING": "nothing happens",
    "NO_CONTROLLER": "no one controls Mercury",
    "CONTROLLER_CANNOT_PAY": "the controller cannot pay",
    "BAZAGTHOTH_FOR_HIRE": "Bazagthoth is for hire",
    "INDEPENDENCE": "Venus declares independence",
    "REVOLT": "the colonists revolt",
    "ROBOT_DOMINATION": "the robots take over",
    "UPRISING": "the robots rise",
    "ROCKETS": "the Moon-Men fire their rockets",
    "MARS_ATTACKS": "the Martians attack",
    "RAID": "the Martians raid",
    "PIRATES": "the pirates demand payment",
    "INVASION": "the aliens invade",
}

FLIP_REASONS: Final[dict[str, str]] = {
    "INDEPENDENCE": "Venus is independent",
    "MOON_ROCKETS": "the rockets have flown",
    "MARS_ATTACKS": "Mars has attacked",
}

# DecisionRequired / DecisionResolved: what is owed, in a few words
DECISIONS: Final[dict[str, str]] = {
    "DISCARD_TO_LIMIT": "discard to the hand limit",
    "CHOOSE_KEEP": "cards to keep",
    "ESPIONAGE": "espionage exchange",
    "CASUALTIES": "casualties",
    "CANCEL_DESTRUCTION": "chance to cancel a destruction",
    "SAVE_DESTROYED": "chance to save destroyed units",
    "BAZAGTHOTH": "offer to hire Eyeless Bazagthoth",
    "CRISIS_LOSSES": "crisis losses",
}

BAZAGTHOTH_ORDERS: Final[dict[str, str]] = {
    "STEAL": "to steal a card",
    "DESTROY_UNIT": "to destroy",
    "DESTROY_BUILDING": "to destroy",
}

# GameEnded.reason, short (END_REASONS in components.py is the long form)
END_WORDS: Final[dict[str, str]] = {
    "THIRD_PERIOD_SCORED": "the third period is scored",
    "MAX_ROUNDS": "the round limit is reached",
    "ROBOT_DOMINATION": "the robots rule Earth",
    "ALIENS_REACHED_EARTH": "the aliens reach Earth",
}


def word(table: dict[str, str], code: str) -> str:
    """A code as the table says it; one the table lacks as its own lower-case words."""
    found = table.get(code)
    return code.lower().replace("_", " ") if found is None else found


def card_title(effect: str) -> str:
    return word(CARD_NAMES, effect)


def planet_title(name: str) -> str:
    return word(PLANET_NAMES, name)


def tile_title(tile: int) -> str:
    """A planet tile as printed: `Mine (3)`, `Crisis (4, marked)`, `Tension`, `Alien (7)`."""
    spec = TILES.get(tile)
    if spec is None:
        return "a tile"
    kind = word(TILE_KINDS, spec.kind)
    if not spec.defence:
        return kind
    return f"{kind} ({spec.defence}{', marked' if spec.marked else ''})"


def face_title(face: int) -> str:
    return "a skull" if face == SKULL else str(face)
