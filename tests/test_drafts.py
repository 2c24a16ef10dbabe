"""Each player enters their own part of the next hand on their own phone; one device saves the hand.

Figures by hand from RULES.md 4.1 (500 Rum, standard values: 2-10 face value,
J Q K 10; a hand scores melded and laid-off cards minus cards left in hand):
  Ann melds 7H 8H 9H (24) and KS KD KC (30), goes out:          54
  Ben melds 5D 6D 7D (18), lays 10H off on Ann's run (10),
      keeps QC 3S (-13):                                         15
  Cid lays KH off on Ann's kings (10), keeps 9C 9D 2S (-20):    -10
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser

import pytest
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import DraftPart, GameSession
from tests.web.test_table_life import change

NAMES = ["Ann", "Ben", "Cid"]


class FormValues(HTMLParser):
    """What a browser would post from the form with id `form_id`: inputs, checked boxes, selected options."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.select: str | None = None
        self.first_option: str | None = None
        self.values: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and a.get("name") and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first_option = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value", "")
                self.values.setdefault(self.select, self.first_option)
            if "selected" in a:
                self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


def form_values(page: str, form_id: str) -> dict[str, str]:
    """The fields of one form in a page, as the browser would send them."""
    parser = FormValues(form_id)
    parser.feed(page)
    return parser.values


def _chip_words(fragment: str) -> list[str]:
    """What each card chip in a piece of page says to a screen reader ("king of spades"), in order."""
    return re.findall(r'<span class="card-chip [^"]*"><span aria-hidden="true">.*?</span><span class="visually-hidden">([^<]*)</span></span>', fragment)


@pytest.fixture
def game(table, app):
    """A 500 Rum game for Ann, Ben and Cid; returns the table (the device that will save the hand)."""
    table.start("rummy500", NAMES)
    return table


def phone(app, game, seat: int):
    """A player's own phone: a separate client that opened the edit link and said who it is (its table seat, from 1)."""
    client = app.test_client()
    response = client.get(f"{game.url}/my-hand?seat={seat + 1}")
    assert response.status_code == 200
    return client


def send(client, game, seat: int, **fields):
    """Send a part from a phone, as its form posts it (hand 1 unless `position` is given)."""
    data = {"seat": str(seat + 1), "position": "1"} | {k.replace("__", "-"): v for k, v in fields.items()}
    return client.post(f"{game.url}/my-hand", data=data)


def stored_parts(app) -> dict[str, dict]:
    """The draft parts in the database, by player."""
    with app.app_context():
        return {p.player_name: p.data for p in db.session.execute(select(DraftPart)).scalars()}


def send_the_three_parts(app, game):
    """Ann, Ben and Cid each send their part from their own phone; Ben and Cid lay off onto Ann's melds."""
    ann, ben, cid = (phone(app, game, seat) for seat in range(3))
    assert send(ann, game, 0, melds__0="7h 8h 9h", melds__1="KS KD KC", went_out="y").status_code == 302
    # Ben's phone now offers Ann's melds to lay off onto
    page = ben.get(f"{game.url}/my-hand").get_data(as_text=True)
    assert "Ann&#39;s meld 1: 7H 8H 9H" in page
    assert send(ben, game, 1, melds__0="5D 6D 7D", layoffs__0__cards="10H", layoffs__0__onto="0:0",
                in_hand="QC 3S").status_code == 302
    assert send(cid, game, 2, layoffs__0__cards="KH", layoffs__0__onto="0:1", in_hand="9C 9D 2S").status_code == 302
    return ann, ben, cid


def test_three_phones_send_their_parts_and_the_saving_device_finds_the_form_filled_in(app, game):
    send_the_three_parts(app, game)
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    values = form_values(page, "hand-form")
    assert values["went_out"] == "Ann"
    assert values["players-0-melds-0"] == "7H 8H 9H"
    assert values["players-0-melds-1"] == "KS KD KC"
    assert values["players-1-melds-0"] == "5D 6D 7D"
    assert values["players-1-layoffs-0-cards"] == "10H"
    assert values["players-1-layoffs-0-onto"] == "0:0"
    assert values["players-1-in_hand"] == "QC 3S"
    assert values["players-2-layoffs-0-cards"] == "KH"
    assert values["players-2-layoffs-0-onto"] == "0:1"
    assert values["players-2-in_hand"] == "9C 9D 2S"
    assert re.search(r"Sent their part: <span[^>]*>Ann, Ben, Cid</span>", page)


