"""The home page lists a bounded number of recent games, scored through the cache, without loading every hand."""

from __future__ import annotations

import re

from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.sessions.routes import HOME_FINISHED, HOME_IN_PROGRESS
from tests.test_history_games import SAMPLES, store_sample


def store(app, count: int, finished: int = 0) -> None:
    """Store `count` 500 Rum games in progress (four hands each) and `finished` finished ones."""
    with app.app_context():
        for _ in range(count):
            store_sample(SAMPLES["rummy500"], hands=2)
        for _ in range(finished):
            store_sample(SAMPLES["rummy500"])
        db.session.commit()


def statements(app, client, url: str) -> tuple[int, str]:
    """How many SQL statements a GET of `url` runs, and the page."""
    seen = []

    def count(*args):
        seen.append(args)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        response = client.get(url)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert response.status_code == 200
    return len(seen), response.get_data(as_text=True)


def test_home_lists_the_newest_games_in_progress_and_links_to_the_rest(app, client):
    store(app, HOME_IN_PROGRESS + 5, finished=HOME_FINISHED + 2)
    page = client.get("/").get_data(as_text=True)
    in_progress, finished = page.split("Recently finished")
    assert in_progress.count('class="session-row"') == HOME_IN_PROGRESS
    assert "Every game in progress" in in_progress
    assert 'href="/sessions?status=in_progress"' in in_progress
    assert finished.count('class="session-row"') == HOME_FINISHED
    assert "Ben won" in finished
    assert "2 hands" in in_progress


def test_home_without_more_games_than_it_shows_has_no_link_to_more(app, client):
    store(app, 2)
    page = client.get("/").get_data(as_text=True)
    assert page.count('class="session-row"') == 2
    assert "Every game in progress" not in page


def test_home_page_queries_do_not_grow_with_the_number_of_games(app, client):
    store(app, 5)
    few, _ = statements(app, client, "/")
    store(app, 40)
    cold, _ = statements(app, client, "/")
    warm, page = statements(app, client, "/")
    # scoring the uncached games costs a few queries a batch; a query per game (its hands loaded
    # lazily) would be 40 more here
    assert cold <= few + 10
    assert warm <= few
    assert len(re.findall(r'class="session-row"', page)) == HOME_IN_PROGRESS


def test_games_in_progress_older_than_many_finished_ones_are_still_listed(app, client):
    store(app, 3)
    store(app, 0, finished=35)
    page = client.get("/").get_data(as_text=True)
    in_progress, finished = page.split("Recently finished")
    assert in_progress.count('class="session-row"') == 3
    assert "No game in progress" not in page
    assert finished.count('class="session-row"') == HOME_FINISHED
