// SPDX-License-Identifier: MIT
// Loads a tileset in a real viewer in Debian's chromium, headless, with
// SwiftShader's WebGL, and checks what the viewer reports:
//   node view_tileset.js cesium|three TILESET_DIR [--package DIR] [--screenshot FILE.png]
// A static server on 127.0.0.1 serves the page beside this script, the
// pinned npm viewers from build-tools/node_modules (NODE_PATH) and the
// tileset; any request for another host is refused and fails the check.
// The page sets window.viewerReport once the viewer has loaded all the
// tiles it wants: {loaded, failed, depths}, depths being the quadtree
// levels of the terrain tiles it renders. Passes (exit 0) when tiles loaded,
// none failed, more than one level rendered and the console shows no error,
// and, given the world's Terrain World package, CesiumJS finds its heights
// (checkCesium) and the vertices three.js decoded stand on its samples
// (checkThree); exits 1 otherwise, and 77 (skipped) when chromium or the npm
// packages are missing, unless CI=true, where that fails too.
'use strict';
const fs = require('fs');
const path = require('path');
const { serve } = require('./static_server');
const { kHangGuardMs, requireBrowser, launchChromium, guardPage } = require('./headless_chromium');
const { TerrainPackage, randomPoints } = require('./terrain_package');

const kHeightPoints = 12;
const kHeightToleranceM = 0.05;
const kVertices = 4000;
// A stored height is within half a step (1/64 m) of its sample's, and float32's rounding of a few hundred metres.
const kVertexHeightM = 1 / 128 + 1e-4;
// A vertex stands on its sample but for float32 and the transforms' rounding.
const kVertexPlaceM = 1e-3;
const kLeafCells = 256;  // the exporter's default leaves

// The leaf tile's name ("<level>_<x>_<z>") over world (x, z) at `spacingM` between samples, the leaves
// being the deepest .glb files.
function leafOf(tilesetDir, spacingM, x, z) {
  const levels = fs.readdirSync(path.join(tilesetDir, 'tiles')).filter((name) => name.endsWith('.glb'))
    .map((name) => Number(name.split('_')[0]));
  const side = kLeafCells * spacingM;
  return `${Math.max(...levels)}_${Math.floor(x / side)}_${Math.floor(z / side)}`;
}

// CesiumJS's getHeight on the leaves, and a pick at a town (cesium.html's window.cesiumChecks).
async function checkCesium(page, tilesetDir, packageDir, problems) {
  const terrain = new TerrainPackage(packageDir);
  const sources = terrain.world.patches.filter((patch) => patch.kind === 'source');
  const points = [];
  for (let seed = 1; points.length < kHeightPoints; seed++) {
    const [[x, z]] = randomPoints(sources[seed % sources.length].bounds_m, 1, seed);
    if (terrain.isDry(x, z, 1)) points.push([x, z]);
  }
  // A small picture from close by: the leaves under the camera, and frames that SwiftShader draws quickly.
  await page.setViewportSize({ width: 320, height: 240 });
  const spacing = terrain.world.settings.spacing_m;
  let worst = 0;
  for (const [x, z] of points) {
    const got = await page.evaluate(([...args]) => window.cesiumChecks.heightAt(...args),
                                    [x, z, terrain.heightAt(x, z), leafOf(tilesetDir, spacing, x, z), 60]);
    if (got.height === null) {
      problems.push(`getHeight under ${x.toFixed(1)}, ${z.toFixed(1)} found no surface`);
      continue;
    }
    if (!got.leafRendered) problems.push(`the leaf over ${x.toFixed(1)}, ${z.toFixed(1)} was not rendered`);
    const off = Math.abs(got.up - terrain.heightAt(got.x, got.z));
    worst = Math.max(worst, off);
    if (off > kHeightToleranceM) {
      problems.push(`getHeight under ${x.toFixed(1)}, ${z.toFixed(1)} hit ${got.up.toFixed(3)} m at ` +
                    `${got.x.toFixed(2)}, ${got.z.toFixed(2)}, where the package's surface is ` +
                    `${terrain.heightAt(got.x, got.z).toFixed(3)} m`);
    }
  }
  console.log(`cesium: getHeight at ${points.length} dry points with the leaves rendered, at most ` +
              `${(worst * 100).toFixed(2)} cm from the package's surface`);
  const source = terrain.world.sources[0];
  const scenery = JSON.parse(fs.readFileSync(path.join(packageDir, 'scenery', `${source.id}.json`)));
  const town = scenery.entities.find((entity) => entity.kind === 'town');
  const [x, y, z] = town.position_m;
  const picked = await page.evaluate(([...args]) => window.cesiumChecks.pickTown(...args), [x, y, z, 2000]);
  const found = picked.find((feature) => feature.id === town.id);
  if (!found || found.name !== town.source_entity_id || found.tier !== town.tier) {
    problems.push(`a pick at town ${town.id} found ${JSON.stringify(picked)}`);
  } else {
    console.log(`cesium: a pick at ${town.id} read its id, name '${found.name}' and tier '${found.tier}'`);
  }
}

// The tileset's frame (x east, y north, z up, world (0, 0) at its origin)
// from three's world: the inverse of the root's transform, a rotation and a
// translation (an east-north-up frame), or none.
function tilesetFrame(tilesetDir) {
  const transform = JSON.parse(fs.readFileSync(path.join(tilesetDir, 'tileset.json'))).root.transform;
  if (!transform) return (p) => p;
  const column = (k) => transform.slice(4 * k, 4 * k + 3);
  const axes = [column(0), column(1), column(2)], origin = column(3);
  return (p) => axes.map((axis) => axis.reduce((sum, a, k) => sum + a * (p[k] - origin[k]), 0));
}

