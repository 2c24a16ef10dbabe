"""One hand as entered, read and checked against the rules (docs/rules.md section 3).

:func:`read_hand` turns a hand of the scoring body into a :class:`Hand`: every
meld read, every lay-off placed on its meld, every card counted against the
decks. Anything unreadable raises :class:`InputError`, anything against the
rules :class:`RulesError`, both naming the hand, the player and the entry.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from scorekeeper.engine.cards import JOKER, Card, CardNotationError, MeldCard, parse_cards, parse_meld_cards
from scorekeeper.engine.errors import EngineError, InputError, RulesError
from scorekeeper.engine.games import Rules, card_table
from scorekeeper.engine.gin import GIN_RULES, gin_arrange, meld_eleventh
from scorekeeper.engine.gin import arrangement as gin_arrangement
from scorekeeper.engine.gin_rules import HAND_SIZE, deadwood_value
from scorekeeper.engine.gin_solver import mask_of, optimal_set_masks
from scorekeeper.engine.meld_check import read_wild_rank
from scorekeeper.engine.melds import Reading, analyse, check, deck_problem, extend, meld_points

ENDINGS = ("went_out", "stock_exhausted")


@dataclass(slots=True)
class LayOff:
    """Cards one player laid off onto a meld on the table, and what they scored."""

    cards: list[MeldCard]
    owner: str
    meld: int
    points: int = 0


@dataclass(slots=True)
class PlayerHand:
    """What one player put down and kept in one hand."""

    name: str
    melds: list[Reading] = field(default_factory=list)
    layoffs: list[LayOff] = field(default_factory=list)
    in_hand: list[Card] = field(default_factory=list)
    melded_points: int = 0
    in_hand_points: int = 0
    entered: list[tuple[MeldCard, ...]] = field(default_factory=list)  # each meld's cards as entered

    def card_count(self) -> int:
        """How many cards the player held at the end: melded, laid off and left in hand."""
        return sum(len(m.cards) for m in self.melds) + sum(len(x.cards) for x in self.layoffs) + len(self.in_hand)


@dataclass(slots=True)
class Hand:
    """One hand, read and checked: how it ended, and each player's cards (or plain points)."""

    number: int
    ended: str
    went_out: str | None
    concealed: bool
    wild_rank: int | None
    points: dict[str, int] | None = None
    players: dict[str, PlayerHand] = field(default_factory=dict)
    big_gin: bool = False
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)  # scoring's details and warnings, kept with the hand memo below

    @property
    def as_points(self) -> bool:
        """True for a hand entered as plain numbers."""
        return self.points is not None


class _Problems:
    """Builds errors that name the hand, and the player and entry when known."""

    def __init__(self, number: int) -> None:
        self.number = number

    def __call__(self, kind: type[EngineError], message: str, player: str | None = None, **where: Any) -> EngineError:
        return kind(f"hand {self.number}: {message}", hand=self.number, player=player, **where)


# the engine's one memo, of hands read (with what scoring keeps in Hand.memo): it pays, a 30-hand page view after an edit takes 10 ms with it and 28 ms without
_READ: dict[tuple[Any, ...], Hand] = {}
_READ_LIMIT = 5_000  # a few long sessions: enough for every page view of the tables playing now


def clear_memo() -> None:
    """Forget the hands read so far (for benchmarks that time a session never seen before)."""
    _READ.clear()


def read_hand(raw: object, number: int, rules: Rules, names: list[str]) -> Hand:
    """Read hand `number` (from 1) of a session played by `names` under `rules`, checking every rule.

    A pure function of its arguments, memoised on an exact copy of the hand
    as entered (its pickle), so a session scored again reads only the hands
    that changed. The Hand returned is shared: treat it as read-only.
    """
    try:
        key: tuple[Any, ...] | None = (pickle.dumps(raw, 5), number, rules.key, tuple(names))
    except Exception:  # noqa: BLE001 - anything that cannot be pickled is simply read afresh
        key = None
    if key is not None:
        known = _READ.get(key)
        if known is not None:
            return known
    hand = _read_hand(raw, number, rules, names)
    if key is not None:
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        _READ[key] = hand
    return hand


