"""The CLI as a client of a server (issue #18): the same commands a player uses on a local
store, with `--server` and `--token` (or STARLEDGER_SERVER / STARLEDGER_TOKEN)."""

from __future__ import annotations

import json

from api.documents import NewMatch
from api.remote import RemoteClient
from cli.app import app
from tests.server.conftest import Served
from tests.support.cli_runner import CliRunner


def test_a_remote_player_uses_the_same_commands(sqlite_served: Served) -> None:
    server = sqlite_served.api.removesuffix("/api/v1")
    with RemoteClient(server) as anyone:
        created = anyone.new(
            NewMatch(game="race-for-the-galaxy", seats=["ann", "ben"], options={"max_rounds": 3})
        )
    match = created.match[:8]
    runner = CliRunner()

    def cli(*args: str, token: str, code: int = 0) -> str:
        env = {"STARLEDGER_SERVER": server, "STARLEDGER_TOKEN": token}
        result = runner.invoke(app, list(args), env=env)
        assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result.stdout + result.stderr

    ann, ben = created.tokens.seats["ann"], created.tokens.seats["ben"]
    listing = cli("moves", match, "--as", "ann", token=ann)
    assert "   1) " in listing
    assert "not for 'ann'" in cli("moves", match, "--as", "ann", token=ben, code=1)
    cli("play", match, "1", "--as", "ann", token=ann)
    shown = json.loads(cli("show", match, "--as", "ann", "--json", token=ann))
    assert shown["as"] == "ann" and shown["version"] == 2
    assert "started race-for-the-galaxy" in cli("log", match, token=ann)
    assert json.loads(cli("score", match, "--json", token=ann))["status"]
    undone = json.loads(cli("undo", match, "--as", "ann", "--json", token=ann))
    assert undone["decision"] == 2
    exported = cli("export", match, token=ann)
    assert (
        '"format":"starledger-replay/2"' in exported and '"seed"' not in exported.splitlines()[-1]
    )
    # the option form, before the command, works too
    direct = runner.invoke(app, ["--server", server, "--token", ann, "show", match, "--json"])
    assert direct.exit_code == 0, direct.stderr
