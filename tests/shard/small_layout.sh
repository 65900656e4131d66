#!/bin/bash
# The layout the shard tests that run the tool as other processes (Slurm
# tasks, containers) compile: sourced, `write_small_layout TOOL DIR`
# generates four 256² blueprints with `synth` into DIR and DIR/layout.json,
# a 2 × 2 layout of them (nine patches: four sources, four strips, a corner).

write_small_layout() {
  local tool="$1" dir="$2" seed
  mkdir -p "$dir"
  for seed in 1 2 3 4; do
    "$tool" synth --seed "$seed" --size 256 --out "$dir/b$seed.dat" >/dev/null
  done
  cat >"$dir/layout.json" <<'JSON'
{"format": "terrain-world.layout", "schema_version": 1, "name": "shard-test", "gap_cells": 8,
 "slope_warning_deg": 89.99, "sources": [
  {"id": "nw", "namespace": "nw", "path": "b1.dat", "row": 0, "col": 0},
  {"id": "ne", "namespace": "ne", "path": "b2.dat", "row": 0, "col": 1},
  {"id": "sw", "namespace": "sw", "path": "b3.dat", "row": 1, "col": 0},
  {"id": "se", "namespace": "se", "path": "b4.dat", "row": 1, "col": 1}]}
JSON
}
