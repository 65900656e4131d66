// SPDX-License-Identifier: MIT
#include "glb_reader.hpp"

#include <boost/json/parse.hpp>

#include <meshoptimizer.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <stdexcept>
#include <string>

namespace isla::test {

namespace {

std::vector<std::byte> fileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto bytes = std::as_bytes(std::span(chars));
  return {bytes.begin(), bytes.end()};
}

std::uint32_t word(const std::vector<std::byte>& bytes, std::size_t at) {
  if (at + 4 > bytes.size()) throw std::runtime_error("glb: truncated at byte " + std::to_string(at));
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

std::size_t member(const boost::json::value& object, const char* name, std::size_t otherwise) {
  const auto& o = object.as_object();
  return o.contains(name) ? o.at(name).to_number<std::size_t>() : otherwise;
}

std::size_t componentSize(int componentType) {
  switch (componentType) {
    case 5120:
    case 5121:
      return 1;
    case 5122:
    case 5123:
      return 2;
    case 5125:
    case 5126:
      return 4;
    default:
      throw std::runtime_error("glb: component type " + std::to_string(componentType));
  }
}

// One component as a reader takes it: normalized integers into [-1, 1] or [0, 1].
double component(const std::byte* at, int componentType, bool normalized) {
  const auto read = [&](auto value) {
    std::memcpy(&value, at, sizeof value);
    return value;
  };
  switch (componentType) {
    case 5120: {
      const double v = read(std::int8_t{});
      return normalized ? std::max(v / 127.0, -1.0) : v;
    }
    case 5121:
      return normalized ? read(std::uint8_t{}) / 255.0 : read(std::uint8_t{});
    case 5122: {
      const double v = read(std::int16_t{});
      return normalized ? std::max(v / 32767.0, -1.0) : v;
    }
    case 5123:
      return normalized ? read(std::uint16_t{}) / 65535.0 : read(std::uint16_t{});
    case 5125:
      return read(std::uint32_t{});
    default:
      return read(float{});
  }
}

// Accessor `index` as `Count` components an element.
template <std::size_t Count>
std::vector<std::array<double, Count>> read(const GlbFile& file, std::size_t index) {
  const auto& accessor = file.json.at("accessors").at(index);
  const auto viewIndex = accessor.at("bufferView").to_number<std::size_t>();
  const auto& view = file.json.at("bufferViews").at(viewIndex);
  const std::vector<std::byte> bytes = file.view(viewIndex);
  const int componentType = accessor.at("componentType").to_number<int>();
  const bool normalized = accessor.as_object().contains("normalized") && accessor.at("normalized").as_bool();
  const std::size_t size = componentSize(componentType);
  const std::size_t stride = member(view, "byteStride", size * Count);
  const std::size_t offset = member(accessor, "byteOffset", 0);
  const auto count = accessor.at("count").to_number<std::size_t>();
  if (count > 0 && offset + (count - 1) * stride + size * Count > bytes.size()) {
    throw std::runtime_error("glb: accessor " + std::to_string(index) + " runs past its buffer view");
  }
  std::vector<std::array<double, Count>> out(count);
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t k = 0; k < Count; ++k) {
      out[i][k] = component(bytes.data() + offset + i * stride + k * size, componentType, normalized);
    }
  }
  return out;
}

using Vector = std::array<double, 3>;

Vector cross(const Vector& a, const Vector& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

// A node's rotation (a unit quaternion x, y, z, w) and scale, applied to
// positions, or to normals (scaled by the inverse, then of unit length).
struct NodeTurn {
  std::array<double, 4> rotation{0, 0, 0, 1};
  Vector scale{1, 1, 1};

  Vector apply(Vector v, bool normal) const {
    for (std::size_t k = 0; k < 3; ++k) v[k] = normal ? v[k] / scale[k] : v[k] * scale[k];
    // v + 2w (u x v) + 2 u x (u x v), u the quaternion's vector part.
    const Vector u{rotation[0], rotation[1], rotation[2]};
    const Vector t = cross(u, v), tt = cross(u, t);
    for (std::size_t k = 0; k < 3; ++k) v[k] += 2 * rotation[3] * t[k] + 2 * tt[k];
    if (normal) {
      const double length = std::hypot(v[0], v[1], v[2]);
      if (length > 0) {
        for (double& c : v) c /= length;
      }
    }
    return v;
  }
};

std::vector<std::array<float, 3>> floats(const std::vector<std::array<double, 3>>& values, const NodeTurn& turn,
                                         bool normals) {
  std::vector<std::array<float, 3>> out;
  for (const auto& value : values) {
    const Vector v = turn.apply(value, normals);
    out.push_back({static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2])});
  }
  return out;
}

}  // namespace

