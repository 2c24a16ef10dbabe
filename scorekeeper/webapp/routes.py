"""The favicon and the web app manifest (the name, colours and icons of the app added to a home screen)."""

from __future__ import annotations

from flask import current_app, redirect, url_for
from werkzeug.wrappers import Response

from scorekeeper.webapp import bp

# the home-screen name: without a manifest a phone names the shortcut after the page's <title>
APP_NAME = "Scorekeeper"
# the page header's colour (--surface in static/style.css) in each scheme, so the browser's bar runs into it
THEME_COLOURS = {"light": "#ffffff", "dark": "#1d1f24"}
# the page's colour (--bg), shown while the installed app starts
BACKGROUND = "#f6f5f1"
ICONS = {"icons/icon-192.png": "192x192", "icons/icon-512.png": "512x512"}


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, as application/manifest+json."""
    icons = [
        {"src": url_for("static", filename=path), "sizes": sizes, "type": "image/png", "purpose": purpose}
        for purpose in ("any", "maskable")  # icon.svg keeps its drawing inside the maskable safe zone
        for path, sizes in ICONS.items()
    ]
    icons.append({"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    body = {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": "Keep the scores of rummy games played with real cards.",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOURS["light"],
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = current_app.json.response(body)
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Where the icon is, for a browser or tool that asks /favicon.ico without reading a page's links.

    A redirect, not the file: the file is static like every other icon, cached and
    named as the static folder names it; 302, so no client keeps the way to it forever.
    """
    return redirect(url_for("static", filename="icons/favicon.ico"))
