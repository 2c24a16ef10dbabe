"""Static files under names carrying a hash of their content, which browsers keep for good.

At startup every file in static/ is read once and given a second name with a
hash of its content in it (``js/live.js`` is also ``js/live.3f9a0c1d2e4b.js``).
``url_for('static', filename='js/live.js')`` gives the hashed name, which is
served with ``Cache-Control: public, max-age=31536000, immutable``: a repeat
view asks for nothing but its page. A changed file gets a new name, so no
browser keeps an old copy. The plain names are still served (as Flask serves
static files, revalidated), for pages and bookmarks from before.

An ES module's imports name other modules by their plain names; in the hashed
copy they name the hashed copies instead, so that the hash of a module covers
everything it imports and a page never mixes old and new modules.

A page lists its modules with ``module_script('js/live.js')``, which also emits
a ``<link rel="modulepreload">`` for every module the script imports, directly
or not (found by reading the files), so that the browser fetches the whole graph
in one round trip instead of discovering it import by import. Both are fetched at
low priority (``fetchpriority="low"``): a module runs after the page is parsed
anyway (``defer`` changes nothing for one), but at the browser's default, high,
its download competes with the stylesheet the first paint waits for.
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, before_render_template, current_app, g, request, url_for
from markupsafe import Markup, escape

IMMUTABLE = "public, max-age=31536000, immutable"
# 12 hex digits (48 bits): no two versions of one file collide in practice
HASH_LENGTH = 12
# a module specifier that is a relative path: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`;
# bare names and full URLs are not files of ours
_IMPORT = re.compile(r"""(?P<head>\bfrom\s*|\bimport\s*(?P<dynamic>\(\s*)?)(?P<quote>["'])(?P<spec>\.\.?/[^"'\s]+?)(?P=quote)""")


@dataclass(frozen=True)
class Asset:
    """One static file: its plain name, its hashed name, what is served under the hashed name."""

    name: str
    hashed: str
    body: bytes
    mimetype: str
    # the modules it imports statically (plain names): loaded before it runs, so worth preloading
    imports: tuple[str, ...] = ()


class Manifest:
    """The static folder's files by plain and by hashed name, read once."""

    def __init__(self, assets: dict[str, Asset]) -> None:
        self.by_name = assets
        # (a module in an import cycle has no hashed name: see build)
        self.by_hashed = {asset.hashed: asset for asset in assets.values() if asset.hashed != asset.name}

    def hashed_name(self, name: str) -> str:
        """The hashed name of a static file, or `name` itself for a file not in the folder."""
        asset = self.by_name.get(name)
        return asset.hashed if asset else name

    def module_graph(self, name: str) -> list[str]:
        """Every module `name` imports statically, directly or through others, each once, nearest first.

        >>> m = Manifest({n: Asset(n, n, b"", "text/javascript", i) for n, i in
        ...     [("a.js", ("b.js", "c.js")), ("b.js", ("c.js",)), ("c.js", ())]})
        >>> m.module_graph("a.js")
        ['b.js', 'c.js']
        """
        found: dict[str, None] = {}
        queue = list(self.by_name[name].imports) if name in self.by_name else []
        while queue:
            module = queue.pop(0)
            if module in found or module == name:
                continue
            found[module] = None
            if module in self.by_name:
                queue.extend(self.by_name[module].imports)
        return list(found)


def build(folder: Path) -> Manifest:
    """Read every file under `folder` and name it by its content (a module also by what it imports).

    A module in an import cycle keeps its plain name only, as do the imports of it:
    a module loaded under two names would run twice.
    """
    sources = {path.relative_to(folder).as_posix(): path.read_bytes()
               for path in sorted(folder.rglob("*")) if path.is_file()}
    graph = {name: [target for target, _ in _imports(name, body)] for name, body in sources.items()
             if name.endswith(".js")}
    cyclic = {name for name in graph if name in _reachable(graph, name)}
    assets: dict[str, Asset] = {}

    def named(name: str) -> Asset | None:
        if name not in assets and name in sources:
            body = sources[name]
            found = _imports(name, body) if name in graph else []
            static = tuple(dict.fromkeys(target for target, dynamic in found if not dynamic))
            if name in cyclic:
                hashed = name
            else:
                if name in graph:
                    # the modules it imports are named first, so that its hash covers their names (their content)
                    body = _link_imports(name, body, {target: named(target) for target, _ in found})
                digest = hashlib.sha256(body).hexdigest()[:HASH_LENGTH]
                stem, dot, ext = name.rpartition(".")
                hashed = f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"
            mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if mimetype == "application/javascript":
                mimetype = "text/javascript"  # RFC 9239's name, as Flask serves the plain file
            assets[name] = Asset(name, hashed, body, mimetype, static)
        return assets.get(name)

    for name in sources:
        named(name)
    return Manifest(assets)


def _imports(name: str, body: bytes) -> list[tuple[str, bool]]:
    """The files a module imports by relative path (as paths in static/), each with whether it is import()."""
    folder = posixpath.dirname(name)
    return [(posixpath.normpath(posixpath.join(folder, match["spec"])), bool(match["dynamic"]))
            for match in _IMPORT.finditer(body.decode("utf-8"))]


def _reachable(graph: dict[str, list[str]], start: str) -> set[str]:
    """The modules `start` imports, directly or not."""
    seen: set[str] = set()
    queue = list(graph.get(start, []))
    while queue:
        module = queue.pop()
        if module not in seen:
            seen.add(module)
            queue.extend(graph.get(module, []))
    return seen


def _link_imports(name: str, body: bytes, assets: dict[str, Asset | None]) -> bytes:
    """The module with each relative import naming the imported file's hashed name (`assets`, by path)."""
    folder = posixpath.dirname(name)

    def swap(match: re.Match[str]) -> str:
        asset = assets.get(posixpath.normpath(posixpath.join(folder, match["spec"])))
        if asset is None:
            return match[0]  # no file of ours: left as written
        hashed = posixpath.relpath(asset.hashed, folder or ".")
        hashed = hashed if hashed.startswith(".") else f"./{hashed}"
        return f"{match['head']}{match['quote']}{hashed}{match['quote']}"

    return _IMPORT.sub(swap, body.decode("utf-8")).encode("utf-8")


def manifest() -> Manifest:
    """This app's manifest (built by init_app)."""
    return current_app.extensions["scorekeeper_assets"]


def module_script(name: str) -> Markup:
    """A page's `<script type="module">` for static/`name`, after a modulepreload for each module it imports.

    Each module is preloaded once per page, however many scripts import it. A name
    that is no file of static/ is a mistake in a template: LookupError.
    """
    if name not in manifest().by_name:
        raise LookupError(f"static/{name} does not exist")
    done: set[str] = g.setdefault("modules_linked", set())
    lines = []
    for module in [*manifest().module_graph(name), name]:
        if module in done:
            continue
        done.add(module)
        href = escape(url_for("static", filename=module))
        if module == name:
            lines.append(f'<script type="module" src="{href}" fetchpriority="low"></script>')
        else:
            lines.append(f'<link rel="modulepreload" href="{href}" fetchpriority="low">')
    return Markup("\n".join(lines))


def _new_page(app: Flask, **extra) -> None:
    # each page (each render_template) preloads what it needs, even if the request rendered another before
    g.pop("modules_linked", None)


def _hashed_url(endpoint: str, values: dict) -> None:
    if endpoint == "static" and "filename" in values:
        values["filename"] = manifest().hashed_name(values["filename"])


def _serve(filename: str):
    """A hashed name from memory, cached for good; any other name as Flask serves static files."""
    asset = manifest().by_hashed.get(filename)
    if asset is None:
        return current_app.send_static_file(filename)
    response = current_app.response_class(asset.body, mimetype=asset.mimetype)
    response.headers["Cache-Control"] = IMMUTABLE
    response.set_etag(asset.hashed)
    return response.make_conditional(request)


def init_app(app: Flask) -> None:
    """Read the static folder, make url_for('static') give hashed names, serve them, add module_script.

    In debug mode pages link the plain names, so that a file edited while the
    server runs is served as it is now (the hashed copies are read at startup).
    """
    app.extensions["scorekeeper_assets"] = build(Path(app.static_folder))
    if not app.debug:
        app.url_defaults(_hashed_url)
    app.view_functions["static"] = _serve
    app.jinja_env.globals["module_script"] = module_script
    before_render_template.connect(_new_page, app)
