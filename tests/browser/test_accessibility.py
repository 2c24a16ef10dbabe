"""Every page, on a 390x844 phone, at a table of eight players with long names: axe-core finds no
violation of any impact, target size included (light and dark, card picker folded and open), and no
page scrolls sideways.

axe-core comes from npm (package.json, installed by `make test-setup`), not from a CDN: the machine may
be offline. It is injected as an init script, which the pages' Content-Security-Policy does not refuse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import engine
from scorekeeper.tables import house_rules, service
from scorekeeper.tables.table import Table
from tests.browser.conftest import PHONE, serve
from tests.browser.test_table_flow import open_picker

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# real names, as long as people's are: the score table cannot fit them all on a phone
LONG_NAMES = [
    "Alexandra Featherstonehaugh",
    "Bartholomew Okonkwo-Villanueva",
    "Christopher Montgomery-Smythe",
    "Dorothea Wilhelmina Schmidt",
    "Evangelina Papadopoulou",
    "Fitzgerald Abernathy-Jones",
    "Gwendolyn Ramaswamy",
    "Maximiliano Hernández García",
]

# the finding that axe runs only on request (it is "experimental" in axe 4): a button's name
# that does not hold its visible text ("JK" read out as "joker") cannot be said by voice control
# Issue 28: and target-size (WCAG 2.5.8), off by default, which found the Save bar covering a player's header
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}},
}


@dataclass
class Tables:
    """The games the pages show: eight players mid-game, a finished game, a gin game."""

    base: str
    edit: str
    view: str
    finished: str
    gin: str
    short: str
    hand_id: int
    first_hand_id: int
    app: object
    pool: str = ""


def cards_hand(names: list[str]) -> dict:
    """API.md's example hand dealt to the first three players of a bigger table (the others have nothing)."""
    ann, ben, cy = names[:3]
    return {
        "ended": "went_out",
        "went_out": ann,
        "players": {
            ann: {"melds": ["7H 8H 9H", "KS KD KC"]},
            ben: {"layoffs": [{"cards": ["10H"], "onto": {"player": ann, "meld": 0}}], "in_hand": "QS 4D"},
            cy: {"in_hand": "AS"},
        },
    }


def points_hand(names: list[str], went_out: int, *points: int) -> dict:
    """A hand entered as points, one figure per seat."""
    return {"ended": "went_out", "went_out": names[went_out], "points": dict(zip(names, points))}


@pytest.fixture
def tables(databases) -> Iterator[Tables]:
    """A server with the three games stored through the sessions service; this browser is the host."""
    for url, app in serve(databases):
        with app.app_context():
            # house rules, so the new game form, Rematch and the house rules page show theirs
            house_rules.save("rummy500", "Grandma's 500", {"target": 300, "ace_points": 1})
            eight = service.create_session("rummy500", {}, LONG_NAMES)
            first = service.add_hand(eight, points_hand(LONG_NAMES, 0, 85, -10, 35, -120, 5, 60, -45, 15))
            service.add_hand(eight, points_hand(LONG_NAMES, 3, -20, 140, 0, 95, -35, 10, 20, -5))
            last = service.add_hand(eight, cards_hand(LONG_NAMES))
            three = LONG_NAMES[:3]
            done = service.create_session("rummy500", {}, three)
            service.add_hand(done, points_hand(three, 1, 120, 510, -30))
            two = LONG_NAMES[:2]
            gin = service.create_session("gin", {}, two)
            service.add_hand(gin, points_hand(two, 0, 25, 0))
            short = service.create_session("rummy500", {}, ["Ann", "Ben", "Cy"])
            service.add_hand(short, points_hand(["Ann", "Ben", "Cy"], 0, 85, -10, 35))
            # an Indian Rummy pool 101 game with Cy out on 160, who may rejoin (docs/rules/indian.md example 4)
            four = ["Ann", "Ben", "Cy", "Dev"]
            pool = service.create_session("indian", {"format": "pool"}, four)
            service.add_hand(pool, points_hand(four, 0, 0, 17, 80, 20))
            service.add_hand(pool, points_hand(four, 1, 40, 0, 80, 30))
            yield Tables(url, eight.edit_token, eight.view_token, done.edit_token, gin.edit_token, short.edit_token,
                         last.id, first.id, app, pool.edit_token)


def visit(page: Page, url: str) -> None:
    """Open a page and wait until its scripts have run."""
    page.goto(url)
    page.wait_for_load_state("load")


