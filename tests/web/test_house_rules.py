"""House rules (issue 38): a game's options saved under a name by the host, offered by the new-game page and
Rematch, checked by the game like any options; a guest may start from one but not save or delete one."""

from __future__ import annotations

import html
import re

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, HouseRules
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES, store_sample

LAN = {"REMOTE_ADDR": "192.168.1.50"}


def page(response) -> str:
    return re.sub(r"\s+", " ", html.unescape(response.get_data(as_text=True)))


def save_rules(client, name: str, **options: str):
    form = {"players-0": "Ann", "players-1": "", "first_dealer": "1", "house_rules_name": name,
            "submit": "save_rules", **{f"opt_{k}": v for k, v in options.items()}}
    return client.post("/new/rummy500", data=form)


def offered(text: str) -> list[str]:
    """The ids of the sets the page's House rules list offers."""
    found = re.search(r'<select id="house_rules" name="house_rules">(.*?)</select>', text)
    return re.findall(r'<option value="(\d+)"', found.group(1)) if found else []


def saved(app) -> list[tuple[str, str, dict]]:
    with app.app_context():
        return [(r.game, r.name, r.options) for r in db.session.query(HouseRules).order_by(HouseRules.id)]


def test_the_host_saves_options_by_name_and_what_was_typed_stays(app, client):
    response = save_rules(client, "Grandma's 500", target="300", must_go_out_to_win="y")
    text = page(response)
    assert response.status_code == 200
    assert "Saved as the house rules “Grandma's 500”" in text
    # the player typed is still there, and the set is offered, chosen
    assert 'name="players-0" type="text" value="Ann"' in text or 'value="Ann"' in text
    assert re.search(r'<option value="\d+" selected>Grandma\'s 500</option>', text)
    [(game, name, options)] = saved(app)
    assert (game, name) == ("rummy500", "Grandma's 500")
    assert options["target"] == 300 and options["must_go_out_to_win"] is True


def test_a_bad_value_is_refused_with_the_games_reason_and_nothing_is_saved(app, client):
    response = save_rules(client, "Too short", target="0")
    assert response.status_code == 422
    text = page(response)
    assert "The house rules were not saved" in text and "target" in text.lower()
    assert 'value="Too short"' in text  # the name typed is kept
    assert saved(app) == []
    blank = save_rules(client, "  ", target="300")
    assert blank.status_code == 422 and "The name is blank" in page(blank)
    assert saved(app) == []


def test_saving_again_under_the_same_name_replaces_the_set(app, client):
    save_rules(client, "Grandma's 500", target="300")
    save_rules(client, "grandma's 500", target="400")
    [(_, name, options)] = saved(app)
    assert name == "grandma's 500" and options["target"] == 400


def test_choosing_a_set_fills_the_options_and_keeps_the_players(app, client):
    save_rules(client, "Grandma's 500", target="300")
    [rules_id] = offered(page(client.get("/new/rummy500")))
    response = client.post("/new/rummy500", data={
        "players-0": "Ann", "players-1": "Ben", "first_dealer": "1", "opt_target": "", "house_rules": rules_id,
        "submit": "use_rules"})
    text = page(response)
    assert response.status_code == 200
    assert "Options set from the house rules “Grandma's 500”" in text
    assert re.search(r'id="opt_target"[^>]*value="300"', text)
    assert 'value="Ann"' in text and 'value="Ben"' in text
    # and the game starts with them (changed before starting: still the table's choice)
    started = client.post("/new/rummy500", data={
        "players-0": "Ann", "players-1": "Ben", "first_dealer": "1", "opt_target": "350", "house_rules": rules_id,
        "submit": "start"})
    assert started.status_code == 302
    with app.app_context():
        assert db.session.query(GameSession).one().options["target"] == 350


