"""Gin hands entered as the two players' whole hands: the engine's arrangement is shown, chosen and saved.

Every figure below is worked out by hand from RULES.md 4.8: deadwood counts
ace 1, 2-10 face value, J Q K 10; a knock scores the difference, gin 25 plus
the defender's deadwood, an undercut 25 plus the difference for the defender.
"""

from __future__ import annotations

import html
import re
import threading
from types import SimpleNamespace

import pytest
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession
from scorekeeper.tables import service

_WORKED = re.compile(r'name="worked" type="hidden" value="([^"]*)"')


class GinTable:
    """Ann and Ben at a gin table, entering hands as whole hands of cards."""

    def __init__(self, table) -> None:
        self.table = table
        self.client = table.client

    @property
    def url(self) -> str:
        return f"{self.table.url}/hands/gin"

    def form(self, ann: str, ben: str, knocker: str | None = "Ann", key: str = "key-1", **extra: str) -> dict[str, str]:
        data = {"idempotency_key": key, "hands-0": ann, "hands-1": ben,
                "ended": "stock_exhausted" if knocker is None else "went_out", "knocker": knocker or ""}
        data.update(extra)
        return data

    def work(self, ann: str, ben: str, knocker: str | None = "Ann", **extra: str):
        """Press "Work it out"; returns the response."""
        return self.client.post(self.url, data=self.form(ann, ben, knocker, work="Work it out", **extra))

    def save(self, ann: str, ben: str, knocker: str | None = "Ann", key: str = "key-1", **extra: str):
        """Work the hand out, then press "Save" on the page shown (as a player would); returns the save response."""
        shown = self.work(ann, ben, knocker, key=key, **extra)
        assert shown.status_code == 200, shown.get_data(as_text=True)
        worked = _WORKED.search(shown.get_data(as_text=True)).group(1)
        data = self.form(ann, ben, knocker, key=key, save="Save", worked=worked, **extra)
        return self.client.post(self.url, data=data)

    def stored(self) -> list[dict]:
        """The stored hands' data, in order."""
        with self.table.app.app_context():
            gs = db.session.execute(select(GameSession)).scalar_one()
            return [h.data for h in gs.hands]


