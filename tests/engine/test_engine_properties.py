"""Properties of the rules engine that must hold for every card and every meld (hypothesis).

The card values here are written out again from RULES.md on purpose: the test
is an independent reading of the rules, not a copy of the engine's tables.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import check_meld, melds
from scorekeeper.engine.card_tables import hand_card_points
from scorekeeper.engine.cards import (
    JOKER,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    MeldCard,
    format_cards,
    parse_cards,
    rank_name,
)
from scorekeeper.engine.meld_check import read_wild_rank
from scorekeeper.engine.rules import table_rules

NATURAL = [Card(rank, suit) for suit in SUITS for rank in RANKS]
EVERY_CARD = [*NATURAL, JOKER]


# notation ------------------------------------------------------------------------


@st.composite
def spellings(draw, card: Card) -> str:
    """Any of the ways a player may type `card`: case, T for ten, suit symbols, joker words."""
    if card.is_joker:
        return draw(st.sampled_from(["JK", "jk", "Jk", "JOKER", "joker", "Joker", "*"]))
    rank = rank_name(card.rank)
    if card.rank == 10:
        rank = draw(st.sampled_from(["10", "T", "t"]))
    suit = draw(st.sampled_from([card.suit, card.suit.lower(), SUIT_SYMBOLS[card.suit]]))
    return draw(st.sampled_from([rank, rank.lower()])) + suit


@st.composite
def spelled_cards(draw) -> tuple[Card, str]:
    card = draw(st.sampled_from(EVERY_CARD))
    return card, draw(spellings(card))


@given(spelled_cards())
def test_every_spelling_of_every_card_reads_back_to_the_card_and_its_canonical_notation(spelled):
    card, text = spelled
    parsed = Card.from_notation(text)
    assert parsed == card
    assert Card.from_notation(str(parsed)) == parsed
    assert str(parsed) == str(card)


# meld strategies -------------------------------------------------------------------

# games whose natural cards are never wild, with the options that keep them so
GAMES_WITHOUT_WILD = {
    "rummy500": {"jokers": 0},
    "basic": {},
    "penalty": {},
    "gin": {},
    "persian": {},
}


@st.composite
def natural_melds(draw, allow_ace_high: bool = True) -> list[Card]:
    """Mostly near-legal melds (sets, runs, their neighbours), sometimes any natural cards."""
    kind = draw(st.sampled_from(["set", "run", "any"]))
    if kind == "set":
        rank = draw(st.sampled_from(RANKS))
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=5))
        return [Card(rank, s) for s in suits]
    if kind == "run":
        length = draw(st.integers(min_value=2, max_value=8))
        low = draw(st.integers(min_value=1, max_value=14 - length + (1 if allow_ace_high else 0)))
        suit = draw(st.sampled_from(SUITS))
        cards = [Card(1 if r == 14 else r, suit) for r in range(low, low + length)]
        if draw(st.booleans()):  # sometimes break it: a gap or another suit
            cards[draw(st.integers(0, length - 1))] = draw(st.sampled_from(NATURAL))
        return cards
    return draw(st.lists(st.sampled_from(NATURAL), min_size=1, max_size=7))


@given(st.sampled_from(sorted(GAMES_WITHOUT_WILD)), natural_melds(), st.randoms(use_true_random=False))
@settings(max_examples=400, deadline=None)
def test_entry_order_never_changes_whether_a_meld_without_wild_cards_is_legal(game, cards, rnd):
    options = GAMES_WITHOUT_WILD[game]
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    first = check_meld([str(c) for c in cards], game=game, options=options)
    again = check_meld([str(c) for c in shuffled], game=game, options=options)
    assert (again["legal"], again["kind"]) == (first["legal"], first["kind"])
    assert (first["reason"] is None) == first["legal"]


@given(st.sampled_from(sorted(GAMES_WITHOUT_WILD) + ["oklahoma", "rummy5000"]), natural_melds(), st.booleans())
@settings(max_examples=400, deadline=None)
def test_the_quick_check_of_natural_melds_agrees_with_the_full_check(game, cards, pin_a_wild_card):
    # most melds entered have no wild card to place; they skip the full search, which must not change any answer
    rules = table_rules(game, GAMES_WITHOUT_WILD.get(game, {}), players=5)
    entered = [MeldCard(c) for c in cards]
    if pin_a_wild_card and rules.jokers:
        entered[0] = MeldCard(JOKER, cards[0])
    quick = melds._natural_meld(tuple(entered), rules, None, ("set", "run"))
    if quick is not None:
        full = melds.full_check(tuple(entered), rules)
        assert (quick.readings, quick.reason) == (full.readings, full.reason)


# wild readings ---------------------------------------------------------------------

WILD_GAMES = [
    ("rummy500", {"decks": 2}, None, "JK"),
    ("rummy500", {}, None, "JK"),
    ("oklahoma", {"jokers": 2}, None, "2C"),
    ("rummy5000", {"decks": 2}, "7", "7S"),
    ("basic", {"jokers": 2}, None, "JK"),
]


@st.composite
def melds_with_wild_cards(draw) -> tuple[str, dict, str | None, list[str]]:
    game, options, wild_rank, wild = draw(st.sampled_from(WILD_GAMES))
    natural = [str(c) for c in draw(natural_melds())]
    wilds = draw(st.integers(min_value=1, max_value=3))
    cards = natural[: max(0, draw(st.integers(0, len(natural))))]
    for _ in range(wilds):
        cards.insert(draw(st.integers(0, len(cards))), wild)
    return game, options, wild_rank, cards


@given(melds_with_wild_cards())
@settings(max_examples=400, deadline=None)
def test_every_reading_stays_legal_when_its_wild_cards_are_replaced_by_what_they_stand_for(case):
    game, options, wild_rank, cards = case
    body = check_meld(cards, game=game, options=options, wild_rank=wild_rank)
    for reading in body["readings"]:
        natural = check_meld(reading["represents"], game=game, options=options, wild_rank=wild_rank)
        assert natural["legal"], (cards, reading, natural["reason"])
        assert natural["kind"] == reading["kind"]


# points ----------------------------------------------------------------------------


def rummy500_value(card: str, stands_for: str, low_ace_of_run: bool, five_ten: bool) -> int:
    """A card's melded value in 500 Rum (RULES.md 4.1), written out independently."""
    if card == "JK":
        return 15
    rank = stands_for[:-1]
    if rank == "A":
        return (5 if five_ten else 1) if low_ace_of_run else 15
    if rank in ("J", "Q", "K", "10"):
        return 10
    return 5 if five_ten else int(rank)


