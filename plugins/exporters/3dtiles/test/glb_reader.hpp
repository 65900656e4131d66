// SPDX-License-Identifier: MIT
// Reads a .glb back as the tests need it: its JSON, and each node's
// translation with the float streams of its mesh's primitives.
#pragma once

#include <boost/json/value.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace isla::test {

struct GlbPrimitive {
  std::vector<std::array<float, 3>> positions, normals;
  std::vector<std::uint32_t> indices;  // empty when the primitive has none
  int mode = 4;
  boost::json::value extras;
};

struct GlbNode {
  std::array<double, 3> translation{};
  boost::json::value extras;
  std::vector<GlbPrimitive> primitives;
};

struct GlbFile {
  boost::json::value json;
  std::vector<GlbNode> nodes;  // the scene's, in order
};

// Throws std::runtime_error for anything that is not a well-formed .glb.
GlbFile readGlb(const std::filesystem::path& path);

}  // namespace isla::test
