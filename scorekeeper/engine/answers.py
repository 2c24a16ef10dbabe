"""The engine's answers, typed: each JSON body of docs/api.md that the engine builds, key by key.

The API, the command line and the pages send these dicts as they are, so a
key here is a field of docs/api.md and keeps its name and meaning. Keys every
answer of a kind holds are required; keys only some games or some inputs give
(``NotRequired``) say which in their comment. Nothing here is imported from the
rest of the engine: any module may name these types.
tests/engine/test_engine_answers.py holds each type against what the engine
really answers for every game's sample, so a type cannot drift from the JSON.

>>> from scorekeeper.engine import check_meld
>>> sorted(MeldAnswer.__required_keys__ - check_meld("7H 8H 9H").keys())
[]
"""

# no `from __future__ import annotations` here: on Python 3.11 a TypedDict reads NotRequired only from real
# annotations, and would count every key as required
from typing import NotRequired, TypedDict

# the meld check: POST /api/v1/melds/check ------------------------------------------------------


class ReadingAnswer(TypedDict):
    """One reading of a meld (docs/api.md, "Meld check": each of `readings`), and each meld of a scored hand."""

    kind: str  # "set" or "run" ("group" or "run" in rummikub)
    represents: list[str]  # the natural card at each place of the meld
    points: int
    cards: list[str]  # the meld in order, wild cards pinned (JK=9H)
    notation: str  # `cards` as one string: entering it again picks this reading


class MeldFields(TypedDict):
    """What every meld check answers, of one meld or of a lay-off (docs/api.md, "Meld check")."""

    legal: bool
    kind: str | None  # the kind of the reading used; None when illegal
    cards: list[str]  # as read, in the order entered
    points: int
    readings: list[ReadingAnswer]  # the one used first
    reason: str | None  # None when legal


class MeldAnswer(MeldFields):
    """The meld check's 200 body (docs/api.md, "Meld check"), legal or not."""

    group: NotRequired[str | None]  # indian: the group's name ("pure sequence"), None for no group
    canasta: NotRequired[str | None]  # canasta: "natural", "mixed" or None
    canasta_bonus: NotRequired[int]  # canasta: that canasta's bonus, 0 for none
    initial_meld: NotRequired[int]  # rummikub: the table's initial meld
    reaches_initial_meld: NotRequired[bool]  # rummikub: this meld alone reaches it


class CanastaFields(TypedDict):
    """The canasta a meld makes, in a game with canastas (docs/api.md, "Meld check" and "Lay-off check")."""

    canasta: str | None
    canasta_bonus: int


# the lay-off check: POST /api/v1/layoffs/check -------------------------------------------------


class TableMeldAnswer(ReadingAnswer):
    """The meld on the table as read, in the lay-off check's `meld` (a reading)."""

    canasta: NotRequired[str | None]  # canasta: the canasta it made before the lay-off
    canasta_bonus: NotRequired[int]


class LayoffAnswer(MeldFields):
    """The lay-off check's 200 body (docs/api.md, "Lay-off check"): the meld check's fields for the longer meld.

    `cards` is the cards laid off, and `points` counts only them.
    """

    meld: TableMeldAnswer | None  # None when the meld on the table is not legal (`reason` says so)
    canasta: NotRequired[str | None]  # canasta: the canasta the longer meld makes
    canasta_bonus: NotRequired[int]
    fits_other_readings: NotRequired[list[str]]  # absent when the meld on the table is not legal
    cards_on_table: NotRequired[list[str]]  # canasta: the longer meld as it lies


# the other checks ------------------------------------------------------------------------------


class FirstMeldsAnswer(TypedDict):
    """The first melds check's 200 body (docs/api.md, "First melds check": rummikub's initial meld)."""

    melds: list[MeldAnswer]
    points: int
    initial_meld: int
    reaches: bool
    reason: str | None


class DeclaredGroup(TypedDict):
    """One group of a declaration, as read and named."""

    cards: list[str]
    group: str | None  # None for no group


class DeclarationAnswer(TypedDict):
    """The declaration check's 200 body (docs/api.md, "Declaration check": indian's show)."""

    valid: bool
    answer: str  # "valid show", or the first reason it is not
    groups: list[DeclaredGroup]


class HeldCountAnswer(TypedDict):
    """The count check's 200 body (docs/api.md, "Count check": what indian's loser's cards cost)."""

    count: int | None  # capped; None when a group is no group
    counted: int | None
    cap: int
    capped: bool
    lives: str | None
    reason: str | None


class CardsAnswer(TypedDict):
    """The cards check's 200 body (docs/api.md, "Cards check")."""

    cards: list[str]
    points: NotRequired[int]  # given a game (in rummy5000, and its wild rank)


# `for` is a Python keyword, hence the functional form
SideLine = TypedDict("SideLine", {"points": int, "for": str})
SideLine.__doc__ = """One line of how a side's score adds up (docs/api.md, "Side check": `lines`)."""


class SideAnswer(TypedDict):
    """The side check's 200 body (docs/api.md, "Side check": a canasta side's live score)."""

    score: int | None  # None when the hand as typed breaks a rule for this side
    lines: list[SideLine]
    reason: str | None


# scoring a session: POST /api/v1/score ---------------------------------------------------------

