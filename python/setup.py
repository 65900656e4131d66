"""pip's build of world_compiler's native module: python/CMakeLists.txt on
its own, against the isla-tool-dev that CMake finds (/usr, or a prefix in
CMAKE_PREFIX_PATH), for the interpreter running pip. The package's metadata
is pyproject.toml's."""

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeBuild(build_ext):
    """Builds world_compiler._native, and the package's _install_layout.py
    naming the installed plugins and data, where build_ext puts modules."""

    def build_extension(self, ext: Extension) -> None:
        source = Path(__file__).resolve().parent
        build = Path(self.build_temp).resolve() / "cmake"
        package = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        subprocess.run(["cmake", "-S", str(source), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        f"-DPython3_EXECUTABLE={sys.executable}", f"-DWORLD_COMPILER_OUTPUT_DIR={package}"],
                       check=True)
        subprocess.run(["cmake", "--build", str(build), "--parallel", str(os.cpu_count() or 1)], check=True)


setup(ext_modules=[Extension("world_compiler._native", sources=[])], cmdclass={"build_ext": CMakeBuild})
