"""Cards as values: one object per card, never changed, read the same however they are spelled or listed."""

from __future__ import annotations

import copy
import pickle

import pytest

from scorekeeper.engine.cards import JOKER, Card, CardNotationError, MeldCard, parse_cards, parse_meld_cards


def test_every_spelling_of_a_card_reads_as_the_one_card_of_its_kind():
    assert Card.from_notation("10s") is Card.from_notation("TS") is Card(10, "S")
    assert Card.from_notation("q♠") is Card(12, "S")
    assert Card.from_notation("joker") is Card.from_notation("*") is JOKER
    assert MeldCard.from_notation("jk=8h") is MeldCard(JOKER, Card(8, "H"))


def test_cards_are_equal_and_hash_alike_exactly_when_rank_and_suit_agree():
    assert Card(7, "H") == Card(7, "H")
    assert Card(7, "H") != Card(7, "D")
    assert len({Card(7, "H"), Card.from_notation("7h"), Card(7, "D")}) == 2
    assert MeldCard(JOKER, Card(8, "H")) != MeldCard(JOKER)
    assert Card(7, "H") != (7, "H")


def test_a_card_cannot_be_changed():
    card = Card(7, "H")
    with pytest.raises(AttributeError, match="7H cannot be changed"):
        card.rank = 8  # type: ignore[misc]
    with pytest.raises(AttributeError, match="JK=8H cannot be changed"):
        del MeldCard.from_notation("JK=8H").card
    assert card.rank == 7 and str(card) == "7H"


def test_copied_and_pickled_cards_come_back_as_the_same_card():
    meld_card = MeldCard.from_notation("JK=8H")
    assert pickle.loads(pickle.dumps(meld_card)) is meld_card
    assert copy.deepcopy([Card(7, "H")])[0] is Card(7, "H")
    assert copy.copy(JOKER) is JOKER


def test_cards_sort_by_rank_then_suit():
    assert sorted(parse_cards("KS 7H 7D AC")) == parse_cards("AC 7D 7H KS")


@pytest.mark.parametrize(
    "listed",
    ["7H 8h,9H", ["7H", "8h", "9H"], ("7H", "8h", "9H"), [" 7H ", "8h", "9H"]],
)
def test_a_card_list_reads_the_same_whether_written_before_or_not(listed):
    assert [str(c) for c in parse_cards(listed)] == ["7H", "8H", "9H"]
    assert [str(c) for c in parse_cards(listed)] == ["7H", "8H", "9H"]  # again, every spelling now known


@pytest.mark.parametrize(
    ("listed", "named"),
    [
        (["7H", ["8H"]], "`['8H']` at position 2 is not a card"),
        (["7H", 8], "`8` at position 2 is not a card"),
        ("7H 1H", "`1H` at position 2 is not a card"),
        (["7H", "JK=8H"], "only a wild card in a meld can say what it stands for"),
    ],
)
def test_a_bad_card_in_a_list_is_named_even_among_cards_read_before(listed, named):
    parse_cards("7H 8H")  # 7H is a known spelling
    with pytest.raises(CardNotationError, match=named.replace("[", r"\[").replace("]", r"\]")):
        parse_cards(listed)


def test_a_meld_card_list_keeps_each_wild_cards_reading():
    first = parse_meld_cards("7H JK=8H 9H")
    again = parse_meld_cards(["7H", "JK=8H", "9H"])
    assert first == again
    assert [c.stands_for for c in first] == [None, Card(8, "H"), None]


def test_a_card_made_by_two_threads_at_once_is_still_one_card(monkeypatch):
    from scorekeeper.engine import cards

    class EveryLookupMisses(dict):
        """Both threads looked before either stored: each goes on to make the card."""

        def get(self, key, default=None):
            return default

    monkeypatch.setattr(cards, "_CARDS", EveryLookupMisses())
    monkeypatch.setattr(cards, "_MELD_CARDS", EveryLookupMisses())
    assert Card(14, "H") is Card(14, "H")  # rank 14 is no card in play: made afresh here
    assert MeldCard(Card(14, "H")) is MeldCard(Card(14, "H"))


def test_a_card_class_cannot_be_subclassed_since_its_cards_are_shared():
    with pytest.raises(TypeError, match="cannot be subclassed"):

        class Marked(Card):  # noqa: F841 - the class statement itself is refused
            pass


@pytest.mark.parametrize("typed, read", [
    ("7h8h9h", "7H 8H 9H"),
    ("10sJSqs", "10S JS QS"),
    ("7h 8hJK", "7H 8H JK"),
    ("7h8hjk=9h", "7H 8H JK=9H"),
    ("as,2s3s", "AS 2S 3S"),
])
def test_cards_typed_without_spaces_are_read_as_separate_cards(typed, read):
    assert " ".join(str(c) for c in parse_meld_cards(typed)) == read


def test_cards_left_in_hand_typed_without_spaces_are_read_too():
    assert [str(c) for c in parse_cards("qs4d")] == ["QS", "4D"]


def test_a_run_together_token_with_a_bad_card_is_named_whole():
    with pytest.raises(CardNotationError, match="`7h8x` at position 1 is not a card"):
        parse_cards("7h8x")


@pytest.mark.parametrize("typed", ["JKR", "jok", "JOKR"])
def test_a_misspelt_joker_says_how_a_joker_is_written(typed):
    with pytest.raises(CardNotationError, match="write a joker as JK") as caught:
        parse_cards(f"7H {typed}")
    assert "suits are" not in str(caught.value)