std::vector<std::byte> GlbFile::view(std::size_t index) const {
  const auto& view = json.at("bufferViews").at(index).as_object();
  const auto slice = [&](const boost::json::value& of) {
    if (member(of, "buffer", 0) != 0) throw std::runtime_error("glb: a buffer view outside the BIN chunk");
    const std::size_t offset = member(of, "byteOffset", 0), length = member(of, "byteLength", 0);
    if (offset + length > bin.size()) throw std::runtime_error("glb: a buffer view past the BIN chunk");
    return std::vector<std::byte>(bin.begin() + static_cast<std::ptrdiff_t>(offset),
                                  bin.begin() + static_cast<std::ptrdiff_t>(offset + length));
  };
  if (!view.contains("extensions") || !view.at("extensions").as_object().contains("EXT_meshopt_compression")) {
    return slice(view);
  }
  const auto& compressed = view.at("extensions").at("EXT_meshopt_compression");
  const std::vector<std::byte> source = slice(compressed);
  const auto count = compressed.at("count").to_number<std::size_t>();
  const auto stride = compressed.at("byteStride").to_number<std::size_t>();
  const std::string mode(compressed.at("mode").as_string());
  const auto* data = reinterpret_cast<const unsigned char*>(source.data());
  std::vector<std::byte> out(count * stride);
  int status = 0;
  if (mode == "ATTRIBUTES") {
    status = meshopt_decodeVertexBuffer(out.data(), count, stride, data, source.size());
    const std::string filter =
        compressed.as_object().contains("filter") ? std::string(compressed.at("filter").as_string()) : "NONE";
    if (filter == "OCTAHEDRAL") meshopt_decodeFilterOct(out.data(), count, stride);
    if (filter == "EXPONENTIAL") meshopt_decodeFilterExp(out.data(), count, stride);
  } else if (mode == "TRIANGLES") {
    status = meshopt_decodeIndexBuffer(out.data(), count, stride, data, source.size());
  } else {
    status = meshopt_decodeIndexSequence(out.data(), count, stride, data, source.size());
  }
  if (status != 0) throw std::runtime_error("glb: buffer view " + std::to_string(index) + " does not decode");
  return out;
}

GlbFile readGlb(const std::filesystem::path& path) {
  const std::vector<std::byte> bytes = fileBytes(path);
  if (word(bytes, 0) != 0x46546C67 || word(bytes, 4) != 2 || word(bytes, 8) != bytes.size()) {
    throw std::runtime_error(path.string() + ": not a glTF 2 .glb of its own length");
  }
  const std::uint32_t jsonLength = word(bytes, 12);
  GlbFile file;
  file.json = boost::json::parse(std::string_view(reinterpret_cast<const char*>(bytes.data()) + 20, jsonLength));
  if (20 + jsonLength < bytes.size()) {
    const std::uint32_t binLength = word(bytes, 20 + jsonLength);
    file.bin.assign(bytes.begin() + 28 + jsonLength, bytes.begin() + 28 + jsonLength + binLength);
  }
  const auto& json = file.json;
  for (const auto& index : json.at("scenes").at(0).at("nodes").as_array()) {
    const auto& node = json.at("nodes").at(index.to_number<std::size_t>()).as_object();
    GlbNode out;
    if (node.contains("translation")) {
      for (std::size_t k = 0; k < 3; ++k) out.translation[k] = node.at("translation").at(k).to_number<double>();
    }
    NodeTurn turn;
    if (node.contains("rotation")) {
      for (std::size_t k = 0; k < 4; ++k) turn.rotation[k] = node.at("rotation").at(k).to_number<double>();
    }
    if (node.contains("scale")) {
      for (std::size_t k = 0; k < 3; ++k) turn.scale[k] = node.at("scale").at(k).to_number<double>();
    }
    if (node.contains("extras")) out.extras = node.at("extras");
    if (node.contains("mesh")) {
      for (const auto& primitive :
           json.at("meshes").at(node.at("mesh").to_number<std::size_t>()).at("primitives").as_array()) {
        const auto& object = primitive.as_object();
        const auto& attributes = object.at("attributes").as_object();
        GlbPrimitive p;
        const auto attribute = [&](const char* name) { return attributes.at(name).to_number<std::size_t>(); };
        p.positions = floats(read<3>(file, attribute("POSITION")), turn, false);
        if (attributes.contains("NORMAL")) p.normals = floats(read<3>(file, attribute("NORMAL")), turn, true);
        if (attributes.contains("TEXCOORD_0")) p.texcoords = read<2>(file, attribute("TEXCOORD_0"));
        if (attributes.contains("_FEATURE_ID_0")) {
          for (const auto& [id] : read<1>(file, attribute("_FEATURE_ID_0"))) p.featureIds.push_back(id);
        }
        if (object.contains("indices")) {
          for (const auto& [i] : read<1>(file, object.at("indices").to_number<std::size_t>())) {
            p.indices.push_back(static_cast<std::uint32_t>(i));
          }
        }
        if (object.contains("mode")) p.mode = object.at("mode").to_number<int>();
        if (object.contains("material")) p.material = object.at("material").to_number<std::size_t>();
        if (object.contains("extras")) p.extras = object.at("extras");
        if (object.contains("extensions")) p.extensions = object.at("extensions");
        out.primitives.push_back(std::move(p));
      }
    }
    file.nodes.push_back(std::move(out));
  }
  return file;
}

}  // namespace isla::test
