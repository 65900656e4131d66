// SPDX-License-Identifier: MIT
// `isla-tool view` started for the browser tests (page_test.js,
// watch_test.js) with XDG_CACHE_HOME=`cache`: `url`, a promise of the URL it
// prints (rejected if it exits first), `exit`, of its { code, signal,
// stderr }, and `stderrHas(text, times)`, a promise that `text` has been
// printed on stderr `times` times: waits on what the tool says, never on a
// clock.
'use strict';
const childProcess = require('child_process');

function startView(tool, args, cache) {
  const view = childProcess.spawn(tool, ['view', ...args],
                                  { env: { ...process.env, XDG_CACHE_HOME: cache }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '', waiting = [];
  const count = (text) => stderr.split(text).length - 1;
  view.stderr.on('data', (chunk) => {
    stderr += chunk;
    waiting = waiting.filter(({ text, times, resolve }) => !(count(text) >= times && (resolve(), true)));
  });
  const url = new Promise((resolve, reject) => {
    let stdout = '';
    view.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = stdout.match(/http:\/\/127\.0\.0\.1:\d+\/\S*/);
      if (match) resolve(match[0]);
    });
    view.on('exit', (code) => reject(new Error(`isla-tool view exited with ${code}: ${stderr}`)));
  });
  const exit = new Promise((resolve) => view.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  const stderrHas = (text, times = 1) => new Promise((resolve) => {
    if (count(text) >= times) resolve(); else waiting.push({ text, times, resolve });
  });
  return { view, url, exit, stderrHas, stderr: () => stderr };
}

module.exports = { startView };
