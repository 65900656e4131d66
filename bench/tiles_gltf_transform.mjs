// SPDX-License-Identifier: MIT
// glTF Transform's `meshopt` command (npm @gltf-transform/cli, pinned in
// scripts/install-deps) on every terrain tile of a 3dtiles export, for
// bench/tiles (issue 58), not a test:
//   node tiles_gltf_transform.mjs NODE_MODULES TILESET_DIR WORK_DIR
// Each tile is first written as plain glTF with its texture coordinates the
// samples' indices (unsigned shorts, which the command keeps as they are, as
// it did with the exporter's leaves before issue 58), the same vertices,
// normals and triangles; then the command's transform runs on it with
// 16-bit positions, 8-bit normals and 16-bit texture coordinates, the
// precision the exporter promises. The transform runs in this process, as
// the command's action does (meshopt() with the CLI's encoder and its
// defaults, then unpartition() for a .glb), to spare a process start a
// tile; the first tile also goes through the command itself, which must
// give the same bytes. Prints one line of JSON: the tiles, our bytes,
// theirs (their .glb files less the images they embed, which ours
// reference).
import { spawnSync } from 'child_process';
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import { pathToFileURL } from 'url';

const [modulesArgument, tilesetDir, workDir] = process.argv.slice(2);
if (!modulesArgument || !tilesetDir || !workDir) {
  console.error('usage: node tiles_gltf_transform.mjs NODE_MODULES TILESET_DIR WORK_DIR');
  process.exit(2);
}
const modules = path.resolve(modulesArgument);
const load = (file) => import(pathToFileURL(file).href);
const cli = path.join(modules, '@gltf-transform/cli');
// Every package as the command resolves it: the CLI's meshoptimizer may be its own version.
const resolve = (name) => createRequire(path.join(cli, 'package.json')).resolve(name);
const { Logger, NodeIO } = await load(resolve('@gltf-transform/core'));
const { ALL_EXTENSIONS } = await load(resolve('@gltf-transform/extensions'));
const { meshopt, unpartition } = await load(resolve('@gltf-transform/functions'));
const { MeshoptDecoder, MeshoptEncoder } = await load(resolve('meshoptimizer'));
await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
const io = new NodeIO().setLogger(new Logger(Logger.Verbosity.ERROR)).registerExtensions(ALL_EXTENSIONS)
  .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
// The command line's options; the rest take the command's defaults.
const precision = ['--quantize-position', '16', '--quantize-normal', '8', '--quantize-texcoord', '16'];
const options = { level: 'high', quantizePosition: 16, quantizeNormal: 8, quantizeTexcoord: 16, quantizeColor: 8,
                  quantizeWeight: 8, quantizeGeneric: 12, quantizationVolume: 'mesh' };

// The texture coordinates as the samples' indices: a tile stores t = (i s, -j s)
// with the transform offset (0.5 / w, 0.5 / d), scale (1 / (s w), -1 / (s d)),
// so i = scale t w = scale t / (2 offset), and j likewise; the transform
// becomes the indices' (offset kept, scale 1 / w = 2 offset).
function indexTexcoords(document) {
  for (const mesh of document.getRoot().listMeshes()) {
    for (const primitive of mesh.listPrimitives()) {
      const info = primitive.getMaterial().getBaseColorTextureInfo();
      const transform = info.getExtension('KHR_texture_transform');
      const [ou, ov] = transform.getOffset(), [su, sv] = transform.getScale();
      const stored = primitive.getAttribute('TEXCOORD_0');
      const indices = new Uint16Array(stored.getCount() * 2);
      const uv = [0, 0];
      for (let v = 0; v < stored.getCount(); v++) {
        stored.getElement(v, uv);
        indices[2 * v] = Math.round((su * uv[0]) / (2 * ou));
        indices[2 * v + 1] = Math.round((sv * uv[1]) / (2 * ov));
      }
      primitive.setAttribute('TEXCOORD_0', document.createAccessor().setType('VEC2').setArray(indices)
        .setBuffer(stored.getBuffer()));
      stored.dispose();
      transform.setScale([2 * ou, 2 * ov]);
    }
  }
}

function embeddedImageBytes(file) {
  const bytes = fs.readFileSync(file);
  const json = JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8'));
  return (json.images || []).filter((image) => image.bufferView !== undefined)
    .reduce((sum, image) => sum + json.bufferViews[image.bufferView].byteLength, 0);
}

const tilesDir = path.join(tilesetDir, 'tiles');
const names = fs.readdirSync(tilesDir).filter((name) => name.endsWith('.glb')).sort();
fs.mkdirSync(workDir, { recursive: true });
let ours = 0, theirs = 0, images = 0;
for (const name of names) {
  const file = path.join(tilesDir, name);
  ours += fs.statSync(file).size;
  const document = await io.read(file);
  document.disposeExtension('EXT_meshopt_compression');
  indexTexcoords(document);
  const plain = path.join(workDir, `plain-${name}`), out = path.join(workDir, name);
  await io.write(plain, document);
  const transformed = (await io.read(plain)).setLogger(new Logger(Logger.Verbosity.ERROR));
  await transformed.transform(meshopt({ encoder: MeshoptEncoder, ...options }), unpartition());
  await io.write(out, transformed);
  if (name === names[0]) {
    const command = path.join(workDir, `command-${name}`);
    const run = spawnSync(process.execPath, [path.join(cli, 'bin', 'cli.js'), 'meshopt', plain, command, ...precision],
                          { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`gltf-transform meshopt failed: ${run.stderr}`);
    if (!fs.readFileSync(command).equals(fs.readFileSync(out))) {
      throw new Error(`gltf-transform meshopt ${plain} gives other bytes than its transform run here`);
    }
    fs.rmSync(command);
  }
  const image = embeddedImageBytes(out);
  theirs += fs.statSync(out).size - image;
  images += image;
  fs.rmSync(plain);
  fs.rmSync(out);
}
console.log(JSON.stringify({ tiles: names.length, ours, theirs, images }));
