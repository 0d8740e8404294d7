"""What a claimed tile does (§4.7)."""

from __future__ import annotations

from domain.game import Seat

from .components import FORTUNE_MONEY, TILE_CARD_DRAW, TILES, PlanetName
from .events import (
    AlienDefeated,
    FactoryBuilt,
    MineBuilt,
    MoneyChanged,
    PieceTakenOver,
    TileClaimed,
    TileDiscarded,
    TileKept,
    TraitorDiscarded,
)
from .rules_common import Emitter, check_hand_limit, draw, planet, supply_building
from .state import find_building


def claim_tile(em: Emitter, seat: Seat, where: PlanetName, tile: int, target: str | None) -> None:
    """Claim `tile` for `seat`: build, draw, take money, keep it, or take over a piece."""
    kind = TILES[tile].kind
    em.emit(TileClaimed(seat, where, tile, kind))
    if kind == "FACTORY":
        em.emit(TileDiscarded(tile, where, "CLAIMED"))
        piece = supply_building(em.state, seat, "FACTORY")
        assert piece is not None
        em.emit(FactoryBuilt(seat, where, piece, tile))
    elif kind == "MINE":
        em.emit(TileDiscarded(tile, where, "CLAIMED"))
        piece = supply_building(em.state, seat, "MINE")
        assert piece is not None
        em.emit(MineBuilt(seat, where, piece, tile))
    elif kind == "CARDS":
        em.emit(TileDiscarded(tile, where, "CLAIMED"))
        draw(em, seat, TILE_CARD_DRAW, "CARDS_TILE")
        check_hand_limit(em, seat)
    elif kind == "FORTUNE":
        em.emit(TileDiscarded(tile, where, "CLAIMED"))
        balance = em.state.money[seat] + FORTUNE_MONEY
        em.emit(MoneyChanged(seat, FORTUNE_MONEY, balance, "FORTUNE"))
    elif kind == "TROPHY":
        em.emit(TileKept(seat, tile, kind))
    elif kind == "CRISIS":
        em.emit(TileKept(seat, tile, kind))
        for card in planet(em.state, where).traitors:
            em.emit(TraitorDiscarded(card, where))
    elif kind == "ALIEN":
        em.emit(TileKept(seat, tile, kind), AlienDefeated(where))
    elif kind == "TENSION":
        old = find_building(em.state, target or "")
        assert old is not None
        new = supply_building(em.state, seat, old.kind)
        assert new is not None
        em.emit(TileDiscarded(tile, where, "TENSION_USED"))
        em.emit(PieceTakenOver(seat, old.owner, where, old.kind, old.id, new))
