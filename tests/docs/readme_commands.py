#!/usr/bin/env python3
"""Runs every command the README, each example's README and each guide
(docs/guides/) show in a fenced ``sh`` block, as a reader would, and fails
when one exits non-zero. A block indented in a list item is run too.

Usage: readme_commands.py SOURCE_DIR BUILD_DIR

Each file's blocks run in order, each block one ``bash -eo pipefail``
script, in a fresh temporary directory that looks like a checkout after the
build: ``build`` (this build), ``examples``, ``python``, ``docs`` and
``scripts`` link to the real ones; ``isla-tool`` is on the PATH; and
``island.dat`` is the bundled example's nw.dat, the blueprint the examples
call by that name. ``/opt/isla-tool``, where the examples install, is a
directory inside the temporary one.

A command that cannot run in a test is marked in its README, right before
its block, by a comment this script prints with its reason:

    <!-- not run by the docs test: COMMAND PREFIX | why -->

and every line of the block starting with COMMAND PREFIX is left out. A
mark whose command is in no block fails the test, so marks do not outlive
their commands. A block that uses the Python package (``build/python``) is
not run, saying so, by a build without it (ISLA_BUILD_PYTHON=OFF, as the
sanitize preset's); the default preset's build runs it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MARK = re.compile(r"<!-- not run by the docs test: (.+?) \| (.+?) -->")
FENCE = re.compile(r"^(\s*)```sh\s*$")
INSTALL_PREFIX = "/opt/isla-tool"
LINKED = ("build", "examples", "python", "docs", "scripts")


def blocks(text: str) -> list[tuple[int, list[str], list[tuple[str, str]]]]:
    """(line number, lines, marks) of each fenced sh block, with the marks just above it."""
    out = []
    lines = text.splitlines()
    marks: list[tuple[str, str]] = []
    index = 0
    while index < len(lines):
        mark = MARK.search(lines[index])
        if mark:
            marks.append((mark.group(1), mark.group(2)))
        elif fence := FENCE.match(lines[index]):
            indent = len(fence.group(1))
            start = index + 1
            end = start
            while end < len(lines) and not lines[end].lstrip().startswith("```"):
                end += 1
            out.append((start, [line[indent:] for line in lines[start:end]], marks))
            marks = []
            index = end
        elif lines[index].strip():
            marks = []
        index += 1
    return out


def runnable(lines: list[str], marks: list[tuple[str, str]], where: str) -> tuple[str, list[str]]:
    """The block's script without its marked commands, and the problems with its marks."""
    problems = []
    kept = []
    skipping = False
    previous = ""
    for line in lines:
        # A left-out command's continuation lines go with it.
        skipping = (skipping and previous.rstrip().endswith("\\")) or any(line.startswith(p) for p, _ in marks)
        if not skipping:
            kept.append(line)
        previous = line
    for prefix, why in marks:
        if not any(line.startswith(prefix) for line in lines):
            problems.append(f"{where}: the mark for '{prefix}' names no command of the block below it")
        else:
            print(f"{where}: not run: {prefix} ({why})")
    return "\n".join(kept), problems


def workspace(source: Path, build: Path, directory: Path) -> dict[str, str]:
    for name in LINKED:
        target = build if name == "build" else source / name
        (directory / name).symlink_to(target)
    (directory / "island.dat").write_bytes((build / "share/isla-tool/examples/archipelago/nw.dat").read_bytes())
    environment = dict(os.environ)
    environment["PATH"] = f"{build / 'bin'}:{environment['PATH']}"
    for variable in [v for v in environment if v.startswith("ISLA_")]:
        del environment[variable]
    return environment


def main() -> int:
    source, build = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    readmes = [source / "README.md", *sorted(source.glob("examples/*/README.md")),
               *sorted(source.glob("docs/guides/*.md"))]
    failures = []
    ran = 0
    for readme in readmes:
        name = readme.relative_to(source)
        with tempfile.TemporaryDirectory() as scratch:
            directory = Path(scratch)
            environment = workspace(source, build, directory)
            prefix = directory / "opt/isla-tool"
            for line, lines, marks in blocks(readme.read_text(encoding="utf-8")):
                where = f"{name}:{line}"
                script, problems = runnable(lines, marks, where)
                failures += problems
                if not script.strip():
                    continue
                if "build/python" in script and not (build / "python" / "world_compiler").is_dir():
                    print(f"{where}: not run: this build has no Python package (ISLA_BUILD_PYTHON=OFF)")
                    continue
                script = script.replace(INSTALL_PREFIX, str(prefix))
                run = subprocess.run(["bash", "-eo", "pipefail", "-c", script], cwd=directory, env=environment,
                                     capture_output=True, text=True, check=False)
                ran += 1
                print(f"{where}: exit {run.returncode}")
                if run.returncode != 0:
                    failures.append(f"{where}: the block exited {run.returncode}:\n{script}\n--- stdout\n"
                                    f"{run.stdout[-3000:]}\n--- stderr\n{run.stderr[-3000:]}")
    print(f"{ran} blocks run from {len(readmes)} READMEs and guides")
    if ran == 0:
        failures.append("no sh block found: the pattern or the READMEs changed")
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
