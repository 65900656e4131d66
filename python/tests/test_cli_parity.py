"""Python and `isla-tool run compile` run the same job: the same bytes, file for file."""

from __future__ import annotations

import subprocess
from pathlib import Path

from support import tree

from world_compiler.compiler import compile_world


def test_python_and_cli_write_identical_packages(example_layout: Path, isla_tool: Path) -> None:
    directory = example_layout.parent
    compile_world(example_layout, directory / "from-python", jobs=2)
    subprocess.run([isla_tool, "run", "compile", example_layout, directory / "from-cli", "--quiet"],
                   check=True, capture_output=True)

    python_files = tree(directory / "from-python")
    cli_files = tree(directory / "from-cli")
    assert sorted(python_files) == sorted(cli_files)
    assert len(python_files) == 1 + 1 + 1 + 9 + 4  # world, boundaries, report, terrain/, scenery/
    for name, data in python_files.items():
        assert data == cli_files[name], f"{name} differs"
