"""Contract Rummy's properties (hypothesis), as tests/engine/test_engine_properties.py states them for the other games.

The card values are written out again from docs/rules/contract.md: an
independent reading of the rules, not a copy of the engine's table.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.engine import check_meld, melds, score_session
from scorekeeper.engine.cards import JOKER, MeldCard
from scorekeeper.engine.rules import table_rules
from tests.engine.test_engine_properties import NATURAL, natural_melds

OPTIONS = st.fixed_dictionaries({
    "card_values": st.sampled_from(["5-10", "face"]),
    "ace_points": st.sampled_from([15, 20]),
    "joker_points": st.sampled_from([15, 25, 50]),
})


def contract_value(card: str, options: dict) -> int:
    """What a card left in hand costs (docs/rules/contract.md, "Card values")."""
    if card == "JK":
        return options["joker_points"]
    rank = card[:-1]
    if rank == "A":
        return options["ace_points"]
    if rank in ("10", "J", "Q", "K"):
        return 10
    return 5 if options["card_values"] == "5-10" else int(rank)


@st.composite
def melds_with_jokers(draw) -> list[str]:
    natural = [str(c) for c in draw(natural_melds())]
    cards = natural[: draw(st.integers(0, len(natural)))]
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        cards.insert(draw(st.integers(0, len(cards))), "JK")
    return cards


@given(melds_with_jokers())
@settings(max_examples=300, deadline=None)
def test_every_reading_stays_legal_with_its_jokers_replaced_and_no_run_is_shorter_than_four(cards):
    body = check_meld(cards, game="contract")
    for reading in body["readings"]:
        natural = check_meld(reading["represents"], game="contract")
        assert natural["legal"], (cards, reading, natural["reason"])
        assert natural["kind"] == reading["kind"]
        assert reading["kind"] == "set" or len(reading["represents"]) >= 4


@given(natural_melds(), st.booleans())
@settings(max_examples=300, deadline=None)
def test_the_quick_check_agrees_with_the_full_check(cards, pin_a_joker):
    rules = table_rules("contract", {}, players=4)
    entered = [MeldCard(c) for c in cards]
    if pin_a_joker:
        entered[0] = MeldCard(JOKER, cards[0])
    quick = melds.check(tuple(entered), rules)
    full = melds.full_check(tuple(entered), rules)
    assert (quick.readings, quick.reason) == (full.readings, full.reason)


@given(melds_with_jokers(), OPTIONS)
@settings(max_examples=200, deadline=None)
def test_a_melds_points_are_the_sum_of_its_cards_values_which_melded_are_nothing(cards, options):
    body = check_meld(cards, game="contract", options=options)
    assert body["points"] == 0
    assert all(reading["points"] == 0 for reading in body["readings"])


@given(st.lists(st.sampled_from([*NATURAL, JOKER]), max_size=12, unique=True), OPTIONS)
@settings(max_examples=200, deadline=None)
def test_a_players_charge_is_the_sum_of_the_values_of_the_cards_left(held, options):
    left = [str(c) for c in held]
    body = score_session({"game": "contract", "players": ["Ann", "Ben", "Cy"], "options": options, "hands": [
        {"ended": "stock_exhausted", "players": {"Ann": {"in_hand": left}}}]})
    assert body["hands"][0]["scores"] == {"Ann": sum(contract_value(c, options) for c in left), "Ben": 0, "Cy": 0}
