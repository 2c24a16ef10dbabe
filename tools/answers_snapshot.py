"""The app's answers to a table's requests for every game's sample, recorded so that a change can be compared.

Builds an app on a temporary SQLite database, stores one game of every registered game
(the samples of tests/test_history_games.py, a few hands each), then asks what phones and
outside tools ask: home, /new, each scoreboard by its edit link and by its view link (as the
host and as guests, again with the cookie, the ETag and gzip), the hand form, the review
page, the exports, /check, /rules, the JSON checks and /api/v1/score (with the request bodies
of docs/api.md). Each answer is recorded as its status, its body (uncompressed) and its
headers but Date and Content-Length, with tokens, CSRF values, dates, cookies and ETags normalised.

    python tools/answers_snapshot.py before.json          # record
    python tools/answers_snapshot.py after.json --against before.json   # record, compare, count differences

Run from the checkout (it imports the tests' samples).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, engine  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.history.backup import game_key  # noqa: E402
from tests.test_history_games import SAMPLES, store_sample  # noqa: E402

# every header but those that follow from the body and the moment (Content-Length, Date)
UNKEPT_HEADERS = ("Content-Length", "Date")
GZIP = {"Accept-Encoding": "gzip"}
LAN = {"REMOTE_ADDR": "192.168.1.50"}
# a signed value (itsdangerous: payload.time.signature), such as a CSRF token, in HTML or in JSON
_SIGNED = re.compile(r"[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{4,8}\.[A-Za-z0-9_-]{16,}")
_DRAFT = re.compile(r"(sk-draft\|\d+\.)\d{14}")
_QR = re.compile(r'(<path d=")[^"]+(")')
_KEY = re.compile(r'(name="idempotency_key"[^>]*value="|data-key=")[^"]+')
_NONCE = re.compile(r"(nonce[=-]\"?'?)[A-Za-z0-9_+/=-]{8,}")
_ISO = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?([+-]\d\d:\d\d|Z)?")
_HTTP_DATE = re.compile(r"\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT")
_SHOWN_TIME = re.compile(r'(data-local-time="\w+">)[^<]*')
_COOKIE = re.compile(r"^([^=]+)=[^;]*")
_ETAG = re.compile(r'"[^":]+(:\w+)?"')


def normalised(text: str, tokens: dict[str, str]) -> str:
    """`text` with the game links' tokens named, and CSRF values, idempotency keys, nonces and dates blanked."""
    for token, name in tokens.items():
        text = text.replace(token, name)
    text = _SIGNED.sub("<signed>", text)
    text = _DRAFT.sub(r"\1<time>", text)
    text = _QR.sub(r"\1<qr>\2", text)
    text = _KEY.sub(r"\1<key>", text)
    text = _NONCE.sub(r"\1<nonce>", text)
    text = _HTTP_DATE.sub("<http-date>", text)
    text = _SHOWN_TIME.sub(r"\1<time>", text)
    return _ISO.sub("<date>", text)


def headers_of(answer: Any, tokens: dict[str, str]) -> dict[str, list[str]]:
    """The headers of `answer` in the order sent, normalised: a cookie's value and an ETag's tag blanked, shape kept."""
    found: dict[str, list[str]] = {}
    for name in dict.fromkeys(answer.headers.keys()):
        if name in UNKEPT_HEADERS:
            continue
        values = answer.headers.getlist(name)
        if name == "Set-Cookie":
            values = [_COOKIE.sub(r"\1=<value>", v) for v in values]
        elif name == "ETag":
            values = [_ETAG.sub(lambda m: f'"<tag>{m.group(1) or ""}"', v) for v in values]
        values = [normalised(v, tokens) for v in values]
        if values:
            found[name] = values
    return found


