// SPDX-License-Identifier: MIT
// A static file server on 127.0.0.1 (a free port) for the viewer tests:
// each URL prefix serves one directory; nothing outside them is served.
'use strict';
const fs = require('fs');
const http = require('http');
const path = require('path');

const kTypes = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.glb': 'model/gltf-binary', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.xml': 'application/xml',
};

function serve(routes) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url, 'http://127.0.0.1');
    const prefix = Object.keys(routes).find((p) => url.pathname.startsWith(p));
    const root = prefix && routes[prefix];
    const file = root && path.join(root, decodeURIComponent(url.pathname.slice(prefix.length)));
    if (!file || !file.startsWith(root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': kTypes[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({
      origin: `http://127.0.0.1:${server.address().port}`,
      close: () => server.close(),
    }));
  });
}

module.exports = { serve };
