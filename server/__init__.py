"""The HTTP backend: `starledger serve` (Litestar on uvicorn), one more client of the Ledger and
the query layer. See server/app.py for the routes and README "The server" for a walk-through."""
