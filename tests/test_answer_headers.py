"""The headers every answer is given (scorekeeper/security.py), in the order they are sent, with what a view set itself."""

from __future__ import annotations

from scorekeeper.security import CONTENT_SECURITY_POLICY

SECURITY = [("Content-Security-Policy", CONTENT_SECURITY_POLICY), ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer")]


def _headers(app, path, **set_by_view):
    given = [(key.replace("_", "-"), value) for key, value in set_by_view.items()]
    app.add_url_rule(path, "probe", lambda: app.response_class("x", headers=given))
    sent = app.test_client().get(path).headers.to_wsgi_list()
    # what Flask and Flask-Compress add are theirs: only the order of the rest is this app's
    return [(key, value) for key, value in sent if key not in ("Content-Type", "Content-Length", "Vary")]


def test_a_page_of_no_game_gets_the_security_headers_in_order(app):
    assert _headers(app, "/probe") == SECURITY


def test_a_game_page_gets_them_then_no_store_and_noindex(app):
    assert _headers(app, "/s/probe") == [*SECURITY, ("Cache-Control", "no-store"), ("X-Robots-Tag", "noindex")]


def test_what_a_view_set_is_kept_or_replaced_where_it_stands(app):
    sent = _headers(app, "/s/probe", X_Frame_Options="SAMEORIGIN", Cache_Control="max-age=60",
                    Referrer_Policy="origin", X_Robots_Tag="all")
    # the view's frame rule stands; its referrer rule, cache rule and robots rule are replaced in place
    assert sent == [("X-Frame-Options", "SAMEORIGIN"), ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
                    ("X-Robots-Tag", "noindex"), ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
                    ("X-Content-Type-Options", "nosniff")]


def test_a_view_links_kept_page_keeps_its_private_no_cache(app):
    sent = _headers(app, "/s/probe", ETag='"v7"', Cache_Control="private, no-cache")
    assert sent == [("ETag", '"v7"'), ("Cache-Control", "private, no-cache"), *SECURITY, ("X-Robots-Tag", "noindex")]
