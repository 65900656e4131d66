#!/usr/bin/env python3
# An independent reader for the material layer images of the png, unity and
# unreal exporters' tests. Pillow reads every image; GDAL (gdal_translate,
# Debian's gdal-bin) reads the ones named to it, which must give the same
# samples. SPEC.json:
#   {"tiles": [{"x": X, "z": Z, "images": [PNG, ...]}, ...],
#    "world": [PNG, ...]     (optional: one image a layer of the whole world),
#    "tile_samples": R       (optional: the tiles are alphamaps resampled from
#                             tiles of R samples, as unity's splat maps are),
#    "gdal": [PNG, ...]}
# A tile's images are stacked channel by channel (gray: one, RGBA: four).
# Prints JSON: how many pixels, how many do not sum to 255, how many shared
# edge pixels of neighbouring tiles differ, how many pixels of the tiles
# stitched (shared edges once; or each pixel's sample, resampled) differ
# from the world images, how many
# samples GDAL reads otherwise than Pillow, and the images' sizes and modes.
import json
import os
import subprocess
import sys
import tempfile

import numpy
from PIL import Image


def read(path):
    image = Image.open(path)
    image.load()
    pixels = numpy.asarray(image, dtype=numpy.int64)
    if pixels.ndim == 2:
        pixels = pixels[:, :, None]
    return image.mode, pixels


def read_with_gdal(path):
    with tempfile.TemporaryDirectory() as scratch:
        raw = os.path.join(scratch, "image.raw")
        subprocess.run(["gdal_translate", "-q", "-of", "ENVI", path, raw], check=True)
        header = open(os.path.join(scratch, "image.hdr")).read()
        fields = {k.strip(): v.strip() for k, v in (line.split("=", 1) for line in header.splitlines() if "=" in line)}
        bands, lines, samples = int(fields["bands"]), int(fields["lines"]), int(fields["samples"])
        data = numpy.fromfile(raw, dtype=numpy.uint8).astype(numpy.int64)
        interleave = fields.get("interleave", "bsq")
        if interleave == "bip":
            return data.reshape(lines, samples, bands)
        if interleave == "bil":
            return data.reshape(lines, bands, samples).transpose(0, 2, 1)
        return data.reshape(bands, lines, samples).transpose(1, 2, 0)


spec = json.load(open(sys.argv[1]))
report = {"pixels": 0, "bad_sums": 0, "seam_mismatches": 0, "stitched_mismatches": None, "gdal_mismatches": 0,
          "sizes": [], "modes": []}
tiles = {}
for tile in spec.get("tiles", []):
    stack = []
    for path in tile["images"]:
        mode, pixels = read(path)
        report["modes"].append(mode)
        report["sizes"].append([pixels.shape[1], pixels.shape[0]])
        stack.append(pixels)
    weights = numpy.concatenate(stack, axis=2)
    sums = weights.sum(axis=2)
    report["pixels"] += int(sums.size)
    report["bad_sums"] += int((sums != 255).sum())
    tiles[(tile["x"], tile["z"])] = weights

for (x, z), weights in tiles.items():
    east, south = tiles.get((x + 1, z)), tiles.get((x, z + 1))
    if east is not None:
        report["seam_mismatches"] += int((weights[:, -1, :] != east[:, 0, :]).any(axis=1).sum())
    if south is not None:
        report["seam_mismatches"] += int((weights[-1, :, :] != south[0, :, :]).any(axis=1).sum())

if "world" in spec:
    world = numpy.concatenate([read(path)[1] for path in spec["world"]], axis=2)
    height, width = world.shape[:2]
    if "tile_samples" in spec:
        # Pixel i of a tile of A pixels takes the tile's sample nearest i (R - 1) / (A - 1), the world's
        # last beyond its edge; channels past the world's layers are none.
        samples = spec["tile_samples"]
        report["stitched_mismatches"] = 0
        for (x, z), weights in tiles.items():
            pixels = weights.shape[0]
            nearest = (2 * numpy.arange(pixels) * (samples - 1) + (pixels - 1)) // (2 * (pixels - 1))
            columns = numpy.minimum(x * (samples - 1) + nearest, width - 1)
            rows = numpy.minimum(z * (samples - 1) + nearest, height - 1)
            expected = world[rows][:, columns]
            report["stitched_mismatches"] += int((weights[:, :, :world.shape[2]] != expected).any(axis=2).sum())
    else:
        columns = max(x for x, _ in tiles) + 1
        rows = max(z for _, z in tiles) + 1
        size = tiles[(0, 0)].shape[0]
        stitched = numpy.zeros(((size - 1) * rows + 1, (size - 1) * columns + 1, world.shape[2]), dtype=numpy.int64)
        for (x, z), weights in tiles.items():
            stitched[z * (size - 1):z * (size - 1) + size, x * (size - 1):x * (size - 1) + size, :] = weights
        report["stitched_mismatches"] = int((stitched[:height, :width, :] != world).any(axis=2).sum())

for path in spec.get("gdal", []):
    report["gdal_mismatches"] += int((read_with_gdal(path) != read(path)[1]).sum())

json.dump(report, sys.stdout)
