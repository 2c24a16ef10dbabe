"""One hand as entered, read and checked against the rules (docs/rules.md section 3).

:func:`read_hand` turns a hand of the scoring body into a :class:`Hand`: every
meld read, every lay-off placed on its meld, every card counted against the
decks. Anything unreadable raises :class:`InputError`, anything against the
rules :class:`RulesError`, both naming the hand, the player and the entry.
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

from scorekeeper.engine.card_tables import card_table
from scorekeeper.engine.decks import check_decks
from scorekeeper.engine.entry import needs_wild_rank
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.games.gin.hands import arrange_gin_players, check_gin
from scorekeeper.engine.hand_entries import read_cards
from scorekeeper.engine.layoffs import place_layoffs
from scorekeeper.engine.meld_check import read_wild_rank
from scorekeeper.engine.melds import meld_points
from scorekeeper.engine.played import ENDINGS, Hand, LayOff, PlayerHand, Problems

__all__ = ["ENDINGS", "Hand", "LayOff", "PlayerHand", "clear_memo", "read_hand"]

# the engine's one memo, of hands read (with what scoring keeps in Hand.memo): it pays, a 30-hand page view after an edit takes 10 ms with it and 28 ms without
_READ: dict[tuple[Any, ...], Hand] = {}
_READ_LIMIT = 5_000  # a few long sessions: enough for every page view of the tables playing now


def clear_memo() -> None:
    """Forget the hands read so far (for benchmarks that time a session never seen before)."""
    _READ.clear()


def read_hand(raw: object, number: int, rules: Rules, names: list[str], remember: bool = True) -> Hand:
    """Read hand `number` (from 1) of a session played by `names` under `rules`, checking every rule.

    A pure function of its arguments, memoised on an exact copy of the hand
    as entered (its pickle), so a session scored again reads only the hands
    that changed. The Hand returned is shared: treat it as read-only.
    `remember` False reads a hand asked about once (a live check as cards
    are typed) without putting it in the memo, where it would push out the
    hands of the sessions being played.
    """
    if not remember:
        return _read_hand(raw, number, rules, names)
    try:
        key: tuple[Any, ...] | None = (pickle.dumps(raw, 5), number, rules.key, tuple(names))
    except Exception:  # noqa: BLE001 - anything that cannot be pickled is simply read afresh
        key = None
    if key is not None:
        known = _READ.get(key)
        if known is not None:
            return known
    hand = _read_hand(raw, number, rules, names)
    if key is not None:
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = hand
    return hand


def _read_hand(raw: object, number: int, rules: Rules, names: list[str]) -> Hand:
    problem = Problems(number)
    if not isinstance(raw, Mapping):
        raise problem(InputError, "a hand must be an object with `ended` and `players` or `points`")
    hand = _read_ending(raw, number, rules, names, problem)
    rules.variant.read_hand_extras(raw, hand, names, problem)
    if "points" in raw:
        hand.points = _read_points(raw["points"], names, problem)
        return hand
    if rules.variant.read_entries(raw, hand, rules, names, problem):
        return hand
    entries = _entries(raw, hand, rules, names, problem)
    read_cards(entries, hand, rules, problem)
    check_decks(hand, rules, problem)
    place_layoffs(hand, rules, problem)
    _check_going_out(hand, rules, problem)
    rules.variant.check_played(hand, rules, problem)
    _count_points(hand, rules)
    if rules.variant.knocks:
        check_gin(hand, rules, problem)
    return hand


def _read_ending(raw: Mapping[str, Any], number: int, rules: Rules, names: list[str], problem: Problems) -> Hand:
    """The hand without its cards: how it ended, who went out and how, its wild rank."""
    ended = raw.get("ended", "went_out")
    if ended not in ENDINGS:
        raise problem(InputError, f"`ended` must be went_out or stock_exhausted, not {ended!r}", field="ended")
    went_out = _read_went_out(raw.get("went_out"), ended, names, problem, rules.variant.deal_may_end_unclaimed)
    concealed = raw.get("concealed", False)
    if not isinstance(concealed, bool):
        raise problem(InputError, "`concealed` must be true or false")
    if concealed and went_out is None:
        raise problem(RulesError, "only a player who went out can go out concealed", field="went_out")
    as_points = "points" in raw
    if as_points and "players" in raw:
        # which would count? refuse rather than silently drop the cards (docs/rules.md 3: cards, or plain numbers)
        raise problem(
            InputError, "a hand is entered either with cards (`players`) or as points (`points`), not both", field="points"
        )
    try:
        # a hand without cards (plain points, or only drops) needs no wild rank: nothing is checked against it
        given = raw.get("wild_rank") not in (None, "")
        wild_rank = read_wild_rank(raw.get("wild_rank"), rules) if given or needs_wild_rank(raw, rules.variant) else None
    except InputError as exc:
        raise problem(InputError, str(exc), field="wild_rank") from None
    big_gin = raw.get("big_gin", False)
    if not isinstance(big_gin, bool):
        raise problem(InputError, "`big_gin` must be true or false")
    return Hand(number, ended, went_out, concealed, wild_rank, big_gin=big_gin)


def _entries(
    raw: Mapping[str, Any], hand: Hand, rules: Rules, names: list[str], problem: Problems
) -> dict[str, Mapping[str, Any]]:
    """Each player's entry (melds, lay-offs, cards left in hand), gin's whole hands arranged first."""
    players = raw.get("players")
    if not isinstance(players, Mapping):
        raise problem(InputError, "a hand needs `players` (the cards of each player) or `points`")
    for name in players:
        if name not in names:
            raise problem(InputError, f"`{name}` is not a player in this session: players are {', '.join(names)}")
    if rules.variant.whole_hand_entry:
        players = arrange_gin_players(players, hand, rules, names, problem)
    entries = {name: players.get(name) or {} for name in names}
    for name, entry in entries.items():
        if type(entry) is not dict and not isinstance(entry, Mapping):  # dict first: an ABC check is slow
            raise problem(InputError, f"{name}'s entry must be an object with melds, layoffs and in_hand", name)
    return entries


def _count_points(hand: Hand, rules: Rules) -> None:
    """What each player melded and laid off, and what they hold, in points."""
    wild_rank = hand.wild_rank
    values = card_table(rules, wild_rank, "in_hand_points")
    for player in hand.players.values():
        melded = 0  # plain loops: this runs for every player of every hand
        for meld in player.melds:
            melded += meld_points(meld, rules, wild_rank)
        for layoff in player.layoffs:
            melded += layoff.points
        player.melded_points = melded
        player.in_hand_points = sum(map(values.__getitem__, player.in_hand))


def _read_went_out(value: object, ended: str, names: list[str], problem: Problems, unclaimed: bool = False) -> str | None:
    """Who went out; `unclaimed`: the game lets a deal end with nobody going out (null)."""
    if isinstance(value, list):
        value = _one_named(value, names, problem)
    if value is not None and not isinstance(value, str):
        raise problem(InputError, f"`went_out` must be a player's name, not {value!r}", field="went_out")
    if ended == "stock_exhausted":
        if value not in (None, ""):
            raise problem(
                RulesError, f"the stock ran out, so nobody went out, but {value} is named", field="went_out"
            )
        return None
    if value in (None, "") and unclaimed:
        return None
    if value in (None, ""):
        raise problem(InputError, "say who went out (`went_out`), or that the stock ran out", field="went_out")
    if value not in names:
        raise problem(InputError, f"`{value}` went out, but is not a player in this session", field="went_out")
    return str(value)


def _one_named(value: list[Any], names: list[str], problem: Problems) -> str | None:
    """`went_out` given as a list: its one name (None when empty); refuses more than one, or one not a player."""
    for item in value:
        if not isinstance(item, str):
            raise problem(InputError, f"`went_out` must name players, not {item!r}", field="went_out")
        if item and item not in names:
            raise problem(InputError, f"`{item}` went out, but is not a player in this session", field="went_out")
    if len(value) > 1:
        both = " and ".join(str(v) for v in value)
        raise problem(RulesError, f"only one player can go out in a hand, but {both} are named", field="went_out")
    return value[0] if value else None


def _read_points(points: object, names: list[str], problem: Problems) -> dict[str, int]:
    if not isinstance(points, Mapping):
        raise problem(InputError, "`points` must be an object of player names and whole numbers", field="points")
    read = {}
    for name in names:
        value = points.get(name, 0)
        if type(value) is not int:
            raise problem(InputError, f"{name}'s points must be a whole number, not {value!r}", name, field="points")
        read[name] = value
    for name in points:
        if name not in names:
            raise problem(InputError, f"`{name}` is not a player in this session", field="points")
    return read


def _check_going_out(hand: Hand, rules: Rules, problem: Problems) -> None:
    """Refuse cards left in the hand of the seat that went out, unless the game lets it hold some (went_out_may_hold)."""
    if hand.went_out is None or rules.variant.went_out_may_hold(rules):
        return
    left = hand.players[hand.went_out].in_hand
    if left:
        shown = " ".join(str(c) for c in left)
        raise problem(
            RulesError,
            f"{hand.went_out} went out, so no cards are left in {hand.went_out}'s hand, but {shown} are entered",
            hand.went_out, field="in_hand",
        )
