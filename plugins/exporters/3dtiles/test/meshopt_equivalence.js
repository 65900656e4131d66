// SPDX-License-Identifier: MIT
// Decodes every .glb of a compressed 3D Tiles export with a second,
// independent EXT_meshopt_compression decoder (the npm meshoptimizer
// package's reference decoder, plain JavaScript written apart from the C++
// encoder; build-tools/node_modules through NODE_PATH) and compares it with
// the plain export of the same world (--option compress=none):
//   node meshopt_equivalence.js COMPRESSED_DIR PLAIN_DIR
// Both exports must hold the same files. For each .glb: the compressed one
// requires EXT_meshopt_compression, stores every buffer view of its terrain
// compressed as the extension's rules say (stride, mode, filter, count) over
// a fallback buffer without bytes; decoded, each view is the plain one's
// bytes (an octahedral normal's components within one unit, the decoder
// tolerance the extension allows), and every other part of the glTF is the
// same. Prints what it compared; exits 1 on the first difference, 77
// (skipped) when the package is missing, unless CI=true.
'use strict';
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');

const kMeshopt = 'EXT_meshopt_compression';

function fail(message) {
  console.error(`meshopt_equivalence: ${message}`);
  process.exit(1);
}

function referenceDecoderPath() {
  for (const entry of (process.env.NODE_PATH || '').split(path.delimiter)) {
    const file = entry && path.join(entry, 'meshoptimizer', 'meshopt_decoder_reference.js');
    if (file && fs.existsSync(file)) return file;
  }
  const message = 'the npm package meshoptimizer is not in NODE_PATH: scripts/install-deps installs it';
  if (process.env.CI === 'true') fail(message);
  console.log(`meshopt_equivalence: skipped: ${message}`);
  process.exit(77);
}

function glbFiles(directory) {
  const out = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) out.push(...glbFiles(file));
    else if (entry.name.endsWith('.glb')) out.push(file);
  }
  return out.sort();
}

// The JSON and the BIN chunk of a .glb.
function readGlb(file) {
  const bytes = fs.readFileSync(file);
  if (bytes.readUInt32LE(0) !== 0x46546c67 || bytes.readUInt32LE(8) !== bytes.length) fail(`${file} is not a .glb`);
  const jsonLength = bytes.readUInt32LE(12);
  const json = JSON.parse(bytes.subarray(20, 20 + jsonLength).toString('utf8'));
  const binStart = 20 + jsonLength;
  const bin = binStart < bytes.length ? bytes.subarray(binStart + 8, binStart + 8 + bytes.readUInt32LE(binStart)) : null;
  return { json, bin };
}

// The extension's rules for one compressed view (its README, "JSON schema updates").
function checkRules(file, index, view, ext) {
  const where = `${file} bufferViews[${index}]`;
  if (ext.buffer !== 0) fail(`${where}: compressed data outside the BIN chunk`);
  if (view.buffer !== 1) fail(`${where}: not over the fallback buffer`);
  if (view.byteStride !== undefined && view.byteStride !== ext.byteStride) fail(`${where}: two strides`);
  if (view.byteLength !== ext.byteStride * ext.count) fail(`${where}: byteLength is not byteStride x count`);
  if (ext.mode === 'ATTRIBUTES') {
    if (ext.byteStride % 4 !== 0 || ext.byteStride > 256) fail(`${where}: an attribute stride of ${ext.byteStride}`);
  } else if (ext.mode === 'TRIANGLES') {
    if (ext.count % 3 !== 0) fail(`${where}: a triangle count of ${ext.count} indices`);
    if (ext.byteStride !== 2 && ext.byteStride !== 4) fail(`${where}: an index stride of ${ext.byteStride}`);
    if (ext.filter !== undefined) fail(`${where}: a filter on indices`);
  } else {
    fail(`${where}: mode ${ext.mode}`);
  }
  if (ext.filter === 'OCTAHEDRAL' && ext.byteStride !== 4 && ext.byteStride !== 8) fail(`${where}: octahedral stride`);
  if (ext.filter === 'EXPONENTIAL' && ext.byteStride % 4 !== 0) fail(`${where}: exponential stride`);
}

