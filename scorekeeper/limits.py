"""What a stored session may hold: one definition of each limit, for the forms, the service and backup imports.

Whatever the app can store, a backup of it must restore, so the import reads
with these same limits and nothing stricter. Whole numbers a request sends are
read here too (whole_number), within what a database id holds.
"""

from __future__ import annotations

import re
import unicodedata
from typing import overload

# characters in a player's name (the player.name column is this wide)
MAX_NAME = 40
# players one session ever seats, late players and those who left included: twice the fullest table (8), so a
# chair freed by a player who left can be taken again and again in an evening, while a stored game (and its
# backup) stays bounded. The players at the table at once are the game's own limit (max_players), which the engine checks
MAX_SEATS = 16
# hands in one session: years of Michigan evenings fit many times over
MAX_HANDS = 10_000
# points one player scores in one hand entered as points: no game comes near it
MAX_POINTS = 1_000_000_000
# the largest id a database column holds (PostgreSQL's integer): larger numbers name nothing
MAX_ID = 2**31 - 1
# the largest number a game's option takes (a target, a bonus): the forms read it with whole_number, so MAX_ID
MAX_OPTION = MAX_ID
# plain digits, no more than MAX_ID has: int() would also read " 7", "1_0" and "٣", and fail
# (a ValueError past 4,300 digits, after a slow read) on what a request may send
_WHOLE = re.compile(rf"[0-9]{{1,{len(str(MAX_ID))}}}")


@overload
def whole_number(text: str | None) -> int: ...
@overload
def whole_number(text: str | None, missing: None) -> int | None: ...
@overload
def whole_number(text: str | None, missing: int) -> int: ...
def whole_number(text: str | None, missing: int | None = 0) -> int | None:
    """A whole number a request sent (an id, a position, a seat, a row, a page); `missing` when it is none.

    The one reader of whole numbers in requests: anything but plain ASCII digits
    up to MAX_ID (a sign, a space, a superscript, 5,000 digits) is missing, as a
    number past what a database id holds names nothing.

    >>> whole_number("12"), whole_number("-1"), whole_number("\u00b2"), whole_number("9" * 5000, None)
    (12, 0, 0, None)
    """
    if text is None or not _WHOLE.fullmatch(text):
        return missing
    number = int(text)
    return number if number <= MAX_ID else missing


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can.

    Any character a person can type is fine (emoji joined by a zero-width
    joiner, a zero-width space, a tab inside); not blank, no whitespace around
    it, at most MAX_NAME characters, and no NUL or lone surrogate, which no
    database or UTF-8 file can keep.

    >>> name_problem("👩\u200d👧 Mum"), name_problem("Ann\tB"), name_problem(" Ann")
    (None, None, 'has spaces around it')
    """
    if not name.strip():
        return "is blank"
    if name != name.strip():
        return "has spaces around it"
    if len(name) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters"
    if any(ch == "\x00" or unicodedata.category(ch) == "Cs" for ch in name):
        return "contains a character that cannot be stored (NUL or a lone surrogate)"
    return None


def hands_problem(hands: list, first: int = 1) -> str | None:
    """Why a session cannot hold these hands (too many, or points beyond any game), or None.

    `first` is the number of the first hand given (the hands before it are stored, and were checked).

    >>> hands_problem([{"points": {"Ann": 2_000_000}}]) is None
    True
    >>> hands_problem([{"points": {"Ann": MAX_POINTS + 1}}])
    "hand 1: Ann's 1000000001 points are beyond any game (1,000,000,000 at most)"
    """
    count = first - 1 + len(hands)
    if count > MAX_HANDS:
        return f"a session holds at most {MAX_HANDS:,} hands; this one would hold {count:,}"
    for number, hand in enumerate(hands, start=first):
        points = hand.get("points") if isinstance(hand, dict) else None
        if isinstance(points, dict):
            for name, value in points.items():
                if type(value) is int and abs(value) > MAX_POINTS:
                    return f"hand {number}: {name}'s {value} points are beyond any game ({MAX_POINTS:,} at most)"
    return None


def options_problem(options: dict) -> str | None:
    """Why a session's options hold a number no form takes (past MAX_OPTION), or None.

    The engine checks each option against the game (its kind, its own minimum and
    maximum); this is the bound every number typed on a form has besides.

    >>> options_problem({"target": 500, "concealed": True}) is None
    True
    >>> options_problem({"target": 10**400})
    'option target: a number of 401 digits is more than 2,147,483,647, the most a form takes'
    """
    for name, value in options.items():
        if type(value) is int and value > MAX_OPTION:
            digits = str(value)
            shown = digits if len(digits) <= 20 else f"a number of {len(digits)} digits"
            return f"option {name}: {shown} is more than {MAX_OPTION:,}, the most a form takes"
    return None
