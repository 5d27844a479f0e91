"""When pytest-timeout stops a test, print where each of its asyncio tasks was waiting.

pytest-timeout prints the threads' stacks, and for an async test they end in the event loop's
``select``: the coroutine that never returned is not among them. Registered by the test kit
when pytest-timeout is installed (``timeout_method = "signal"``, the default on Linux).
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

import pytest


def _awaiting(coro: Any) -> Iterator[str]:
    """Where a coroutine waits, outermost first: its frame, then what it awaits, down the chain."""
    for _depth in range(40):
        frame = getattr(coro, "cr_frame", None) or getattr(coro, "gi_frame", None)
        if frame is not None:
            yield f"  {frame.f_code.co_filename}:{frame.f_lineno} in {frame.f_code.co_name}"
        coro = getattr(coro, "cr_await", None) or getattr(coro, "gi_yieldfrom", None)
        if coro is None:
            return


def tasks_report() -> str:
    """Each pending task of the loop running in this thread, with the lines it waits on."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # the signal arrived outside the loop: nothing async to show
        return ""
    lines: list[str] = []
    for task in list(asyncio.all_tasks(loop)):
        lines += [f"--- task {task.get_name()}", *_awaiting(task.get_coro())]
    return "\n".join(lines) + "\n"


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool | None:
    """pytest-timeout's signal timer, printing the asyncio tasks before failing the test."""
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None  # pytest-timeout's own timer

    def on_timeout(_signum: int, _frame: FrameType | None) -> None:
        __tracebackhide__ = True
        report = tasks_report()
        if report:
            terminal = item.config.get_terminal_writer()
            terminal.sep("+", title="asyncio tasks at the timeout")
            terminal.write(report)
        timeout_plugin = item.config.pluginmanager.getplugin("timeout")  # pytest-timeout's module
        timeout_plugin.timeout_sigalrm(item, settings)

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # read by pytest-timeout
    signal.signal(signal.SIGALRM, on_timeout)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True
