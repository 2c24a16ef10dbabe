"""Cyclic garbage collection only between bytecodes, on CPython 3.11.

Why: CPython 3.11 can start a garbage collection in the middle of storing an
attribute. A plain object keeps its attributes as "inline values" until a
name its class's shared key table cannot take (the table holds 30 names)
makes CPython build a real dict for it; allocating that dict may start a
collection, and the collection runs Python code: finalizers and weakref
callbacks. When that code stores attributes on the very same object, it
builds a second dict over the same inline values and, growing it, frees
them; the interrupted store then carries on with freed memory, and the
process dies later wherever the heap is next touched ("Segmentation fault
... Garbage-collecting"). SQLAlchemy triggers it: closing a session sets
``state._strong_obj`` on each ``InstanceState`` (whose key table is full),
and a collection started there frees a model instance caught in a reference
cycle (``GameSession.hands`` and ``Hand.session`` point at each other), whose
weakref callback, ``InstanceState._cleanup``, stores into that same state.
``docs/gc-crash.md`` has the evidence and a script that crashes with no app.

CPython 3.12 runs collections only between bytecodes (gh-97922), where no C
code is half way through a store. This module gives 3.11 the same rule:
automatic collection is switched off, and a daemon thread runs the
collections that are due. A thread takes the GIL only where the interpreter
hands it over (between bytecodes, or around blocking I/O), never inside an
attribute store, so the collection and the Python code it runs start only at
such points. On 3.12 and later nothing is changed.

A full collection walks every object the process keeps: at start about 110,000,
and a 1,000-hand game's standing adds 175,000 more, which takes 40-100 ms. Run
inside a request, it lands on whichever answer made it due (saving a hand, say).
Here it waits for a moment when no answer is in progress (AnswersInProgress marks
each until the server closes it, which gunicorn does once it has sent the last
byte), and at most MAX_DEFER: with more than one worker process, another takes
the next request while this one collects (threads of one process wait for it, as
a collection holds the interpreter lock). Young collections still run when due,
during answers too.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

# 3.12 moved collections to the eval breaker: only 3.11 (the oldest we support) needs this
NEEDED = sys.implementation.name == "cpython" and sys.version_info < (3, 12)
# how often the collector looks at the allocation counts; a collection is due after
# gen0's threshold (700) net allocations, which a busy request makes in well under this
INTERVAL = 0.005
# CPython runs a full collection only once the objects that reached the oldest generation since
# the last one add up to a quarter of those it kept then, so a large heap is not walked again and
# again for little gain (gcmodule.c); counted here, since Python cannot read CPython's own count
FULL_GROWTH = 0.25
# the longest a due full collection waits for a moment with no answer being made (see the module)
MAX_DEFER = 1.0

_lock = threading.Lock()
_thread: threading.Thread | None = None
_fork_hook = False
# objects in the oldest generation after the last full collection, and those moved into it since
_oldest = {"after_full": 0, "grown": 0}
# the answers in progress (AnswersInProgress), and since when a due full collection has waited for none
_in_progress: set[object] = set()
_full_due_since: float | None = None


def install() -> bool:
    """Collect only at safe points from now on (CPython 3.11); True if this process needs it.

    Idempotent and fork-safe: a child forked after this (gunicorn's --preload)
    starts its own collector thread.
    """
    if not NEEDED:
        return False
    global _thread, _fork_hook
    with _lock:
        if _thread is not None and _thread.is_alive():
            return True
        if not _fork_hook:
            os.register_at_fork(after_in_child=_restart_in_child)
            _fork_hook = True
        gc.disable()
        _thread = threading.Thread(target=_collect_forever, name="scorekeeper-gc", daemon=True)
        _thread.start()
    return True


def installed() -> bool:
    """True while the safe-point collector runs in this process."""
    return _thread is not None and _thread.is_alive()


def collect_due() -> int:
    """Run the collection that is due now, as CPython's automatic collector would; objects freed.

    The generation chosen is the oldest whose count is over its threshold, as
    in CPython's ``gc_collect_generations``, with its rule for the oldest
    generation (see FULL_GROWTH). Safe to call from any Python code: a call
    from Python is itself a safe point.
    """
    if NEEDED and gc.isenabled():
        # something switched automatic collection back on (a library, a scoring call that began
        # before install): collections inside attribute stores would be possible again
        gc.disable()
    global _full_due_since
    thresholds, counts = gc.get_threshold(), gc.get_count()
    grown = _oldest["grown"] > _oldest["after_full"] * FULL_GROWTH
    now = time.monotonic()
    if not (grown and counts[2] > thresholds[2]):
        _full_due_since = None  # not due (any more: a gc.collect() elsewhere, say): a new wait starts when it is
    elif _full_due_since is None:
        _full_due_since = now
    generation = due_generation(thresholds, counts, grown=grown, answering=len(_in_progress),
                                waited=0.0 if _full_due_since is None else now - _full_due_since)
    if generation is None:
        return 0
    if generation == 2:
        freed = gc.collect(2)
        # the one walk of the oldest generation, beside a collection that walked all of it anyway
        _oldest["after_full"], _oldest["grown"] = tracked(2), 0
        _full_due_since = None
        return freed
    if generation == 0:
        return gc.collect(0)
    # what a collection of the middle generation keeps moves to the oldest: counted from the young
    # generations' lists (short), never by walking the oldest one, which is the whole heap
    young = tracked(0, 1)
    freed = gc.collect(1)
    _oldest["grown"] += max(0, young - freed)
    return freed


def tracked(*generations: int) -> int:
    """How many objects the collector tracks in `generations`, never holding them while another thread runs.

    gc.get_objects lists every tracked object, among them a tuple that tuple(generator) is still filling
    in another thread. Were that list alive when the other thread ran again, the tuple would have a
    second reference, and resizing it would fail (SystemError: bad argument to internal function). Here
    the lists are made, measured and freed inside C calls (sum, map, len), between two bytecodes of this
    thread, and a thread hands the interpreter lock over only between bytecodes (or in blocking I/O).
    """
    return sum(map(len, map(gc.get_objects, generations)))


def due_generation(thresholds: tuple[int, int, int], counts: tuple[int, int, int], *, grown: bool,
                   answering: int, waited: float) -> int | None:
    """The generation a collection due now walks (with the younger ones), or None when none is due.

    `thresholds` and `counts` are gc's; `grown`: the oldest generation grew enough for a
    full collection (FULL_GROWTH); `answering`: answers in progress; `waited`: how long a
    due full collection has waited for none. CPython's rule (``gc_collect_generations``),
    but that a full collection waits for a moment with no answer in progress (at most
    MAX_DEFER), and runs in that moment even before gen0 is over its threshold again.

    >>> [due_generation((700, 10, 10), counts, grown=False, answering=1, waited=0) for counts in
    ...  ((700, 0, 0), (701, 0, 0), (701, 11, 0), (701, 11, 11))]
    [None, 0, 1, 1]
    >>> [due_generation((700, 10, 10), counts, grown=True, answering=0, waited=0) for counts in
    ...  ((701, 11, 10), (701, 11, 11), (5, 0, 11))]
    [1, 2, 2]
    >>> [due_generation((700, 10, 10), (701, 11, 11), grown=True, answering=1, waited=w) for w in (0, MAX_DEFER)]
    [1, 2]
    >>> due_generation((0, 10, 10), (701, 11, 11), grown=True, answering=0, waited=0) is None  # switched off
    True
    """
    threshold0, threshold1, threshold2 = thresholds
    count0, count1, count2 = counts
    if threshold0 == 0:
        return None
    if count2 > threshold2 and grown and (not answering or waited >= MAX_DEFER):
        return 2
    if count0 <= threshold0:
        return None
    return 0 if count1 <= threshold1 else 1


def freeze_start() -> None:
    """Keep what the process holds now out of every later collection: what a server does once its app is built.

    The modules, the app, its routes and whatever their start made live as long as the process,
    and are most of what a full collection walks (see the module): frozen (gc.freeze), a
    collection walks only what came after them (the games' standings, the requests' garbage).
    The start's own garbage is collected first, so none of it is kept for good; the oldest
    generation is counted afresh then, as CPython does after a collection. Collections still
    run only where this module lets them: freezing moves objects, it collects nothing.
    """
    gc.collect()
    _oldest["after_full"], _oldest["grown"] = tracked(2), 0
    gc.freeze()


def _collect_forever() -> None:
    while True:
        time.sleep(INTERVAL)
        collect_due()


def _restart_in_child() -> None:
    global _thread, _lock, _in_progress, _full_due_since
    # the parent's thread does not exist in the child (and may have held the lock): start afresh
    _lock = threading.Lock()
    _thread = None
    # answers in progress were the parent's: the child's are counted afresh
    _in_progress, _full_due_since = set(), None
    install()


class AnswersInProgress:
    """WSGI middleware marking each answer in progress until the server has sent it (see collect_due).

    An answer ends when the server closes it, after sending its last byte (gunicorn) or
    queuing it (waitress). A file the server sends itself (wsgi.file_wrapper) ends once
    handed over, as wrapped the server would no longer know it for one (a full collection
    may then delay the sending of a static file).
    """

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]]) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        sending = _Sending()
        try:
            sending.answer = self.wsgi_app(environ, start_response)
        except BaseException:
            sending.close()
            raise
        file_wrapper = environ.get("wsgi.file_wrapper")
        if isinstance(file_wrapper, type) and isinstance(sending.answer, file_wrapper):
            _in_progress.discard(sending.token)  # wrapped, it would lose the server's own way of sending a file
            return sending.answer
        return sending


class _Sending:
    """An answer in progress from its start until the server closes it (what AnswersInProgress returns)."""

    __slots__ = ("answer", "token")

    def __init__(self) -> None:
        self.answer: Iterable[bytes] = ()
        # only a token is kept meanwhile: a server (or test client) that never closes an answer keeps no body
        self.token = object()
        _in_progress.add(self.token)  # one step under the GIL: no lock, and a second close changes nothing

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.answer)

    def close(self) -> None:
        try:
            close = getattr(self.answer, "close", None)
            if close is not None:
                close()
        finally:
            _in_progress.discard(self.token)


def answering() -> int:
    """How many answers are in progress now (marked by AnswersInProgress)."""
    return len(_in_progress)
