"""The host and the guests: the device that runs Scorekeeper sees every game; a guest sees the links it was given."""

from flask import Blueprint

bp = Blueprint("host", __name__)

from scorekeeper.host import routes  # noqa: E402,F401
from scorekeeper.host.identity import is_host  # noqa: E402

bp.add_app_template_global(is_host, "is_host")
