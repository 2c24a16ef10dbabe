"""How many inputs a hand of real cards costs on a 390x844 phone (issue 35), counted as a person makes them.

Run with ``.venv/bin/python bench/entry.py`` (it needs Playwright and Debian's chromium, the test extra).

It serves the app of this checkout on a temporary database and drives chromium, a phone of 390x844 with
touch, through the hand form with the fewest inputs the app allows, for four hands:

- a 4-player 500 Rum hand: the player who went out has two melds, each other player two melds and three
  cards left;
- a Canasta side with a natural canasta of eights, a mixed canasta and two red threes (the other side a
  meld and three cards left);
- an Indian Rummy 13-card show and three losers;
- a Gin knock with a lay-off (the defender's cards arranged by the engine, a lay-off among them).

Each input is counted as a person makes it: every key typed (a space too), every tap, and one Enter
each time the keyboard's Enter moves on or saves. A tap is counted to open the hand form from the
scoreboard, to focus a field the focus did not move to (Enter is used instead only where the page
says it moves there: the field's enterkeyhint, and the page's own next-field module), to choose in a
list (two: open it, choose), to choose in a row of names (one: who went out), to tick a box, to add a row,
and to save. Scrolling is not an input.

Every hand is entered twice, in the shortest notation the game takes (ranges, cards by rank alone) and
with every card written in full (compact notation, ``7h8h9h``), each in a game of its own; the two
stored hands must score exactly the same (the engine scores them from the database), or the bench
fails. Then each player enters their own part on a phone of their own ("Enter my own cards", from the
QR code: scanning is not an input), and the table's phone saves the hand: the slowest player's inputs
and the table phone's are given, and that hand must score the same too.

It prints a table, and last ``inputs per typical hand: N``: the 500 Rum hand on one phone, in shorthand.
"""

from __future__ import annotations

import logging
import re
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from sqlalchemy import select  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from scorekeeper import create_app, engine  # noqa: E402
from scorekeeper.models import GameSession  # noqa: E402
from scorekeeper.tables.service import session_body  # noqa: E402

PHONE = {"width": 390, "height": 844}
CHROMIUM = "/usr/bin/chromium-headless-shell"
SETTLE_MS = 600  # the live checks' delay (300 ms) and answer, on a machine shared with other work
GOALS = {"one phone (500 Rum)": 50, "slowest own phone": 15, "seven eights in Canasta (keys)": 8}


@dataclass(frozen=True)
class Fill:
    """Cards (or a count) typed into the field labelled `label`: `short` in shorthand, `full` every card in full."""

    label: str
    short: str
    full: str | None = None

    def text(self, full: bool) -> str:
        """What is typed in this mode."""
        return self.full if full and self.full is not None else self.short


@dataclass(frozen=True)
class Choose:
    """A choice in a list (the cut joker, gin's knocker on the whole-hands page): two taps, to open it and to choose."""

    label: str
    option: str


@dataclass(frozen=True)
class Pick:
    """A choice in a row of radios (who went out): one tap on the name, in the group its legend names."""

    label: str
    option: str


@dataclass(frozen=True)
class Tap:
    """One tap on a button or box, found by its role and name."""

    role: str
    name: str
    # what the tap brings (gin's "Work it out": the page with the arrangement found), waited for as a person does
    brings: str | None = None


Step = Fill | Choose | Pick | Tap


@dataclass(frozen=True)
class Part:
    """One player's own part, typed on their own phone: who they are, then their steps."""

    player: str
    steps: list[Step]


@dataclass(frozen=True)
class Scenario:
    """A hand of a game: the table, the steps on one phone, and each player's own part."""

    title: str
    game: str
    players: list[str]
    steps: list[Step]
    options: dict[str, Any] = field(default_factory=dict)
    parts: list[Part] = field(default_factory=list)
    # what the table's phone still chooses once every part is in (who went out, the cut joker)
    table_steps: list[Step] = field(default_factory=list)


