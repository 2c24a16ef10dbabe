"""The meld checker's form: a game, the options that change a meld, the cards, and a lay-off.

It is a GET form (nothing is stored, so there is no CSRF token): its URL
carries the whole question, so a result can be shared or bookmarked.
Option fields come from the engine's option specs; whether the cards make
a meld is the engine's to say.
"""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Form, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from scorekeeper.engine import VARIANTS, find_game
from scorekeeper.limits import whole_number

DEFAULT_GAME = "rummy500"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

# the options that change whether a meld is legal or what it scores; targets and bonuses do not
# (Canasta's `table`: six people play with three decks)
MELD_OPTIONS = ("decks", "jokers", "card_values", "ace_points", "table", "initial_meld")

# a bounded whole-number option with at most this many values is offered as a list
_MAX_LISTED = 10

# the fields of a whole declaration (Game.checks_declarations): 13 cards in groups of at least 3 make at most 4
SHOW_GROUPS = tuple(f"group{number}" for number in range(1, 5))
# a player's first melds, checked together against the game's initial meld (Game.initial_meld: Rummikub's 30)
FIRST_MELDS = tuple(f"first{number}" for number in range(1, 5))


def _strip(text: str | None) -> str:
    return (text or "").strip()


class CheckBase(Form):
    """The fields every game has; option fields are added per game by :func:`check_form`."""

    game = SelectField("Game", choices=[], validate_choice=False)
    cards = StringField("Cards of the meld", filters=[_strip], render_kw={"autocomplete": "off", "data-cards": ""})
    wild_rank = SelectField(
        "Wild rank this hand",
        choices=[SelectChoice("", "(choose)")] + [SelectChoice(r, r) for r in RANKS],
        validate_choice=False,
        description="The rank of the dealer's face-up card: every card of that rank is wild.",
    )
    # asked only where the game has melds legal only then (Game.going_out_melds)
    going_out = BooleanField("Melded in the turn its player goes out")
    meld = StringField("Meld on the table", filters=[_strip], render_kw={"autocomplete": "off", "data-cards": ""})
    added = StringField("Cards laid off onto it", filters=[_strip], render_kw={"autocomplete": "off", "data-cards": ""})

    option_names: tuple[str, ...] = ()


def chosen_game(args: MultiDict) -> str:
    """The game the request asks about; the default game when it names none."""
    return _strip(args.get("game")) or DEFAULT_GAME


def check_form(game: str, args: MultiDict) -> CheckBase:
    """The checker form for `game` (an id the engine knows), filled from the query string `args`."""
    spec = find_game(game)
    shown = [o for o in spec.options if o.name in MELD_OPTIONS]

    class CheckForm(CheckBase):
        option_names = tuple(o.name for o in shown)

    for option in shown:
        setattr(CheckForm, option.name, _option_field(option))
    if spec.checks_declarations:
        for number, name in enumerate(SHOW_GROUPS, start=1):
            setattr(CheckForm, name, StringField(f"Group {number}", filters=[_strip],
                                                 render_kw={"autocomplete": "off", "data-cards": ""}))
    if spec.initial_meld(spec.house_rules) is not None:
        for number, name in enumerate(FIRST_MELDS, start=1):
            setattr(CheckForm, name, StringField(f"First meld {number}", filters=[_strip],
                                                 render_kw={"autocomplete": "off", "data-cards": ""}))
    form = CheckForm(args)
    if spec.notation == "tiles":
        form.cards.label.text = "Tiles of the meld"
    form.game.choices = [SelectChoice(g.id, g.name) for g in VARIANTS]
    form.game.data = game
    return form


def _option_field(option: Any):
    """A form field for one engine option spec."""
    help_text = option.help or ""
    # an option with one value (ace_points: 1) is either chosen or not: a tick box, like a yes/no option
    if option.kind == "bool" or (option.kind == "choice" and len(option.choices) == 1):
        return BooleanField(option.label, description=help_text)
    values = _listed_values(option)
    if values:
        choices = [SelectChoice(str(v), str(v)) for v in values]
        if option.default is None:
            choices.insert(0, SelectChoice("", "Game default"))
        default = "" if option.default is None else str(option.default)
        return SelectField(option.label, choices=choices, default=default, description=help_text, validate_choice=False)
    return StringField(
        option.label, description=help_text,
        render_kw={"inputmode": "numeric", "placeholder": "" if option.default is None else str(option.default)},
    )


def _listed_values(option: Any) -> list[Any]:
    """The values a list offers for the option: its choices, or a short range of numbers; none when typed."""
    if option.kind == "choice":
        return list(option.choices)
    if option.maximum is not None and option.maximum - option.minimum < _MAX_LISTED:
        return list(range(option.minimum, option.maximum + 1))
    return []


def option_values(form: CheckBase, game: str) -> dict[str, Any]:
    """The options as the engine takes them; a field left blank is omitted so the engine fills the default.

    A value the game does not take is passed on as typed: the engine's error then names it.
    """
    options: dict[str, Any] = {}
    for option in find_game(game).options:
        if option.name not in form.option_names:
            continue
        field = getattr(form, option.name)
        if isinstance(field, BooleanField):
            if option.kind == "bool":
                options[option.name] = bool(field.data)
            elif field.data:
                options[option.name] = option.choices[0]
            continue
        text = _strip(field.data)
        if text == "":
            continue
        options[option.name] = _typed(text, option)
    return options


def _typed(text: str, option: Any) -> Any:
    # the engine wants the value, not its text: decks 2, not "2"
    for choice in option.choices:
        if str(choice) == text:
            return choice
    if option.kind == "int" or all(isinstance(c, int) for c in option.choices):
        number = whole_number(text, None)
        # not a whole number: the engine names the option and what it takes
        return text if number is None else number
    return text


def share_params(form: CheckBase) -> dict[str, str]:
    """The query string that asks this question again: every field filled in, options left at their default omitted.

    static/js/checker-page.js builds the same query string in the browser, in the same order.
    """
    params = {"game": form.game.data}
    # the wild rank belongs to the games that ask for one, going out to the games it changes, the groups of a show
    # to the games that check one: only their forms show the field
    spec = find_game(form.game.data)
    asked = ("wild_rank",) if spec.asks_wild_rank else ()
    going_out = ("going_out",) if spec.going_out_melds else ()
    groups = SHOW_GROUPS if spec.checks_declarations else ()
    first = FIRST_MELDS if spec.initial_meld(spec.house_rules) is not None else ()
    for name in (*form.option_names, *asked, "cards", *going_out, "meld", "added", *groups, *first):
        field = getattr(form, name)
        if isinstance(field, BooleanField):
            if field.data:
                params[name] = "y"
        elif _strip(field.data) and (name not in form.option_names or field.data != field.default):
            params[name] = _strip(field.data)
    return params


def first_melds(form: CheckBase) -> list[str]:
    """The first melds typed, blanks left out (none in a game without an initial meld)."""
    fields = [getattr(form, name) for name in FIRST_MELDS if hasattr(form, name)]
    return [text for field in fields if (text := _strip(field.data))]


def show_groups(form: CheckBase) -> list[str]:
    """The groups of the declaration typed, blanks left out (none in a game without declarations)."""
    fields = [getattr(form, name) for name in SHOW_GROUPS if hasattr(form, name)]
    return [text for field in fields if (text := _strip(field.data))]