def test_the_hand_saved_from_the_filled_in_form_scores_each_part_and_clears_the_drafts(app, game):
    ann, _, _ = send_the_three_parts(app, game)
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    saved = game.client.post(f"{game.url}/hands/new", data=form_values(page, "hand-form"))
    assert saved.status_code == 302, saved.get_data(as_text=True)
    assert game.totals() == {"Ann": 54, "Ben": 15, "Cid": -10}
    assert stored_parts(app) == {}
    # Ann's phone, reloaded after sending, says the hand was saved and offers the scoreboard
    mine = ann.get(f"{game.url}/my-hand?seat=1&sent=1").get_data(as_text=True)
    assert "Hand 1 was saved, with your part." in mine
    assert f'href="{game.url}">See the scoreboard' in mine
    # and its form is now for hand 2, empty
    assert form_values(mine, "draft-form")["position"] == "2"
    assert form_values(mine, "draft-form")["melds-0"] == ""


def test_a_player_revises_their_part_before_the_save_and_the_revision_is_what_counts(app, game):
    ann, ben, cid = send_the_three_parts(app, game)
    # Cid forgot the 2S in the first go: his phone shows his part, he fixes it and sends again
    page = cid.get(f"{game.url}/my-hand").get_data(as_text=True)
    values = form_values(page, "draft-form")
    assert values["in_hand"] == "9C 9D 2S"
    values["in_hand"] = "9C 9D 2S 4S"
    assert cid.post(f"{game.url}/my-hand", data=values).status_code == 302
    assert stored_parts(app)["Cid"]["in_hand"] == ["9C", "9D", "2S", "4S"]
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(DraftPart)) == 3
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    assert game.client.post(f"{game.url}/hands/new", data=form_values(page, "hand-form")).status_code == 302
    assert game.totals() == {"Ann": 54, "Ben": 15, "Cid": -14}


