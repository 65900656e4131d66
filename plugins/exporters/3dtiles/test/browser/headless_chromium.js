// SPDX-License-Identifier: MIT
// Debian's chromium, headless with SwiftShader's WebGL, driven by the pinned
// npm playwright-core from build-tools/node_modules (NODE_PATH), for the
// browser tests: the 3dtiles exporter's (view_tileset.js) and `isla-tool
// view`'s (apps/isla-tool/view/test/page_test.js).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const kChromium = '/usr/bin/chromium';
// How long any wait of the browser tests may take: a guard against a hang
// (no check may need it, however loaded the machine), and every
// playwright call's default timeout.
const kHangGuardMs = 300000;

function modulesDirectory() {
  for (const entry of (process.env.NODE_PATH || '').split(path.delimiter)) {
    if (entry && fs.existsSync(path.join(entry, 'playwright-core'))) return entry;
  }
  return null;
}

// The node_modules directory holding playwright-core and `packages`; when
// chromium or one of them is missing, exits 77 (skipped), or 1 under
// CI=true, saying what scripts/install-deps installs.
function requireBrowser(testName, packages) {
  const modules = modulesDirectory();
  if (modules && fs.existsSync(kChromium) && packages.every((name) => fs.existsSync(path.join(modules, name)))) {
    return modules;
  }
  const message = `chromium (${kChromium}) or the npm packages playwright-core and ${packages.join(', ')} in ` +
                  'NODE_PATH are missing: scripts/install-deps installs them';
  if (process.env.CI === 'true') {
    console.error(`${testName}: ${message}`);
    process.exit(1);
  }
  console.log(`${testName}: skipped: ${message}`);
  process.exit(77);
}

// A headless chromium with a throw-away profile; close() removes it.
async function launchChromium(modules, viewport) {
  const { chromium } = require(path.join(modules, 'playwright-core'));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'isla-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: kChromium,
    headless: true,
    viewport,
    args: ['--headless', '--no-sandbox', '--enable-unsafe-swiftshader', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  context.setDefaultTimeout(kHangGuardMs);
  const page = context.pages()[0] || await context.newPage();
  return {
    page,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Fails the page on anything that leaves 127.0.0.1 and collects console
// errors and uncaught exceptions into `problems`.
async function guardPage(page, problems) {
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
}

module.exports = { kHangGuardMs, requireBrowser, launchChromium, guardPage };
