"""The share blueprint."""

from flask import Blueprint

bp = Blueprint("share", __name__)

from scorekeeper.share import routes  # noqa: E402,F401
