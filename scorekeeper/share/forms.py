"""Forms of the share area."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SubmitField


class RenewForm(FlaskForm):
    """Confirms making a new link (CSRF-protected like every form)."""

    submit = SubmitField("Make a new link")
