"""Helpers shared by the TUI tests."""

SIZE = (120, 36)


def of_type(messages, cls):
    return [m for m in messages if isinstance(m, cls)]
