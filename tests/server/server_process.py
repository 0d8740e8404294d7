"""Starts `starledger serve` as a real process on a free port, for tests and benchmarks.

with ServerProcess.start("sqlite:////tmp/x.db", tmp_path) as server:
    httpx.get(server.url + "/healthz")
    server.worker_pids()     # uvicorn's worker processes (with --workers N > 1)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Self

import httpx

from tests.support.redis_server import free_port

if TYPE_CHECKING:
    from types import TracebackType

STARTUP_TIMEOUT = 60.0  # a ceiling for a stuck start only: a busy machine may take 10 s
ROOT = Path(__file__).resolve().parents[2]
TEST_LIMITS = {
    "STARLEDGER_RATE_LIMIT": "100000",
    "STARLEDGER_RATE_BURST": "100000",
    "STARLEDGER_ADDRESS_RATE_LIMIT": "100000",
    "STARLEDGER_ADDRESS_RATE_BURST": "100000",
    "STARLEDGER_MAX_STREAMS": "1000",  # every test client comes from 127.0.0.1
}


@dataclass
class ServerProcess:
    store: str
    directory: Path
    port: int
    workers: int = 1
    env: dict[str, str] = field(default_factory=dict)
    ready_path: str = "/readyz"
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @classmethod
    def start(
        cls,
        store: str,
        directory: Path,
        *,
        workers: int = 1,
        env: dict[str, str] | None = None,
        ready_path: str = "/readyz",
    ) -> Self:
        server = cls(
            store=store,
            directory=directory,
            port=free_port(),
            workers=workers,
            env={**TEST_LIMITS, **(env or {})},
            ready_path=ready_path,
        )
        server.restart()
        return server

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api(self) -> str:
        return self.url + "/api/v1"

    @property
    def log_path(self) -> Path:
        return self.directory / f"server-{self.port}.log"

    def restart(self) -> None:
        if self.process is not None and self.process.poll() is None:
            raise RuntimeError(f"the server on port {self.port} is already running")
        self.directory.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable, "-c", "from cli.app import main; main()", "serve",
            "--store", self.store, "--port", str(self.port), "--workers", str(self.workers),
            "--log-level", "warning",
        ]  # fmt: skip
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for name in ("STARLEDGER_ADMIN_TOKEN", "STARLEDGER_STORE"):
            env.pop(name, None)
        env.update(self.env)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"the server exited with {self.process.returncode}:\n{self.log()}"
                )
            try:
                ready = httpx.get(self.url + self.ready_path, timeout=1).status_code == 200
                if ready and len(self.worker_pids()) >= (self.workers if self.workers > 1 else 0):
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(
                    f"the server on port {self.port} did not get ready:\n{self.log()}"
                )
            time.sleep(0.05)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def worker_pids(self) -> list[int]:
        """uvicorn's worker processes (none apart from the main one with a single worker)."""
        if self.process is None:
            return []
        try:
            text = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text()
        except OSError:
            return []
        children = [int(pid) for pid in text.split()]
        return [pid for pid in children if _is_worker(pid)]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _is_worker(pid: int) -> bool:
    try:
        return b"multiprocessing.spawn" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
