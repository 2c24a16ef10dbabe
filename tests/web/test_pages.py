"""The pages around the hands: home, choosing a game, starting a session, the hand form itself."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from scorekeeper import engine


class Controls(HTMLParser):
    """Collects form controls and the ids their labels point at."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str]] = []
        self.labelled: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "label" and a.get("for"):
            self.labelled.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.controls.append(a)


def unlabelled(page: str) -> list[str]:
    parser = Controls()
    parser.feed(page)
    # radio buttons are wrapped in their label; every other control needs <label for=...>
    return [c.get("name", "?") for c in parser.controls if c.get("type") != "radio" and c.get("id") not in parser.labelled]


def test_home_page_offers_a_new_game_and_lists_sessions_in_progress_first(table, client):
    assert "Start a new game" in client.get("/").get_data(as_text=True)
    table.start("gin", ["Fay", "Gus"])
    table.play({"went_out": "Fay", "points": {"Fay": "120", "Gus": "0"}})  # Fay wins at once
    table.start("rummy500", ["Ann", "Ben"])
    page = client.get("/").get_data(as_text=True)
    progress, _, finished = page.partition("Recently finished")
    assert "Ann, Ben" in progress and "Fay, Gus" in finished and "Fay won" in finished
    assert f'href="/s/{table.token}"' in page


def test_new_game_page_describes_every_game(client):
    page = client.get("/new").get_data(as_text=True)
    for spec in engine.VARIANTS:
        game_id = spec.id
        assert f'href="/new/{game_id}"' in page
        assert spec.name in page
        assert spec.summary.replace("'", "&#39;") in page


def test_new_session_form_shows_options_with_their_defaults(client):
    page = client.get("/new/gin").get_data(as_text=True)
    assert 'name="opt_knock_limit"' in page and 'placeholder="10"' in page
    assert 'name="players-1"' in page and 'name="players-2"' not in page  # gin is for two


def test_persian_form_seats_players_into_partnerships(client, table):
    page = client.get("/new/persian").get_data(as_text=True)
    assert "seats 1 and 3 play against seats 2 and 4" in page
    table.start("persian", ["Ann", "Ben", "Cy", "Dee"])
    assert "Ann &amp; Cy against Ben &amp; Dee" in table.page()


def test_options_chosen_are_saved_with_the_session_and_locked(table):
    table.start("rummy500", ["Ann", "Ben"], target=1000, must_go_out_to_win=True)
    page = table.page()
    assert re.search(r"<dt>Play to</dt><dd>1000</dd>", page)
    assert re.search(r"<dt>Must go out to win</dt><dd>on</dd>", page)
    assert "Options are locked" in page


