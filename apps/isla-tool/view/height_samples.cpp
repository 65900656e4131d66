// SPDX-License-Identifier: MIT
#include "view/height_samples.hpp"

#include <cerrno>
#include <bit>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>

namespace isla::view {

namespace json = boost::json;

namespace {

json::value readJson(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw IoError(file, "cannot be opened", errno);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  boost::system::error_code error;
  json::value value = json::parse(text, error);
  if (error) throw std::runtime_error(file.string() + ": not JSON: " + error.message());
  return value;
}

const json::value& at(const json::value& document, const char* pointer, const std::filesystem::path& file) {
  boost::system::error_code error;
  const json::value* value = document.find_pointer(pointer, error);
  if (!value) throw std::runtime_error(file.string() + ": " + pointer + " is missing");
  return *value;
}

std::int64_t count(const json::value& document, const char* pointer, const std::filesystem::path& file) {
  const json::value& value = at(document, pointer, file);
  if (!value.is_int64() || value.as_int64() < 2) {
    throw std::runtime_error(file.string() + ": " + pointer + " is not a count of 2 or more points");
  }
  return value.as_int64();
}

void appendFloat32(std::vector<char>& out, float value) {
  const auto bits = std::bit_cast<std::uint32_t>(value);
  for (int shift = 0; shift < 32; shift += 8) out.push_back(static_cast<char>((bits >> shift) & 0xffu));
}

void writePatch(const std::filesystem::path& terrainFile, const std::filesystem::path& out) {
  const json::value terrain = readJson(terrainFile);
  const std::int64_t columns = count(terrain, "/point_count_x", terrainFile);
  const std::int64_t rows = count(terrain, "/point_count_z", terrainFile);
  const json::value& heights = at(terrain, "/heights_m", terrainFile);
  if (!heights.is_array() || std::cmp_not_equal(heights.as_array().size(), rows)) {
    throw std::runtime_error(terrainFile.string() + ": /heights_m does not hold point_count_z rows");
  }
  std::vector<char> bytes;
  bytes.reserve(static_cast<std::size_t>(rows * columns * 4));
  for (std::int64_t z = 0; z < rows; ++z) {
    const json::value& row = heights.as_array()[static_cast<std::size_t>(z)];
    const std::string pointer = "/heights_m/" + std::to_string(z);
    if (!row.is_array() || std::cmp_not_equal(row.as_array().size(), columns)) {
      throw std::runtime_error(terrainFile.string() + ": " + pointer + " does not hold point_count_x heights");
    }
    for (const json::value& height : row.as_array()) {
      if (!height.is_number()) throw std::runtime_error(terrainFile.string() + ": " + pointer + " holds a non-number");
      appendFloat32(bytes, static_cast<float>(height.to_number<double>()));
    }
  }
  std::ofstream file(out, std::ios::binary);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) throw IoError(out, "could not be written", errno);
}

}  // namespace

void writeHeightSamples(const std::filesystem::path& package, const std::filesystem::path& out) {
  const auto worldFile = package / "world.json";
  const json::value world = readJson(worldFile);
  const json::value& patches = at(world, "/patches", worldFile);
  if (!patches.is_array()) throw std::runtime_error(worldFile.string() + ": /patches is not an array");
  for (std::size_t i = 0; i < patches.as_array().size(); ++i) {
    checkInterrupted();
    const std::string pointer = "/patches/" + std::to_string(i);
    const json::value& id = at(world, (pointer + "/id").c_str(), worldFile);
    const json::value& path = at(world, (pointer + "/terrain/path").c_str(), worldFile);
    if (!id.is_string() || !path.is_string()) {
      throw std::runtime_error(worldFile.string() + ": " + pointer + " has no id or terrain path");
    }
    writePatch(package / std::string(path.as_string()), out / (std::string(id.as_string()) + ".f32"));
  }
}

}  // namespace isla::view
