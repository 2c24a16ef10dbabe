"""Indian Rummy's pool on the scoreboard: who is out, who may rejoin and at what total, a confirmed Rejoin."""

from __future__ import annotations

import html
import re

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import DraftPart, GameSession
from tests.web.test_table_life import dealer_line

FOUR = ["Ann", "Ben", "Cy", "Dev"]


def pool(table, **options):
    """A pool 101 game of four (docs/rules/indian.md example 4), with Cy out after two hands of points."""
    # the new-game form's Rejoining box is ticked unless the table unticks it
    table.start("indian", FOUR, **{"format": "pool", "rejoin": True} | options)
    assert table.play({"points": {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 20}}).status_code == 302
    assert table.play({"points": {"Ann": 40, "Ben": 0, "Cy": 80, "Dev": 30}}).status_code == 302
    return table


def text(page: str) -> str:
    """A page's words, without tags."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def pool_note(page: str, name: str) -> str:
    """What the standings say of the player's place in the pool."""
    card = re.search(rf'data-total-for="{name}".*?</li>', page, re.S)
    assert card, f"no standings line for {name}"
    found = re.search(r'<small class="pool-note">(.*?)</small>', card.group(0))
    return html.unescape(found.group(1)) if found else ""


def confirm_rejoin(table, name: str):
    """Open the question for `name`'s rejoin and answer yes, as the page's form posts it."""
    question = table.client.get(f"{table.url}/rejoin?player={name}")
    version = re.search(r'name="session_version" type="hidden" value="(\d+)"', question.get_data(as_text=True))
    return table.client.post(f"{table.url}/rejoin", data={"player": name, "session_version": version.group(1)})


def view_link(app) -> str:
    with app.app_context():
        return db.session.execute(select(GameSession.view_token)).scalar_one()


def test_the_scoreboard_shows_who_is_out_and_at_what_total_they_may_rejoin(table):
    page = pool(table).page()
    assert table.totals() == {"Ann": 40, "Ben": 17, "Cy": 160, "Dev": 50}
    assert pool_note(page, "Cy") == "out · may rejoin on 51"
    assert pool_note(page, "Ann") == ""
    assert f'href="{table.url}/rejoin?player=Cy"' in page


