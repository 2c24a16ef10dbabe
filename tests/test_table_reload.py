"""Table.reload reads the game again: after a rollback or a commit, what a page then shows is read up front.

A rollback or a commit expires every object of the session, and an expired object forgets the
loader options of the query that loaded it: RAISE_ON_LAZY_LOAD no longer holds for it, and each
seat and player it is asked for is read on its own. The page after a refused save, a dealer chosen
or a late player seated reads the game through reload: it must leave nothing expired but the hands and
the dealer choices, which the table reads when asked (Table.hands, Table.dealer_choices).
"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect
from sqlalchemy.exc import InvalidRequestError

from scorekeeper.extensions import db
from scorekeeper.tables.table import Table


@pytest.mark.parametrize("ending", ["rollback", "commit"])
def test_a_table_read_again_after_its_transaction_ends_holds_the_whole_game(app, table, ending):
    table.start("rummy500", ["Ann", "Ben", "Cid"])
    with app.test_request_context():
        opened = Table.open(table.token)
        getattr(db.session, ending)()
        opened.reload()
        game = opened.game
        assert inspect(game).unloaded == {"hands", "dealer_choices"}
        assert [seat.player.name for seat in game.seats] == ["Ann", "Ben", "Cid"]
        # read by the query that opens a table: what it does not load still raises (RAISE_ON_LAZY_LOAD)
        with pytest.raises(InvalidRequestError):
            game.hands  # noqa: B018
        with pytest.raises(InvalidRequestError):
            game.dealer_choices  # noqa: B018
        # the table reads them in a query of its own, as the game's list
        assert [(choice.hand, choice.seat) for choice in opened.dealer_choices] == [(1, 1)]
        assert "dealer_choices" not in inspect(game).unloaded
