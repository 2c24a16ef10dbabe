"""The meld check as the JSON API, the command line and the checker page answer it.

>>> body = check_meld("7H 8H JK")
>>> body["legal"], body["kind"], body["points"], body["readings"][0]["represents"]
(True, 'run', 30, ['7H', '8H', '9H'])
>>> check_meld("KH AH 2H")["reason"]
'K-A-2 wraps around: an ace is high or low, not both'
>>> check_meld("7H 8H JK", game="persian")["legal"]
False
>>> body = check_layoff("7H 8H JK", "10H")
>>> body["legal"], body["points"], body["readings"][0]["notation"]
(True, 10, '7H 8H JK=9H 10H')
>>> read_card_list("qs4d")
{'cards': ['QS', '4D']}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from scorekeeper.engine.answers import (
    CanastaFields,
    CardsAnswer,
    DeclarationAnswer,
    FirstMeldsAnswer,
    HeldCountAnswer,
    LayoffAnswer,
    MeldAnswer,
    ReadingAnswer,
    TableMeldAnswer,
)
from scorekeeper.engine.card_tables import card_table
from scorekeeper.engine.cards import CardNotationError, MeldCard, parse_cards, parse_meld_cards, parse_rank
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.games.base import Rules
from scorekeeper.engine.melds import MeldCheck, Reading, analyse, check, extend, meld_points, suit_refusal
from scorekeeper.engine.rules import table_rules


def read_wild_rank(wild_rank: object, rules: Rules, where: str = "") -> int | None:
    """The hand's wild rank as a number (ace 1), required by 5000 Rummy and ignored by the other games."""
    if not rules.variant.asks_wild_rank:
        return None
    if wild_rank is None or wild_rank == "":
        # in words a player follows: the pages show this as it is (the API's field is named in docs/api.md)
        raise InputError(
            f"{where}{rules.name} needs the hand's wild rank: {rules.variant.wild_rank_help}"
        )
    if isinstance(wild_rank, int) and not isinstance(wild_rank, bool):
        if 1 <= wild_rank <= 13:
            return wild_rank
        raise InputError(f"{where}wild rank {wild_rank} is not a rank: ranks are A 2-10 J Q K")
    try:
        return parse_rank(str(wild_rank))
    except CardNotationError as exc:
        raise InputError(f"{where}wild rank {exc}") from None


def reading_body(reading: Reading, rules: Rules, wild_rank: int | None, only: set[int] | None = None) -> ReadingAnswer:
    """One reading in JSON: its kind, the natural cards it stands for, its points, the cards as placed.

    `notation` writes the reading so that entering it again picks this reading
    (``JK=9H``); with `only`, points count just the cards entered at those positions.
    """
    return meld_bodies(reading_parts((reading,), rules, wild_rank, only))[0]


class MeldParts(NamedTuple):
    """What a meld's JSON body holds, kept as text, numbers and tuples (which no caller can change)."""

    kind: str
    represents: tuple[str, ...]
    points: int
    cards: tuple[str, ...]
    notation: str


def reading_parts(
    readings: Iterable[Reading], rules: Rules, wild_rank: int | None, only: set[int] | None = None
) -> tuple[MeldParts, ...]:
    """What :func:`reading_body` writes for each reading, as :class:`MeldParts`.

    Only text, numbers and tuples, so what a hand keeps (engine.scoring)
    cannot be changed by a caller; :func:`meld_bodies` makes the JSON from it.
    """
    found = []
    for reading in readings:
        cards = _notation(reading, rules, wild_rank)
        found.append(MeldParts(
            reading.kind,
            tuple([c.text for c in reading.represents]),
            meld_points(reading, rules, wild_rank, only=only),
            tuple(cards),
            " ".join(cards),
        ))
    return tuple(found)


