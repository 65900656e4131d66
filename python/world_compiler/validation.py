"""Checking a written Terrain World v1 package.

The rules are those of ``isla-tool validate DIR``, checked by the same
package validator plugin: schemas, hashes, cross-file and numerical rules.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from typing import TypedDict

from . import _native
from ._kernel import StrPath, make_kernel


class WorldSummary(TypedDict):
    """What :func:`validate_world` returns."""

    name: str
    sources: int
    patches: int
    boundaries: int  # shared edges in boundaries.json
    warnings: list[str]  # the package's own (its report's) warnings


def validate_world(path: StrPath, *, plugin_dirs: Iterable[StrPath] = ()) -> WorldSummary:
    """Validate the package at ``path``: its directory, or its ``world.json``.

    Returns the world's name, its source, patch and boundary-edge counts and
    its warnings (warnings do not make a package invalid).

    Raises:
        CompilerError: the package breaks a rule; ``diagnostics`` lists every
            violation with its file and JSON pointer.
        FileNotFoundError: nothing is at ``path``.
    """
    if not os.path.exists(path):
        raise FileNotFoundError(
            errno.ENOENT, f"'{os.fspath(path)}' does not exist; give a package directory or its world.json"
        )
    summary: WorldSummary = _native.validate_package(make_kernel(plugin_dirs), path)
    return summary