// Every sampled vertex of three.js's terrain tiles stands on a sample of its
// patch, within half a height step of the package's height there, with its
// texture coordinates on that sample's texel centre.
async function checkThree(page, tilesetDir, packageDir, problems) {
  const terrain = new TerrainPackage(packageDir);
  const patches = new Map(terrain.world.patches.map((patch) => [patch.id, patch]));
  const local = tilesetFrame(tilesetDir);
  const vertices = await page.evaluate((limit) => window.threeChecks.vertices(limit), kVertices);
  if (vertices.length < kVertices / 2) problems.push(`three.js holds only ${vertices.length} terrain vertices`);
  let worstHeight = 0, worstPlace = 0, worstTexel = 0;
  for (const { patch: id, p, uv } of vertices) {
    const [x, north, up] = local(p);
    const z = -north;
    const grid = terrain.terrain(patches.get(id));
    const { origin_m: [ox, oz], spacing_m: s, point_count_x: w, point_count_z: d } = grid;
    const i = Math.round((x - ox) / s), j = Math.round((z - oz) / s);
    const where = `three.js has a vertex of ${id} at ${x.toFixed(4)}, ${z.toFixed(4)}, ${up.toFixed(4)} m`;
    if (i < 0 || i >= w || j < 0 || j >= d) {
      problems.push(`${where}, off its patch`);
      return;
    }
    // The package's heights are float32 values written as their shortest decimals.
    const place = Math.max(Math.abs(x - ox - i * s), Math.abs(z - oz - j * s));
    const height = Math.abs(up - Math.fround(grid.heights_m[j][i]));
    const texel = Math.max(Math.abs(uv[0] * w - (i + 0.5)), Math.abs(uv[1] * d - (j + 0.5)));
    worstPlace = Math.max(worstPlace, place);
    worstHeight = Math.max(worstHeight, height);
    worstTexel = Math.max(worstTexel, texel);
    if (place > kVertexPlaceM || height > kVertexHeightM || texel > 0.01) {
      problems.push(`${where} with texture coordinates ${uv.map((c) => c.toFixed(6)).join(', ')}: ` +
                    `${place.toFixed(6)} m from sample (${i}, ${j}), ${height.toFixed(6)} m from its height, ` +
                    `${texel.toFixed(4)} texels from its texel centre`);
      return;
    }
  }
  console.log(`three: ${vertices.length} decoded vertices on their samples, at most ` +
              `${(worstPlace * 1000).toFixed(3)} mm off their place and ${(worstHeight * 1000).toFixed(2)} mm off ` +
              `their height, their texture coordinates at most ${worstTexel.toFixed(4)} texels off the texel centre`);
}

function fail(message) {
  console.error(`view_tileset: ${message}`);
  process.exit(1);
}

async function main() {
  const [viewer, tileset, ...rest] = process.argv.slice(2);
  if (!['cesium', 'three'].includes(viewer) || !tileset) {
    console.error('usage: node view_tileset.js cesium|three TILESET_DIR [--package DIR] [--screenshot FILE.png]');
    process.exit(2);
  }
  const packageDir = rest[0] === '--package' ? rest.splice(0, 2)[1] : null;
  const screenshot = rest[0] === '--screenshot' ? rest[1] : null;
  const packages = { cesium: 'cesium', three: '3d-tiles-renderer' };
  const modules = requireBrowser('view_tileset', [packages[viewer]]);
  if (!fs.existsSync(path.join(tileset, 'tileset.json'))) fail(`${tileset}/tileset.json does not exist`);
  const server = await serve({ '/page/': __dirname, '/modules/': modules, '/tiles/': path.resolve(tileset) });
  const browser = await launchChromium(modules, { width: 960, height: 640 });
  const problems = [];
  try {
    const { page } = browser;
    await guardPage(page, problems);
    await page.goto(`${server.origin}/page/${viewer}.html`);
    const report = await page.waitForFunction(() => window.viewerReport, null, { timeout: kHangGuardMs, polling: 500 })
      .then((handle) => handle.jsonValue())
      .catch((error) => fail(`${viewer} reported nothing within ${kHangGuardMs / 1000} s (${error.message}); ` +
                             `so far: ${problems.join('; ') || 'no error'}`));
    if (screenshot) await page.screenshot({ path: screenshot });
    console.log(`${viewer}: ${report.loaded} tiles loaded, ${report.failed} failed, rendered levels ` +
                `[${report.depths.join(', ')}]`);
    if (report.loaded < 2) problems.push(`only ${report.loaded} tiles loaded`);
    if (report.failed > 0) problems.push(`${report.failed} tiles failed to load`);
    if (report.depths.length < 2) problems.push(`tiles of only ${report.depths.length} level rendered, not more`);
    if (viewer === 'cesium' && packageDir) await checkCesium(page, tileset, packageDir, problems);
    if (viewer === 'three' && packageDir) await checkThree(page, tileset, packageDir, problems);
  } finally {
    await browser.close();
    server.close();
  }
  if (problems.length) fail(problems.join('\n'));
}

main().catch((error) => fail(error.stack || String(error)));
