"""Shared fixtures: the toy game is registered beside the real games for platform tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from store.ledger import Ledger
from tests.toy_game import install

install()

# The machine that runs CI is small and may be busy: never fail a property for being slow.
settings.register_profile("starledger", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("starledger")


@pytest.fixture(params=["memory", "sqlite"])
def ledger(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Ledger]:
    """A Ledger on each embedded store."""
    url = "memory://" if request.param == "memory" else f"sqlite:///{tmp_path}/test.db"
    yield Ledger(url, snapshot_interval=4)
