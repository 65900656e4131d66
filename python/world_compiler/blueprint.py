"""Reading and validating ISLA blueprints (``.dat``, v2 and legacy v1).

The file is memory-mapped and its grids (HGTS, BIOM, WBID, ...) are views of
the mapping, never copies: numpy arrays when numpy imports, else
memoryviews, each of shape (MapSize, MapSize) and indexed ``[x, y]`` as the
file stores them (X outer, Y inner). They are read-only and keep the mapping
alive as long as they live.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from . import _native
from ._kernel import StrPath, make_kernel
from .contracts import Diagnostic

try:
    import numpy
except ImportError:  # the package works without numpy: memoryviews then
    numpy = None


class SectionInfo(TypedDict):
    """One section in file order, as ``isla-tool inspect`` lists it."""

    tag: str
    name: str | None  # the decoding plugin's name for it; None when no plugin knows the tag
    offset: int | None  # of the section header in the file
    length: int  # of the payload
    status: str  # "decoded", "skipped" or "failed"
    note: str | None  # why it was skipped


@dataclass(frozen=True)
class Blueprint:
    """A loaded blueprint."""

    source: str  # the path as given
    format: str  # "v2" or "v1"
    map_size: int
    params: dict[str, Any]  # PRMS by field name (WorldSeed, MapSize, ...); floats are the stored float32
    sections: list[SectionInfo]
    layers: dict[str, Any]  # tag -> numpy.ndarray or memoryview, (MapSize, MapSize), [x, y]


def _view(raster: _native.RasterView) -> Any:
    return numpy.asarray(raster) if numpy is not None else memoryview(raster)


def load(path: StrPath, *, plugin_dirs: Iterable[StrPath] = ()) -> Blueprint:
    """Load the blueprint at ``path``.

    Every reader rule is applied; the validator plugins are not run (see
    :func:`validate_blueprint`).

    Raises:
        CompilerError: the file is not a readable blueprint.
        OSError: the file cannot be opened or mapped.
    """
    loaded = _native.load_blueprint(make_kernel(plugin_dirs), path)
    layers = {tag: _view(raster) for tag, raster in loaded["layers"].items()}
    return Blueprint(
        source=loaded["source"],
        format=loaded["format"],
        map_size=loaded["map_size"],
        params=loaded["params"],
        sections=loaded["sections"],
        layers=layers,
    )


def validate_blueprint(
    path: StrPath,
    *,
    plugin_dirs: Iterable[StrPath] = (),
    options: Mapping[str, str] | None = None,
) -> list[Diagnostic]:
    """Validate the blueprint at ``path`` as ``isla-tool validate`` does.

    Applies every reader rule, then every validator plugin. ``options`` are
    the validators' (``{"server-config": "ServerConfig.json"}``).

    Returns:
        The warnings (a blueprint with warnings is valid).

    Raises:
        CompilerError: the blueprint has errors; ``diagnostics`` lists them
            with section tag, byte offset or pixel.
        OSError: the file cannot be opened or mapped.
    """
    return _native.validate_blueprint(make_kernel(plugin_dirs), path, dict(options or {}))
