// SPDX-License-Identifier: MIT
// `isla-tool view LAYOUT` (or, with --package, `view PACKAGE` of the
// layout compiled) in Debian's chromium, headless (the 3dtiles
// exporter's headless_chromium.js): the page served is the one shipped next
// to ISLA_TOOL (share/isla-tool/viewer: the build tree's or the install's),
// it loads with no console error, isla.ready resolves, isla.world is the
// package's, a screenshot from a fixed camera has many colours and shows
// land and water, the outlines show when switched on, the readout under the
// cursor gives the package's height there, fly controls (T, then W) move
// the camera forward and T gives orbit back, and isla.heightAt equals the
// package's heights by the contract's triangle rule at 50 random points
// (and on shared edges and samples) to float32 precision; the vertical
// exaggeration is auto from the package's relief against its extent (the
// example's, under a fiftieth, is exaggerated), said in isla.exaggeration
// and on the page, the terrain drawn that many times as high while heightAt
// stays true, and the page's control and `--exaggeration N` set another;
// SIGINT ends the server with exit 0. Then the same for the bare 3D Tiles
// export of the cache: no error, no heights, auto from the tileset's box.
//   node page_test.js ISLA_TOOL LAYOUT.json [--package] [--screenshot FILE.png]
// (--screenshot also writes FILE-outlines.png, the outlines switched on.)
// Exits 77 (skipped) when chromium or playwright-core is missing, 1 under CI=true.
'use strict';
const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { kHangGuardMs, requireBrowser, launchChromium, guardPage } =
  require('../../../../plugins/exporters/3dtiles/test/browser/headless_chromium');
const { TerrainPackage, randomPoints } = require('../../../../plugins/exporters/3dtiles/test/browser/terrain_package');
const { startView } = require('./view_process');

const kRandomPoints = 50;

function fail(message) {
  console.error(`view_page: ${message}`);
  process.exit(1);
}

// Counts of distinct colours, land, water and outline pixels of a PNG, decoded by the page.
async function pictureStats(page, png) {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const colours = new Set();
    let land = 0, water = 0, outline = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      colours.add((r << 16) | (g << 8) | b);
      if (r > 235 && g > 190 && g < 225 && b < 90) outline++;  // the patch outlines' 0xffd040
      if (b > r + 25 && b >= g) water++;
      else if (r > b + 10 || g > b + 10) land++;
    }
    return { pixels: data.length / 4, colours: colours.size, land, water, outline };
  }, png.toString('base64'));
}

// Loads the page and returns what isla.ready resolves to.
async function openPage(page, url, problems) {
  await page.goto(url);
  const late = new Promise((resolve, reject) =>
    setTimeout(() => reject(new Error(`not within ${kHangGuardMs / 1000} s`)), kHangGuardMs).unref());
  return Promise.race([page.evaluate(() => window.isla.ready), late])
    .catch((error) => fail(`isla.ready did not resolve at ${url}: ${error.message}; ${problems.join('; ')}`));
}

// A bare 3D Tiles export (the cache entry's tiles/): the page loads with no
// error, world is the tileset's extent with no sources, and there are no
// heights to answer from.
async function checkBareTiles(tool, cache, page, problems) {
  const views = path.join(cache, 'isla-tool', 'view');
  const tiles = path.join(views, fs.readdirSync(views)[0], 'tiles');
  const server = startView(tool, [tiles, '--no-open', '--quiet'], cache);
  const before = problems.length;
  try {
    const seen = await openPage(page, await server.url, problems);
    // The page asks for the package's world.json, which a bare export has
    // not: chromium logs that 404 as a console error, the one it may log.
    const notFound = 'console error: Failed to load resource: the server responded with a status of 404 (Not Found)';
    const extra = problems.splice(before).filter((problem) => problem !== notFound);
    problems.push(...extra);
    const b = seen.bounds_m;
    if (seen.sources.length || !(b.max_x > b.min_x && b.max_z > b.min_z)) {
      problems.push(`a bare export's isla.world: ${JSON.stringify(seen)}`);
    }
    const height = await page.evaluate(([x, z]) => window.isla.heightAt(x, z), [(b.min_x + b.max_x) / 2, b.min_z]);
    if (!Number.isNaN(height)) problems.push(`a bare export's heightAt is ${height}, not NaN`);
    // Auto from the root's box: the example's relief is under a fiftieth of its extent there too.
    const shown = await page.textContent('#exaggeration-shown');
    const factor = await page.evaluate(() => window.isla.exaggeration);
    if (!(factor > 1) || !shown.includes(`×${factor} (auto: relief`)) {
      problems.push(`a bare export's exaggeration is ${factor}, the page says '${shown}'`);
    }
  } finally {
    // Off the page first, so that no tile it is still loading is cut by the
    // server's end (chromium logs that as ERR_CONTENT_LENGTH_MISMATCH).
    await page.goto('about:blank');
    server.view.kill('SIGINT');
  }
  const { code, signal, stderr } = await server.exit;
  if (code !== 0) problems.push(`isla-tool view of a bare export exited with ${code ?? signal}: ${stderr}`);
}

