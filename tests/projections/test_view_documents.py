"""A stored view document is the game's view struct encoded as it is (no builtins copy first):
the same bytes as the builtins the queries hand out, for every game and viewer, during and after a match."""

from __future__ import annotations

import pytest

from cli.simulate import play_bot_match
from domain.registry import all_games
from domain.viewer import SPECTATOR
from projections.documents import ViewDoc, decode, encode, to_json
from projections.projectors import view_doc
from store.ledger import Ledger

GAMES = [rules.slug for rules in all_games() if rules.slug != "toy"]


@pytest.mark.parametrize("game", GAMES)
def test_a_view_struct_encodes_as_its_builtins_do(game: str) -> None:
    checked = 0
    ledger = Ledger("memory://")
    for seed in range(2):
        played = play_bot_match(game, 3, seed)
        ledger.save(played)
        middle = ledger.match(played.id, version=played.version // 2)
        for match, name in [(m, n) for m in (middle, played) for n in [*m.seats, SPECTATOR]]:
            plain, struct = view_doc(match, name), view_doc(match, name, plain=False)
            assert not isinstance(struct.view, dict) and isinstance(plain.view, dict)
            assert to_json(struct) == to_json(plain)
            assert decode(encode(struct), ViewDoc) == decode(encode(plain), ViewDoc)
            checked += 1
    assert checked == 16
