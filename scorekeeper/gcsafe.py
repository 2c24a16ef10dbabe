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
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time

# 3.12 moved collections to the eval breaker: only 3.11 (the oldest we support) needs this
NEEDED = sys.implementation.name == "cpython" and sys.version_info < (3, 12)
# how often the collector looks at the allocation counts; a collection is due after
# gen0's threshold (700) net allocations, which a busy request makes in well under this
INTERVAL = 0.005
# CPython runs a full collection only once the objects that reached the oldest generation since
# the last one add up to a quarter of those it kept then, so a large heap is not walked again and
# again for little gain (gcmodule.c); counted here, since Python cannot read CPython's own count
FULL_GROWTH = 0.25

_lock = threading.Lock()
_thread: threading.Thread | None = None
_fork_hook = False
# objects in the oldest generation after the last full collection, and those moved into it since
_oldest = {"after_full": 0, "grown": 0}


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
    threshold0, threshold1, threshold2 = gc.get_threshold()
    count0, count1, count2 = gc.get_count()
    if threshold0 == 0 or count0 <= threshold0:
        return 0
    if count2 > threshold2 and _oldest["grown"] > _oldest["after_full"] * FULL_GROWTH:
        freed = gc.collect(2)
        # the one walk of the oldest generation, beside a collection that walked all of it anyway
        _oldest["after_full"], _oldest["grown"] = len(gc.get_objects(generation=2)), 0
        return freed
    if count1 <= threshold1:
        return gc.collect(0)
    # what a collection of the middle generation keeps moves to the oldest: counted from the young
    # generations' lists (short), never by walking the oldest one, which is the whole heap
    young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
    freed = gc.collect(1)
    _oldest["grown"] += max(0, young - freed)
    return freed


def _collect_forever() -> None:
    while True:
        time.sleep(INTERVAL)
        collect_due()


def _restart_in_child() -> None:
    global _thread, _lock
    # the parent's thread does not exist in the child (and may have held the lock): start afresh
    _lock = threading.Lock()
    _thread = None
    install()
