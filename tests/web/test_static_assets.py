"""What a phone downloads: compressed pages, styles and scripts; static files under hashed names, kept for good;
every module a page's scripts import announced up front (modulepreload)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from urllib.parse import urljoin

import brotli
import pytest
from flask import render_template_string, request

from scorekeeper import assets

STATIC = Path(__file__).resolve().parents[2] / "static"
HAND = {"went_out": "Ann", "points": {"Ann": "40", "Ben": "-10"}}
IMMUTABLE = "public, max-age=31536000, immutable"
HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.[a-z]+$")
# what a browser reads as a module's static imports (`import x from "..."`, `import "..."`, `export ... from "..."`);
# written here independently of scorekeeper/assets.py, so that a mistake there cannot hide in both
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"'();]*?["']([^"']+)["']""", re.M)
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress}


@pytest.fixture
def game(table):
    table.start("rummy500", ["Ann", "Ben"])
    for _ in range(20):
        assert table.play(HAND).status_code == 302
    return table


def scripts_and_preloads(page: str) -> tuple[list[str], set[str]]:
    """The page's module scripts (in order) and the modules it preloads."""
    scripts = re.findall(r'<script type="module" src="([^"]+)" fetchpriority="low"></script>', page)
    preloads = set(re.findall(r'<link rel="modulepreload" href="([^"]+)" fetchpriority="low">', page))
    return scripts, preloads


def static_urls(page: str) -> list[str]:
    """Every static file a page links (styles, scripts, preloads)."""
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def styles_and_scripts(page: str) -> list[str]:
    """The styles and scripts a page links (its images, already compressed, are sent as they are)."""
    urls = [url for url in static_urls(page) if url.endswith((".css", ".js"))]
    assert urls
    return urls


def imported(client, url: str) -> set[str]:
    """Every module the module at `url` imports statically, directly or not, as the browser resolves them."""
    found: set[str] = set()
    queue = [url]
    while queue:
        module = queue.pop()
        with client.get(module) as response:  # closed: a plain name is served from its file
            assert response.status_code == 200
            body = response.get_data(as_text=True)
        for spec in STATIC_IMPORT.findall(body):
            target = urljoin(module, spec)
            if target not in found:
                found.add(target)
                queue.append(target)
    return found


