"""An event and a queue for per-socket state, that allocate nothing until someone waits.

``asyncio.Event`` and ``asyncio.Queue`` each create their deques up front (about 0.7 KB
apiece, four in a queue); a thousand idle sockets holding a handful of them pay megabytes for
waiters that never come. These keep one optional list instead, with the same semantics for
one event loop: ``set`` wakes every waiter, ``get`` returns items in order.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class LeanEvent:
    """``asyncio.Event`` (``is_set``, ``set``, ``clear``, ``wait``) without the idle deque."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = False
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        if self._set:
            return
        self._set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> bool:
        if self._set:
            return True
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
            return True
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)


class LeanQueue(Generic[T]):
    """An unbounded FIFO with one consumer at a time (``put_nowait``, ``get``, ``empty``)."""

    __slots__ = ("_getter", "_items")

    def __init__(self) -> None:
        self._items: deque[T] | None = None
        self._getter: asyncio.Future[None] | None = None

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items) if self._items else 0

    def put_nowait(self, item: T) -> None:
        if self._items is None:
            self._items = deque()
        self._items.append(item)
        getter, self._getter = self._getter, None
        if getter is not None and not getter.done():
            getter.set_result(None)

    async def get(self) -> T:
        while not self._items:
            if self._getter is not None and not self._getter.done():
                raise RuntimeError("LeanQueue serves one consumer at a time")
            self._getter = asyncio.get_running_loop().create_future()
            await self._getter
        return self.get_nowait()

    def get_nowait(self) -> T:
        if not self._items:
            raise asyncio.QueueEmpty
        item = self._items.popleft()
        if not self._items:
            self._items = None  # the deque's block goes back until the next burst
        return item
