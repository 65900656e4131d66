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
const { kHangGuardMs, requireBrowser, launchChromium, guardPage } = require('./headless_chromium');

function fail(message) {
  console.error(`view_tileset: ${message}`);
  process.exit(1);
}

async function main() {
  const [viewer, tileset, ...rest] = process.argv.slice(2);
  if (!['cesium', 'three'].includes(viewer) || !tileset) {
    console.error('usage: node view_tileset.js cesium|three TILESET_DIR [--screenshot FILE.png]');
    process.exit(2);
  }
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
  } finally {
    await browser.close();
    server.close();
  }
  if (problems.length) fail(problems.join('\n'));
}

main().catch((error) => fail(error.stack || String(error)));