def pages(game, client) -> dict[str, str]:
    """Pages with module scripts: the scoreboard, the hand forms (rummy and gin), the checker, the Share panel."""
    urls = {
        "scoreboard": game.url,
        "hand form": f"{game.url}/hands/new",
        "checker": "/check",
        "share": f"{game.url}/share",
    }
    found = {name: client.get(url).get_data(as_text=True) for name, url in urls.items()}
    found["repeat scoreboard"] = client.get(urls["scoreboard"]).get_data(as_text=True)
    game.start("gin", ["Fay", "Gus"])
    found["gin hands"] = client.get(f"{game.url}/hands/gin").get_data(as_text=True)
    return found


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_the_scoreboard_is_compressed_for_a_browser_that_accepts_it(game, client, encoding):
    game.page()  # the first view after a save differs (it tells the phone which drafts to forget)
    plain = client.get(game.url)
    packed = client.get(game.url, headers={"Accept-Encoding": encoding})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == encoding
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert DECODE[encoding](packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 4


@pytest.mark.parametrize("encoding", ["gzip", "br"])
def test_styles_and_scripts_are_compressed_too(game, client, encoding):
    for url in styles_and_scripts(game.page()):
        plain = client.get(url)
        packed = client.get(url, headers={"Accept-Encoding": encoding})
        if len(plain.data) < 500:
            continue  # too small to gain anything (COMPRESS_MIN_SIZE)
        assert packed.headers["Content-Encoding"] == encoding, url
        assert DECODE[encoding](packed.data) == plain.data


def test_a_compressed_static_file_revalidates_with_the_etag_it_was_sent(game, client, app):
    for url in styles_and_scripts(game.page()):
        first = client.get(url, headers={"Accept-Encoding": "br"})
        if len(client.get(url).data) < app.config.get("COMPRESS_MIN_SIZE", 500):
            # too small to be worth compressing (no-script.css): Flask-Compress sends it as it is
            assert "Content-Encoding" not in first.headers
            continue
        assert first.headers["Content-Encoding"] == "br"
        again = client.get(url, headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, url
        assert again.data == b""


def test_a_view_answers_304_to_the_etag_of_its_compressed_page_without_building_it(databases):
    app = databases.app("etag", WTF_CSRF_ENABLED=False)
    built = []

    @app.get("/versioned")
    def versioned():
        if request.if_none_match.contains("v7"):
            return "", 304
        built.append(1)
        response = app.response_class("the page " * 200)
        response.set_etag("v7")
        return response

    client = app.test_client()
    first = client.get("/versioned", headers={"Accept-Encoding": "gzip"})
    assert first.headers["ETag"] == '"v7:gzip"'  # not the uncompressed page's tag: the bytes differ
    again = client.get("/versioned", headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert built == [1]
    changed = client.get("/versioned", headers={"Accept-Encoding": "gzip", "If-None-Match": '"v6:gzip"'})
    assert changed.status_code == 200 and built == [1, 1]


@pytest.mark.parametrize("suffix", ["json", "csv"])
def test_downloads_arrive_whole_and_named_when_compressed(game, client, suffix):
    url = f"{game.url}/export.{suffix}"
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.status_code == packed.status_code == 200
    assert packed.headers["Content-Disposition"] == plain.headers["Content-Disposition"]
    assert packed.headers["Content-Encoding"] == "gzip"
    assert without_export_time(gzip.decompress(packed.data), suffix) == without_export_time(plain.data, suffix)


def without_export_time(data: bytes, suffix: str) -> object:
    """A download's content, less the moment of export a JSON export names (two requests may be a second apart)."""
    if suffix != "json":
        return data
    body = json.loads(data)
    body["metadata"].pop("exported_at")
    return body


def test_pages_link_static_files_by_hashed_names_kept_for_good(game, client):
    page = game.page()
    urls = static_urls(page)
    assert any(url.startswith("/static/style.") for url in urls)
    assert any(url.startswith("/static/js/live.") for url in urls)
    for url in urls:
        assert HASHED.match(url), url
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == IMMUTABLE
    css = client.get(next(url for url in urls if "/style." in url))
    assert css.data == (STATIC / "style.css").read_bytes()
    assert css.mimetype == "text/css"


def test_a_hashed_module_imports_only_hashed_modules_kept_for_good(game, client):
    [draft] = [url for url in static_urls(client.get(f"{game.url}/hands/new").get_data(as_text=True))
               if "/device-draft." in url]
    modules = imported(client, draft)
    assert len(modules) == 3  # drafts-store, form-state, form-rows
    for url in modules:
        assert HASHED.match(url), url
        assert client.get(url).headers["Cache-Control"] == IMMUTABLE
    assert client.get(draft).mimetype == "text/javascript"


def test_old_unhashed_addresses_are_still_served(client):
    for name in ["style.css", "js/live.js", "js/device-draft.js"]:
        with client.get(f"/static/{name}", headers={"Accept-Encoding": "gzip"}) as response:
            assert response.status_code == 200, name
            assert response.data == (STATIC / name).read_bytes()
            assert "immutable" not in response.headers.get("Cache-Control", "")
        with client.get(f"/static/{name}", headers={"If-None-Match": response.headers["ETag"]}) as again:
            assert again.status_code == 304
    # an unhashed module imports unhashed modules: an old page never mixes versions
    assert imported(client, "/static/js/device-draft.js") == {
        "/static/js/drafts-store.js", "/static/js/form-state.js", "/static/js/form-rows.js"}


def test_unknown_static_files_are_404(client):
    for url in ["/static/js/nothing.0123456789ab.js", "/static/nothing.css", "/static/js/live.0123456789ab.js"]:
        assert client.get(url).status_code == 404, url


def test_a_changed_module_renames_every_module_that_imports_it(tmp_path):
    (tmp_path / "leaf.js").write_text('export const x = 1;\n')
    (tmp_path / "mid.js").write_text('import { x } from "./leaf.js";\nexport const y = x;\n')
    (tmp_path / "top.js").write_text('import { y } from "./mid.js";\nconsole.log(y);\n')
    before = assets.build(tmp_path)
    (tmp_path / "leaf.js").write_text('export const x = 2;\n')
    after = assets.build(tmp_path)
    for name in ["leaf.js", "mid.js", "top.js"]:
        assert before.hashed_name(name) != after.hashed_name(name), name
    assert f'from "./{after.hashed_name("mid.js")}"' in after.by_name["top.js"].body.decode()


def test_modules_in_an_import_cycle_keep_their_plain_names_so_that_each_runs_once(tmp_path):
    (tmp_path / "a.js").write_text('import "./b.js";\n')
    (tmp_path / "b.js").write_text('import "./a.js";\n')
    (tmp_path / "top.js").write_text('import "./a.js";\nimport "./leaf.js";\n')
    (tmp_path / "leaf.js").write_text('export const x = 1;\n')
    built = assets.build(tmp_path)
    assert built.hashed_name("a.js") == "a.js" and built.hashed_name("b.js") == "b.js"
    assert built.by_name["b.js"].body == b'import "./a.js";\n'
    assert built.by_name["top.js"].body.decode() == f'import "./a.js";\nimport "./{built.hashed_name("leaf.js")}";\n'
    assert set(built.by_hashed) == {built.hashed_name("top.js"), built.hashed_name("leaf.js")}
    assert built.module_graph("a.js") == ["b.js"]
    assert built.module_graph("top.js") == ["a.js", "leaf.js", "b.js"]


def test_every_module_a_page_imports_is_preloaded(game, client):
    found = pages(game, client)
    for name, page in found.items():
        scripts, preloads = scripts_and_preloads(page)
        assert scripts, f"the {name} page loads no module"
        for script in scripts:
            missing = imported(client, script) - preloads - set(scripts)
            assert not missing, f"the {name} page does not preload {missing}"
        # each module once: a script that is also imported is not preloaded again
        assert len(preloads) == len(re.findall(r'rel="modulepreload"', page))
    # a repeat view of the scoreboard: live.js and what it imports (the first view after a save also forgets drafts)
    scripts, preloads = scripts_and_preloads(found["repeat scoreboard"])
    assert [url.split("/")[-1].split(".")[0] for url in sorted(preloads)] == ["poll"]


def test_no_script_is_fetched_ahead_of_what_the_first_paint_waits_for(game, client):
    for name, page in pages(game, client).items():
        tags = re.findall(r'<script\b[^>]*>|<link rel="modulepreload"[^>]*>', page)
        assert tags, name
        assert all('fetchpriority="low"' in tag for tag in tags), f"the {name} page: {tags}"


def test_every_template_loads_its_modules_through_module_script():
    # a bare <script type="module"> would load without its preloads
    templates = Path(__file__).resolve().parents[2] / "templates"
    bare = [str(path) for path in templates.rglob("*.html") if re.search(r"<script[^>]*type=\"module\"", path.read_text())]
    assert not bare


def test_each_page_rendered_in_one_request_preloads_its_own_modules(app):
    with app.test_request_context("/"):
        pages = [render_template_string("{{ module_script('js/live.js') }}") for _ in range(2)]
        twice = render_template_string("{{ module_script('js/live.js') }}{{ module_script('js/draft-status.js') }}")
    for page in pages:
        assert re.search(r'<link rel="modulepreload" href="/static/js/poll\.[0-9a-f]{12}\.js" fetchpriority="low">', page)
    assert twice.count("/static/js/poll.") == 1  # both import poll.js: one preload
    assert twice.count("<script") == 2


def test_a_module_script_for_a_missing_file_is_a_mistake(app):
    with app.test_request_context("/"), pytest.raises(LookupError):
        render_template_string("{{ module_script('js/no-such-module.js') }}")


def test_in_debug_mode_pages_link_plain_names_served_as_the_files_are_now(databases):
    app = databases.app("debug", DEBUG=True)
    client = app.test_client()
    page = client.get("/check").get_data(as_text=True)
    assert 'href="/static/style.css"' in page
    assert '<script type="module" src="/static/js/checker-page.js" fetchpriority="low">' in page
    assert '<link rel="modulepreload" href="/static/js/meld-api.js" fetchpriority="low">' in page


def test_images_are_served_under_hashed_names_byte_for_byte(client):
    # an image is no module: its bytes are hashed and served as they are, never read as text
    page = client.get("/").get_data(as_text=True)
    icons = [url for url in static_urls(page) if url.endswith(".png")]
    assert icons
    for url in icons:
        plain = re.sub(r"\.[0-9a-f]{12}\.png$", ".png", url)
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "image/png"
        assert response.data == (STATIC / plain.removeprefix("/static/")).read_bytes()
