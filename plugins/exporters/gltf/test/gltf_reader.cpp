// SPDX-License-Identifier: MIT
#include "gltf_reader.hpp"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "mesh_checks.hpp"
#include "tool_runner.hpp"

namespace isla::test {

GltfFile::GltfFile(const std::filesystem::path& path)
    : directory_(path.parent_path()), json_(boost::json::parse(readText(path))) {}

const boost::json::object& GltfFile::node(std::size_t index) const {
  return json().at("nodes").as_array().at(index).as_object();
}

std::size_t GltfFile::nodeNamed(const std::string& name) const {
  const auto& nodes = json().at("nodes").as_array();
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].as_object().at("name").as_string() == name) return i;
  }
  BOOST_FAIL("no node " << name);
  return 0;
}

namespace {

// glTF's componentType of T.
template <class T>
constexpr int componentTypeOf() {
  if constexpr (std::is_same_v<T, float>) return 5126;
  else if constexpr (std::is_same_v<T, std::uint32_t>) return 5125;
  else return 5123;  // std::uint16_t
}

}  // namespace

int GltfFile::componentType(std::size_t index) const {
  return json().at("accessors").as_array().at(index).at("componentType").to_number<int>();
}

template <class T>
std::vector<T> GltfFile::accessor(std::size_t index, std::size_t components) const {
  const auto& a = json().at("accessors").as_array().at(index).as_object();
  BOOST_TEST_REQUIRE(a.at("componentType").to_number<int>() == componentTypeOf<T>());
  const auto& view = json().at("bufferViews").as_array().at(a.at("bufferView").to_number<std::size_t>()).as_object();
  const auto& buffer = json().at("buffers").as_array().at(view.at("buffer").to_number<std::size_t>()).as_object();
  const std::vector<std::byte> bytes = readFile(directory_ / std::string(buffer.at("uri").as_string()));
  BOOST_TEST_REQUIRE(bytes.size() == buffer.at("byteLength").to_number<std::size_t>());
  const auto count = a.at("count").to_number<std::size_t>() * components;
  const auto offset = view.at("byteOffset").to_number<std::size_t>();
  BOOST_TEST_REQUIRE(view.at("byteLength").to_number<std::size_t>() == count * sizeof(T));
  BOOST_TEST_REQUIRE(offset + count * sizeof(T) <= bytes.size());
  std::vector<T> out(count);
  std::memcpy(out.data(), bytes.data() + offset, count * sizeof(T));
  return out;
}

std::size_t GltfFile::primitiveCount(std::size_t index) const {
  const auto& mesh = json().at("meshes").as_array().at(node(index).at("mesh").to_number<std::size_t>());
  return mesh.at("primitives").as_array().size();
}

ReadMesh GltfFile::mesh(std::size_t index, std::size_t primitiveIndex) const {
  const auto& n = node(index);
  Vec3 translation{};
  if (const auto* t = n.if_contains("translation")) {
    for (std::size_t k = 0; k < 3; ++k) translation[k] = t->as_array().at(k).to_number<double>();
  }
  const auto& mesh = json().at("meshes").as_array().at(n.at("mesh").to_number<std::size_t>()).as_object();
  const auto& primitive = mesh.at("primitives").as_array().at(primitiveIndex).as_object();
  const auto& attributes = primitive.at("attributes").as_object();
  ReadMesh out;
  const auto positions = accessor<float>(attributes.at("POSITION").to_number<std::size_t>(), 3);
  for (std::size_t i = 0; i < positions.size(); i += 3) {
    out.positions.push_back({translation[0] + positions[i], translation[1] + positions[i + 1],
                             translation[2] + positions[i + 2]});
  }
  const auto normals = accessor<float>(attributes.at("NORMAL").to_number<std::size_t>(), 3);
  for (std::size_t i = 0; i < normals.size(); i += 3) {
    out.normals.push_back({normals[i], normals[i + 1], normals[i + 2]});
  }
  if (const auto* uv = attributes.if_contains("TEXCOORD_0")) {
    // Normalized unsigned shorts, as a consumer decodes them (glTF 2.0, 3.11).
    const auto at = uv->to_number<std::size_t>();
    BOOST_TEST_REQUIRE(json().at("accessors").as_array().at(at).as_object().if_contains("normalized") != nullptr);
    const auto uvs = accessor<std::uint16_t>(at, 2);
    for (std::size_t i = 0; i < uvs.size(); i += 2) {
      out.uvs.push_back({static_cast<float>(uvs[i] / 65535.0), static_cast<float>(uvs[i + 1] / 65535.0)});
    }
  }
  const auto indices = primitive.at("indices").to_number<std::size_t>();
  if (componentType(indices) == componentTypeOf<std::uint16_t>()) {
    const auto shorts = accessor<std::uint16_t>(indices, 1);
    out.indices.assign(shorts.begin(), shorts.end());
  } else {
    out.indices = accessor<std::uint32_t>(indices, 1);
  }
  if (const auto* mode = primitive.if_contains("mode")) {
    BOOST_TEST_REQUIRE(mode->to_number<int>() == 5, "a terrain primitive is triangles or a triangle strip");
    out.indices = stripTriangles(out.indices);
  }
  return out;
}

ReadMesh GltfFile::joined(std::size_t index, bool skirts) const {
  const auto& primitives =
      json().at("meshes").as_array().at(node(index).at("mesh").to_number<std::size_t>()).at("primitives").as_array();
  const auto positionOffset = [&](const boost::json::value& primitive) {
    const auto accessor = primitive.at("attributes").at("POSITION").to_number<std::size_t>();
    const auto view = json().at("accessors").at(accessor).at("bufferView").to_number<std::size_t>();
    return json().at("bufferViews").at(view).at("byteOffset").to_number<std::size_t>();
  };
  std::size_t base = SIZE_MAX;
  for (const auto& primitive : primitives) base = std::min(base, positionOffset(primitive));
  ReadMesh out;
  for (std::size_t p = 0; p < primitives.size(); ++p) {
    const auto* extras = primitives[p].as_object().if_contains("extras");
    if ((extras != nullptr && extras->as_object().contains("skirt")) != skirts) continue;
    const ReadMesh part = mesh(index, p);
    const std::size_t first = (positionOffset(primitives[p]) - base) / (3 * sizeof(float));
    const std::size_t end = first + part.positions.size();
    if (out.positions.size() < end) {
      out.positions.resize(end), out.normals.resize(end);
      out.uvs.resize(part.uvs.empty() ? 0 : end);
    }
    std::copy(part.positions.begin(), part.positions.end(), out.positions.begin() + static_cast<std::ptrdiff_t>(first));
    std::copy(part.normals.begin(), part.normals.end(), out.normals.begin() + static_cast<std::ptrdiff_t>(first));
    std::copy(part.uvs.begin(), part.uvs.end(), out.uvs.begin() + static_cast<std::ptrdiff_t>(first));
    for (const std::uint32_t i : part.indices) out.indices.push_back(static_cast<std::uint32_t>(first + i));
  }
  return out;
}

std::vector<std::size_t> GltfFile::levels(std::size_t index) const {
  std::vector<std::size_t> out{index};
  if (const auto* extensions = node(index).if_contains("extensions")) {
    for (const auto& id : extensions->at("MSFT_lod").at("ids").as_array()) out.push_back(id.to_number<std::size_t>());
  }
  return out;
}

}  // namespace isla::test