def every_page(page: Page, t: Tables) -> Iterator[str]:
    """Open every page and state a person reaches, one after another; yields what is on screen now."""
    b, e = t.base, f"{t.base}/s/{t.edit}"
    simple = [
        ("home", "/"),
        ("pick a game", "/new"),
        ("new game form", "/new/rummy500"),
        ("scoreboard (view link)", f"/s/{t.view}"),
        ("finished scoreboard", f"/s/{t.finished}"),
        ("hand form, points", f"/s/{t.edit}/hands/new?mode=points"),
        ("fix a hand", f"/s/{t.edit}/hands/{t.hand_id}/edit"),
        ("delete a hand?", f"/s/{t.edit}/hands/{t.hand_id}/delete"),
        ("what was entered", f"/s/{t.edit}/entered/{t.hand_id}"),
        ("gin: both whole hands", f"/s/{t.gin}/hands/gin"),
        ("gin hand form", f"/s/{t.gin}/hands/new"),
        ("pool scoreboard: a player out who may rejoin", f"/s/{t.pool}"),
        ("pool: rejoin?", f"/s/{t.pool}/rejoin?player=Cy"),
        ("pool hand form: a player out, not dealt in", f"/s/{t.pool}/hands/new?mode=points"),
        ("my own part: who are you?", f"/s/{t.edit}/my-hand?choose=1"),
        ("seats: rename, late, leave", f"/s/{t.edit}/players"),
        ("review", f"/s/{t.edit}/review"),
        ("review (view link)", f"/s/{t.view}/review"),
        ("print", f"/s/{t.edit}/print"),
        ("archive game?", f"/s/{t.edit}/archive"),
        ("delete game?", f"/s/{t.edit}/delete"),
        ("share page", f"/s/{t.edit}/share"),
        ("replace the view link?", f"/s/{t.edit}/share/view/renew"),
        ("sessions", "/sessions"),
        ("players", "/players"),
        ("house rules", "/house-rules"),
        ("a player's record", f"/players/{LONG_NAMES[1]}"),
        ("rules", "/rules"),
        *((f"rules of {game}", f"/rules/{game}") for game in (known.id for known in engine.VARIANTS)),
        ("checker: a legal meld", "/check?cards=7H+8H+JK"),
        ("checker: an illegal meld", "/check?cards=7H+9S"),
        ("checker: unreadable cards", "/check?cards=ZZ"),
        ("host", "/host"),
        ("import a backup", "/sessions/import"),
        ("404", "/no-such-page"),
        ("unknown game link", "/s/no-such-game"),
    ]
    for label, path in simple:
        visit(page, b + path)
        yield label

    visit(page, e)
    yield "scoreboard (edit link)"
    page.get_by_text("Share: QR codes for other phones").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_label("View link address")).to_be_visible()
    yield "scoreboard, share panel open"
    visit(page, e)
    # by keyboard: the width test, not this walk, is about what a tap reaches
    page.locator("section.entered details summary").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("section.entered details").first.locator(".hand-summary")).to_be_visible()
    yield "scoreboard, an earlier hand opened"

    visit(page, f"{e}/hands/new?mode=points")
    page.get_by_role("button", name=re.compile(r"^Save hand")).click()
    expect(page.locator(".alert-error, .field-errors, .ask-empty").first).to_be_visible()
    yield "hand form, points, saved with nothing entered"

    for label, url in (("hand form, cards", f"{e}/hands/new"), ("my own part", f"{e}/my-hand?seat=2"),
                       ("checker", f"{b}/check")):
        visit(page, url)
        # the picker starts closed: each card field has its own Cards button that opens it
        expect(page.get_by_role("group", name="Card picker")).to_be_hidden()
        yield f"{label}, card picker folded"
        # a table of eight starts with every player's card folded on the hand form: open the first
        folded = page.locator("details.player-card:not([open]) > summary")
        if folded.count():
            folded.first.click()
        expect(page.locator(".picker-open").first).to_be_visible()
        open_picker(page)
        yield f"{label}, card picker open"


def axe_violations(page: Page) -> list[dict]:
    """axe-core's violations on the page as it is now, of any impact (issue 28: minor and moderate ones too)."""
    return page.evaluate("options => axe.run(document, options)", AXE_OPTIONS)["violations"]


def described(where: str, violation: dict) -> str:
    """One violation as a person fixing it wants to read it: the page, the rule, and each element."""
    lines = [f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}"]
    for node in violation["nodes"]:
        summary = " ".join(node.get("failureSummary", "").split())
        lines.append(f"    {' '.join(node['target'])}\n      {node['html'][:160]}\n      {summary[:300]}")
    return "\n".join(lines)


