"""The favicon, icons and web app manifest: what a phone needs to put Scorekeeper on its home screen."""

from __future__ import annotations

import json
import re


def _head(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return page.partition("</head>")[0]


def test_manifest_names_the_app_and_is_served_as_a_manifest(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes


def test_every_icon_the_manifest_names_is_served_at_its_size(client):
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            body = response.get_data()
            width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")  # PNG IHDR
            assert f"{width}x{height}" == icon["sizes"], icon["src"]
        response.close()


def test_favicon_is_served_not_a_404(client):
    moved = client.get("/favicon.ico")
    assert moved.status_code == 302
    response = client.get(moved.headers["Location"])
    assert response.status_code == 200
    assert response.mimetype == "image/vnd.microsoft.icon"
    assert response.get_data()[:4] == b"\x00\x00\x01\x00"  # an ICO file's header
    response.close()


def test_pages_link_the_icons_manifest_and_theme_colours(client):
    head = _head(client)
    links = dict(re.findall(r'<link rel="(apple-touch-icon|manifest)" href="([^"]+)"', head))
    assert links["manifest"] == "/manifest.webmanifest"
    touch = client.get(links["apple-touch-icon"])
    assert touch.status_code == 200 and touch.mimetype == "image/png"
    assert int.from_bytes(touch.get_data()[16:20], "big") == 180
    touch.close()
    icons = re.findall(r'<link rel="icon" href="([^"]+)"', head)
    assert sorted(href.rsplit(".", 1)[1] for href in icons) == ["ico", "svg"]
    for href in icons:
        response = client.get(href)
        assert response.status_code == 200 and response.mimetype.startswith("image/"), href
        response.close()
    themes = re.findall(r'<meta name="theme-color" content="(#[0-9a-f]{6})" media="\(prefers-color-scheme: (\w+)\)"', head)
    assert {scheme for _, scheme in themes} == {"light", "dark"}
    assert '<meta name="apple-mobile-web-app-title" content="Scorekeeper">' in head
    assert '<meta name="application-name" content="Scorekeeper">' in head


def test_content_security_policy_allows_the_manifest_and_icons_from_this_origin(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    rules = dict(rule.strip().split(" ", 1) for rule in policy.split(";"))
    assert rules["manifest-src"] == "'self'"
    assert "'self'" in rules["img-src"].split()
