"""The `scorekeeper` command line: a thin adapter over scorekeeper.engine and the web app."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from scorekeeper import engine


def _print_json(body: dict[str, Any]) -> None:
    click.echo(json.dumps(body, ensure_ascii=False, indent=2))


def _fail(message: str, code: int) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def _app(data_dir: str | None = None):
    """The web app; a database from a newer Scorekeeper or a missing driver ends the command with its message (exit 1)."""
    from scorekeeper import create_app
    from scorekeeper.database import DatabaseTooNew, MissingDriver

    try:
        return create_app(data_dir=data_dir)
    except (DatabaseTooNew, MissingDriver) as exc:
        _fail(str(exc), 1)


_data_dir_help = ("Folder of the database and secret key (default: SCOREKEEPER_INSTANCE_PATH, else instance/ in a"
                  " checkout, else your user data folder).")
_data_dir = click.option("--data-dir", default=None, type=click.Path(file_okay=False), help=_data_dir_help)


class _Commands(click.Group):
    """The commands; `db` (Flask-Migrate's migration commands) is imported only when it is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), "db"])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name == "db":
            from scorekeeper.database import db_commands

            return _with_data_dir(db_commands())
        return super().get_command(ctx, name)


def _with_data_dir(group: click.Group) -> click.Group:
    """The `db` commands, each taking --data-dir as `serve`, `export` and `import` do."""
    import copy

    def choose_folder(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value is not None:
            from flask.cli import ScriptInfo

            ctx.ensure_object(ScriptInfo).create_app = lambda: _app(value)

    commands = {}
    for name, command in group.commands.items():
        # copies: Flask-Migrate's own commands are shared with `flask db`, which has no such option
        command = copy.copy(command)
        command.params = [*command.params, click.Option(
            ["--data-dir"], default=None, type=click.Path(file_okay=False), expose_value=False,
            callback=choose_folder, help=_data_dir_help)]
        commands[name] = command
    chosen = _DataDirGroup(group.name, commands=commands, callback=group.callback, params=group.params,
                           help=group.help)
    return chosen


class _DataDirGroup(click.Group):
    """A group whose subcommand's --data-dir is read before the group's own callback loads the app."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """The subcommand, its arguments read once ahead (quietly) so that its --data-dir chooses the app."""
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            # Flask-Migrate's `db` group loads the app in its own callback, which runs before the
            # subcommand's options are read: a database elsewhere would be created, or upgraded, first
            command.make_context(name, list(rest), parent=ctx, resilient_parsing=True)
        return name, command, rest


@click.group(cls=_Commands)
@click.version_option(package_name="scorekeeper")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Keep score for rummy games: check melds, score sessions, serve the web app."""
    if ctx.invoked_subcommand == "db":
        from flask.cli import ScriptInfo

        # Flask-Migrate's commands find the app through Flask's ScriptInfo, as under `flask --app scorekeeper db`
        ctx.obj = ScriptInfo(create_app=_app)


@main.command()
@click.option("--game", default="rummy500", show_default=True, help="Game id, e.g. gin, oklahoma.")
@click.option("--wild-rank", default=None, help="The hand's wild rank (5000 Rummy, Indian Rummy; A for a printed joker).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE", help="A game option.")
@click.option("--going-out", is_flag=True, help="The meld is made in the turn its player goes out (Canasta).")
@click.argument("cards", nargs=-1, required=True)
def meld(game: str, wild_rank: str | None, options: tuple[str, ...], going_out: bool, cards: tuple[str, ...]) -> None:
    """Check whether CARDS make a legal meld; exit 0 legal, 1 illegal, 2 unreadable."""
    try:
        result = engine.check_meld(
            " ".join(cards), game=game, options=_parse_options(options), wild_rank=wild_rank, going_out=going_out
        )
    except ValueError as exc:
        _fail(str(exc), 2)
    _print_json(result)
    sys.exit(0 if result["legal"] else 1)


@main.command()
@click.option("--game", default="indian", show_default=True, help="Game id of a game with declarations.")
@click.option("--wild-rank", default=None, help="The deal's wild rank (A for a printed joker).")
@click.option("--option", "options", multiple=True, metavar="NAME=VALUE", help="A game option.")
@click.argument("groups", nargs=-1, required=True)
def declaration(game: str, wild_rank: str | None, options: tuple[str, ...], groups: tuple[str, ...]) -> None:
    """Check a whole declaration, one GROUP per argument ("2H 3H 4H"); exit 0 valid show, 1 not, 2 unreadable."""
    try:
        result = engine.check_declaration(list(groups), game=game, options=_parse_options(options), wild_rank=wild_rank)
    except ValueError as exc:
        _fail(str(exc), 2)
    _print_json(result)
    sys.exit(0 if result["valid"] else 1)


def _parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    """Read NAME=VALUE pairs; values are JSON where they parse as JSON (numbers, true), else text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise click.BadParameter(f"`{pair}` is not NAME=VALUE", param_hint="--option")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file) -> None:
    """Score a session body (JSON, as POST /api/v1/score takes); FILE may be - for stdin."""
    try:
        body = json.load(file)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        _fail(f"the file is not JSON: {exc}", 2)
    try:
        result = engine.score_session(body)
    except engine.RulesError as exc:
        _fail(str(exc), 1)
    except engine.InputError as exc:
        _fail(str(exc), 2)
    _print_json(result)


@main.command()
@click.argument("cards", nargs=-1, required=True)
@click.option("--knocker-melds", default=None, help='The knocker\'s melds, e.g. "7H 8H 9H; KS KD KC".')
def gin(cards: tuple[str, ...], knocker_melds: str | None) -> None:
    """Arrange a gin hand into the melds that leave the least deadwood."""
    melds = None
    if knocker_melds:
        melds = [m for m in (part.strip() for part in knocker_melds.split(";")) if m]
    try:
        result = engine.gin_arrange(" ".join(cards), knocker_melds=melds)
    except ValueError as exc:
        _fail(str(exc), 2)
    _print_json(result)


# a club night on one laptop: 50 tables of eight phones. Each phone keeps a connection open for its poll every
# few seconds and a second one while a page loads; waitress's default (100) served 16 tables, and refused the rest
SERVE_TABLES = 50
SERVE_PHONES = SERVE_TABLES * 8
SERVE_CONNECTIONS = SERVE_PHONES * 2 + 200
# polls are answered in a millisecond or two; threads matter when saves wait for the SQLite file's lock
# (up to 5 s each): 32 keep the polls of 400 phones answered while a dozen saves wait
SERVE_THREADS = 32


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--lan", is_flag=True, help="Serve on every interface so phones on the same network can join.")
@_data_dir
def serve(host: str, port: int, lan: bool, data_dir: str | None) -> None:
    """Serve the web app (waitress) on the embedded SQLite database, or on DATABASE_URL."""
    import waitress

    from scorekeeper import security, server_started
    from scorekeeper.host.identity import is_loopback_address

    app = _app(data_dir)
    click.echo(f"Data: {app.instance_path}")
    click.echo(f"Database: {_shown_url(app.config['SQLALCHEMY_DATABASE_URI'])}")
    if lan:
        host = "0.0.0.0"
    if host in ("0.0.0.0", "::"):
        from scorekeeper.share.lan import lan_urls

        # phones come by the LAN addresses: the app answers to them, and the Share panel offers
        # them when the page is opened on 127.0.0.1
        urls = lan_urls(port)
        app.config["LAN_URLS"] = urls
        if urls:
            click.echo("Phones on the same network can open:")
            for url in urls:
                click.echo(f"  {url}")
            click.echo(_terminal_qr(urls[0]), nl=False)
            click.echo("Open one of them on this computer too, so the QR codes carry it.")
            _echo_host_link(app, urls[0])
        else:
            click.echo("No network address found: is this computer connected to Wi-Fi or a LAN?")
    # only this computer can reach a loopback-only server: whoever asks is the host
    app.config["LOOPBACK_IS_HOST"] = is_loopback_address(host)
    security.trust_hosts(app)
    click.echo(f"Serving on http://{host}:{port} (Ctrl+C stops it)")
    # the app, not waitress, reads a proxy's headers, as under gunicorn: with TRUSTED_PROXIES it believes
    # them (ProxyFix), without it their presence alone makes a request a guest's (host/identity.py);
    # waitress would remove them unseen and a proxy on this computer would pass every visitor as the host
    _allow_open_files(SERVE_CONNECTIONS + 100)
    server_started()
    # poll(), not select(): select() cannot watch a socket numbered past 1023, and 1,000 connections get there
    waitress.serve(app, host=host, port=port, threads=SERVE_THREADS, connection_limit=SERVE_CONNECTIONS,
                   asyncore_use_poll=True, clear_untrusted_proxy_headers=False)


def _allow_open_files(count: int) -> None:
    """Let this process keep `count` files open (each connection is one), as far as the system allows.

    Many systems start a process with a soft limit of 256 (macOS) or 1,024 (Linux); the
    hard limit above it is ours to take.
    """
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count if hard == resource.RLIM_INFINITY else min(count, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _shown_url(url: str) -> str:
    """A database URL as printed: the password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def _terminal_qr(url: str) -> str:
    """`url` as a QR code drawn with text characters, for a phone to scan off the terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out)
    return out.getvalue()


def _echo_host_link(app, base: str) -> None:
    """Print the host link (and its QR code) that makes a device a host."""
    from scorekeeper.host.identity import host_key

    url = f"{base}/host/{host_key(app.instance_path)}"
    click.echo("")
    click.echo("Host link: open it once on each device that should see every game (keep it to yourself):")
    click.echo(f"  {url}")
    click.echo(_terminal_qr(url), nl=False)


@main.command("host-key")
@click.option("--new", "renew", is_flag=True, help="Replace the host key: every device that was a host stops being one.")
@_data_dir
def host_key_command(renew: bool, data_dir: str | None) -> None:
    """Print the host link's path (/host/<key>): opening it makes a device a host."""
    from scorekeeper.host.identity import host_key, new_host_key

    app = _app(data_dir)
    key = new_host_key(app.instance_path) if renew else host_key(app.instance_path)
    if renew:
        click.echo("New host key made: devices that were hosts are guests until they open the new host link.")
    click.echo(f"/host/{key}")
    click.echo("Open it after this server's address, e.g. http://192.168.1.20:5000/host/" + key)


# largest backup `import` reads: far beyond a lifetime of games, well short of exhausting memory
IMPORT_MAX_BYTES = 256 * 1024 * 1024


@main.command("export")
@click.argument("file", type=click.Path(dir_okay=False, writable=True, allow_dash=True))
@click.option("--all", "everything", is_flag=True, help="Every session, with its links: a full backup.")
@click.option("--session", "token", default=None, help="One session, by its edit or view link token.")
@_data_dir
def export_command(file: str, everything: bool, token: str | None, data_dir: str | None) -> None:
    """Write sessions as JSON to FILE (- for standard output): --all for a backup, or --session TOKEN."""
    from scorekeeper.history.backup import export_all, export_session, to_json, write_file
    from scorekeeper.tables.table import Table

    if everything == (token is not None):
        _fail("give either --all or --session TOKEN", 2)
    with _app(data_dir).app_context():
        if everything:
            body = export_all()
        else:
            table = Table.find(token or "")
            if table is None:
                _fail("no session has this link token", 2)
            body = export_session(table.with_hands())
    text = to_json(body)
    if file == "-":
        click.echo(text, nl=False)
    else:
        # written whole or not at all: a failed export never spoils the previous backup
        write_file(file, text)
    if everything:
        click.echo(f"Exported {len(body['sessions'])} sessions.", err=True)


@main.command("import")
@click.argument("file", type=click.File("rb"))
@_data_dir
def import_command(file, data_dir: str | None) -> None:
    """Restore a JSON export or backup from FILE (- for standard input).

    Every session is checked first: a file that fails a check writes nothing. A backup
    is written in short batches, with progress on standard error, so phones keep saving
    meanwhile; if the database fails part-way, importing the file again writes the rest.
    """
    from scorekeeper.history.backup import ImportRefused, ImportStopped, import_text

    raw = file.read(IMPORT_MAX_BYTES + 1)
    with _app(data_dir).app_context():
        try:
            result = import_text(raw, max_bytes=IMPORT_MAX_BYTES, progress=_restore_progress())
        except ImportRefused as exc:
            _fail(f"nothing was imported. {exc}", 1)
        except ImportStopped as exc:
            _fail(str(exc), 1)
        click.echo(result.summary())


@main.command("ratings")
@click.option("--game", "game", default=None, help="Only this game's ratings (a game id, such as rummy500).")
@_data_dir
def ratings_command(game: str | None, data_dir: str | None) -> None:
    """Print every player's rating per game as JSON, worked out from the finished games stored."""
    from scorekeeper.history.ratings import ratings_table

    if game is not None and game not in {known.id for known in engine.VARIANTS}:
        _fail(f"unknown game {game!r}; the games are {', '.join(known.id for known in engine.VARIANTS)}", 2)
    with _app(data_dir).app_context():
        table = ratings_table()
    shown = [
        {"player": r.player, "game": r.game, "rating": r.ordinal, "mu": r.mu, "sigma": r.sigma, "games": r.games}
        for played in table.games() if game in (None, played)
        for r in table.by_game(played)
    ]
    click.echo(json.dumps(shown, ensure_ascii=False, indent=2))


# a restore of fewer sessions than this is over too soon to need progress
PROGRESS_FROM = 1000


def _restore_progress():
    """A progress callback saying on standard error each tenth of a large restore, and its end."""
    tenths_said = 0

    def tell(done: int, total: int) -> None:
        nonlocal tenths_said
        tenths = done * 10 // total
        if total >= PROGRESS_FROM and tenths > tenths_said:
            tenths_said = tenths
            click.echo(f"Restoring: {done:,} of {total:,} sessions written", err=True)

    return tell


if __name__ == "__main__":
    main()
