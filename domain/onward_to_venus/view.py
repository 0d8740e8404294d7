"""What one seat (or a spectator) may see (digest §5), and its text rendering."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import Seat

from .components import EMPIRE_NAMES, END_REASONS, PLANETS, TILES, VP_HEXES, PlanetName, card_kind
from .rules import score, to_move
from .rules_combat import committed, required, spread
from .rules_common import effect, planet_incomes
from .rules_flow import planet_awards
from .state import Combat, Decision, State, piece_owner, piece_short


class TileView(msgspec.Struct, frozen=True):
    id: int
    kind: str
    defence: int
    marked: bool


class PlanetView(msgspec.Struct, frozen=True):
    name: PlanetName
    tiles: tuple[TileView, ...]
    flipped: bool
    alien: int | None
    traitors: tuple[int, ...]
    vp_hexes: tuple[int, ...]
    incomes: tuple[int, ...]
    awards: tuple[int, ...]  # the VP each seat would take on this planet now (§6.2 step 1)
    orbit: tuple[str, ...]
    surface: tuple[str, ...]
    buildings: tuple[str, ...]


class CardView(msgspec.Struct, frozen=True):
    id: int
    effect: str
    kind: str


class SeatView(msgspec.Struct, frozen=True):
    seat: Seat
    empire: str
    money: int
    hand_size: int
    kept_tiles: tuple[int, ...]
    supply: dict[str, int]
    hand: tuple[CardView, ...] | None = None
    held: tuple[CardView, ...] | None = None


class CombatTally(msgspec.Struct, frozen=True):
    """The running combat's sums as the rules count them (§4.6.1): what the attacker needs (the
    base plus the spread of the counted dice) and what it has committed (its landed units at
    their, possibly modified, combat points plus every card point)."""

    spread: int
    required: int
    committed: int


class OnwardView(msgspec.Struct, frozen=True):
    seat: Seat | None
    to_move: tuple[Seat, ...]
    scores: tuple[int, ...]
    period: int
    phase: str
    start_player: Seat | None
    active: Seat | None
    actions_left: int
    step: str
    claim_planet: PlanetName | None
    combat: Combat | None
    pass_markers: int
    deck_size: int
    discard: tuple[CardView, ...]
    bag_size: int
    tile_discard: tuple[int, ...]
    planets: tuple[PlanetView, ...]
    seats: tuple[SeatView, ...]
    pending: tuple[Decision, ...]
    post_pass_queue: tuple[Seat, ...]
    result_reason: str | None
    winners: tuple[Seat, ...] | None
    # §4.9.10: whether the aliens have landed, the furthest planet of ALIEN_PATH they reached
    # (-1: none), and whether they move on at the end of this period's crisis phase
    aliens_invaded: bool
    alien_front: int
    aliens_advance: bool
    # §5: the hand this seat looked at with Espionage, shown while its exchange is owed
    spied_hand: tuple[CardView, ...] | None
    # the running combat's sums as the rules count them (None: no combat)
    tally: CombatTally | None


def _spied_hand(state: State, seat: Seat | None) -> tuple[CardView, ...] | None:
    if seat is None or not state.pending:
        return None
    head = state.pending[0]
    if head.kind != "ESPIONAGE" or head.seat != seat or head.opponent is None:
        return None
    # HandRevealed showed the spy exactly this hand, and nothing has changed it since
    return tuple(_card(c) for c in state.hands[head.opponent])


def _card(card: int) -> CardView:
    return CardView(card, effect(card), card_kind(effect(card)))


def _awards(state: State, name: PlanetName, incomes: list[int]) -> tuple[int, ...]:
    vp = [0] * state.n
    for award in planet_awards(state, name, incomes):
        vp[award.seat] = award.vp
    return tuple(vp)


def _planets(state: State) -> tuple[PlanetView, ...]:
    incomes = planet_incomes(state)
    orbit: dict[str, list[str]] = {name: [] for name in PLANETS}
    surface: dict[str, list[str]] = {name: [] for name in PLANETS}
    buildings: dict[str, list[str]] = {name: [] for name in PLANETS}
    for u in state.units:
        if u.planet is not None:
            (surface if u.surface else orbit)[u.planet].append(u.id)
    for b in state.buildings:
        if b.planet is not None:
            buildings[b.planet].append(b.id)
    return tuple(
        PlanetView(
            name=name,
            tiles=tuple(
                TileView(t, TILES[t].kind, TILES[t].defence, TILES[t].marked) for t in p.tiles
            ),
            flipped=p.flipped,
            alien=p.alien,
            traitors=p.traitors,
            vp_hexes=() if p.flipped else VP_HEXES[name],
            incomes=tuple(incomes[name]),
            awards=_awards(state, name, incomes[name]),
            orbit=tuple(orbit[name]),
            surface=tuple(surface[name]),
            buildings=tuple(buildings[name]),
        )
        for name, p in zip(PLANETS, state.planets, strict=True)
    )


def _seat(state: State, seat: Seat, viewer: Seat | None) -> SeatView:
    supply: dict[str, int] = {}
    for u in state.units:
        if u.owner == seat and u.planet is None:
            supply[u.kind] = supply.get(u.kind, 0) + 1
    for b in state.buildings:
        if b.owner == seat and b.planet is None:
            supply[b.kind] = supply.get(b.kind, 0) + 1
    own = viewer == seat
    return SeatView(
        seat=seat,
        empire=state.empires[seat],
        money=state.money[seat],
        hand_size=len(state.hands[seat]),
        kept_tiles=state.kept[seat],
        supply=supply,
        hand=tuple(_card(c) for c in state.hands[seat]) if own else None,
        held=tuple(_card(c) for c in state.held[seat]) if own else None,
    )


def _tally(state: State) -> CombatTally | None:
    combat = state.combat
    if combat is None:
        return None
    return CombatTally(spread(combat), required(combat), committed(state, combat))


def view(state: State, seat: Seat | None) -> OnwardView:
    final = state.final
    return OnwardView(
        seat=seat,
        to_move=tuple(sorted(to_move(state))),
        scores=score(state),
        period=state.period,
        phase=state.phase,
        start_player=state.start_player,
        active=state.active,
        actions_left=state.actions_left,
        step=state.step,
        claim_planet=state.claim_planet,
        combat=state.combat,
        tally=_tally(state),
        pass_markers=state.pass_markers,
        deck_size=len(state.deck),
        discard=tuple(_card(c) for c in state.discard),
        bag_size=len(state.bag),
        tile_discard=state.tile_discard,
        planets=_planets(state),
        seats=tuple(_seat(state, s, seat) for s in range(state.n)),
        pending=state.pending,
        post_pass_queue=state.post_pass_queue,
        result_reason=final.reason if final else None,
        winners=final.winners if final else None,
        aliens_invaded=state.aliens_invaded,
        alien_front=state.alien_front,
        aliens_advance=state.aliens_invaded and state.aliens_arrived_period < state.period,
        spied_hand=_spied_hand(state, seat),
    )


def render(v: msgspec.Struct, names: Sequence[str]) -> str:
    assert isinstance(v, OnwardView)

    def who(seat: Seat | None) -> str:
        return "-" if seat is None else (names[seat] if seat < len(names) else f"seat {seat}")

    lines = [
        f"Onward to Venus, period {v.period}, phase {v.phase}"
        f" | pass markers {v.pass_markers} | deck {v.deck_size} | bag {v.bag_size}",
        f"start player: {who(v.start_player)} | to move: {', '.join(who(s) for s in v.to_move) or '-'}",
    ]
    if v.active is not None:
        lines.append(f"turn of {who(v.active)}: {v.actions_left} action(s) left, step {v.step}")
    if v.combat is not None:
        c = v.combat
        faces = " ".join("SKULL" if f == 0 else str(f) for f in c.faces)
        lines.append(f"fight for T{c.tile} on {c.planet}: dice {faces}, base {c.base}")
    for d in v.pending:
        lines.append(
            f"waiting: {who(d.seat)} owes {d.kind} {d.planet or ''} {d.count or ''}".rstrip()
        )
    for p in v.planets:
        state = "flipped" if p.flipped else "/".join(map(str, p.vp_hexes))
        tiles = ", ".join(
            f"T{t.id} {t.kind}" + (f"({t.defence}{'*' if t.marked else ''})" if t.defence else "")
            for t in p.tiles
        )
        alien = f" ALIEN T{p.alien}" if p.alien else ""
        lines.append(f"{p.name:<9} [{state}]{alien} tiles: {tiles or '-'}")
        for seat in range(len(v.seats)):
            # each owner's pieces under its name; the ids keep their P<n> prefix for commands
            pieces = [
                " ".join(piece_short(i) for i in ids if piece_owner(i) == seat) or "-"
                for ids in (p.orbit, p.surface, p.buildings)
            ]
            if pieces != ["-", "-", "-"]:
                lines.append(
                    f"          {who(seat)} (P{seat + 1}): orbit {pieces[0]}"
                    f" | surface {pieces[1]} | buildings {pieces[2]}"
                )
    for s in v.seats:
        hand = ""
        if s.hand is not None:
            hand = " | hand " + ", ".join(f"C{c.id} {c.effect}" for c in s.hand)
        lines.append(
            f"{who(s.seat)} ({EMPIRE_NAMES[s.empire]}): £{s.money}, {s.hand_size} cards,"
            f" {len(s.kept_tiles)} kept tiles, VP {v.scores[s.seat]}{hand}"
        )
    if v.result_reason is not None:
        winners = ", ".join(who(w) for w in v.winners or ()) or "nobody"
        ending = END_REASONS.get(v.result_reason, v.result_reason)
        lines.append(f"game over, {ending}: winners {winners}")
    return "\n".join(lines)
