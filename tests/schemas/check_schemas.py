#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The shipped schemas checked by an independent validator (python3-jsonschema).

usage: check_schemas.py SCHEMA_DIR TOOL LAYOUT...

Each schema is a valid 2020-12 schema; each LAYOUT validates against
layout-v1; a broken layout does not; and every document of a package that
TOOL compiles from the archipelago layout validates against its part of
world-v1; so do the members of a sample viewer bundle against their part of
source-v1, and the package compiled from it.
"""
import json
import pathlib
import subprocess
import sys
import tempfile
import zipfile

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

def expect_valid_package(package):
    expect_valid(world, package / "world.json")
    parts = {"boundaries.json": "boundaries", "compilation-report.json": "report"}
    parts.update({str(p.relative_to(package)): "terrain" for p in package.glob("terrain/*.json")})
    parts.update({str(p.relative_to(package)): "scenery" for p in package.glob("scenery/*.json")})
    for name, definition in sorted(parts.items()):
        expect_valid(validator("world-v1.schema.json", definition), package / name)


SOURCE_PARTS = {"metadata.json": "metadata", "runtime.json": "runtime", "vegetation.json": "vegetation",
                "catalogue.json": "catalogue"}

with tempfile.TemporaryDirectory() as scratch:
    subprocess.run([tool, "run", "compile"], cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    expect_valid_package(pathlib.Path(scratch) / "world")

    # A sample viewer bundle: each JSON member against its source-v1 $defs
    # entry, and the package compiled from it, vegetation and all.
    bundle = pathlib.Path(scratch) / "sample.zip"
    subprocess.run([tool, "synth", "--seed", "5", "--size", "256", "--bundle", str(bundle)], check=True,
                   stdout=subprocess.DEVNULL)
    with zipfile.ZipFile(bundle) as archive:
        for name, definition in SOURCE_PARTS.items():
            check = validator("source-v1.schema.json", definition)
            errors = list(check.iter_errors(json.loads(archive.read(name))))
            if errors:
                sys.exit(f"{bundle}!{name}: {errors[0].message}")
    (pathlib.Path(scratch) / "bundle-layout.json").write_text(json.dumps(
        {"format": "terrain-world.layout", "schema_version": 1, "name": "bundled", "gap_cells": 4,
         "sources": [{"id": "a", "namespace": "na", "path": "sample.zip", "row": 0, "col": 0}]}))
    subprocess.run([tool, "run", "compile", "bundle-layout.json", "bundled", "--quiet"], cwd=scratch, check=True,
                   stdout=subprocess.DEVNULL)
    package = pathlib.Path(scratch) / "bundled"
    if not json.loads((package / "scenery/a.json").read_text())["vegetation"]:
        sys.exit("the sample bundle's package has no vegetation")
    expect_valid_package(package)
print("schemas: ok")
