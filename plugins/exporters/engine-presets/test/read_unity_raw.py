#!/usr/bin/env python3
# An independent reader of the unity exporter's output for its tests: numpy
# reads every tile unity.json in DIR lists (16-bit, in its byte order),
# counts the samples where neighbouring tiles' shared edges differ, stitches
# the tiles into one array of padded_samples and writes it to OUT.raw as
# little-endian u16, and prints what it saw as JSON on stdout.
import json
import os
import sys

import numpy

directory, out = sys.argv[1], sys.argv[2]
with open(os.path.join(directory, "unity.json")) as f:
    sidecar = json.load(f)
size = sidecar["resolution"]
dtype = "<u2" if sidecar["byte_order"] == "little" else ">u2"
tiles = {}
for tile in sidecar["tiles"]:
    samples = numpy.fromfile(os.path.join(directory, tile["file"]), dtype=dtype)
    assert samples.size == size * size, (tile["file"], samples.size)
    tiles[(tile["x"], tile["z"])] = samples.reshape(size, size)  # rows north to south

mismatches = 0
for (x, z), samples in tiles.items():
    if (x + 1, z) in tiles:
        mismatches += int(numpy.count_nonzero(samples[:, -1] != tiles[(x + 1, z)][:, 0]))
    if (x, z + 1) in tiles:
        mismatches += int(numpy.count_nonzero(samples[-1, :] != tiles[(x, z + 1)][0, :]))

width, height = sidecar["padded_samples"]
stitched = numpy.zeros((height, width), dtype="<u2")
for (x, z), samples in tiles.items():
    stitched[z * (size - 1):z * (size - 1) + size, x * (size - 1):x * (size - 1) + size] = samples
stitched.tofile(out)
json.dump({"tiles": len(tiles), "seam_mismatches": mismatches}, sys.stdout)
