"""Players' ratings per game, and who they finish beside, from finished games: pure, fed by the caller.

Each finished game is one match (:class:`Match`) ranked by its final standings
(:func:`match_of`): level sides share a rank, a partnership is one team of its
players, and players who left before the end rank together below everyone who
finished. Matches are rated in the order given (the order the games finished)
with openskill's Plackett-Luce model on its default parameters; the rating
shown is openskill's ordinal (mu - 3 sigma), which starts at 0.

>>> m1 = match_of("rummy500", 1, {"Ann": ("Ann",), "Ben": ("Ben",)}, {"Ann": 510, "Ben": 300}, winner="Ann")
>>> m1.sides, m1.ranks
((('Ann',), ('Ben',)), (1, 2))
>>> table = rate([m1])
>>> ann = table.rating("rummy500", "Ann")
>>> ann.games, round(ann.mu, 3), ann.ordinal > table.rating("rummy500", "Ben").ordinal
(1, 27.635, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from scorekeeper.engine.standing import ranked, won_by


@dataclass(frozen=True, slots=True)
class Match:
    """One finished game as openskill rates it: its sides (each a team of players), best rank first."""

    game: str
    key: int  # the caller's name for the game (a session id): each rating point says which game moved it
    sides: tuple[tuple[str, ...], ...]
    ranks: tuple[int, ...]  # 1 is best; level sides share a rank
    left: frozenset[str] = frozenset()  # players who left before the end (ranked below all who finished)

    def rank_of(self, player: str) -> int | None:
        """The rank of the side `player` played in, or None when they did not play."""
        for side, rank in zip(self.sides, self.ranks):
            if player in side:
                return rank
        return None


def match_of(game: str, key: int, members: Mapping[str, Sequence[str]], totals: Mapping[str, int],
             winner: str | Sequence[str] | None = None, lowest: bool = False, left: Iterable[str] = ()) -> Match:
    """A finished game as a match: its sides ranked as the game's final standings rank them.

    `members` gives each side (a column of the totals) its players: a side alone, or a partnership's
    players. The winner the engine named ranks first (a game won by going out may leave a higher total
    behind); the others follow by total (the lowest first when `lowest`), level totals sharing a rank.
    Sides in `left` rank together below every side that finished.

    >>> m = match_of("contract", 7, {"A": ["A"], "B": ["B"], "C": ["C"], "D": ["D"]},
    ...              {"A": 20, "B": 20, "C": 60, "D": 5}, lowest=True, left=["D"])
    >>> m.sides, m.ranks, sorted(m.left)
    ((('A',), ('B',), ('C',), ('D',)), (1, 1, 3, 4), ['D'])
    >>> match_of("rummy500", 1, {"A": ["A"], "B": ["B"]}, {"A": 520, "B": 540}, winner="A").ranks
    (1, 2)
    >>> match_of("rummikub", 2, {"A": ["A"], "B": ["B"], "C": ["C"]}, {"A": 40, "B": 40, "C": -80},
    ...          winner=["A", "B"]).ranks
    (1, 1, 3)
    """
    gone = [side for side in totals if side in set(left)]
    order = _finishing_order(totals, winner, lowest, gone)
    return Match(
        game=game, key=key,
        sides=tuple(tuple(members.get(side, (side,))) for side, _ in order if side is not None),
        ranks=tuple(rank for side, rank in order if side is not None),
        left=frozenset(player for side in gone for player in members.get(side, (side,))),
    )


def _finishing_order(
    totals: Mapping[str, int], winner: str | Sequence[str] | None, lowest: bool, gone: list[str],
) -> list[tuple[str, int]]:
    """Each side with its rank, best first: the winners the engine named, the others by total, then `gone`."""
    # a win the engine shares (Rummikub's level totals after the last round) is a list of winners
    first = [side for side in totals if won_by(winner, side)]
    others = {side: total for side, total in totals.items() if side not in first}
    places = ranked(others, lowest=lowest, left=gone)
    shift = len(first)
    finished = [(place.side, place.rank + shift) for place in places if place.rank]
    last = max((rank for _, rank in finished), default=shift) + 1
    return [(side, 1) for side in first] + finished + [(side, last) for side in gone]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating in a game right after one match."""

    key: int  # the match's key
    number: int  # how many matches of this game the player had played by then
    ordinal: float


@dataclass(slots=True)
class Rating:
    """A player's rating in one game: openskill's mu and sigma after every match they played, in order."""

    player: str
    game: str
    mu: float
    sigma: float
    games: int = 0
    history: list[RatingPoint] = field(default_factory=list)

    @property
    def ordinal(self) -> float:
        """The rating shown: openskill's ordinal, mu - 3 sigma (0 before any game)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingTable:
    """Every player's rating in every game they played, and the matches it was worked out from."""

    ratings: dict[tuple[str, str], Rating]
    matches: tuple[Match, ...]

    def rating(self, game: str, player: str) -> Rating:
        """One player's rating in one game (KeyError when they played no rated game of it)."""
        return self.ratings[(game, player)]

    def by_game(self, game: str) -> list[Rating]:
        """A game's ratings, highest first (more games first among equals, then by name)."""
        return sorted((r for (g, _), r in self.ratings.items() if g == game),
                      key=lambda r: (-r.ordinal, -r.games, r.player.lower()))

    def games(self) -> list[str]:
        """The games with a rating, in the order their first match was rated."""
        return list(dict.fromkeys(match.game for match in self.matches))

    def of_player(self, player: str) -> list[Rating]:
        """A player's ratings, one per game, most games first."""
        return sorted((r for (_, p), r in self.ratings.items() if p == player), key=lambda r: (-r.games, r.game))


