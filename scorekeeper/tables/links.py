"""The two capability links of a session: where they point, and making new ones.

A link is the whole credential: the edit link may change the game, the view
link may only follow it. Renewing a link replaces its token, so the old
address answers 404 from then on.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

from flask import current_app, request, url_for
from markupsafe import Markup

from scorekeeper.extensions import db
from scorekeeper.models import new_token
from scorekeeper.qr import qr_svg

if TYPE_CHECKING:  # the table hands itself here (Table.share_links, Table.renew_link)
    from scorekeeper.tables.table import Table

Which = Literal["view", "edit"]
KINDS: tuple[Which, ...] = ("view", "edit")
# the Share panel's cards: the two links, and the edit link's page where each player enters their own cards
Shown = Literal["view", "edit", "own"]
TITLES: dict[str, str] = {"view": "View link", "edit": "Edit link", "own": "Enter my own cards"}


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

    kind: Shown
    url: str
    qr: Markup

    @property
    def title(self) -> str:
        """The link's name on the panel."""
        return TITLES[self.kind]

    @property
    def renewable(self) -> bool:
        """Whether the panel offers to replace it (the own-cards page goes with the edit link)."""
        return self.kind != "own"


def share_link(table: Table, kind: Which) -> ShareLink:
    """The view or edit link of the table's game, with its QR code."""
    token = table.game.view_token if kind == "view" else table.game.edit_token
    url = public_base() + url_for("sessions.show", token=token)
    label = f"QR code of the {'view' if kind == 'view' else 'edit'} link"
    return ShareLink(kind=kind, url=url, qr=qr_svg(url, label=label))


def own_cards_link(table: Table) -> ShareLink:
    """The page where a player who scans it taps their name and types their own part of the hand ("who are you?")."""
    url = public_base() + url_for("sessions.draft_part", token=table.game.edit_token)
    return ShareLink(kind="own", url=url, qr=qr_svg(url, label="QR code of the page to enter my own cards"))


def share_links(table: Table) -> list[ShareLink]:
    """The links the table's visitor may pass on: for an edit link both and the own-cards page, only the view link
    for a view link."""
    if table.access != "edit":
        return [share_link(table, "view")]
    return [*(share_link(table, kind) for kind in KINDS), own_cards_link(table)]


def renew(table: Table, kind: Which) -> str:
    """Replace the view or edit token of the table's game with a fresh one (the old link stops working); the new token."""
    gs, token = table.game, new_token()
    if kind == "view":
        gs.view_token = token
    else:
        gs.edit_token = token
    db.session.commit()
    return token
