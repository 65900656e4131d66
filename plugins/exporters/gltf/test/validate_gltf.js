// SPDX-License-Identifier: MIT
// Runs the Khronos glTF validator (npm gltf-validator, found through
// NODE_PATH) on each file named, loading the buffers and images its URIs
// name from beside it. Prints one line a file:
//   <file>: <errors> errors, <warnings> warnings[, first messages]
// and exits 1 when any file has an error (or cannot be read), else 0.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
  const directory = path.dirname(file);
  const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
    uri: path.basename(file),
    maxIssues: 0,
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(directory, decodeURIComponent(uri)), (error, data) =>
          error ? reject(error.toString()) : resolve(new Uint8Array(data)));
      }),
  });
  const issues = report.issues;
  const shown = issues.messages.filter((m) => m.severity <= 1).slice(0, 5)
    .map((m) => `${m.code} ${m.pointer || ''} ${m.message}`);
  console.log(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings` +
              (shown.length ? `; ${shown.join('; ')}` : ''));
  return issues.numErrors === 0;
}

(async () => {
  let ok = true;
  for (const file of process.argv.slice(2)) ok = (await validate(file)) && ok;
  process.exit(ok ? 0 : 1);
})().catch((error) => {
  console.error(`validate_gltf: ${error}`);
  process.exit(1);
});
