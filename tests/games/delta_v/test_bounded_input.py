"""Bounded input (issue #12): values outside what the rules allow are refused when decoded."""

from __future__ import annotations

import msgspec
import pytest

from domain.delta_v import RULES
from domain.game import IllegalMove
from domain.match import Match
from tests import DECODE_REFUSALS


@pytest.mark.parametrize(
    "command",
    [
        {"type": "RevealTile", "position": [7, 0]},
        {"type": "RevealTile", "position": [-1, 2]},
        {"type": "ScanPeek", "position": [2**63, 0]},
        {"type": "SatelliteSurvey", "bribe_id": "0-ALP", "positions": [[0, 0]] * 4},
        {"type": "MoveRockets", "moves": [{"rocket_id": "0-r1", "to": "STATION"}] * 21},
        {"type": "MoveRockets", "moves": [{"rocket_id": "r" * 17, "to": [0, 0]}]},
        {"type": "DeclareContract", "contract_id": ""},
        {"type": "UseSabotage", "incident_id": "t41", "target_rocket_id": "x" * 10_000},
        {"type": "ResolveAlienEncounter", "steal": {"victim": 8}},
        {"type": "ResolveAlienEncounter", "alien_to": [3, 99]},
    ],
)
def test_out_of_bounds_values_are_refused_when_decoded(command: dict[str, object]) -> None:
    with pytest.raises(IllegalMove) as refused:
        RULES.parse_command(msgspec.json.encode(command))
    assert refused.value.code in DECODE_REFUSALS


@pytest.mark.parametrize("options", [{"max_rounds": -5}, {"max_rounds": 0}, {"max_rounds": 10**9}])
def test_out_of_bounds_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(IllegalMove, match="BAD_OPTION"):
        Match.start("delta-v", ["ann", "ben"], options, 1)


@pytest.mark.parametrize(
    "command",
    [
        {"type": "ChooseProspectReveal"},
        {"type": "FinishMineralScan"},
        {"type": "ResolveAlienEncounter"},
        {"type": "UseSabotage", "incident_id": "t41", "target_rocket_id": "1-r1"},
    ],
)
def test_no_field_decides_for_the_player_by_default(command: dict[str, object]) -> None:
    """Issue #14: declining a reveal, a follow-up or a steal is said, never assumed."""
    with pytest.raises(IllegalMove, match="BAD_COMMAND"):
        RULES.parse_command(msgspec.json.encode(command))
