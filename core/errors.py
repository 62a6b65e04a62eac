"""Errors the rules raise. Each message is a sentence for the player: what is wrong,
and what is possible instead."""


class RulesError(Exception):
    """An action that the rules refuse. The state it was tried on is unchanged.

    `code` is a short stable identifier (e.g. ``OFF_TABLE``) for tests and tools;
    `private` marks a refusal whose text depends on hidden information, so the
    service sends it only to the player who tried (infinity.md §9.5.1).
    """

    def __init__(self, message: str, code: str = "ILLEGAL", private: bool = False):
        super().__init__(message)
        self.message = message
        self.code = code
        self.private = private


class ParseError(RulesError):
    """A command line that does not fit the grammar of its verb."""

    def __init__(self, message: str):
        super().__init__(message, code="MALFORMED")
