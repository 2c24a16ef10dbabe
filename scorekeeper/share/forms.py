"""Forms of the share area."""

from __future__ import annotations

from wtforms import SubmitField

from scorekeeper.forms import PageForm


class RenewForm(PageForm):
    """Confirms making a new link (CSRF-protected like every form)."""

    submit = SubmitField("Make a new link")
