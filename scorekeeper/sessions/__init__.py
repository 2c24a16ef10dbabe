"""The sessions blueprint: its views (routes, gin_entry, drafts, table_routes) register on it when imported.

The app factory imports them: other areas import this one's modules (service, access, table),
and importing any of them must not pull in every view and what those import.
"""

from flask import Blueprint

bp = Blueprint("sessions", __name__)