def _read_hand(raw: object, number: int, rules: Rules, names: list[str]) -> Hand:
    problem = _Problems(number)
    if not isinstance(raw, Mapping):
        raise problem(InputError, "a hand must be an object with `ended` and `players` or `points`")
    ended = raw.get("ended", "went_out")
    if ended not in ENDINGS:
        raise problem(InputError, f"`ended` must be went_out or stock_exhausted, not {ended!r}", field="ended")
    went_out = _read_went_out(raw.get("went_out"), ended, names, problem)
    concealed = raw.get("concealed", False)
    if not isinstance(concealed, bool):
        raise problem(InputError, "`concealed` must be true or false")
    if concealed and went_out is None:
        raise problem(RulesError, "only a player who went out can go out concealed", field="went_out")
    as_points = "points" in raw
    if as_points and "players" in raw:
        # which would count? refuse rather than silently drop the cards (docs/rules.md 3: cards, or plain numbers)
        raise problem(
            InputError, "a hand is entered either with cards (`players`) or as points (`points`), not both", field="points"
        )
    try:
        # plain points need no wild rank: nothing is checked against it
        wild_rank = None if as_points and raw.get("wild_rank") in (None, "") else read_wild_rank(raw.get("wild_rank"), rules)
    except InputError as exc:
        raise problem(InputError, str(exc), field="wild_rank") from None
    big_gin = raw.get("big_gin", False)
    if not isinstance(big_gin, bool):
        raise problem(InputError, "`big_gin` must be true or false")
    hand = Hand(number, ended, went_out, concealed, wild_rank, big_gin=big_gin)

    if as_points:
        hand.points = _read_points(raw["points"], names, problem)
        return hand
    players = raw.get("players")
    if not isinstance(players, Mapping):
        raise problem(InputError, "a hand needs `players` (the cards of each player) or `points`")
    for name in players:
        if name not in names:
            raise problem(InputError, f"`{name}` is not a player in this session: players are {', '.join(names)}")
    if rules.variant.knocks:
        players = _arrange_gin_players(players, hand, names, problem)
    entries = {name: players.get(name) or {} for name in names}
    for name, entry in entries.items():
        if type(entry) is not dict and not isinstance(entry, Mapping):  # dict first: an ABC check is slow
            raise problem(InputError, f"{name}'s entry must be an object with melds, layoffs and in_hand", name)
    _read_cards(entries, hand, rules, problem)
    _check_decks(hand, rules, problem)
    _place_layoffs(hand, rules, problem)
    _check_going_out(hand, rules, problem)
    values = card_table(rules, wild_rank, "in_hand_points")
    for player in hand.players.values():
        melded = 0  # plain loops: this runs for every player of every hand
        for meld in player.melds:
            melded += meld_points(meld, rules, wild_rank)
        for layoff in player.layoffs:
            melded += layoff.points
        player.melded_points = melded
        player.in_hand_points = sum(map(values.__getitem__, player.in_hand))
    if rules.variant.knocks:
        _check_gin(hand, rules, problem)
    return hand


def _read_went_out(value: object, ended: str, names: list[str], problem: _Problems) -> str | None:
    if isinstance(value, list):
        for item in value:
            if not isinstance(item, str):
                raise problem(InputError, f"`went_out` must name players, not {item!r}", field="went_out")
            if item and item not in names:
                raise problem(InputError, f"`{item}` went out, but is not a player in this session", field="went_out")
        if len(value) > 1:
            both = " and ".join(str(v) for v in value)
            raise problem(RulesError, f"only one player can go out in a hand, but {both} are named", field="went_out")
        value = value[0] if value else None
    if value is not None and not isinstance(value, str):
        raise problem(InputError, f"`went_out` must be a player's name, not {value!r}", field="went_out")
    if ended == "stock_exhausted":
        if value not in (None, ""):
            raise problem(
                RulesError, f"the stock ran out, so nobody went out, but {value} is named", field="went_out"
            )
        return None
    if value in (None, ""):
        raise problem(InputError, "say who went out (`went_out`), or that the stock ran out", field="went_out")
    if value not in names:
        raise problem(InputError, f"`{value}` went out, but is not a player in this session", field="went_out")
    return str(value)