// The page served is the one beside the tool: <prefix>/share/isla-tool/viewer.
async function checkShippedPage(tool, url, problems) {
  const shipped = path.join(path.dirname(tool), '..', 'share', 'isla-tool', 'viewer');
  for (const file of ['index.html', 'viewer.js']) {
    const served = Buffer.from(await (await fetch(url + file)).arrayBuffer());
    if (!served.equals(fs.readFileSync(path.join(shipped, file)))) problems.push(`${file} served is not ${shipped}'s`);
  }
}

// T switches to fly controls, W flies toward the point looked at (held
// until the camera has come a hundredth of the world's size closer, however
// few frames a loaded machine draws), T again gives orbit back.
async function checkFlying(page, bounds, problems) {
  const size = Math.max(bounds.max_x - bounds.min_x, bounds.max_z - bounds.min_z);
  const target = [(bounds.min_x + bounds.max_x) / 2, (bounds.min_z + bounds.max_z) / 2];
  await page.evaluate(([x, z, d]) => window.isla.lookAt(x, z, d), [...target, size * 0.55]);
  const distance = () => page.evaluate(([x, z]) => {
    const c = window.isla.cameraPosition();
    return Math.hypot(c.x - x, c.y - Math.max(window.isla.heightAt(x, z), 0), c.z - z);
  }, target);
  const before = await distance();
  await page.mouse.move(480, 320);
  await page.keyboard.press('t');
  if (!(await page.isChecked('#fly'))) problems.push('T did not switch to fly controls');
  await page.keyboard.down('w');
  const closer = await page.waitForFunction(([x, z, limit]) => {
    const c = window.isla.cameraPosition();
    return Math.hypot(c.x - x, c.y - Math.max(window.isla.heightAt(x, z), 0), c.z - z) < limit;
  }, [...target, before - size / 100], { polling: 'raf' }).then(() => true, () => false);
  await page.keyboard.up('w');
  const after = await distance();
  console.log(`fly: W took the camera from ${before.toFixed(0)} m to ${after.toFixed(0)} m of the point looked at`);
  if (!closer) problems.push(`W in fly mode did not fly forward: ${before} m, then ${after} m`);
  await page.keyboard.press('t');
  if (await page.isChecked('#fly')) problems.push('T again did not give orbit controls back');
}

// What auto must give the package, from the README's rule: its relief (the
// highest sample less the lowest) against its extent (the longer side).
function expectedAutoExaggeration(terrainPackage, bounds) {
  let highest = -Infinity, lowest = Infinity, top = null;
  for (const patch of terrainPackage.world.patches) {
    const terrain = terrainPackage.terrain(patch);
    terrain.heights_m.forEach((row, j) => row.forEach((h, i) => {
      lowest = Math.min(lowest, h);
      if (h > highest) {
        highest = h;
        top = [terrain.origin_m[0] + i * terrain.spacing_m, terrain.origin_m[1] + j * terrain.spacing_m];
      }
    }));
  }
  const relief = highest - lowest;
  const extent = Math.max(bounds.max_x - bounds.min_x, bounds.max_z - bounds.min_z);
  const wanted = extent / (50 * relief);
  return { relief, extent, top, factor: wanted > 1 ? Math.ceil(wanted * 10) / 10 : 1 };
}

