// SPDX-License-Identifier: MIT
#include "glb_reader.hpp"

#include <boost/json/parse.hpp>

#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "tool_runner.hpp"

namespace isla::test {

namespace {

std::uint32_t word(const std::vector<std::byte>& bytes, std::size_t at) {
  if (at + 4 > bytes.size()) throw std::runtime_error("glb: truncated at byte " + std::to_string(at));
  std::uint32_t value = 0;
  std::memcpy(&value, bytes.data() + at, 4);
  return value;
}

// Accessor `index` as `Count` components of T a element.
template <class T, std::size_t Count>
std::vector<std::array<T, Count>> read(const boost::json::value& json, const std::vector<std::byte>& bin,
                                       std::size_t index) {
  const auto& accessor = json.at("accessors").at(index);
  constexpr int componentType = std::is_same_v<T, float> ? 5126 : std::is_same_v<T, std::uint32_t> ? 5125 : 5123;
  if (accessor.at("componentType").to_number<int>() != componentType) {
    throw std::runtime_error("glb: accessor " + std::to_string(index) + " is not of the component type read");
  }
  const auto& view = json.at("bufferViews").at(accessor.at("bufferView").to_number<std::size_t>());
  const std::size_t offset =
      view.as_object().contains("byteOffset") ? view.at("byteOffset").to_number<std::size_t>() : 0;
  const auto count = accessor.at("count").to_number<std::size_t>();
  if (offset + count * Count * sizeof(T) > bin.size()) throw std::runtime_error("glb: accessor past the buffer");
  std::vector<std::array<T, Count>> out(count);
  std::memcpy(out.data(), bin.data() + offset, count * Count * sizeof(T));
  return out;
}

}  // namespace

GlbFile readGlb(const std::filesystem::path& path) {
  const std::vector<std::byte> bytes = readFile(path);
  if (word(bytes, 0) != 0x46546C67 || word(bytes, 4) != 2 || word(bytes, 8) != bytes.size()) {
    throw std::runtime_error(path.string() + ": not a glTF 2 .glb of its own length");
  }
  const std::uint32_t jsonLength = word(bytes, 12);
  GlbFile file;
  file.json = boost::json::parse(std::string_view(reinterpret_cast<const char*>(bytes.data()) + 20, jsonLength));
  std::vector<std::byte> bin;
  if (20 + jsonLength < bytes.size()) {
    const std::uint32_t binLength = word(bytes, 20 + jsonLength);
    bin.assign(bytes.begin() + 28 + jsonLength, bytes.begin() + 28 + jsonLength + binLength);
  }
  const auto& json = file.json;
  for (const auto& index : json.at("scenes").at(0).at("nodes").as_array()) {
    const auto& node = json.at("nodes").at(index.to_number<std::size_t>()).as_object();
    GlbNode out;
    if (node.contains("translation")) {
      for (std::size_t k = 0; k < 3; ++k) out.translation[k] = node.at("translation").at(k).to_number<double>();
    }
    if (node.contains("extras")) out.extras = node.at("extras");
    if (node.contains("mesh")) {
      for (const auto& primitive :
           json.at("meshes").at(node.at("mesh").to_number<std::size_t>()).at("primitives").as_array()) {
        const auto& object = primitive.as_object();
        const auto& attributes = object.at("attributes").as_object();
        GlbPrimitive p;
        p.positions = read<float, 3>(json, bin, attributes.at("POSITION").to_number<std::size_t>());
        if (attributes.contains("NORMAL")) {
          p.normals = read<float, 3>(json, bin, attributes.at("NORMAL").to_number<std::size_t>());
        }
        if (object.contains("indices")) {
          const auto indices = object.at("indices").to_number<std::size_t>();
          if (json.at("accessors").at(indices).at("componentType").to_number<int>() == 5123) {
            for (const auto& [i] : read<std::uint16_t, 1>(json, bin, indices)) p.indices.push_back(i);
          } else {
            for (const auto& [i] : read<std::uint32_t, 1>(json, bin, indices)) p.indices.push_back(i);
          }
        }
        if (object.contains("mode")) p.mode = object.at("mode").to_number<int>();
        if (object.contains("extras")) p.extras = object.at("extras");
        out.primitives.push_back(std::move(p));
      }
    }
    file.nodes.push_back(std::move(out));
  }
  return file;
}

}  // namespace isla::test