def meld_bodies(parts: Iterable[MeldParts]) -> list[ReadingAnswer]:
    """The JSON body of each reading given by :func:`reading_parts`, in order.

    Every dict and list is made afresh: callers may change what they are
    given. One call makes the bodies of a player's melds at once, since a
    session's details make some ten thousand of them.
    """
    return [
        {"kind": kind, "represents": [*represents], "points": points, "cards": [*cards], "notation": notation}
        for kind, represents, points, cards, notation in parts
    ]


def _notation(reading: Reading, rules: Rules, wild_rank: int | None) -> list[str]:
    """The reading's cards as a player would write them to pick this reading again.

    Decision (review finding 13): a wild card standing for itself (an
    Oklahoma deuce read as that very two, once laid off onto) is written
    plainly, ``2C`` rather than ``2C=2C``, but only when the plain text still
    picks this same reading when entered again; otherwise the pin stays.
    """
    pinned = [c.text for c in reading.cards]
    for card in reading.cards:  # a loop, not any(): this runs for every meld a session shows
        if card.stands_for == card.card:
            break
    else:
        return pinned
    plain = [c.card.text if c.stands_for == c.card else c.text for c in reading.cards]
    again = check(parse_meld_cards(plain), rules, wild_rank)
    if again.legal and again.reading.represents == reading.represents and again.reading.kind == reading.kind:
        return plain
    return pinned


def check_body(result: MeldCheck, rules: Rules, wild_rank: int | None) -> MeldAnswer:
    """A meld check's outcome as the API's 200 body."""
    readings = meld_bodies(reading_parts(result.readings, rules, wild_rank))
    return {
        "legal": result.legal,
        "kind": readings[0]["kind"] if readings else None,
        "cards": [str(c) for c in result.cards],
        "points": readings[0]["points"] if readings else 0,
        "readings": readings,
        "reason": result.reason,
    }


def _read_meld(cards: str | Iterable[object], what: str = "") -> list[MeldCard]:
    try:
        return parse_meld_cards(cards)
    except CardNotationError as exc:
        raise InputError(f"{what}{exc}") from None


def check_layoff(
    meld: str | Iterable[object],
    added: str | Iterable[object],
    game: str = "rummy500",
    options: Mapping[str, Any] | None = None,
    wild_rank: object = None,
) -> LayoffAnswer:
    """Check laying `added` off onto `meld` (already on the table): the meld check's body for the longer meld.

    `points` and each reading's points count only the cards laid off, which
    score for whoever lays them off; `meld` is the meld on the table as read
    (the reading used when none is written). Decision: the check keeps to
    that reading, as the meld was entered; when the cards fit another reading
    of an unwritten wild card (``7H 8H JK`` read as ``JK=6H 7H 8H`` takes 9H),
    the reason says so and `fits_other_readings` lists those readings, so the
    player can enter the meld that way. Scoring a hand (score_session) tries
    those readings by itself: a legal table play never blocks saving.
    """
    rules = table_rules(game, options)
    if not rules.variant.lays_off:
        # asked before reading the cards: the game's notation (tiles) is not the cards a lay-off would read
        raise InputError(f"{rules.name} has no lay-offs: check the whole {rules.variant.meld_word} as it would stand, with the meld check")
    wild = read_wild_rank(wild_rank, rules)
    on_table = check(_read_meld(meld, "the meld on the table: "), rules, wild)
    new_cards = _read_meld(added, "the cards laid off: ")
    if not on_table.legal:
        return _onto_no_meld(on_table, new_cards, rules, wild)
    if not new_cards:
        raise InputError("the cards laid off: enter at least one card")
    return _laid_off(on_table, new_cards, rules, wild)


def _onto_no_meld(on_table: MeldCheck, new_cards: list[MeldCard], rules: Rules, wild: int | None) -> LayoffAnswer:
    """The lay-off check's answer when the meld on the table is not legal: the meld check's, saying so."""
    body = check_body(on_table, rules, wild)
    return {
        "legal": body["legal"],
        "kind": body["kind"],
        "cards": [str(c) for c in new_cards],
        "points": body["points"],
        "readings": body["readings"],
        "reason": f"the meld on the table is not legal: {on_table.reason}",
        "meld": None,
    }


