"""The standings at the top of the scoreboard: ranked as the game ranks them, a won game shown as won, and
the players who came late or left marked there and in the score table."""

from __future__ import annotations

import html
import re

from tests.web.test_table_life import change, dealer_line, points

_PLACE = re.compile(r'<li class="total-card[^"]*" data-total-for="([^"]*)" data-total="(-?\d+)" data-rank="(\d+)">(.*?)</li>',
                    re.S)


def standings(page: str) -> list[tuple[int, str, int, str]]:
    """The standings as shown, top to bottom: (rank, name, total, the line's words)."""
    section = page[page.index('<section class="standings"'):]
    section = section[:section.index("</section>")]
    return [(int(rank), html.unescape(name), int(total), " ".join(re.sub(r"<[^>]+>", " ", html.unescape(body)).split()))
            for name, total, rank, body in _PLACE.findall(section)]


def test_the_highest_total_comes_first_where_the_highest_wins_and_a_tie_shares_a_rank(table):
    table.start("rummy500", ["Ann", "Ben", "Cy", "Dee"], target=500)
    table.play(points(table, Ann=40, Ben=120, Cy=-15, Dee=40))
    assert [(rank, name, total) for rank, name, total, _ in standings(table.page())] == [
        (1, "Ben", 120), (2, "Ann", 40), (2, "Dee", 40), (4, "Cy", -15)]
    words = {name: line for _, name, _, line in standings(table.page())}
    assert words["Ben"] == "1 . Ben 120 ★ leads needs 380 more"
    assert words["Cy"] == "4 . Cy -15 needs 515 more"


def test_the_lowest_total_comes_first_where_the_lowest_wins(table):
    table.start("penalty", ["Ann", "Ben", "Cy"], target=100)
    table.play({"went_out": "Ann", "points": {"Ann": 0, "Ben": 35, "Cy": 12}})
    shown = standings(table.page())
    assert [(rank, name, total) for rank, name, total, _ in shown] == [(1, "Ann", 0), (2, "Cy", 12), (3, "Ben", 35)]
    assert shown[0][3] == "1 . Ann 0 ★ leads 100 below 100"
    assert shown[2][3] == "3 . Ben 35 65 below 100"


def test_partnerships_are_ranked_as_sides(table):
    table.start("persian", ["Ann", "Ben", "Cy", "Dee"])
    table.play({"went_out": "Ben", "points": {"Ann": 10, "Ben": 60, "Cy": 5, "Dee": 30}})
    assert [(rank, name) for rank, name, _, _ in standings(table.page())] == [(1, "Ben & Dee"), (2, "Ann & Cy")]


def test_a_won_game_shows_its_winner_on_top_and_neither_a_leader_nor_a_next_dealer_nor_what_losers_need(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"], target=100)
    table.play(points(table, Ann=60, Ben=10, Cy=-5))
    assert "deals hand 2" in dealer_line(table.page())
    table.play(points(table, Ann=50, Ben=20, Cy=0))
    page = table.page()
    banner = page[page.index('class="winner-banner"'):]
    # the result comes before the standings, with Rematch and Review in it
    assert page.index('class="winner-banner"') < page.index('<section class="standings"')
    banner = banner[:banner.index("</section>")]
    assert "Ann wins!" in banner and ">Rematch</button>" in banner and "Review the game" in banner
    assert [(rank, name, line) for rank, name, _, line in standings(page)] == [
        (1, "Ann", "1 . Ann 110 ★ won reached 100"), (2, "Ben", "2 . Ben 30"), (3, "Cy", "3 . Cy -5")]
    assert "leads" not in page and "deals next" not in page and 'class="dealer-line"' not in page
    assert "In progress" not in page
    # no way of entering a hand is a primary button; playing on stays possible, folded away
    assert 'class="button primary" href' not in page
    assert "Playing on?" in page


def test_a_player_who_left_and_one_who_came_late_are_marked_in_the_standings_and_the_table(table):
    table.start("rummy500", ["Ann", "Ben", "Cy"])
    table.play(points(table, Ann=30, Ben=90, Cy=5))
    table.play(points(table, Ann=10, Ben=10, Cy=5))
    assert change(table, "leave", player="Ben").status_code == 302
    assert change(table, "late", name="Dee", start="zero").status_code == 302
    table.names = ["Ann", "Cy", "Dee"]
    table.play(points(table, Ann=10, Cy=20, Dee=15))
    page = table.page()
    # Ben has the best total but left: he neither leads nor ranks, comes last and needs nothing any more
    assert [(rank, name, line) for rank, name, _, line in standings(page)] == [
        (1, "Ann", "1 . Ann 50 ★ leads needs 450 more"),
        (2, "Cy", "2 . Cy 30 needs 470 more"),
        (3, "Dee", "3 . Dee 15 from hand 3 needs 485 more"),
        (0, "Ben", "– Ben 100 left after hand 2"),
    ]
    assert '<span>Ben <small class="seat-note">left after hand 2</small></span></th>' in page
    assert '<span>Dee <small class="seat-note">from hand 3</small></span></th>' in page
    not_yet = '<span class="not-playing"><span aria-hidden="true">—</span><span class="visually-hidden">not yet playing</span></span>'
    left = '<span class="not-playing"><span aria-hidden="true">—</span><span class="visually-hidden">left</span></span>'
    rows = {n: re.search(rf'<tr id="hand-{n}".*?</tr>', page, re.S).group(0) for n in (1, 2, 3)}
    # Dee's cells before hand 3 say she was not playing yet; Ben's after hand 2, that he left
    assert rows[1].count(not_yet) == 1 and rows[2].count(not_yet) == 1 and not_yet not in rows[3]
    assert left not in rows[1] and left not in rows[2] and rows[3].count(left) == 1
    assert "<td></td>" not in "".join(rows.values())


def test_an_option_that_turns_the_order_round_ranks_by_it(table):
    # Indian Rummy's counts are penalties (lowest first), but in its deals format the winner of a deal collects
    # the others' counts and the highest total wins: Ann +60, Ben -20, Cy -40
    table.start("indian", ["Ann", "Ben", "Cy"], format="deals")
    table.play({"went_out": "Ann", "points": {"Ann": 60, "Ben": -20, "Cy": -40}})
    shown = standings(table.page())
    assert [(rank, name, total) for rank, name, total, _ in shown] == [(1, "Ann", 60), (2, "Ben", -20), (3, "Cy", -40)]
    assert "leads" in shown[0][3]