def test_a_revision_from_a_stale_form_is_refused_with_both_versions_shown(app, game):
    ann = phone(app, game, 0)
    other_device = phone(app, game, 0)
    assert send(ann, game, 0, melds__0="7H 8H 9H").status_code == 302
    old_form = form_values(other_device.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    assert send(ann, game, 0, melds__0="7H 8H 9H 10H", part_version="1").status_code == 302
    old_form["in_hand"] = "4C"
    refused = other_device.post(f"{game.url}/my-hand", data=old_form)
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "changed from another phone" in text
    now = text.split('class="panel stale"')[1].split("</section>")[0]
    assert _chip_words(now) == ["7 of hearts", "8 of hearts", "9 of hearts", "10 of hearts"]  # drawn as cards
    assert stored_parts(app)["Ann"]["melds"] == [["7H", "8H", "9H", "10H"]]


def test_an_illegal_meld_is_refused_with_its_reason_and_nothing_is_stored(app, game):
    ben = phone(app, game, 1)
    refused = send(ben, game, 1, melds__0="5D 6D 8D", in_hand="QC")
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Ben&#39;s meld 1 is not a meld" in text
    assert "gap" in text.lower()
    # the entry comes back as typed
    assert form_values(text, "draft-form")["melds-0"] == "5D 6D 8D"
    assert stored_parts(app) == {}


def test_unreadable_cards_are_named_and_nothing_is_stored(app, game):
    ben = phone(app, game, 1)
    refused = send(ben, game, 1, melds__0="5D 6D 7D", in_hand="QC 1Z")
    assert refused.status_code == 422
    assert "Ben&#39;s cards left in hand" in refused.get_data(as_text=True)
    assert stored_parts(app) == {}


def test_a_lay_off_onto_a_meld_nobody_entered_is_refused(app, game):
    cid = phone(app, game, 2)
    refused = send(cid, game, 2, layoffs__0__cards="KH", layoffs__0__onto="0:1", in_hand="9C")
    assert refused.status_code == 422
    assert "Ann&#39;s meld 2 is not entered" in refused.get_data(as_text=True)
    assert stored_parts(app) == {}


def test_the_view_link_cannot_send_a_part_or_read_who_sent_one(app, game):
    with app.app_context():
        view = db.session.execute(select(GameSession)).scalar_one().view_token
    watcher = app.test_client()
    posted = watcher.post(f"/s/{view}/my-hand", data={"seat": "1", "position": "1", "melds-0": "7H 8H 9H"})
    assert posted.status_code == 403
    assert watcher.get(f"/s/{view}/my-hand").status_code == 403
    assert watcher.get(f"/s/{view}/my-hand/status").status_code == 403
    assert stored_parts(app) == {}


def test_the_phone_remembers_who_it_belongs_to(app, game):
    ben = phone(app, game, 1)
    page = ben.get(f"{game.url}/my-hand").get_data(as_text=True)
    assert "<h1>Ben's cards" in page
    assert form_values(page, "draft-form")["seat"] == "2"
    # another phone has not said who it is yet: it is asked
    assert "Who are you?" in app.test_client().get(f"{game.url}/my-hand").get_data(as_text=True)
    # and Ben can say he is someone else
    assert "Who are you?" in ben.get(f"{game.url}/my-hand?choose=1").get_data(as_text=True)


def test_names_are_shown_as_text(app, table):
    table.start("rummy500", ["<script>x</script>", "Ben"])
    page = app.test_client().get(f"{table.url}/my-hand").get_data(as_text=True)
    assert "<script>x</script>" not in page
    assert "I am &lt;script&gt;x&lt;/script&gt;" in page


def test_the_status_says_who_has_sent_and_who_is_awaited(app, game):
    ann = phone(app, game, 0)
    send(ann, game, 0, melds__0="7H 8H 9H")
    assert game.client.get(f"{game.url}/my-hand/status").get_json() == {
        "hand": 1, "sent": ["Ann"], "waiting": ["Ben", "Cid"], "went_out": []}


def test_a_part_sent_after_the_hand_was_saved_is_refused_and_says_so(app, game):
    ann = phone(app, game, 0)
    form = form_values(ann.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    assert game.play({"points": {"Ann": "10", "Ben": "0", "Cid": "0"}, "went_out": "Ann"}).status_code == 302
    form["melds-0"] = "7H 8H 9H"
    late = ann.post(f"{game.url}/my-hand", data=form)
    assert late.status_code == 409
    assert "Hand 1 was already saved" in late.get_data(as_text=True)
    assert stored_parts(app) == {}


def test_another_meld_row_without_script(app, game):
    ann = phone(app, game, 0)
    page = ann.post(f"{game.url}/my-hand", data={"seat": "1", "position": "1", "melds-0": "7H 8H 9H",
                                                  "melds-1": "KS KD KC", "more": "melds"})
    assert page.status_code == 200
    values = form_values(page.get_data(as_text=True), "draft-form")
    assert values["melds-1"] == "KS KD KC" and values["melds-2"] == ""
    assert stored_parts(app) == {}


def test_the_scoreboard_offers_each_player_their_own_entry(game):
    assert "Enter my own cards" in game.page()


def test_the_scoreboard_lists_who_has_sent_their_part(app, game):
    send(phone(app, game, 1), game, 1, melds__0="5D 6D 7D")
    page = game.page()
    assert re.search(r"Sent their part: <span[^>]*>Ben</span>", page)
    assert re.search(r"Waiting for: <span[^>]*>Ann, Cid</span>", page)


def test_a_part_is_sent_with_csrf_protection_on(databases):
    app = databases.app("c")
    client = app.test_client()
    new_page = client.get("/new/rummy500").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', new_page).group(1)
    url = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "Ben", "csrf_token": csrf}
                      ).headers["Location"]
    values = form_values(client.get(f"{url}/my-hand?seat=1").get_data(as_text=True), "draft-form")
    assert values["csrf_token"]
    without = {k: v for k, v in values.items() if k != "csrf_token"} | {"melds-0": "7H 8H 9H"}
    assert client.post(f"{url}/my-hand", data=without).status_code == 400
    assert client.post(f"{url}/my-hand", data=values | {"melds-0": "7H 8H 9H"}).status_code == 302
    assert stored_parts(app) == {"Ann": {"melds": [["7H", "8H", "9H"]], "layoffs": [], "in_hand": []}}
    with app.app_context():
        db.engine.dispose()


def test_a_whole_hand_the_engine_refuses_names_the_player_and_keeps_every_part(app, game):
    ann, ben = phone(app, game, 0), phone(app, game, 1)
    assert send(ann, game, 0, melds__0="7H 8H 9H", went_out="y").status_code == 302
    # on its own Ben's part is fine; on Ann's run the 3C does not fit, which only the whole hand shows
    assert send(ben, game, 1, melds__0="5D 6D 7D", layoffs__0__cards="3C", layoffs__0__onto="0:0",
                in_hand="QC").status_code == 302
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    refused = game.client.post(f"{game.url}/hands/new", data=form_values(page, "hand-form"))
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "Not saved:" in text and "Ben" in text
    assert game.counts()[1] == 0
    # nothing saved half-way: the parts are still there to fix
    assert set(stored_parts(app)) == {"Ann", "Ben"}


