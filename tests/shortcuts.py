"""What the tests of the answers given before Flask share (test_quick_checks.py, test_quick_board.py)."""

from __future__ import annotations

from typing import Any, TypeVar

Layer = TypeVar("Layer")


def wsgi_layer(app: Any, kind: type[Layer]) -> Layer:
    """The app's WSGI layer of type `kind`, found from the outermost inwards (a proxy fix's inner app is its `app`)."""
    layer = app.wsgi_app
    while not isinstance(layer, kind):
        layer = getattr(layer, "wsgi_app", None) or layer.app
    return layer


def count_handed_on(layer: Any, monkeypatch: Any) -> list[str]:
    """The addresses the WSGI shortcut `layer` hands on to the app from now on, in order.

    The app behind it stays reachable as ``layer.flask``: what the app answers without the shortcut.
    """
    handed: list[str] = []
    inner = layer.wsgi_app
    monkeypatch.setattr(layer, "flask", inner, raising=False)
    monkeypatch.setattr(layer, "wsgi_app", lambda environ, *rest: handed.append(environ["PATH_INFO"])
                        or inner(environ, *rest))
    return handed
