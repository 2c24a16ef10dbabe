"""The session review: every hand's cards and scores, the chart, the figures; print sheet, rematch, archive, delete."""

from __future__ import annotations

import html
import re

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, Hand
from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES, store_sample

POINT = re.compile(r'class="chart-point" data-player="([^"]*)" data-hand="(\d+)" data-total="(-?\d+)"')
RUNNING = re.compile(r'data-running-for="([^"]*)" data-hand="(\d+)">(-?\d+)<')
FIGURES = re.compile(
    r'data-figures-for="([^"]*)" data-best="(-?\d*)"\s+data-average="([-\d.]*)" data-gone-out="(\d+)" data-total="(-?\d+)"'
)


def stored(app, game: str, hands: int | None = None) -> dict:
    """Store a sample; its links, id and standings."""
    with app.app_context():
        gs = store_sample(SAMPLES[game], hands=hands)
        return {"edit": gs.edit_token, "view": gs.view_token, "standings": Table(gs).body, "id": gs.id}


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return html.unescape(response.get_data(as_text=True))


def chart_points(text: str) -> dict[str, list[int]]:
    points: dict[str, list[int]] = {}
    for player, hand, total in POINT.findall(text):
        points.setdefault(player, []).append(int(total))
        assert len(points[player]) == int(hand)
    return points


def test_review_figures_for_a_known_session(app, client):
    s = stored(app, "rummy500")
    text = page(client, f"/s/{s['view']}/review")
    figures = {side: (best, avg, out, total) for side, best, avg, out, total in FIGURES.findall(text)}
    # hand scores: Ann 54 12 -11 20, Ben -4 61 40 60, Cy -15 -20 33 5; Ann went out once, Ben three times
    assert figures == {
        "Ann": ("54", "18.8", "1", "75"),
        "Ben": ("61", "39.2", "3", "157"),
        "Cy": ("33", "0.8", "0", "3"),
    }
    assert "Ben won." in text


def test_chart_data_points_equal_the_running_totals(app, client):
    s = stored(app, "rummy500")
    text = page(client, f"/s/{s['edit']}/review")
    expected = {name: [h["totals"][name] for h in s["standings"]["hands"]] for name in ("Ann", "Ben", "Cy")}
    assert expected == {"Ann": [54, 66, 55, 75], "Ben": [-4, 57, 97, 157], "Cy": [-15, -35, -2, 3]}
    assert chart_points(text) == expected
    # the table that is the chart's text alternative shows the same figures
    table: dict[str, list[int]] = {}
    for name, _hand, total in RUNNING.findall(text):
        table.setdefault(name, []).append(int(total))
    assert table == expected


def test_chart_is_inline_svg_labelled_for_screen_readers_and_styled_by_css(app, client):
    s = stored(app, "rummy500")
    text = page(client, f"/s/{s['edit']}/review")
    svg = text[text.index("<svg viewBox"):text.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg and "<desc" in svg
    assert "Ann: 54, 66, 55, 75" in svg
    # colours come from the stylesheet (so dark mode applies), not from the markup
    assert "#" not in re.sub(r'id="[^"]*"|aria-labelledby="[^"]*"', "", svg)
    # no script draws or styles the chart: the page's one script writes its times in local time
    [script] = re.findall(r"<script[^>]*>", text)
    assert "local-time" in script and "<script" not in svg


def test_chart_of_a_persian_game_follows_the_partnerships(app, client):
    s = stored(app, "persian")
    points = chart_points(page(client, f"/s/{s['edit']}/review"))
    assert points == {"Ann & Cy": [142, 157, 293], "Ben & Dee": [-24, -9, 3]}


def test_review_shows_each_players_melds_layoffs_and_cards_left_as_cards(app, client):
    s = stored(app, "rummy500")
    text = page(client, f"/s/{s['edit']}/review")
    hand1 = text[text.index('id="review-hand-1"'):text.index('id="review-hand-2"')]
    assert "Ann went out." in re.sub(r"<[^>]+>", "", hand1)
    for label in ("7♥", "8♥", "9♥", "K♠", "10♥", "Q♠", "4♦", "A♠"):
        assert f'<span aria-hidden="true">{label}</span>' in hand1
    assert "on Ann's meld 1" in hand1
    assert "queen of spades" in hand1
    hand2 = text[text.index('id="review-hand-2"'):text.index('id="review-hand-3"')]
    assert "entered as points" in hand2
    hand3 = text[text.index('id="review-hand-3"'):]
    # a joker shows what it stands for, on the page and in words
    assert re.search(r'<span class="card-chip wild"><span aria-hidden="true"><span class="joker">JK</span>'
                     r'<span class="as"> as </span><span class="black">Q♠</span></span>'
                     r'<span class="visually-hidden">joker as queen of spades</span>', hand3)
    scores = dict(re.findall(r'data-score-for="(\w+)" data-hand="3" data-score="(-?\d+)"', text))
    assert scores == {"Ann": "-11", "Ben": "40", "Cy": "33"}


def test_michigan_review_counts_hands_won_and_names_each_hands_winner(app, client):
    s = stored(app, "michigan")
    text = page(client, f"/s/{s['edit']}/review")
    assert "Hand won by Ann." in text and "Hand won by Ben." in text
    assert chart_points(text) == {"Ann": [1, 1], "Ben": [0, 1], "Cy": [0, 0]}


def test_penalty_review_counts_the_lowest_hand_as_the_best(app, client):
    s = stored(app, "penalty")
    figures = {f[0]: f[1] for f in FIGURES.findall(page(client, f"/s/{s['edit']}/review"))}
    # Ann 0, 30, 20: best 0; Cy 9, 10, 1: best 1
    assert figures["Ann"] == "0" and figures["Cy"] == "1"


def test_review_of_a_session_without_hands_has_no_chart(app, client):
    with app.app_context():
        token = service.create_session("gin", {}, ["Ann", "Ben"]).edit_token
    text = page(client, f"/s/{token}/review")
    assert "No hands were played." in text and "<svg viewBox" not in text


def test_print_sheet_lists_every_hand_and_the_result(app, client):
    s = stored(app, "gin")
    text = page(client, f"/s/{s['view']}/print")
    assert "score sheet" in text
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).count("Ben") >= 3
    assert "Ben won." in text
    assert "<td>9 <small>9</small></td>" in text and "<td>110</td>" in text