def _read_points(points: object, names: list[str], problem: _Problems) -> dict[str, int]:
    if not isinstance(points, Mapping):
        raise problem(InputError, "`points` must be an object of player names and whole numbers", field="points")
    read = {}
    for name in names:
        value = points.get(name, 0)
        if type(value) is not int:
            raise problem(InputError, f"{name}'s points must be a whole number, not {value!r}", name, field="points")
        read[name] = value
    for name in points:
        if name not in names:
            raise problem(InputError, f"`{name}` is not a player in this session", field="points")
    return read


def _label(name: str, field: str, index: int = 0) -> str:
    """How an error names an entry: "Ann's meld 2", "Ann's lay-off 1", "Ann's cards left in hand"."""
    if field == "melds":
        return f"{name}'s meld {index + 1}"
    if field == "layoffs":
        return f"{name}'s lay-off {index + 1}"
    return f"{name}'s cards left in hand"


def _where(field: str, index: int = 0) -> dict[str, Any]:
    """The error fields that point at an entry (the API adds meld and lay-off indexes)."""
    if field == "melds":
        return {"field": field, "meld": index}
    if field == "layoffs":
        return {"field": field, "layoff": index}
    return {"field": field}


def _card_list(
    value: object, player: str, problem: _Problems, field: str, index: int = 0, *, meld_notation: bool
) -> list[Any]:
    """The cards of one entry (a lay-off's, or those left in hand), read; errors name the entry.

    Labels are built only for an error: this runs for every entry of every hand.
    """
    if value is None:
        return []
    if not isinstance(value, (str, list, tuple)):
        raise problem(
            InputError, f"{_label(player, field, index)} must be cards, like \"7H 8H 9H\" or [\"7H\", \"8H\"]",
            player, **_where(field, index),
        )
    try:
        return parse_meld_cards(value) if meld_notation else parse_cards(value)
    except CardNotationError as exc:
        raise problem(InputError, f"{_label(player, field, index)}: {exc}", player, **_where(field, index)) from None


def _read_cards(entries: dict[str, Mapping[str, Any]], hand: Hand, rules: Rules, problem: _Problems) -> None:
    for name, entry in entries.items():
        player = hand.players[name] = PlayerHand(name)
        player.melds = _read_melds(name, entry.get("melds"), rules, hand.wild_rank, problem, player.entered)
        layoffs = entry.get("layoffs") or []
        if not isinstance(layoffs, list):
            raise problem(InputError, f"{name}'s layoffs must be a list", name, field="layoffs")
        for index, layoff in enumerate(layoffs):
            onto = layoff.get("onto") if type(layoff) is dict or isinstance(layoff, Mapping) else None
            if type(onto) is not dict and not isinstance(onto, Mapping):
                raise problem(
                    InputError,
                    f"{_label(name, 'layoffs', index)} must give `cards` and `onto` ({{\"player\": ..., \"meld\": index}})",
                    name, field="layoffs", layoff=index,
                )
            cards = _card_list(layoff.get("cards"), name, problem, "layoffs", index, meld_notation=True)
            owner, meld = _check_layoff_entry(name, index, cards, onto.get("player"), onto.get("meld"), entries, problem)
            player.layoffs.append(LayOff(cards, owner, meld))
        player.in_hand = _card_list(entry.get("in_hand"), name, problem, "in_hand", meld_notation=False)


