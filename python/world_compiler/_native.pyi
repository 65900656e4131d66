# The C++ extension module (python/src); the public API is in the modules
# beside it.
from collections.abc import Callable, Mapping, Sequence
from os import PathLike
from typing import Any

from .contracts import Diagnostic

_Path = str | PathLike[str]

class Kernel:
    def __init__(self, plugin_dirs: Sequence[_Path], default_plugin_dir: _Path, enum_table: _Path) -> None: ...
    @property
    def plugin_problems(self) -> list[str]: ...

class RasterView:
    """Supports the buffer protocol: read-only, 2-D, (map_size, map_size)."""

    @property
    def tag(self) -> str: ...
    @property
    def map_size(self) -> int: ...
    @property
    def element_type(self) -> str: ...

DEFAULT_CACHE_MAX_BYTES: int

def compile(
    kernel: Kernel,
    layout: _Path,
    output: _Path,
    exporter: str,
    threads: int,
    options: Mapping[str, str],
    cache: _Path | None,
    cache_max_bytes: int,
    progress: Callable[[float], object] | None,
) -> dict[str, Any]: ...
def validate_package(kernel: Kernel, path: _Path) -> Any: ...
def load_blueprint(kernel: Kernel, path: _Path) -> dict[str, Any]: ...
def validate_blueprint(kernel: Kernel, path: _Path, options: Mapping[str, str]) -> list[Diagnostic]: ...
