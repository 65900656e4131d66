// SPDX-License-Identifier: MIT
#include "gltf_reader.hpp"

#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <cstring>

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

template <class T>
std::vector<T> GltfFile::accessor(std::size_t index, std::size_t components) const {
  const auto& a = json().at("accessors").as_array().at(index).as_object();
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
    const auto uvs = accessor<float>(uv->to_number<std::size_t>(), 2);
    for (std::size_t i = 0; i < uvs.size(); i += 2) out.uvs.push_back({uvs[i], uvs[i + 1]});
  }
  out.indices = accessor<std::uint32_t>(primitive.at("indices").to_number<std::size_t>(), 1);
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