// The glTF without what only the storage of its views changes.
function withoutStorage(json) {
  const { bufferViews, buffers, extensionsUsed, extensionsRequired, ...rest } = json;
  const drop = (names) => (names || []).filter((name) => name !== kMeshopt);
  return JSON.stringify({ ...rest, extensionsUsed: drop(extensionsUsed), extensionsRequired: drop(extensionsRequired) });
}

async function main() {
  const [compressedDir, plainDir] = process.argv.slice(2);
  if (!compressedDir || !plainDir) {
    console.error('usage: node meshopt_equivalence.js COMPRESSED_DIR PLAIN_DIR');
    process.exit(2);
  }
  const { MeshoptDecoder } = await import(pathToFileURL(referenceDecoderPath()).href);
  await MeshoptDecoder.ready;
  const files = glbFiles(compressedDir).map((file) => path.relative(compressedDir, file));
  const plainFiles = glbFiles(plainDir).map((file) => path.relative(plainDir, file));
  if (files.join('\n') !== plainFiles.join('\n')) fail('the two exports do not hold the same .glb files');
  let views = 0, compressedTiles = 0, vertices = 0, indices = 0, bytes = 0;
  for (const file of files) {
    const compressed = readGlb(path.join(compressedDir, file));
    const plain = readGlb(path.join(plainDir, file));
    if (withoutStorage(compressed.json) !== withoutStorage(plain.json)) fail(`${file}: the glTF differs beside its views`);
    const compressedViews = compressed.json.bufferViews || [];
    const terrain = file.startsWith(`tiles${path.sep}`);
    if (terrain) {
      compressedTiles++;
      if (!(compressed.json.extensionsRequired || []).includes(kMeshopt)) fail(`${file} does not require ${kMeshopt}`);
      const fallback = compressed.json.buffers[1];
      if (!fallback || fallback.uri !== undefined || !(fallback.extensions?.[kMeshopt]?.fallback === true)) {
        fail(`${file}: buffer 1 is not a fallback buffer without bytes`);
      }
    }
    compressedViews.forEach((view, index) => {
      const ext = view.extensions?.[kMeshopt];
      const plainView = plain.json.bufferViews[index];
      const expected = plain.bin.subarray(plainView.byteOffset || 0, (plainView.byteOffset || 0) + plainView.byteLength);
      let decoded;
      if (ext) {
        checkRules(file, index, view, ext);
        const source = compressed.bin.subarray(ext.byteOffset || 0, (ext.byteOffset || 0) + ext.byteLength);
        decoded = new Uint8Array(ext.count * ext.byteStride);
        MeshoptDecoder.decodeGltfBuffer(decoded, ext.count, ext.byteStride, source, ext.mode, ext.filter);
        if (ext.mode === 'TRIANGLES') indices += ext.count;
        if (ext.filter === 'EXPONENTIAL') vertices += ext.count;  // a vertex set's positions
        bytes += ext.byteLength;
      } else {
        if (terrain) fail(`${file} bufferViews[${index}] is not compressed`);
        decoded = compressed.bin.subarray(view.byteOffset || 0, (view.byteOffset || 0) + view.byteLength);
      }
      if (decoded.length !== expected.length) fail(`${file} bufferViews[${index}]: ${decoded.length} bytes decoded, ${expected.length} plain`);
      const tolerance = ext && ext.filter === 'OCTAHEDRAL' ? 1 : 0;
      for (let i = 0; i < decoded.length; i++) {
        if (decoded[i] === expected[i]) continue;
        const signed = (b) => (b << 24) >> 24;
        if (Math.abs(signed(decoded[i]) - signed(expected[i])) > tolerance) {
          fail(`${file} bufferViews[${index}] byte ${i}: decoded ${decoded[i]}, plain ${expected[i]}`);
        }
      }
      views++;
    });
  }
  console.log(`meshopt_equivalence: ${files.length} .glb files (${compressedTiles} compressed terrain tiles), ` +
              `${views} buffer views: ${vertices} vertices and ${indices} indices decoded from ${bytes} bytes ` +
              'are the plain export\'s');
}

main().catch((error) => fail(error.stack || String(error)));