def test_a_confirmed_rejoin_is_carried_by_the_next_hand_and_sets_the_total(table):
    pool(table)
    question = table.client.get(f"{table.url}/rejoin?player=Cy")
    assert question.status_code == 200
    assert "Dealt back in from hand 3, Cy's total becomes 51" in text(question.get_data(as_text=True))
    assert confirm_rejoin(table, "Cy").status_code == 302
    page = table.page()
    assert "Cy rejoins from hand 3, on 51." in text(page)
    assert pool_note(page, "Cy") == "rejoins hand 3 on 51"
    # the hand form says who is dealt back in
    form = table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True)
    assert "Cy rejoins this hand" in text(form)
    assert table.play({"points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}}).status_code == 302
    assert table.totals() == {"Ann": 40, "Ben": 97, "Cy": 71, "Dev": 105}
    page = table.page()
    assert pool_note(page, "Dev") == "out" and pool_note(page, "Cy") == ""
    # the hand stored is the truth: it names the rejoin, and the mark is gone
    with table.app.app_context():
        gs = db.session.execute(select(GameSession)).scalar_one()
        assert gs.hands[-1].data["rejoined"] == ["Cy"]
        assert all(change.rejoins_at is None for change in gs.seat_changes)


def status_line(page: str) -> str:
    """The scoreboard's status line, in words."""
    found = re.search(r'<p class="status-line"[^>]*>(.*?)</p>', page, re.S)
    assert found, "no status line"
    return text(found.group(1))


def form_total(form: str, name: str) -> str:
    """The total the hand form shows beside a player's name."""
    found = re.search(rf'<span class="pc-name">{name}</span>[^\n]*?<span class="pc-total">total (-?\d+)</span>', form)
    assert found, f"no total for {name} on the hand form"
    return found.group(1)


def test_a_confirmed_rejoin_is_in_the_status_line_and_the_next_hands_totals(table):
    pool(table)
    assert status_line(table.page()) == "In progress Cy is out at 101 or more; Ann, Ben and Dev play on"
    confirm_rejoin(table, "Cy")
    # Cy comes back on Dev's 50 + 1 = 51, and is in play again
    assert status_line(table.page()) == "In progress Cy rejoins on 51; Ann, Ben, Cy and Dev play on"
    form = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert form_total(form, "Cy") == "51" and form_total(form, "Dev") == "50"
    # taken back: the game stands as the stored hands say again
    table.client.post(f"{table.url}/rejoin/cancel", data={"player": "Cy"})
    assert status_line(table.page()) == "In progress Cy is out at 101 or more; Ann, Ben and Dev play on"


def test_a_rejoin_can_be_taken_back_before_the_hand_is_saved(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    response = table.client.post(f"{table.url}/rejoin/cancel", data={"player": "Cy"})
    assert response.status_code == 302
    page = table.page()
    assert "Cy does not rejoin after all" in text(page)
    assert pool_note(page, "Cy") == "out · may rejoin on 51"
    form = text(table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True))
    assert "rejoins this hand" not in form
    # Cy is out, so Cy is not dealt in: the form asks for the three others only
    assert "Cy is out: not dealt in." in form and "Cy's points" not in form
    table.names = ["Ann", "Ben", "Dev"]
    assert table.play({"points": {"Ann": 0, "Ben": 5, "Dev": 5}}).status_code == 302
    assert table.totals() == {"Ann": 40, "Ben": 22, "Cy": 160, "Dev": 55}


def test_undoing_the_last_hand_takes_back_a_rejoin_confirmed_after_it(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    response = table.client.post(f"{table.url}/undo", data={"hand_id": table.hand_ids()[-1]})
    assert response.status_code == 302
    assert pool_note(table.page(), "Cy") == ""  # hand 2 put Cy out
    removed = re.search(r'name="hand_id" value="(\d+)"', table.page()).group(1)
    assert table.client.post(f"{table.url}/hands/put-back", data={"hand_id": removed}).status_code == 302
    # hand 2 is back: Cy is out and may rejoin, but the rejoin judged before the undo is not revived
    assert pool_note(table.page(), "Cy") == "out · may rejoin on 51"


def test_fixing_the_hand_that_carried_a_rejoin_keeps_it(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    table.play({"points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}})
    hand_id = table.hand_ids()[-1]
    response = table.edit(hand_id, {"points": {"Ann": 0, "Ben": 70, "Cy": 20, "Dev": 55}}, 1)
    assert response.status_code == 302
    assert table.totals() == {"Ann": 40, "Ben": 87, "Cy": 71, "Dev": 105}


def test_the_rejoin_page_of_a_player_already_rejoining_says_so_with_a_cancel_not_the_question(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    question = table.client.get(f"{table.url}/rejoin?player=Cy")
    assert question.status_code == 200
    page = question.get_data(as_text=True)
    assert "Cy rejoins from hand 3 on 51" in text(page)
    assert "Yes, Cy rejoins" not in page and "Dealt back in from hand 3" not in text(page)
    assert f'action="{table.url}/rejoin/cancel"' in page
    # its Cancel is the scoreboard's: Cy stays out
    assert 'type="submit">Cancel Cy\'s rejoin</button>' in page
    table.client.post(f"{table.url}/rejoin/cancel", data={"player": "Cy"})
    assert pool_note(table.page(), "Cy") == "out · may rejoin on 51"


def test_confirming_a_rejoin_twice_refuses_and_shows_the_rejoin_already_made(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    response = table.client.post(f"{table.url}/rejoin", data={"player": "Cy", "session_version": str(table.counts()[2])})
    assert response.status_code == 422
    page = text(response.get_data(as_text=True))
    assert "Nobody rejoined: Cy already rejoins from hand 3." in page
    assert "Cy rejoins from hand 3 on 51" in page and "Yes, Cy rejoins" not in page


def test_a_rejoin_the_rules_refuse_says_why_and_changes_nothing(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    table.play({"points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}})  # Dev out on 105, Ben on 97
    page = table.page()
    assert pool_note(page, "Dev") == "out" and "rejoin?player=Dev" not in page
    version = table.counts()[2]
    response = table.client.post(f"{table.url}/rejoin", data={"player": "Dev", "session_version": str(version)})
    assert response.status_code == 422
    assert "Nobody rejoined: Dev cannot rejoin: Ben's 97 is not below 80." in text(response.get_data(as_text=True))
    question = table.client.get(f"{table.url}/rejoin?player=Dev")
    assert question.status_code == 422
    assert "Dev cannot rejoin: Ben's 97 is not below 80." in text(question.get_data(as_text=True))
    assert table.counts()[2] == version


def test_a_table_playing_without_rejoining_is_offered_none(table):
    pool(table, rejoin=False)
    page = table.page()
    assert pool_note(page, "Cy") == "out" and "rejoin?player" not in page
    response = table.client.post(f"{table.url}/rejoin", data={"player": "Cy", "session_version": str(table.counts()[2])})
    assert response.status_code == 422
    assert "Cy cannot rejoin: this table plays without rejoining." in text(response.get_data(as_text=True))


def test_a_player_still_in_cannot_rejoin(table):
    pool(table)
    response = table.client.post(f"{table.url}/rejoin", data={"player": "Ben", "session_version": str(table.counts()[2])})
    assert response.status_code == 422
    assert "Ben is not out" in text(response.get_data(as_text=True))


def test_a_rejoin_confirmed_on_a_page_the_game_moved_past_is_asked_again(table):
    pool(table)
    response = table.client.post(f"{table.url}/rejoin", data={"player": "Cy", "session_version": "1"})
    assert response.status_code == 409
    assert "confirm again" in text(response.get_data(as_text=True))


def test_a_guest_with_the_view_link_sees_who_may_rejoin_but_cannot_rejoin_anyone(table, client, app):
    pool(table)
    view = view_link(app)
    page = client.get(f"/s/{view}").get_data(as_text=True)
    assert pool_note(page, "Cy") == "out · may rejoin on 51"
    assert "/rejoin" not in page
    assert client.get(f"/s/{view}/rejoin?player=Cy").status_code == 403
    assert client.post(f"/s/{view}/rejoin", data={"player": "Cy", "session_version": "3"}).status_code == 403
    assert client.post(f"/s/{view}/rejoin/cancel", data={"player": "Cy"}).status_code == 403
    assert pool_note(table.page(), "Cy") == "out · may rejoin on 51"


def test_the_live_scoreboard_shows_a_confirmed_rejoin_to_the_other_phones(table, client, app):
    pool(table)
    view = view_link(app)
    before = client.get(f"/s/{view}/live").get_json()["html"]
    assert "may rejoin on 51" in before
    confirm_rejoin(table, "Cy")
    after = client.get(f"/s/{view}/live").get_json()["html"]
    assert "rejoins hand 3 on 51" in html.unescape(after)


# a player out is not dealt in (docs/rules/indian.md: "is not dealt in again") -------------------------

# Ben's show of example 4, hand 2 (wild rank 4): four groups, 13 cards
BEN_SHOW = ["AS 2S 3S", "5H 6H 4C 8H", "9D 9C 9H", "JD QD KD"]


def stored_hands(table) -> list[dict]:
    with table.app.app_context():
        return [dict(hand.data) for hand in db.session.execute(select(GameSession)).scalar_one().hands]


def test_the_card_form_asks_nothing_of_a_player_out_and_saves_the_hand_without_them(table):
    pool(table)
    form = text(table.client.get(f"{table.url}/hands/new").get_data(as_text=True))
    assert "Cy is out: not dealt in." in form
    assert [name for name in FOUR if f"How {name} played" in form] == ["Ann", "Ben", "Dev"]
    table.names = ["Ann", "Ben", "Dev"]
    hand = {"wild_rank": "4", "went_out": "Ben", "players": {
        "Ann": {"state": "first_drop"}, "Ben": {"melds": BEN_SHOW}, "Dev": {"state": "middle_drop"}}}
    response = table.play(hand)
    assert response.status_code == 302, text(response.get_data(as_text=True))
    assert table.totals() == {"Ann": 60, "Ben": 17, "Cy": 160, "Dev": 90}
    # the stored hand says who was dealt in
    assert stored_hands(table)[-1]["seated"] == ["Ann", "Ben", "Dev"]
    assert "Cy is out at 101 or more" in text(table.page())


def test_a_player_with_a_confirmed_rejoin_is_on_the_form(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    form = text(table.client.get(f"{table.url}/hands/new?mode=points").get_data(as_text=True))
    assert "Cy's points" in form and "not dealt in" not in form


def test_the_edit_form_of_a_hand_played_without_a_player_out_leaves_them_out(table):
    pool(table)
    table.names = ["Ann", "Ben", "Dev"]
    assert table.play({"points": {"Ann": 5, "Ben": 10, "Dev": 15}}).status_code == 302
    hand_id = table.hand_ids()[-1]
    form = text(table.client.get(f"{table.url}/hands/{hand_id}/edit").get_data(as_text=True))
    assert "Cy is out: not dealt in." in form and "Cy's points" not in form
    assert table.edit(hand_id, {"points": {"Ann": 5, "Ben": 10, "Dev": 25}}, 1).status_code == 302
    assert table.totals() == {"Ann": 45, "Ben": 27, "Cy": 160, "Dev": 75}
    # an earlier hand, Cy still in, shows Cy's field
    first = text(table.client.get(f"{table.url}/hands/{table.hand_ids()[0]}/edit").get_data(as_text=True))
    assert "Cy's points" in first and "not dealt in" not in first


def test_a_hand_stored_with_a_player_out_at_zero_is_edited_without_them(table, app):
    # hands saved before the form left players out gave them 0 points
    pool(table)
    with app.app_context():
        gs = db.session.execute(select(GameSession)).scalar_one()
        gs.hands[-1].data = {"ended": "went_out", "went_out": "Ben", "points": {"Ann": 40, "Ben": 0, "Cy": 80, "Dev": 30}}
        db.session.commit()
    table.names = ["Ann", "Ben", "Dev"]
    assert table.play({"points": {"Ann": 5, "Ben": 10, "Dev": 15}}).status_code == 302
    hand_id = table.hand_ids()[-1]
    with app.app_context():
        gs = db.session.execute(select(GameSession)).scalar_one()
        gs.hands[-1].data = {"ended": "went_out", "points": {"Ann": 5, "Ben": 10, "Cy": 0, "Dev": 15}}
        db.session.commit()
    form = text(table.client.get(f"{table.url}/hands/{hand_id}/edit").get_data(as_text=True))
    assert "Cy is out: not dealt in." in form and "Cy's points" not in form


def test_a_player_out_is_not_offered_their_own_entry_page(table):
    pool(table)
    choose = table.client.get(f"{table.url}/my-hand").get_data(as_text=True)
    assert "I am Cy" not in choose and "Cy is out: not dealt in." in text(choose)
    # Dev is the third player dealt in (seat 2 of the next hand's form); the link names her table seat, 4
    assert "I am Dev" in choose and f"{table.url}/my-hand?seat=4" in choose
    mine = table.client.get(f"{table.url}/my-hand?seat=4").get_data(as_text=True)
    assert "Dev" in text(mine)
    sent = table.client.post(f"{table.url}/my-hand", data={"seat": "4", "position": "3", "in_hand": "KS QS"})
    assert sent.status_code == 302
    form = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert 'name="players-2-in_hand"' in form and "KS QS" in form


def measure(page: str, name: str) -> str:
    """What the standings say of how far the player is from the end (the pool, in a pool game)."""
    card = re.search(rf'data-total-for="{name}".*?</li>', page, re.S)
    assert card, f"no standings line for {name}"
    found = re.search(r'<small class="progress-text">(.*?)</small>', card.group(0))
    return html.unescape(found.group(1)) if found else ""


def test_the_standings_say_how_far_each_player_in_is_from_being_out_and_only_out_of_a_player_out(table):
    page = pool(table).page()
    # Ann 40, Ben 17, Dev 50 of the pool's 101; Cy out on 160
    assert {name: measure(page, name) for name in FOUR} == {
        "Ann": "61 to spare · out at 101", "Ben": "84 to spare · out at 101", "Cy": "",
        "Dev": "51 to spare · out at 101"}
    assert pool_note(page, "Cy") == "out · may rejoin on 51"


def test_a_new_pool_game_says_each_player_has_the_whole_pool_to_spare(table):
    table.start("indian", FOUR, format="pool", pool="201")
    page = table.page()
    assert {name: measure(page, name) for name in FOUR} == dict.fromkeys(FOUR, "201 to spare · out at 201")


def test_a_won_pool_game_says_only_won_of_its_winner(table):
    # docs/rules/indian.md example 4 played to its end: Ann 40 is the last player left
    pool(table)
    confirm_rejoin(table, "Cy")
    table.play({"points": {"Ann": 0, "Ben": 80, "Cy": 20, "Dev": 55}})
    table.names = ["Ann", "Ben", "Cy"]
    table.play({"points": {"Ann": 0, "Ben": 10, "Cy": 30}})
    page = table.page()
    assert "Ann wins!" in text(page)
    assert measure(page, "Ann") == ""
    assert re.search(r'data-total-for="Ann".*?★ won\s*</span>\s*</span>', page, re.S)


def test_a_points_game_of_indian_still_says_how_far_behind_the_lowest(table):
    table.start("indian", FOUR)
    table.play({"went_out": "Ann", "points": {"Ann": 0, "Ben": 17, "Cy": 80, "Dev": 20}})
    page = table.page()
    assert measure(page, "Ben") == "17 behind" and measure(page, "Ann") == ""


def test_a_deal_nobody_declared_with_a_player_out_asks_nothing_of_the_player_out_or_the_one_left(table):
    # Cy is out; Ben shows wrongly and Dev drops: Ann, left alone, needs no cards, and Cy was not dealt in
    pool(table)
    table.names = ["Ann", "Ben", "Dev"]
    hand = {"ended": "stock_exhausted", "wild_rank": "4", "players": {
        "Ben": {"state": "wrong_show"}, "Dev": {"state": "first_drop"}}}
    response = table.play(hand)
    assert response.status_code == 302, text(response.get_data(as_text=True))
    assert table.totals() == {"Ann": 40, "Ben": 97, "Cy": 160, "Dev": 70}


# who deals -------------------------------------------------------------------


def test_a_player_out_is_passed_over_for_the_deal(table):
    # Ann dealt hand 1 and Ben hand 2: Cy, out, is not dealt in, so the deal passes to Dev
    page = pool(table).page()
    assert dealer_line(page) == "Dev deals hand 3 · Ann deals next"
    assert dealer_line(table.client.get(f"{table.url}/hands/new").get_data(as_text=True)) == "Dev deals hand 3 · Ann deals next"
    # nor may the table name Cy to deal
    assert '<option value="Cy"' not in page
    refused = table.client.post(f"{table.url}/dealer", data={"dealer": "Cy"}, follow_redirects=True)
    assert "The dealer was not changed" in text(refused.get_data(as_text=True))
    table.names = ["Ann", "Ben", "Dev"]
    assert table.play({"points": {"Ann": 5, "Ben": 0, "Dev": 5}}).status_code == 302
    # the hand Cy sat out counts Dev's deal, not Cy's: Ann deals on
    assert dealer_line(table.page()) == "Ann deals hand 4 · Ben deals next"
    hand_id = table.hand_ids()[-1]
    assert "Dev dealt hand 3" in text(table.client.get(f"{table.url}/hands/{hand_id}/edit").get_data(as_text=True))


def test_a_player_dealt_back_in_may_deal_the_hand_they_rejoin(table):
    pool(table)
    confirm_rejoin(table, "Cy")
    assert dealer_line(table.page()) == "Cy deals hand 3 · Dev deals next"
    assert '<option value="Cy"' in table.page()


def test_a_part_sent_after_a_rejoin_moved_the_seats_is_still_the_senders_own(table, app):
    # Dev opens her own page while Cy is out: she is the third player dealt in
    pool(table)
    dev = app.test_client()
    opened = dev.get(f"{table.url}/my-hand?seat=4").get_data(as_text=True)
    assert "<h1>Dev's cards" in opened
    # meanwhile the table confirms Cy's rejoin: Cy now sits third in hand 3's form, Dev fourth
    assert confirm_rejoin(table, "Cy").status_code == 302
    values = re.findall(r'name="(seat|seated|position)" type="hidden" value="([^"]*)"', opened)
    sent = dev.post(f"{table.url}/my-hand", data={**{k: html.unescape(v) for k, v in values}, "in_hand": "KS QS"})
    assert sent.status_code == 302
    assert sent.headers["Location"].endswith("/my-hand?seat=4&sent=3")
    with app.app_context():
        parts = {part.player_name: part.data for part in db.session.execute(select(DraftPart)).scalars()}
    assert parts == {"Dev": {"melds": [], "layoffs": [], "in_hand": ["KS", "QS"]}}
    # her phone, reloaded, is still hers; the hand form puts her cards in her row, not Cy's
    assert "<h1>Dev's cards" in dev.get(sent.headers["Location"]).get_data(as_text=True)
    assert "<h1>Dev's cards" in dev.get(f"{table.url}/my-hand").get_data(as_text=True)
    form = table.client.get(f"{table.url}/hands/new").get_data(as_text=True)
    assert re.search(r'name="players-3-in_hand"[^>]*value="KS QS"', form)
    assert not re.search(r'name="players-2-in_hand"[^>]*value="KS', form)


def test_a_player_out_is_not_given_another_players_page_by_an_old_link(table, app):
    pool(table)
    phone = app.test_client()
    page = text(phone.get(f"{table.url}/my-hand?seat=3").get_data(as_text=True))
    assert "Who are you?" in page and "Cy is not dealt into hand 3." in page
    refused = phone.post(f"{table.url}/my-hand", data={"seat": "3", "position": "3", "in_hand": "KS"})
    assert refused.status_code == 409
    assert "Cy is not dealt into hand 3: nothing was sent." in text(refused.get_data(as_text=True))


def test_a_rejoin_confirmed_while_another_phone_saves_the_next_hand_is_refused_not_lost(table, app, monkeypatch):
    import threading

    from scorekeeper.models import SeatChange
    from scorekeeper.tables import rejoins

    pool(table)
    commit_change, saved = rejoins.commit_change, []

    def saved_first(*args, **kwargs):
        # the other phone saves hand 3, without Cy, between this phone's checks and its commit
        if not saved:
            table.names = ["Ann", "Ben", "Dev"]
            other = threading.Thread(target=lambda: saved.append(
                table.play({"points": {"Ann": 0, "Ben": 17, "Dev": 20}}).status_code))
            other.start()
            other.join()
        return commit_change(*args, **kwargs)

    monkeypatch.setattr(rejoins, "commit_change", saved_first)
    answer = confirm_rejoin(table, "Cy")
    assert saved == [302]
    assert answer.status_code == 422
    assert "Nobody rejoined: the game changed on another phone meanwhile" in text(answer.get_data(as_text=True))
    with app.app_context():
        assert [c.rejoins_at for c in db.session.execute(select(SeatChange)).scalars()] in ([], [None])
    assert "Cy rejoins" not in table.page()
