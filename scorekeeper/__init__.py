"""Scorekeeper: a score keeper for rummy games played with real cards.

The rules engine lives in :mod:`scorekeeper.engine` and needs no Flask;
:func:`create_app` builds the web app around it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent
# an installed wheel carries templates/ and static/ inside the package; a checkout has them beside it
_ASSETS = _ROOT if (_ROOT / "templates").is_dir() else _ROOT.parent
# run from a checkout (make run, pip install -e .) the data stays in the checkout's instance/
_CHECKOUT = (_ROOT.parent / "pyproject.toml").is_file()


def instance_folder(data_dir: str | os.PathLike[str] | None = None) -> str | None:
    """Where the database and secret key live: `data_dir`, else SCOREKEEPER_INSTANCE_PATH, else the default.

    The default is the checkout's instance/ (None: Flask's own choice) when run from a
    checkout, and the user's data folder (platformdirs) for an installed package, so
    that reinstalling or removing the package never takes the games with it.
    """
    chosen = data_dir or os.environ.get("SCOREKEEPER_INSTANCE_PATH")
    if chosen:
        return str(Path(chosen).expanduser().resolve())
    if _CHECKOUT:
        return None
    from platformdirs import user_data_dir

    return user_data_dir("scorekeeper", appauthor=False)


def create_app(test_config: dict[str, Any] | None = None, *, data_dir: str | os.PathLike[str] | None = None):
    """Build the Flask app: defaults, then instance/config.py, then SCOREKEEPER_* env, then test_config.

    `data_dir` chooses the instance folder (see instance_folder).
    """
    # imported here so that `import scorekeeper.engine` works without Flask installed
    from flask import Flask

    from scorekeeper import assets, compression, gcsafe, security
    from scorekeeper import config as defaults
    from scorekeeper.database import MIGRATIONS, db_commands, engine_options, init_database, require_driver
    from scorekeeper.extensions import csrf, db, migrate

    # CPython 3.11 can crash when a garbage collection starts inside an attribute store
    gcsafe.install()

    app = Flask(
        __name__,
        instance_relative_config=True,
        # --data-dir or SCOREKEEPER_INSTANCE_PATH keep the database and secret key elsewhere (a data volume, a test)
        instance_path=instance_folder(data_dir),
        template_folder=str(_ASSETS / "templates"),
        static_folder=str(_ASSETS / "static"),
    )
    app.config.from_object(defaults)
    app.config["SQLALCHEMY_DATABASE_URI"] = defaults.database_url(app.instance_path)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)

    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options(app.config)
    # before anything connects: a missing PostgreSQL driver is named, not a ModuleNotFoundError deep in SQLAlchemy
    require_driver(app.config["SQLALCHEMY_DATABASE_URI"])
    if gcsafe.installed():
        # the end of a request is a safe point too, so collections keep up where a thread seldom runs
        # (green threads, servers without threads); registered first, so it runs after the session closes
        app.teardown_appcontext(lambda error: gcsafe.collect_due())
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = defaults.instance_secret_key(app.instance_path)
    from scorekeeper.share import quick_poll

    # the WSGI layers around Flask, innermost first. The live poll's "nothing changed" (95% of a hosted
    # server's requests) is answered before Flask (share/quick_poll.py); every other answer goes through Flask.
    quick_poll.init_app(app)
    if gcsafe.installed():
        # around the poll too: a full collection waits for a moment when no answer is being made (see gcsafe)
        app.wsgi_app = gcsafe.AnswersInProgress(app.wsgi_app)  # type: ignore[method-assign]
    proxies = int(app.config.get("TRUSTED_PROXIES") or 0)
    if proxies:
        from werkzeug.middleware.proxy_fix import ProxyFix

        # outermost: behind a TLS proxy, everything inside (the poll's Host check, links and QR codes) must
        # read the address phones used, not the internal one
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies,
                                x_prefix=proxies)
    # first, so that its after_request hook runs last, on the finished answer
    compression.init_app(app)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    # `flask db upgrade` adopts and backs up an old database as the start does
    app.cli.add_command(db_commands(), "db")
    from scorekeeper.history.routes import allow_large_imports

    # before CSRF protection, which reads the whole form under the request's size limit
    app.before_request(allow_large_imports)
    csrf.init_app(app)
    security.init_app(app)
    assets.init_app(app)

    from scorekeeper import api, checker, errors, history, host, sessions, share, webapp

    app.register_blueprint(errors.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(sessions.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(host.bp)
    app.register_blueprint(webapp.bp)

    if app.config["MIGRATE_ON_START"]:
        # raises DatabaseTooNew, having changed nothing, for a database a newer Scorekeeper upgraded
        with app.app_context():
            init_database()
    return app


def server_started() -> None:
    """What a server process does once its app is built, before its first answer.

    `scorekeeper serve` calls it, as does gunicorn's hook (a worker once it has loaded the app)
    and the bench's in-process app, so that what is measured is what a server does: what the
    start built is kept out of the garbage collector's walks for good (gcsafe.freeze_start).
    """
    from scorekeeper import gcsafe

    gcsafe.freeze_start()