RUMMY_PLAYERS = ["Ann", "Ben", "Cy", "Dee"]
RUMMY_CARDS = {
    # Ben went out: two melds, no cards left; the others two melds and three cards left each
    "Ben": [("3-5S", "3s4s5s"), ("KKK", "khkskd")],
    "Cy": [("7-9H", "7h8h9h"), ("QQQ", "qhqsqd"), ("469", "4c6d9s")],
    "Dee": [("5-7C", "5c6c7c"), ("JJJ", "jhjsjc"), ("AA7", "ahas7s")],
    "Ann": [("9-JD", "9d10djd"), ("222", "2h2s2d"), ("8A3", "8sac3h")],
}


def rummy_fills(name: str, own: bool) -> list[Step]:
    """A 500 Rum player's fields, as labelled on the hand form or (own) on their own page."""
    labels = (["My meld 1", "My meld 2", "Cards left in my hand"] if own
              else [f"{name}'s meld 1", f"{name}'s meld 2", f"{name}'s cards left in hand"])
    return [Fill(label, short, full) for label, (short, full) in zip(labels, RUMMY_CARDS[name])]


CANASTA_SIDES = ["Ann & Cy", "Ben & Dee"]
A, B = CANASTA_SIDES
CANASTA_CARDS: dict[str, list[tuple[str, str, str]]] = {
    # the side that went out: a natural canasta of eights, a mixed canasta of nines, two red threes
    A: [("meld 1", "8888888", "8h8s8d8c8h8s8d"), ("meld 2", "999992JK", "9h9s9d9c9h2cjk"), ("Red threes", "2", "2")],
    B: [("meld 1", "AAA", "ahasad"), ("cards left in hand", "594", "5h9c4d")],
}
OWN_LABELS = {"meld 1": "My meld 1", "meld 2": "My meld 2", "cards left in hand": "Cards left in my hand",
              "Red threes": "My Red threes", "group 1": "My meld 1", "group 2": "My meld 2", "group 3": "My meld 3",
              "group 4": "My meld 4", "ungrouped cards": "Cards left in my hand"}


def side_fills(cards: dict[str, list[tuple[str, str, str]]], name: str, own: bool) -> list[Step]:
    """A side's or player's fields, by the words after their name ("meld 1"), on the hand form or their own page."""
    return [Fill(OWN_LABELS[what] if own else f"{name}'s {what}", short, full) for what, short, full in cards[name]]


INDIAN_PLAYERS = ["Ann", "Ben", "Cy", "Dee"]
INDIAN_CARDS: dict[str, list[tuple[str, str, str]]] = {
    # the cut joker is 9: Ann shows 13 cards in four groups; three losers count theirs
    "Ann": [("group 1", "2-4H", "2h3h4h"), ("group 2", "6S7S9C", "6s7s9c"), ("group 3", "KDKHKS", "kdkhks"),
            ("group 4", "10-KC", "10cjcqckc")],
    "Ben": [("group 1", "4-6S", "4s5s6s"), ("group 2", "7D8D9H", "7d8d9h"), ("ungrouped cards", "KQ9", "kcqd9s")],
    "Cy": [("group 1", "QSQHQC", "qsqhqc"), ("ungrouped cards", "QQJ1010874", "qhqdjh10d10s8s7s4s")],
    "Dee": [("group 1", "3-5C", "3c4c5c"), ("ungrouped cards", "AKQJ", "ahkdqsjd")],
}

GIN_PLAYERS = ["Ann", "Ben"]
# docs/rules.md 4.8: Ann knocks with 2D; Ben lays off 4S 5S and 8C QC, keeps 3H 5D 9D
GIN_HANDS = {"Ann": ("A-3S 7H7D7C 9-JC 2D", "as2s3s7h7d7c9c10cjc2d"), "Ben": ("4S5SKHKDKS8CQC3H5D9D", "4s5skhkdks8cqc3h5d9d")}


