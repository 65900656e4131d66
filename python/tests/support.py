"""Helpers of the tests: the bundled example's files, package trees."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from world_compiler import _kernel

EXAMPLE_DIR = _kernel.DATA_DIR / "examples" / "archipelago"
SOURCE_IDS = ("nw", "ne", "sw", "se")


def example_document() -> dict:
    """The example's layout document (sources nw.dat ... se.dat, relative)."""
    return json.loads((EXAMPLE_DIR / "layout.json").read_text(encoding="utf-8"))


def write_layout(directory: Path, document: dict) -> Path:
    """``document`` as ``directory``/layout.json, beside links to the example's blueprints."""
    for source in SOURCE_IDS:
        link = directory / f"{source}.dat"
        if not link.exists():
            link.symlink_to(EXAMPLE_DIR / f"{source}.dat")
    layout = directory / "layout.json"
    layout.write_text(json.dumps(document, indent=2), encoding="utf-8")
    return layout


def bundle_layout(directory: Path, isla_tool: Path) -> Path:
    """A one-source layout in ``directory`` over a generated viewer bundle, s.zip (id "a")."""
    subprocess.run([str(isla_tool), "synth", "--seed", "9", "--size", "256", "--bundle", str(directory / "s.zip")],
                   check=True, stdout=subprocess.DEVNULL)
    layout = directory / "layout.json"
    layout.write_text(json.dumps({"format": "terrain-world.layout", "schema_version": 1, "name": "b", "gap_cells": 4,
                                  "sources": [{"id": "a", "namespace": "na", "path": "s.zip", "row": 0, "col": 0}]}))
    return layout


def tree(directory: Path) -> dict[str, bytes]:
    """Every file below ``directory`` by relative path, with its bytes."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}
