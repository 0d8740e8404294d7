"""A move's value for a seat, as an analysis judges it: small enough for the documents that
describe analyses (api/documents.py) to name it without loading the analysis itself."""

from __future__ import annotations

import msgspec


class Value(msgspec.Struct, frozen=True):
    """A move's value for the seat: expected win rate (0..1) and mean score margin."""

    win_rate: float
    margin: float