BonusLine = TypedDict("BonusLine", {"side": str, "points": int, "for": str})
BonusLine.__doc__ = """A point of a hand's scores that is not the side's own cards (docs/api.md: `bonus_lines`)."""


class LayoffTarget(TypedDict):
    """The meld a lay-off goes onto: its owner, and the meld's index in their melds (from 0)."""

    player: str
    meld: int


class LaidOff(TypedDict):
    """One lay-off of a scored hand's `players`, with what it scored."""

    cards: list[str]
    onto: LayoffTarget
    points: int


class PlayerDetails(TypedDict):
    """A player's cards as read, in a hand given with cards (docs/api.md, "Other fields": a hand's `players`)."""

    melds: list[ReadingAnswer]
    layoffs: list[LaidOff]
    in_hand: list[str]
    melded_points: int
    in_hand_points: int
    red_threes: NotRequired[int]  # canasta (its `hand_counts`): the side's red threes
    state: NotRequired[str]  # indian: "first_drop", "middle_drop" or "wrong_show"


class HandNotes(TypedDict, total=False):
    """What a hand's body says beside its scores in one game (Game.hand_notes): indian's."""

    eliminated: list[str]  # pool: the players out after the hand
    collects: int  # points: what the deal's winner collects
    counts: dict[str, int]  # each player's cards, drop or wrong show cost


class HandAnswer(TypedDict):
    """One hand's body in a scored session (docs/api.md, "Scoring a session": `hands`)."""

    scores: dict[str, int]
    totals: dict[str, int]
    status: str  # "in_progress" or "finished"
    winner: str | list[str] | None  # a list in rummikub when several share the win
    winners: NotRequired[list[str]]  # michigan: every winner of the hand
    reason: str
    went_out: str | None
    entered_as_points: bool
    bonuses: NotRequired[dict[str, int]]  # on the hand that won the game
    bonus_lines: NotRequired[list[BonusLine]]  # absent when there is none
    warnings: NotRequired[list[str]]
    player_scores: NotRequired[dict[str, int]]  # persian: each player's own score
    eliminated: NotRequired[list[str]]  # indian (HandNotes)
    collects: NotRequired[int]
    counts: NotRequired[dict[str, int]]
    players: NotRequired[dict[str, PlayerDetails]]  # hands given with cards
    result: NotRequired[str]  # gin: "draw", "gin", "big gin", "knock" or "undercut"
    rejoined: NotRequired[dict[str, int]]  # indian pool: who was dealt back in, on what total


class SessionNotes(TypedDict, total=False):
    """What a session's answer says beside its totals in one game (Game.answer_notes): indian's pool."""

    eliminated: list[str]


class SessionAnswer(TypedDict):
    """The scoring 200 body (docs/api.md, "Scoring a session"): every hand, the totals, the standing."""

    hands: list[HandAnswer]
    totals: dict[str, int]
    status: str
    winner: str | list[str] | None
    reason: str
    leaders: list[str]
    target: int | None
    toward_target: NotRequired[dict[str, int]]  # absent in michigan
    partnerships: NotRequired[dict[str, list[str]]]  # persian
    eliminated: NotRequired[list[str]]  # indian pool (SessionNotes)


class ErrorAnswer(TypedDict):
    """A 400 or 422 body (docs/api.md, "422"): the message, and where it points when known."""

    error: str
    hand: NotRequired[int]  # from 1
    player: NotRequired[str]
    field: NotRequired[str]
    meld: NotRequired[int]  # from 0
    layoff: NotRequired[int]  # from 0


# the gin arrangement: POST /api/v1/gin/arrange -------------------------------------------------


class GinLayoff(TypedDict):
    """Cards a defender lays off, onto the knocker's meld `onto` (an index of `knocker_melds`, from 0)."""

    cards: list[str]
    onto: int


class GinArrangement(TypedDict):
    """One optimal arrangement of a gin hand (docs/api.md, "Gin arrangement": each of `optimal`)."""

    melds: list[list[str]]
    deadwood: list[str]
    deadwood_points: int
    layoffs: list[GinLayoff]


class GinDiscard(TypedDict):
    """The discard fields of a gin arrangement: the best discard of eleven cards (None for ten)."""

    discard: str | None
    discards: NotRequired[list[str]]  # eleven cards: every equally good discard
    big_gin: NotRequired[bool]  # eleven cards: all of them meld


class GinDefence(TypedDict, total=False):
    """The defender's fields of a gin arrangement, given `knocker_melds`."""

    layoffs_allowed: bool  # false when the knocker went gin


class GinAnswer(TypedDict):
    """The gin arrangement's 200 body (docs/api.md, "Gin arrangement"): the first optimal arrangement, and all."""

    melds: list[list[str]]
    deadwood: list[str]
    deadwood_points: int
    layoffs: list[GinLayoff]
    can_knock: bool
    gin: bool
    arrangements: int
    discard: str | None
    discards: NotRequired[list[str]]
    big_gin: NotRequired[bool]
    optimal: list[GinArrangement]
    layoffs_allowed: NotRequired[bool]  # with knocker_melds: false when the knocker went gin


# a game's card values (engine.card_values: the rules pages' table) ----------------------------


class ValueRow(TypedDict):
    """One row of a game's card-value table: a card or kind of card, melded and left in hand (None: not counted)."""

    card: str
    melded: int | None
    in_hand: int | None
