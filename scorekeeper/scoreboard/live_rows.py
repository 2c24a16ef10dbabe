"""The scoreboard's rows of hands, each built once, and the rows a phone following the game lacks."""

from __future__ import annotations

import hashlib
from typing import Any

from flask import current_app

from scorekeeper.limits import whole_number

ROW_TEMPLATE = "_scoreboard_row.html"
# hex digits of a row's key (48 bits): a phone's rows are compared with the rows of one game only
ROW_KEY_BYTES = 6


def row_html(board: dict[str, Any], access: str, token: str) -> list[str]:
    """The HTML of each shown hand's row as this link sees it: a row is built again only when its hand's body changed."""
    entry = board["entry"]
    template = current_app.jinja_env.get_template(ROW_TEMPLATE)
    keys = row_keys(board)
    known = entry.rows
    kept: dict[Any, tuple[Any, str]] = {key: value for key, value in known.items() if key[0] != token}
    shown = []
    for row in board["rows"]:
        row_key = keys.get(row["hand"].position, "")
        key = (token, row["hand"], row_key)
        found = known.get(key)
        if found is None or found[0] is not row["scored"]:
            found = (row["scored"], template.render(row=row, board=board, access=access, token=token, key=row_key))
        kept[key] = found
        shown.append(found[1])
    # only this link's rows shown now are kept: the ones scrolled out of the latest hands go
    entry.rows = kept
    return shown


def row_keys(board: dict[str, Any]) -> dict[int, str]:
    """The key of each shown hand's row, by position: a digest of everything the row is built from.

    That is the game's players, options and late starts and leavers (and the engine's error,
    if it refused the hands), then every hand up to
    this one, in order, by id and version (the scores in a row, running totals included,
    come from those hands only), and the row's template. Two rows with the same key are
    the same row, and so are all the rows before them: a phone that holds the row of key
    K at position P holds every row up to P as this version shows it. Worked out once per
    version (one small digest per hand); empty when the hands scored are not known.
    """
    entry = board["entry"]
    if entry.row_keys is None:
        keys: dict[int, str] = {}
        if entry.hands is not None:
            first = board["earlier"] + 1
            # a body the engine refused shows no scores in any row, whichever hand it names
            frame = (entry.frame, board["columns"], entry.body.get("error"), _row_template_digest())
            chain = hashlib.blake2b(repr(frame).encode(), digest_size=ROW_KEY_BYTES)
            for position, (hand_id, version) in enumerate(entry.hands, start=1):
                chain = hashlib.blake2b(chain.digest() + f"{hand_id}.{version}".encode(), digest_size=ROW_KEY_BYTES)
                if position >= first:
                    keys[position] = chain.hexdigest()
        entry.row_keys = keys
    return entry.row_keys


def _row_template_digest() -> str:
    # a page built by an older version of the row template holds rows this one would build otherwise
    found = current_app.extensions.get("scorekeeper_row_template")
    if found is None:
        source = current_app.jinja_env.loader.get_source(current_app.jinja_env, ROW_TEMPLATE)[0]
        found = current_app.extensions["scorekeeper_row_template"] = hashlib.sha256(source.encode()).hexdigest()
    return found


def rows_since(board: dict[str, Any], access: str, token: str, held: str) -> dict[str, Any] | None:
    """The rows a phone lacks, given the last row it shows (`held`: "<position>.<key>"); None when it needs them all.

    The phone keeps its rows from `first` to `after` (the row at `after` must carry `key`, or
    the phone asks for the whole scoreboard) and appends `html`, the rows after it. When its
    last row is this version's, nothing before it changed; when it shows more hands than there
    are (an undo), the rows up to the last hand are likely its own; when its last row differs
    (that hand fixed), likely only that one: the key tells the phone whether the guess holds.
    """
    position_text, _, key = held.partition(".")
    keys = row_keys(board)
    position = whole_number(position_text)
    first, count = board["earlier"] + 1, board["count"]
    if keys.get(position) == key:
        after = position
    else:
        after = count if position > count else position - 1
    if after < first or after not in keys:
        return None
    shown = row_html(board, access, token)
    return {"first": first, "after": after, "key": keys[after], "html": "\n".join(shown[after - first + 1:])}

