"""Rummikub's tiles, the notation players type them in, and the check of a meld of tiles.

A tile is a number 1-13 and a colour, or a joker. It is a :class:`Card` whose
rank is the number and whose suit is the colour (``TILE_COLOURS``: ``R`` red,
``B`` blue, ``O`` orange, ``K`` black), so a rack is held like any hand of
cards; the notation is the tiles' own, since ``K`` is black here and a king
for cards. ``Y`` (yellow, as some sets print orange) reads as ``O``.

>>> format_cards(parse_tiles("7r, 8y 13k jk"))
'7R 8O 13K JK'
>>> format_cards(parse_tiles("7-10B"))
'7B 8B 9B 10B'
>>> parse_tiles("7R 14B")
Traceback (most recent call last):
...
scorekeeper.engine.tiles.TileNotationError: `14B` at position 2 is not a tile: numbers are 1-13
>>> check_tile_meld(parse_tiles("JK 7R 8R")).points, check_tile_meld(parse_tiles("7R 8R JK")).points
(21, 24)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.engine.cards import JOKER, TILE_COLOURS, Card, CardNotationError, format_cards

__all__ = ["TILE_COLOURS", "TileMeld", "TileNotationError", "check_tile_meld", "colour_name", "parse_tiles", "tile_set"]

LOWEST, HIGHEST = 1, 13
COPIES = 2  # the set holds two of each tile, and two jokers
COLOUR_NAMES = {"R": "red", "B": "blue", "O": "orange", "K": "black"}
_COLOUR_INPUT = {c: c for c in TILE_COLOURS} | {"Y": "O"}
_JOKER_INPUT = frozenset({"JK", "JOKER"})
_COLOURS_TOLD = "colours are R (red), B (blue), O or Y (orange), K (black)"
_ONE_TILE = re.compile(r"(?:JK|1[0-3]|[1-9])[RBOYK]?", re.IGNORECASE)
_RUN_TOGETHER = re.compile(r"(?:(?:JK|1[0-3]|[1-9])[RBOYK])+", re.IGNORECASE)
_RANGE = re.compile(r"([0-9]+)-([0-9]+)([A-Z])", re.IGNORECASE)


class TileNotationError(CardNotationError):
    """A token that is not a tile in Rummikub's notation."""


def colour_name(colour: str) -> str:
    """A colour letter in words.

    >>> colour_name("K")
    'black'
    """
    return COLOUR_NAMES[colour]


def tile_set() -> list[Card]:
    """The 53 different tiles of a set (each is there twice): every number in every colour, then the joker."""
    return [Card(number, colour) for colour in TILE_COLOURS for number in range(LOWEST, HIGHEST + 1)] + [JOKER]


def _tile(token: str, position: int) -> Card:
    """One tile as typed (``7r``, ``13K``, ``jk``), or TileNotationError naming it and saying how to write it."""
    upper = token.strip().upper()
    if upper in _JOKER_INPUT:
        return JOKER
    where = f"`{token}` at position {position} is not a tile"
    number_text, colour_text = upper[:-1], upper[-1:]
    if (upper.isascii() and upper.isdigit()) or not number_text:
        raise TileNotationError(f"{where}: write a number then a colour, like 7R", token, position)
    colour = _COLOUR_INPUT.get(colour_text)
    if colour is None:
        raise TileNotationError(f"{where}: {_COLOURS_TOLD}", token, position)
    # ASCII digits only: str.isdigit() also takes ² and ٣, which int() refuses or reads as another number
    if not (number_text.isascii() and number_text.isdigit()) or not LOWEST <= int(number_text) <= HIGHEST:
        raise TileNotationError(f"{where}: numbers are 1-13", token, position)
    return Card(int(number_text), colour)


def _range(token: str, position: int) -> list[str]:
    """The tiles of a run typed as a range (``7-10R``), or TileNotationError saying why it cannot be read."""
    where = f"`{token}` at position {position}"
    found = _RANGE.fullmatch(token.strip())
    if found is None:
        raise TileNotationError(f"{where} is not a range: write it like 7-10R", token, position)
    first, last, colour = int(found[1]), int(found[2]), found[3].upper()
    if colour not in _COLOUR_INPUT:
        raise TileNotationError(f"{where} is not a range: {_COLOURS_TOLD}", token, position)
    for number in (first, last):
        if not LOWEST <= number <= HIGHEST:
            raise TileNotationError(f"{where} is not a range: {number} is not a number on a tile (1-13)", token, position)
    if last <= first:
        raise TileNotationError(
            f"{where} is not a range: write it from its lowest tile up, like {min(first, last)}-{max(first, last) + (first == last)}{colour}",
            token, position,
        )
    return [f"{number}{colour}" for number in range(first, last + 1)]


