"""Blueprints from Python: the figures of `isla-tool inspect --json`, grids
as views of the mapped file (no copy), validation."""

from __future__ import annotations

import gc
import json
import shutil
import struct
import subprocess
from pathlib import Path

import numpy
import pytest
from support import EXAMPLE_DIR

from world_compiler import _native, blueprint
from world_compiler.contracts import CompilerError

SOURCE = EXAMPLE_DIR / "nw.dat"


@pytest.fixture(scope="module")
def inspected(isla_tool: Path) -> dict:
    run = subprocess.run([isla_tool, "inspect", "--json", SOURCE], check=True, capture_output=True, text=True)
    return json.loads(run.stdout)


def section(inspected: dict, tag: str) -> dict:
    return next(s for s in inspected["sections"] if s["tag"] == tag)


def test_the_model_matches_inspect(inspected: dict) -> None:
    loaded = blueprint.load(SOURCE)
    assert (loaded.format, loaded.map_size) == (inspected["format"], inspected["map_size"])
    assert loaded.params["WorldSeed"] == inspected["params"]["WorldSeed"]
    assert loaded.params["GeneratedUtc"] == inspected["params"]["GeneratedUtc"]
    assert [(s["tag"], s["offset"], s["length"], s["status"]) for s in loaded.sections] == [
        (s["tag"], s["offset"], s["length"], s["status"]) for s in inspected["sections"]]
    assert sorted(loaded.layers) == ["BIOM", "HGTS", "WBID", "WSRF"]


def test_heights_match_inspect(inspected: dict) -> None:
    heights = blueprint.load(SOURCE).layers["HGTS"]
    summary = section(inspected, "HGTS")["summary"]
    assert heights.shape == (1024, 1024) and heights.dtype == numpy.float32
    assert heights.min() == numpy.float32(summary["min_raw"])
    assert heights.max() == numpy.float32(summary["max_raw"])
    assert float(heights.min()) * summary["height_scale_m"] == summary["min_m"]
    assert float(heights.max()) * summary["height_scale_m"] == summary["max_m"]
    assert section(inspected, "BIOM")["summary"]["pixel_count"] == blueprint.load(SOURCE).layers["BIOM"].size


def test_grids_are_indexed_x_then_y(inspected: dict) -> None:
    heights = blueprint.load(SOURCE).layers["HGTS"]
    hgts = section(inspected, "HGTS")
    following = inspected["sections"][inspected["sections"].index(hgts) + 1]
    payload = following["offset"] - hgts["length"]
    data = SOURCE.read_bytes()
    for x, y in ((0, 0), (3, 5), (1023, 17), (600, 1023)):
        [expected] = struct.unpack_from("<f", data, payload + (x * 1024 + y) * 4)
        assert heights[x, y] == numpy.float32(expected)


def test_grids_are_views_of_the_mapping() -> None:
    heights = blueprint.load(SOURCE).layers["HGTS"]
    assert not heights.flags.owndata and not heights.flags.writeable
    base = heights.base
    while not isinstance(base, _native.RasterView):
        base = base.obj if isinstance(base, memoryview) else base.base
    assert (base.tag, base.map_size, base.element_type) == ("HGTS", 1024, "f32")
    with pytest.raises(ValueError):
        heights[0, 0] = 1


def test_a_grid_outlives_its_blueprint() -> None:
    loaded = blueprint.load(SOURCE)
    heights = loaded.layers["HGTS"]
    expected = float(heights[3, 5])
    del loaded
    gc.collect()
    assert float(heights[3, 5]) == expected


def test_without_numpy_grids_are_memoryviews(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blueprint, "numpy", None)
    heights = blueprint.load(SOURCE).layers["HGTS"]
    assert isinstance(heights, memoryview)
    assert (heights.readonly, heights.shape, heights.format) == (True, (1024, 1024), "f")
    monkeypatch.undo()
    assert heights[3, 5] == float(blueprint.load(SOURCE).layers["HGTS"][3, 5])


def test_validate_blueprint_returns_the_warnings() -> None:
    assert blueprint.validate_blueprint(SOURCE) == []  # the example is valid even --strict


def test_a_truncated_blueprint_is_a_compiler_error(tmp_path: Path) -> None:
    truncated = tmp_path / "truncated.dat"
    truncated.write_bytes(SOURCE.read_bytes()[:5000])
    for call in (blueprint.load, blueprint.validate_blueprint):
        with pytest.raises(CompilerError) as raised:
            call(truncated)
        assert str(raised.value).startswith(f"'{truncated}' is not a readable blueprint: ")
        errors = [d for d in raised.value.diagnostics if d["severity"] == "error"]
        assert errors and all(d["file"] == str(truncated) for d in errors)
        assert any(d["tag"] == "HGTS" and d["offset"] is not None for d in errors)


def test_a_missing_blueprint_is_enoent(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        blueprint.load(tmp_path / "missing.dat")


def test_a_copy_on_another_path_loads_the_same(tmp_path: Path) -> None:
    copy = Path(shutil.copy(SOURCE, tmp_path / "copy.dat"))
    assert numpy.array_equal(blueprint.load(copy).layers["WBID"], blueprint.load(SOURCE).layers["WBID"])
