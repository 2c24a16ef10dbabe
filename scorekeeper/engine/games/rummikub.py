"""Rummikub: tiles on racks; whoever goes out collects every other rack's value (docs/rules/rummikub.md).

A hand is a round (one deal). It is entered as the tiles left on each rack
(`racks`), who went out (`went_out`, null when the pool ran out and nobody
could), or as plain points. The melds on the table are not entered: they do
not score.

>>> from scorekeeper.engine.scoring import score_session
>>> body = {"game": "rummikub", "players": ["Ann", "Ben", "Cy"],
...         "hands": [{"went_out": "Ann", "racks": {"Ben": ["7R", "JK"], "Cy": ["3B", "3B"]}}]}
>>> score_session(body)["totals"]
{'Ann': 43, 'Ben': -37, 'Cy': -6}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.answers import MeldAnswer, ReadingAnswer
from scorekeeper.engine.cards import JOKER, Card, CardNotationError
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games.base import Game, Option, Row
from scorekeeper.engine.played import PlayerHand
from scorekeeper.engine.standing import Line, Standing, leaders, names_joined
from scorekeeper.engine.tiles import COPIES, TileMeld, check_tile_meld, overcounted, parse_tiles, tile_set, tiles_value

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Rules
    from scorekeeper.engine.played import Hand, Problems


class Rummikub(Game):
    """Rummikub: 106 tiles, groups and runs; a round's loser pays their rack to whoever went out."""

    id = "rummikub"
    name = "Rummikub"
    summary = "Tiles on racks: whoever goes out collects the rest's racks, a joker left costs 30."
    min_players = 2
    max_players = 4
    option_list = (
        Option("rounds", "Rounds", "int", None,
               "The game ends after this many rounds, highest total winning; leave empty to play until the table stops.",
               minimum=1, unset="none: play until the table stops"),
        Option("joker_penalty", "Joker left on a rack", "int", 30, "What a joker still on a rack costs."),
        Option("initial_meld", "Initial meld", "int", 30, "The points a player's first melds must reach together."),
    )
    melds_score = False
    lays_off = False
    deal_may_end_unclaimed = True
    names_shared_winners = True
    deal_word = "round"
    hand_fields = ("racks",)
    in_hand_word = "tiles on the rack"
    summary_words = ("went out", "meld", "melds", "on the rack")
    ended_words = ("A player went out", "The pool ran out: nobody could go out", "Who went out")
    meld_kinds = ("group", "run")
    enters_melds = False
    notation = "tiles"

    def table_settings(self, chosen: dict[str, Any], players: int | None) -> dict[str, Any]:
        """One set of tiles: two of each tile and two jokers; 1 only low."""
        return super().table_settings(chosen, players) | {"decks": COPIES, "jokers": COPIES, "ace_high": False}

    def fixed_deals(self, rules: Rules) -> int | None:
        """The rounds chosen, if any."""
        rounds = rules.option("rounds")
        return None if rounds is None else int(rounds)

    def standing(
        self, rules: Rules, totals: dict[str, int], concealed_bonus: dict[str, int], goer: str | None,
        wins: dict[str, int],
    ) -> Standing:
        """Without a number of rounds the game goes on until the table stops: it only says who leads."""
        ahead = leaders(totals)
        return Standing(reason=f"{names_joined(ahead)} lead{'s' if len(ahead) == 1 else ''} with {totals[ahead[0]]}; "
                               "the game goes on until the table stops")

    def initial_meld(self, rules: Rules) -> int | None:
        """The table's initial meld (30)."""
        return int(rules.option("initial_meld"))

    # tiles ------------------------------------------------------------------

    def deck_counts(self, rules: Rules) -> dict[str, int]:
        """Two of each tile and two jokers."""
        return {str(tile): COPIES for tile in tile_set()}

    def read_held(self, held: str | Sequence[object]) -> list[Card]:
        """Tiles, in the tiles' notation (``7R 13K JK``)."""
        return parse_tiles(held)

    def meld_answer(self, entered: str | Sequence[object], rules: Rules) -> MeldAnswer:
        """A meld of tiles checked: the usual meld answer, with whether it reaches the initial meld alone."""
        return meld_body(check_tile_meld(parse_tiles(entered)), rules)

    def hand_card_points(self, rules: Rules, card: Card, wild_rank: int | None) -> int:
        """A tile left on a rack: its number; a joker the joker penalty."""
        return int(rules.option("joker_penalty")) if card.is_joker else card.rank

    def value_rows(self, rules: Rules) -> list[Row]:
        """Tiles 1-13 at their number, the joker at its penalty, as left on a rack (melds do not score)."""
        tiles = [Card(number, "R") for number in range(1, 14)] + [JOKER]
        label = {JOKER: "JK"}
        return [
            {"card": label.get(tile, str(tile.rank)), "melded": None, "in_hand": self.hand_card_points(rules, tile, None)}
            for tile in tiles
        ]

    # a round ------------------------------------------------------------------

    def hand_from_entries(self, data: dict[str, Any]) -> dict[str, Any]:
        """A round as stored: who went out (or that the pool ran out) and each rack, from the card form's shape.

        >>> Rummikub().hand_from_entries({"ended": "went_out", "went_out": "Ann", "concealed": False,
        ...     "players": {"Ann": {"melds": [], "in_hand": []}, "Ben": {"in_hand": ["7R"]}}})
        {'ended': 'went_out', 'went_out': 'Ann', 'racks': {'Ann': [], 'Ben': ['7R']}}
        """
        players = data.get("players") or {}
        kept = {key: data[key] for key in ("ended", "went_out") if key in data}
        return kept | {"racks": {name: list(entry.get("in_hand") or []) for name, entry in players.items()}}

    def nulls_as_empty(self, data: dict[str, Any]) -> dict[str, Any]:
        """A round read from a file with each null rack as the empty rack the engine reads it as.

        >>> Rummikub().nulls_as_empty({"went_out": "Ann", "racks": {"Ann": None, "Ben": "7R"}})
        {'went_out': 'Ann', 'racks': {'Ann': [], 'Ben': '7R'}}
        """
        racks = data.get("racks")
        if not isinstance(racks, Mapping):
            return data
        return data | {"racks": {name: [] if tiles is None else tiles for name, tiles in racks.items()}}

    def entries_of(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """Each rack as the tiles left in hand."""
        racks = data.get("racks")
        if not isinstance(racks, Mapping):
            return {}
        return {name: {"in_hand": tiles} for name, tiles in racks.items()}

    def read_hand_extras(self, raw: Mapping[str, Any], hand: Hand, names: list[str], problem: Problems) -> None:
        """A round is entered by racks or as points, never both; `players` is another game's body."""
        if "racks" in raw and "points" in raw:
            raise problem(InputError, "a round is entered either with racks (`racks`) or as points (`points`), not both",
                          field="points")

    def read_entries(self, raw: Mapping[str, Any], hand: Hand, rules: Rules, names: list[str], problem: Problems) -> bool:
        """Each rack's tiles, read and counted against the set; none on the rack of the player who went out."""
        racks = raw.get("racks")
        if not isinstance(racks, Mapping):
            raise problem(InputError, "a round needs `racks` (the tiles left on each player's rack) or `points`")
        for name in racks:
            if name not in names:
                raise problem(InputError, f"`{name}` is not a player in this session: players are {', '.join(names)}",
                              field="racks")
        for name in names:
            player = hand.players[name] = PlayerHand(name)
            player.in_hand = _rack(racks.get(name), name, problem)
            player.in_hand_points = tiles_value(player.in_hand, int(rules.option("joker_penalty")))
        _check_racks(hand, problem)
        return True

    def hand_lines(self, hand: Hand, rules: Rules, names: list[str]) -> tuple[dict[str, int], list[Line]]:
        """Each loser pays their rack (or its difference from the lowest); the winner collects the sum."""
        values = {name: hand.players[name].in_hand_points for name in names}
        goer = hand.went_out
        if goer is not None:
            winners, lowest = [goer], 0
        else:
            lowest = min(values.values())
            winners = [name for name in names if values[name] == lowest]
        scores = {name: 0 if name in winners else lowest - values[name] for name in names}
        collected = -sum(scores.values())
        share, odd = divmod(collected, len(winners))
        label = "the other racks" if goer is not None else f"the other racks' values above the lowest, {lowest}"
        if len(winners) > 1:
            label += f", shared by {names_joined(winners)}"
        lines: list[Line] = [
            (name, share + (odd if index == 0 else 0), label) for index, name in enumerate(winners)
        ]
        return scores, lines

    def points_bonuses(self, rules: Rules) -> tuple[list[str], list[str]]:
        """Plain points hold everything: what the winner collects is part of them."""
        return ["for the player who went out (or had the lowest rack), the sum the others lose"], []


def _rack(value: object, name: str, problem: Problems) -> list[Card]:
    """One player's rack as entered (missing or empty: no tiles), read; an unreadable tile is refused naming it."""
    if value is None:
        return []
    if not isinstance(value, (str, list, tuple)):
        raise problem(InputError, f"{name}'s rack must be tiles, like \"7R 8B JK\" or [\"7R\", \"8B\"]", name,
                      field="racks")
    try:
        return parse_tiles(value)
    except CardNotationError as exc:
        raise problem(InputError, f"{name}'s rack: {exc}", name, field="racks") from None


def _check_racks(hand: Hand, problem: Problems) -> None:
    """Refuse tiles on the rack of the player who went out, and a tile entered more often than the set holds it."""
    goer = hand.went_out
    if goer is not None and hand.players[goer].in_hand:
        shown = " ".join(str(t) for t in hand.players[goer].in_hand)
        raise problem(RulesError, f"{goer} went out, so {goer}'s rack is empty, but {shown} is entered on it", goer,
                      field="racks")
    every = [tile for player in hand.players.values() for tile in player.in_hand]
    over = overcounted(every)
    if over is None:
        return
    tile, count = over
    holders = [name for name, player in hand.players.items() if tile in player.in_hand]
    what = "jokers" if tile.is_joker else "of each tile (a Y tile is an O tile)"
    where = ", ".join(f"{holder}'s rack" for holder in holders)
    raise problem(
        RulesError, f"{tile} is entered {count} times ({where}), but the set has only {COPIES} {what}",
        holders[-1], field="racks",
    )


def meld_body(meld: TileMeld, rules: Rules) -> MeldAnswer:
    """A tile meld's check as the API, the command line and the checker page answer a meld."""
    needed = int(rules.option("initial_meld"))
    represents = [str(t) for t in meld.represents]
    readings: list[ReadingAnswer] = [] if meld.kind is None else [{  # legal: it has a kind
        "kind": meld.kind, "represents": represents, "points": meld.points,
        "cards": [str(t) for t in meld.tiles], "notation": meld.notation(),
    }]
    return {
        "legal": meld.legal,
        "kind": meld.kind,
        "cards": [str(t) for t in meld.tiles],
        "points": meld.points,
        "readings": readings,
        "reason": meld.reason,
        "initial_meld": needed,
        "reaches_initial_meld": meld.legal and meld.points >= needed,
    }