def _check_layoff_entry(
    name: str, index: int, cards: list[Any], owner: object, meld: object, entries: Mapping[str, Any],
    problem: _Problems,
) -> tuple[str, int]:
    """The player and meld a lay-off is onto; refuses one entered without cards, or onto no meld of a player here."""
    if cards and isinstance(owner, str) and owner in entries and type(meld) is int:
        return owner, meld
    what = _label(name, "layoffs", index)
    if not cards:
        raise problem(InputError, f"{what} has no cards", name, field="layoffs", layoff=index)
    if not isinstance(owner, str):
        raise problem(
            InputError, f"{what}: `onto.player` must be a player's name, not {owner!r}",
            name, field="layoffs", layoff=index,
        )
    if owner not in entries:
        raise problem(InputError, f"{what} is onto `{owner}`, who is not a player here", name, field="layoffs", layoff=index)
    raise problem(InputError, f"{what}: `meld` must be the index of {owner}'s meld, from 0", name, field="layoffs", layoff=index)


def _read_melds(
    name: str, melds: object, rules: Rules, wild_rank: int | None, problem: _Problems, entered: list[Any] | None = None
) -> list[Reading]:
    """A player's melds, each read and checked, in the order entered (their cards as entered go to `entered`)."""
    if not melds:
        return []
    if not isinstance(melds, list):
        raise problem(InputError, f"{name}'s melds must be a list of card lists", name, field="melds")
    readings = []
    for index, meld in enumerate(melds):
        if meld is not None and not isinstance(meld, (str, list, tuple)):
            raise problem(
                InputError, f"{_label(name, 'melds', index)} must be cards, like \"7H 8H 9H\" or [\"7H\", \"8H\"]",
                name, field="melds", meld=index,
            )
        try:
            result = analyse(meld if meld is not None else (), rules, wild_rank, every=False)
        except CardNotationError as exc:
            raise problem(InputError, f"{_label(name, 'melds', index)}: {exc}", name, field="melds", meld=index) from None
        if not result.readings:
            shown = " ".join(str(c) for c in result.cards)
            raise problem(
                RulesError, f"{_label(name, 'melds', index)} ({shown}) is not legal: {result.reason}",
                name, field="melds", meld=index,
            )
        readings.append(result.readings[0])  # the reading used when the player chose none
        if entered is not None:
            entered.append(result.cards)
    return readings


def _check_decks(hand: Hand, rules: Rules, problem: _Problems) -> None:
    every_card = [c.card for p in hand.players.values() for m in p.melds for c in m.cards]
    every_card += [c.card for p in hand.players.values() for x in p.layoffs for c in x.cards]
    every_card += [c for p in hand.players.values() for c in p.in_hand]
    counts = Counter(every_card)
    jokers = counts.pop(JOKER, 0)
    if jokers <= rules.jokers and (not counts or max(counts.values()) <= rules.decks):
        return
    _name_card_entered_too_often(hand, rules, problem)


def _name_card_entered_too_often(hand: Hand, rules: Rules, problem: _Problems) -> None:
    # every physical card entered, with where it was entered, in entry order
    seen: dict[Card, list[tuple[str, str, dict[str, Any]]]] = {}
    for name, player in hand.players.items():
        places: list[tuple[list[Card], str, dict[str, Any]]] = []
        places += [([c.card for c in m.cards], _label(name, "melds", i), _where("melds", i)) for i, m in enumerate(player.melds)]
        places += [([c.card for c in x.cards], _label(name, "layoffs", i), _where("layoffs", i)) for i, x in enumerate(player.layoffs)]
        places.append((player.in_hand, _label(name, "in_hand"), _where("in_hand")))
        for cards, label, where in places:
            for card in cards:
                entered = seen.setdefault(card, [])
                entered.append((name, label, where))
                allowed = rules.jokers if card.is_joker else rules.decks
                if len(entered) <= allowed:
                    continue
                labels = ", ".join(dict.fromkeys(lbl for _, lbl, _ in entered))
                if card.is_joker and rules.jokers == 0:
                    message = f"JK ({labels}): {rules.name} is played here without jokers"
                elif card.is_joker:
                    message = f"JK is entered {len(entered)} times ({labels}), but the game uses only {rules.jokers} jokers"
                else:
                    held = "one deck has only one" if rules.decks == 1 else f"{rules.decks} decks hold only {rules.decks}"
                    message = f"{card} is entered {len(entered)} times ({labels}), but {held}"
                raise problem(RulesError, message, name, **where)


