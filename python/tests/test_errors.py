"""Every way a call fails: CompilerError for input and contract problems (with
its diagnostics), OSError with the errno for the filesystem, nothing else."""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path

import pytest
from support import example_document, write_layout

from world_compiler.compiler import compile_world
from world_compiler.contracts import CompilerError
from world_compiler.validation import validate_world


def test_a_bad_layout_names_the_json_pointer(tmp_path: Path) -> None:
    document = example_document()
    document["sources"][1]["row"] = "zero"
    layout = write_layout(tmp_path, document)
    with pytest.raises(CompilerError) as raised:
        compile_world(layout, tmp_path / "world")
    assert str(raised.value).startswith("the layout has errors; nothing was written\n")
    [diagnostic] = [d for d in raised.value.diagnostics if d["severity"] == "error"]
    assert diagnostic["code"] == "layout.schema"
    assert diagnostic["file"] == str(layout)
    assert diagnostic["pointer"] == "/sources/1/row"
    assert diagnostic["message"] == 'expected an integer, got a string'
    assert f"{layout}: error: at /sources/1/row: expected an integer, got a string [layout.schema]" in str(raised.value)
    assert not (tmp_path / "world").exists()


def test_a_missing_source_names_its_path(tmp_path: Path) -> None:
    document = example_document()
    document["sources"] = document["sources"][:1]
    document["sources"][0]["path"] = "missing.dat"
    layout = write_layout(tmp_path, document)
    with pytest.raises(CompilerError) as raised:
        compile_world(layout, tmp_path / "world")
    assert str(raised.value).startswith("a source has errors; nothing was written\n")
    [diagnostic] = raised.value.diagnostics
    assert diagnostic["code"] == "source.unreadable"
    assert diagnostic["pointer"] == "/sources/0/path"
    assert diagnostic["message"] == f"source 'nw': cannot open '{tmp_path / 'missing.dat'}': No such file or directory"
    assert not (tmp_path / "world").exists()


def test_an_unknown_exporter_lists_the_loaded_ones(small_layout: Path) -> None:
    with pytest.raises(CompilerError) as raised:
        compile_world(small_layout, small_layout.parent / "world", exporter="vrml")
    assert str(raised.value).startswith("no exporter named 'vrml'; loaded exporters: ")
    assert "terrain-world-v1" in str(raised.value)
    assert raised.value.diagnostics == []


def test_an_unknown_exporter_option_lists_its_options(small_layout: Path) -> None:
    with pytest.raises(CompilerError, match="^exporter 'terrain-world-v1' \\(plugin terrain-world-v1-exporter\\) has no option 'colour'; its options: "):
        compile_world(small_layout, small_layout.parent / "world", options={"colour": "red"})


def test_an_existing_output_is_eexist(small_layout: Path) -> None:
    out = small_layout.parent / "world"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(FileExistsError) as raised:
        compile_world(small_layout, out)
    assert raised.value.errno == errno.EEXIST
    assert str(raised.value) == (
        f"[Errno 17] '{out}' already exists; choose another output directory or remove it first")
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_an_unwritable_parent_is_enotdir(small_layout: Path) -> None:
    # The tests run as root, for whom permission bits do not stop a write; a
    # parent that is a regular file stops everyone.
    parent = small_layout.parent / "a-file"
    parent.write_text("not a directory", encoding="utf-8")
    with pytest.raises(NotADirectoryError) as raised:
        compile_world(small_layout, parent / "world")
    assert raised.value.errno == errno.ENOTDIR
    assert f"the parent directory '{parent}'" in str(raised.value)


def test_a_missing_parent_is_enoent(small_layout: Path) -> None:
    with pytest.raises(FileNotFoundError) as raised:
        compile_world(small_layout, small_layout.parent / "no" / "world")
    assert raised.value.errno == errno.ENOENT


def test_jobs_must_be_positive(small_layout: Path) -> None:
    with pytest.raises(ValueError, match="^jobs must be a positive number of threads, or None for all cores, not 0$"):
        compile_world(small_layout, small_layout.parent / "world", jobs=0)


def test_validate_world_reports_every_violation(compiled_world: Path, tmp_path: Path) -> None:
    world = Path(shutil.copytree(compiled_world, tmp_path / "world"))
    report = world / "compilation-report.json"
    document = json.loads(report.read_text(encoding="utf-8"))
    document["counts"]["patches"] = 8
    report.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CompilerError) as raised:
        validate_world(world)
    assert str(raised.value).startswith(f"'{world}' is not a valid terrain-world-v1 package: 2 errors\n")
    found = {(d["code"], d["file"], d["pointer"]) for d in raised.value.diagnostics}
    assert found == {("world.hash-mismatch", "world.json", "/report/sha256"),
                     ("world.report-count", "compilation-report.json", "/counts/patches")}
    assert all(d["origin"] == "terrain-world-v1" for d in raised.value.diagnostics)


def test_validate_world_on_nothing_is_enoent(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError) as raised:
        validate_world(tmp_path / "nothing")
    assert str(raised.value) == (
        f"[Errno 2] '{tmp_path / 'nothing'}' does not exist; give a package directory or its world.json")
