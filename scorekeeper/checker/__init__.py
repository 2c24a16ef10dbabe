"""The checker blueprint."""

from flask import Blueprint

bp = Blueprint("checker", __name__)

from scorekeeper.checker import routes  # noqa: E402,F401