def _laid_off(on_table: MeldCheck, new_cards: list[MeldCard], rules: Rules, wild: int | None) -> LayoffAnswer:
    """The lay-off check's answer for cards laid off onto a legal meld, read as it was entered."""
    table_reading = on_table.reading
    result = extend(table_reading, new_cards, rules, wild)
    fits_otherwise = [] if result.legal else _other_readings_taking(on_table, new_cards, rules, wild)
    laid = set(range(len(table_reading.cards), len(result.cards)))
    readings = meld_bodies(reading_parts(result.readings, rules, wild, only=laid))
    body: LayoffAnswer = {
        "legal": result.legal,
        "kind": readings[0]["kind"] if readings else None,
        "cards": [str(c) for c in new_cards],
        "points": readings[0]["points"] if readings else 0,
        "readings": readings,
        "reason": result.reason,
        "meld": _table_meld(table_reading, rules, wild),
        "fits_other_readings": [parts.notation for parts in reading_parts(fits_otherwise, rules, wild)],
    }
    if rules.variant.has_canastas:
        _add_longer_canasta(body, result, rules)
    if fits_otherwise:
        other = body["fits_other_readings"][0]
        body["reason"] = f"{result.reason}; read as {other}, the meld takes it: enter the meld that way to check it"
    return body


def _other_readings_taking(on_table: MeldCheck, new_cards: list[MeldCard], rules: Rules, wild: int | None) -> list[Reading]:
    """The readings of the meld on the table, but the one used, that the cards laid off fit."""
    return [other for other in on_table.readings[1:] if extend(other, new_cards, rules, wild).legal]


def _add_longer_canasta(body: LayoffAnswer, result: MeldCheck, rules: Rules) -> None:
    """The canasta the meld makes once the cards are laid off (a natural one may turn mixed), and its cards."""
    _add_canasta(body, result.reading if result.legal else None, rules)
    # a wild card in a set stands for its rank alone: the meld is shown as it lies, each card as itself
    body["cards_on_table"] = [c.card.text for c in result.reading.cards] if result.legal else []


def _table_meld(reading: Reading, rules: Rules, wild: int | None) -> TableMeldAnswer:
    """The meld on the table as read, for the lay-off check's `meld`: with the canasta it makes, in a game with them."""
    kind, represents, points, cards, notation = reading_parts((reading,), rules, wild)[0]
    meld: TableMeldAnswer = {
        "kind": kind, "represents": [*represents], "points": points, "cards": [*cards], "notation": notation,
    }
    if rules.variant.has_canastas:
        _add_canasta(meld, reading, rules)
    return meld


def canasta_fields(reading: Reading | None, rules: Rules) -> CanastaFields:
    """`canasta` ("natural", "mixed" or None) and `canasta_bonus` (0 for none) of a meld, in a game with canastas.

    >>> rules = table_rules("canasta")
    >>> canasta_fields(check(parse_meld_cards("8H 8S 8D 8C 8H 8S 2C"), rules, None).reading, rules)
    {'canasta': 'mixed', 'canasta_bonus': 300}
    >>> canasta_fields(None, rules)
    {'canasta': None, 'canasta_bonus': 0}
    """
    canasta = None if reading is None else rules.variant.canasta_of(reading, rules)
    kind, bonus = canasta if canasta is not None else (None, 0)
    return {"canasta": kind, "canasta_bonus": bonus}


def _add_canasta(body: MeldAnswer | LayoffAnswer | TableMeldAnswer, reading: Reading | None, rules: Rules) -> None:
    """Add :func:`canasta_fields` of `reading` (None: no meld) to a meld check's answer, after its other keys."""
    fields = canasta_fields(reading, rules)
    body["canasta"] = fields["canasta"]
    body["canasta_bonus"] = fields["canasta_bonus"]