def scenarios() -> list[Scenario]:
    """The four hands of the issue."""
    rummy = Scenario(
        "500 Rum, 4 players", "rummy500", RUMMY_PLAYERS,
        [Pick("Who went out", "Ben"), *[s for name in ("Ben", "Cy", "Dee", "Ann") for s in rummy_fills(name, False)]],
        parts=[Part("Ben", [*rummy_fills("Ben", True)[:2], Tap("checkbox", "I went out this hand")]),
               *[Part(name, rummy_fills(name, True)) for name in ("Cy", "Dee", "Ann")]],
    )
    canasta = Scenario(
        "Canasta, two sides", "canasta", CANASTA_SIDES,
        [Pick("Who went out", A), *side_fills(CANASTA_CARDS, A, False), *side_fills(CANASTA_CARDS, B, False)],
        parts=[Part(A, [*side_fills(CANASTA_CARDS, A, True), Tap("checkbox", "I went out this hand")]),
               Part(B, side_fills(CANASTA_CARDS, B, True))],
    )
    indian_own = {
        "Ann": [Tap("button", "Another meld"), Tap("button", "Another meld"), *side_fills(INDIAN_CARDS, "Ann", True),
                Tap("checkbox", "I went out this hand")],
    }
    indian = Scenario(
        "Indian Rummy, a show and 3 losers", "indian", INDIAN_PLAYERS,
        [Choose("Cut joker", "9"), Pick("Who declared", "Ann"),
         *[s for name in INDIAN_PLAYERS for s in side_fills(INDIAN_CARDS, name, False)]],
        # each player's own page asks the cut joker too: their groups are checked against it
        parts=[Part(name, [Choose("Wild rank this hand", "9"), *indian_own.get(name, side_fills(INDIAN_CARDS, name, True))])
               for name in INDIAN_PLAYERS],
    )
    gin = Scenario(
        "Gin, a knock with a lay-off", "gin", GIN_PLAYERS,
        [Choose("Who knocked", "Ann"), *[Fill(f"{name}'s cards", *GIN_HANDS[name]) for name in GIN_PLAYERS],
         Tap("button", "Work it out", brings="#gin-result")],
    )
    return [rummy, canasta, indian, gin]


class Phone:
    """One phone's page, counting the inputs made on it."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.inputs = 0
        self.keys = 0

    def tap(self, locator) -> None:
        """One tap."""
        locator.tap()
        self.inputs += 1

    def type(self, text: str) -> None:
        """Every key of `text`, a space too."""
        self.page.keyboard.type(text)
        self.inputs += len(text)
        self.keys += len(text)

    def enter(self) -> None:
        """The keyboard's Enter."""
        self.page.keyboard.press("Enter")
        self.inputs += 1

    def enter_moves_to(self, field) -> bool:
        """Whether the keyboard's Enter in the focused field goes to `field` (the page's own next-field module says)."""
        return bool(self.page.evaluate(NEXT_IS, field.element_handle()))

    def enter_saves(self) -> bool:
        """Whether the keyboard's Enter in the focused field saves the form now (its key says "done")."""
        return bool(self.page.evaluate("() => document.activeElement?.enterKeyHint === 'done'"))

    def focus(self, field) -> None:
        """Bring the focus to `field` the cheapest way the page allows: already there, one Enter, or a tap."""
        if field.evaluate("field => field === document.activeElement"):
            return
        if self.enter_moves_to(field):
            self.enter()
        else:
            # a person looks before tapping: the live check of the field just typed has answered, and what it
            # moved has stopped moving (a tap aimed while it moved would miss, and not count as the app's)
            self.page.wait_for_timeout(SETTLE_MS)
            self.tap(field)
        expect(field).to_be_focused()

    def step(self, step: Step, full: bool) -> None:
        """Do one step as a person does it."""
        if isinstance(step, Fill):
            field = self.page.get_by_label(step.label, exact=True)
            self.focus(field)
            self.type(step.text(full))
        elif isinstance(step, Choose):
            self.page.get_by_label(step.label, exact=True).select_option(step.option)
            self.inputs += 2
        elif isinstance(step, Pick):
            group = self.page.get_by_role("group", name=step.label, exact=True)
            self.tap(group.get_by_role("radio", name=step.option, exact=True))
        else:
            self.tap(self.page.get_by_role(step.role, name=step.name, exact=True))  # type: ignore[arg-type]
            if step.brings:
                expect(self.page.locator(step.brings)).to_be_visible()
                self.page.wait_for_load_state("networkidle")

    def save(self, name: str) -> None:
        """Save: the last field's Enter where it saves, else a tap on the button."""
        if self.enter_saves():
            self.enter()
        else:
            self.tap(self.page.get_by_role("button", name=name))


