"""Error pages: people get a page in the site's layout, the JSON API gets {"error": ...}."""

from __future__ import annotations

import pytest

from scorekeeper.tables import standings_cache as scores


def test_wrong_method_gives_a_405_page(table):
    table.start("rummy500", ["Ann", "Ben"])
    response = table.client.get(f"{table.url}/undo")
    assert response.status_code == 405
    assert "cannot be used this way" in response.get_data(as_text=True)


def test_too_large_a_post_gives_a_413_page_and_writes_nothing(table, app):
    table.start("rummy500", ["Ann", "Ben"])
    before = table.counts()
    app.config["MAX_CONTENT_LENGTH"] = 1000
    response = table.client.post(f"{table.url}/hands/new", data={"mode": "points", "points-0": "1" * 5000})
    assert response.status_code == 413
    assert "too large" in response.get_data(as_text=True)
    assert table.counts() == before


def test_a_server_error_shows_a_friendly_page(table, app, monkeypatch):
    table.start("rummy500", ["Ann", "Ben"])
    app.config["PROPAGATE_EXCEPTIONS"] = False

    def broken(gs):
        raise RuntimeError("boom")

    # the scoreboard's scoring (through the score cache) fails
    monkeypatch.setattr(scores, "standing", broken)
    response = table.client.get(table.url)
    page = response.get_data(as_text=True)
    assert response.status_code == 500
    assert "Something went wrong on our side" in page and "boom" not in page


@pytest.mark.parametrize("path", ["/api/v1/nothing-here", "/api/v1/"])
def test_unknown_api_paths_answer_json(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response.is_json and response.get_json()["error"]
