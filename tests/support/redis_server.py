"""Starts a private redis-server for tests and benchmarks, never the one on port 6379.

with RedisServer.start(tmp_path) as server:        # in-memory only
    ...server.url...
with RedisServer.start(tmp_path, durable=True) as server:  # AOF, fsync on every write
    server.kill()      # SIGKILL: no shutdown, no final save
    server.restart()   # same port, same directory, replays the AOF
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Self

import redis

if TYPE_CHECKING:
    from pathlib import Path
    from types import TracebackType

STARTUP_TIMEOUT = 60.0  # a ceiling for a stuck start only: it takes milliseconds


def redis_server_path() -> str | None:
    """Where redis-server is on PATH, or None when it is not installed."""
    return shutil.which("redis-server")


def free_port(*, with_cluster_bus: bool = False) -> int:
    """A TCP port on 127.0.0.1 that nothing listens on at the moment of asking; with
    `with_cluster_bus`, port + 10000 (where a cluster node talks to its peers) is free too."""
    while True:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind(("127.0.0.1", 0))
            port: int = probe.getsockname()[1]
        if port != 6379 and (not with_cluster_bus or _is_free(port + 10000)):
            return port


def _is_free(port: int) -> bool:
    if port > 65535:
        return False
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@dataclass
class RedisServer:
    directory: Path
    port: int
    durable: bool = False
    cluster: bool = False
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @classmethod
    def start(
        cls,
        directory: Path,
        *,
        durable: bool = False,
        cluster: bool = False,
        port: int | None = None,
    ) -> Self:
        server = cls(
            directory=directory,
            port=port or free_port(with_cluster_bus=cluster),
            durable=durable,
            cluster=cluster,
        )
        server.restart()
        return server

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        executable = redis_server_path()
        if executable is None:
            msg = "redis-server is not on PATH"
            raise FileNotFoundError(msg)
        options = (
            ["--appendonly", "yes", "--appendfsync", "always"]
            if self.durable
            else ["--appendonly", "no"]
        )
        if self.cluster:
            options += ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]
        return [
            executable,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            *options,
            "--dir", str(self.directory),
            "--logfile", str(self.directory / "redis.log"),
        ]  # fmt: skip

    def restart(self) -> None:
        """Starts the server (again) on the same port and directory; returns once it answers."""
        if self.process is not None and self.process.poll() is None:
            msg = f"redis-server on port {self.port} is already running"
            raise RuntimeError(msg)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL)
        self._wait_until_ready()

    def _wait_until_ready(self) -> None:
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5, socket_timeout=0.5)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        try:
            while True:
                assert self.process is not None
                if self.process.poll() is not None:
                    log = (self.directory / "redis.log").read_text(errors="replace")
                    msg = f"redis-server exited with {self.process.returncode}:\n{log}"
                    raise RuntimeError(msg)
                try:
                    if client.ping() and (not self.cluster or self._cluster_is_ready(client)):
                        return
                except redis.ConnectionError:
                    pass  # not listening yet, or still replaying its append-only file
                if time.monotonic() > deadline:
                    self.kill()
                    msg = f"redis-server on port {self.port} did not answer PING"
                    raise TimeoutError(msg)
                time.sleep(0.02)
        finally:
            client.close()

    @staticmethod
    def _cluster_is_ready(client: redis.Redis) -> bool:
        info = client.execute_command("CLUSTER", "INFO")
        text = info.decode() if isinstance(info, bytes) else str(info)
        if "cluster_slots_assigned:0" in text:
            client.execute_command("CLUSTER", "ADDSLOTSRANGE", 0, 16383)
        return "cluster_state:ok" in text

    def kill(self) -> None:
        """Ends the server with SIGKILL, as a crash would: nothing is flushed on the way out."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