// The vertical exaggeration: isla.exaggeration and the page say the factor;
// the terrain is drawn that many times as high (isla.shownHeightAt, the
// surface on screen) while heightAt stays the package's; the control on the
// page sets another factor, and auto again.
async function checkExaggeration(page, terrainPackage, bounds, problems) {
  const auto = expectedAutoExaggeration(terrainPackage, bounds);
  console.log(`exaggeration: relief ${auto.relief.toFixed(1)} m over ${auto.extent} m, auto x${auto.factor}`);
  if (!(auto.relief < auto.extent / 50)) problems.push('the example is no longer flatter than a fiftieth of its extent');
  // A point on the highest ground, at a cell's middle, seen from near enough for the leaves.
  const spacing = terrainPackage.world.settings.spacing_m;
  const [x, z] = [auto.top[0] + spacing / 2, auto.top[1] + spacing / 4];
  const trueHeight = terrainPackage.heightAt(x, z);
  await page.evaluate(([px, pz]) => window.isla.lookAt(px, pz, 250), [x, z]);
  const expect = async (factor, isAuto, how) => {
    await page.waitForFunction((f) => window.isla.exaggeration === f, factor, { timeout: kHangGuardMs, polling: 100 });
    await page.waitForFunction(() => window.isla.tilesLoaded(), null, { timeout: kHangGuardMs, polling: 200 });
    const [shown, height, text, input] = await Promise.all([
      page.evaluate(([px, pz]) => window.isla.shownHeightAt(px, pz), [x, z]),
      page.evaluate(([px, pz]) => window.isla.heightAt(px, pz), [x, z]),
      page.textContent('#exaggeration-shown'), page.inputValue('#exaggeration')]);
    console.log(`exaggeration ${how}: '${text}', the surface drawn at ${shown.toFixed(2)} m where the height is ` +
                `${height.toFixed(2)} m`);
    // From 250 m the tiles on screen are leaves or the levels above them,
    // within 4 m of the samples (0.5 m doubled a level); a wrong factor is
    // off by a hundred metres and more.
    if (!(Math.abs(shown - factor * trueHeight) <= 4 * factor)) {
      problems.push(`${how}: the surface is drawn at ${shown} m, not ${factor} x ${trueHeight} m`);
    }
    if (Math.fround(height) !== Math.fround(trueHeight)) problems.push(`${how}: heightAt is ${height}, not ${trueHeight}`);
    if (!text.startsWith(`heights ×${factor}`) || text.includes('(auto') !== isAuto || input !== String(factor)) {
      problems.push(`${how}: the page says '${text}', its control '${input}', for x${factor}`);
    }
  };
  if ((await page.evaluate(() => window.isla.autoExaggeration)) !== auto.factor) {
    problems.push(`isla.autoExaggeration is ${await page.evaluate(() => window.isla.autoExaggeration)}`);
  }
  await expect(auto.factor, true, 'auto');
  for (const factor of [1, 5]) {
    await page.fill('#exaggeration', String(factor));
    await page.press('#exaggeration', 'Enter');
    await expect(factor, false, `the control set to ${factor}`);
  }
  await page.click('#exaggeration-auto');
  await expect(auto.factor, true, 'auto again');
}

// `--exaggeration 4`: the URL carries it and the page draws with it.
async function checkExaggerationOption(tool, layout, cache, page, problems) {
  const server = startView(tool, [layout, '--no-open', '--quiet', '--exaggeration', '4'], cache);
  try {
    const url = await server.url;
    if (!url.endsWith('/?exaggeration=4')) problems.push(`view --exaggeration 4 serves at ${url}`);
    await openPage(page, url, problems);
    const factor = await page.evaluate(() => window.isla.exaggeration);
    const text = await page.textContent('#exaggeration-shown');
    if (factor !== 4 || text !== 'heights ×4') problems.push(`view --exaggeration 4: ${factor}, the page says '${text}'`);
  } finally {
    // Off the page first, so that no load of it is cut by the server's end.
    await page.goto('about:blank');
    server.view.kill('SIGINT');
  }
  const { code, signal, stderr } = await server.exit;
  if (code !== 0) problems.push(`isla-tool view --exaggeration 4 exited with ${code ?? signal}: ${stderr}`);
}

