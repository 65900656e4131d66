"""An interrupted compile leaves nothing behind: no package, no stage."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from world_compiler.compiler import compile_world


def entries(directory: Path) -> set[str]:
    return set(os.listdir(directory))


def test_a_progress_callback_raising_keyboardinterrupt_cancels(example_layout: Path) -> None:
    directory = example_layout.parent
    before = entries(directory)
    seen: list[float] = []

    def progress(fraction: float) -> None:
        seen.append(fraction)
        if fraction > 0.6:  # while the exporter writes into the stage
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        compile_world(example_layout, directory / "world", progress=progress)
    assert 0.6 < seen[-1] < 1
    assert entries(directory) == before


def test_sigint_cancels_a_compile_without_a_callback(example_layout: Path) -> None:
    # The signal arrives while the kernel works with the GIL released; the
    # next progress report runs Python's handler, which raises.
    directory = example_layout.parent
    before = entries(directory)
    started = threading.Event()

    def interrupt() -> None:
        started.wait()
        os.kill(os.getpid(), signal.SIGINT)

    killer = threading.Thread(target=interrupt)
    killer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            compile_world(example_layout, directory / "world", progress=lambda fraction: started.set())
    finally:
        started.set()
        killer.join()
    assert entries(directory) == before


def test_any_exception_from_the_callback_cancels_and_propagates(small_layout: Path) -> None:
    directory = small_layout.parent
    before = entries(directory)

    def progress(fraction: float) -> None:
        raise LookupError(f"stop at {fraction}")

    with pytest.raises(LookupError, match="^stop at "):
        compile_world(small_layout, directory / "world", progress=progress)
    assert entries(directory) == before
