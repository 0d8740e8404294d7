"""Every game tells its events and decisions in words (issue #25): each names a Narrator, and a
match's log, as any seat reads it, is sentences, not the short form."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cli.simulate import play_bot_match
from domain.game import Rules
from domain.registry import all_games
from domain.viewer import Viewer
from projections.match_log import match_log
from records.replays import audit_lines
from store.ledger import Ledger

GAMES = [rules for rules in all_games() if rules.slug != "toy"]
SHORT_FORM = re.compile(r"\b[A-Z][A-Za-z]+ [a-z_]+=|\{|\"type\"")


@pytest.mark.parametrize("rules", GAMES, ids=[rules.slug for rules in GAMES])
def test_every_game_tells_its_log_in_words(rules: Rules[Any]) -> None:
    assert rules.narrator is not None, f"{rules.slug} names no narration module"
    match = play_bot_match(rules.slug, rules.min_seats, 7, smart=True)
    ledger = Ledger("memory://")
    ledger.save(match)
    _, lines = audit_lines(ledger.stored_events(match.id))
    for viewer in (Viewer(), Viewer(seat=0), Viewer(referee=True)):
        for entry in match_log(lines[1:], rules, match.seats, viewer, opened=False):
            for said in (entry.text, *entry.texts):
                assert said and "\n" not in said
                assert not SHORT_FORM.search(said), said