def oklahoma_value(card: str, stands_for: str) -> int:
    """A card's melded value in Oklahoma (RULES.md 4.3); a deuce takes the value of what it stands for."""
    if card == "JK":
        return 100
    if stands_for == "QS":
        return 50
    rank = stands_for[:-1]
    if rank == "A":
        return 20
    if rank in ("K", "Q", "J", "10", "9", "8"):
        return 10
    return 5  # 3 to 7, and a deuce that stands for a two


def rummy5000_value(card: str, wild_rank: str) -> int:
    """A card's value in 5000 Rummy (RULES.md 4.5): wild cards 100, or 200 when aces are wild."""
    rank = card[:-1]
    if rank == wild_rank:
        return 200 if wild_rank == "A" else 100
    if rank == "A":
        return 100
    return 10 if rank in ("10", "J", "Q", "K") else 5


def expected_points(game: str, options: dict, wild_rank: str | None, cards: list[str], reading: dict) -> int:
    represents = reading["represents"]
    # the engine lists a run's cards in rank order; the entered cards map onto them by position
    # only through the reading's notation, which pins every wild card
    placed = reading["notation"].split()
    originals = [token.partition("=")[0] for token in placed]
    meant = [token.partition("=")[2] or token.partition("=")[0] for token in placed]
    assert sorted(meant) == sorted(represents)
    low_ace = reading["kind"] == "run" and any(c.startswith("2") for c in represents)
    total = 0
    for card, stands_for in zip(originals, meant):
        if game == "oklahoma":
            total += oklahoma_value(card, stands_for)
        elif game == "rummy5000":
            total += rummy5000_value(card, wild_rank)
        else:
            five_ten = options.get("card_values") == "5-10-15"
            total += rummy500_value(card, stands_for, low_ace and stands_for.startswith("A"), five_ten)
    return total


POINT_GAMES = [
    ("rummy500", {"decks": 2}, None, "JK"),
    ("rummy500", {"decks": 2, "card_values": "5-10-15"}, None, "JK"),
    ("oklahoma", {"jokers": 2}, None, "2C"),
    ("oklahoma", {"jokers": 2}, None, "JK"),
    ("rummy5000", {"decks": 2}, "7", "7S"),
    ("rummy5000", {"decks": 2}, "A", "AS"),
]


