"""Forms of the sessions area: new session, a hand by cards, a hand by points.

The forms only read what was typed; whether a hand follows the rules is
the engine's to say (see sessions/hand_form_data.py for the translation).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from typing import Any

from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, Optional, ValidationError

from scorekeeper.engine import Game
from scorekeeper.forms import PageForm
from scorekeeper.limits import MAX_NAME, name_problem, whole_number

RANK_CHOICES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
# from this many players the hand form starts folded to one line a player, one card open: on a phone
# (390x844, chromium) the folded lines and one open card fit two screens from 5 to 8 players, two open cards do not
LONG_TABLE = 5
_SUM = re.compile(r"^\s*[+-]?\s*[0-9]+(\s*[+-]\s*[0-9]+)*\s*$")
_TERM = re.compile(r"([+-]?)\s*([0-9]+)")


def parse_points(text: str) -> int:
    """Read a points entry such as ``12+11+7`` or ``-20`` (a sum the player adds up on paper).

    >>> parse_points("12+11+7"), parse_points(" -20 "), parse_points("40 - 5")
    (30, -20, 35)
    """
    if not (text or "").strip():
        raise ValueError("nothing entered: write a number (0 for none) or a sum like 12+11+7")
    if not _SUM.match(text):
        raise ValueError(f"`{text}` is not a number or a sum like 12+11+7")
    total = 0
    for sign, digits in _TERM.findall(text):
        number = whole_number(digits, None)
        if number is None:
            raise ValueError(f"`{digits}` is more points than any game scores")
        total += -number if sign == "-" else number
    return total


class WholeNumberField(IntegerField):
    """IntegerField read by limits.whole_number: plain digits up to what a database id holds, nothing else."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the number typed; anything else is the field's error (Optional() lets a blank one through)."""
        if not valuelist:
            return
        self.data = whole_number(str(valuelist[0]).strip(), None)
        if self.data is None:
            raise ValueError(self.gettext("Not a whole number."))


class NewSessionBase(PageForm):
    """Players in seat order; option fields are added per game by new_session_form."""

    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=MAX_NAME)], filters=[lambda s: (s or "").strip()]),
        min_entries=2,
    )
    # the seat field (from 1) of the player who deals the first hand; the dealer then moves left each hand
    first_dealer = SelectField("Who deals first", choices=[], default="1")
    submit = SubmitField("Start the game")

    def player_names(self) -> list[str]:
        """The names entered, blanks skipped, in seat order."""
        return [entry.data for entry in self.players if entry.data]

    def first_dealer_seat(self) -> int:
        """The seat of the first dealer once blank name fields are skipped (a blank field is no seat)."""
        chosen = whole_number(self.first_dealer.data)
        return sum(1 for entry in list(self.players)[:chosen] if entry.data)

    def validate_first_dealer(self, field: SelectField) -> None:
        """The first dealer is a seat that has a player."""
        chosen = whole_number(field.data)
        if not 1 <= chosen <= len(self.players):
            raise ValidationError("Choose who deals first: one of the seats.")
        if not self.players[chosen - 1].data:
            raise ValidationError(f"Seat {chosen} has no player: choose a seat with a name to deal first.")

    def validate_players(self, field: FieldList) -> None:
        """At least the game's minimum, each name once."""
        names = self.player_names()
        seen: set[str] = set()
        for name in names:
            problem = name_problem(name)
            if problem:
                raise ValidationError(f"The name {name!r} {problem}.")
            if name.lower() in seen:
                raise ValidationError(f"{name} is entered twice: give each player a different name.")
            seen.add(name.lower())


def new_session_form(game_spec: Game) -> NewSessionBase:
    """A new-session form for one game: up to max_players name fields and one field per option."""

    class NewSessionForm(NewSessionBase):
        pass

    for option in game_spec.options:
        default = option.default
        if option.kind == "bool":
            field = BooleanField(option.label, default=bool(default) if isinstance(default, bool) else False,
                                 description=option.help)
        elif option.kind == "choice":
            choices = [SelectChoice("", f"Game default ({default})" if default is not None else "Game default")]
            choices += [SelectChoice(str(c), str(c)) for c in option.choices]
            field = SelectField(option.label, choices=choices, default="", description=option.help,
                                validators=[Optional()])
        else:
            field = WholeNumberField(option.label, validators=[Optional()], description=option.help,
                                 render_kw={"placeholder": str(default) if default is not None else "game default",
                                            "inputmode": "numeric"})
        setattr(NewSessionForm, f"opt_{option.name}", field)

    form = NewSessionForm()
    while len(form.players) < game_spec.max_players:
        form.players.append_entry()
    form.first_dealer.choices = [SelectChoice(str(n), f"Seat {n}") for n in range(1, len(form.players) + 1)]
    return form


