"""The games: their ids, options, decks, meld rules and card values.

:func:`table_rules` turns a game id, the options a table chose and the number of
players into one frozen :class:`Rules` that melds and scoring consult.

>>> rules = table_rules("rummy500", {}, players=5)
>>> rules.decks, rules.jokers, rules.target
(2, 4, 500)
>>> table_rules("gin", {"knock_limit": 7}).option("knock_limit")
7
>>> table_rules("gin", {"decks": 2})
Traceback (most recent call last):
...
scorekeeper.engine.errors.InputError: Gin Rummy has no option `decks`; its options are target, knock_limit, gin_bonus, undercut_bonus, big_gin_bonus, game_bonus, box_bonus, shutout_double
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from scorekeeper.engine.cards import RANKS, SUITS, Card, rank_name
from scorekeeper.engine.errors import InputError
from scorekeeper.engine.variants import VARIANTS, Game, Option, find_game, shown

# the registry's facts as tables, for callers that look one up by id
GAME_NAMES = {g.id: g.name for g in VARIANTS}
GAMES = tuple(GAME_NAMES)
# (fewest, most) players each game is played with
PLAYERS = {g.id: (g.min_players, g.max_players) for g in VARIANTS}
OPTIONS: dict[str, dict[str, Option]] = {g.id: g.option_specs() for g in VARIANTS}
SUMMARIES = {g.id: g.summary for g in VARIANTS}


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one table's game."""

    game: str
    variant: Game = field(repr=False, compare=False)
    options: Mapping[str, Any] = field(default_factory=dict)
    decks: int = 1
    jokers: int = 0
    jokers_wild: bool = True
    deuces_wild: bool = False
    ace_low: bool = True
    ace_high: bool = True
    sets_repeat_suits: bool = False
    largest_set: int = 4  # four cards of a rank, one of each suit (or any four where suits may repeat)
    shortest_run: int = 3  # the fewest cards a run may have (Contract Rummy's runs have four)
    melds_score: bool = True
    lay_off_own_melds_only: bool = False
    target: int | None = None
    # the game and every option (as table_settings filled them in) in one string: every field is determined by it,
    # which the hand memo (engine.hands) and the card tables (card_table) are keyed by; a copy with another
    # field must have another key ("" for rules made by hand, which nothing shares)
    key: str = ""

    @property
    def name(self) -> str:
        """The game's name as players say it."""
        return self.variant.name

    def option(self, name: str) -> Any:
        """The value of an option, the table's choice or the default."""
        return self.options[name]

    def is_wild(self, card: Card, wild_rank: int | None = None) -> bool:
        """True when the card may stand for another card in this game (and this hand)."""
        if card.is_joker:
            return self.jokers_wild
        if self.deuces_wild and card.rank == 2:
            return True
        return self.variant.asks_wild_rank and wild_rank is not None and card.rank == wild_rank


def table_rules(game: str, options: Mapping[str, Any] | None = None, players: int | None = None) -> Rules:
    """The rules of `game` with the table's `options`, for `players` players when known."""
    if isinstance(game, str) and players is None and (options is None or (isinstance(options, Mapping) and not options)):
        return _house_rules(game)
    return _rules(game, options, players)


@lru_cache(maxsize=64)
def _house_rules(game: str) -> Rules:
    # a game's own rules, no option chosen: what every meld check without options asks, built once
    # (the options read-only, as the same Rules is given to every caller)
    rules = _rules(game, None, None)
    return replace(rules, options=MappingProxyType(dict(rules.options)))


def _rules(game: str, options: Mapping[str, Any] | None, players: int | None) -> Rules:
    game_played = find_game(game)
    chosen = _read_options(game_played, options)
    settings = game_played.table_settings(chosen, players)
    if "target" in chosen:
        if chosen["target"] is None:
            chosen["target"] = game_played.target_for(players)
        settings["target"] = chosen["target"]
    key = repr((game_played.id, sorted(chosen.items()), players is not None and players > 4))
    return Rules(game=game_played.id, variant=game_played, options=chosen, key=key, **settings)


