"""world_compiler under another CPython 3.11 than the test suite's (no pytest,
maybe no numpy): it imports, compiles, validates and loads blueprints."""

import os
import sys
import tempfile
from pathlib import Path

import world_compiler
from world_compiler import _kernel, blueprint
from world_compiler.compiler import compile_world
from world_compiler.contracts import CompilerError
from world_compiler.validation import validate_world

example = _kernel.DATA_DIR / "examples" / "archipelago"
with tempfile.TemporaryDirectory() as directory:
    os.chdir(directory)
    layout = (example / "layout.json").read_text(encoding="utf-8")
    Path("layout.json").write_text(layout, encoding="utf-8")
    for source in ("nw", "ne", "sw", "se"):
        Path(f"{source}.dat").symlink_to(example / f"{source}.dat")

    report = compile_world("layout.json", "new-world-directory")
    summary = validate_world("new-world-directory")  # or path to world.json
    assert report["counts"]["patches"] == 9 and summary["name"] == "archipelago", (report, summary)
    try:
        compile_world("layout.json", "new-world-directory")
        raise AssertionError("compiled onto an existing directory")
    except FileExistsError:
        pass
    try:
        compile_world("layout.json", "elsewhere", exporter="nope")
        raise AssertionError("an unknown exporter was accepted")
    except CompilerError as error:
        assert str(error).startswith("no exporter named 'nope'"), error
    os.chdir("/")

heights = blueprint.load(example / "nw.dat").layers["HGTS"]
kind = "numpy arrays" if blueprint.numpy is not None else "memoryviews"
assert heights.shape == (1024, 1024), heights.shape
print(f"{sys.executable} {sys.version.split()[0]}: imported {world_compiler.__file__}, compiled and validated "
      f"the example, grids as {kind}")
