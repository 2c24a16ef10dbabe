"""The engine's typed answers (engine.answers) hold what the engine really answers, for every game's sample.

Each answer is walked all the way down against its TypedDict: no key the type
lacks, every required key present, each value of the type named (a nested
answer against its own TypedDict). And every key a type names is seen in some
answer, so a type cannot keep a key the engine no longer gives.
"""

# no `from __future__ import annotations`: on Python 3.11 a TypedDict reads NotRequired only from real annotations
import types
from collections import defaultdict
from collections.abc import Iterator
from typing import Any, NotRequired, TypedDict, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from scorekeeper import engine
from scorekeeper.engine import answers
from tests.test_history_games import SAMPLES

# every TypedDict of engine.answers
ANSWER_TYPES = [value for value in vars(answers).values() if is_typeddict(value)]
# the parts of an answer the engine builds it from (the fields a game adds, those every meld check has), never
# answered alone: their keys are held where the whole answers carry them
PARTS = (answers.MeldFields, answers.CanastaFields, answers.HandNotes, answers.SessionNotes, answers.GinDiscard,
         answers.GinDefence)


def mismatches(value: Any, hint: Any, where: str, seen: dict[str, set[str]]) -> list[str]:
    """How `value` differs from the type `hint`, each difference naming where; the keys met go into `seen`."""
    if is_typeddict(hint):
        return _typed_dict_mismatches(value, hint, where, seen)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        tries = [mismatches(value, arg, where, seen) for arg in args]
        return [] if any(not found for found in tries) else tries[0]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [m for index, item in enumerate(value) for m in mismatches(item, args[0], f"{where}[{index}]", seen)]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        return [m for key, item in value.items() for m in mismatches(item, args[1], f"{where}.{key}", seen)]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    # True is an int to isinstance, but not a number in an answer
    if not isinstance(value, hint) or (hint is int and isinstance(value, bool)):
        return [f"{where}: {value!r} is not {hint.__name__}"]
    return []


def _typed_dict_mismatches(value: Any, hint: Any, where: str, seen: dict[str, set[str]]) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where}: {value!r} is not an object ({hint.__name__})"]
    keys = get_type_hints(hint)
    found = [f"{where}: `{key}` is not a key of {hint.__name__}" for key in value if key not in keys]
    found += [f"{where}: {hint.__name__}'s required `{key}` is missing" for key in hint.__required_keys__ - value.keys()]
    seen[hint.__name__].update(value.keys() & keys.keys())
    for key in value.keys() & keys.keys():
        found += mismatches(value[key], keys[key], f"{where}.{key}", seen)
    return found


def sample_answers(game: str) -> Iterator[tuple[str, Any, Any]]:
    """(what, answer, its type) for everything the engine answers about a game's sample: the session scored, each
    meld, lay-off and cards left checked, and the game's own checks."""
    sample = SAMPLES[game]
    options = sample.options
    body = {"game": game, "options": options, "players": sample.players, "hands": sample.hands}
    yield "score_session", engine.score_session(body), answers.SessionAnswer
    yield "card_values", engine.card_values(game, options), list[answers.ValueRow]
    spoiled = {**body, "hands": [{**sample.hands[0], "went_out": "Nobody"}]}
    with pytest.raises(engine.InputError) as refused:
        engine.score_session(spoiled)
    yield "error", refused.value.response(), answers.ErrorAnswer
    for number, hand in enumerate(sample.hands, start=1):
        yield from _hand_checks(game, options, hand, f"hand {number}")


def _hand_checks(game: str, options: dict[str, Any], hand: dict[str, Any], where: str) -> Iterator[tuple[str, Any, Any]]:
    """The checks the hand form asks of each player's entry in one hand of a sample."""
    rules = engine.find_game(game)
    wild = hand.get("wild_rank")
    entries = hand.get("players") or {}
    for name, entry in entries.items():
        melds = entry.get("melds") or []
        for index, meld in enumerate(melds):
            yield f"{where} {name}'s meld {index}", engine.check_meld(meld, game, options, wild), answers.MeldAnswer
        for index, layoff in enumerate(entry.get("layoffs") or []):
            onto = layoff["onto"]
            meld = entries[onto["player"]]["melds"][onto["meld"]]
            yield (f"{where} {name}'s lay-off {index}", engine.check_layoff(meld, layoff["cards"], game, options, wild),
                   answers.LayoffAnswer)
        if entry.get("in_hand"):
            yield f"{where} {name}'s cards", engine.read_card_list(entry["in_hand"], game, options, wild), answers.CardsAnswer
        if rules.side_scores_alone:
            went_out = hand.get("went_out") == name
            yield (f"{where} {name}'s side", engine.check_side(entry, game, options, went_out=went_out, name=name),
                   answers.SideAnswer)
        if rules.counts_by_groups and not entry.get("dropped") and not entry.get("wrong_show"):
            yield (f"{where} {name}'s count", engine.check_held(melds, entry.get("in_hand") or "", game, options, wild),
                   answers.HeldCountAnswer)
        if rules.checks_declarations and hand.get("went_out") == name:
            yield f"{where} {name}'s show", engine.check_declaration(melds, game, options, wild), answers.DeclarationAnswer
    for name, rack in (hand.get("racks") or {}).items():
        if rack:
            yield f"{where} {name}'s rack", engine.check_meld(rack, game, options), answers.MeldAnswer
            yield f"{where} {name}'s first melds", engine.check_first_melds([rack], game, options), answers.FirstMeldsAnswer


