// SPDX-License-Identifier: MIT
// The scenery synth bundles beside a blueprint in a viewer bundle
// (`isla-tool synth --bundle`): catalogue.json with one asset a town tier,
// and vegetation.json with trees on the Forest and Jungle biomes. Both are
// pure functions of the blueprint, like the blueprint of its settings.
#pragma once

#include <string>

#include "isla/synth/generator.hpp"

namespace isla::synth {

// Assets "town-<tier>" (the ids a compile gives towns' assets) in category
// "settlement", and a default resource for "settlement" and "vegetation".
std::string catalogueJson(const Blueprint& blueprint, const EnumTable& enums);

// A tree near the centre of every cell of a coarse grid whose jittered spot
// is Forest or Jungle, with a seeded species, rotation, scale and
// visibility, in the region "forest" or "jungle" (each the bounding box of
// its trees). Throws std::runtime_error when the enum table lacks a biome.
std::string vegetationJson(const Blueprint& blueprint, const EnumTable& enums);

}  // namespace isla::synth
