"""Reading what each player entered in a hand: their melds, lay-offs and cards left in hand (docs/rules.md 3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.engine.cards import CardNotationError, parse_cards, parse_meld_cards
from scorekeeper.engine.errors import InputError, RulesError
from scorekeeper.engine.melds import Reading, analyse, suit_refusal
from scorekeeper.engine.played import Hand, LayOff, PlayerHand, Problems, entry_fields, entry_label

if TYPE_CHECKING:
    from scorekeeper.engine.games.base import Game, Option, Rules


def _card_list(
    value: object, player: str, problem: Problems, field: str, index: int = 0, *, meld_notation: bool,
    game: Game | None = None,
) -> list[Any]:
    """The cards of one entry (a lay-off's, or those left in hand), read; errors name the entry.

    Labels are built only for an error: this runs for every entry of every hand.
    """
    if value is None:
        return []
    if not isinstance(value, (str, list, tuple)):
        raise problem(
            InputError, f"{entry_label(player, field, index, game)} must be cards, like \"7H 8H 9H\" or [\"7H\", \"8H\"]",
            player, **entry_fields(field, index),
        )
    try:
        return parse_meld_cards(value) if meld_notation else parse_cards(value)
    except CardNotationError as exc:
        raise problem(InputError, f"{entry_label(player, field, index, game)}: {exc}", player, **entry_fields(field, index)) from None


def read_cards(entries: dict[str, Mapping[str, Any]], hand: Hand, rules: Rules, problem: Problems) -> None:
    for name, entry in entries.items():
        player = hand.players[name] = PlayerHand(name)
        player.state = rules.variant.player_state(entry, name, problem)
        player.melds = read_melds(
            name, entry.get("melds"), rules, hand.wild_rank, problem, player.entered, going_out=name == hand.went_out
        )
        for count in rules.variant.hand_counts:
            player.counts[count.name] = _count(entry.get(count.name), count, name, problem)
        layoffs = entry.get("layoffs") or []
        if not isinstance(layoffs, list):
            raise problem(InputError, f"{name}'s layoffs must be a list", name, field="layoffs")
        for index, layoff in enumerate(layoffs):
            onto = layoff.get("onto") if type(layoff) is dict or isinstance(layoff, Mapping) else None
            if type(onto) is not dict and not isinstance(onto, Mapping):
                raise problem(
                    InputError,
                    f"{entry_label(name, 'layoffs', index)} must give `cards` and `onto` ({{\"player\": ..., \"meld\": index}})",
                    name, field="layoffs", layoff=index,
                )
            cards = _card_list(layoff.get("cards"), name, problem, "layoffs", index, meld_notation=True)
            owner, meld = _check_layoff_entry(name, index, cards, onto.get("player"), onto.get("meld"), entries, problem)
            player.layoffs.append(LayOff(cards, owner, meld))
        player.in_hand = _card_list(entry.get("in_hand"), name, problem, "in_hand", meld_notation=False, game=rules.variant)
        why = suit_refusal(player.in_hand, rules) if player.in_hand else None
        if why is not None:
            raise problem(InputError, f"{entry_label(name, 'in_hand', game=rules.variant)}: {why}", name, field="in_hand")


def _count(value: object, count: Option, player: str, problem: Problems) -> int:
    """One of the game's whole numbers entered beside the cards (a side's red threes); missing means 0."""
    if value is None:
        return 0
    if type(value) is not int or not count.allows(value):
        raise problem(
            InputError, f"{player}'s {count.label.lower()} must be {count.described()}, not {value!r}",
            player, field=count.name,
        )
    return value


def _check_layoff_entry(
    name: str, index: int, cards: list[Any], owner: object, meld: object, entries: Mapping[str, Any],
    problem: Problems,
) -> tuple[str, int]:
    """The player and meld a lay-off is onto; refuses one entered without cards, or onto no meld of a player here."""
    if cards and isinstance(owner, str) and owner in entries and type(meld) is int:
        return owner, meld
    what = entry_label(name, "layoffs", index)
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


def read_melds(
    name: str, melds: object, rules: Rules, wild_rank: int | None, problem: Problems, entered: list[Any] | None = None,
    going_out: bool = False,
) -> list[Reading]:
    """A player's melds, each read and checked, in the order entered (their cards as entered go to `entered`).

    `going_out`: the player went out (some melds are legal only then).
    """
    if not melds:
        return []
    if not isinstance(melds, list):
        raise problem(InputError, f"{name}'s melds must be a list of card lists", name, field="melds")
    readings = []
    for index, meld in enumerate(melds):
        if meld is not None and not isinstance(meld, (str, list, tuple)):
            raise problem(
                InputError, f"{entry_label(name, 'melds', index, rules.variant)} must be cards, like \"7H 8H 9H\" or [\"7H\", \"8H\"]",
                name, field="melds", meld=index,
            )
        try:
            result = analyse(meld if meld is not None else (), rules, wild_rank, every=False, going_out=going_out)
        except CardNotationError as exc:
            raise problem(InputError, f"{entry_label(name, 'melds', index, rules.variant)}: {exc}", name, field="melds", meld=index) from None
        if not result.readings:
            shown = " ".join(str(c) for c in result.cards)
            raise problem(
                RulesError, f"{entry_label(name, 'melds', index, rules.variant)} ({shown}) is not legal: {result.reason}",
                name, field="melds", meld=index,
            )
        readings.append(result.readings[0])  # the reading used when the player chose none
        if entered is not None:
            entered.append(result.cards)
    return readings
