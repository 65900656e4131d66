"""The kernel each call sets up, as ``isla-tool`` does.

Plugins come from the directory shipped with this package, then
``plugin_dirs``, then each entry of ``ISLA_PLUGIN_PATH`` (the first to claim
a tag or name keeps it); the enum table from
``ISLA_ENUMS``, else the shipped one. Plugins that fail to load are reported
as ``RuntimeWarning`` and skipped, as the command line does.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable
from pathlib import Path

from . import _install_layout, _native

StrPath = str | os.PathLike[str]

_PACKAGE_DIR = Path(__file__).resolve().parent
PLUGIN_DIR = (_PACKAGE_DIR / _install_layout.PLUGIN_DIR).resolve()
DATA_DIR = (_PACKAGE_DIR / _install_layout.DATA_DIR).resolve()


def make_kernel(plugin_dirs: Iterable[StrPath] = ()) -> _native.Kernel:
    """A kernel with the enum table and every plugin of the search path loaded."""
    if isinstance(plugin_dirs, (str, os.PathLike)):
        raise TypeError("plugin_dirs takes a sequence of directories, not one path")
    enums = os.environ.get("ISLA_ENUMS") or DATA_DIR / "enums.json"
    kernel = _native.Kernel([Path(d) for d in plugin_dirs], PLUGIN_DIR, Path(enums))
    for problem in kernel.plugin_problems:
        warnings.warn(problem, RuntimeWarning, stacklevel=3)
    return kernel