def test_wrong_number_of_players_is_refused(client, table):
    response = client.post("/new/persian", data={"players-0": "Ann", "players-1": "Ben"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "exactly 4 players" in page and 'value="Ann"' in page
    assert table.counts()[0] == 0


def test_the_same_name_twice_is_refused(client, table):
    response = client.post("/new/rummy500", data={"players-0": "Ann", "players-1": "ann"})
    assert response.status_code == 422
    assert "entered twice" in response.get_data(as_text=True)
    assert table.counts()[0] == 0


def test_player_names_are_remembered_for_the_next_session(table, client):
    table.start("rummy500", ["Ann", "Ben"])
    page = client.get("/new/gin").get_data(as_text=True)
    assert '<option value="Ann">' in page and '<option value="Ben">' in page


def test_unknown_game_gives_404(client):
    assert client.get("/new/bridge").status_code == 404


def test_every_control_on_the_pages_has_a_label(table, client):
    table.start("rummy5000", ["Ann", "Ben", "Cy"])
    for url in ("/new/rummy500", "/new/gin", f"{table.url}/hands/new", f"{table.url}/hands/new?mode=points"):
        page = client.get(url).get_data(as_text=True)
        assert unlabelled(page) == [], url


def test_hand_form_works_without_javascript(table):
    table.start("rummy500", ["Ann", "Ben"])
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    # plain text fields for the cards; the picker is hidden until its script runs
    assert 'name="players-0-melds-0"' in page and 'name="players-1-in_hand"' in page
    assert re.search(r'<div class="card-picker" hidden', page)
    assert 'name="idempotency_key"' in page


def test_another_meld_button_adds_a_row_and_keeps_what_was_typed(table):
    table.start("rummy500", ["Ann", "Ben"])
    data = table.hand_form({"went_out": "Ann", "players": {"Ann": {"melds": ["7H 8H 9H", "KS KD KC"]}}})
    data["more"] = "melds-0"
    before = table.counts()
    response = table.client.post(f"{table.url}/hands/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'name="players-0-melds-2"' in page and 'value="KS KD KC"' in page
    assert table.counts() == before
    # the page comes back scrolled to the player whose row was added
    assert f'formaction="/s/{table.token}/hands/new#player-0"' in page


def test_card_picker_knows_how_many_of_each_card_the_decks_hold(table):
    table.start("oklahoma", ["Ann", "Ben"], jokers=2)
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    counts = re.search(r"data-deck-counts='([^']*)'", page).group(1)
    assert '"QS": 2' in counts and '"JK": 2' in counts
    assert 'data-card="JK"' in page


def test_gin_hand_form_speaks_of_knocker_and_deadwood(table):
    table.start("gin", ["Ann", "Ben"])
    page = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert "Knocker" in page and "deadwood" in page and "Draw" in page


def test_rummy5000_needs_the_wild_rank(table):
    table.start("rummy5000", ["Ann", "Ben", "Cy"])
    before = table.counts()
    response = table.play({"went_out": "Ann", "players": {"Ann": {"melds": ["AS AH AD"]}, "Ben": {"in_hand": "2C"}}})
    assert response.status_code == 422
    assert "Choose the wild rank" in response.get_data(as_text=True)
    assert table.counts() == before


def test_scoreboard_shows_progress_to_target_and_the_leader(table):
    table.start("rummy500", ["Ann", "Ben"])
    table.play({"went_out": "Ann", "points": {"Ann": "250", "Ben": "-20"}})
    page = table.page()
    assert "50% of 500" in page
    # first in the standings, ranked 1, marked as leading
    assert re.search(r'data-total-for="Ann"[^>]*data-rank="1">\s*<span class="rank">1<span class="visually-hidden">.</span></span>'
                     r'\s*<span class="total-name">Ann</span>[^<]*<span class="total-points">250</span>\s*'
                     r'<span class="measure"><span class="lead-mark">★ leads</span>', page)


def test_new_session_form_can_be_filled_with_the_players_of_a_game(client):
    form = client.get("/new/gin?player=Fay&player=Gus").get_data(as_text=True)
    assert 'name="players-0" type="text" value="Fay"' in form and 'name="players-1" type="text" value="Gus"' in form


def _points_note(page: str) -> str:
    return re.sub(r"\s+", " ", page.split('class="note points-bonuses"')[1].split("</div>")[0])


def test_points_form_says_which_bonuses_to_count_in_and_which_are_added(table):
    table.start("persian", ["Ann", "Ben", "Cy", "Dee"])
    page = table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True)
    note = _points_note(page)
    assert "Count in the points: +25 to the partnership of the player who goes out." in note
    assert "Added for you when the game is won: +50 to the partnership that wins the game." in note
    # what the note says is what the scorer does: 300 + 210 as entered, +50 added for the game
    table.play({"went_out": "Ann", "points": {"Ann": "300", "Ben": "10", "Cy": "210", "Dee": "10"}})
    assert table.totals() == {"Ann & Cy": 560, "Ben & Dee": 20}


def test_points_form_follows_the_tables_options(table):
    table.start("rummy500", ["Ann", "Ben"])
    note = _points_note(table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True))
    assert "no bonus in a hand" in note and "Added for you" not in note
    table.start("rummy500", ["Ann", "Ben"], rummy_bonus=10)
    note = _points_note(table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True))
    assert "+10 for going rummy" in note


def test_points_fields_open_a_number_pad_that_still_takes_signs_and_sums(table):
    table.start("rummy500", ["Ann", "Ben"])
    page = table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True)
    fields = re.findall(r'<input[^>]*name="points-\d"[^>]*>', page)
    assert len(fields) == 2 and all('inputmode="tel"' in field and 'type="text"' in field for field in fields)
    assert table.play({"went_out": "Ann", "points": {"Ann": "12+11+7", "Ben": "-20"}}).status_code == 302
    assert table.totals() == {"Ann": 30, "Ben": -20}