def for_every_page(page: Page, t: Tables, check: Callable[[], list[str]]) -> list[str]:
    """Run `check` on every page and state; the problems found, each naming where."""
    problems: list[str] = []
    for where in every_page(page, t):
        problems += [f"{where} ({page.url}): {problem}" for problem in check()]
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_any_page(page: Page, tables: Tables, scheme: str):
    assert AXE.exists(), "axe-core is not installed: run `make test-setup` (npm ci)"
    page.add_init_script(path=str(AXE))
    page.emulate_media(color_scheme=scheme)

    def check() -> list[str]:
        return [described(scheme, v) for v in axe_violations(page)]

    problems = for_every_page(page, tables, check)
    assert not problems, f"{len(problems)} axe violations:\n\n" + "\n\n".join(problems)


def test_no_page_scrolls_sideways_on_a_phone_at_a_table_of_eight_long_names(page: Page, tables: Tables):
    def check() -> list[str]:
        width = page.evaluate("document.documentElement.scrollWidth")
        return [f"{width}px wide on a {PHONE['width']}px screen"] if width > PHONE["width"] else []

    problems = for_every_page(page, tables, check)
    assert not problems, "\n".join(problems)


# where an element's centre is, is it what a tap there reaches (not under a sticky cell, not scrolled off)?
_TAPPABLE = """(element) => {
    const box = element.getBoundingClientRect();
    const x = box.x + box.width / 2, y = box.y + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit === element || element.contains(hit);
}"""


def test_the_score_table_scrolls_inside_itself_with_names_and_fix_in_reach(page: Page, tables: Tables, screenshot):
    visit(page, f"{tables.base}/s/{tables.edit}")
    table = page.get_by_role("region", name=re.compile("scores"))
    expect(table).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    scroller = table.element_handle()
    assert scroller.evaluate("el => el.scrollWidth > el.clientWidth"), "eight long names fit a phone? then no test"

    fix = page.get_by_role("link", name="Fix hand 3 (edit or delete)")
    fix.scroll_into_view_if_needed()
    hand = page.get_by_role("rowheader", name=re.compile(r"^3\b"))
    last_name = page.get_by_role("columnheader", name=LONG_NAMES[-1])
    # at first: the hand's number and its Fix link are in reach; the last player is scrolled off
    assert fix.evaluate(_TAPPABLE) and hand.evaluate(_TAPPABLE)
    assert not last_name.evaluate(_TAPPABLE)

    # a keyboard user scrolls the table itself: tab to it, then the arrow keys
    table.focus()
    expect(table).to_be_focused()
    for _ in range(40):
        page.keyboard.press("ArrowRight")
    assert scroller.evaluate("el => el.scrollLeft") > 0
    scroller.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    # scrolled to the end: the last player's column shows, the hand number and Fix stay where they were
    assert last_name.evaluate(_TAPPABLE)
    assert fix.evaluate(_TAPPABLE) and hand.evaluate(_TAPPABLE)
    screenshot(page)
    fix.tap()
    expect(page.get_by_role("heading", name=re.compile("hand 3", re.I))).to_be_visible()


def test_three_short_names_fit_the_phone_without_scrolling_the_table(page: Page, tables: Tables):
    for path in (f"/s/{tables.short}", f"/s/{tables.short}/review", f"/s/{tables.short}/print"):
        visit(page, tables.base + path)
        for box in page.locator(".table-wrap").all():
            if box.is_visible():
                assert box.evaluate("el => el.scrollWidth <= el.clientWidth"), f"{path}: a table of three scrolls"


def test_a_live_update_leaves_the_score_table_scrolled_where_it_was(page: Page, tables: Tables):
    visit(page, f"{tables.base}/s/{tables.view}")
    table = page.get_by_role("region", name=re.compile("scores"))
    table.evaluate("el => { el.scrollLeft = 300; }")
    table.focus()
    # another phone saves hand 4
    with tables.app.app_context():
        service.add_hand(Table.find(tables.edit).with_hands(), points_hand(LONG_NAMES, 2, 0, 0, 40, 0, 0, 0, 0, 0))
    expect(page.get_by_role("rowheader", name=re.compile(r"^4\b"))).to_be_attached(timeout=10_000)
    assert page.get_by_role("region", name=re.compile("scores")).evaluate("el => el.scrollLeft") == 300
    expect(page.get_by_role("region", name=re.compile("scores"))).to_be_focused()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_a_guests_pages(page: Page, lan_server, scheme: str):
    base, _ = lan_server
    page.add_init_script(path=str(AXE))
    page.emulate_media(color_scheme=scheme)
    problems: list[str] = []
    # a guest's home, and the pages only a host may open
    for path in ("/", "/sessions", "/players", "/host"):
        visit(page, base + path)
        problems += [f"{path}: {described(scheme, v)}" for v in axe_violations(page)]
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            problems.append(f"{path}: {width}px wide")
    assert not problems, "\n\n".join(problems)