def chosen_options(form: NewSessionBase, game_spec: Game) -> dict[str, Any]:
    """The options the table set; an option left at "game default" is omitted so the engine fills it."""
    options: dict[str, Any] = {}
    for option in game_spec.options:
        name = option.name
        field = getattr(form, f"opt_{name}")
        if option.kind == "bool":
            options[name] = bool(field.data)
        elif option.kind == "choice":
            if field.data not in (None, ""):
                options[name] = _choice_value(field.data, option.choices)
        elif field.data is not None:
            options[name] = field.data
    return options


def fill_options(form: NewSessionBase, game_spec: Game, options: dict[str, Any]) -> None:
    """Set the option fields to a saved set's values (house rules), as if the table had chosen them.

    An option the set leaves out goes back to the game's default (a blank field), so the form holds
    the set and nothing else; the fields show the values even on a form sent back (raw_data is what a
    posted field shows).
    """
    for option in game_spec.options:
        field = getattr(form, f"opt_{option.name}")
        value = options.get(option.name)
        if option.kind == "bool":
            chosen = bool(value) if option.name in options else bool(option.default)
            field.data, field.raw_data = chosen, (["y"] if chosen else [])
        elif option.name not in options:
            field.data, field.raw_data = ("" if option.kind == "choice" else None), [""]
        else:
            field.data = str(value) if option.kind == "choice" else value
            field.raw_data = [str(value)]
        field.errors = []


def _choice_value(text: str, choices: list[Any]) -> Any:
    # choices may be numbers (decks: 1 or 2); give the engine the value, not its text
    for choice in choices:
        if str(choice) == text:
            return choice
    return text


class LayoffForm(Form):
    """Cards laid off onto one meld on the table."""

    cards = StringField("Cards laid off", filters=[lambda s: (s or "").strip()])
    onto = SelectField("Onto", choices=[], validate_choice=False)


class PlayerCardsForm(Form):
    """One player's part of a hand: melds, lay-offs, cards left in hand."""

    melds = FieldList(StringField("Meld", filters=[lambda s: (s or "").strip()]), min_entries=2)
    layoffs = FieldList(FormField(LayoffForm), min_entries=1)
    in_hand = StringField("Cards left in hand", filters=[lambda s: (s or "").strip()])
    # the game's whole numbers beside the cards (Game.hand_counts: Canasta's red threes), in the game's order
    counts = FieldList(StringField("Count", filters=[lambda s: (s or "").strip()]), min_entries=0)
    # how the player left the hand without cards (Game.leavings: a drop, a wrong show), "" when they played it out
    state = RadioField("How they played", choices=[], default="", validate_choice=False)


class HandFormBase(PageForm):
    """What every hand form carries: its idempotency key, what it was opened on, and how the hand ended."""

    idempotency_key = HiddenField()
    # a new hand's form: the position the hand is expected to take (a hand saved meanwhile takes it first)
    expected_position = HiddenField()
    # an edit form: the version of the hand edited (a change saved meanwhile is never overwritten silently)
    hand_version = HiddenField()
    ended = RadioField(
        "How the hand ended",
        choices=[SelectChoice("went_out", "A player went out"), SelectChoice("stock_exhausted", "The stock ran out")],
        default="went_out",
        validators=[InputRequired()],
    )
    went_out = SelectField("Who went out", choices=[], validate_choice=False)
    wild_rank = SelectField(
        "Wild rank this hand",
        choices=[SelectChoice("", "(choose)")] + [SelectChoice(r, r) for r in RANK_CHOICES],
        validate_choice=False,
    )
    concealed = BooleanField("Went out concealed (melded the whole hand in one turn)")
    submit = SubmitField("Save the hand")
    requires_went_out = True
    needs_wild_rank = False
    wild_rank_message = "Choose the wild rank: the rank of the card turned up after the deal."

    def validate_wild_rank(self, field: SelectField) -> None:
        """A wild rank chosen is a rank; left out, the engine says whether the hand needs it (a hand with cards)."""
        if self.needs_wild_rank and field.data and field.data not in RANK_CHOICES:
            raise ValidationError(self.wild_rank_message)

    def setup(self, names: list[str], game: Game) -> None:
        """Fill the choices that depend on the session's players and game."""
        # "(nobody)" only where a hand may say nobody went out (the points form): the card form asks a name, and
        # a radio once ticked cannot be unticked, so a choice nobody may post would be a trap there
        nobody = [] if self.requires_went_out else [SelectChoice("", "(nobody)")]
        self.went_out.choices = nobody + [SelectChoice(n, n) for n in names]
        if game.knocks:
            self.ended.choices = [SelectChoice("went_out", "A player knocked (or went gin)"),
                                  SelectChoice("stock_exhausted", "Draw: the stock ran down")]
            self.went_out.label.text = "Knocker"
        if game.ended_words:
            went_out, nobody, who = game.ended_words
            self.ended.choices = [SelectChoice("went_out", went_out), SelectChoice("stock_exhausted", nobody)]
            self.went_out.label.text = who
        self.wild_rank.label.text = game.wild_rank_label
        if game.wild_rank_note:
            self.wild_rank_message = f"Choose the {game.wild_rank_label.lower()}. {game.wild_rank_note}"

    def validate_went_out(self, field: SelectField) -> None:
        """A player who went out must be named, and only one."""
        chosen = [v for v in dict.fromkeys(field.raw_data or []) if v]
        if len(chosen) > 1:
            raise ValidationError(
                f"Only one player can go out in a hand, but {' and '.join(chosen)} were both chosen."
            )
        if self.ended.data == "went_out" and not field.data and self.requires_went_out:
            raise ValidationError("Choose who went out, or tick that the stock ran out.")
        if field.data and field.data not in [c.value for c in field.choices]:
            raise ValidationError(f"{field.data} is not playing in this game.")


