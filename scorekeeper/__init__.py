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


def create_app(test_config: dict[str, Any] | None = None):
    """Build the Flask app: defaults, then instance/config.py, then SCOREKEEPER_* env, then test_config."""
    # imported here so that `import scorekeeper.engine` works without Flask installed
    from flask import Flask

    from scorekeeper import config as defaults
    from scorekeeper.database import MIGRATIONS
    from scorekeeper.extensions import csrf, db, init_database, migrate

    app = Flask(
        __name__,
        instance_relative_config=True,
        # SCOREKEEPER_INSTANCE_PATH keeps the database and secret key elsewhere (a data volume, a test)
        instance_path=os.environ.get("SCOREKEEPER_INSTANCE_PATH") or None,
        template_folder=str(_ASSETS / "templates"),
        static_folder=str(_ASSETS / "static"),
    )
    app.config.from_object(defaults)
    app.config["SQLALCHEMY_DATABASE_URI"] = defaults.database_url(app.instance_path)
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_prefixed_env("SCOREKEEPER")
    if test_config is not None:
        app.config.from_mapping(test_config)

    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = defaults.instance_secret_key(app.instance_path)
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    csrf.init_app(app)

    from scorekeeper import api, checker, errors, history, sessions, share

    app.register_blueprint(errors.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)
    app.register_blueprint(sessions.bp)
    app.register_blueprint(checker.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(history.bp)

    if app.config["MIGRATE_ON_START"]:
        # raises DatabaseTooNew, having changed nothing, for a database a newer Scorekeeper upgraded
        with app.app_context():
            init_database()
    return app