def _place_layoffs(hand: Hand, rules: Rules, problem: _Problems) -> None:
    pending: list[tuple[str, int, LayOff]] = []
    for name, player in hand.players.items():
        for index, layoff in enumerate(player.layoffs):
            owner_melds = len(hand.players[layoff.owner].melds)
            if not 0 <= layoff.meld < owner_melds:
                has = f"{layoff.owner} melded {owner_melds}" if owner_melds else f"{layoff.owner} melded nothing"
                raise problem(
                    RulesError, f"{_label(name, 'layoffs', index)} is onto {layoff.owner}'s meld {layoff.meld + 1}, but {has}",
                    name, field="layoffs", layoff=index,
                )
            if rules.variant.knocks:
                _check_gin_layoff(hand, name, layoff, _label(name, "layoffs", index), _where("layoffs", index), problem)
            elif rules.lay_off_own_melds_only and layoff.owner != name:
                raise problem(
                    RulesError,
                    f"{_label(name, 'layoffs', index)} is onto {layoff.owner}'s meld, but in {rules.name} players lay off"
                    f" only on their own melds",
                    name, field="layoffs", layoff=index,
                )
            pending.append((name, index, layoff))
    # lay-offs onto one meld never touch another meld: place them meld by meld
    onto: dict[tuple[str, int], list[tuple[str, int, LayOff]]] = {}
    for item in pending:
        onto.setdefault((item[2].owner, item[2].meld), []).append(item)
    for target, items in onto.items():
        _place_on_meld(target, items, hand, rules, problem)


def _place_on_meld(
    target: tuple[str, int], items: list[tuple[str, int, LayOff]], hand: Hand, rules: Rules, problem: _Problems
) -> None:
    """Place every lay-off onto one meld, re-reading unpinned wild cards when the first readings do not fit.

    docs/rules.md section 2: a wild card's reading never changes once melded, but
    where the player did not write it (``JK`` rather than ``JK=6H``) any legal
    reading may be the one played. Lay-offs may be entered in any order. So
    the first readings are tried first, then (by a bounded search) the other
    readings of the meld and of wild cards laid off, before refusing.
    """
    owner, index = target
    meld = hand.players[owner].melds[index]
    placed = _fit(meld, items, rules, hand.wild_rank, every=False, budget=[1])
    if placed is None:
        readings = check(hand.players[owner].entered[index], rules, hand.wild_rank).readings or (meld,)
        budget = [400]  # lay-off searches stay small: a few lay-offs onto a meld, each with a few readings
        for reading in readings:
            placed = _fit(reading, items, rules, hand.wild_rank, every=True, budget=budget)
            if placed is not None:
                hand.players[owner].melds[index] = reading
                break
    if placed is None:
        _refuse_layoff(meld, items, hand, rules, problem)
    for (_, _, layoff), points in zip(items, placed):
        layoff.points = points


def _fit(
    meld: Reading, items: list[tuple[str, int, LayOff]], rules: Rules, wild_rank: int | None, every: bool, budget: list[int]
) -> list[int] | None:
    """Points of each lay-off (in `items` order) when all fit onto `meld` in some order and reading, else None.

    With `every` False: the first reading of each longer meld only, in as few
    passes as the entry order needs (the common case). `budget` bounds the
    search when every reading is tried.
    """
    points: dict[int, int] = {}

    def search(reading: Reading, left: list[int]) -> bool:
        if not left:
            return True
        for position in left:
            layoff = items[position][2]
            result = extend(reading, layoff.cards, rules, wild_rank, every=every)
            for longer in result.readings if every else result.readings[:1]:
                if every:
                    if budget[0] <= 0:
                        return False
                    budget[0] -= 1
                rest = [p for p in left if p != position]
                if search(longer, rest):
                    added = set(range(len(reading.cards), len(longer.cards)))
                    points[position] = meld_points(longer, rules, wild_rank, only=added)
                    return True
            if not every and result.legal:
                return False  # the first reading fits but the rest do not: the full search decides
        return False

    if not search(meld, list(range(len(items)))):
        return None
    return [points[p] for p in range(len(items))]


