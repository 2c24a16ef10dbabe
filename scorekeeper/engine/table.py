"""Life at the table around the scoring: who deals each hand.

The dealer moves one seat to the left each hand, which in seat order is the
next seat up (seat 4 of 4 passes to seat 1). Only what the table said is
kept (who dealt first, and any correction "seat S deals hand N"); every
other hand's dealer follows from the latest choice before it. A seat not
dealt into a hand (a player who left, or one not seated yet) is skipped.

>>> dealer_seats({1: 2}, [[1, 2, 3]] * 4)
[2, 3, 1, 2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def next_seat(seats: Sequence[int], after: int) -> int:
    """The first of `seats` to the left of seat `after` (the next seat number up, wrapping round).

    >>> next_seat([1, 2, 3, 4], 2), next_seat([1, 2, 3, 4], 4), next_seat([1, 3, 4], 2)
    (3, 1, 3)
    """
    ordered = sorted(seats)
    return next((seat for seat in ordered if seat > after), ordered[0])


def dealer_seats(choices: Mapping[int, int], seated: Sequence[Sequence[int]]) -> list[int]:
    """The seat that deals each hand: hand n (from 1) is dealt by the n-th seat of the answer.

    `choices` maps a hand number to the seat the table said deals it (hand 1:
    the first dealer; none given, seat 1 deals first); `seated[n - 1]` lists
    the seats dealt into hand n. A chosen seat that is not in its hand passes
    the deal on to the next seat that is.

    >>> dealer_seats({}, [[1, 2, 3]] * 4)
    [1, 2, 3, 1]
    >>> dealer_seats({1: 3, 3: 1}, [[1, 2, 3]] * 4)
    [3, 1, 1, 2]
    >>> dealer_seats({1: 2}, [[1, 2, 3], [1, 3], [1, 3, 4]])
    [2, 3, 4]
    """
    dealers: list[int] = []
    for number, seats in enumerate(seated, start=1):
        if not seats:
            raise ValueError(f"hand {number} has nobody dealt in")
        if number in choices:
            chosen = choices[number]
            # the chosen seat deals if it is in the hand, else the first seat after it that is
            dealer = chosen if chosen in seats else next_seat(seats, chosen)
        elif dealers:
            dealer = next_seat(seats, dealers[-1])
        else:
            dealer = min(seats)
        dealers.append(dealer)
    return dealers
