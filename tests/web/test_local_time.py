"""Times on the pages: written in UTC and labelled so, as <time datetime="...Z"> for the script to make local."""

from __future__ import annotations

import re
from datetime import datetime

from scorekeeper.extensions import db
from tests.test_history_games import SAMPLES, store_sample

PLAYED = datetime(2026, 7, 4, 18, 30)  # stored as naive UTC, as the models store every time
TIME = re.compile(r'<time datetime="([^"]+)" data-local-time="(\w+)">([^<]*)</time>')


def played_on_the_fourth(app) -> dict[str, str]:
    """A finished Persian game started and last changed at PLAYED; its links."""
    with app.app_context():
        gs = store_sample(SAMPLES["persian"])
        db.session.commit()
        gs.created_at = gs.updated_at = PLAYED
        db.session.commit()
        return {"edit": gs.edit_token, "view": gs.view_token}


def times(client, url: str) -> list[tuple[str, str, str]]:
    response = client.get(url)
    assert response.status_code == 200, url
    return TIME.findall(response.get_data(as_text=True))


def test_review_writes_the_start_in_utc_labelled_with_a_machine_readable_utc_time(app, client):
    links = played_on_the_fourth(app)
    assert times(client, f"/s/{links['view']}/review") == [("2026-07-04T18:30:00Z", "datetime", "04 Jul 2026, 18:30 UTC")]


def test_lists_write_their_times_in_utc_labelled(app, client):
    played_on_the_fourth(app)
    assert times(client, "/sessions") == [("2026-07-04T18:30:00Z", "date", "04 Jul 2026 UTC")]
    assert times(client, "/") == [("2026-07-04T18:30:00Z", "short", "04 Jul 18:30 UTC")]
    assert times(client, "/players/Ann") == [("2026-07-04T18:30:00Z", "date", "04 Jul 2026 UTC")]


def test_every_page_with_times_loads_the_script_that_makes_them_local(app, client):
    links = played_on_the_fourth(app)
    for url in (f"/s/{links['view']}/review", "/sessions", "/"):
        page = client.get(url).get_data(as_text=True)
        assert re.search(r'<script type="module" src="[^"]*local-time[^"]*" fetchpriority="low"></script>', page), url
