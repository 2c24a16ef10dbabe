"""The errors blueprint."""

from flask import Blueprint

bp = Blueprint("errors", __name__)

from scorekeeper.errors import routes  # noqa: E402,F401
