// SPDX-License-Identifier: MIT
#include "gltf_document.hpp"

#include <isla/json/json_text.hpp>

#include <algorithm>
#include <limits>
#include <string_view>

namespace isla_gltf {

namespace {

// The top-level arrays in the order they are written.
constexpr const char* kArrays[] = {"nodes",  "meshes",   "materials", "textures",    "images",
                                   "samplers", "accessors", "bufferViews", "buffers"};

// The float's exact value: a reader compares the bounds with the data's floats.
boost::json::array numbers(const std::array<float, 3>& values) {
  return {static_cast<double>(values[0]), static_cast<double>(values[1]), static_cast<double>(values[2])};
}

// The entry of a top-level array by name, or end().
template <class Arrays>
auto named(Arrays& arrays, std::string_view name) {
  return std::find_if(arrays.begin(), arrays.end(), [&](const auto& entry) { return entry.first == name; });
}

}  // namespace

std::size_t GltfDocument::add(const char* array, boost::json::object object) {
  auto found = named(arrays_, array);
  if (found == arrays_.end()) found = arrays_.insert(found, {array, {}});
  found->second.push_back(std::move(object));
  return found->second.size() - 1;
}

boost::json::object& GltfDocument::at(const char* array, std::size_t index) {
  return named(arrays_, array)->second.at(index).as_object();
}

std::size_t GltfDocument::count(const char* array) const {
  const auto found = named(arrays_, array);
  return found == arrays_.end() ? 0 : found->second.size();
}

std::size_t GltfDocument::addAccessor(std::size_t buffer, std::uint64_t offset, std::uint64_t length, int target,
                                      int componentType, std::uint64_t count, const char* type, bool normalized) {
  const std::size_t view =
      add("bufferViews", {{"buffer", buffer}, {"byteOffset", offset}, {"byteLength", length}, {"target", target}});
  boost::json::object accessor{{"bufferView", view}, {"componentType", componentType}, {"count", count}, {"type", type}};
  if (normalized) accessor["normalized"] = true;
  return add("accessors", std::move(accessor));
}

void GltfDocument::setBounds(std::size_t accessor, const std::array<float, 3>& min, const std::array<float, 3>& max) {
  boost::json::object& object = at("accessors", accessor);
  object["min"] = numbers(min);
  object["max"] = numbers(max);
}

void GltfDocument::useExtension(const char* name) {
  if (std::find(extensions_.begin(), extensions_.end(), name) == extensions_.end()) extensions_.emplace_back(name);
}

std::string GltfDocument::text(const std::vector<std::size_t>& roots) const {
  boost::json::object document;
  document["asset"] = {{"version", "2.0"}, {"generator", generator_}};
  if (!extensions_.empty()) {
    boost::json::array used;
    for (const std::string& name : extensions_) used.emplace_back(name);
    document["extensionsUsed"] = std::move(used);
  }
  boost::json::array nodes;
  for (const std::size_t root : roots) nodes.emplace_back(root);
  document["scene"] = 0;
  document["scenes"] = boost::json::array{boost::json::object{{"nodes", std::move(nodes)}}};
  for (const char* name : kArrays) {
    const auto found = named(arrays_, name);
    if (found != arrays_.end()) document[name] = found->second;  // glTF forbids empty arrays
  }
  return isla::toJsonText(document) + "\n";
}

std::pair<std::array<float, 3>, std::array<float, 3>> positionBounds(std::span<const float> positions) {
  std::array<float, 3> min, max;
  min.fill(std::numeric_limits<float>::infinity());
  max.fill(-std::numeric_limits<float>::infinity());
  for (std::size_t i = 0; i + 2 < positions.size(); i += 3) {
    for (std::size_t k = 0; k < 3; ++k) {
      min[k] = std::min(min[k], positions[i + k]);
      max[k] = std::max(max[k], positions[i + k]);
    }
  }
  return {min, max};
}

}  // namespace isla_gltf