# the page's own answer to "where does Enter go from here?" (static/js/next-field.js, the very module the page
# loaded: same address, same module); false where the page has none (Enter there is the browser's own)
NEXT_IS = """async (target) => {
  const from = document.activeElement;
  const link = document.querySelector('link[rel=modulepreload][href*="/next-field."]');
  if (!link || !from || !from.form || !from.getAttribute("enterkeyhint")) return false;
  const { nextField } = await import(link.href);
  return nextField(from.form, from) === target;
}"""


class NotSaved(Exception):
    """The app refused to save the hand as entered."""


def settled(page: Page, address: str) -> None:
    """Wait, as a person does, for the page tapped to be there with its scripts (a draft kept on the phone put back)."""
    page.wait_for_url(address)
    page.wait_for_load_state("networkidle")


def saved(page: Page, address: str, title: str) -> None:
    """Wait for the scoreboard a saved hand goes back to; a refused hand stops the bench with the form's words."""
    try:
        page.wait_for_url(address, timeout=10_000)
    except PlaywrightError:
        words = page.locator("#form-error, [role=alert], [role=status]:not([hidden])").all_inner_texts()
        raise NotSaved(f"{title}: the hand was not saved: {' '.join(words).split(chr(10))[0] or page.url}") from None


class Table:
    """The app of this checkout served on a temporary database, and a browser of phones."""

    def __init__(self, folder: Path, browser) -> None:
        logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line per request would bury the table
        self.app = create_app({"SECRET_KEY": "bench", "LIVE_POLL_MS": 60_000}, data_dir=folder)
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.browser = browser

    def phone(self) -> Phone:
        """A new phone (its own cookies and storage)."""
        context = self.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        return Phone(context.new_page())

    def start(self, scenario: Scenario) -> str:
        """A new game of the scenario's players; its scoreboard's address."""
        page = self.phone().page
        page.goto(f"{self.url}/new/{scenario.game}")
        for seat, name in enumerate(scenario.players, start=1):
            page.get_by_label(re.compile(rf"^(Seat|Side) {seat}\b")).first.fill(name)
        page.get_by_role("button", name="Start the game").tap()
        page.wait_for_url("**/s/**")
        address = page.url
        page.context.close()
        return address

    def scores(self, address: str) -> dict[str, int]:
        """The engine's scores of the game's one hand, from the database."""
        token = address.rstrip("/").rsplit("/", 1)[-1]
        with self.app.app_context():
            from scorekeeper.extensions import db

            gs = db.session.execute(select(GameSession).where(GameSession.edit_token == token)).scalar_one()
            body = session_body(gs)
            self.last_body = body
            hands = engine.score_session(body)["hands"]
            if len(hands) != 1:
                raise SystemExit(f"{address} has {len(hands)} hands, not 1")
            return dict(hands[0]["scores"])

    def one_phone(self, scenario: Scenario, full: bool) -> tuple[int, int, dict[str, int]]:
        """The hand entered on one phone from its scoreboard: (inputs, keys typed, scores stored)."""
        address = self.start(scenario)
        phone = self.phone()
        page = phone.page
        page.goto(address)
        # gin's whole hands where the scoreboard links them apart (before issue 35), else Enter hand
        whole = page.get_by_role("link", name="Enter both hands of cards")
        phone.tap(whole if whole.count() else page.get_by_role("link", name="Enter hand 1").first)
        settled(page, "**/hands/gin" if scenario.game == "gin" else "**/hands/new")
        for step in scenario.steps:
            phone.step(step, full)
        phone.save("Save hand 1")
        saved(page, address, scenario.title)
        expect(page.get_by_role("status").filter(has_text="Hand 1 saved")).to_be_visible()
        page.context.close()
        return phone.inputs, phone.keys, self.scores(address)

    def own_phones(self, scenario: Scenario) -> tuple[dict[str, int], int, dict[str, int]]:
        """Each player's part on their own phone, then the table's phone saves: (inputs by player, table's, scores)."""
        address = self.start(scenario)
        token = address.rstrip("/").rsplit("/", 1)[-1]
        by_player: dict[str, int] = {}
        for part in scenario.parts:
            phone = self.phone()
            phone.page.goto(f"{self.url}/s/{token}/my-hand")  # the QR code scanned: not an input
            phone.tap(phone.page.get_by_role("link", name=f"I am {part.player}"))
            settled(phone.page, "**/my-hand?seat=*")
            for step in part.steps:
                phone.step(step, full=False)
            phone.save("Send my part")
            expect(phone.page.get_by_text("was sent").first).to_be_visible()
            by_player[part.player] = phone.inputs
            phone.page.context.close()
        table = self.phone()
        table.page.goto(address)
        table.tap(table.page.get_by_role("link", name="Enter hand 1").first)
        settled(table.page, "**/hands/new")
        for name in [part.player for part in scenario.parts]:
            # every part merged in before anything is saved
            expect(table.page.locator(f'details.player-card[data-name="{name}"] [data-summary]')).not_to_have_text(
                "nothing entered")
        for step in scenario.table_steps:
            table.step(step, full=False)
        table.tap(table.page.get_by_role("button", name="Save hand 1"))
        saved(table.page, address, f"{scenario.title} (own phones)")
        table.page.context.close()
        return by_player, table.inputs, self.scores(address)