def _tokens(tiles: str | Iterable[object]) -> list[tuple[str, int]]:
    """Each tile token typed with its position (from 1): ranges opened, tiles typed together (``7R8R``) apart."""
    if isinstance(tiles, str):
        typed: list[object] = list(tiles.replace(",", " ").split())
    elif isinstance(tiles, Iterable):
        typed = list(tiles)
    else:
        raise TileNotationError(f"`{tiles}` is not a list of tiles: give a string like '7R 8R 9R' or a list", str(tiles))
    found = []
    for position, item in enumerate(typed, start=1):
        if not isinstance(item, str):
            raise TileNotationError(f"`{item}` at position {position} is not a tile: tiles are strings like 7R", str(item), position)
        token = item.strip()
        if "-" in token:
            found += [(part, position) for part in _range(token, position)]
        elif _RUN_TOGETHER.fullmatch(token) and len(_ONE_TILE.findall(token)) > 1:
            found += [(part, position) for part in _ONE_TILE.findall(token)]
        else:
            found.append((token, position))
    return found


def parse_tiles(tiles: str | Iterable[object]) -> list[Card]:
    """Read a list of tiles (``"7R 8R JK"``, ``["7r", "8y"]``, ``"7-9B"``), any case, apart by spaces or commas.

    >>> format_cards(parse_tiles("12b13b jk"))
    '12B 13B JK'
    """
    return [_tile(token, position) for token, position in _tokens(tiles)]


def tiles_value(tiles: Iterable[Card], joker_penalty: int) -> int:
    """What a rack is worth: its numbers, and `joker_penalty` for each joker.

    >>> tiles_value(parse_tiles("7R JK 12B"), 30)
    49
    """
    return sum(joker_penalty if tile.is_joker else tile.rank for tile in tiles)


def overcounted(tiles: Iterable[Card]) -> tuple[Card, int] | None:
    """The first tile (or joker) entered more often than the set holds it, with how often; None when all fit.

    >>> overcounted(parse_tiles("7R 7r 7Y 7O 7o"))
    (Card.from_notation('7O'), 3)
    """
    counts = Counter(tiles)
    for tile, count in counts.items():
        if count > COPIES:
            return tile, count
    return None


@dataclass(frozen=True, slots=True)
class TileMeld:
    """A meld of tiles checked: its kind (``group`` or ``run``) and what each tile stands for, or why it is no meld.

    `represents` follows the meld's order (a run's from its lowest place up), a joker as the tile it stands for.
    """

    tiles: tuple[Card, ...]
    kind: str | None = None
    represents: tuple[Card, ...] = ()
    reason: str | None = None

    @property
    def legal(self) -> bool:
        """True when the tiles make a group or a run."""
        return self.kind is not None

    @property
    def points(self) -> int:
        """The numbers the tiles stand for, a joker the number it represents; 0 when not legal."""
        return sum(tile.rank for tile in self.represents)

    def notation(self) -> str:
        """The meld as the tiles it stands for, in meld order."""
        return format_cards(self.represents)


def check_tile_meld(tiles: Sequence[Card]) -> TileMeld:
    """Check tiles as one meld: a group, else the run in the order typed (rising or falling), else the run from its lowest place.

    >>> check_tile_meld(parse_tiles("JK JK 7R")).kind, check_tile_meld(parse_tiles("12R 13R 1R")).reason
    ('group', '1 is only low: 12-13-1 is not a run')
    """
    tiles = tuple(tiles)
    numbered = [tile for tile in tiles if not tile.is_joker]
    jokers = len(tiles) - len(numbered)
    refusal = _size_refusal(tiles, numbered, jokers)
    if refusal is not None:
        return TileMeld(tiles, reason=refusal)
    group = _group(tiles, numbered)
    if group is not None:
        return TileMeld(tiles, "group", group)
    run = _typed_run(tiles, rising=True) or _typed_run(tiles, rising=False) or _lowest_run(tiles, numbered)
    if run is not None:
        return TileMeld(tiles, "run", run)
    return TileMeld(tiles, reason=_why_not(tiles, numbered, jokers))


def _size_refusal(tiles: tuple[Card, ...], numbered: list[Card], jokers: int) -> str | None:
    """Why tiles cannot be a meld whatever their numbers: too few, too many jokers, only jokers, too many to be a run."""
    if len(tiles) < 3:
        return f"a meld needs at least 3 tiles; {len(tiles)} {'is' if len(tiles) == 1 else 'are'} given"
    if jokers > COPIES:
        return f"the set has only {COPIES} jokers, and this meld has {jokers}"
    if not numbered:
        return "a meld needs at least one numbered tile"
    if len(tiles) > HIGHEST:
        return f"a meld holds at most {HIGHEST} tiles (a run from 1 to 13); this has {len(tiles)}"
    return None


