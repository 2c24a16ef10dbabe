"""The sessions blueprint."""

from flask import Blueprint

bp = Blueprint("sessions", __name__)

from scorekeeper.sessions import routes  # noqa: E402,F401
from scorekeeper.sessions import gin_entry  # noqa: E402,F401
from scorekeeper.sessions import drafts  # noqa: E402,F401
from scorekeeper.sessions import table_routes  # noqa: E402,F401
