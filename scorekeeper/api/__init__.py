"""The api blueprint."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")

from scorekeeper.api import routes  # noqa: E402,F401
from scorekeeper.api import gin_routes  # noqa: E402,F401
