"""The ISLA world compiler, from Python.

Backed by isla-tool's C++ kernel and plugins, in this process::

    from world_compiler.compiler import compile_world
    from world_compiler.validation import validate_world
    from world_compiler.contracts import CompilerError

    report = compile_world("layout.json", "new-world-directory")   # the report, as a dict
    summary = validate_world("new-world-directory")                # or a path to world.json

Modules: ``compiler`` (compile_world), ``validation`` (validate_world),
``contracts`` (CompilerError, Diagnostic), ``blueprint`` (load,
validate_blueprint).
"""

from .blueprint import load as load_blueprint
from .blueprint import validate_blueprint
from .compiler import compile_world
from .contracts import CompilerError
from .validation import validate_world

__all__ = ["CompilerError", "compile_world", "load_blueprint", "validate_blueprint", "validate_world"]