def setup_counts(player: Any, game: Game) -> None:
    """A player's fields for the game's counts of cards left in hand (engine Game.hand_counts), labelled."""
    while len(player.counts) < len(game.hand_counts):
        player.counts.append_entry()
    for field, count in zip(player.counts, game.hand_counts):
        field.label.text = count.label
        field.description = count.help


def setup_leavings(player: Any, game: Game, costs: dict[str, int]) -> None:
    """A player's one-tap choices of how they left the hand without cards (engine Game.leavings), each with its cost."""
    if not game.leavings:
        return
    player.state.choices = [SelectChoice("", "Played")] + [
        SelectChoice(leaving.state, f"{leaving.label} · {costs[leaving.state]}" if leaving.state in costs else leaving.label)
        for leaving in game.leavings
    ]
    if player.state.data not in [choice.value for choice in player.state.choices]:
        player.state.data = ""


def _setup_onto(layoff: Any, onto: list[SelectChoice], names: list[str]) -> None:
    """The melds a lay-off may go onto, and the one it chose before when the rules no longer offer it."""
    layoff.onto.choices = onto
    chosen = layoff.onto.data
    if chosen and chosen not in [choice.value for choice in onto]:
        # a meld the rules do not let this player use, chosen before (a kept draft, another
        # "who went out"): shown as chosen, so nothing typed is lost and Save says why not
        owner_text, _, row_text = chosen.partition(":")
        owner, row = whole_number(owner_text, None), whole_number(row_text, None)
        if owner is not None and row is not None and owner < len(names):
            layoff.onto.choices = [*onto, SelectChoice(chosen, f"{names[owner]}'s meld {row + 1}")]


