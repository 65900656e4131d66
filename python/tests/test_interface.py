"""The interface as the contract names it: signatures, typing, help()."""

from __future__ import annotations

import inspect
import threading
from pathlib import Path

import world_compiler
from world_compiler import blueprint, compiler, contracts, validation


def test_compile_world_has_the_contracts_signature() -> None:
    parameters = inspect.signature(compiler.compile_world).parameters
    assert list(parameters) == ["layout", "out_dir", "exporter", "jobs", "plugin_dirs", "options", "progress", "cache",
                                "cache_max_bytes"]
    assert all(parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in list(parameters)[2:])
    assert parameters["exporter"].default == "terrain-world-v1" and parameters["jobs"].default is None


def test_compiler_error_is_an_exception_with_diagnostics() -> None:
    error = contracts.CompilerError("bad", [{"code": "x"}])  # type: ignore[list-item]
    assert isinstance(error, Exception) and str(error) == "bad" and error.diagnostics == [{"code": "x"}]


def test_the_package_is_typed_and_documented() -> None:
    package = Path(world_compiler.__file__).parent
    assert (package / "py.typed").is_file() and (package / "_native.pyi").is_file()
    for function in (compiler.compile_world, validation.validate_world, blueprint.load, blueprint.validate_blueprint):
        assert function.__doc__ and "Raises:" in function.__doc__
    assert "compile_world" in (world_compiler.__doc__ or "")


def test_the_gil_is_released_while_the_kernel_works(compiled_world: Path) -> None:
    ticks = 0
    worker = threading.Thread(target=validation.validate_world, args=(compiled_world,))
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    # With the GIL held, this thread would wait out the whole validation.
    assert ticks > 10000
