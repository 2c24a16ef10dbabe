"""Ratings (issue 38): `scorekeeper ratings` on a database of finished games gives the numbers openskill gives
when called directly on the same matches in the same order (the order the games finished)."""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

import pytest
from click.testing import CliRunner
from openskill.models import PlackettLuce

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.tables import service
from scorekeeper.tables.table import Table
from tests.test_history_games import SAMPLES, points, store_sample

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve"]
START = datetime(2025, 1, 1)


def finished_at(gs, moment: datetime) -> None:
    """Date the session's hands so that its last was entered at `moment` (earlier hands a minute apart)."""
    hands = sorted(gs.hands, key=lambda h: h.position)
    for back, hand in enumerate(reversed(hands)):
        hand.created_at = moment - timedelta(minutes=back)
    db.session.commit()


def ranks_by_total(totals: dict[str, int], winner: str) -> dict[str, int]:
    """The test's own ranking: the winner first, then the highest total, a tie sharing its rank."""
    others = sorted((side for side in totals if side != winner), key=lambda side: -totals[side])
    ranks = {winner: 1}
    for place, side in enumerate(others, start=2):
        previous = others[place - 3] if place > 2 else None
        ranks[side] = ranks[previous] if previous is not None and totals[previous] == totals[side] else place
    return ranks


@pytest.fixture
def history(tmp_path, monkeypatch):
    """A data folder holding 40 finished games of Basic Rummy in random seats and scores (ties among them),
    a Persian game (partnerships), a game a player left, a game still going and one finished in one hand.

    Games are dated so that the order they finished is not the order they were started. Returns the folder
    and the matches as the test itself ranks them, in the order they finished.
    """
    for name in ("DATABASE_URL", "SCOREKEEPER_INSTANCE_PATH"):
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path / "data"
    app = create_app(data_dir=str(folder))
    rng = random.Random(38)
    expected: list[tuple[datetime, str, list[list[str]], list[int]]] = []
    with app.app_context():
        for number in range(40):
            names = rng.sample(NAMES, rng.randint(2, 4))
            first = {name: rng.choice([0, 20, 40, 60]) for name in names}
            winner = rng.choice(names)
            # the winner reaches the basic target (150) and is the highest; the others stay below it
            last = {name: (200 - first[name] if name == winner else rng.choice([0, 10, 30])) for name in names}
            gs = service.create_session("basic", {}, names)
            service.add_hand(gs, points(names[0], **first))
            service.add_hand(gs, points(winner, **last))
            moment = START + timedelta(days=(number * 7) % 40, hours=number)
            finished_at(gs, moment)
            totals = {name: first[name] + last[name] for name in names}
            ranks = ranks_by_total(totals, winner)
            expected.append((moment, "basic", [[name] for name in ranks], list(ranks.values())))

        persian = store_sample(SAMPLES["persian"])
        finished_at(persian, START + timedelta(days=3, minutes=30))
        expected.append((START + timedelta(days=3, minutes=30), "persian", [["Ann", "Cy"], ["Ben", "Dee"]], [1, 2]))

        # Cy leaves after the first hand: ranked below Ann and Ben, who finished
        left = service.create_session("basic", {}, ["Ann", "Ben", "Cy"])
        service.add_hand(left, points("Ann", Ann=60, Ben=20, Cy=90))
        Table(left).player_leaves("Cy")
        service.add_hand(left, {**points("Ben", Ann=30, Ben=140), "seated": ["Ann", "Ben"]})
        finished_at(left, START + timedelta(days=50))
        expected.append((START + timedelta(days=50), "basic", [["Ben"], ["Ann"], ["Cy"]], [1, 2, 3]))

        # neither counts: a game still going, and a game entered as a single hand
        going = service.create_session("basic", {}, ["Ann", "Eve"])
        service.add_hand(going, points("Ann", Ann=10, Eve=0))
        single = service.create_session("basic", {}, ["Ben", "Eve"])
        service.add_hand(single, points("Eve", Ben=0, Eve=200))
        assert Table(single).body["status"] == "finished"
        assert db.session.query(Hand).count() == 40 * 2 + 3 + 2 + 1 + 1
    expected.sort(key=lambda m: m[0])
    return folder, expected


def openskill_directly(matches) -> dict[tuple[str, str], tuple[float, float, int]]:
    """Each (game, player)'s mu, sigma and games after rating the matches in order with openskill itself."""
    model = PlackettLuce()
    state: dict[tuple[str, str], tuple[object, int]] = {}
    for _, game, teams, ranks in matches:
        ratings = [[state.get((game, p), (model.rating(name=p), 0))[0] for p in team] for team in teams]
        rated = model.rate(ratings, ranks=ranks)
        for team, new_team in zip(teams, rated):
            for player, new in zip(team, new_team):
                state[(game, player)] = (new, state.get((game, player), (None, 0))[1] + 1)
    return {key: (r.mu, r.sigma, n) for key, (r, n) in state.items()}


def cli_ratings(folder, *args: str) -> list[dict]:
    result = CliRunner().invoke(main, ["ratings", "--data-dir", str(folder), *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_scorekeeper_ratings_gives_openskills_own_numbers_for_the_same_matches_in_the_same_order(history):
    folder, matches = history
    # the games include level finishers, who share a rank
    assert any(len(set(ranks)) < len(ranks) for _, _, _, ranks in matches)
    want = openskill_directly(matches)
    got = cli_ratings(folder)
    assert {(e["game"], e["player"]) for e in got} == set(want)
    for entry in got:
        mu, sigma, games = want[(entry["game"], entry["player"])]
        assert entry["mu"] == pytest.approx(mu, abs=1e-9)
        assert entry["sigma"] == pytest.approx(sigma, abs=1e-9)
        assert entry["rating"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
        assert entry["games"] == games
    # the rating is openskill's ordinal, and each game's entries come highest first
    basic = [e["rating"] for e in got if e["game"] == "basic"]
    assert basic == sorted(basic, reverse=True)
    # Eve played the game still going and the one-hand game: only her rated games count
    assert want[("basic", "Eve")][2] == sum(1 for m in matches if ["Eve"] in m[2])


def test_ratings_of_one_game_and_an_unknown_game(history):
    folder, _ = history
    persian = cli_ratings(folder, "--game", "persian")
    assert sorted(e["player"] for e in persian) == ["Ann", "Ben", "Cy", "Dee"]
    # the winning partnership rates above the other
    assert {persian[0]["player"], persian[1]["player"]} == {"Ann", "Cy"}
    refused = CliRunner().invoke(main, ["ratings", "--game", "canasto", "--data-dir", str(folder)])
    assert refused.exit_code == 2 and "unknown game 'canasto'" in refused.output


def test_the_order_rated_is_the_order_the_games_finished(history):
    folder, matches = history
    # the games were started in another order than they finished (see the fixture): rated in the order they
    # were started, or any other, the numbers differ, so matching them to 1e-9 above checks the order too
    started = openskill_directly(list(reversed(matches)))
    got = {(e["game"], e["player"]): e["mu"] for e in cli_ratings(folder)}
    assert any(abs(got[key] - mu) > 1e-6 for key, (mu, _, _) in started.items())
