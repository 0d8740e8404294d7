"""Matches flown by the greedy test pilot end the way the rules say: by a return to Earth."""

from __future__ import annotations

import pytest

from domain.kosmonauts import RULES
from domain.kosmonauts import events as ev
from domain.kosmonauts.rules_landing import qualifies_for_return
from tests.games.kosmonauts.helpers import play_random


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("n_seats", [2, 3, 4])
def test_piloted_matches_end_by_a_return_to_earth(n_seats: int, advanced: bool) -> None:
    for seed in range(2):
        played = play_random(n_seats, seed, piloted=True, advanced=advanced)
        state, history = played.state, [e for _, e in played.history]
        result = RULES.result(state)
        assert result is not None and result.reason == "EARTH_RETURN"
        trigger = [e for e in history if isinstance(e, ev.GameEndTriggered)]
        assert len(trigger) == 1 and trigger[0].round == state.round
        returned = [e.seat for e in history if isinstance(e, ev.EarthReturnCompleted)]
        assert returned and all(qualifies_for_return(state, s) for s in returned)
        earth_markers = [
            e for e in history if isinstance(e, ev.LandingMarkerTaken) and e.body == "EARTH"
        ]
        assert {e.seat for e in earth_markers} <= set(returned)
        totals = {e.seat: e.total for e in history if isinstance(e, ev.FinalScoreComputed)}
        assert tuple(totals[s] for s in range(n_seats)) == result.scores
