"""The kernel writes the same bytes in a process whose C locale is German
(decimal comma, '.' grouping), as an application embedding it may set:
every number is formatted independently of the process's locale."""

from __future__ import annotations

import locale
import subprocess
import sys
from pathlib import Path

import pytest
from support import tree

from world_compiler.compiler import compile_world

COMMA_LOCALE = "de_DE.UTF-8"

# Compiles argv[1] into argv[2] after setting every category of the C locale.
COMPILE_IN_LOCALE = """
import locale, sys
locale.setlocale(locale.LC_ALL, sys.argv[3])
assert locale.localeconv()["decimal_point"] == ","
from world_compiler.compiler import compile_world
compile_world(sys.argv[1], sys.argv[2])
"""


def locale_installed(name: str) -> bool:
    current = locale.setlocale(locale.LC_ALL)
    try:
        locale.setlocale(locale.LC_ALL, name)
    except locale.Error:
        return False
    finally:
        locale.setlocale(locale.LC_ALL, current)
    return True


def test_a_comma_locale_changes_no_byte(small_layout: Path) -> None:
    if not locale_installed(COMMA_LOCALE):
        pytest.fail(f"the locale {COMMA_LOCALE} is not installed, so this check cannot run: "
                    "scripts/install-deps generates it")
    directory = small_layout.parent
    compile_world(small_layout, directory / "c-locale")
    subprocess.run([sys.executable, "-c", COMPILE_IN_LOCALE, str(small_layout), str(directory / "comma-locale"),
                    COMMA_LOCALE], check=True)
    assert tree(directory / "comma-locale") == tree(directory / "c-locale")
