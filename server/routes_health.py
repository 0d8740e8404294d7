"""Liveness and readiness, outside /api/v1 (for load balancers and supervisors)."""

from __future__ import annotations

from urllib.parse import urlsplit

from litestar import get

from api.documents import Health
from domain.errors import StoreUnavailable
from server.deps import Svc, responses


@get("/healthz", responses=responses())
async def healthz() -> Health:
    """The process answers."""
    return Health(status="ok")


@get("/readyz", responses=responses())
async def readyz(svc: Svc) -> Health:
    """The store and the token table answer, and live updates (when streams are open) work."""

    def check() -> None:
        try:
            svc.ready()
        except Exception as exc:
            raise StoreUnavailable("the store does not answer") from exc
        if svc.hub.failing is not None:
            raise StoreUnavailable("live updates fail; retrying while event streams are open")

    await svc.run(check)
    return Health(status="ready", store=urlsplit(svc.settings.store).scheme)