def _group(tiles: tuple[Card, ...], numbered: list[Card]) -> tuple[Card, ...] | None:
    """The group the tiles make (jokers as the colours missing, in R B O K order), or None."""
    number = numbered[0].rank
    colours = [tile.suit for tile in numbered]
    if len(tiles) > len(TILE_COLOURS) or any(t.rank != number for t in numbered) or len(set(colours)) < len(colours):
        return None
    missing = iter([c for c in TILE_COLOURS if c not in colours])
    return tuple(tile if not tile.is_joker else Card(number, next(missing)) for tile in tiles)


def _one_colour(tiles: tuple[Card, ...]) -> str | None:
    colours = {tile.suit for tile in tiles if not tile.is_joker}
    return colours.pop() if len(colours) == 1 else None


def _typed_run(tiles: tuple[Card, ...], rising: bool) -> tuple[Card, ...] | None:
    """The run with every tile in the place it was typed, numbers rising (or falling) one by one, if there is one."""
    colour = _one_colour(tiles)
    if colour is None:
        return None
    numbers = _numbers_as_typed(tiles, 1 if rising else -1)
    if numbers is None:
        return None
    placed = [Card(n, colour) for n in numbers]
    return tuple(placed if rising else reversed(placed))


def _numbers_as_typed(tiles: tuple[Card, ...], step: int) -> list[int] | None:
    """The number at each place of the tiles as typed, going by `step` (1 or -1) from the first numbered tile,
    when every number is 1-13 and every numbered tile is in its place; None otherwise."""
    first_at, first = next((i, t) for i, t in enumerate(tiles) if not t.is_joker)
    start = first.rank - step * first_at
    numbers = [start + step * i for i in range(len(tiles))]
    if min(numbers) < LOWEST or max(numbers) > HIGHEST:
        return None
    if any(not t.is_joker and t.rank != n for t, n in zip(tiles, numbers)):
        return None
    return numbers


def _lowest_run(tiles: tuple[Card, ...], numbered: list[Card]) -> tuple[Card, ...] | None:
    """The run of the tiles starting as low as it can, jokers in the places the numbers leave, if there is one."""
    colour = _one_colour(tiles)
    numbers = sorted(t.rank for t in numbered)
    if colour is None or len(set(numbers)) < len(numbers):
        return None
    start = max(LOWEST, numbers[-1] - len(tiles) + 1)
    if start > numbers[0] or start + len(tiles) - 1 > HIGHEST:
        return None
    return tuple(Card(n, colour) for n in range(start, start + len(tiles)))


def _why_not(tiles: tuple[Card, ...], numbered: list[Card], jokers: int) -> str:
    """Why tiles that are neither a group nor a run are not, in the words a player checks them by."""
    numbers = [t.rank for t in numbered]
    colour = _one_colour(tiles)
    twice = next((t for t, n in Counter(numbered).items() if n > 1), None)
    if len(set(numbers)) == 1:
        if len(tiles) > len(TILE_COLOURS):
            return f"a group holds at most 4 tiles, one of each colour; this has {len(tiles)}"
        return f"a group needs different colours: {twice} appears twice"
    if colour is None:
        a, b = _two_differing(numbered)
        return f"a group is one number and a run one colour, but {a} and {b} differ in both"
    if twice is not None:
        return f"{twice} appears twice; a run holds each number once"
    if LOWEST in numbers:
        wrapped = _wrapped(numbers, len(tiles))
        if wrapped is not None:
            return f"1 is only low: {wrapped} is not a run"
    low, high = min(numbers), max(numbers)
    missing = high - low + 1 - len(numbered)
    if jokers == 0:
        return f"there is a gap between {low} and {high}: {missing} tiles are missing"
    fill = f"{jokers} joker{'s' if jokers > 1 else ''}"
    return f"there is a gap between {low} and {high}: {missing} tiles are missing and {fill} cannot fill them"


def _two_differing(numbered: list[Card]) -> tuple[Card, Card]:
    """Two tiles that differ in number and in colour (there are such two when neither is shared by all)."""
    for a in numbered:
        for b in numbered:
            if a.rank != b.rank and a.suit != b.suit:
                return a, b
    return numbered[0], numbered[-1]


def _wrapped(numbers: list[int], size: int) -> str | None:
    """The numbers as a run through 13 back to 1 (``12-13-1``, ``13-1-2``), when they would make one so read."""
    for turn in range(LOWEST + 1, HIGHEST + 1):
        # the numbers below `turn` read as coming after 13
        around = sorted(n + HIGHEST if n < turn else n for n in numbers)
        if around[-1] > HIGHEST and around[-1] - around[0] + 1 <= size:
            return "-".join(str(n - HIGHEST if n > HIGHEST else n) for n in around)
    return None