def gin_answers() -> Iterator[tuple[str, Any, Any]]:
    """The gin arrangement's answers: a hand of its own, eleven cards, a defender's hand, a big gin (docs/api.md)."""
    yield "ten cards", engine.gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC KD"), answers.GinAnswer
    eleven = engine.gin_arrange("AS 2S 3S 7H 7D 7C 9C 10C JC QC KD")
    yield "eleven cards", eleven, answers.GinAnswer
    defender = engine.gin_arrange("4S 7S 8C QC KH KS KD 2H 3H 5D", knocker_melds=["AS 2S 3S", "7H 7D 7C", "9C 10C JC"])
    yield "a defender", defender, answers.GinAnswer
    cards = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC QC".split()
    big = engine.gin_arrange(cards)
    yield "big gin", engine.big_gin_arrangements(cards, big), list[answers.GinArrangement]


def extra_answers() -> Iterator[tuple[str, Any, Any]]:
    """Answers the samples do not give, each from docs/api.md: the fields only some inputs have."""
    yield "illegal meld", engine.check_meld("KH AH 2H"), answers.MeldAnswer
    yield "lay-off onto another reading", engine.check_layoff("7H 8H JK", "9H"), answers.LayoffAnswer
    yield "lay-off onto no meld", engine.check_layoff("7H 8H 10H", "9H"), answers.LayoffAnswer
    yield ("canasta lay-off", engine.check_layoff("8H 8S 8D 8C 8H 8S 8D", "2H", "canasta"), answers.LayoffAnswer)
    yield ("indian meld", engine.check_meld("4H 5H 7H", "indian", wild_rank="9"), answers.MeldAnswer)
    yield ("indian points", engine.score_session({
        "game": "indian", "players": ["Ann", "Ben"],
        "hands": [{"wild_rank": "9", "went_out": "Ann", "players": {
            "Ann": {"melds": ["2H 3H 4H", "6S 7S 9C", "KD KH KS", "10C JC QC KC"]},
            "Ben": {"melds": ["7D 8D 9D"], "in_hand": "QH 4C 3D 8S 5S 6D 2C 10S JD JH"}}}],
    }), answers.SessionAnswer)
    yield ("a goer with no cards", engine.score_session({
        "game": "rummy500", "players": ["Ann", "Ben"], "hands": [{"went_out": "Ann", "players": {"Ben": {"in_hand": "5D"}}}],
    }), answers.SessionAnswer)
    yield "cards without a game", engine.read_card_list("qs4d"), answers.CardsAnswer
    yield "a rule broken", engine.RulesError("bad meld", hand=1, player="Ann", field="layoffs", layoff=0).response(), answers.ErrorAnswer
    yield "a meld pointed at", engine.RulesError("bad meld", hand=1, player="Ann", field="melds", meld=1).response(), answers.ErrorAnswer


def every_answer() -> Iterator[tuple[str, Any, Any]]:
    """Every answer this test holds against its type."""
    for game in sorted(SAMPLES):
        for what, answer, hint in sample_answers(game):
            yield f"{game}: {what}", answer, hint
    yield from gin_answers()
    yield from extra_answers()


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_each_answer_about_a_sample_has_the_keys_and_values_its_type_names(game):
    seen: dict[str, set[str]] = defaultdict(set)
    found = [m for what, answer, hint in sample_answers(game) for m in mismatches(answer, hint, f"{game}: {what}", seen)]
    assert found == []


def test_each_gin_arrangement_has_the_keys_and_values_its_type_names():
    seen: dict[str, set[str]] = defaultdict(set)
    assert [m for what, answer, hint in gin_answers() for m in mismatches(answer, hint, what, seen)] == []


def test_every_key_of_every_answer_type_is_given_by_some_answer():
    seen: dict[str, set[str]] = defaultdict(set)
    found = [m for what, answer, hint in every_answer() for m in mismatches(answer, hint, what, seen)]
    assert found == []
    unseen = {
        kind.__name__: sorted(get_type_hints(kind).keys() - seen[kind.__name__])
        for kind in ANSWER_TYPES if kind not in PARTS
    }
    assert {name: keys for name, keys in unseen.items() if keys} == {}


def test_a_key_the_type_lacks_and_a_required_key_missing_are_both_found():
    class Small(TypedDict):
        kept: int
        maybe: NotRequired[list[str]]

    seen: dict[str, set[str]] = defaultdict(set)
    assert mismatches({"kept": 1, "maybe": ["a"]}, Small, "x", seen) == []
    assert mismatches({"maybe": ["a", 2], "other": True}, Small, "x", seen) == [
        "x: `other` is not a key of Small", "x: Small's required `kept` is missing", "x.maybe[1]: 2 is not str",
    ]
    assert mismatches({"kept": True}, Small, "x", seen) == ["x.kept: True is not int"]


def test_the_answer_types_are_exported_from_the_engine():
    assert {kind.__name__ for kind in ANSWER_TYPES} <= set(engine.__all__)