def main() -> None:
    rows = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        table = Table(Path(folder), browser)
        for scenario in scenarios():
            short, keys, scores = table.one_phone(scenario, full=False)
            short_body = table.last_body
            full, _, full_scores = table.one_phone(scenario, full=True)
            if scores != full_scores:
                print(short_body["hands"], table.last_body["hands"], sep="\n", file=sys.stderr)
                raise SystemExit(f"{scenario.title}: shorthand scores {scores}, in full {full_scores}")
            own = ("-", "-", "-")
            if scenario.parts:
                try:
                    by_player, table_inputs, own_scores = table.own_phones(scenario)
                except NotSaved as refused:
                    # the parts were sent, but the table's phone could not save them as they came
                    notes.append(str(refused))
                    own = ("not saved", "-", "-")
                else:
                    if own_scores != full_scores:
                        raise SystemExit(f"{scenario.title}: own phones score {own_scores}, in full {full_scores}")
                    slowest = max(by_player, key=by_player.__getitem__)
                    own = (f"{by_player[slowest]} ({slowest})", str(table_inputs), "same")
            rows.append((scenario.title, str(short), str(full), *own, "same", str(keys)))
            if scenario.game == "canasta":
                eights = len(CANASTA_CARDS[A][0][1])
        browser.close()
        table.server.shutdown()
    heads = ("hand", "one phone", "in full", "slowest own phone", "table phone", "own = full", "short = full",
             "keys typed")
    widths = [max(len(row[i]) for row in [heads, *rows]) for i in range(len(heads))]
    for row in [heads, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    for note in notes:
        print(note)
    print(f"Canasta's seven eights: {eights} keystrokes (goal at most {GOALS['seven eights in Canasta (keys)']})")
    print(f"goals: one phone at most {GOALS['one phone (500 Rum)']}, the slowest own phone at most "
          f"{GOALS['slowest own phone']}")
    print(f"inputs per typical hand: {rows[0][1]}")


if __name__ == "__main__":
    main()