def test_rematch_starts_a_new_session_with_the_same_game_options_and_players(app, client):
    s = stored(app, "oklahoma")
    response = client.post(f"/s/{s['edit']}/rematch")
    assert response.status_code == 302
    token = response.headers["Location"].rstrip("/").split("/")[-1]
    with app.app_context():
        old = db.session.get(GameSession, s["id"])
        new = db.session.execute(select(GameSession).where(GameSession.edit_token == token)).scalar_one()
        assert new.id != old.id
        assert (new.game, new.options, new.player_names) == (old.game, old.options, old.player_names)
        assert new.options["target"] == 300
        assert new.hands == [] and len(old.hands) == 4


def test_only_the_edit_link_can_rematch_archive_or_delete(app, client):
    s = stored(app, "gin")
    assert client.post(f"/s/{s['view']}/rematch").status_code == 403
    assert client.post(f"/s/{s['view']}/archive", data={"action": "archive"}).status_code == 403
    assert client.post(f"/s/{s['view']}/delete", data={"action": "delete"}).status_code == 403
    assert client.get(f"/s/{s['view']}/review").status_code == 200
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 1


def test_archive_asks_first_then_hides_the_session_from_the_list(app, client):
    s = stored(app, "basic")
    confirm = page(client, f"/s/{s['edit']}/archive")
    assert "Archive this Basic Rummy game?" in confirm
    with app.app_context():
        assert db.session.get(GameSession, s["id"]).archived is False

    assert client.post(f"/s/{s['edit']}/archive", data={"action": "archive"}).status_code == 302
    assert f"/s/{s['edit']}/review" not in page(client, "/sessions")
    assert f"/s/{s['edit']}/review" in page(client, "/sessions?status=archived")

    assert client.post(f"/s/{s['edit']}/archive", data={"action": "restore"}).status_code == 302
    assert f"/s/{s['edit']}/review" in page(client, "/sessions")


