"""What the world compiler's functions raise and report.

Input and contract problems (a bad layout, a source that is not a valid
blueprint, an unknown exporter, a package that breaks the Terrain World v1
rules) raise :class:`CompilerError`; filesystem failures raise ``OSError``
with its ``errno``; an interrupted compile raises ``KeyboardInterrupt`` and
leaves nothing behind.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, TypedDict


class Diagnostic(TypedDict):
    """One problem, as ``isla-tool ... --json`` prints it."""

    severity: Literal["info", "warning", "error"]
    code: str  # stable, listed in docs/diagnostics.md
    origin: str  # the plugin or validator that found it, "kernel" otherwise
    file: str
    tag: str | None  # the blueprint section, e.g. "HGTS"
    offset: int | None  # byte offset in file
    pixel: list[int] | None  # [x, y]
    pointer: str | None  # JSON pointer in a JSON file, e.g. "/sources/0/path"
    message: str


class CompilerError(Exception):
    """The input or the output breaks a rule; nothing was written.

    ``str(error)`` is the summary followed by the errors, one a line;
    ``diagnostics`` holds every diagnostic found (warnings too), each a
    :class:`Diagnostic` dict.
    """

    diagnostics: list[Diagnostic]

    def __init__(self, message: str, diagnostics: Iterable[Diagnostic] = ()) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics)
