"""The greedy test pilot: the game's own bot (domain/kosmonauts/bot.py), made deterministic so
piloted test matches replay the same way every run. It only ever picks among `legal` commands
and decides from its own seat's view."""

from __future__ import annotations

import random

from domain.game import Command, Seat
from domain.kosmonauts.bot import bot
from domain.kosmonauts.state import State


def pilot_decision(state: State, seat: Seat) -> Command:
    # The bot draws chance only to break ties and in its fallback; fix it per round and seat.
    return bot(state, seat, random.Random(state.round * 10 + seat))
