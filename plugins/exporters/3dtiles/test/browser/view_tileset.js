// SPDX-License-Identifier: MIT
// Loads a tileset in a real viewer in Debian's chromium, headless, with
// SwiftShader's WebGL, and checks what the viewer reports:
//   node view_tileset.js cesium|three TILESET_DIR [--screenshot FILE.png]
// A static server on 127.0.0.1 serves the page beside this script, the
// pinned npm viewers from build-tools/node_modules (NODE_PATH) and the
// tileset; any request for another host is refused and fails the check.
// The page sets window.viewerReport once the viewer has loaded all the
// tiles it wants: {loaded, failed, depths}, depths being the quadtree
// levels of the terrain tiles it renders. Passes (exit 0) when tiles loaded,
// none failed, more than one level rendered and the console shows no error;
// exits 1 otherwise, and 77 (skipped) when chromium or the npm packages are
// missing, unless CI=true, where that fails too.
'use strict';
const fs = require('fs');
const path = require('path');
const { serve } = require('./static_server');

const kChromium = '/usr/bin/chromium';
const kTimeoutMs = 240000;

function fail(message) {
  console.error(`view_tileset: ${message}`);
  process.exit(1);
}

function modulesDirectory() {
  for (const entry of (process.env.NODE_PATH || '').split(path.delimiter)) {
    if (entry && fs.existsSync(path.join(entry, 'playwright-core'))) return entry;
  }
  return null;
}

async function main() {
  const [viewer, tileset, ...rest] = process.argv.slice(2);
  if (!['cesium', 'three'].includes(viewer) || !tileset) {
    console.error('usage: node view_tileset.js cesium|three TILESET_DIR [--screenshot FILE.png]');
    process.exit(2);
  }
  const screenshot = rest[0] === '--screenshot' ? rest[1] : null;
  const modules = modulesDirectory();
  const packages = { cesium: 'cesium', three: '3d-tiles-renderer' };
  if (!modules || !fs.existsSync(kChromium) || !fs.existsSync(path.join(modules, packages[viewer]))) {
    const message = `chromium (${kChromium}) or the npm packages playwright-core and ${packages[viewer]} in ` +
                    'NODE_PATH are missing: scripts/install-deps installs them';
    if (process.env.CI === 'true') fail(message);
    console.log(`view_tileset: skipped: ${message}`);
    process.exit(77);
  }
  if (!fs.existsSync(path.join(tileset, 'tileset.json'))) fail(`${tileset}/tileset.json does not exist`);
  const { chromium } = require(path.join(modules, 'playwright-core'));

  const server = await serve({ '/page/': __dirname, '/modules/': modules, '/tiles/': path.resolve(tileset) });
  const profile = fs.mkdtempSync(path.join(require('os').tmpdir(), 'isla-chromium-'));
  const problems = [];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: kChromium,
    headless: true,
    viewport: { width: 960, height: 640 },
    args: ['--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] || await context.newPage();
    await page.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      problems.push(`a request left the machine: ${url.href}`);
      return route.abort();
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${server.origin}/page/${viewer}.html`);
    const report = await page.waitForFunction(() => window.viewerReport, null, { timeout: kTimeoutMs, polling: 500 })
      .then((handle) => handle.jsonValue())
      .catch((error) => fail(`${viewer} reported nothing within ${kTimeoutMs / 1000} s (${error.message}); ` +
                             `so far: ${problems.join('; ') || 'no error'}`));
    if (screenshot) await page.screenshot({ path: screenshot });
    console.log(`${viewer}: ${report.loaded} tiles loaded, ${report.failed} failed, rendered levels ` +
                `[${report.depths.join(', ')}]`);
    if (report.loaded < 2) problems.push(`only ${report.loaded} tiles loaded`);
    if (report.failed > 0) problems.push(`${report.failed} tiles failed to load`);
    if (report.depths.length < 2) problems.push(`tiles of only ${report.depths.length} level rendered, not more`);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  if (problems.length) fail(problems.join('\n'));
}

main().catch((error) => fail(error.stack || String(error)));