@st.composite
def scoring_melds(draw) -> tuple[str, dict, str | None, list[str]]:
    game, options, wild_rank, wild = draw(st.sampled_from(POINT_GAMES))
    cards = [str(c) for c in draw(natural_melds())]
    for _ in range(draw(st.integers(min_value=0, max_value=2))):
        cards.insert(draw(st.integers(0, len(cards))), wild)
    return game, options, wild_rank, cards


@given(scoring_melds())
@settings(max_examples=500, deadline=None)
def test_a_melds_points_are_the_sum_of_its_cards_values_in_every_reading(case):
    game, options, wild_rank, cards = case
    body = check_meld(cards, game=game, options=options, wild_rank=wild_rank)
    if body["legal"]:
        assert body["points"] == body["readings"][0]["points"]
    else:
        assert body["points"] == 0
    for reading in body["readings"]:
        assert reading["points"] == expected_points(game, options, wild_rank, cards, reading), (cards, reading)


# cards by rank alone (docs/rules.md 1) --------------------------------------------------

SUITLESS = [Card(rank, "") for rank in RANKS]
# every game with the options its meld check needs; each is asked which cards must carry their suit
ALL_GAMES = [
    ("rummy500", {}, None), ("rummy500", {"decks": 2}, None), ("basic", {}, None), ("penalty", {}, None),
    ("persian", {}, None), ("michigan", {}, None), ("oklahoma", {}, None), ("rummy5000", {}, "7"),
    ("contract", {}, None), ("canasta", {}, None), ("indian", {}, "9"), ("gin", {}, None),
]


@given(st.lists(st.sampled_from([*EVERY_CARD, *SUITLESS]), max_size=12))
def test_a_card_list_reads_back_from_its_notation_apart_or_typed_together(cards):
    assert parse_cards(format_cards(cards)) == cards
    together = "".join(str(c) for c in cards)
    # JK is always the joker, so a jack by rank alone before a king is the one thing that must be written apart
    if not any(a.suitless and a.rank == 11 and str(b).startswith("K") for a, b in zip(cards, cards[1:])):
        assert parse_cards(together) == cards


def _suit_matters(rules, card: Card) -> bool:
    return rules.variant.suit_needed(card, rules) is not None


@given(st.sampled_from(ALL_GAMES), natural_melds(), st.data())
@settings(max_examples=500, deadline=None)
def test_a_legal_set_with_suits_left_off_is_legal_and_scores_the_same_where_the_game_allows_it(game_case, cards, data):
    game, options, wild_rank = game_case
    rules = table_rules(game, options)
    typed = check_meld([str(c) for c in cards], game=game, options=options, wild_rank=wild_rank)
    if not typed["legal"] or typed["kind"] != "set":
        return
    bare = data.draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    stripped = [Card(c.rank, "") if strip else c for c, strip in zip(cards, bare)]
    answer = check_meld([str(c) for c in stripped], game=game, options=options, wild_rank=wild_rank)
    if any(strip and _suit_matters(rules, c) for c, strip in zip(cards, bare)):
        assert not answer["legal"] and "needs its suit" in answer["reason"]
    else:
        assert (answer["legal"], answer["kind"], answer["points"]) == (True, "set", typed["points"])


@given(st.sampled_from(ALL_GAMES), natural_melds(), st.integers(min_value=0, max_value=11))
@settings(max_examples=300, deadline=None)
def test_a_run_never_takes_a_natural_card_without_its_suit(game_case, cards, which):
    game, options, wild_rank = game_case
    stripped = list(cards)
    bare = stripped[which % len(cards)] = Card(cards[which % len(cards)].rank, "")
    if table_rules(game, options).is_wild(bare, read_wild_rank(wild_rank, table_rules(game, options))):
        return  # a wild card's own suit never matters: 3D 4D 7 is a run where sevens are wild
    answer = check_meld([str(c) for c in stripped], game=game, options=options, wild_rank=wild_rank)
    assert answer["kind"] != "run"


@given(st.sampled_from(ALL_GAMES), st.sampled_from(RANKS))
def test_a_card_left_in_hand_by_rank_alone_counts_what_the_card_counts_in_every_suit(game_case, rank):
    game, options, wild_rank = game_case
    rules = table_rules(game, options)
    bare = Card(rank, "")
    if _suit_matters(rules, bare):
        return
    wild = read_wild_rank(wild_rank, rules)
    values = {hand_card_points(rules, Card(rank, suit), wild) for suit in SUITS}
    assert values == {hand_card_points(rules, bare, wild)}
