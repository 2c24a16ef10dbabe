"""Forms of the history area: the sessions filter, the import upload, and confirmations."""

from __future__ import annotations

from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from scorekeeper.forms import PageForm

STATUS_CHOICES = [
    SelectChoice("", "Any (not archived)"),
    SelectChoice("in_progress", "In progress"),
    SelectChoice("finished", "Finished"),
    SelectChoice("archived", "Archived"),
]


class SessionFilterForm(PageForm):
    """Narrow the sessions list; read from the query string, so no CSRF token."""

    class Meta:
        csrf = False

    player = StringField("Player", validators=[Optional(), Length(max=40)], filters=[lambda s: (s or "").strip()])
    game = SelectField("Game", validate_choice=True, validators=[Optional()])
    status = SelectField("Status", choices=STATUS_CHOICES, validators=[Optional()])

    def setup(self, games: list[tuple[str, str]]) -> None:
        """Offer the engine's games (id, name)."""
        self.game.choices = [SelectChoice("", "Any game")] + [SelectChoice(gid, name) for gid, name in games]


class ImportForm(PageForm):
    """Upload a JSON export (one session, or a full backup)."""

    file = FileField("Export file (.json)", validators=[FileRequired("Choose the file to import.")])


class ConfirmForm(PageForm):
    """A confirmation step (archive, restore, delete): CSRF plus what is confirmed."""

    action = HiddenField()
