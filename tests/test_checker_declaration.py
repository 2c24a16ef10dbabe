"""The meld checker's whole-declaration check (Indian Rummy's show), answered by the server without JavaScript."""

from __future__ import annotations

import html
import re

import pytest

from tests.test_checker import ask, share_link

VALID = ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]  # docs/rules/indian.md example 2, 9s wild


def show(client, groups: list[str], **params: str) -> str:
    """The checker's answer about a show of these groups, as the page's words."""
    fields = {f"group{number}": cards for number, cards in enumerate(groups, start=1)}
    page = ask(client, game="indian", **params, **fields)
    start = page.index(">", page.index('id="show-verdict"')) + 1
    box = page[start:page.index("</fieldset>", start)]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", box)).split())


def test_a_valid_show_says_so_and_names_each_group(client):
    answer = show(client, VALID, wild_rank="9")
    assert answer.startswith("Valid show in Indian Rummy.")
    assert [kind for kind in ("pure sequence", "sequence (impure)", "set") if kind in answer] == [
        "pure sequence", "sequence (impure)", "set"]


@pytest.mark.parametrize(("groups", "why"), [
    (["2H 3H 9S", "6S 7S 9C", "QD QC QS", "5D 5C 5H 5S"], "No pure sequence."),
    (["2H 3H 4H", "QD QC QS", "5D 5C 5H", "8D 8C 8S 8H"], "Only one sequence."),
    (["4H 5H 7H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"], "Group 1: 4H 5H 7H is not a sequence"),
    (["2H 3H 4H", "6S 7S 9C", "KD KH KS"], "A show groups all 13 cards; these groups hold 9."),
])
def test_a_show_that_is_not_valid_gives_the_first_reason(client, groups, why):
    answer = show(client, groups, wild_rank="9")
    assert answer.startswith("Not a valid show in Indian Rummy.")
    assert why in answer


def test_a_show_without_the_wild_rank_asks_for_it(client):
    assert "needs the hand's wild rank" in show(client, VALID)


def test_a_card_that_cannot_be_read_is_named(client):
    answer = show(client, ["2H 3H 4X"], wild_rank="9")
    assert answer.startswith("Cannot read that.") and "4X" in answer


def test_a_show_check_can_be_shared(client):
    page = ask(client, game="indian", wild_rank="9", group1=VALID[0], group2=VALID[1])
    link = share_link(page)
    assert "group1=2H+3H+4H" in link and "group2=6S+7S+9C" in link


def test_only_a_game_with_a_declaration_offers_the_show_check(client):
    assert 'id="show-part"' in ask(client, game="indian")
    assert 'id="show-part"' not in ask(client, game="rummy500")