def test_a_guest_starts_a_game_from_a_set_but_cannot_save_or_delete_one(app, client):
    save_rules(client, "Grandma's 500", target="300")
    guest = app.test_client()
    guest.environ_base.update(LAN)
    [rules_id] = offered(page(guest.get("/new/rummy500")))
    filled = page(guest.get(f"/new/rummy500?house_rules={rules_id}"))
    assert re.search(r'id="opt_target"[^>]*value="300"', filled)
    assert 'name="house_rules_name"' not in filled  # no way to save on a guest's page
    refused = save_rules(guest, "Mine", target="200")
    assert refused.status_code == 403 and "Only the host (or a co-host) can save house rules." in page(refused)
    assert guest.get("/house-rules").status_code == 403
    assert guest.post(f"/house-rules/{rules_id}/delete").status_code == 403
    assert [name for _, name, _ in saved(app)] == ["Grandma's 500"]


def test_the_house_rules_page_lists_and_deletes(app, client):
    save_rules(client, "Grandma's 500", target="300")
    text = page(client.get("/house-rules"))
    assert "Grandma's 500" in text and "Play to: 300" in text
    [rules_id] = re.findall(r'/house-rules/(\d+)/delete', text)
    assert client.post(f"/house-rules/{rules_id}/delete").status_code == 302
    assert saved(app) == []


def test_rematch_offers_the_games_sets_with_the_same_players(app, client):
    save_rules(client, "Grandma's 500", target="300")
    with app.app_context():
        gs = store_sample(SAMPLES["rummy500"])
        token = gs.edit_token
        assert Table(gs).body["status"] == "finished"
    for url in (f"/s/{token}", f"/s/{token}/review"):
        text = page(client.get(url))
        link = re.search(r'href="(/new/rummy500\?[^"]*)">Rematch with “Grandma\'s 500”', text)
        assert link, url
        assert "player=Ann&player=Ben&player=Cy" in link.group(1).replace("&amp;", "&")
    filled = page(client.get(link.group(1).replace("&amp;", "&")))
    assert re.search(r'id="opt_target"[^>]*value="300"', filled) and 'value="Cy"' in filled


def selected(text: str, field: str) -> str:
    """The value of the option a select shows chosen (the first when none is marked)."""
    found = re.search(rf'<select id="{field}" name="{field}">(.*?)</select>', text).group(1)
    chosen = re.search(r'<option selected value="([^"]*)"|<option value="([^"]*)" selected', found)
    return next(v for v in chosen.groups() if v is not None) if chosen else re.search(r'value="([^"]*)"', found).group(1)


def test_an_option_left_at_its_default_follows_each_tables_players(app, client):
    # 500 Rum's decks: 1 for up to four players, else 2. A set that leaves it at the default keeps it out,
    # so a game of five started from the set plays with two decks, a game of three with one
    save_rules(client, "Aces low", ace_points="1")
    [(_, _, options)] = saved(app)
    assert "decks" not in options and options["ace_points"] == 1
    [rules_id] = offered(page(client.get("/new/rummy500")))
    filled = page(client.get(f"/new/rummy500?house_rules={rules_id}"))
    assert selected(filled, "opt_decks") == "" and selected(filled, "opt_ace_points") == "1"
    # a target typed before choosing the set goes back to the game's default: the form holds the set
    chosen = page(client.post("/new/rummy500", data={
        "players-0": "Ann", "opt_target": "999", "house_rules": rules_id, "submit": "use_rules"}))
    assert re.search(r'id="opt_target"[^>]*value=""', chosen)
    five = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    for names in (five, five[:3]):
        form = {f"players-{i}": name for i, name in enumerate(names)}
        client.post("/new/rummy500", data={**form, "first_dealer": "1", "opt_decks": "", "opt_ace_points": "1",
                                           "house_rules": rules_id, "submit": "start"})
    with app.app_context():
        decks = [(len(gs.seats), gs.options["decks"]) for gs in db.session.query(GameSession).order_by(GameSession.id)]
    assert decks == [(5, 2), (3, 1)]
