// SPDX-License-Identifier: MIT
// A Terrain World package read as the browser tests check heights against
// it: world.json, each patch's heights read once when first asked, and the
// height at a point by the contract's north-west-south-east triangles
// (TERRAIN_WORLD_V1.md). Used by view_tileset.js and by `isla-tool view`'s
// page_test.js.
'use strict';
const fs = require('fs');
const path = require('path');

class TerrainPackage {
  constructor(directory) {
    this.directory = directory;
    this.world = JSON.parse(fs.readFileSync(path.join(directory, 'world.json')));
    this.terrains = new Map();
  }

  // The patch whose bounds hold (x, z), or undefined.
  patchAt(x, z) {
    return this.world.patches.find(({ bounds_m: b }) => x >= b.min_x && x <= b.max_x && z >= b.min_z && z <= b.max_z);
  }

  terrain(patch) {
    if (!this.terrains.has(patch.id)) {
      this.terrains.set(patch.id, JSON.parse(fs.readFileSync(path.join(this.directory, patch.terrain.path))));
    }
    return this.terrains.get(patch.id);
  }

  // The package's height at (x, z), from its JSON.
  heightAt(x, z) {
    const terrain = this.terrain(this.patchAt(x, z));
    const s = terrain.spacing_m;
    const fx = (x - terrain.origin_m[0]) / s, fz = (z - terrain.origin_m[1]) / s;
    const i = Math.min(Math.floor(fx), terrain.point_count_x - 2), j = Math.min(Math.floor(fz), terrain.point_count_z - 2);
    const u = fx - i, v = fz - j, h = terrain.heights_m;
    // The package's heights are float32 values written as their shortest decimals.
    const [nw, ne, sw, se] = [h[j][i], h[j][i + 1], h[j + 1][i], h[j + 1][i + 1]].map(Math.fround);
    return v <= u ? nw + u * (ne - nw) + v * (se - ne) : nw + v * (sw - nw) + u * (se - sw);
  }

  // Whether (x, z) is above every water region whose footprint holds it, by `marginM`.
  isDry(x, z, marginM) {
    const height = this.heightAt(x, z);
    return this.world.water_regions.every(({ footprint_m: f, level_m: level }) =>
      x < f.min_x || x > f.max_x || z < f.min_z || z > f.max_z || height > level + marginM);
  }
}

// Deterministic points in `bounds`: a fixed-seed generator, so that a failure repeats.
function randomPoints(bounds, count, seed) {
  let state = seed;
  const next = () => { state = (state * 1103515245 + 12345) % 2147483648; return state / 2147483648; };
  return Array.from({ length: count }, () => [bounds.min_x + next() * (bounds.max_x - bounds.min_x),
                                              bounds.min_z + next() * (bounds.max_z - bounds.min_z)]);
}

module.exports = { TerrainPackage, randomPoints };
