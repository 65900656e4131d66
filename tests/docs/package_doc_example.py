#!/usr/bin/env python3
"""docs/terrain-world-package.md shows what a compile of the bundled example
writes: its report block is the real report with patches and warnings cut
to their first entry, and its world.json block's first water region is the
real one.

Usage: package_doc_example.py ISLA_TOOL EXAMPLE_LAYOUT DOCUMENT
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path


def json_block(document: str, heading: str) -> dict:
    section = document[document.index(heading):]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def main() -> int:
    tool, layout, document = sys.argv[1], sys.argv[2], Path(sys.argv[3]).read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as scratch:
        world = Path(scratch) / "world"
        subprocess.run([tool, "run", "compile", layout, str(world), "--quiet"], check=True, capture_output=True)
        report = json.loads((world / "compilation-report.json").read_text(encoding="utf-8"))
        descriptor = json.loads((world / "world.json").read_text(encoding="utf-8"))
    shown = json_block(document, "## compilation-report.json")
    expected = dict(report, patches=report["patches"][:1], warnings=report["warnings"][:1])
    problems = []
    if shown != expected:
        problems.append(f"the report example differs from a compile of the example:\n{json.dumps(expected, indent=2)}")
    shown_water = json_block(document, "## world.json")["water_regions"][0]
    if shown_water != descriptor["water_regions"][0]:
        problems.append(f"the world.json example's water region is not the compile's: {descriptor['water_regions'][0]}")
    for problem in problems:
        print(f"docs/terrain-world-package.md: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
