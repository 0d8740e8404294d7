"""Written forms: a command in the short form `play` reads and every listing writes
(command_forms.py), and the numbered menus of moves and chance outcomes (menus.py)."""
