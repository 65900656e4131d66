// SPDX-License-Identifier: MIT
// The page of `isla-tool view`: the world's 3D Tiles (/world/tiles/) in
// three.js with 3d-tiles-renderer, sun-lit, with the overlays of
// world_overlays.js, orbit and fly controls, a vertical exaggeration
// (exaggeration.js; ?exaggeration=auto|N in the URL, a control on the page),
// a readout of the point under the cursor, and the script interface
// window.isla (README.md). Under `view --watch` (watch.js) each new version
// of the world is loaded beside the one shown and takes its place once its
// tiles in view are in; a change that does not compile is shown in a banner.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { FlyControls } from 'three/addons/controls/FlyControls.js';
import { CSS2DRenderer } from 'three/addons/renderers/CSS2DRenderer.js';
import { TilesRenderer } from '3d-tiles-renderer/three';
import { GLTFExtensionsPlugin } from '3d-tiles-renderer/plugins';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { autoExaggeration, describeExaggeration, kLeast, kMost, parseExaggeration } from './exaggeration.js';
import { HeightField } from './height_field.js';
import { patchOutlines, sourceOutlines, townMarkers } from './world_overlays.js';
import { followWatch, watchState } from './watch.js';

const kQuietFrames = 10;  // frames with nothing loading before the view counts as loaded

async function fetchJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

// world.json and its heights when the server has the package under `base`
// (/world, or a version's /world/vN); null when it serves a bare 3D Tiles
// export. `previous` (a HeightField) lends the heights of unchanged patches.
async function loadWorld(base, previous = null) {
  const probe = await fetch(`${base}/package/world.json`, { method: 'HEAD' });
  if (probe.status === 404) return null;
  const world = await fetchJson(`${base}/package/world.json`);
  return { world, field: await HeightField.load(base, world, previous) };
}

