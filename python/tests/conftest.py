"""Fixtures: the bundled example world, the isla-tool executable.

Run with ``PYTHONPATH=build/python /usr/bin/python3 -m pytest python/tests``
(``ctest`` does, with ``ISLA_TOOL`` naming the executable it built).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import example_document, write_layout

from world_compiler import _kernel


@pytest.fixture(scope="session")
def isla_tool() -> Path:
    """The command line of the same build: ISLA_TOOL, else the prefix's bin/isla-tool."""
    tool = Path(os.environ.get("ISLA_TOOL") or _kernel.DATA_DIR.parents[1] / "bin" / "isla-tool")
    assert tool.is_file(), f"no isla-tool at {tool}; set ISLA_TOOL"
    return tool


@pytest.fixture
def example_layout(tmp_path: Path) -> Path:
    """The bundled 2 x 2 archipelago's layout, in a fresh directory."""
    return write_layout(tmp_path, example_document())


@pytest.fixture
def small_layout(tmp_path: Path) -> Path:
    """A one-island layout (quick to compile), in a fresh directory."""
    document = example_document()
    document["sources"] = document["sources"][:1]
    return write_layout(tmp_path, document)


@pytest.fixture(scope="session")
def compiled_world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example compiled once through Python, for the tests that only read it."""
    from world_compiler.compiler import compile_world

    directory = tmp_path_factory.mktemp("compiled")
    compile_world(write_layout(directory, example_document()), directory / "world")
    return directory / "world"
