"""The rules engine: cards, melds, games and scoring, in pure Python (no Flask, no database).

Public facade (see docs/api.md): check_meld, score_session, gin_arrange,
Scoring (a session scored hand by hand), VARIANTS, find_game and the Game classes (engine.games),
InputError, RulesError; and for pages and forms: check_declaration (Indian Rummy's show), check_first_melds (the
initial meld: Rummikub), check_layoff, read_card_list,
check_side (a side's live score where it scores on its own: Canasta),
resolve_options, deck_counts, card_values, unentered_players, needs_wild_rank, entry_label (how an error names a
player's entry),
points_bonuses, rewards_concealed, goer_holds_cards (whether who went out is asked for cards left), layoff_owners, deal_note (what a deal asks: a contract); and for the table, dealer_seats (who deals each hand) and ranked (the standings, best first).

Each answer that is a JSON body of docs/api.md is a TypedDict of engine.answers, exported here: MeldAnswer
(check_meld), LayoffAnswer, FirstMeldsAnswer, DeclarationAnswer, HeldCountAnswer, CardsAnswer (read_card_list),
SideAnswer, SessionAnswer (score_session, Scoring.answer) with its HandAnswer and PlayerDetails, ErrorAnswer
(InputError.response), GinAnswer (gin_arrange) and ValueRow (card_values).

>>> check_meld("9H 10H JH")["points"]
29
"""

from scorekeeper.engine.answers import (
    BonusLine,
    CanastaFields,
    CardsAnswer,
    DeclarationAnswer,
    DeclaredGroup,
    ErrorAnswer,
    FirstMeldsAnswer,
    GinAnswer,
    GinArrangement,
    GinDefence,
    GinDiscard,
    GinLayoff,
    HandAnswer,
    HandNotes,
    HeldCountAnswer,
    LaidOff,
    LayoffAnswer,
    LayoffTarget,
    MeldAnswer,
    MeldFields,
    PlayerDetails,
    ReadingAnswer,
    SessionAnswer,
    SessionNotes,
    SideAnswer,
    SideLine,
    TableMeldAnswer,
    ValueRow,
)
from scorekeeper.engine.entry import needs_wild_rank, unentered_players
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.games import VARIANTS, Game, UnknownGameError, find_game
from scorekeeper.engine.games.base import Option
from scorekeeper.engine.games.gin import HAND_SIZE as GIN_HAND_SIZE
from scorekeeper.engine.games.gin import GinCardsError, big_gin_arrangements, gin_arrange
from scorekeeper.engine.layoffs import layoff_owners
from scorekeeper.engine.played import entry_label
from scorekeeper.engine.meld_check import (
    check_declaration,
    check_first_melds,
    check_held,
    check_layoff,
    check_meld,
    read_card_list,
)
from scorekeeper.engine.rules import card_values, deck_counts, leaving_costs, lowest_wins, resolve_options
from scorekeeper.engine.side_check import check_side
from scorekeeper.engine.scoring import PointsBonuses, Scoring, deal_note, goer_holds_cards, points_bonuses, rewards_concealed, score_session
from scorekeeper.engine.standing import Place, ranked
from scorekeeper.engine.table import dealer_seats

__all__ = [
    "BonusLine",
    "CanastaFields",
    "CardsAnswer",
    "DeclarationAnswer",
    "DeclaredGroup",
    "ErrorAnswer",
    "FirstMeldsAnswer",
    "GinAnswer",
    "GinArrangement",
    "GinDefence",
    "GinDiscard",
    "GinLayoff",
    "HandAnswer",
    "HandNotes",
    "HeldCountAnswer",
    "LaidOff",
    "LayoffAnswer",
    "LayoffTarget",
    "MeldAnswer",
    "MeldFields",
    "PlayerDetails",
    "ReadingAnswer",
    "SessionAnswer",
    "SessionNotes",
    "SideAnswer",
    "SideLine",
    "TableMeldAnswer",
    "ValueRow",
    "Game",
    "GIN_HAND_SIZE",
    "GinCardsError",
    "InputError",
    "Option",
    "Place",
    "PointsBonuses",
    "RulesError",
    "Scoring",
    "UnknownGameError",
    "VARIANTS",
    "big_gin_arrangements",
    "card_values",
    "check_declaration",
    "check_first_melds",
    "check_held",
    "check_layoff",
    "check_meld",
    "check_side",
    "deal_note",
    "dealer_seats",
    "find_game",
    "deck_counts",
    "entry_label",
    "gin_arrange",
    "layoff_owners",
    "leaving_costs",
    "lowest_wins",
    "points_bonuses",
    "ranked",
    "read_card_list",
    "resolve_options",
    "rewards_concealed",
    "goer_holds_cards",
    "score_session",
    "unentered_players",
    "needs_wild_rank",
]
