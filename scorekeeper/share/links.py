"""The two capability links of a session: where they point, and making new ones.

A link is the whole credential: the edit link may change the game, the view
link may only follow it. Renewing a link replaces its token, so the old
address answers 404 from then on.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from flask import current_app, request, url_for
from markupsafe import Markup

from scorekeeper.extensions import db
from scorekeeper.models import GameSession, new_token
from scorekeeper.share.qr import qr_svg

Which = Literal["view", "edit"]
KINDS: tuple[Which, ...] = ("view", "edit")


def is_loopback(host: str) -> bool:
    """True when a host name or address only reaches this computer (phones cannot use it).

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.1", "[::1]", "app.localhost", "192.168.1.20", "scores.lan")]
    [True, True, True, True, False, False]
    """
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def public_base() -> str:
    """Scheme and host phones should use: PUBLIC_URL when configured, else the address of this request."""
    configured = (current_app.config.get("PUBLIC_URL") or "").strip()
    return (configured or request.host_url).rstrip("/")


def base_is_loopback(base: str) -> bool:
    """True when the base address only reaches this computer."""
    return is_loopback(urlsplit(base).hostname or "")


@dataclass(frozen=True)
class ShareLink:
    """One link as the Share panel shows it: its kind, full address and QR code."""

    kind: Which
    url: str
    qr: Markup

    @property
    def title(self) -> str:
        """The link's name on the panel."""
        return "View link" if self.kind == "view" else "Edit link"


def share_link(gs: GameSession, kind: Which) -> ShareLink:
    """The view or edit link of a session, with its QR code."""
    token = gs.view_token if kind == "view" else gs.edit_token
    url = public_base() + url_for("sessions.show", token=token)
    label = f"QR code of the {'view' if kind == 'view' else 'edit'} link"
    return ShareLink(kind=kind, url=url, qr=qr_svg(url, label=label))


def share_links(gs: GameSession, access: str) -> list[ShareLink]:
    """The links a visitor may pass on: both for an edit link, only the view link for a view link."""
    kinds: tuple[Which, ...] = KINDS if access == "edit" else ("view",)
    return [share_link(gs, kind) for kind in kinds]


def renew(gs: GameSession, kind: Which) -> str:
    """Replace the view or edit token with a fresh one (the old link stops working); returns the new token."""
    token = new_token()
    if kind == "view":
        gs.view_token = token
    else:
        gs.edit_token = token
    db.session.commit()
    return token
