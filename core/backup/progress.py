"""The progress bar of ``sportello backup`` and ``restore``: one bar per step."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import Progress

from core.backup import Step


@contextmanager
def steps(console: Console, *, quiet: bool) -> Iterator[Step]:
    """The steps' bars on ``console`` (none with ``quiet``)."""
    if quiet:
        yield lambda _label, _total: lambda _n: None
        return
    with Progress(console=console) as progress:

        def step(label: str, total: int | None) -> Callable[[int], None]:
            task = progress.add_task(label, total=total or 1)
            if not total:
                progress.update(task, completed=1)  # nothing to copy: done
            return lambda n: progress.advance(task, n)

        yield step
