#!/usr/bin/env python3
# An independent decoder for the png exporter's tests: Pillow reads IN.png
# and writes every sample (palette index, gray level, or R, G, B) as
# little-endian u16 to OUT.raw, row after row, and prints what it saw as
# JSON on stdout.
import array
import json
import sys

from PIL import Image

image = Image.open(sys.argv[1])
image.load()
palette = image.getpalette() if image.mode == "P" else None
bands = len(image.getbands())
pixels = array.array("H", list(image.tobytes()) if bands == 3 else image.getdata())
if sys.byteorder != "little":
    pixels.byteswap()
with open(sys.argv[2], "wb") as out:
    pixels.tofile(out)
json.dump({"mode": image.mode, "width": image.width, "height": image.height,
           "bands": bands, "palette": palette, "text": dict(image.text)}, sys.stdout)
