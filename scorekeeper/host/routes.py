"""The host link (makes a device a host), the host page, and leaving host rights on a device."""

from __future__ import annotations

from datetime import timedelta

from flask import abort, flash, redirect, render_template, url_for

from scorekeeper.extensions import db
from scorekeeper.host import bp
from scorekeeper.host.devices import forget_all
from scorekeeper.host.forms import LeaveForm
from scorekeeper.host.identity import (
    HOST_COOKIE,
    HOST_COOKIE_DAYS,
    host_cookie_value,
    host_key,
    host_only,
    key_matches,
)
from scorekeeper.qr import qr_svg
from scorekeeper.security import cookies_secure
from scorekeeper.tables.links import public_base


@bp.route("/host/<key>")
def claim(key: str):
    """Opening the host link makes this device a host (a long-lived cookie), then goes home."""
    if not key_matches(key):
        abort(404, "This host link is not (or no longer) valid. The host can print the current one"
                   " with `scorekeeper host-key`.")
    flash("This device is now a host: it sees every game, the players and the backups.")
    response = redirect(url_for("sessions.index"))
    response.set_cookie(
        HOST_COOKIE, host_cookie_value(), max_age=int(timedelta(days=HOST_COOKIE_DAYS).total_seconds()),
        httponly=True, samesite="Lax", secure=cookies_secure(),
    )
    return response


@bp.route("/host")
@host_only
def page():
    """For the host: the host link as a QR code, to make a co-host's device a host too."""
    url = public_base() + url_for("host.claim", key=host_key())
    return render_template("host/host.html", url=url, qr=qr_svg(url, label="QR code of the host link"),
                           form=LeaveForm(), database=db.engine.url.render_as_string(hide_password=True))


@bp.route("/host/leave", methods=["POST"])
def leave():
    """Stop being a host on this device (the host link makes it one again)."""
    form = LeaveForm()
    if not form.validate_on_submit():
        abort(400)
    forget_all()
    flash("This device is a guest now: it sees only the games whose links it holds.")
    response = redirect(url_for("sessions.index"))
    response.delete_cookie(HOST_COOKIE, httponly=True, samesite="Lax", secure=cookies_secure())
    return response
