"""Forms of the host area."""

from scorekeeper.forms import PageForm


class LeaveForm(PageForm):
    """Stop being a host on this device (a CSRF-protected button)."""
