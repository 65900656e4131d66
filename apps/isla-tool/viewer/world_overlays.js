// SPDX-License-Identifier: MIT
// What the page draws over the tiles: the outlines of sources and patches
// (draped on the terrain by the height field), and for the scenery tile's
// towns (points) a marker and a label each.
import * as THREE from 'three';
import { CSS2DObject } from 'three/addons/renderers/CSS2DRenderer.js';
import { Line2 } from 'three/addons/lines/Line2.js';
import { LineGeometry } from 'three/addons/lines/LineGeometry.js';
import { LineMaterial } from 'three/addons/lines/LineMaterial.js';

const kOutlineLift = 3;  // metres above the terrain, so that the line is not hidden in it

// A closed line `widthPx` wide around bounds_m, one vertex a sample along
// each side. Transparent, so drawn after the opaque terrain and, with a
// renderOrder above 0, after the translucent water too; never hidden by a hill.
function outline(bounds, field, color, widthPx) {
  const positions = [];
  const side = (x0, z0, x1, z1) => {
    const n = Math.max(1, Math.round(Math.hypot(x1 - x0, z1 - z0) / field.spacing));
    for (let k = 0; k < n; k++) {
      const x = x0 + (x1 - x0) * k / n, z = z0 + (z1 - z0) * k / n;
      positions.push(x, Math.max(field.heightAt(x, z), 0) + kOutlineLift, z);
    }
  };
  side(bounds.min_x, bounds.min_z, bounds.max_x, bounds.min_z);
  side(bounds.max_x, bounds.min_z, bounds.max_x, bounds.max_z);
  side(bounds.max_x, bounds.max_z, bounds.min_x, bounds.max_z);
  side(bounds.min_x, bounds.max_z, bounds.min_x, bounds.min_z);
  positions.push(...positions.slice(0, 3));
  const material = new LineMaterial({ color, linewidth: widthPx, depthTest: false, transparent: true });
  return new Line2(new LineGeometry().setPositions(positions), material);
}

export function patchOutlines(world, field) {
  const group = new THREE.Group();
  for (const patch of world.patches) {
    const line = outline(patch.bounds_m, field, 0xffd040, 2);
    line.renderOrder = 2;
    group.add(line);
  }
  return group;
}

// Wider than the patches' and beneath them: a source is a patch too.
export function sourceOutlines(world, field) {
  const group = new THREE.Group();
  for (const source of world.sources) {
    const patch = world.patches.find((p) => p.id === source.patch_id);
    if (!patch) continue;
    const line = outline(patch.bounds_m, field, 0xff3030, 6);
    line.renderOrder = 1;
    group.add(line);
  }
  return group;
}

const kTierColours = { City: 0xd02020, Town: 0xe08020, Village: 0xe0d040, Hamlet: 0xf0f0f0 };
const kAlwaysLabelled = new Set(['City', 'Town']);

// Markers and labels for the towns of a loaded scenery tile: its nodes
// carry the World's fields in `extras` (userData: id, tier...), and stand
// where the page draws them, heights times `exaggeration`. Returns the
// group, a function that shows the labels of villages and hamlets only near
// the camera, so that a distant view is not a wall of text, and one that
// puts the markers on the ground of another exaggeration (the markers keep
// their shape).
export function townMarkers(scenery, sizeM, exaggeration) {
  const group = new THREE.Group();
  const labels = [];
  const grounds = new Map();  // marker -> its town's true height
  scenery.traverse((node) => {
    if (node.userData.kind !== 'town') return;
    const tier = node.userData.tier;
    const marker = new THREE.Mesh(new THREE.ConeGeometry(sizeM * 0.4, sizeM, 8),
                                  new THREE.MeshStandardMaterial({ color: kTierColours[tier] ?? 0xffffff }));
    marker.rotation.x = Math.PI;
    node.getWorldPosition(marker.position);
    grounds.set(marker, marker.position.y / exaggeration);
    marker.position.y += sizeM / 2;
    const text = document.createElement('div');
    text.className = 'town-label';
    text.textContent = `${node.userData.id} (${tier})`;
    const label = new CSS2DObject(text);
    label.position.set(0, -sizeM * 0.7, 0);
    marker.add(label);
    group.add(marker);
    if (!kAlwaysLabelled.has(tier)) labels.push(label);
  });
  const near = sizeM * 40;
  const showNear = (camera) => {
    for (const label of labels) label.visible = label.parent.position.distanceTo(camera.position) < near;
  };
  const raise = (factor) => {
    for (const [marker, ground] of grounds) marker.position.y = ground * factor + sizeM / 2;
  };
  return { group, showNear, raise };
}
