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
boost::json::array numbers(const std::array<float, 3>& values, const boost::json::storage_ptr& storage) {
  return boost::json::array(
      {static_cast<double>(values[0]), static_cast<double>(values[1]), static_cast<double>(values[2])}, storage);
}

// The entry of a top-level array by name, or end().
template <class Arrays>
auto named(Arrays& arrays, std::string_view name) {
  return std::find_if(arrays.begin(), arrays.end(), [&](const auto& entry) { return entry.first == name; });
}

}  // namespace

std::size_t GltfDocument::first(std::string_view array) const {
  const auto found = firsts_.find(array);
  return found == firsts_.end() ? 0 : found->second;
}

std::size_t GltfDocument::add(const char* array, Members members) {
  return add(array, boost::json::object(members, storage_));
}

std::size_t GltfDocument::add(const char* array, boost::json::object object) {
  auto found = named(arrays_, array);
  if (found == arrays_.end()) found = arrays_.insert(found, {array, boost::json::array(storage_)});
  found->second.push_back(std::move(object));
  return first(array) + found->second.size() - 1;
}

boost::json::object& GltfDocument::at(const char* array, std::size_t index) {
  return named(arrays_, array)->second.at(index - first(array)).as_object();
}

std::size_t GltfDocument::count(const char* array) const {
  return first(array) + objects(array).size();
}

std::span<const boost::json::value> GltfDocument::objects(std::string_view array) const {
  const auto found = named(arrays_, array);
  if (found == arrays_.end()) return {};
  return {found->second.data(), found->second.size()};
}

GltfDocument::Firsts GltfDocument::ends() const {
  Firsts out = firsts_;
  for (const auto& [name, objects] : arrays_) out[name] = first(name) + objects.size();
  return out;
}

std::size_t GltfDocument::addAccessor(std::size_t buffer, std::uint64_t offset, std::uint64_t length, int target,
                                      int componentType, std::uint64_t count, const char* type, bool normalized) {
  const std::size_t view =
      add("bufferViews", {{"buffer", buffer}, {"byteOffset", offset}, {"byteLength", length}, {"target", target}});
  boost::json::object accessor(
      {{"bufferView", view}, {"componentType", componentType}, {"count", count}, {"type", type}}, storage_);
  if (normalized) accessor["normalized"] = true;
  return add("accessors", std::move(accessor));
}

void GltfDocument::setBounds(std::size_t accessor, const std::array<float, 3>& min, const std::array<float, 3>& max) {
  boost::json::object& object = at("accessors", accessor);
  object["min"] = numbers(min, storage_);
  object["max"] = numbers(max, storage_);
}

void GltfDocument::useExtension(const char* name) {
  if (std::find(extensions_.begin(), extensions_.end(), name) == extensions_.end()) extensions_.emplace_back(name);
}

void GltfDocument::requireExtension(const char* name) {
  useExtension(name);
  if (std::find(required_.begin(), required_.end(), name) == required_.end()) required_.emplace_back(name);
}

void GltfDocument::setExtension(const char* name, boost::json::object object) {
  useExtension(name);
  extensionObjects_[name] = std::move(object);
}

boost::json::object GltfDocument::head(const std::vector<std::size_t>& roots) const {
  boost::json::object document(storage_);
  document["asset"] = {{"version", "2.0"}, {"generator", generator_}};
  if (!extensions_.empty()) {
    boost::json::array used;
    for (const std::string& name : extensions_) used.emplace_back(name);
    document["extensionsUsed"] = std::move(used);
  }
  if (!required_.empty()) {
    boost::json::array required;
    for (const std::string& name : required_) required.emplace_back(name);
    document["extensionsRequired"] = std::move(required);
  }
  if (!extensionObjects_.empty()) document["extensions"] = extensionObjects_;
  boost::json::array nodes;
  for (const std::size_t root : roots) nodes.emplace_back(root);
  document["scene"] = 0;
  document["scenes"] = boost::json::array{boost::json::object{{"nodes", std::move(nodes)}}};
  return document;
}

std::string GltfDocument::text(const std::vector<std::size_t>& roots) const {
  boost::json::value document = head(roots);
  for (const char* name : kArrays) {
    const auto found = named(arrays_, name);
    if (found != arrays_.end()) document.as_object()[name] = found->second;  // glTF forbids empty arrays
  }
  std::string text = isla::toJsonText(document);
  text += '\n';
  return text;
}

void GltfDocument::writeText(isla::ByteSink& out, const std::vector<std::size_t>& roots, bool pretty) && {
  // A value from the start: toJsonText's argument from an object would be a copy of it.
  boost::json::value document = head(roots);
  for (const char* name : kArrays) {
    const auto found = named(arrays_, name);
    if (found != arrays_.end()) document.as_object()[name] = std::move(found->second);
  }
  isla::writeJsonText([&](std::string_view block) { out.write(std::as_bytes(std::span(block))); }, document, pretty);
  if (pretty) out.write(std::as_bytes(std::span("\n", 1)));
}

