"""When scorekeeper.gcsafe runs a due full collection: never inside an answer, unless it waited MAX_DEFER.

Run by tests/test_gc_safe_points.py in a process of its own: the collector gets a
stand-in for the gc module and the clock (no collector thread is started here, which
would run collections of its own), and each step says which generation was collected.
Prints "ok" when every step agrees.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from scorekeeper import gcsafe  # noqa: E402

state = {"counts": (701, 11, 11), "now": 100.0, "collected": []}
gcsafe.gc = types.SimpleNamespace(
    isenabled=lambda: False, disable=lambda: None, get_threshold=lambda: (700, 10, 10),
    get_count=lambda: state["counts"], get_objects=lambda generation: [],
    collect=lambda generation=2: state["collected"].append(generation) or 0)
gcsafe.time = types.SimpleNamespace(monotonic=lambda: state["now"])
gcsafe._oldest.update(after_full=100, grown=1000)  # the oldest generation grew by more than a quarter


def step(counts: tuple[int, int, int], at: float) -> list[int]:
    """The generations collected by collect_due with gc's counts `counts` at time `at`."""
    state["counts"], state["now"], state["collected"] = counts, at, []
    gcsafe.collect_due()
    return state["collected"]


answer = gcsafe.AnswersInProgress(lambda environ, start_response: [b"page"])({}, None)
checks = {
    "due during an answer: a young collection instead": step((701, 11, 11), 100.0) == [1],
    "still in progress half a second later: still waiting": step((701, 11, 11), 100.5) == [1],
    "no longer due (a gc.collect() elsewhere)": step((0, 0, 0), 101.0) == [],
    "due again much later: it waits anew": step((701, 11, 11), 200.0) == [1],
    "waited MAX_DEFER: collected, in progress or not": step((701, 11, 11), 200.0 + gcsafe.MAX_DEFER) == [2],
}
gcsafe._oldest.update(after_full=100, grown=1000)
step((701, 11, 11), 300.0)
answer.close()
checks["the answer sent: collected at once, gen0 under its threshold or not"] = step((5, 0, 11), 300.1) == [2]
failed = [what for what, ok in checks.items() if not ok]
print("\n".join(f"FAILED: {what}" for what in failed) or "ok")
sys.exit(1 if failed else 0)