def rate(matches: Iterable[Match]) -> RatingTable:
    """Rate every match in the order given with openskill's Plackett-Luce on its defaults, per game.

    A match of fewer than two sides, or naming a player twice, rates nobody (openskill needs two teams,
    and one person cannot be two of them); it is left out of the table's matches.
    """
    model = PlackettLuce()
    ratings: dict[tuple[str, str], Rating] = {}
    rated: list[Match] = []
    for match in matches:
        if _rateable(match):
            _rate_match(model, ratings, match)
            rated.append(match)
    return RatingTable(ratings, tuple(rated))


def _rateable(match: Match) -> bool:
    """True when openskill can rate the match: two sides or more, and no player in it twice."""
    players = [player for side in match.sides for player in side]
    return len(match.sides) >= 2 and len(set(players)) == len(players)


def _rate_match(model: PlackettLuce, ratings: dict[tuple[str, str], Rating], match: Match) -> None:
    """Move the ratings of the match's players by its result, each noting the match in its history."""
    current = [[_rating_of(ratings, model, match.game, player) for player in side] for side in match.sides]
    teams = [[model.rating(mu=r.mu, sigma=r.sigma, name=r.player) for r in side] for side in current]
    after = model.rate(teams, ranks=[float(rank) for rank in match.ranks])
    for side, new_side in zip(current, after):
        for rating, new in zip(side, new_side):
            rating.mu, rating.sigma = new.mu, new.sigma
            rating.games += 1
            rating.history.append(RatingPoint(match.key, rating.games, rating.ordinal))


def _rating_of(ratings: dict[tuple[str, str], Rating], model: PlackettLuce, game: str, player: str) -> Rating:
    """The player's rating so far in the game, a new one (the model's defaults) before their first match."""
    found = ratings.get((game, player))
    if found is None:
        fresh = model.rating()
        found = ratings[(game, player)] = Rating(player, game, fresh.mu, fresh.sigma)
    return found


# who a player finishes beside ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mate:
    """Another player and how many games count toward what they are to this player (of `out_of` games together)."""

    name: str
    count: int
    out_of: int


@dataclass(frozen=True, slots=True)
class TableMates:
    """A player's rival, nemesis and best partner over every rated game (None where nobody is)."""

    rival: Mate | None  # who most often finishes right beside them (the nearest rank above or below, or level)
    nemesis: Mate | None  # who most often finishes above them, of the games both finished
    partner: Mate | None  # the partner they won most games with (partnerships)


def table_mates(matches: Iterable[Match], player: str) -> TableMates:
    """A player's rival, nemesis and best partner over these matches (ties go to the name first in order).

    >>> ms = [match_of("basic", i, {n: [n] for n in "ABC"}, totals, winner=w) for i, (totals, w) in
    ...       enumerate([({"A": 9, "B": 5, "C": 1}, "A"), ({"A": 2, "B": 9, "C": 5}, "B")])]
    >>> mates = table_mates(ms, "A")
    >>> mates.rival, mates.nemesis.name, mates.nemesis.count, mates.partner
    (Mate(name='B', count=1, out_of=2), 'B', 1, None)
    """
    beside: Counter[str] = Counter()
    above: Counter[str] = Counter()
    partners_won: Counter[str] = Counter()
    together: Counter[str] = Counter()
    both_finished: Counter[str] = Counter()
    for match in matches:
        mine = match.rank_of(player)
        if mine is None:
            continue
        side = next(s for s in match.sides if player in s)
        for partner in side:
            if partner != player:
                together[partner] += 1
                partners_won[partner] += mine == 1 and player not in match.left
        if player in match.left:
            continue
        _count_finishers(match, player, mine, side, beside, above, both_finished)
    return TableMates(
        rival=_most(beside, both_finished),
        nemesis=_most(above, both_finished),
        partner=_most(partners_won, together),
    )


def _count_finishers(match: Match, player: str, mine: int, side: tuple[str, ...], beside: Counter[str],
                     above: Counter[str], both_finished: Counter[str]) -> None:
    """Count one match toward who finished beside and above `player` (opponents who finished only)."""
    finished = [(s, r) for s, r in zip(match.sides, match.ranks) if s != side and not set(s) & match.left]
    better = max((r for _, r in finished if r < mine), default=None)
    worse = min((r for _, r in finished if r > mine), default=None)
    for other_side, rank in finished:
        for other in other_side:
            both_finished[other] += 1
            beside[other] += rank in (mine, better, worse)
            above[other] += rank < mine


def _most(counts: Counter[str], out_of: Counter[str]) -> Mate | None:
    """The name counted most (more games together first among equals, then by name), or None when none counts."""
    best = sorted((name for name, n in counts.items() if n > 0),
                  key=lambda name: (-counts[name], -out_of[name], name.lower()))
    return Mate(best[0], counts[best[0]], out_of[best[0]]) if best else None
