"""What browsers ask of the app to show and install it: the favicon and the web app manifest."""

from flask import Blueprint

bp = Blueprint("webapp", __name__)

from scorekeeper.webapp import routes  # noqa: E402,F401
from scorekeeper.webapp.card_chips import chips  # noqa: E402
from scorekeeper.webapp.routes import APP_NAME, THEME_COLOURS  # noqa: E402
from scorekeeper.engine.standing import winner_words  # noqa: E402

bp.add_app_template_global(APP_NAME, "app_name")
bp.add_app_template_global(THEME_COLOURS, "theme_colours")
bp.add_app_template_global(chips, "card_chips")
bp.add_app_template_filter(winner_words, "winner_words")


def option_words(value: object) -> object:
    """A table's option value as its pages show it: "on" and "off" for a switch (and for an option left unset)."""
    if value is True:
        return "on"
    return "off" if value is False or value is None else value


bp.add_app_template_filter(option_words, "option_words")
