"""A save refused by the database for a reason other than another phone is not reported as another phone's save."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.models import DraftPart, Hand
from scorekeeper.tables import draft_service, service
from scorekeeper.tables.table import Table


def refuse_inserts_into(table: str) -> None:
    """Make every insert into `table` fail with a constraint error, as a schema the code does not match would."""
    if db.engine.dialect.name == "postgresql":
        # the same fault on PostgreSQL: a NOT NULL violation (SQLSTATE 23502) from a trigger
        db.session.execute(text(
            f"CREATE FUNCTION refuse_{table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " RAISE not_null_violation USING MESSAGE = 'null value in column \"extra\" violates not-null constraint';"
            " END $$"
        ))
        db.session.execute(text(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION refuse_{table}()"
        ))
    else:
        db.session.execute(text(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
            " BEGIN SELECT RAISE(ABORT, 'NOT NULL constraint failed: extra column'); END"
        ))
    db.session.commit()


def test_a_hand_refused_by_another_constraint_is_not_called_taken_by_another_phone(app):
    with app.app_context():
        gs = service.create_session("basic", {}, ["Ann", "Ben"])
        refuse_inserts_into("hand")
        with pytest.raises(IntegrityError):
            service.add_hand(gs, {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 0, "Ben": 10}},
                             idempotency_key="k1", expected_position=1)
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0


def test_a_hand_whose_place_another_phone_took_is_still_reported_as_taken(app):
    with app.app_context():
        gs = service.create_session("basic", {}, ["Ann", "Ben"])
        hand = {"ended": "went_out", "went_out": "Ann", "points": {"Ann": 0, "Ben": 10}}
        assert gs.hands == []  # this request has read the session: hand 1 is next
        # another phone saves hand 1 in the instant between this request reading the session and committing
        with db.engine.begin() as other_phone:
            other_phone.execute(text(
                "INSERT INTO hand (session_id, position, data, version, created_at, updated_at)"
                " VALUES (:id, 1, :data, 1, '2026-01-01', '2026-01-01')"
            ), {"id": gs.id, "data": '{"ended": "went_out", "went_out": "Ben", "points": {"Ann": 5, "Ben": 0}}'})
        with pytest.raises(service.HandTaken):
            service.add_hand(gs, hand, idempotency_key="k2", expected_position=1)


def test_a_draft_part_refused_by_another_constraint_is_not_called_sent_twice(app):
    with app.app_context():
        gs = service.create_session("rummy500", {}, ["Ann", "Ben"])
        refuse_inserts_into("draft_part")
        with pytest.raises(IntegrityError):
            draft_service.save_part(Table(gs), "Ann", {"melds": [["7H", "8H", "9H"]], "layoffs": [], "in_hand": []}, None, 1)
        assert db.session.scalar(select(func.count()).select_from(DraftPart)) == 0