@pytest.fixture
def gin(table) -> GinTable:
    """A gin session of Ann and Ben with no hands yet."""
    table.start("gin", ["Ann", "Ben"])
    return GinTable(table)


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def as_typed(page: str) -> str:
    """The page with its card chips read back as notation ("4♠" and its words "4 of spades" as "4S")."""
    shown = re.sub(r'<span class="visually-hidden">[^<]*</span>', "", page)
    return shown.translate(str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"}))


KNOCK_ANN = "AS 2S 3S 7H 7D 7C 9C 10C JC 2D"
KNOCK_BEN = "4S 5S KH KD KS 8C QC 3H 5D 9D"


def test_knock_shows_both_arrangements_layoffs_and_the_score(gin):
    page = text(gin.work(KNOCK_ANN, KNOCK_BEN))
    # Ann melds A-2-3 of spades, three sevens, 9-10-J of clubs; 2D is left: 2 deadwood
    assert "Knock: Ann knocked with 2 and Ben has 17 after lay-offs. Ann scores 15, Ben 0." in page
    assert 'data-deadwood="2"' in page and 'data-deadwood="17"' in page
    # Ben keeps the kings, lays 4S 5S onto A-2-3S and 8C, QC onto 9-10-JC, and is left 3H 5D 9D = 17
    assert re.search(r"Lays off .*4S.*5S.*onto Ann's meld 1", as_typed(page))
    assert re.search(r"Lays off .*8C.*QC.*onto Ann's meld 3", as_typed(page))
    assert gin.stored() == [], "working a hand out saves nothing"


def test_knock_entered_as_whole_hands_is_saved_as_the_arrangement(gin):
    response = gin.save(KNOCK_ANN, KNOCK_BEN)
    assert response.status_code == 302
    # Ben's deadwood 3 + 5 + 9 = 17 against Ann's 2: Ann scores 17 - 2 = 15
    assert gin.table.totals() == {"Ann": 15, "Ben": 0}
    [hand] = gin.stored()
    assert hand["went_out"] == "Ann" and hand["ended"] == "went_out"
    assert hand["players"]["Ann"] == {
        "melds": [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["9C", "10C", "JC"]], "layoffs": [], "in_hand": ["2D"]}
    assert hand["players"]["Ben"] == {
        "melds": [["KS", "KH", "KD"]],
        "layoffs": [{"cards": ["4S", "5S"], "onto": {"player": "Ann", "meld": 0}},
                    {"cards": ["8C", "QC"], "onto": {"player": "Ann", "meld": 2}}],
        "in_hand": ["3H", "5D", "9D"]}


def test_gin_entered_as_whole_hands_scores_bonus_and_all_defender_deadwood_without_layoffs(gin):
    ben = "5S 8C KH KD KS QC 3H 5D 9D 2H"
    page = text(gin.work("AS 2S 3S 4S 7H 7D 7C 9C 10C JC", ben))
    assert "no lay-offs after gin" in page
    assert "Gin: Ann has no deadwood and Ben has 42. Ann scores 67, Ben 0." in page
    assert gin.save("AS 2S 3S 4S 7H 7D 7C 9C 10C JC", ben).status_code == 302
    # 5S and 8C, QC would lay off after a knock, not after gin: Ben keeps 5+8+10+3+5+9+2 = 42; Ann 25 + 42 = 67
    assert gin.table.totals() == {"Ann": 67, "Ben": 0}
    [hand] = gin.stored()
    assert hand["players"]["Ann"]["in_hand"] == [] and hand["players"]["Ben"]["layoffs"] == []


def test_undercut_entered_as_whole_hands_scores_for_the_defender(gin):
    ann = "AH 2H 3H 5D 6D 7D QC QS QD 9C"
    ben = "9S 10S JS 4C 4H 4S KH KD KC 8D"
    page = text(gin.work(ann, ben))
    assert "Undercut: Ann knocked with 9, but Ben has 0 after lay-offs, no more than that. Ann scores 0, Ben 34." in page
    assert gin.save(ann, ben).status_code == 302
    # Ben lays 8D onto 5-6-7D and is left nothing; 0 is not more than 9: Ben scores 25 + (9 - 0) = 34
    assert gin.table.totals() == {"Ann": 0, "Ben": 34}


def test_big_gin_with_eleven_cards_when_the_table_plays_it(table):
    table.start("gin", ["Ann", "Ben"], big_gin_bonus=31)
    gin = GinTable(table)
    assert gin.save("AS 2S 3S 4S 7H 8H 9H KC KD KS KH", "5C 6C 7C 2D 3H 8S 9D QH JD 10C").status_code == 302
    # all 11 cards meld: 31 + Ben's 2+3+8+9+10+10+10 = 52 -> 83
    assert table.totals() == {"Ann": 83, "Ben": 0}
    [hand] = gin.stored()
    assert hand["big_gin"] is True and sum(len(m) for m in hand["players"]["Ann"]["melds"]) == 11


def test_draw_scores_nothing_and_keeps_the_arranged_hands(gin):
    page = text(gin.work(KNOCK_ANN, KNOCK_BEN, knocker=None))
    assert "A draw: nobody scores." in page
    assert gin.save(KNOCK_ANN, KNOCK_BEN, knocker=None).status_code == 302
    assert gin.table.totals() == {"Ann": 0, "Ben": 0}
    [hand] = gin.stored()
    assert hand["ended"] == "stock_exhausted" and hand["players"]["Ann"]["in_hand"] == ["2D"]


# Ann's four sevens and 8-9-10 of spades lay down two ways: 7777 + 8-9-10S, or 777 + 7-8-9-10S
TWO_WAYS_ANN = "7H 7D 7C 7S 8S 9S 10S AC 2D 3H"
TWO_WAYS_BEN = "6S JS QH QD QC 2H 4D 5C 9D KS"


def test_choosing_the_second_of_two_optimal_arrangements_is_what_is_saved(gin):
    first = text(gin.work(TWO_WAYS_ANN, TWO_WAYS_BEN))
    assert "2 equally good ways" in first
    # the first way: Ben lays only JS onto 8-9-10S and keeps 6+2+4+5+9+10 = 36; Ann scores 36 - 6 = 30
    assert "Ann scores 30, Ben 0." in first
    worked = _WORKED.search(first).group(1)

    second = text(gin.work(TWO_WAYS_ANN, TWO_WAYS_BEN, knocker_choice="1", worked=worked))
    # the second way: Ben lays 6S and JS onto 7-8-9-10S and keeps 2+4+5+9+10 = 30; Ann scores 30 - 6 = 24
    assert "Ann scores 24, Ben 0." in second
    assert re.search(r'value="1" checked', second)
    worked = _WORKED.search(second).group(1)
    response = gin.client.post(gin.url, data=gin.form(TWO_WAYS_ANN, TWO_WAYS_BEN, save="Save",
                                                      worked=worked, knocker_choice="1"))
    assert response.status_code == 302
    assert gin.table.totals() == {"Ann": 24, "Ben": 0}
    [hand] = gin.stored()
    assert hand["players"]["Ann"]["melds"] == [["7H", "7D", "7C"], ["7S", "8S", "9S", "10S"]]
    assert hand["players"]["Ben"]["layoffs"] == [{"cards": ["6S", "JS"], "onto": {"player": "Ann", "meld": 1}}]


def test_save_of_a_choice_not_yet_shown_shows_it_instead_of_saving(gin):
    worked = _WORKED.search(text(gin.work(TWO_WAYS_ANN, TWO_WAYS_BEN))).group(1)
    response = gin.client.post(gin.url, data=gin.form(TWO_WAYS_ANN, TWO_WAYS_BEN, save="Save",
                                                      worked=worked, knocker_choice="1"))
    page = text(response)
    assert response.status_code == 200 and "nothing was saved yet" in page
    assert "Ann scores 24, Ben 0." in page
    assert gin.stored() == []


def test_save_after_the_cards_changed_shows_the_new_result_instead_of_saving(gin):
    worked = _WORKED.search(text(gin.work(KNOCK_ANN, KNOCK_BEN))).group(1)
    changed = KNOCK_ANN.replace("2D", "AD")
    response = gin.client.post(gin.url, data=gin.form(changed, KNOCK_BEN, save="Save", worked=worked))
    page = text(response)
    assert "nothing was saved yet" in page and "Ann knocked with 1" in page
    assert gin.stored() == []


def test_the_defenders_second_arrangement_can_be_chosen(gin):
    # Ben's four sevens and 8-9-10S also lay down two ways; Ann's melds take none of them
    ann = "AH 2H 3H KC KD KH 9D 10D JD 2C"
    ben = "7H 7D 7C 7S 8S 9S 10S QC 3S 4C"
    first = text(gin.work(ann, ben))
    worked = _WORKED.search(first).group(1)
    assert "2 equally good ways" in first
    response = gin.client.post(gin.url, data=gin.form(ann, ben, save="Save", worked=worked,
                                                      knocker_choice="0", defender_choice="1"))
    assert response.status_code == 302
    [hand] = gin.stored()
    assert hand["players"]["Ben"]["melds"] == [["7S", "7H", "7D", "7C"], ["8S", "9S", "10S"]]
    # Ben keeps QC 3S 4C = 17 against Ann's 2: Ann scores 15
    assert gin.table.totals() == {"Ann": 15, "Ben": 0}


# errors: the form comes back with everything typed, a message naming player and card, nothing written

def refused(gin, ann, ben, knocker="Ann") -> str:
    before = gin.table.counts()
    response = gin.work(ann, ben, knocker)
    page = text(response)
    assert response.status_code == 422, page
    assert f'value="{ann}"' in page and f'value="{ben}"' in page, "what was typed is kept"
    saved = gin.client.post(gin.url, data=gin.form(ann, ben, knocker, save="Save"))
    assert saved.status_code == 422
    assert gin.table.counts() == before, "a refused hand writes nothing"
    return page


def test_a_card_in_both_hands_is_refused_naming_the_card(gin):
    page = refused(gin, KNOCK_ANN, KNOCK_BEN.replace("9D", "2D"))
    assert "2D is entered 2 times" in page and "Ann" in page and "Ben" in page


def test_a_card_of_the_knockers_melds_in_the_defenders_hand_is_refused(gin):
    page = refused(gin, KNOCK_ANN, KNOCK_BEN.replace("9D", "7H"))
    assert "Ben's cards: 7H is both in Ben's hand and in Ann's melds" in page


def test_a_card_typed_twice_in_one_hand_is_refused(gin):
    page = refused(gin, KNOCK_ANN.replace("2D", "7H"), KNOCK_BEN)
    assert "Ann's cards: 7H is given twice" in page


def test_a_wrong_number_of_cards_is_refused_naming_the_player(gin):
    page = refused(gin, "AS 2S 3S 7H 7D 7C 9C 10C JC", KNOCK_BEN)
    assert "Ann's cards" in page and "9 given" in page
    page = refused(gin, KNOCK_ANN, KNOCK_BEN + " 6H")
    assert "Ben's cards" in page and "11 given" in page


def test_eleven_cards_without_big_gin_are_refused_naming_the_best_discard(gin):
    page = refused(gin, KNOCK_ANN + " KH", KNOCK_BEN.replace("KH", "6H"))
    assert "Ann's cards: 11 cards are entered" in page and "best discard is KH" in page


def test_knocking_above_the_limit_is_refused_naming_the_deadwood(gin):
    # Ann's best leaves 5C 2D 5D: 12 deadwood, over the knock limit of 10
    page = refused(gin, "AS 2S 3S 4S 7H 7D 7C 5C 2D 5D", "6S 8S KH KD KS 8C QC 3H 6D 9D")
    assert "Ann knocked with 12 deadwood, but knocking needs 10 or less" in page
    assert re.search(r"leaves (?=.*2D)(?=.*5D)(?=.*5C)[0-9A-Z ]+ as deadwood", page)


def test_unreadable_card_text_is_refused_naming_the_token(gin):
    page = refused(gin, KNOCK_ANN.replace("2D", "1D"), KNOCK_BEN)
    assert "Ann's cards: `1D` at position 10 is not a card" in page


def test_no_knocker_chosen_is_refused(gin):
    page = refused(gin, KNOCK_ANN, KNOCK_BEN, knocker="")
    assert "Choose who knocked" in page


# access and double posts

def test_the_view_link_cannot_enter_hands(gin, client, app):
    with app.app_context():
        view = db.session.execute(select(GameSession)).scalar_one().view_token
    before = gin.table.counts()
    assert client.get(f"/s/{view}/hands/gin").status_code == 403
    assert client.post(f"/s/{view}/hands/gin", data=gin.form(KNOCK_ANN, KNOCK_BEN, save="Save")).status_code == 403
    assert gin.table.counts() == before


def test_a_double_post_saves_the_hand_once(gin):
    worked = _WORKED.search(text(gin.work(KNOCK_ANN, KNOCK_BEN))).group(1)
    data = gin.form(KNOCK_ANN, KNOCK_BEN, save="Save", worked=worked)
    assert gin.client.post(gin.url, data=data).status_code == 302
    gin.table.page()  # the first save's flash
    assert gin.client.post(gin.url, data=data).status_code == 302
    assert "was already saved; it was not saved twice" in gin.table.page()
    assert len(gin.stored()) == 1
    assert gin.table.totals() == {"Ann": 15, "Ben": 0}


def test_the_page_is_only_for_gin_sessions(table):
    table.start("rummy500", ["Ann", "Ben"])
    assert table.client.get(f"{table.url}/hands/gin").status_code == 404


def test_enter_hand_on_a_gin_scoreboard_opens_whole_hand_entry_and_the_manual_form_stays_a_link_away(gin):
    page = gin.table.page()
    assert re.search(rf'<a class="button primary" href="{re.escape(gin.url)}">Enter hand 1</a>', page)
    assert re.search(rf'href="{re.escape(gin.table.url)}/hands/new">Enter melds and deadwood</a>', page)
    form = gin.client.get(gin.url)
    assert form.status_code == 200 and "Work it out" in form.get_data(as_text=True)


def test_a_draw_may_be_saved_without_typing_the_hands(gin):
    assert gin.save("", "", knocker=None).status_code == 302
    assert gin.table.totals() == {"Ann": 0, "Ben": 0}
    [hand] = gin.stored()
    assert hand["ended"] == "stock_exhausted" and hand["went_out"] is None


def test_the_tables_own_knock_limit_decides(table):
    table.start("gin", ["Ann", "Ben"], knock_limit=1)
    gin = GinTable(table)
    # 2D is 2 deadwood: fine under the standard limit of 10, too much at this table
    page = refused(gin, KNOCK_ANN, KNOCK_BEN)
    assert "Ann knocked with 2 deadwood, but knocking needs 1 or less" in page
    assert "leaves 2D as deadwood" in page


def test_big_gin_that_needs_a_run_split_for_a_set_is_laid_down_whole(table):
    table.start("gin", ["Ann", "Ben"], big_gin_bonus=31)
    gin = GinTable(table)
    # 5-9 of hearts and of diamonds plus 9C: all 11 meld only as 5-8H, 5-8D and the three nines
    ann = "9D 8D 7H 9C 5H 5D 8H 7D 9H 6D 6H"
    ben = "AS 2C 3H 4D KS QH JC 10S 2S 4C"
    assert gin.save(ann, ben).status_code == 302
    [hand] = gin.stored()
    assert ["9H", "9D", "9C"] in hand["players"]["Ann"]["melds"]
    # Ben melds nothing: 1+2+3+4+10+10+10+10+2+4 = 56; big gin 31 + 56 = 87
    assert table.totals() == {"Ann": 87, "Ben": 0}



def test_a_save_another_phone_beat_by_an_instant_shows_the_next_hands_page_with_the_cards_kept(gin, app, monkeypatch):
    shown = gin.work(KNOCK_ANN, KNOCK_BEN)
    worked = _WORKED.search(shown.get_data(as_text=True)).group(1)
    add_hand = service.add_hand

    def beaten(gs, data, key=None, *args, **kwargs):
        # another phone saves hand 1 between this save's work-out and its commit
        monkeypatch.setattr(service, "add_hand", add_hand)
        other = GinTable(SimpleNamespace(client=app.test_client(), url=gin.table.url, app=app))
        answers = []
        # a request of its own (a thread: its own app context and database session), as another phone's is
        phone = threading.Thread(target=lambda: answers.append(other.save(KNOCK_ANN, KNOCK_BEN, key="key-2")))
        phone.start()
        phone.join()
        assert [answer.status_code for answer in answers] == [302]
        return add_hand(gs, data, key, *args, **kwargs)

    monkeypatch.setattr(service, "add_hand", beaten)
    response = gin.client.post(gin.url, data=gin.form(KNOCK_ANN, KNOCK_BEN, save="Save", worked=worked))
    page = text(response)
    assert response.status_code == 409, page
    assert "Not saved:" in page
    # the page is the next hand's as the game stands now, with what was typed kept
    assert "Hand 2: both hands of cards" in page
    assert f'value="{KNOCK_ANN}"' in page and f'value="{KNOCK_BEN}"' in page
    assert len(gin.stored()) == 1
