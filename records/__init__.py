"""The record formats: the hash-chained replay file (replays.py) and its import (imports.py),
and the table record of a game played at a table (table_record.py)."""