def _refuse_layoff(
    meld: Reading, items: list[tuple[str, int, LayOff]], hand: Hand, rules: Rules, problem: _Problems
) -> NoReturn:
    """Refuse the first lay-off that does not fit the meld as it stands after those that do (first readings)."""
    wild_rank = hand.wild_rank
    pending = list(items)
    progress = True
    while progress:
        progress = False
        for item in list(pending):
            result = extend(meld, item[2].cards, rules, wild_rank, every=False)
            if result.legal:
                meld = result.reading
                pending.remove(item)
                progress = True
    name, index, layoff = pending[0]
    reason = extend(meld, layoff.cards, rules, wild_rank).reason or ""
    shown = " ".join(str(c) for c in layoff.cards)
    on_table = " ".join(str(c) for c in meld.cards)
    read = [c for c in meld.cards if c.stands_for is not None and rules.is_wild(c.card, wild_rank)]
    entered = [*hand.players[layoff.owner].entered[layoff.meld], *(c for _, _, x in items for c in x.cards)]
    unpinned = any(c.stands_for is None and rules.is_wild(c.card, wild_rank) for c in entered)
    if read and not unpinned:
        reason += " (every wild card's reading was written: " + " ".join(str(c) for c in read) + ")"
    elif read:
        wilds = ", ".join(f"{c.card} stands for {c.stands_for}" for c in read)
        reason += (
            f" (as read, {wilds}, and no other reading of the wild cards lets it fit;"
            f" a reading is pinned by writing it, like {read[0].card}={read[0].stands_for})"
        )
    raise problem(
        RulesError,
        f"{_label(name, 'layoffs', index)} ({shown}) does not fit {layoff.owner}'s meld {layoff.meld + 1}"
        f" ({on_table}): {reason}",
        name, field="layoffs", layoff=index,
    )


def _check_going_out(hand: Hand, rules: Rules, problem: _Problems) -> None:
    if hand.went_out is None or rules.variant.knocks:
        return
    left = hand.players[hand.went_out].in_hand
    if left:
        shown = " ".join(str(c) for c in left)
        raise problem(
            RulesError,
            f"{hand.went_out} went out, so no cards are left in {hand.went_out}'s hand, but {shown} are entered",
            hand.went_out, field="in_hand",
        )


# gin -------------------------------------------------------------------------


def _arrange_gin_players(
    players: Mapping[str, Any], hand: Hand, names: list[str], problem: _Problems
) -> dict[str, Any]:
    """The players' entries, those given by their whole hand ({"cards": ...}) arranged for the least deadwood."""
    arranged = dict(players)
    order = names if hand.went_out is None else [hand.went_out, next(n for n in names if n != hand.went_out)]
    knocker_melds: list[list[str]] | None = None
    for name in order:
        entry = players.get(name)
        if not isinstance(entry, Mapping) or "cards" not in entry:
            if name == hand.went_out and isinstance(entry, Mapping):
                knocker_melds = _entered_knocker_melds(name, entry.get("melds"), hand, problem)
            continue
        defending = hand.went_out is not None and name != hand.went_out
        try:
            body = gin_arrange(entry["cards"], knocker_melds=knocker_melds if defending else None)
        except InputError as exc:
            raise problem(InputError, f"{name}'s cards: {exc}", name, field="in_hand") from None
        if body.get("discard") and hand.big_gin and body.get("big_gin"):
            # all eleven cards meld: the best discard is melded too
            melds = meld_eleventh(body["melds"], body["discard"]) or [*body["melds"], [body["discard"]]]
            arranged[name] = {"melds": melds, "layoffs": [], "in_hand": []}
        else:
            layoffs = [
                {"cards": lay["cards"], "onto": {"player": hand.went_out, "meld": lay["onto"]}}
                for lay in body.get("layoffs", [])
            ]
            arranged[name] = {"melds": body["melds"], "layoffs": layoffs, "in_hand": body["deadwood"]}
        if name == hand.went_out:
            knocker_melds = arranged[name]["melds"]
    return arranged


