"""TERRAIN_WORLD_V1.md's Python example, verbatim, in a directory holding layout.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def test_the_contract_example_runs_verbatim(example_layout: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(example_layout.parent)

    from world_compiler.compiler import compile_world
    from world_compiler.validation import validate_world

    report = compile_world("layout.json", "new-world-directory")
    summary = validate_world("new-world-directory")  # or path to world.json

    assert report["format"] == "terrain-world.report"
    assert report["counts"]["sources"] == 4 and report["counts"]["patches"] == 9
    assert summary["name"] == "archipelago"
    assert (summary["sources"], summary["patches"], summary["boundaries"]) == (4, 9, 12)
    assert len(summary["warnings"]) == report["counts"]["warnings"]
    assert validate_world("new-world-directory/world.json") == summary


def test_the_report_is_the_published_file(example_layout: Path) -> None:
    from world_compiler.compiler import compile_world

    out = example_layout.parent / "world"
    report = compile_world(example_layout, out, jobs=1)
    assert report == json.loads((out / "compilation-report.json").read_text(encoding="utf-8"))
