"""What every response carries and what every request must be: headers, trusted hosts, readable input.

- Headers: a Content-Security-Policy of this origin only (no inline script, no
  framing, forms post here only), nosniff, no Referer, and for the pages and
  JSON answers of a game (whose address is its credential) no caching and no
  indexing (a view link's scoreboard is kept by the browser only, and
  revalidated: scorekeeper/revalidate.py).
- Host names: only loopback, the LAN addresses served on, PUBLIC_URL's host
  and ALLOWED_HOSTS are answered (Flask's TRUSTED_HOSTS; others get 400), so
  a DNS-rebinding page can neither reach the app nor put its name into a QR code.
- Cookies: every cookie the app sets (the session, the host cookie, a
  player's name on a device) is Secure when the request came by HTTPS, here
  or, with TRUSTED_PROXIES, at the TLS proxy (``cookies_secure``); a phone on
  the LAN over plain http keeps its cookies.
- Input: a NUL character anywhere in the address or a form (names and values,
  plain or multipart) is refused with
  400 (no name, token or card has one, and PostgreSQL cannot store it), and
  JSON nested too deeply to read is a 400, not a crash.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, has_request_context, request
from flask.json.provider import DefaultJSONProvider
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import SecurityError

from scorekeeper.revalidate import REVALIDATE

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    # QR codes and the chart are inline SVG; data: images are the browser's own form controls
    "img-src 'self' data:",
    # the web app manifest and its icons (scorekeeper/webapp), said outright rather than left to default-src
    "manifest-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
])
LOOPBACK_HOSTS = ["localhost", ".localhost", "127.0.0.1"]


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, where a body nested too deeply to read is a ValueError (so a 400), not a RecursionError."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Parse JSON; nesting past the interpreter's recursion limit is unreadable input."""
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply to read") from None


def cookies_secure(app: Flask | None = None) -> bool:
    """True when the cookies this request sets are Secure: it came by HTTPS, or SESSION_COOKIE_SECURE says always.

    Behind a TLS proxy a request is HTTPS by the proxy's X-Forwarded-Proto, which the
    app believes only with TRUSTED_PROXIES (ProxyFix, in create_app).
    """
    config = (app or current_app).config
    return bool(config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, whose cookie is Secure by the rule every cookie follows (cookies_secure)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Whether the session cookie set now is Secure (Flask's own reads SESSION_COOKIE_SECURE alone)."""
        return cookies_secure(app)


def trusted_hosts(config: dict[str, Any]) -> list[str]:
    """The host names the app answers: loopback, the LAN addresses served on, PUBLIC_URL's and ALLOWED_HOSTS."""
    hosts = list(LOOPBACK_HOSTS)
    for url in [config.get("PUBLIC_URL") or "", *config.get("LAN_URLS", [])]:
        name = urlsplit(url).hostname
        if name:
            hosts.append(name)
    extra = config.get("ALLOWED_HOSTS") or []
    if isinstance(extra, str):
        extra = [name.strip() for name in extra.split(",")]
    hosts += [name for name in extra if name]
    return list(dict.fromkeys(hosts))


def trust_hosts(app: Flask) -> None:
    """(Re)compute the app's trusted host names from its configuration (call after changing LAN_URLS)."""
    app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config)


def init_app(app: Flask) -> None:
    """Install the headers, the host check and the input checks on `app`."""
    app.json_provider_class = JSONProvider
    app.json = JSONProvider(app)
    app.session_interface = SessionInterface()
    trust_hosts(app)
    app.before_request(_refuse_nul)
    app.after_request(_headers)


def host_refused() -> bool:
    """True when this request's Host is not one the app answers to (no page can be built for it)."""
    return isinstance(request.routing_exception, SecurityError)


def _refuse_nul() -> None:
    if host_refused():
        return  # answered 400 for its Host before anything reads it
    if "\x00" in request.path or "%00" in request.query_string.decode("latin-1"):
        abort(400, "The address contains a NUL character, which no page, game or name has.")
    if request.method == "POST" and request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        for name, values in request.form.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                abort(400, "The form contains a NUL character, which no name, card or number has.")


# set on every answer unless its view set them already (the first three) or always (the last)
_DEFAULTS = (("Content-Security-Policy", CONTENT_SECURITY_POLICY), ("X-Content-Type-Options", "nosniff"),
             ("X-Frame-Options", "DENY"))
_ALWAYS = (("Referrer-Policy", "no-referrer"),)


def _headers(response: Any) -> Any:
    """Give `response` the headers every answer carries (see the module)."""
    path = request.path
    headers = response.headers
    # one pass over the answer's headers, and what it lacks added in one step (every answer goes through here)
    present = {key.lower(): value for key, value in headers}
    lacking = [pair for pair in _DEFAULTS if pair[0].lower() not in present]
    for key, value in _ALWAYS:
        if present.get(key.lower()) != value:
            _put(headers, present, lacking, key, value)
    # pages listing the host's games carry every game's link, just as a game's own pages carry its own
    private = (path.startswith(("/s/", "/host", "/sessions", "/players")) or path == "/"
               or response.mimetype == "application/json")
    if private:
        # a game's address is its credential: no cache keeps the page, no search engine lists it; but a
        # page with an ETag the view marked private, no-cache (a view link's scoreboard) is kept by the browser
        # alone, which asks again before every use (scorekeeper/revalidate.py)
        if present.get("cache-control") != REVALIDATE or "etag" not in present:
            _put(headers, present, lacking, "Cache-Control", "no-store")
        _put(headers, present, lacking, "X-Robots-Tag", "noindex")
    headers.extend(lacking)
    return response


def _put(headers: Any, present: dict[str, str], lacking: list[tuple[str, str]], key: str, value: str) -> None:
    """Set a header as Headers.set does: where it stands when the answer has it, else added with the others at the end."""
    if key.lower() in present:
        headers[key] = value
    else:
        lacking.append((key, value))