async function main() {
  const [tool, layout, ...rest] = process.argv.slice(2);
  if (!tool || !layout) {
    console.error('usage: node page_test.js ISLA_TOOL LAYOUT.json [--package] [--screenshot FILE.png]');
    process.exit(2);
  }
  const viewPackage = rest[0] === '--package';
  if (viewPackage) rest.shift();
  const screenshot = rest[0] === '--screenshot' ? rest[1] : null;
  const modules = requireBrowser('view_page', []);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'isla-view-page-'));
  const problems = [];
  try {
    const compiled = childProcess.spawnSync(tool, ['run', 'compile', layout, path.join(work, 'package'), '--quiet']);
    if (compiled.status !== 0) fail(`run compile: ${compiled.stderr}`);
    const packageDir = path.join(work, 'package');
    const terrainPackage = new TerrainPackage(packageDir);
    const { world } = terrainPackage;

    const server = startView(tool, [viewPackage ? packageDir : layout, '--no-open', '--quiet'], path.join(work, 'cache'));
    const url = await server.url;
    await checkShippedPage(tool, url, problems);
    const browser = await launchChromium(modules, { width: 960, height: 640 });
    try {
      const { page } = browser;
      await guardPage(page, problems);
      const started = Date.now();
      const seen = await openPage(page, url, problems);
      console.log(`isla.ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (seen.name !== world.name) problems.push(`isla.world.name is ${seen.name}, not ${world.name}`);
      const sourceIds = seen.sources.map((s) => s.id).join(',');
      if (sourceIds !== world.sources.map((s) => s.id).join(',')) problems.push(`isla.world.sources: ${sourceIds}`);
      if (!(await page.evaluate(() => window.isla.tilesLoaded()))) problems.push('tilesLoaded() is false after ready');

      // The fixed camera: the world's middle from the south, 45 degrees down.
      const b = seen.bounds_m;
      await page.evaluate(([x, z, d]) => window.isla.lookAt(x, z, d),
                          [(b.min_x + b.max_x) / 2, (b.min_z + b.max_z) / 2, (b.max_x - b.min_x) * 0.55]);
      await page.waitForFunction(() => window.isla.tilesLoaded(), null, { polling: 200 });
      const png = await page.screenshot();
      if (screenshot) fs.writeFileSync(screenshot, png);
      const stats = await pictureStats(page, png);
      console.log(`screenshot: ${stats.colours} colours, ${(100 * stats.land / stats.pixels).toFixed(1)} % land, ` +
                  `${(100 * stats.water / stats.pixels).toFixed(1)} % water`);
      if (stats.colours < 1000) problems.push(`the screenshot has only ${stats.colours} colours`);
      if (stats.land < stats.pixels * 0.03) problems.push('the screenshot shows (almost) no land');
      if (stats.water < stats.pixels * 0.03) problems.push('the screenshot shows (almost) no water');

      // The outlines switch on, and change the picture; the readout under the
      // cursor gives heightAt of the point it names.
      // Clicked as a user clicks: a town label over the panel must not take the click.
      await page.check('#show-patches');
      await page.check('#show-sources');
      await page.waitForFunction(() => window.isla.tilesLoaded(), null, { polling: 200 });
      if (screenshot) await page.screenshot({ path: screenshot.replace(/\.png$/, '-outlines.png') });
      const outlined = await pictureStats(page, await page.screenshot());
      console.log(`outlines: ${outlined.outline - stats.outline} more pixels of their colour`);
      if (outlined.outline - stats.outline < 1000) problems.push('the patch outlines hardly show');
      await page.mouse.move(250, 160);  // on the north-west island
      // The readout changes on the pointer's move, which chromium may hand the page a frame later.
      await page.waitForFunction(() => document.getElementById('readout').textContent !== 'x —, z —')
        .catch(() => {});
      const readout = await page.textContent('#readout');
      const shown = readout.match(/^x (-?[\d.]+) m, z (-?[\d.]+) m, height (-?[\d.]+) m \((p-\d+-\d+)\)$/);
      if (!shown) {
        problems.push(`the readout under the cursor says '${readout}'`);
      } else {
        console.log(`readout: ${readout}`);
        const [x, z, height] = shown.slice(1, 4).map(Number);
        const want = terrainPackage.heightAt(x, z);
        // x and z are shown to 0.1 m (up to 0.0707 m off), the height to 0.01 m,
        // and no slope of the example is steeper than tan 35 degrees.
        if (Math.abs(height - want) > 0.005 + 0.0707 * Math.tan(35 * Math.PI / 180)) {
          problems.push(`the readout's height ${height} is not the package's ${want.toFixed(2)} at its x and z`);
        }
      }

      await checkFlying(page, b, problems);

      const spacing = world.settings.spacing_m;
      const points = randomPoints(b, kRandomPoints, 22);
      const east = world.patches.find((p) => p.kind === 'strip').bounds_m;
      points.push([east.min_x, (east.min_z + east.max_z) / 2], [b.min_x + 3 * spacing, b.min_z + 7 * spacing],
                  [b.max_x, b.max_z], [b.min_x, b.min_z]);
      const got = await page.evaluate((list) => list.map(([x, z]) => window.isla.heightAt(x, z)), points);
      let worst = 0;
      points.forEach(([x, z], k) => {
        const want = terrainPackage.heightAt(x, z);
        worst = Math.max(worst, Math.abs(got[k] - want));
        if (Math.fround(got[k]) !== Math.fround(want)) {
          problems.push(`heightAt(${x}, ${z}) is ${got[k]}, the package's ${want}`);
        }
      });
      console.log(`heightAt: ${points.length} points, the largest difference ${worst} m`);
      const outside = await page.evaluate(([x, z]) => window.isla.heightAt(x, z), [b.max_x + 10 * spacing, b.min_z]);
      if (!Number.isNaN(outside)) problems.push(`heightAt outside the world is ${outside}, not NaN`);
      await checkExaggeration(page, terrainPackage, b, problems);
      await checkExaggerationOption(tool, viewPackage ? packageDir : layout, path.join(work, 'cache'), page, problems);
      await checkBareTiles(tool, path.join(work, 'cache'), page, problems);
    } finally {
      await browser.close();
      server.view.kill('SIGINT');
    }
    const { code, signal, stderr } = await server.exit;
    if (code !== 0) problems.push(`isla-tool view exited with ${code ?? signal} after SIGINT: ${stderr}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  if (problems.length) fail(problems.join('\n'));
  console.log('view_page: every check passed');
}

main().catch((error) => fail(error.stack || String(error)));
