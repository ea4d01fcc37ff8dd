"""Values set for one photo's reading: a context variable holds them inside a block
and what it held before once the block ends (the reader's witnesses, deep in the call
stack, look them up without every function passing them on).

>>> from contextvars import ContextVar
>>> seen: ContextVar[list[int] | None] = ContextVar("seen", default=None)
>>> count = [0]
>>> with scoped(seen, count):
...     tally(seen)
...     tally(seen)
>>> count, seen.get() is None, tally(seen)  # counted only inside the block
([2], True, None)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")


@contextmanager
def scoped(var: ContextVar[T], value: T) -> Iterator[None]:
    """``var`` set to ``value`` inside this block, reset after."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def tally(var: ContextVar[list[int] | None]) -> None:
    """Count one in the one-item counter ``var`` holds, if a block is counting."""
    count = var.get()
    if count is not None:
        count[0] += 1


__all__ = ["scoped", "tally"]
