"""The two ways a request to the engine can fail, both plain ``ValueError`` subclasses.

>>> issubclass(InputError, ValueError) and issubclass(RulesError, ValueError)
True
>>> RulesError("Ann went out with cards in hand", hand=2, player="Ann").fields()
{'error': 'Ann went out with cards in hand', 'hand': 2, 'player': 'Ann'}
"""

from __future__ import annotations

from scorekeeper.engine.answers import ErrorAnswer


class EngineError(ValueError):
    """A request the engine refuses, with the hand (numbered from 1) and player it concerns.

    Forms use the finer pointers to put the message beside the right box:
    `field` is ``melds``, ``layoffs``, ``in_hand``, ``went_out``, ``ended``,
    ``wild_rank`` or ``points``; `meld` and `layoff` count from 0 within the
    player's entries (messages count from 1).
    """

    def __init__(
        self,
        message: str,
        hand: int | None = None,
        player: str | None = None,
        field: str | None = None,
        meld: int | None = None,
        layoff: int | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hand = hand
        self.player = player
        self.field = field
        self.meld = meld
        self.layoff = layoff

    def fields(self) -> ErrorAnswer:
        """The error as the JSON API answers it: the message, plus hand and player when known."""
        body: ErrorAnswer = {"error": self.message}
        if self.hand is not None:
            body["hand"] = self.hand
        if self.player is not None:
            body["player"] = self.player
        if self.field is not None:
            body["field"] = self.field
        return body


    def response(self) -> ErrorAnswer:
        """The JSON API's error body: :meth:`fields`, plus `meld` and `layoff` (from 0) when known.

        Kept apart from fields() (whose shape callers compare whole) so the
        API can point a client at the very entry, as forms do.

        >>> RulesError("bad meld", hand=1, player="Ann", field="melds", meld=1).response()
        {'error': 'bad meld', 'hand': 1, 'player': 'Ann', 'field': 'melds', 'meld': 1}
        """
        body = self.fields()
        if self.meld is not None:
            body["meld"] = self.meld
        if self.layoff is not None:
            body["layoff"] = self.layoff
        return body


class InputError(EngineError):
    """Input that cannot be read: not a card, an unknown game or option, a body of the wrong shape."""


class RulesError(EngineError):
    """Input that can be read but breaks the rules: an illegal meld, too many copies of a card."""
