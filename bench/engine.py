"""How fast the rules engine checks melds and scores sessions, against issue #2's targets.

Run with ``.venv/bin/python bench/engine.py`` (or ``make bench``); an optional
argument sets the seconds per measurement (default 1). Figures are this
process's CPU time, so other work on the machine skews them less than wall
time would; on a shared virtual machine they still vary by a third from run
to run, so compare runs made back to back.

Targets (issue #2):
- a 13-card meld with 4 wild cards checked in under 1 ms;
- a 1,000-hand 8-player session scored in under 100 ms. The web app keeps
  each version of a session scored (tables/standings_cache.py), and scores the
  whole session again only after a hand is edited or deleted: then the
  engine's one memo, of hands read (engine/hands.py), reads only the hand
  that changed.

Meld checks keep nothing between calls, so every figure is for a meld never
seen before. The session is a
realistic mix, dealt at random from two decks with jokers
(fixed seed): every hand different, entered card by card, with sets and
runs, wild cards, lay-offs onto other players' melds, cards left in hands,
some hands ended by the stock running out and some entered as points. Its
figures are for the session scored cold (nothing read before, as after a
restart) and warm (the same body scored again, as after an edit, when only
the edited hand is read afresh).

A yardstick is printed beside them: the same session walked, and an answer
of the same shape built, with no rule checked at all (`answer_floor`). It
shows how much of the session time is the interpreter building the answer
that API.md asks for, which no change to the rules engine can take away.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

# run from a checkout without installing the package
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import gcsafe  # noqa: E402
from scorekeeper.engine import check_meld, hands, score_session  # noqa: E402

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
SUITS = "SHDC"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PLAYERS = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
MELD_TARGET_MS = 1.0
SESSION_TARGET_MS = 100.0


# meld checks ----------------------------------------------------------------------


def run_with_wild_cards(length: int, wild: int) -> str:
    """A run of hearts of `length` cards from the ace up, `wild` of its inner cards replaced by jokers."""
    cards = [f"{rank}H" for rank in (RANKS + ["A"])[:length]]
    inner = list(range(1, length - 1)) or [0]
    for i in inner[:wild]:
        cards[i] = "JK"
    if wild > len(inner):  # a 3-card meld with two wild cards: the first card goes too
        cards[-1] = "JK"
    return " ".join(cards)


def forget_everything() -> None:
    """Empty the engine's memo of hands read, as after a restart."""
    hands.clear_memo()


def timed(call, cold: bool = True) -> float:
    """Seconds per call of `call` (the mean over SECONDS of calls), the engine's memo emptied before each call when `cold`."""
    count = 0
    spent = 0.0
    while spent < SECONDS or count < 3:
        if cold:
            forget_everything()
        start = time.process_time()
        call()
        spent += time.process_time() - start
        count += 1
    return spent / count


def meld_table() -> float:
    """Print meld checks per second for 3- to 13-card runs with 0 to 4 wild cards; answer the 13/4 time."""
    options = {"decks": 2}  # two decks: four jokers in play
    print("meld checks per second (cold), 500 Rum, runs of hearts with jokers")
    print("cards " + "".join(f"{w} wild".rjust(11) for w in range(5)))
    worst = 0.0
    for length in range(3, 14):
        row = []
        for wild in range(5):
            if wild >= length - 1:
                row.append("-".rjust(11))
                continue
            meld = run_with_wild_cards(length, wild)
            assert check_meld(meld, options=options)["legal"], meld
            seconds = timed(lambda meld=meld: check_meld(meld, options=options))
            row.append(f"{1 / seconds:>11,.0f}")
            if length == 13 and wild == 4:
                worst = seconds
        print(f"{length:>5} " + "".join(row))
    return worst


# a realistic session -----------------------------------------------------------------


def deal_hand(rng: random.Random, players: list[str]) -> dict:
    """One 500 Rum hand for 8 players from two decks with 4 jokers, entered card by card, all rules kept."""
    shoe = [f"{r}{s}" for s in SUITS for r in RANKS] * 2 + ["JK"] * 4
    rng.shuffle(shoe)
    left = {card: shoe.count(card) for card in set(shoe)}

    def take(card: str) -> bool:
        if left.get(card, 0) <= 0:
            return False
        left[card] -= 1
        return True

    high = RANKS + ["A"]  # places in a run, the ace last when high

    def some_meld() -> tuple[list[str], dict | None] | None:
        """Cards of a legal meld still in the shoe, and for a run where it ends (to lay off onto)."""
        for _ in range(20):
            run = None
            if rng.random() < 0.5:
                rank = rng.choice(RANKS)
                cards = [f"{rank}{s}" for s in rng.sample(SUITS, rng.choice((3, 3, 4)))]
            else:
                suit = rng.choice(SUITS)
                length = rng.choice((3, 3, 4, 4, 5, 6, 7))
                start = rng.randrange(0, 14 - length + 1)
                cards = [f"{high[i]}{suit}" for i in range(start, start + length)]
                run = {"suit": suit, "top": start + length - 1}
            if rng.random() < 0.3:
                cards[rng.randrange(len(cards))] = "JK"
            if run and rng.random() < 0.5:
                cards.reverse()  # melds are entered in any order
            need = {c: cards.count(c) for c in cards}
            if all(left.get(c, 0) >= n for c, n in need.items()):
                for c in cards:
                    take(c)
                return cards, run
        return None

    goer = rng.choice(players) if rng.random() < 0.85 else None
    entries: dict[str, dict] = {}
    runs: list[tuple[str, int, dict]] = []
    for name in players:
        wanted = rng.choice((0, 1, 1, 2, 2, 3)) or (1 if name == goer else 0)
        melds = [m for m in (some_meld() for _ in range(wanted)) if m]
        entries[name] = {"melds": [" ".join(cards) for cards, _ in melds], "layoffs": [], "in_hand": []}
        runs += [(name, i, run) for i, (_, run) in enumerate(melds) if run]
    for name in players:
        # lay the next card off onto the high end of someone's run, while the shoe still has it
        for owner, index, run in rng.sample(runs, min(2, len(runs))):
            if rng.random() < 0.5 or run["top"] >= 12:
                continue
            card = f"{high[run['top'] + 1]}{run['suit']}"
            if take(card):
                run["top"] += 1
                entries[name]["layoffs"].append({"cards": card, "onto": {"player": owner, "meld": index}})
    for name in players:
        if name != goer:
            entries[name]["in_hand"] = [c for c in (rng.choice(shoe) for _ in range(rng.randrange(0, 7))) if take(c)]
    hand = {"players": entries}
    hand |= {"ended": "went_out", "went_out": goer} if goer else {"ended": "stock_exhausted"}
    return hand