def _entered_knocker_melds(name: str, melds: object, hand: Hand, problem: _Problems) -> list[list[str]]:
    """The knocker's melds as entered, checked here so that any fault is the knocker's, not the defender's.

    The defender's whole hand is arranged against these melds, so they must be
    read (and refused, naming the knocker) before the defender's cards are.
    """
    rules = GIN_RULES
    readings = _read_melds(name, melds, rules, None, problem)
    cards = [c.card for r in readings for c in r.cards]
    fault = deck_problem(cards, rules, f"{name}'s melds")
    if fault:
        raise problem(RulesError, fault, name, field="melds")
    if len(cards) > HAND_SIZE + 1:
        raise problem(
            RulesError, f"{name} has {len(cards)} cards melded; a gin hand holds {HAND_SIZE} at the end", name, field="melds"
        )
    return [[str(c) for c in r.cards] for r in readings]


def _check_gin_layoff(hand: Hand, name: str, layoff: LayOff, what: str, where: dict[str, Any], problem: _Problems) -> None:
    if hand.went_out is None:
        raise problem(RulesError, f"{what}: nobody knocked, so nobody lays off", name, **where)
    if name == hand.went_out:
        raise problem(RulesError, f"{what}: in Gin Rummy only the defender lays off, never the knocker", name, **where)
    if layoff.owner != hand.went_out:
        raise problem(RulesError, f"{what}: the defender lays off only onto the knocker's melds", name, **where)


def _deadwood_hint(deadwood: list[Card]) -> str:
    """When cards entered as deadwood meld among themselves, say which, and what deadwood that leaves."""
    if len(set(deadwood)) != len(deadwood) or any(c.is_joker for c in deadwood):
        return ""
    mask = mask_of(deadwood)
    least, sets = optimal_set_masks(mask)
    if least >= sum(deadwood_value(c) for c in deadwood):
        return ""
    melds, _ = gin_arrangement(mask, sets[0])
    shown = ", ".join(" ".join(str(c) for c in meld) for meld in melds)
    return f"; the deadwood holds {shown}: melded, {least} deadwood is left"


def _check_gin(hand: Hand, rules: Rules, problem: _Problems) -> None:
    if hand.went_out is None:
        return
    knocker = hand.players[hand.went_out]
    defender = next(p for n, p in hand.players.items() if n != hand.went_out)
    limit = rules.option("knock_limit")
    if knocker.in_hand_points > limit:
        raise problem(
            RulesError,
            f"{knocker.name} knocked with {knocker.in_hand_points} deadwood, but knocking needs {limit} or less"
            + _deadwood_hint(knocker.in_hand),
            knocker.name, field="in_hand",
        )
    if hand.big_gin and knocker.in_hand:
        raise problem(RulesError, f"big gin melds all 11 cards, but {knocker.name} has deadwood", knocker.name, field="in_hand")
    wanted = HAND_SIZE + 1 if hand.big_gin else HAND_SIZE
    for player, size in ((knocker, wanted), (defender, HAND_SIZE)):
        if player.card_count() != size:
            raise problem(
                RulesError,
                f"{player.name} has {player.card_count()} cards entered; a gin hand holds {size} at the end",
                player.name, field="melds",
            )
    if knocker.in_hand_points == 0 and defender.layoffs:
        raise problem(
            RulesError,
            f"{defender.name} laid off after gin, but after gin the defender may not lay off",
            defender.name, field="layoffs", layoff=0,
        )
