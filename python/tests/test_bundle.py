"""A viewer-bundle source goes through the same kernel job: its scenery and
provenance in the package, and a damaged bundle a CompilerError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import bundle_layout

from world_compiler.compiler import compile_world
from world_compiler.contracts import CompilerError
from world_compiler.validation import validate_world


def test_a_bundle_compiles_with_its_vegetation_and_member_hashes(tmp_path: Path, isla_tool: Path) -> None:
    compile_world(bundle_layout(tmp_path, isla_tool), tmp_path / "world")
    assert validate_world(tmp_path / "world")["sources"] == 1
    scenery = json.loads((tmp_path / "world" / "scenery" / "a.json").read_text())
    assert scenery["vegetation"][0]["id"] == "na:imported-vegetation:0"
    provenance = json.loads((tmp_path / "world" / "world.json").read_text())["sources"][0]["provenance"]
    assert provenance["bundle_id"] == "synth-9"
    assert [m["name"] for m in provenance["members"]] == [
        "catalogue.json", "metadata.json", "runtime.json", "synth-9.dat", "vegetation.json"]


def test_a_truncated_bundle_is_a_compiler_error(tmp_path: Path, isla_tool: Path) -> None:
    layout = bundle_layout(tmp_path, isla_tool)
    bundle = tmp_path / "s.zip"
    bundle.write_bytes(bundle.read_bytes()[:1000])
    with pytest.raises(CompilerError) as raised:
        compile_world(layout, tmp_path / "world")
    assert [d["code"] for d in raised.value.diagnostics if d["severity"] == "error"] == [
        "bundle.damaged", "source.invalid"]
    assert not (tmp_path / "world").exists()
