"""The contract runs on a real server too: the server tests' SQLite server (tests/server/conftest.py)."""

from __future__ import annotations

from tests.server.conftest import Served, sqlite_served

__all__ = ["Served", "sqlite_served"]