class HandCardsForm(HandFormBase):
    """A hand entered card by card."""

    big_gin = BooleanField("Big gin: the knocker melded all 11 cards after the draw")
    players = FieldList(FormField(PlayerCardsForm))
    # which players' own parts the page has merged in, and how (static/js/parts-merge.js keeps it, so a
    # kept draft and a form sent back carry it too); the server only sends it back as it came
    parts_seen = HiddenField()

    def setup(self, names: list[str], game: Game, onto_seats: dict[int, list[int]] | None = None,
              costs: dict[str, int] | None = None) -> None:
        """Choices that depend on the players: who went out, and the melds each player's lay-offs may go onto.

        `onto_seats` gives, per seat, the seats whose melds that player may lay off
        onto (the engine's rule, tables.hand_rules.HandRules.layoff_seats); None offers every meld.
        `costs`: what each of the game's ways of leaving a hand costs at this table (HandRules.leaving_costs).
        """
        super().setup(names, game)
        # an engine error that names a player but no field of theirs, by seat
        self.player_errors: dict[int, str] = getattr(self, "player_errors", {})
        while len(self.players) < len(names):
            self.players.append_entry()
        self._give_goer_rows(names, game)
        every = list(range(len(names)))
        self.count_names = [count.name for count in game.hand_counts]
        for player in self.players:
            setup_counts(player, game)
            setup_leavings(player, game, costs or {})
        for seat, player in enumerate(self.players):
            onto = [SelectChoice("", "(choose a meld)")]
            for owner in (every if onto_seats is None else onto_seats.get(seat, [])):
                for row in range(len(self.players[owner].melds)):
                    onto.append(SelectChoice(f"{owner}:{row}", f"{names[owner]}'s meld {row + 1}"))
            for layoff in player.layoffs:
                _setup_onto(layoff, onto, names)

    def open_seats(self, wanted: Collection[int | None] = ()) -> set[int]:
        """The seats whose cards the page opens, as it is sent (folded on the server: no script moves the page after).

        Every card at a table of fewer than LONG_TABLE players; at a longer one, the cards the server
        marked with a problem and those of the players `wanted` (a row was added to theirs, an offer
        is made in it), else the first.
        """
        seats = range(len(self.players))
        if len(self.players) < LONG_TABLE:
            return set(seats)
        # a refused meld or lay-off is marked on its own row, which the player's FormField.errors never sees
        marked = {seat for seat in seats
                  if seat in self.player_errors or any(field.errors for field in every_field(self.players[seat].form))}
        return marked | {seat for seat in wanted if seat in seats} or {0}

    def nothing_entered(self, seat: int, name: str) -> bool:
        """Whether nothing is typed, chosen or marked for the player at `seat` (called `name`).

        Their folded line then says "nothing entered" as the page is sent, the words static/js/hand-form.js
        keeps there; any other line is the script's to write.
        """
        player = self.players[seat]
        typed = [*player.melds, *[layoff.cards for layoff in player.layoffs], player.in_hand]
        went_out = self.ended.data == "went_out" and self.went_out.data == name
        return not (any(field.data for field in typed) or player.state.data
                    or any(field.errors for field in every_field(player.form)) or seat in self.player_errors
                    or went_out)

    def _give_goer_rows(self, names: list[str], game: Game) -> None:
        """The meld rows the game gives the player chosen as going out (Game.goer_meld_rows: a declarer, four)."""
        goer = self.went_out.data
        if self.ended.data != "went_out" or goer not in names:
            return
        melds = self.players[names.index(goer)].melds
        while len(melds) < game.goer_meld_rows:
            melds.append_entry()

    def first_problem(self) -> str | None:
        """The id of the first field, in page order, that the server marked with an error (it takes the focus)."""
        for field in (self.went_out, self.wild_rank):
            if field.errors:
                return field.id
        for seat, player in enumerate(self.players):
            rows = [(layoff.cards, layoff.onto) for layoff in player.layoffs]
            for field in [*player.melds, *[f for pair in rows for f in pair], player.in_hand, *player.counts]:
                if field.errors:
                    return field.id
            if seat in self.player_errors:
                return player.melds[0].id
        return None



class HandPointsForm(HandFormBase):
    """A hand entered as points per player (not checked against the rules)."""

    points = FieldList(StringField("Points", filters=[lambda s: (s or "").strip()]))
    requires_went_out = False

    def setup(self, names: list[str], game: Game) -> None:
        """One points field per player."""
        super().setup(names, game)
        while len(self.points) < len(names):
            self.points.append_entry()
        for entry, name in zip(self.points, names):
            entry.label.text = f"{name}'s points"

    def first_problem(self) -> str | None:
        """The id of the first field the server marked with an error (it takes the focus)."""
        for field in (self.went_out, *self.points):
            if field.errors:
                return field.id
        return None

    def validate_points(self, field: FieldList) -> None:
        """Each entry a number or a sum."""
        bad = False
        for entry in field:
            try:
                parse_points(entry.data)
            except ValueError as exc:
                # named for the player, as the banner and a screen reader reading the errors alone need
                entry.errors = list(entry.errors) + [f"{entry.label.text}: {exc}"]
                bad = True
        if bad:
            raise ValidationError("Some points could not be read.")


class ConfirmForm(PageForm):
    """A bare form for confirmations (delete, undo): CSRF and the hand it is about."""

    hand_id = HiddenField()
    submit = SubmitField("Yes")


def every_field(form: Any) -> Iterator[Field]:
    """Every input field of `form`, nested ones (a player's meld rows, lay-offs) included, the CSRF token left out."""
    for field in form:
        if isinstance(field, FieldList):
            for entry in field:
                yield from (every_field(entry.form) if isinstance(entry, FormField) else (entry,))
        elif isinstance(field, FormField):
            yield from every_field(field.form)
        elif field.name != "csrf_token":
            yield field
