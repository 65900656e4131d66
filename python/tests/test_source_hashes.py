"""The sources' SHA-256 in world.json are those of the sources' bytes:
computed here with hashlib (and zipfile for a bundle's members), and
checked by the package validator when the sources are at hand
(``isla-tool validate DIR --sources LAYOUT``)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import zipfile
from pathlib import Path

from support import EXAMPLE_DIR, bundle_layout, example_document, write_layout

from world_compiler.compiler import compile_world


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def provenances(world: Path) -> dict[str, dict]:
    document = json.loads((world / "world.json").read_text(encoding="utf-8"))
    return {source["id"]: source["provenance"] for source in document["sources"]}


def test_each_source_hash_is_its_files_bytes(compiled_world: Path) -> None:
    layout = json.loads((compiled_world.parent / "layout.json").read_text(encoding="utf-8"))
    recorded = provenances(compiled_world)
    assert sorted(recorded) == sorted(source["id"] for source in layout["sources"])
    for source in layout["sources"]:
        provenance = recorded[source["id"]]
        assert provenance["file"] == source["path"]
        assert provenance["sha256"] == sha256((compiled_world.parent / source["path"]).read_bytes())


def test_a_bundles_hashes_are_its_archive_and_its_inflated_members(tmp_path: Path, isla_tool: Path) -> None:
    compile_world(bundle_layout(tmp_path, isla_tool), tmp_path / "world")
    provenance = provenances(tmp_path / "world")["a"]
    assert provenance["sha256"] == sha256((tmp_path / "s.zip").read_bytes())
    with zipfile.ZipFile(tmp_path / "s.zip") as archive:
        expected = sorted((name, sha256(archive.read(name))) for name in archive.namelist())
    assert [(m["name"], m["sha256"]) for m in provenance["members"]] == expected


def validate_sources(isla_tool: Path, world: Path, layout: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(isla_tool), "validate", str(world), "--sources", str(layout)],
                          capture_output=True, text=True, check=False)


def test_the_package_validator_compares_the_sources_at_hand(tmp_path: Path, isla_tool: Path) -> None:
    document = example_document()
    document["sources"] = document["sources"][:1]
    (tmp_path / "nw.dat").write_bytes((EXAMPLE_DIR / "nw.dat").read_bytes())  # a copy, changed below
    layout = write_layout(tmp_path, document)
    compile_world(layout, tmp_path / "world")
    assert validate_sources(isla_tool, tmp_path / "world", layout).returncode == 0

    with (tmp_path / "nw.dat").open("ab") as source:
        source.write(b"\0")
    changed = validate_sources(isla_tool, tmp_path / "world", layout)
    assert changed.returncode == 1
    assert "world.source-hash" in changed.stderr
    assert "source 'nw'" in changed.stderr

    (tmp_path / "nw.dat").unlink()
    missing = validate_sources(isla_tool, tmp_path / "world", layout)
    assert missing.returncode == 1
    assert "world.source-unavailable" in missing.stderr