def test_deleting_a_game_with_parts_sent_deletes_the_parts(app, game):
    send(phone(app, game, 0), game, 0, melds__0="7H 8H 9H")
    deleted = game.client.post(f"{game.url}/delete", data={"action": "delete"})
    assert deleted.status_code == 302
    assert game.counts()[0] == 0
    assert stored_parts(app) == {}


def test_a_lay_off_that_does_not_fit_yet_is_kept_with_a_note(app, game):
    ann, ben = phone(app, game, 0), phone(app, game, 1)
    assert send(ann, game, 0, melds__0="7H 8H 9H").status_code == 302
    # the JH needs someone's 10H first, which may not have been sent yet: a note, not a refusal
    sent = send(ben, game, 1, layoffs__0__cards="JH", layoffs__0__onto="0:0", in_hand="QC")
    assert sent.status_code == 302
    page = ben.get(sent.headers["Location"]).get_data(as_text=True)
    assert "does not fit Ann&#39;s meld 1 as the parts sent so far show it (7H 8H 9H)" in page
    assert stored_parts(app)["Ben"]["layoffs"] == [{"cards": ["JH"], "onto": {"player": "Ann", "meld": 0}}]
    # once the 10H is laid off too, Ben's JH fits
    assert send(ann, game, 0, melds__0="7H 8H 9H", layoffs__0__cards="10H", layoffs__0__onto="0:0",
                part_version="1").status_code == 302
    again = send(ben, game, 1, layoffs__0__cards="JH", layoffs__0__onto="0:0", in_hand="QC", part_version="1")
    assert "does not fit" not in ben.get(again.headers["Location"]).get_data(as_text=True)


def test_a_lay_off_with_a_joker_saying_what_it_stands_for_is_sent_and_fills_the_hand_form(app, game):
    # docs/rules.md: pins (`JK=JH`) are allowed in melds and lay-offs, as POST /api/v1/layoffs/check takes them
    ann, ben = phone(app, game, 0), phone(app, game, 1)
    assert send(ann, game, 0, melds__0="7H 8H 9H", went_out="y").status_code == 302
    sent = send(ben, game, 1, layoffs__0__cards="10h jk=jh", layoffs__0__onto="0:0", in_hand="3C")
    assert sent.status_code == 302, html.unescape(sent.get_data(as_text=True))
    assert stored_parts(app)["Ben"]["layoffs"] == [{"cards": ["10H", "JK=JH"], "onto": {"player": "Ann", "meld": 0}}]
    assert "does not fit" not in ben.get(sent.headers["Location"]).get_data(as_text=True)
    values = form_values(game.client.get(f"{game.url}/hands/new").get_data(as_text=True), "hand-form")
    assert values["players-1-layoffs-0-cards"] == "10H JK=JH"


def test_the_card_picker_on_a_phone_counts_the_cards_the_others_have_sent(app, game):
    send(phone(app, game, 0), game, 0, melds__0="7H 8H 9H", in_hand="JK")
    page = phone(app, game, 1).get(f"{game.url}/my-hand").get_data(as_text=True)
    left = json.loads(re.search(r"data-deck-counts='([^']*)'", page).group(1))
    assert (left["7H"], left["10H"], left["JK"]) == (0, 1, 1)