def check_meld(
    cards: str | Iterable[object],
    game: str = "rummy500",
    options: Mapping[str, Any] | None = None,
    wild_rank: object = None,
    going_out: bool = False,
) -> MeldAnswer:
    """Check `cards` as one meld of `game`: legal or not, every reading, the points, the reason.

    `going_out`: the meld is made in the turn its player goes out (Canasta's black threes).
    """
    rules = table_rules(game, options)
    try:
        own = rules.variant.meld_answer(cards, rules)  # type: ignore[arg-type]
    except CardNotationError as exc:
        raise InputError(str(exc)) from None
    if own is not None:
        return own
    wild = read_wild_rank(wild_rank, rules)
    try:
        result = analyse(cards, rules, wild, going_out=going_out)
    except CardNotationError as exc:
        raise InputError(str(exc)) from None
    body = check_body(result, rules, wild)
    if rules.variant.has_canastas:
        _add_canasta(body, result.reading if result.legal else None, rules)
    if rules.variant.names_groups:  # the game's own name for the group (Indian Rummy: "pure sequence")
        body["group"] = rules.variant.group_name(result.cards, rules, wild) if result.legal else None
    return body


def check_first_melds(
    melds: object, game: str = "rummikub", options: Mapping[str, Any] | None = None,
) -> FirstMeldsAnswer:
    """Whether a player's first melds reach the game's initial meld together (Rummikub's 30): each meld's check,
    the sum of their points, `reaches`, and `reason` when they do not. Every meld must be legal to count.

    >>> body = check_first_melds(["10R 11R 12R", "JK 7B 7K"])
    >>> body["points"], body["reaches"], body["reason"]
    (54, True, None)
    >>> check_first_melds(["1R 2R 3R", "4B 4K 4O"])["reason"]
    'these melds make 18, short of the initial meld of 30'
    >>> check_first_melds(["JK 12R 13R", "JK 12B 13B", "JK 12K 13K"])["reason"]
    'JK is used 3 times in these melds, but the game has only 2'
    """
    rules = table_rules(game, options)
    needed = rules.variant.initial_meld(rules)
    if needed is None:
        raise InputError(f"{rules.name} has no initial meld to check: check its melds one by one")
    if not isinstance(melds, list) or not melds:
        raise InputError('`melds` must list the first melds, like ["10R 11R 12R", "JK 7B 7K"]')
    bodies = _each_meld_checked(melds, game, options)
    points = sum(body["points"] for body in bodies)
    reason = _short_of_initial_meld(melds, bodies, points, needed, rules)
    return {"melds": bodies, "points": points, "initial_meld": needed, "reaches": reason is None, "reason": reason}


def _each_meld_checked(melds: list[Any], game: str, options: Mapping[str, Any] | None) -> list[MeldAnswer]:
    """The meld check of each of `melds`; InputError naming the meld (from 1) that cannot be read."""
    bodies = []
    for index, meld in enumerate(melds, start=1):
        try:
            bodies.append(check_meld(meld, game, options))
        except InputError as exc:
            raise InputError(f"meld {index}: {exc}") from None
    return bodies


def _short_of_initial_meld(
    melds: list[Any], bodies: list[MeldAnswer], points: int, needed: int, rules: Rules,
) -> str | None:
    """Why first melds do not reach the initial meld: the first illegal meld, a card used too often, or too few
    points, in that order; None when they reach it."""
    bad = next((index for index, body in enumerate(bodies, start=1) if not body["legal"]), None)
    if bad is not None:
        return f"meld {bad} is not legal: {bodies[bad - 1]['reason']}"
    over = _overused(melds, rules)
    if over is not None:
        return over
    if points < needed:
        return f"these melds make {points}, short of the initial meld of {needed}"
    return None


def _overused(melds: list[Any], rules: Rules) -> str | None:
    """Why melds laid down together cannot be: a card (tile, joker) used more often than the game holds it."""
    held = rules.variant.deck_counts(rules)
    used = Counter(str(card) for meld in melds for card in rules.variant.read_held(meld))
    for card, count in used.items():
        if count > held.get(card, 0):
            return f"{card} is used {count} times in these melds, but the game has only {held.get(card, 0)}"
    return None


