"""What a seat (or a spectator) may see of a match (digest 5.1, 5.3), and its text rendering."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.game import Seat

from .components import END_REASONS, Power, card, card_name
from .rules import to_move
from .scoring import scores, six_cost_bonus, unconditional_military
from .state import State

_SEALED_CHOICE_STAGES = frozenset({"DEVELOP_CHOOSE", "SETTLE_CHOOSE"})


class PlayerView(msgspec.Struct, frozen=True):
    seat: Seat
    tableau: tuple[int, ...]
    tableau_names: tuple[str, ...]
    goods: tuple[tuple[int, str], ...]  # (world, kind); the good card itself is never shown
    hand_count: int
    explored_count: int
    chips: int
    score: int
    decided: bool  # in a simultaneous step: this seat has chosen (its choice may be sealed)
    actions: tuple[str, ...] | None  # None while sealed from the viewer
    choice: int | None  # a revealed (or the viewer's own) Develop/Settle choice
    military: int  # the tableau's standing military (its MILITARY powers; digest 4.7)
    bonuses: tuple[tuple[int, int], ...] = ()
    """(development, VP) for each 6-cost development of the tableau: what it scores now."""


class RaceView(msgspec.Struct, frozen=True):
    seat: Seat | None
    round: int
    stage: str
    phase: str | None
    instance: int
    to_move: tuple[Seat, ...]
    order: tuple[Seat, ...]
    pool: int
    deck_count: int
    discard_count: int
    players: tuple[PlayerView, ...]
    hand: tuple[int, ...]
    hand_names: tuple[str, ...]
    explored: tuple[int, ...]
    keep: int
    end_reason: str | None


def _player_view(state: State, seat: int, viewer: Seat | None, total: int) -> PlayerView:
    p = state.player(seat)
    own = viewer == seat
    actions_sealed = state.stage == "SELECT" and not own
    choice_sealed = state.stage in _SEALED_CHOICE_STAGES and not own
    return PlayerView(
        seat=seat,
        tableau=p.tableau,
        tableau_names=tuple(card_name(c) for c in p.tableau),
        goods=tuple((w, card(w).good or "") for w, _ in p.goods),
        hand_count=len(p.hand),
        explored_count=len(p.explored),
        chips=p.chips,
        score=total,
        decided=state.stage in ("SELECT", "DEVELOP_CHOOSE", "SETTLE_CHOOSE")
        and seat not in state.waiting,
        actions=None if actions_sealed else p.actions,
        choice=None if choice_sealed else p.choice,
        military=unconditional_military(p.tableau),
        bonuses=tuple(
            (c, six_cost_bonus(card(c), p.tableau, p.chips))
            for c in p.tableau
            if card(c).is_six_cost
        ),
    )


def view(state: State, seat: Seat | None) -> RaceView:
    totals = scores(state)
    own = state.player(seat) if seat is not None else None
    return RaceView(
        seat=seat,
        round=state.round,
        stage=state.stage,
        phase=state.phase,
        instance=state.instance,
        to_move=tuple(sorted(to_move(state))),
        order=state.order,
        pool=state.pool,
        deck_count=len(state.deck),
        discard_count=len(state.discard),
        players=tuple(_player_view(state, s, seat, totals[s]) for s in range(state.n_seats)),
        hand=own.hand if own else (),
        hand_names=tuple(card_name(c) for c in own.hand) if own else (),
        explored=own.explored if own else (),
        keep=own.keep if own else 0,
        end_reason=state.end_reason,
    )


_NUMERALS = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _power_text(p: Power) -> str:
    numbers = [str(n) for n in (p.value, p.times) if n]
    extra = [x for x in (p.good,) if x] + ([f"{p.cards} card(s)"] if p.cards else [])
    return f"{_NUMERALS[p.phase]} {p.code.lower()} {' '.join(numbers + extra)}".rstrip()


def _describe(c: int) -> str:
    d = card(c)
    kind = "dev" if d.is_development else ("mil" if d.is_military else "world")
    good = f" {d.good.lower()}{' windfall' if d.is_windfall else ''}" if d.good else ""
    powers = "; ".join(_power_text(p) for p in d.powers)
    return f"#{c} {d.name} ({kind} {d.cost}, {d.vp} VP{good})" + (f" - {powers}" if powers else "")


def render(v: msgspec.Struct, names: Sequence[str]) -> str:
    assert isinstance(v, RaceView)
    phase = f" {v.phase} {v.instance}" if v.phase else ""
    lines = [
        f"Race for the Galaxy - round {v.round}{phase} [{v.stage}]",
        f"VP pool {v.pool}, draw pile {v.deck_count}, discard pile {v.discard_count}",
        "to move: " + (", ".join(names[s] for s in v.to_move) or "-"),
    ]
    for pv in v.players:
        goods = {w for w, _ in pv.goods}
        actions = "sealed" if pv.actions is None else (", ".join(pv.actions) or "-")
        lines.append(
            f"{names[pv.seat]}: score {pv.score}, chips {pv.chips}, hand {pv.hand_count}, "
            f"actions {actions}" + (" (chosen)" if pv.decided else "")
        )
        for c in pv.tableau:
            lines.append(f"    {_describe(c)}" + (" [good]" if c in goods else ""))
        if pv.choice is not None:
            lines.append(f"    chosen: {_describe(pv.choice)}")
    if v.seat is not None:
        lines.append(f"your hand ({names[v.seat]}):")
        lines.extend(f"    {_describe(c)}" for c in v.hand)
        if v.explored:
            lines.append(f"explored, keep {min(v.keep, len(v.explored))}:")
            lines.extend(f"    {_describe(c)}" for c in v.explored)
    if v.end_reason:
        lines.append(f"game over: {END_REASONS.get(v.end_reason, v.end_reason)}")
    return "\n".join(lines)
