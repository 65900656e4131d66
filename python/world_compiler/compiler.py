"""Compiling a layout of blueprints into a world package.

The job is ``isla-tool run compile``'s, run in this process by the same
C++ kernel and plugins: the same layout gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from . import _native
from ._kernel import StrPath, make_kernel

REPORT_FILE = "compilation-report.json"
# As the command line's --jobs (docs/terrain-world-package.md, Ranges).
MAX_JOBS = 256


def _option_text(value: str | int | float | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def compile_world(
    layout: StrPath,
    out_dir: StrPath,
    *,
    exporter: str = "terrain-world-v1",
    jobs: int | None = None,
    plugin_dirs: Iterable[StrPath] = (),
    options: Mapping[str, str | int | float | bool] | None = None,
    progress: Callable[[float], object] | None = None,
    cache: StrPath | None = None,
    cache_max_bytes: int = _native.DEFAULT_CACHE_MAX_BYTES,
) -> dict[str, Any]:
    """Compile the layout ``layout`` into the new directory ``out_dir``.

    Reads and validates every source the layout names, builds the world and
    writes it with ``exporter`` into a hidden sibling stage, validates the
    stage and renames it onto ``out_dir``: the directory appears complete or
    not at all. The GIL is released while the kernel works.

    Args:
        layout: the layout JSON file (``terrain-world.layout``).
        out_dir: the package directory to create; it must not exist, its
            parent must.
        exporter: the exporter plugin (``isla-tool plugins`` lists them).
        jobs: threads to use, 1 to 256 (as the CLI's --jobs); None for all cores.
        plugin_dirs: directories searched for plugins after the shipped
            ones and before ``ISLA_PLUGIN_PATH``.
        options: the exporter's options, as ``--option KEY=VALUE`` gives them.
        progress: called on this thread with the fraction done (0..1);
            if it raises, the compile is cancelled and the exception
            propagates.
        cache: a patch cache directory (as the CLI's --cache): a patch made
            from the same inputs before is placed from it, the others are
            computed and stored; the package is the same, byte for byte.
            Only for exporters that write per patch (terrain-world-v1).
        cache_max_bytes: the bytes the cache keeps at most, the least
            recently used entries going first (5 GiB by default).

    Returns:
        The compilation report (``compilation-report.json`` of the
        package, as parsed JSON). For an exporter that writes none: the
        job's ``output``, ``sources``, ``patches``, ``boundary_edges`` and
        ``diagnostics`` (its warnings).

    Raises:
        CompilerError: the layout, a source or the exporter name or
            options are wrong (``diagnostics`` says where), or ``cache``
            is given with an exporter that cannot use it.
        OSError: ``out_dir`` exists (EEXIST), its parent is missing or not a
            directory, or a write failed; nothing was published.
        KeyboardInterrupt: Ctrl-C, or from ``progress``; nothing was left.
    """
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS):
        raise ValueError(f"jobs must be a number of threads from 1 to {MAX_JOBS}, or None for all cores, not {jobs!r}")
    kernel = make_kernel(plugin_dirs)
    if isinstance(cache_max_bytes, bool) or not isinstance(cache_max_bytes, int) or cache_max_bytes < 0:
        raise ValueError(f"cache_max_bytes must be a whole number of bytes, not {cache_max_bytes!r}")
    option_text = {name: _option_text(value) for name, value in (options or {}).items()}
    result = _native.compile(kernel, layout, out_dir, exporter, jobs or 0, option_text, cache, cache_max_bytes,
                             progress)
    report = Path(result["output"]) / REPORT_FILE
    if not report.is_file():
        return result
    with report.open(encoding="utf-8") as text:
        loaded: dict[str, Any] = json.load(text)
    return loaded