def session(hands: int, seed: int = 500) -> dict:
    """An 8-player 500 Rum session of `hands` different hands; about one in ten entered as points."""
    rng = random.Random(seed)
    entered = []
    for _ in range(hands):
        if rng.random() < 0.1:
            entered.append({"ended": "went_out", "went_out": "Ann", "points": {p: rng.randrange(-60, 120) for p in PLAYERS}})
        else:
            entered.append(deal_hand(rng, PLAYERS))
    return {"game": "rummy500", "options": {"target": 10**9}, "players": PLAYERS, "hands": entered}


def answer_floor(body: dict) -> list[dict]:
    """The least any scorer of this session does, with every rule left out: a yardstick, not a scorer.

    It walks every hand as entered, splits each meld once, counts each hand's
    cards once, and builds an answer of the API's shape (every meld, lay-off
    and card left in hand written out per hand, with scores and totals), but
    checks nothing: no reading, no lay-off placing, no values. What the
    engine takes beyond this is the cost of the rules themselves.
    """
    names = body["players"]
    split: dict[str, list[str]] = {}
    totals = dict.fromkeys(names, 0)
    answer = []
    for raw in body["hands"]:
        players = raw.get("players")
        if players is None:
            scores = dict(raw["points"])
            answer.append({"scores": scores, "totals": dict(totals), "status": "in_progress", "winner": None,
                           "reason": "", "went_out": raw.get("went_out"), "entered_as_points": True})
            continue
        seen: list[str] = []
        details = {}
        for name in names:
            entry = players.get(name) or {}
            melds = []
            for meld in entry.get("melds", []):
                cards = split.get(meld)
                if cards is None:
                    cards = split[meld] = meld.split()
                seen += cards
                melds.append({"kind": "run", "represents": list(cards), "points": 0, "cards": list(cards), "notation": meld})
            layoffs = []
            for layoff in entry.get("layoffs", []):
                cards = layoff["cards"].split()
                seen += cards
                onto = layoff["onto"]
                layoffs.append({"cards": cards, "onto": {"player": onto["player"], "meld": onto["meld"]}, "points": 0})
            in_hand = list(entry.get("in_hand", []))
            seen += in_hand
            details[name] = {"melds": melds, "layoffs": layoffs, "in_hand": in_hand, "melded_points": 0, "in_hand_points": 0}
        max(Counter(seen).values())
        answer.append({"scores": dict.fromkeys(names, 0), "totals": dict(totals), "status": "in_progress", "winner": None,
                       "reason": "", "went_out": raw.get("went_out"), "entered_as_points": False, "players": details})
    return answer


def main() -> None:
    """Print the meld table, the session figures, and each against its target."""
    # collect garbage as the app does (scorekeeper/gcsafe.py: at safe points, on CPython 3.11), so the
    # figures are those of a page view
    gcsafe.install()
    worst = meld_table()
    body = session(1000)
    cold = timed(lambda: score_session(body))
    warm = timed(lambda: score_session(body), cold=False)
    floor = timed(lambda: answer_floor(body), cold=False)
    print()
    print(f"score_session, 500 Rum, 8 players, 1,000 different hands: cold {1000 * cold:8.1f} ms, warm {1000 * warm:8.1f} ms")
    print(f"yardstick: walking the same session and building an answer of the same shape, no rule checked:"
          f" {1000 * floor:.1f} ms")
    print()
    print(f"target: 13-card meld with 4 wild cards in under {MELD_TARGET_MS:g} ms:"
          f" {1000 * worst:.3f} ms  {'MET' if worst * 1000 < MELD_TARGET_MS else 'MISSED'}")
    for label, seconds in (("warm (page view)", warm), ("cold (first read)", cold)):
        verdict = "MET" if seconds * 1000 < SESSION_TARGET_MS else "MISSED"
        print(f"target: 1,000-hand 8-player session in under {SESSION_TARGET_MS:g} ms, {label}: {1000 * seconds:.1f} ms  {verdict}")


if __name__ == "__main__":
    main()