def body_of(answer: Any, tokens: dict[str, str]) -> str:
    """The answer's body as text, uncompressed, normalised."""
    raw = answer.get_data()
    if answer.headers.get("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    return normalised(raw.decode("utf-8", "replace"), tokens)


def phone(app: Any, *, use_cookies: bool = True) -> Any:
    """A test client asking as a guest's phone on the LAN."""
    client = app.test_client(use_cookies=use_cookies)
    client.environ_base.update(LAN)
    return client


class Recorder:
    """Asks the app and records its answers, in order, under names that say what was asked."""

    def __init__(self, app: Any, tokens: dict[str, str]) -> None:
        self.app = app
        self.tokens = tokens
        self.answers: dict[str, dict[str, Any]] = {}

    def ask(self, name: str, client: Any, method: str, url: str, **kwargs: Any) -> Any:
        """Send one request; records and returns the answer."""
        answer = client.open(url, method=method, **kwargs)
        assert name not in self.answers, name
        self.answers[name] = {"status": answer.status_code, "headers": headers_of(answer, self.tokens),
                              "body": body_of(answer, self.tokens)}
        return answer


def api_examples() -> dict[str, list[Any]]:
    """The JSON bodies docs/api.md shows under each endpoint, by endpoint (requests and answers alike: both are asked)."""
    found: dict[str, list[Any]] = {}
    endpoint = None
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for block in re.split(r"^(## .*|`POST (/api/\S+)`.*|```json\n(?:.|\n)*?```)$", text, flags=re.M):
        if block is None:
            continue
        if block.startswith("## "):
            endpoint = None
        elif block.startswith("/api/"):
            endpoint = block
        elif block.startswith("```json") and endpoint:
            try:
                found.setdefault(endpoint, []).append(json.loads(block[len("```json"):-3]))
            except ValueError:
                pass  # an answer shown in part
    return found


def record(path: Path) -> dict[str, dict[str, Any]]:
    """Build the app on a temporary database, ask everything, and write the answers to `path`."""
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "LOOPBACK_IS_HOST": True, "SECRET_KEY": "snapshot",
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/snapshot.sqlite"}, data_dir=tmp)
        games: dict[str, dict[str, Any]] = {}
        tokens: dict[str, str] = {}
        with app.app_context():
            for game in sorted(variant.id for variant in engine.VARIANTS):
                sample = SAMPLES[game]
                gs = store_sample(sample, hands=2)
                db.session.commit()
                games[game] = {"edit": gs.edit_token, "view": gs.view_token, "version": gs.version,
                               "export": None}
                tokens[gs.edit_token] = f"<edit-{game}>"
                tokens[gs.view_token] = f"<view-{game}>"
                tokens[game_key(gs.edit_token)] = f"<key-{game}>"
        rec = Recorder(app, tokens)
        host = app.test_client()
        rec.ask("home", host, "GET", "/")
        rec.ask("home gzip", host, "GET", "/", headers=GZIP)
        rec.ask("new", host, "GET", "/new")
        rec.ask("check", host, "GET", "/check")
        rec.ask("rules", host, "GET", "/rules")
        rec.ask("guest home", phone(app), "GET", "/")
        for game, held in games.items():
            edit, view = f"/s/{held['edit']}", f"/s/{held['view']}"
            rec.ask(f"{game} new form", host, "GET", f"/new/{game}")
            rec.ask(f"{game} rules", host, "GET", f"/rules/{game}")
            rec.ask(f"{game} check", host, "GET", f"/check?game={game}")
            rec.ask(f"{game} edit board", host, "GET", edit)
            rec.ask(f"{game} edit board gzip", host, "GET", edit, headers=GZIP)
            rec.ask(f"{game} hand form", host, "GET", f"{edit}/hands/new")
            rec.ask(f"{game} review", host, "GET", f"{edit}/review")
            exported = rec.ask(f"{game} export json", host, "GET", f"{edit}/export.json")
            held["export"] = exported.get_json()
            rec.ask(f"{game} export csv", host, "GET", f"{edit}/export.csv")
            rec.ask(f"{game} share", host, "GET", f"{edit}/share")
            rec.ask(f"{game} live", host, "GET", f"{edit}/live?v=0")
            rec.ask(f"{game} live unchanged", host, "GET", f"{edit}/live?v={held['version']}")
            # the view link: as the host, then phones at the table, each visit twice (built, then kept)
            for who, client in (("host", host), ("guest", phone(app)),
                                ("guest2", phone(app))):
                first = rec.ask(f"{game} view board {who}", client, "GET", view)
                rec.ask(f"{game} view board {who} again", client, "GET", view)
                rec.ask(f"{game} view board {who} gzip", client, "GET", view, headers=GZIP)
                zipped = rec.ask(f"{game} view board {who} gzip again", client, "GET", view, headers=GZIP)
                if "ETag" in first.headers:
                    rec.ask(f"{game} view board {who} 304", client, "GET", view,
                            headers={"If-None-Match": first.headers["ETag"]})
                    rec.ask(f"{game} view board {who} gzip 304", client, "GET", view,
                            headers={"If-None-Match": zipped.headers["ETag"], **GZIP})
                rec.ask(f"{game} view board {who} query", client, "GET", f"{view}?x=1")
                rec.ask(f"{game} view review {who}", client, "GET", f"{view}/review")
                rec.ask(f"{game} view live {who}", client, "GET", f"{view}/live?v=0")
            fresh = phone(app, use_cookies=False)
            rec.ask(f"{game} view board cookieless", fresh, "GET", view)
            rec.ask(f"{game} view board cookieless gzip", fresh, "GET", view, headers=GZIP)
            rec.ask(f"{game} guest on edit link", phone(app), "GET", edit)
            # the JSON checks and the score, as a hand form and outside tools ask them
            api = app.test_client(use_cookies=False)
            sample = SAMPLES[game]
            meld = {"game": game, "options": sample.options, "cards": "7H 8H 9H"}
            for extra, headers in (("", {}), (" gzip", GZIP)):
                rec.ask(f"{game} meld check{extra}", api, "POST", "/api/v1/melds/check", json=meld, headers=headers)
                rec.ask(f"{game} cards check{extra}", api, "POST", "/api/v1/cards/check",
                        json={"game": game, "cards": "7H 8H JK"}, headers=headers)
                rec.ask(f"{game} bad meld{extra}", api, "POST", "/api/v1/melds/check",
                        json={"game": game, "cards": "7H 8X"}, headers=headers)
                rec.ask(f"{game} score{extra}", api, "POST", "/api/v1/score", json=held["export"], headers=headers)
        api = app.test_client(use_cookies=False)
        for endpoint, bodies in sorted(api_examples().items()):
            for n, body in enumerate(bodies):
                for extra, headers in (("", {}), (" gzip", GZIP)):
                    rec.ask(f"docs {endpoint} {n}{extra}", api, "POST", endpoint, json=body, headers=headers)
        for n, (raw, kind) in enumerate(((b"{", "application/json"), (b'{"cards": "7H"}', "text/plain"),
                                         (b"[]", "application/json"), (b"", "application/json"))):
            rec.ask(f"unreadable check {n}", api, "POST", "/api/v1/melds/check", data=raw, content_type=kind)
        rec.ask("check with query", api, "POST", "/api/v1/melds/check?x=1", json={"cards": "7H 8H 9H"})
        rec.ask("check by GET", api, "GET", "/api/v1/melds/check")
        with app.app_context():
            db.engine.dispose()
    path.write_text(json.dumps(rec.answers, indent=1, sort_keys=True), encoding="utf-8")
    return rec.answers


def differences(now: dict[str, dict[str, Any]], before: dict[str, dict[str, Any]]) -> list[str]:
    """Each answer (and each part of it) that differs between two recordings, named."""
    found = [f"only before: {name}" for name in before if name not in now]
    found += [f"only now: {name}" for name in now if name not in before]
    for name in now.keys() & before.keys():
        for part in ("status", "headers", "body"):
            if now[name][part] != before[name][part]:
                found.append(f"{name}: {part}: {before[name][part]!r:.300} -> {now[name][part]!r:.300}")
    return sorted(found)


def main() -> int:
    """Record the answers; with --against, compare with an earlier recording and print each difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path, help="where to write the answers (JSON)")
    parser.add_argument("--against", type=Path, help="an earlier recording to compare with")
    args = parser.parse_args()
    answers = record(args.output)
    print(f"{len(answers)} answers recorded in {args.output}")
    if args.against:
        found = differences(answers, json.loads(args.against.read_text(encoding="utf-8")))
        for line in found:
            print(line)
        print(f"differences: {len(found)}")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