def check_declaration(
    groups: object, game: str = "indian", options: Mapping[str, Any] | None = None, wild_rank: object = None,
) -> DeclarationAnswer:
    """Check a whole declaration (Indian Rummy's show): "valid show", or the first reason it is not, and each group.

    >>> body = check_declaration(["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"], wild_rank=9)
    >>> body["valid"], body["answer"], [g["group"] for g in body["groups"]]
    (True, 'valid show', ['pure sequence', 'sequence (impure)', 'set', 'pure sequence'])
    """
    rules = table_rules(game, options)
    variant = rules.variant
    if not variant.checks_declarations:
        raise InputError(f"{rules.name} has no declaration to check: check its melds one by one")
    if not isinstance(groups, list) or not groups:
        raise InputError('`groups` must list the groups of the declaration, like ["2H 3H 4H", "KD KH KS"]')
    wild = read_wild_rank(wild_rank, rules)
    read = [_read_meld(cards, f"group {index + 1}: ") for index, cards in enumerate(groups)]
    why = variant.declaration_refusal(read, rules, wild)
    return {
        "valid": why is None,
        "answer": why or "valid show",
        "groups": [{"cards": [str(c) for c in cards], "group": variant.group_name(cards, rules, wild)} for cards in read],
    }


def check_held(
    groups: object, in_hand: str | Iterable[object] = "", game: str = "indian",
    options: Mapping[str, Any] | None = None, wild_rank: object = None,
) -> HeldCountAnswer:
    """What a losing player's groups and ungrouped cards cost them, where the game counts by groups (Indian Rummy's lives).

    >>> body = check_held(["2H 3H 4H", "6S 7S 9C"], "KD QC", wild_rank=9)
    >>> body["count"], body["lives"]
    (20, 'both lives: only ungrouped cards count')
    >>> check_held(["KD KH KS"], "QC QD JH", wild_rank=9)["lives"]
    'no pure sequence: every card counts'
    """
    rules = table_rules(game, options)
    variant = rules.variant
    if not variant.counts_by_groups:
        raise InputError(f"{rules.name} counts the cards left in a hand alone: check them as cards held")
    if not isinstance(groups, list):
        raise InputError('`groups` must list the player\'s groups, like ["2H 3H 4H", "KD KH KS"] ([] for none)')
    wild = read_wild_rank(wild_rank, rules)
    read = [_read_meld(cards, f"group {index + 1}: ") for index, cards in enumerate(groups)]
    try:
        held = parse_cards(in_hand or "")
    except CardNotationError as exc:
        raise InputError(f"ungrouped cards: {exc}") from None
    return variant.held_count(read, held, rules, wild)


def read_card_list(
    cards: str | Iterable[object],
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    wild_rank: object = None,
) -> CardsAnswer:
    """Read cards held (no pins): their canonical notation, or InputError naming the token that is not a card.

    With `game`, also `points`: what the cards are worth left in a hand in that game
    (a loss to their holder, or a gain to the player who went out, as the game says);
    in 5000 Rummy only once the hand's wild rank is given (the cards are still read without it).

    >>> read_card_list("qs 4d", game="rummy500")
    {'cards': ['QS', '4D'], 'points': 14}
    """
    rules = table_rules(game, options) if game is not None else None
    try:
        # each game reads in its own notation (Rummikub's tiles); without a game, cards
        held = parse_cards(cards) if rules is None else rules.variant.read_held(cards)  # type: ignore[arg-type]
    except CardNotationError as exc:
        raise InputError(str(exc)) from None
    body: CardsAnswer = {"cards": [str(c) for c in held]}
    if rules is not None:
        why = suit_refusal(held, rules)
        if why is not None:
            raise InputError(why)
        if rules.variant.asks_wild_rank and wild_rank in (None, ""):
            return body
        values = card_table(rules, read_wild_rank(wild_rank, rules), "in_hand_points")
        body["points"] = sum(values[card] for card in held)
    return body
