// SPDX-License-Identifier: MIT
// Reads a .glb back as the tests need it: its JSON, and each node's
// translation with its mesh's primitives, their accessors read as a reader
// would (any component type, normalized or not, strided, at an offset), the
// buffer views of EXT_meshopt_compression decoded by meshoptimizer, and
// positions and normals turned and scaled by the node's rotation and scale,
// as a viewer places them (its translation apart). The 3dtiles tests use
// it, and bench/tiles_heights.cpp.
#pragma once

#include <boost/json/value.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

namespace isla::test {

struct GlbPrimitive {
  std::vector<std::array<float, 3>> positions, normals;  // in the node's frame but its translation
  std::vector<std::array<double, 2>> texcoords;          // TEXCOORD_0 as stored (integers stay integers)
  std::vector<std::uint32_t> indices;            // empty when the primitive has none
  std::vector<double> featureIds;                // _FEATURE_ID_0
  int mode = 4;
  std::optional<std::size_t> material;
  boost::json::value extras;
  boost::json::value extensions;
};

struct GlbNode {
  std::array<double, 3> translation{};
  boost::json::value extras;
  std::vector<GlbPrimitive> primitives;
};

struct GlbFile {
  boost::json::value json;
  std::vector<GlbNode> nodes;  // the scene's, in order
  // Buffer view `index`'s bytes, decoded when EXT_meshopt_compression stores them.
  std::vector<std::byte> view(std::size_t index) const;

  std::vector<std::byte> bin;
};

// Throws std::runtime_error for anything that is not a well-formed .glb.
GlbFile readGlb(const std::filesystem::path& path);

}  // namespace isla::test
