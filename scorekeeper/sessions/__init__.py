"""The sessions blueprint: the pages of one game (start it, its scoreboard, enter and fix hands, the table's
changes, the players' own parts) with their forms, and the translation between those forms and the engine.

What the pages do to a game is the domain layer's (scorekeeper.tables); this area only reads
requests into it and renders what it answers.
"""

from flask import Blueprint

bp = Blueprint("sessions", __name__)

from scorekeeper.sessions import drafts, gin_entry, routes, table_routes  # noqa: E402,F401
