"""The next hand's form costs the same at hand 201 as at hand 21: it reads no stored hand and goes over none.

Timings belong in bench/hand_form.py (the time to first byte at hands 21 and 1,001); here the work is
counted, which is deterministic: the Python calls a request makes, and the stored hands it loads.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from sqlalchemy import event

from scorekeeper.models import Hand
from tests.test_long_games import _long_game


def work_of(request: Callable[[], Any]) -> tuple[int, int]:
    """(Python calls made, stored hands loaded as objects) while `request` runs."""
    calls = loads = 0

    def profile(frame: Any, what: str, arg: Any) -> None:
        nonlocal calls
        if what == "call":
            calls += 1

    def loaded(target: Any, context: Any) -> None:
        nonlocal loads
        loads += 1

    event.listen(Hand, "load", loaded)
    sys.setprofile(profile)
    try:
        request()
    finally:
        sys.setprofile(None)
        event.remove(Hand, "load", loaded)
    return calls, loads


def form_work(app, client, hands: int) -> tuple[int, int]:
    """The work of opening the form of the next hand of a game of `hands` hands, its version scored already."""
    edit, _ = _long_game(app, hands)
    url = f"/s/{edit}/hands/new"
    # the first look scores this version of the game (the standings cache's work, once per version)
    assert client.get(url).status_code == 200
    return work_of(lambda: client.get(url))


def test_the_next_hands_form_does_the_same_work_however_many_hands_were_played(app, client):
    short_calls, short_loads = form_work(app, client, 20)
    long_calls, long_loads = form_work(app, client, 200)
    assert (short_loads, long_loads) == (0, 0)
    # ten times the hands, the same work (to within a few calls: the figures drawn differ in length)
    assert abs(long_calls - short_calls) <= short_calls // 100, (short_calls, long_calls)


def test_the_hand_form_asks_the_engine_whose_melds_take_lay_offs_once(app, client, table, monkeypatch):
    from scorekeeper import engine

    names = ["Ann", "Ben", "Cy", "Dee"]
    table.start("rummy500", names)
    asked: list[Any] = []
    ask = engine.layoff_owners

    def counted(*args: Any, **kwargs: Any) -> Any:
        asked.append(args)
        return ask(*args, **kwargs)

    monkeypatch.setattr(engine, "layoff_owners", counted)
    assert client.get(f"/s/{table.token}/hands/new").status_code == 200
    # once for each seat and each choice of who went out (nobody, or one of them): the form's choices and the
    # page's list of them (data-onto-seats) share the answer
    assert len(asked) == len(names) * (len(names) + 1)
