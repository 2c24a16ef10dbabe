"""Forms of the table's changes: who deals, and players renamed, seated late or leaving."""

from __future__ import annotations

from wtforms import BooleanField, HiddenField, RadioField, SelectField, StringField, SubmitField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, ValidationError

from scorekeeper.forms import PageForm
from scorekeeper.limits import name_problem


def _stripped(text: str | None) -> str:
    return (text or "").strip()


def _player_choices(names: list[str]) -> list[SelectChoice]:
    return [SelectChoice(name, name) for name in names]


class DealerForm(PageForm):
    """Who deals (or dealt) the hand being entered now."""

    dealer = SelectField("Who deals this hand", choices=[], validate_choice=False, validators=[InputRequired()])
    submit = SubmitField("Set the dealer")

    def setup(self, names: list[str]) -> DealerForm:
        """Offer the players of the next hand."""
        self.dealer.choices = _player_choices(names)
        return self


def _allowed_name(form: PageForm, field: StringField) -> None:
    """Any name a person can type, within the stored limits (scorekeeper.limits)."""
    problem = name_problem(field.data or "")
    if problem:
        raise ValidationError(f"The name {field.data!r} {problem}.")


def _name_field(label: str) -> StringField:
    return StringField(label, filters=[_stripped], validators=[InputRequired("Type a name."), _allowed_name],
                       render_kw={"maxlength": 40, "autocapitalize": "words", "autocomplete": "off"})


class ConfirmedForm(PageForm):
    """A change to the players is only made when the table ticks that it agrees."""

    confirm = BooleanField("Yes, make this change")
    # the session's version the page showed: the question is asked again if the game moved on meanwhile
    session_version = HiddenField()

    def validate_confirm(self, field: BooleanField) -> None:
        """The change is explicit: the box must be ticked."""
        if not field.data:
            raise ValidationError("Tick the box to confirm the change; nothing was changed.")


class RenameForm(ConfirmedForm):
    """Give a player a new name, here and in every game they played."""

    player = SelectField("Player", choices=[], validate_choice=False, validators=[InputRequired()])
    new_name = _name_field("New name")
    submit = SubmitField("Rename")

    def setup(self, names: list[str]) -> RenameForm:
        """Offer every player seated at this table."""
        self.player.choices = _player_choices(names)
        return self


class LatePlayerForm(ConfirmedForm):
    """Seat a player who arrives mid-game; they are dealt in from the next hand."""

    name = _name_field("Name of the new player")
    start = RadioField(
        "Their total starts at",
        choices=[SelectChoice("zero", "0"), SelectChoice("lowest", "The lowest total at the table")],
        default="zero",
        validators=[InputRequired()],
    )
    submit = SubmitField("Seat the player")


class LeaveForm(ConfirmedForm):
    """A player leaves: kept in the hands they played, not dealt into new ones."""

    player = SelectField("Player leaving", choices=[], validate_choice=False, validators=[InputRequired()])
    submit = SubmitField("Leave the game")

    def setup(self, names: list[str]) -> LeaveForm:
        """Offer the players still playing."""
        self.player.choices = _player_choices(names)
        return self


class RejoinForm(PageForm):
    """A player out of a pool game rejoins from the next hand (the confirmation page asks first), or not after all."""

    player = HiddenField(validators=[InputRequired("Say who rejoins.")])
    # the session's version the confirmation showed: asked again if the game moved on meanwhile
    session_version = HiddenField()
    submit = SubmitField("Yes, deal them back in")