const renderer = new THREE.WebGLRenderer({ antialias: true, logarithmicDepthBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
renderer.setSize(window.innerWidth, window.innerHeight);
document.body.appendChild(renderer.domElement);
const labels = new CSS2DRenderer();
labels.setSize(window.innerWidth, window.innerHeight);
labels.domElement.className = 'labels';
document.body.appendChild(labels.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x9cc4e4);
const sun = new THREE.DirectionalLight(0xfff4e0, 2.6);
sun.position.set(-0.5, 1, 0.35).normalize();
scene.add(sun, new THREE.HemisphereLight(0xcfe4ff, 0x4a4030, 0.7));
const camera = new THREE.PerspectiveCamera(50, window.innerWidth / window.innerHeight, 1, 1e7);

// What is drawn by height: scaled vertically by the exaggeration.
const exaggerated = new THREE.Group();
scene.add(exaggerated);

// The tileset at `url` drawn in `exaggerated`: its tiles (a TilesRenderer),
// its failed loads counted, its scenery model once loaded, the frames it has
// had nothing to load in, and `rootLoaded`, once its root tileset is in.
function worldTiles(url) {
  const tiles = new TilesRenderer(url);
  // The tiles' geometry is EXT_meshopt_compression's (and their scenery's metadata EXT_structural_metadata's).
  tiles.registerPlugin(new GLTFExtensionsPlugin({ meshoptDecoder: MeshoptDecoder }));
  tiles.errorTarget = 4;
  tiles.setCamera(camera);
  tiles.setResolutionFromRenderer(camera, renderer);
  // The tileset is x east, y north, z up (or on the ellipsoid, undone below):
  // turned so that three.js's (x, y, z) are the world's x east, height, z south.
  tiles.group.rotation.x = -Math.PI / 2;
  exaggerated.add(tiles.group);
  const made = { tiles, failed: 0, scenery: null, quietFrames: 0 };
  tiles.addEventListener('load-error', (event) => {
    made.failed++;
    console.error(`tile failed: ${event.url} ${event.error}`);
  });
  tiles.addEventListener('tiles-load-start', () => { made.quietFrames = 0; });
  tiles.addEventListener('load-model', ({ scene: model, tile }) => {
    if (tile.content && tile.content.uri.includes('scenery')) made.scenery = model;
  });
  made.rootLoaded = new Promise((resolve) => tiles.addEventListener('load-root-tileset', () => {
    // The root has no content, only the terrain, the water and the scenery
    // below it, and its error is the world's whole relief, which a distant
    // camera would accept: the world would vanish. It always refines.
    tiles.root.geometricError = Infinity;
    // A tileset placed on the ellipsoid (--option origin=) is brought back to its own frame.
    const transform = tiles.root.transform;
    if (transform) {
      tiles.group.matrixAutoUpdate = false;
      tiles.group.matrix.makeRotationX(-Math.PI / 2).multiply(new THREE.Matrix4().fromArray(transform).invert());
      tiles.group.updateMatrixWorld(true);
    }
    resolve();
  }));
  return made;
}

function advance(made) {
  made.tiles.update();
  made.quietFrames = made.tiles.root && !made.tiles.isLoading ? made.quietFrames + 1 : 0;
}

// Removes what a group holds; town labels leave the page with their markers.
function clearGroup(group) {
  const labels = [];
  group.traverse((node) => { if (node.isCSS2DObject) labels.push(node); });
  for (const label of labels) label.removeFromParent();
  group.traverse((node) => {
    if (node.geometry) node.geometry.dispose();
    if (node.material) node.material.dispose();
  });
  group.clear();
}

// `shown` is drawn; `incoming`, a version being loaded under view --watch,
// takes its place when its tiles in view are in.
let shown = null, incoming = null;
let showNearLabels = () => {}, raiseTowns = () => {};
const overlays = { sources: new THREE.Group(), patches: new THREE.Group(), towns: new THREE.Group() };
exaggerated.add(overlays.sources, overlays.patches);
scene.add(overlays.towns);

// The town markers, once the scenery tile hangs in the tiles' group (it is
// added after its load event), where its towns' world positions are known.
function placeTowns() {
  const scenery = shown && shown.scenery;
  if (!scenery || !scenery.parent || overlays.towns.children.length) return;
  shown.tiles.group.updateMatrixWorld(true);
  const towns = townMarkers(scenery, markerSize, exaggeration.factor);
  overlays.towns.add(towns.group);
  showNearLabels = towns.showNear;
  raiseTowns = towns.raise;
  applyToggles();
}

const orbit = new OrbitControls(camera, renderer.domElement);
orbit.enableDamping = true;
orbit.maxPolarAngle = Math.PI * 0.495;
const fly = new FlyControls(camera, renderer.domElement);
fly.dragToLook = true;
fly.enabled = false;
let markerSize = 100;

const toggles = {
  sources: document.getElementById('show-sources'),
  patches: document.getElementById('show-patches'),
  towns: document.getElementById('show-towns'),
  roads: document.getElementById('show-roads'),
  fly: document.getElementById('fly'),
};
function applyToggles() {
  overlays.sources.visible = toggles.sources.checked;
  overlays.patches.visible = toggles.patches.checked;
  overlays.towns.visible = toggles.towns.checked;
  if (shown && shown.scenery) shown.scenery.traverse((node) => { if (node.isLine) node.visible = toggles.roads.checked; });
  orbit.enabled = !toggles.fly.checked;
  fly.enabled = toggles.fly.checked;
  if (orbit.enabled) orbit.target.copy(camera.position).add(camera.getWorldDirection(new THREE.Vector3())
    .multiplyScalar(camera.position.y > 0 ? camera.position.y * 2 : 1000));
}
for (const toggle of Object.values(toggles)) toggle.addEventListener('change', applyToggles);
window.addEventListener('keydown', (event) => {
  if (event.key === 't' || event.key === 'T') { toggles.fly.checked = !toggles.fly.checked; applyToggles(); }
});

// The world's bounds in its own metres: world.json's, else the tileset's box.
function tilesetBounds() {
  const box = new THREE.Box3();
  shown.tiles.group.updateMatrixWorld(true);
  const sphere = new THREE.Sphere();
  shown.tiles.getBoundingSphere(sphere);
  box.setFromCenterAndSize(sphere.center, new THREE.Vector3(1, 0, 1).multiplyScalar(sphere.radius * 1.4));
  return { min_x: box.min.x, min_z: box.min.z, max_x: box.max.x, max_z: box.max.z };
}

// The factor heights are drawn with; `relief` and `extent` (metres) are
// what auto follows, known once the world is.
const exaggeration = { factor: 1, isAuto: true, auto: 1, relief: NaN, extent: NaN };
const exaggerationInput = document.getElementById('exaggeration');
const exaggerationShown = document.getElementById('exaggeration-shown');

function setExaggeration(value) {
  const parsed = parseExaggeration(String(value));
  if (parsed === null) throw new Error(`the exaggeration is auto or a number from ${kLeast} to ${kMost}, not ${value}`);
  exaggeration.isAuto = parsed === 'auto';
  exaggeration.factor = exaggeration.isAuto ? exaggeration.auto : parsed;
  exaggerated.scale.y = exaggeration.factor;
  exaggerated.updateMatrixWorld(true);
  raiseTowns(exaggeration.factor);
  exaggerationInput.value = String(exaggeration.factor);
  exaggerationShown.textContent =
    describeExaggeration(exaggeration.factor, exaggeration.isAuto, exaggeration.relief, exaggeration.extent);
  if (shown) shown.quietFrames = 0;
}
exaggerationInput.addEventListener('change', () => {
  const parsed = parseExaggeration(exaggerationInput.value);
  if (parsed === null) exaggerationInput.value = String(exaggeration.factor); else setExaggeration(parsed);
});
document.getElementById('exaggeration-auto').addEventListener('click', () => setExaggeration('auto'));

// The world's relief and extent: from its samples when it has them, else
// from the tileset's root box (x and y across, z up, half-axes).
function reliefAndExtent(bounds) {
  const extent = Math.max(bounds.max_x - bounds.min_x, bounds.max_z - bounds.min_z);
  if (field) return { relief: field.highest() - field.lowest(), extent };
  const box = shown.tiles.root.boundingVolume && shown.tiles.root.boundingVolume.box;
  if (!box) return { relief: NaN, extent };
  const half = (k) => Math.hypot(box[3 * k], box[3 * k + 1], box[3 * k + 2]);
  return { relief: 2 * half(3), extent: 2 * Math.max(half(1), half(2)) };
}

const down = new THREE.Raycaster();
let field = null;
const api = {
  world: null,
  version: null,  // under view --watch, the version of the world shown
  get exaggeration() { return exaggeration.factor; },
  get autoExaggeration() { return exaggeration.auto; },
  setExaggeration,
  heightAt(x, z) { return field ? field.heightAt(x, z) : NaN; },
  shownHeightAt(x, z) {
    down.set(new THREE.Vector3(x, camera.far, z), new THREE.Vector3(0, -1, 0));
    down.far = 2 * camera.far;
    const hit = down.intersectObject(shown.tiles.group, true).find((h) => h.object.isMesh);
    return hit ? hit.point.y : NaN;
  },
  tilesLoaded() { return shown !== null && shown.quietFrames >= kQuietFrames; },
  cameraPosition() {
    return { x: camera.position.x, y: camera.position.y / exaggeration.factor, z: camera.position.z };
  },
  lookAt(x, z, distance) {
    const ground = Math.max(api.heightAt(x, z) || 0, 0) * exaggeration.factor;
    const target = new THREE.Vector3(x, ground, z);
    toggles.fly.checked = false;
    camera.position.copy(target).add(new THREE.Vector3(0, 0.7, 0.7).multiplyScalar(distance));
    camera.lookAt(target);
    orbit.target.copy(target);
    applyToggles();
    orbit.target.copy(target);
    orbit.update();
    shown.quietFrames = 0;
  },
};

const readout = document.getElementById('readout');
const pointer = new THREE.Vector2();
const raycaster = new THREE.Raycaster();
renderer.domElement.addEventListener('pointermove', (event) => {
  pointer.set((event.clientX / window.innerWidth) * 2 - 1, -(event.clientY / window.innerHeight) * 2 + 1);
  raycaster.setFromCamera(pointer, camera);
  if (!shown) return;
  const hit = raycaster.intersectObject(shown.tiles.group, true).find((h) => h.object.isMesh);
  if (!hit) { readout.textContent = 'x —, z —'; return; }
  const { x, z } = hit.point;
  const height = api.heightAt(x, z);
  const patch = field && field.patchAt(x, z);
  readout.textContent = `x ${x.toFixed(1)} m, z ${z.toFixed(1)} m` +
    (Number.isNaN(height) ? `, surface ${(hit.point.y / exaggeration.factor).toFixed(2)} m`
                          : `, height ${height.toFixed(2)} m (${patch.id})`);
});

window.addEventListener('resize', () => {
  camera.aspect = window.innerWidth / window.innerHeight;
  camera.updateProjectionMatrix();
  renderer.setSize(window.innerWidth, window.innerHeight);
  labels.setSize(window.innerWidth, window.innerHeight);
  for (const made of [shown, incoming]) if (made) made.tiles.setResolutionFromRenderer(camera, renderer);
});

const timer = new THREE.Timer();
const lastDrawnView = new THREE.Matrix4();
function frame() {
  timer.update();
  const delta = timer.getDelta();
  if (fly.enabled) fly.update(delta); else orbit.update();
  camera.updateMatrixWorld();
  for (const made of [shown, incoming]) if (made) advance(made);
  placeTowns();
  showNearLabels(camera);
  // While a version loads beside it, the world shown is drawn again only when
  // the camera moves: the frames' time goes to the loading (a software
  // renderer's frame can take a quarter of a second); the canvas keeps the
  // last frame meanwhile.
  if (!incoming || !camera.matrixWorld.equals(lastDrawnView)) {
    renderer.render(scene, camera);
    labels.render(scene, camera);
    lastDrawnView.copy(camera.matrixWorld);
  }
  requestAnimationFrame(frame);
}

function untilLoaded(made) {
  return new Promise((resolve) => {
    const wait = () => (made.quietFrames >= kQuietFrames ? resolve() : requestAnimationFrame(wait));
    wait();
  });
}

// isla.world, the outlines and the exaggeration's auto of a world loaded.
function showWorld(loaded) {
  clearGroup(overlays.sources);
  clearGroup(overlays.patches);
  if (loaded) {
    field = loaded.field;
    const w = loaded.world;
    const min = (key) => Math.min(...w.patches.map((p) => p.bounds_m[key]));
    const max = (key) => Math.max(...w.patches.map((p) => p.bounds_m[key]));
    api.world = {
      name: w.name,
      bounds_m: { min_x: min('min_x'), min_z: min('min_z'), max_x: max('max_x'), max_z: max('max_z') },
      spacing_m: w.settings.spacing_m,
      sources: w.sources.map((s) => ({ id: s.id, row: s.row, col: s.col, patch_id: s.patch_id,
                                       bounds_m: w.patches.find((p) => p.id === s.patch_id).bounds_m })),
      patches: w.patches.map((p) => ({ id: p.id, kind: p.kind, bounds_m: p.bounds_m })),
    };
    overlays.sources.add(sourceOutlines(w, field));
    overlays.patches.add(patchOutlines(w, field));
  } else {
    field = null;
    api.world = { name: null, bounds_m: tilesetBounds(), spacing_m: null, sources: [], patches: [] };
  }
  document.title = `${api.world.name ?? 'tileset'} — isla-tool view`;
  Object.assign(exaggeration, reliefAndExtent(api.world.bounds_m));
  exaggeration.auto = autoExaggeration(exaggeration.relief, exaggeration.extent);
}

// Under view --watch: the banner says what the server is doing, or why the
// last change does not compile (the world shown stays the last good one);
// a new version is loaded beside the one shown, then takes its place, the
// camera where it was. isla.version follows.
const banner = document.getElementById('watch');
async function followState(state) {
  banner.hidden = !state.error && !state.compiling;
  banner.className = state.error ? 'failed' : 'compiling';
  banner.textContent = state.error ? `the change does not compile; version ${api.version} is shown\n${state.error}`
                                   : 'compiling the change…';
  if (state.version === api.version) return;
  const next = worldTiles(`${state.world}/tiles/tileset.json`);
  next.tiles.group.visible = false;
  incoming = next;
  let loaded;
  try {
    [loaded] = await Promise.all([loadWorld(state.world, field), next.rootLoaded]);
    await untilLoaded(next);
    if (next.failed) throw new Error(`${next.failed} tiles of version ${state.version} failed to load`);
  } catch (error) {
    incoming = null;
    next.tiles.group.removeFromParent();
    next.tiles.dispose();
    throw error;
  }
  const old = shown;
  incoming = null;
  shown = next;
  next.tiles.group.visible = true;
  old.tiles.group.removeFromParent();
  old.tiles.dispose();
  clearGroup(overlays.towns);
  showNearLabels = () => {};
  raiseTowns = () => {};
  showWorld(loaded);
  setExaggeration(exaggeration.isAuto ? 'auto' : exaggeration.factor);
  applyToggles();
  api.version = state.version;
  console.log(`isla-tool view: version ${state.version} shown`);
}

api.ready = (async () => {
  // The world where the server has it: /world, or under view --watch its version's /world/vN.
  const watching = await watchState();
  const base = watching.watching ? watching.world : '/world';
  if (watching.watching) api.version = watching.version;
  shown = worldTiles(`${base}/tiles/tileset.json`);
  const [loaded] = await Promise.all([loadWorld(base), shown.rootLoaded]);
  showWorld(loaded);
  const asked = new URLSearchParams(window.location.search).get('exaggeration');
  if (parseExaggeration(asked) === null) {
    console.warn(`isla-tool view: exaggeration=${asked} is not auto or a number from ${kLeast} to ${kMost}; auto`);
  }
  setExaggeration(parseExaggeration(asked) ?? 'auto');
  const b = api.world.bounds_m;
  const size = Math.max(b.max_x - b.min_x, b.max_z - b.min_z);
  markerSize = size / 150;
  camera.near = size / 1e5;
  camera.far = size * 20;
  camera.updateProjectionMatrix();
  fly.movementSpeed = size / 20;
  applyToggles();
  api.lookAt((b.min_x + b.max_x) / 2, (b.min_z + b.max_z) / 2, size * 0.75);
  await untilLoaded(shown);
  if (shown.failed) throw new Error(`${shown.failed} tiles failed to load`);
  if (watching.watching) {
    followWatch(watching, (state) => followState(state).catch((error) => console.error(`isla-tool view: ${error.message}`)));
  }
  return api.world;
})();
api.ready.catch((error) => console.error(`isla-tool view: ${error.message}`));
window.isla = api;
frame();
