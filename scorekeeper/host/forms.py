"""Forms of the host area."""

from flask_wtf import FlaskForm


class LeaveForm(FlaskForm):
    """Stop being a host on this device (a CSRF-protected button)."""
