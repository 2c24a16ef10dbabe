"""The players' own parts of a hand, as the hand form's fields: what fills the next hand's form, what the form's
script merges in as parts arrive (static/js/parts-merge.js), and a part kept or used without script.

The parts themselves (sent, checked, stored, compared) are the domain layer's (scorekeeper.tables.draft_service);
this module only translates them to and from the form.
"""

from __future__ import annotations

import json
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper import engine
from scorekeeper.models import DraftPart
from scorekeeper.tables.entry_values import data_to_formdata, player_values
from scorekeeper.tables.table import Table


def hand_values(table: Table, sent: dict[str, DraftPart] | None = None) -> dict[str, Any] | None:
    """Hand-form values (as a browser posts them) pre-filled from the parts sent; None when none was sent.

    Players who sent nothing get empty rows; whoever said they went out is chosen as such.
    `sent` is :func:`parts` when the caller has loaded them already.
    """
    gs = table.game
    sent = table.parts if sent is None else sent
    if not sent:
        return None
    names = table.dealt_in()
    players = {name: sent[name].data if name in sent else {} for name in names}
    went_out = next((name for name in names if name in sent and sent[name].data.get("went_out")), None)
    wild = next((sent[n].data["wild_rank"] for n in names if n in sent and sent[n].data.get("wild_rank")), None)
    data = {"ended": "went_out", "went_out": went_out, "wild_rank": wild, "players": players}
    values = data_to_formdata(data, names, gs.variant.hand_counts)
    if not went_out:
        values.pop("went_out", None)
    return values

def part_values(table: Table, sent: dict[str, DraftPart] | None = None) -> dict[str, Any]:
    """The parts sent, as the hand form's fields of each sender (for static/js/parts-merge.js).

    {"names": [...], "parts": {"<seat>": {"name", "version", "values", "went_out", "wild_rank"}}},
    `values` being the fields players-<seat>-... as a browser would post them.
    """
    gs = table.game
    sent = table.parts if sent is None else sent
    names = table.dealt_in()
    shown: dict[str, Any] = {}
    for seat, name in enumerate(names):
        part = sent.get(name)
        if part is None:
            continue
        shown[str(seat)] = {
            "name": name,
            "version": part.version,
            "values": player_values(part.data, names, f"players-{seat}-", 0, gs.variant.hand_counts),
            "went_out": bool(part.data.get("went_out")),
            "wild_rank": part.data.get("wild_rank"),
        }
    return {"names": names, "parts": shown}

def seen_parts(text: str | None) -> dict[str, dict[str, Any]]:
    """The hand form's parts_seen field (static/js/parts-merge.js): what the page did with each seat's part."""
    try:
        seen = json.loads(text or "{}")
    except (ValueError, RecursionError):  # a hostile "[[[[..." nests deeper than the parser goes
        return {}
    if not isinstance(seen, dict):
        return {}
    return {seat: value for seat, value in seen.items() if isinstance(value, dict)}

def with_choice(formdata: Any, choice: str, table: Table) -> MultiDict | None:
    """The hand form's fields after a "keep" or "use" button without script ("use:<seat>:<version>");
    None when the choice names no part sent now (the part moved on since)."""
    action, _, rest = choice.partition(":")
    seat_text, _, version_text = rest.partition(":")
    names = table.dealt_in()
    if action not in ("keep", "use") or not seat_text.isdigit() or int(seat_text) >= len(names):
        return None
    seat = int(seat_text)
    part = table.parts.get(names[seat])
    if part is None or str(part.version) != version_text:
        return None
    merged = (filled_formdata(formdata, {seat: part}, names, table.variant.hand_counts) if action == "use"
              else MultiDict(formdata))
    seen = seen_parts(merged.get("parts_seen"))
    seen[str(seat)] = {"kept": part.version} if action == "keep" else {"v": part.version}
    merged["parts_seen"] = json.dumps(seen)
    return merged

def filled_formdata(
    formdata: Any, found: dict[int, DraftPart], names: list[str], counts: tuple[engine.Option, ...] = ()
) -> MultiDict:
    """The hand form's posted fields with each found seat's fields replaced by that player's part."""
    merged = MultiDict(formdata)
    for seat, part in found.items():
        prefix = f"players-{seat}-"
        for key in [k for k in merged if k.startswith(prefix)]:
            merged.poplist(key)
        for key, value in player_values(part.data, names, prefix, 0, counts).items():
            merged[key] = value
    return merged