def test_two_phones_sending_the_same_players_first_part_keep_the_first_and_refuse_the_second(app, game):
    first, second = phone(app, game, 0), phone(app, game, 0)
    late_form = form_values(second.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    assert send(first, game, 0, melds__0="7H 8H 9H").status_code == 302
    refused = second.post(f"{game.url}/my-hand", data=late_form | {"melds-0": "KS KD KC"})
    assert refused.status_code == 409
    assert stored_parts(app)["Ann"]["melds"] == [["7H", "8H", "9H"]]
    # the refusal shows the part as it is and carries its version: sending again replaces it on purpose
    again = form_values(refused.get_data(as_text=True), "draft-form")
    assert again["melds-0"] == "KS KD KC"
    assert second.post(f"{game.url}/my-hand", data=again).status_code == 302
    assert stored_parts(app)["Ann"]["melds"] == [["KS", "KD", "KC"]]


def test_two_players_who_both_say_they_went_out_are_pointed_out_on_the_hand_form(app, game):
    send(phone(app, game, 0), game, 0, melds__0="7H 8H 9H", went_out="y")
    send(phone(app, game, 1), game, 1, melds__0="5D 6D 7D", went_out="y")
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    assert "Ann and Ben each say they went out: only one can." in page
    assert form_values(page, "hand-form")["went_out"] == "Ann"


# --- parts merge with what the saving phone typed, never replace it -------------------------------


def stored_hand(app) -> dict:
    """The one hand stored."""
    from scorekeeper.models import Hand

    with app.app_context():
        [hand] = db.session.execute(select(Hand)).scalars().all()
        return hand.data


def test_a_part_sent_after_the_form_opened_fills_its_empty_player_instead_of_saving_0(app, game):
    opened = form_values(game.client.get(f"{game.url}/hands/new").get_data(as_text=True), "hand-form")
    # the saving phone types Ann and Ben; Cid sends his own part meanwhile
    opened |= {"went_out": "Ann", "players-0-melds-0": "7H 8H 9H", "players-0-melds-1": "KS KD KC",
               "players-1-melds-0": "5D 6D 7D", "players-1-in_hand": "QC 3S"}
    assert send(phone(app, game, 2), game, 2, in_hand="9C 9D 2S").status_code == 302
    refused = game.client.post(f"{game.url}/hands/new", data=opened)
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    assert "Cid sent their own part from their phone, and nothing was typed for them here." in page
    assert game.counts()[1] == 0 and "Cid" in stored_parts(app)
    # what was typed is still there, and Cid's part beside it: saving that saves all three
    again = form_values(page, "hand-form")
    assert again["players-0-melds-1"] == "KS KD KC" and again["players-1-in_hand"] == "QC 3S"
    assert again["players-2-in_hand"] == "9C 9D 2S"
    assert game.client.post(f"{game.url}/hands/new", data=again).status_code == 302
    assert game.totals() == {"Ann": 54, "Ben": 5, "Cid": -20}
    assert stored_parts(app) == {}


def typed_ben_qc(game) -> dict[str, str]:
    """The hand form opened before any part was sent, with Ben typed as keeping QC (Ann went out, Cid keeps 2S)."""
    opened = form_values(game.client.get(f"{game.url}/hands/new").get_data(as_text=True), "hand-form")
    return opened | {"went_out": "Ann", "players-0-melds-0": "7H 8H 9H", "players-1-in_hand": "QC",
                     "players-2-in_hand": "2S"}


def test_a_player_typed_on_the_saving_phone_who_sent_another_part_is_asked_about_before_saving(app, game):
    # a form without script never shows the part that arrived: Save asks rather than drop it unseen
    typed = typed_ben_qc(game)
    assert send(phone(app, game, 1), game, 1, in_hand="QC 3S").status_code == 302
    refused = game.client.post(f"{game.url}/hands/new", data=typed)
    assert refused.status_code == 409
    page = html.unescape(refused.get_data(as_text=True))
    assert "Not saved: Ben's own part is waiting to be chosen." in page
    assert game.counts()[1] == 0 and "Ben" in stored_parts(app)
    # both are there to choose from: what is typed in the form, what Ben sent beside it
    assert form_values(page, "hand-form")["players-1-in_hand"] == "QC"
    sent = page[page.index('id="part-differ"'):]
    assert _chip_words(sent)[:2] == ["queen of clubs", "3 of spades"]
    assert 'value="keep:1:1">Keep what is typed for Ben</button>' in page
    assert 'value="use:1:1">Use what Ben sent</button>' in page
    # keeping what is typed gives the form back to save: then it is saved as typed
    kept = game.client.post(f"{game.url}/hands/new", data=form_values(page, "hand-form") | {"part_choice": "keep:1:1"})
    assert kept.status_code == 200 and game.counts()[1] == 0
    again = form_values(kept.get_data(as_text=True), "hand-form")
    assert json.loads(again["parts_seen"]) == {"1": {"kept": 1}}
    assert game.client.post(f"{game.url}/hands/new", data=again).status_code == 302
    assert stored_hand(app)["players"]["Ben"]["in_hand"] == ["QC"]


def test_use_what_they_sent_without_script_puts_the_part_in_the_form_to_save(app, game):
    typed = typed_ben_qc(game)
    assert send(phone(app, game, 1), game, 1, in_hand="QC 3S").status_code == 302
    used = game.client.post(f"{game.url}/hands/new", data=typed | {"part_choice": "use:1:1"})
    assert used.status_code == 200 and game.counts()[1] == 0
    again = form_values(used.get_data(as_text=True), "hand-form")
    assert again["players-1-in_hand"] == "QC 3S" and again["players-2-in_hand"] == "2S"
    assert game.client.post(f"{game.url}/hands/new", data=again).status_code == 302
    assert stored_hand(app)["players"]["Ben"]["in_hand"] == ["QC", "3S"]


def test_a_choice_about_a_part_revised_since_saves_nothing_and_asks_about_the_revision(app, game):
    typed = typed_ben_qc(game)
    ben = phone(app, game, 1)
    assert send(ben, game, 1, in_hand="QC 3S").status_code == 302
    assert send(ben, game, 1, in_hand="QC 4S", part_version="1").status_code == 302
    shown = game.client.post(f"{game.url}/hands/new", data=typed | {"part_choice": "keep:1:1"})
    assert shown.status_code == 200 and game.counts()[1] == 0
    refused = game.client.post(f"{game.url}/hands/new", data=form_values(shown.get_data(as_text=True), "hand-form"))
    assert refused.status_code == 409 and 'value="keep:1:2"' in refused.get_data(as_text=True)


def test_a_part_the_page_kept_or_had_on_screen_is_not_asked_about_again(app, game):
    assert send(phone(app, game, 1), game, 1, in_hand="QC 3S").status_code == 302
    assert send(phone(app, game, 2), game, 2, in_hand="2S 3S").status_code == 302
    # the page's script: Ben's part kept over what is typed; Cid's filled in, then changed here
    seen = {"1": {"kept": 1}, "2": {"v": 1, "vals": {"players-2-in_hand": "2S 3S"}}}
    saved = game.client.post(f"{game.url}/hands/new", data=typed_ben_qc(game) | {"parts_seen": json.dumps(seen)})
    assert saved.status_code == 302
    assert stored_hand(app)["players"]["Ben"]["in_hand"] == ["QC"]


def test_two_parts_waiting_are_counted_and_named(app, game):
    typed = typed_ben_qc(game)
    assert send(phone(app, game, 1), game, 1, in_hand="QC 3S").status_code == 302
    assert send(phone(app, game, 2), game, 2, in_hand="2S 3S").status_code == 302
    refused = game.client.post(f"{game.url}/hands/new", data=typed | {"parts_seen": "not json"})
    assert refused.status_code == 409
    assert "Not saved: 2 players&#39; own parts are waiting to be chosen (Ben and Cid)." in refused.get_data(as_text=True)


def test_a_players_phone_says_whether_the_hand_saved_their_part(app, game):
    ben, cid = phone(app, game, 1), phone(app, game, 2)
    assert send(ben, game, 1, in_hand="QC 3S").status_code == 302
    assert send(cid, game, 2, in_hand="2s").status_code == 302
    # the table keeps QC for Ben; Cid's 2S is what he sent (typed here too, in other letters)
    seen = {"1": {"kept": 1}}
    assert game.client.post(f"{game.url}/hands/new",
                            data=typed_ben_qc(game) | {"parts_seen": json.dumps(seen)}).status_code == 302
    without = "Hand 1 was saved without your part: the table kept what was typed there."
    assert without in html.unescape(ben.get(f"{game.url}/my-hand?seat=2&sent=1").get_data(as_text=True))
    assert "Hand 1 was saved, with your part." in cid.get(f"{game.url}/my-hand?seat=3&sent=1").get_data(as_text=True)
    # the page that follows the hand live hears the same
    assert ben.get(f"{game.url}/my-hand/status?seat=2&hand=1").get_json()["saved_text"] == without
    assert cid.get(f"{game.url}/my-hand/status?seat=3&hand=1").get_json()["saved_text"] == (
        "Hand 1 was saved, with your part.")
    # a phone that sent nothing claims nothing; a hand not saved yet says nothing
    ann = phone(app, game, 0)
    assert ann.get(f"{game.url}/my-hand/status?seat=1&hand=1").get_json()["saved_text"] == "Hand 1 was saved."
    assert "saved_text" not in ann.get(f"{game.url}/my-hand/status?seat=1&hand=2").get_json()


def test_a_player_the_table_agreed_to_save_at_0_is_not_filled_from_a_part(app, game):
    opened = form_values(game.client.get(f"{game.url}/hands/new").get_data(as_text=True), "hand-form")
    assert send(phone(app, game, 2), game, 2, in_hand="2S").status_code == 302
    agreed = opened | {"went_out": "Ann", "players-0-melds-0": "7H 8H 9H", "players-1-in_hand": "QC",
                       "confirm_empty": "2"}
    assert game.client.post(f"{game.url}/hands/new", data=agreed).status_code == 302
    assert stored_hand(app)["players"]["Cid"]["in_hand"] == []


def test_the_hand_form_carries_each_part_as_its_fields_for_the_page_to_merge(app, game):
    send_the_three_parts(app, game)
    sent = game.client.get(f"{game.url}/my-hand/parts").get_json()
    assert sent["status"]["sent"] == ["Ann", "Ben", "Cid"]
    assert sent["names"] == NAMES
    ben = sent["parts"]["1"]
    assert ben["name"] == "Ben" and ben["version"] == 1 and ben["went_out"] is False
    assert ben["values"]["players-1-melds-0"] == "5D 6D 7D"
    assert ben["values"]["players-1-layoffs-0-onto"] == "0:0"
    assert sent["parts"]["0"]["went_out"] is True
    page = game.client.get(f"{game.url}/hands/new").get_data(as_text=True)
    embedded = json.loads(html.unescape(re.search(r"data-parts='([^']*)'", page).group(1)))
    assert embedded == {"names": sent["names"], "parts": sent["parts"]}
    # the view link reads none of it
    with app.app_context():
        view = db.session.execute(select(GameSession)).scalar_one().view_token
    assert app.test_client().get(f"/s/{view}/my-hand/parts").status_code == 403


def test_a_players_own_page_draws_the_melds_the_others_sent_as_cards(app, game):
    ann, ben = phone(app, game, 0), phone(app, game, 1)
    assert send(ann, game, 0, melds__0="7h 8h 9h", melds__1="KS KD KC").status_code == 302
    page = ben.get(f"{game.url}/my-hand").get_data(as_text=True)
    others = page.split('class="panel draft-others"')[1].split("</section>")[0]
    assert _chip_words(others) == ["7 of hearts", "8 of hearts", "9 of hearts", "king of spades", "king of diamonds", "king of clubs"]
    assert '<span aria-hidden="true">K♠</span>' in others
    assert "7H 8H 9H" not in others  # not as notation any more


def test_a_part_changed_from_another_phone_is_shown_as_cards(app, game):
    ann, other_device = phone(app, game, 0), phone(app, game, 0)
    assert send(ann, game, 0, melds__0="7H 8H 9H").status_code == 302
    old_form = form_values(other_device.get(f"{game.url}/my-hand").get_data(as_text=True), "draft-form")
    assert send(ann, game, 0, melds__0="7H 8H JK", in_hand="4C", part_version="1").status_code == 302
    refused = other_device.post(f"{game.url}/my-hand", data=old_form | {"in_hand": "5C"}).get_data(as_text=True)
    now = refused.split('class="panel stale"')[1].split("</section>")[0]
    assert _chip_words(now) == ["7 of hearts", "8 of hearts", "joker", "4 of clubs"]


def hidden_values(page: str) -> dict[str, str]:
    """The draft form's hidden fields (who, the seats its lay-off targets count, the hand), as posted."""
    values = form_values(page, "draft-form")
    return {name: values[name] for name in ("seat", "seated", "position", "part_version")}


def test_a_player_leaving_while_a_part_is_typed_moves_no_lay_off_to_another_player(app, game):
    ann, ben, cid = (phone(app, game, seat) for seat in range(3))
    assert send(ann, game, 0, melds__0="7h 8h 9h", went_out="y").status_code == 302
    assert send(ben, game, 1, melds__0="5d 6d 7d").status_code == 302
    # Cid's page offers Ann's meld (seat 0) and Ben's (seat 1); he lays off onto each
    opened = cid.get(f"{game.url}/my-hand").get_data(as_text=True)
    # Ben leaves before Cid sends: Cid's own seat is now 1, not 2
    game.client.get(f"{game.url}/players")
    assert change(game, "leave", player="Ben").status_code == 302
    onto_ann = hidden_values(opened) | {"layoffs-0-cards": "10H", "layoffs-0-onto": "0:0", "in_hand": "2S"}
    sent = cid.post(f"{game.url}/my-hand", data=onto_ann)
    assert sent.status_code == 302
    assert stored_parts(app)["Cid"] == {"melds": [], "layoffs": [{"cards": ["10H"], "onto": {"player": "Ann", "meld": 0}}],
                                        "in_hand": ["2S"]}
    # onto Ben's meld, typed before he left: refused, saying so, and the cards stay on the form
    onto_ben = hidden_values(opened) | {"layoffs-0-cards": "8D", "layoffs-0-onto": "1:0", "in_hand": "2S"}
    onto_ben["part_version"] = "1"
    refused = cid.post(f"{game.url}/my-hand", data=onto_ben)
    assert refused.status_code == 409
    page = html.unescape(refused.get_data(as_text=True))
    assert "Not sent: Ben left this hand after this page opened: choose again where to lay off." in page
    assert "Ben is not dealt into this hand any more: choose again." in page
    assert form_values(page, "draft-form")["layoffs-0-cards"] == "8D"
    assert form_values(page, "draft-form")["seat"] == "3"
    assert stored_parts(app)["Cid"]["layoffs"][0]["onto"] == {"player": "Ann", "meld": 0}


def test_a_player_renamed_while_parts_are_typed_keeps_their_part_and_the_lay_offs_onto_them(app, game):
    ann, cid = phone(app, game, 0), phone(app, game, 2)
    assert send(ann, game, 0, melds__0="7h 8h 9h", went_out="y").status_code == 302
    opened = cid.get(f"{game.url}/my-hand").get_data(as_text=True)
    # the table fixes two names while Cid types: his own, and Ann's, whose meld he lays off onto
    game.client.get(f"{game.url}/players")
    assert change(game, "rename", player="Cid", new_name="Cyd").status_code == 302
    assert change(game, "rename", player="Ann", new_name="Anne").status_code == 302
    sent = cid.post(f"{game.url}/my-hand", data=hidden_values(opened) | {
        "layoffs-0-cards": "10H", "layoffs-0-onto": "0:0", "in_hand": "2S"})
    assert sent.status_code == 302, sent.get_data(as_text=True)
    assert stored_parts(app)["Cyd"]["layoffs"] == [{"cards": ["10H"], "onto": {"player": "Anne", "meld": 0}}]
    # the phone still knows who it belongs to, and hears about its part under the new name
    assert "<h1>Cyd's cards" in cid.get(f"{game.url}/my-hand").get_data(as_text=True)


def test_a_tampered_seat_list_is_no_server_error(app, game):
    cid = phone(app, game, 2)
    opened = cid.get(f"{game.url}/my-hand").get_data(as_text=True)
    for seated in ("[" * 5000, "not json", '{"a": 1}', '["Ann", 2]', "[99]", ""):
        posted = cid.post(f"{game.url}/my-hand", data=hidden_values(opened) | {
            "seated": seated, "layoffs-0-cards": "10H", "layoffs-0-onto": "0:0", "in_hand": "2S"})
        assert posted.status_code < 500, seated


def test_after_the_hand_is_saved_a_stale_page_hears_that_not_that_a_player_left(app, game):
    ann, cid = phone(app, game, 0), phone(app, game, 2)
    assert send(ann, game, 0, melds__0="7h 8h 9h", went_out="y").status_code == 302
    assert send(phone(app, game, 1), game, 1, melds__0="5d 6d 7d").status_code == 302
    opened = cid.get(f"{game.url}/my-hand").get_data(as_text=True)
    assert game.play({"went_out": "Ann", "points": {"Ann": 30, "Ben": 5, "Cid": -10}}).status_code == 302
    assert change(game, "leave", player="Ben").status_code == 302
    late = cid.post(f"{game.url}/my-hand", data=hidden_values(opened) | {
        "layoffs-0-cards": "8D", "layoffs-0-onto": "1:0", "in_hand": "2S"})
    assert late.status_code == 409
    assert "left this hand" not in late.get_data(as_text=True)
    assert "Hand 1 was already saved" in html.unescape(late.get_data(as_text=True))


def test_a_tampered_parts_seen_on_the_hand_form_is_no_server_error(game):
    form = game.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H"]}, "Ben": {"in_hand": "QS"},
                                                          "Cid": {"in_hand": "2S"}}})
    assert game.client.post(f"{game.url}/hands/new", data=form | {"parts_seen": "[" * 5000}).status_code == 302
