"""The history blueprint."""

from flask import Blueprint

bp = Blueprint("history", __name__)

from scorekeeper.history import house_routes, routes  # noqa: E402,F401
