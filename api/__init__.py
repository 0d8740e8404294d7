"""The application's one face (api/client.py): every use case written once, for the CLI, the
server and the page. Layers: domain -> store -> projections -> api -> {cli, server}."""