namespace {

// `json` (made at depth 0) as a value at `depth`: its lines after the first indented.
void appendAtDepth(std::string& out, const std::string& json, std::size_t depth) {
  for (const char c : json) {
    out += c;
    if (c == '\n') out.append(2 * depth, ' ');
  }
}

void appendMember(std::string& out, std::string_view key, const boost::json::value& value) {
  out += ",\n  \"";
  out += key;
  out += "\": ";
  appendAtDepth(out, isla::toJsonText(value), 1);
}

}  // namespace

void writeParts(isla::ByteSink& out, std::size_t parts, const MakePart& make) {
  // Counting: where each part's objects start, the roots, the extensions.
  std::vector<GltfDocument::Firsts> firsts{{}};
  std::vector<std::string> extensions;
  boost::json::array roots;
  std::string generator;
  for (std::size_t part = 0; part < parts; ++part) {
    GltfDocument document;
    document.numberFrom(firsts.back());
    for (const std::size_t root : make(part, document)) roots.emplace_back(root);
    for (const std::string& name : document.extensions()) {
      if (std::find(extensions.begin(), extensions.end(), name) == extensions.end()) extensions.push_back(name);
    }
    generator = document.generator();
    firsts.push_back(document.ends());
  }
  const auto count = [&](std::size_t part, std::string_view array) {
    const auto found = firsts[part].find(array);
    return found == firsts[part].end() ? std::size_t{0} : found->second;
  };

  std::string text = "{";
  appendMember(text, "asset", boost::json::object{{"version", "2.0"}, {"generator", generator}});
  text.erase(1, 1);  // the first member has no comma before it
  if (!extensions.empty()) {
    boost::json::array used;
    for (const std::string& name : extensions) used.emplace_back(name);
    appendMember(text, "extensionsUsed", used);
  }
  appendMember(text, "scene", 0);
  appendMember(text, "scenes", boost::json::array{boost::json::object{{"nodes", std::move(roots)}}});
  for (const char* name : kArrays) {
    if (count(parts, name) == 0) continue;  // glTF forbids empty arrays
    text += ",\n  \"";
    text += name;
    text += "\": [";
    bool firstObject = true;
    for (std::size_t part = 0; part < parts; ++part) {
      if (count(part + 1, name) == count(part, name)) continue;  // none of this array
      GltfDocument document;
      document.numberFrom(firsts[part]);
      make(part, document);
      for (const boost::json::value& object : document.objects(name)) {
        text += firstObject ? "\n    " : ",\n    ";
        firstObject = false;
        appendAtDepth(text, isla::toJsonText(object), 2);
      }
      out.write(std::as_bytes(std::span(text)));
      text.clear();
    }
    text += "\n  ]";
  }
  text += "\n}\n";
  out.write(std::as_bytes(std::span(text)));
}

std::pair<std::array<float, 3>, std::array<float, 3>> positionBounds(std::span<const float> positions) {
  // Four vertices (twelve floats) at a time, float k of the twelve in lane
  // k (component k % 3), so that the lanes vectorise as three groups of
  // four; folded into x, y, z at the end.
  using Lanes = std::array<std::array<float, 4>, 3>;
  Lanes low, high;
  for (auto& group : low) group.fill(std::numeric_limits<float>::infinity());
  for (auto& group : high) group.fill(-std::numeric_limits<float>::infinity());
  const auto take = [&](const float* twelve) {
    for (std::size_t g = 0; g < 3; ++g) {
      for (std::size_t k = 0; k < 4; ++k) {
        const float value = twelve[4 * g + k];
        low[g][k] = value < low[g][k] ? value : low[g][k];
        high[g][k] = value > high[g][k] ? value : high[g][k];
      }
    }
  };
  const std::size_t whole = positions.size() / 12 * 12;
  for (std::size_t i = 0; i < whole; i += 12) take(positions.data() + i);
  std::array<float, 12> rest{};
  std::copy(positions.begin() + static_cast<std::ptrdiff_t>(whole), positions.end(), rest.begin());
  // The last vertices, repeated to fill the lanes (at least one vertex, so never bounds of their own).
  for (std::size_t i = positions.size() - whole; i < 12 && i >= 3; ++i) rest[i] = rest[i - 3];
  if (positions.size() > whole) take(rest.data());
  std::array<float, 3> min = {low[0][0], low[0][1], low[0][2]}, max = {high[0][0], high[0][1], high[0][2]};
  for (std::size_t lane = 3; lane < 12; ++lane) {
    min[lane % 3] = std::min(min[lane % 3], low[lane / 4][lane % 4]);
    max[lane % 3] = std::max(max[lane % 3], high[lane / 4][lane % 4]);
  }
  return {min, max};
}

}  // namespace isla_gltf