def _read_options(game: Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
    specs = game.option_specs()
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InputError("`options` must be an object of option names and values")
    chosen = {name: spec.default for name, spec in specs.items()}
    for name, value in options.items():
        spec = specs.get(name)
        if value is None and spec is not None:
            continue  # null asks for the default
        if spec is None:
            known = ", ".join(specs) or "none"
            raise InputError(f"{game.name} has no option `{name}`; its options are {known}")
        if not spec.allows(value):
            raise InputError(
                f"option `{name}` of {game.name} must be {spec.described()}, not {shown(value)}"
            )
        chosen[name] = value
    return chosen


# what pages and forms were given before games were classes: the game itself answers the same questions
GameSpec = Game


def game_ids() -> tuple[str, ...]:
    """Every game id, in the order pages list them."""
    return GAMES


def get_game(game: str) -> Game:
    """The game with this id (see engine.variants); UnknownGameError, an InputError, for an id we do not know.

    >>> spec = get_game("persian")
    >>> spec.name, spec.min_players, spec.max_players, [o.name for o in spec.options]
    ('Persian Rummy', 4, 4, ['target'])
    """
    return find_game(game)


def check_players(game: str, players: int) -> None:
    """InputError unless `game` is played by that many players."""
    spec = get_game(game)
    low, high = spec.min_players, spec.max_players
    if low <= players <= high:
        return
    wanted = f"exactly {low}" if low == high else f"{low} to {high}"
    raise InputError(f"{spec.name} is played by {wanted} players, not {players}")


def resolve_options(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, Any]:
    """The table's options with every default filled in, checked against the game and player count.

    >>> resolve_options("basic", {}, n_players=3)
    {'target': 150, 'jokers': 0}
    """
    if n_players is not None:
        check_players(game, n_players)
    return dict(table_rules(game, options, n_players).options)


def deck_counts(game: str, options: Mapping[str, Any] | None = None, n_players: int | None = None) -> dict[str, int]:
    """How many copies of each card the table's decks hold, jokers as ``JK``.

    >>> counts = deck_counts("oklahoma", {"jokers": 2})
    >>> counts["QS"], counts["JK"], len(counts)
    (2, 2, 53)
    """
    rules = table_rules(game, options, n_players)
    counts = {f"{rank_name(rank)}{suit}": rules.decks for suit in SUITS for rank in RANKS}
    counts["JK"] = rules.jokers
    return counts


def card_values(game: str, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The game's card values as a table: one row per card or kind of card, melded and left in hand.

    ``melded`` is None where melds do not score; ``in_hand`` is signed as it
    counts for the card's holder where holding costs them, else what the
    card is worth to whoever collects it (Basic, 5000 Rummy) or as deadwood.

    >>> [(r["card"], r["melded"], r["in_hand"]) for r in card_values("rummy500")][:2]
    [('A', 15, -15), ('A low in a run (A-2-3)', 1, None)]
    """
    rules = table_rules(game, options)
    return rules.variant.value_rows(rules)


# card values -----------------------------------------------------------------


def meld_card_points(rules: Rules, card: Card, stands_for: Card, low_ace: bool, wild_rank: int | None) -> int:
    """What one card scores when melded or laid off, read as `stands_for` (the game's rule; 0 where melds do not score).

    `low_ace` says the card stands for an ace at the low end of a run (A-2-3).
    """
    if not rules.melds_score:
        return 0
    return rules.variant.meld_card_points(rules, card, stands_for, low_ace, wild_rank)


def hand_card_points(rules: Rules, card: Card, wild_rank: int | None = None) -> int:
    """What one card left in a hand is worth: a loss to its holder, or a gain to the player who went out."""
    return rules.variant.hand_card_points(rules, card, wild_rank)


class CardTable(dict[Card, Any]):
    """One answer per card under one table's rules and wild rank, worked out by its one rule the first time, then looked up.

    Meld checks and hand sums ask the same questions (is this card wild, what
    is it worth left in hand) of every card they hold, so each answer is asked of
    its rule once per card, for every check and hand under the same rules.
    Shared by all of them (card_table): only read it.
    """

    def __init__(self, rule: Callable[[Rules, Card, int | None], Any], rules: Rules, wild_rank: int | None) -> None:
        super().__init__()
        self.rule = rule
        self.rules = rules
        self.wild_rank = wild_rank

    def __missing__(self, card: Card) -> Any:
        answer = self[card] = self.rule(self.rules, card, self.wild_rank)
        return answer


# the questions a table answers, each by the one function that states its rule
_QUESTIONS: dict[str, Callable[[Rules, Card, int | None], Any]] = {
    "wild": Rules.is_wild,
    "in_hand_points": hand_card_points,
}


# the tables of the rules asked most recently: Rules.key names a table's rules whole (the game, every option,
# the deck count), so the tables of one key answer alike for every check and hand; a few hundred at most
_TABLES: OrderedDict[tuple[str, int | None, str], CardTable] = OrderedDict()
TABLES_KEPT = 256
_tables_lock = threading.Lock()


def card_table(rules: Rules, wild_rank: int | None, question: str) -> CardTable:
    """The table of `question` ("wild" or "in_hand_points") for every card under `rules` and the hand's wild rank."""
    if not rules.key:
        return CardTable(_QUESTIONS[question], rules, wild_rank)  # rules made by hand (a test's): nothing names them
    known = (rules.key, wild_rank, question)
    with _tables_lock:
        found = _TABLES.get(known)
        if found is None:
            found = _TABLES[known] = CardTable(_QUESTIONS[question], rules, wild_rank)
            if len(_TABLES) > TABLES_KEPT:
                _TABLES.popitem(last=False)
        else:
            _TABLES.move_to_end(known)
        return found
