# SPDX-License-Identifier: MIT
"""Imports a glTF file as Blender does (its bundled io_scene_gltf2), headless,
and writes what the import holds: each mesh object's name and vertex count.

    blender -b --factory-startup --python-exit-code 1 --python blender_import.py -- FILE.gltf REPORT.json
"""
import json
import sys

import bpy
import numpy

# Blender 3.4's importer still writes numpy.bool, an alias of bool that numpy
# 1.24 (Debian 12's) removed; 3.5 writes bool (KhronosGroup/glTF-Blender-IO
# #1844, #1831). The alias as it was, so that Debian's Blender imports at all.
if not hasattr(numpy, "bool"):
    numpy.bool = bool

gltf, report = sys.argv[sys.argv.index("--") + 1:]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=gltf)
meshes = [{"name": o.name, "vertices": len(o.data.vertices)} for o in bpy.context.scene.objects if o.type == "MESH"]
with open(report, "w", encoding="utf-8") as out:
    json.dump({"meshes": sorted(meshes, key=lambda m: m["name"])}, out, indent=1)
