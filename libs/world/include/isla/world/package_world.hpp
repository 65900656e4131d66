// SPDX-License-Identifier: MIT
// A World read back from a Terrain World v1 package, for the exporters that
// draw a world (3D Tiles, `isla-tool view`) when the blueprints it was
// compiled from are not at hand. What the package holds is taken as it is:
// every patch's heights (held whole, World::heldHeights), the lattice, the
// shared edges with their canonical heights and normals, the towns and roads
// of each source's scenery, the water regions and the report's per-patch
// figures. A package keeps no blueprint layer, so each source's blueprint
// holds one role only: biome classes made from its heights by the height
// ramp (height_ramp_biomes.hpp, docs/decisions.md), which colour it; any
// other role an exporter asks for is missing. Scenery vegetation, regions
// and assets are not read.
#pragma once

#include <filesystem>
#include <stdexcept>

#include "isla/base/api.hpp"
#include "isla/model/enum_table.hpp"
#include "isla/world/world.hpp"

namespace isla {

// The package breaks a rule the reader relies on: the message names the
// file, the JSON pointer and what is wrong. Check a package with its
// validator first: this reader does not check hashes or schemas.
class PackageReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `package` is the package's directory. Reads the terrain documents on up
// to `threads` threads. Throws PackageReadError, IoError for a file that
// cannot be read, Interrupted.
ISLA_API World readPackageWorld(const std::filesystem::path& package, const EnumTable& enums, unsigned threads);

}  // namespace isla
