"""The one error type of the rules package: a French sentence naming the field."""

from __future__ import annotations

__all__ = ["RulesError"]


class RulesError(ValueError):
    """A bad input, told in one French sentence that names the field.

    ``field`` is the parameter name of the public contract (``difficulte``,
    ``des``…), so the browser can point at the faulty input; ``str(err)`` is
    the sentence shown to the reader.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message

    def __str__(self) -> str:
        return self.message
