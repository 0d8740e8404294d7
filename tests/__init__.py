DECODE_REFUSALS = ("BAD_COMMAND", "MALFORMED_COMMAND", "COMMAND_TOO_LARGE")
"""The codes a command refused before the rules see it may carry."""
