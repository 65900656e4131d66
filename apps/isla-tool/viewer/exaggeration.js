// SPDX-License-Identifier: MIT
// The vertical exaggeration of `isla-tool view`: heights drawn `factor` times
// as high as they are. `auto` leaves a world alone unless its relief (its
// highest sample less its lowest) is under a fiftieth of its extent (its
// longer side), where it looks flat, and then draws it just high enough to
// be a fiftieth, rounded up to a tenth.

export const kFlatRatio = 50;
export const kLeast = 0.1;
export const kMost = 100;

export function autoExaggeration(reliefM, extentM) {
  if (!(reliefM > 0) || !(extentM > 0)) return 1;
  const wanted = extentM / (kFlatRatio * reliefM);
  return wanted > 1 ? Math.min(Math.ceil(wanted * 10) / 10, kMost) : 1;
}

// 'auto', a factor within [kLeast, kMost], or null for anything else.
export function parseExaggeration(text) {
  if (text === null || text === 'auto') return 'auto';
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const factor = Number(text);
  return factor >= kLeast && factor <= kMost ? factor : null;
}

// What the page says under its control, e.g. "heights ×2.8 (auto: relief
// 155 m over 21.1 km)".
export function describeExaggeration(factor, isAuto, reliefM, extentM) {
  const shown = `heights ×${factor}`;
  if (!isAuto) return shown;
  if (!(reliefM > 0)) return `${shown} (auto: no relief known)`;
  return `${shown} (auto: relief ${Math.round(reliefM)} m over ${(extentM / 1000).toFixed(1)} km)`;
}
