// SPDX-License-Identifier: MIT
// The world's full-resolution heights, as `isla-tool view` serves them
// (samples/<patch-id>.f32: a patch's heights_m row by row, little-endian
// float32), and the height at any point by the Terrain World contract's
// triangle rule: each cell split north-west to south-east. `base` is where
// the world is served: /world, or under view --watch its version's /world/vN.

export class HeightField {
  // patches: world.json's, each with `heights`, its Float32Array.
  constructor(spacing, patches) {
    this.spacing = spacing;
    this.patches = patches;
  }

  // `previous` (a HeightField of the world before, or null) gives the
  // heights of each patch whose terrain document is unchanged.
  static async load(base, world, previous = null) {
    const patches = await Promise.all(world.patches.map(async (patch) => {
      const same = previous && previous.patches.find((p) => p.id === patch.id);
      if (same && same.terrain.sha256 === patch.terrain.sha256) return { ...patch, heights: same.heights };
      const response = await fetch(`${base}/samples/${encodeURIComponent(patch.id)}.f32`);
      if (!response.ok) throw new Error(`the heights of ${patch.id}: HTTP ${response.status}`);
      const bytes = await response.arrayBuffer();
      const heights = new Float32Array(bytes.byteLength / 4);
      const view = new DataView(bytes);
      for (let i = 0; i < heights.length; i++) heights[i] = view.getFloat32(i * 4, true);
      if (heights.length !== patch.point_count_x * patch.point_count_z) {
        throw new Error(`the heights of ${patch.id}: ${heights.length} samples, not ` +
                        `${patch.point_count_x} x ${patch.point_count_z}`);
      }
      return { ...patch, heights };
    }));
    return new HeightField(world.settings.spacing_m, patches);
  }

  // The highest and lowest sample of the world, metres.
  highest() { return Math.max(...this.patches.map((p) => p.heights.reduce((a, h) => Math.max(a, h), -Infinity))); }
  lowest() { return Math.min(...this.patches.map((p) => p.heights.reduce((a, h) => Math.min(a, h), Infinity))); }

  // The patch whose bounds hold (x, z); on a shared edge either, which agree.
  patchAt(x, z) {
    return this.patches.find(({ bounds_m: b }) => x >= b.min_x && x <= b.max_x && z >= b.min_z && z <= b.max_z);
  }

  // Metres, or NaN outside every patch.
  heightAt(x, z) {
    const patch = this.patchAt(x, z);
    if (!patch) return NaN;
    const nx = patch.point_count_x, nz = patch.point_count_z, h = patch.heights;
    const fx = (x - patch.origin_m[0]) / this.spacing;
    const fz = (z - patch.origin_m[1]) / this.spacing;
    const i = Math.min(Math.max(Math.floor(fx), 0), nx - 2);
    const j = Math.min(Math.max(Math.floor(fz), 0), nz - 2);
    const u = fx - i, v = fz - j;
    const nw = h[j * nx + i], ne = h[j * nx + i + 1], sw = h[(j + 1) * nx + i], se = h[(j + 1) * nx + i + 1];
    return v <= u ? nw + u * (ne - nw) + v * (se - ne) : nw + v * (sw - nw) + u * (se - sw);
  }
}
