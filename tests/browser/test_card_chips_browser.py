"""Cards the browser draws (static/js/card-words.js) are the chips the server draws (templates/_card_chips.html)."""

from __future__ import annotations

from flask import render_template_string, url_for

# card lists as players type them: any case, commas, run together, wild cards with what they stand for,
# and text that is not cards (drawn as it is)
TYPED = ["7h 8h, 9h", "KS KD KC", "jk=8h 9H 10h", "7h8h9h", "10sJK", "td q♠", "joker *", "2c=QS AS",
         "as", "7X 8H", "JK=JK", "1H", "JK=", "",
         # a card by its rank alone, compact or apart, and runs by range (docs/rules.md 1): the same cases as
         # scorekeeper/engine/cards.py's doctests, so the browser's tokenizer and the engine's agree
         "KKK", "K K K", "q5", "8888888", "J K", "JK", "QJK", "10", "1010", "t", "KS KH K", "2C=Q", "k8h",
         "7-10H", "9-qs", "10-AH", "A-3d", "K-2H", "Q-3H", "10-7H", "7-7H", "7-H", "7-30H", "7-10", "A-AS",
         "7-9H,JK", "K-Q", "JKH", "7h8hX9h", "JK" * 30 + "X"]


def server_chips(app, typed: list[str]) -> tuple[str, list[str]]:
    """The chips the server's `cards` macro draws for each card list, and card-words.js's address."""
    with app.test_request_context():
        drawn = [render_template_string('{% from "_card_chips.html" import cards %}{{ cards(x) }}', x=text)
                 for text in typed]
        return url_for("static", filename="js/card-words.js"), drawn


def test_the_browser_draws_every_typed_card_list_as_the_servers_chips(page, lan_server):
    base, app = lan_server
    script, served = server_chips(app, TYPED)
    assert any('class="card-chip wild"' in html for html in served)
    assert any('class="card-chip "' in html for html in served), "text that is not cards is drawn too"
    assert any('class="card-chip suitless"' in html for html in served), "a card by its rank alone is drawn too"
    page.goto(f"{base}/check")
    drawn = page.evaluate(
        """async ([script, typed]) => {
            const { cardChips } = await import(script);
            return typed.map((text) => {
                const box = document.createElement("div");
                box.append(cardChips(text));
                return box.innerHTML;
            });
        }""",
        [script, TYPED],
    )
    assert dict(zip(TYPED, drawn)) == dict(zip(TYPED, served))
