#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The shipped schemas checked by an independent validator (python3-jsonschema).

usage: check_schemas.py SCHEMA_DIR TOOL LAYOUT...

Each schema is a valid 2020-12 schema; each LAYOUT validates against
layout-v1; a broken layout does not; and every document of a package that
TOOL compiles from the archipelago layout validates against its part of
world-v1.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

import jsonschema

schema_dir = pathlib.Path(sys.argv[1])
tool = sys.argv[2]
layouts = [pathlib.Path(p) for p in sys.argv[3:]]


def validator(name, definition=None):
    schema = json.loads((schema_dir / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    if definition:
        # The definition as root, its $refs resolving in the whole document.
        schema = {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/" + definition}
    return jsonschema.Draft202012Validator(schema)


def expect_valid(check, path):
    errors = [f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in check.iter_errors(
        json.loads(path.read_text()))]
    if errors:
        sys.exit("\n".join(errors))


layout = validator("layout-v1.schema.json")
world = validator("world-v1.schema.json")
for path in layouts:
    expect_valid(layout, path)

broken = json.loads(layouts[0].read_text())
broken["sources"][0]["colour"] = "red"
broken["gap_cells"] = 1
if len(list(layout.iter_errors(broken))) != 2:
    sys.exit("layout-v1 accepts an unknown key or a gap_cells of 1")

with tempfile.TemporaryDirectory() as scratch:
    subprocess.run([tool, "run", "compile"], cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    package = pathlib.Path(scratch) / "world"
    expect_valid(world, package / "world.json")
    parts = {"boundaries.json": "boundaries", "compilation-report.json": "report"}
    parts.update({str(p.relative_to(package)): "terrain" for p in package.glob("terrain/*.json")})
    parts.update({str(p.relative_to(package)): "scenery" for p in package.glob("scenery/*.json")})
    for name, definition in sorted(parts.items()):
        expect_valid(validator("world-v1.schema.json", definition), package / name)
print("schemas: ok")
