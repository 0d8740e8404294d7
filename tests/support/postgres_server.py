"""Starts a private PostgreSQL cluster for tests (never the machine's own server).

initdb refuses to run as root, so as root the cluster is made and run as the `postgres` user.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.redis_server import free_port


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@dataclass
class PostgresServer:
    directory: Path
    port: int
    bin: Path

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    @classmethod
    def start(cls, bin_dir: Path) -> PostgresServer:
        directory = Path(tempfile.mkdtemp(prefix="starledger-pg-"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(directory, owner.pw_uid, owner.pw_gid)
        server = cls(directory, free_port(), bin_dir)
        server._run("initdb", "-D", str(directory / "data"), "-U", "postgres", "-A", "trust")
        server._run(
            "pg_ctl", "-D", str(directory / "data"), "-l", str(directory / "log"), "-w", "-o",
            f"-p {server.port} -k {directory} -c listen_addresses=127.0.0.1 -c fsync=off",
            "start",
        )  # fmt: skip
        deadline = time.monotonic() + 60  # a ceiling for a stuck start only
        while time.monotonic() < deadline:
            probe = subprocess.run(
                [str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p", str(server.port)],
                capture_output=True,
            )
            if probe.returncode == 0:
                return server
            time.sleep(0.1)
        raise TimeoutError("the private PostgreSQL did not start")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.directory / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
