"""Names of the Redis keys that hold one application's records (layout in `store.redis`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RedisKeys:
    """Every key starts with the same `{application}` hash tag, so a Redis Cluster keeps all
    of one application's keys in one slot and a single script may touch any of them.
    """

    application: str
    purpose: str = "events"

    def __post_init__(self) -> None:
        if not self.application or "{" in self.application or "}" in self.application:
            msg = f"Redis application name must be non-empty, without braces: {self.application!r}"
            raise ValueError(msg)

    @property
    def tag(self) -> str:
        return "{" + self.application + "}"

    @property
    def log(self) -> str:
        """Stream of the application's notification log: a reference to each event, in order."""
        return f"{self.tag}:{self.purpose}:log"

    @property
    def aggregate_prefix(self) -> str:
        """What every aggregate's key starts with (the originator id follows)."""
        return f"{self.tag}:{self.purpose}:aggregate:"

    def aggregate(self, originator_id: str) -> str:
        """List of one aggregate's events, in ascending originator version."""
        return self.aggregate_prefix + originator_id

    @property
    def tracking(self) -> str:
        """Hash of upstream application name to the last notification id processed."""
        return f"{self.tag}:tracking"
