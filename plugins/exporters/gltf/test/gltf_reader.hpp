// SPDX-License-Identifier: MIT
// A .gltf read back as a consumer reads it: its JSON, and a node's mesh with
// the node's translation applied, from the buffers its URIs name.
#pragma once

#include <boost/json/value.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

namespace isla::test {

using Vec3 = std::array<double, 3>;

struct ReadMesh {
  std::vector<Vec3> positions;  // world metres: the node's translation applied
  std::vector<std::array<float, 3>> normals;
  std::vector<std::array<float, 2>> uvs;  // decoded to [0, 1]
  std::vector<std::uint32_t> indices;  // triangles, three a triangle (a strip's already turned into them)
};

class GltfFile {
 public:
  explicit GltfFile(const std::filesystem::path& path);

  const boost::json::object& json() const { return json_.as_object(); }
  const boost::json::object& node(std::size_t index) const;
  std::size_t nodeNamed(const std::string& name) const;
  // Primitive `primitive` of node `index`'s mesh (0: a terrain level's
  // surface, 1: its skirts), placed by the node's translation.
  ReadMesh mesh(std::size_t node, std::size_t primitive = 0) const;
  std::size_t primitiveCount(std::size_t node) const;
  // A terrain level's surface (its primitives without extras.skirt) or its
  // skirts, each as one mesh: a primitive's vertices at their place in the
  // level's streams (where its accessors start, counted from the level's
  // first), so that primitives cut for 16-bit indices join again.
  ReadMesh surface(std::size_t node) const { return joined(node, false); }
  ReadMesh skirts(std::size_t node) const { return joined(node, true); }
  // The nodes of node `index`'s MSFT_lod, after the node itself.
  std::vector<std::size_t> levels(std::size_t node) const;

 private:
  int componentType(std::size_t accessor) const;
  ReadMesh joined(std::size_t node, bool skirts) const;
  template <class T>
  std::vector<T> accessor(std::size_t index, std::size_t components) const;

  std::filesystem::path directory_;
  boost::json::value json_;
};

}  // namespace isla::test