def test_delete_asks_first_then_removes_the_session_and_its_hands(app, client):
    s = stored(app, "basic")
    confirm = page(client, f"/s/{s['edit']}/delete")
    assert "Delete this Basic Rummy game?" in confirm
    # a post without the confirmation's action deletes nothing
    client.post(f"/s/{s['edit']}/delete", data={})
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 4

    response = client.post(f"/s/{s['edit']}/delete", data={"action": "delete"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/sessions")
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 0
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0
    assert client.get(f"/s/{s['edit']}/review").status_code == 404


def test_confirmations_need_the_forms_csrf_token(app, client):
    s = stored(app, "basic")
    app.config["WTF_CSRF_ENABLED"] = True
    assert client.post(f"/s/{s['edit']}/delete", data={"action": "delete"}).status_code == 400
    assert client.post(f"/s/{s['edit']}/rematch").status_code == 400
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(GameSession)) == 1


def test_scoreboard_links_to_review_print_exports_and_a_one_tap_rematch(app, client):
    s = stored(app, "gin")
    board = client.get(f"/s/{s['edit']}").get_data(as_text=True)
    for path in ("review", "print", "export.json", "export.csv", "archive", "delete"):
        assert f'href="/s/{s["edit"]}/{path}"' in board
    assert f'action="/s/{s["edit"]}/rematch"' in board
    # a read-only link offers what reads, not what changes
    watcher = client.get(f"/s/{s['view']}").get_data(as_text=True)
    assert f'href="/s/{s["view"]}/review"' in watcher
    assert "/rematch" not in watcher and "/delete" not in watcher


def test_review_says_on_which_hand_the_game_was_won(app, client):
    s = stored(app, "rummy500")
    text = page(client, f"/s/{s['edit']}/review")
    hand4 = text[text.index('id="review-hand-4"'):]
    assert "Ben won the game." in hand4
    assert "won the game" not in text[text.index('id="review-hand-1"'):text.index('id="review-hand-4"')]


def test_review_shows_what_a_wild_card_stood_for_and_each_players_card_points(app, client):
    s = stored(app, "rummy500")
    hand3 = page(client, f"/s/{s['edit']}/review")
    hand3 = hand3[hand3.index('id="review-hand-3"'):hand3.index('id="review-hand-4"')]
    # Cy's QH QD JK: the joker is the third queen
    assert "joker as queen of" in hand3
    # Cy melded 10 + 10 + 15 and kept a 2
    cy = hand3[hand3.index(">Cy"):]
    assert re.search(r"<small>melded</small> 35<br><small>in hand</small> 2<", cy)


def test_review_shows_a_gin_hand_entered_as_whole_hands_as_the_scorer_arranged_it(app, client):
    with app.app_context():
        gs = service.create_session("gin", {}, ["Ann", "Ben"])
        service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "players": {
            "Ann": {"cards": "AS 2S 3S 7H 8H 9H KC KD KS 4D"},
            "Ben": {"cards": "5C 6C 7C QH QD QC 10H 2D 3H 8S"},
        }})
        token = gs.edit_token
    text = page(client, f"/s/{token}/review")
    assert "(arranged by the scorer)" in text
    ben = text[text.index(">Ben <span") if ">Ben <span" in text else text.index(">Ben</th>"):]
    assert "on Ann's meld 2" in ben
    assert re.search(r"<small>in hand</small> 13<", ben)


SCORE_BOX = re.compile(r'<div data-score-for="([^"]*)" data-hand="(\d+)" data-score="(-?\d*)".*?</div>', re.S)
SUM = re.compile(r'<small class="score-sum">= ([^<]*)</small>')
CARD_POINTS = re.compile(r'<th scope="row">(\w+).*?<small>melded</small> (-?\d+)<br><small>in hand</small> (-?\d+)</td>', re.S)


def score_sums(text: str) -> list[tuple[str, str, str, str]]:
    """(side, hand, score, how it adds up) for every hand score shown with a sum."""
    found = []
    for box in SCORE_BOX.finditer(text):
        shown = SUM.search(box.group(0))
        if shown:
            found.append((*box.groups(), shown.group(1)))
    return found


def hand_article(text: str, number: int) -> str:
    return text.split(f'id="review-hand-{number}"')[1].split("</article>")[0]


def test_persian_review_lists_the_25_for_going_out_and_each_hand_adds_up(app, client):
    s = stored(app, "persian")
    text = page(client, f"/s/{s['view']}/review")
    first = hand_article(text, 1)
    cards = {name: int(melded) - int(held) for name, melded, held in CARD_POINTS.findall(first)}
    # Ann: Q-K-A of spades 35 and three jokers 60; Cy: 8-9-10 of diamonds 27 less 2+3; Ben 15 less 9; Dee -10 -20
    assert cards == {"Ann": 95, "Ben": 6, "Cy": 22, "Dee": -30}
    sums = {side: (int(score), shown) for side, _, score, shown in score_sums(first)}
    assert sums == {"Ann & Cy": (142, "117 from cards + 25 for going out")}  # Ben & Dee scored only their cards
    assert cards["Ann"] + cards["Cy"] + 25 == 142
    # the winning hand: Cy goes out (+25) and the partnership wins the game (+50)
    last = hand_article(text, 3)
    [(side, _, score, shown)] = score_sums(last)
    assert side == "Ann & Cy" and shown.endswith("+ 25 for going out + 50 for winning the game")
    parts = [int(term.split()[0]) for term in shown.split(" + ")]
    assert sum(parts) == int(score)


def test_every_review_shows_scores_that_add_up(app, client):
    for game in SAMPLES:
        s = stored(app, game)
        text = page(client, f"/s/{s['view']}/review")
        for side, number, score, shown in score_sums(text):
            parts = [int(term.split()[0]) for term in shown.split(" + ")]
            assert sum(parts) == int(score), (game, side, number, shown)
