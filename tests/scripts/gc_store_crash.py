"""CPython 3.11 use-after-free: a garbage collection inside an attribute store (no app, no C extension).

CPython 3.11 keeps a plain object's attributes as "inline values" shared with
its class's key table (30 names at most). Storing a name that table cannot
take makes CPython build a real dict for the object; when the dict free list
is empty, that allocation may start a garbage collection, and the collection
runs Python code (finalizers, weakref callbacks). Here a finalizer stores
attributes on the object being stored to: it builds a second dict over the
same inline values and, growing it, frees them, and the interrupted store goes
on with the freed memory. Expect a segmentation fault (exit status 139 or
-11) on 3.11, and "survived" on 3.12 and later, which collect only between
bytecodes. With `--safe-points`, scorekeeper.gcsafe is installed first and
3.11 survives too.

Run: python tests/scripts/gc_store_crash.py [--safe-points]
"""

import gc
import sys

if "--safe-points" in sys.argv:
    from scorekeeper import gcsafe

    gcsafe.install()


class Obj:
    """Any plain class."""


filler = Obj()
for i in range(30):  # fill Obj's shared key table: the next new name makes a dict
    setattr(filler, f"a{i}", i)

junk = []


def one_round(number):
    """Store into an object while a collection's finalizer stores into it too."""
    victim = Obj()
    victim.a0 = 0  # inline values, no dict yet

    class Finalizer:
        def __del__(self):
            for i in range(40):  # a second dict over the same values, grown: the values are freed
                setattr(victim, f"inner{i}", i)
            junk.extend(b"\xa5" * n for n in range(200, 260))  # reuse the freed memory

    was_enabled = gc.isenabled()
    gc.disable()
    finalizer = Finalizer()
    finalizer.cycle = finalizer  # garbage only the cyclic collector frees
    del finalizer
    hold = [{} for _ in range(200)]  # empty the dict free list: the next dict is a fresh allocation
    gc.set_threshold(1)
    if was_enabled:
        gc.enable()
    victim.outer = number  # a new name: a dict is allocated, a collection may start here
    for i in range(40):
        setattr(victim, f"outer{i}", i)
    del hold
    gc.set_threshold(700)
    gc.collect()  # a safe point: whatever was left runs now
    return victim


for number in range(200):
    victim = one_round(number)
    lost = [name for name in ("inner0", "inner39", "outer", "outer39") if not hasattr(victim, name)]
    if lost:
        print(f"round {number}: attributes lost: {lost}")
        sys.exit(3)
print(sys.version.split()[0], "survived 200 rounds")
