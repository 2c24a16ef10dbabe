"""The base of every form on the pages: its fields come from the request's form data, never from a JSON body."""

from __future__ import annotations

from typing import Any

from flask import abort, request
from flask_wtf import FlaskForm
from flask_wtf.form import SUBMIT_METHODS

# what a client that sends a page's form as JSON reads (the 400's message)
FORM_DATA_ONLY = (
    "This address takes a form's fields (application/x-www-form-urlencoded or multipart/form-data), not JSON."
    " Nothing was saved. The JSON API is under /api/v1/ (see docs/api.md)."
)


class PageForm(FlaskForm):
    """A FlaskForm that reads form data only: a form posted as a JSON body is refused with a 400."""

    class Meta(FlaskForm.Meta):
        """Flask-WTF's settings (CSRF and the rest), with form data as the only source of fields."""

        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            """Flask-WTF's choice of formdata, after refusing (400) a form sent as JSON."""
            # Flask-WTF reads a JSON body as the fields: a list (`[1, 2, 3]`) is no mapping (a 500), and an
            # object's values are numbers, lists and objects where every field expects text. No page sends JSON.
            if request.is_json and request.method in SUBMIT_METHODS:
                abort(400, FORM_DATA_ONLY)
            return super().wrap_formdata(form, formdata)
