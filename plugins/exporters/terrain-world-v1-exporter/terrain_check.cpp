// SPDX-License-Identifier: MIT
#include "terrain_check.hpp"

#include <isla/json/json_text.hpp>
#include <isla/json/strict_json.hpp>
#include <isla/parallel/vector_clones.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "documents.hpp"

namespace isla_world_export {

namespace {

// The header of a terrain document is a few hundred bytes: a reader that
// finds no heights within this many bytes has no terrain document.
constexpr std::size_t kMaxHeaderBytes = 4096;
constexpr std::string_view kHeightsKey = "\"heights_m\": [";

// The commas of a row's text between its '[' and ']', or SIZE_MAX when a
// byte is not part of a number or a comma does not follow one. In blocks
// of 255 bytes with byte-wide counters, so that it vectorises.
ISLA_VECTOR_CLONES
std::size_t commasBetween(const unsigned char* text, std::size_t size) {
  constexpr std::size_t kBlock = 255;
  std::size_t commas = 0;
  unsigned char bad = 0;
  for (std::size_t block = 1; block + 1 < size; block += kBlock) {
    const std::size_t end = std::min(size - 1, block + kBlock);
    unsigned char blockCommas = 0;
    for (std::size_t i = block; i < end; ++i) {
      const unsigned char c = text[i], next = text[i + 1];
      const unsigned char comma = c == ',';
      blockCommas = static_cast<unsigned char>(blockCommas + comma);
      bad |= static_cast<unsigned char>((static_cast<unsigned char>(c - '0') > 9) & (c != '-') & (c != '.') &
                                        (comma ^ 1U));
      bad |= static_cast<unsigned char>(comma & ((next == ',') | (next == ']')));
    }
    commas += blockCommas;
  }
  return bad != 0 ? std::numeric_limits<std::size_t>::max() : commas;
}

// The lowest and highest of a row's heights (finite: the writer refuses
// others), in eight lanes so that it vectorises without reassociating.
ISLA_VECTOR_CLONES
std::pair<float, float> rowRange(std::span<const float> values) {
  constexpr std::size_t kLanes = 8;
  std::array<float, kLanes> low, high;
  low.fill(values.front());
  high.fill(values.front());
  std::size_t i = 0;
  for (; i + kLanes <= values.size(); i += kLanes) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      low[lane] = std::min(low[lane], values[i + lane]);
      high[lane] = std::max(high[lane], values[i + lane]);
    }
  }
  for (; i < values.size(); ++i) {
    low[0] = std::min(low[0], values[i]);
    high[0] = std::max(high[0], values[i]);
  }
  return {*std::min_element(low.begin(), low.end()), *std::max_element(high.begin(), high.end())};
}

// The numbers of a row's text "[n,n,...]" as float32, read as a JSON reader does.
class RowNumbers {
 public:
  explicit RowNumbers(std::string_view text) : text_(text) {}

  // Whether the text is '[', then numbers separated by single commas, then
  // ']'; counts them. Without a branch on the bytes, so that it vectorises.
  bool shape(std::size_t& count) const {
    if (text_.size() < 3 || text_.front() != '[' || text_.back() != ']' || text_[1] == ',') return false;
    count = 1 + commasBetween(reinterpret_cast<const unsigned char*>(text_.data()), text_.size());
    return count != 0;  // 0: the commas came back as SIZE_MAX, a bad byte
  }
  // The number starting at `at` (just after '[' or a comma), and where the next one starts.
  float at(std::size_t& position) const {
    float value = 0;
    const char* begin = text_.data() + position;
    const auto [end, error] = std::from_chars(begin, text_.data() + text_.size() - 1, value);
    if (error != std::errc() || (*end != ',' && *end != ']')) return std::bit_cast<float>(0x7fc0dead);
    position = static_cast<std::size_t>(end - text_.data()) + 1;
    return value;
  }
  // The last number.
  float last() const {
    std::size_t start = text_.rfind(',', text_.size() - 2);
    start = start == std::string_view::npos ? 1 : start + 1;
    return at(start);
  }

 private:
  std::string_view text_;
};

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

std::string numberText(double value) { return isla::toJsonText(boost::json::value(value), false); }
std::string text(float value) { return numberText(isla::jsonFloat(value)); }

}  // namespace

TerrainCheck::TerrainCheck(const isla::World& world, std::size_t patch, const isla::JsonSchema& schema)
    : world_(world), patch_(patch), schema_(schema) {}

void TerrainCheck::fail(const std::string& what) const {
  throw std::runtime_error(terrainPath(world_.patches[patch_]) + " breaks the Terrain World rules as it is written: " +
                           what + " (a bug: please report it with the layout)");
}

void TerrainCheck::compareEdge(isla::Side side, std::size_t at, float written, std::int32_t z, std::size_t x) const {
  const auto& edge = world_.patches[patch_].edges[static_cast<std::size_t>(side)];
  if (!edge) return;  // the world's perimeter
  const std::vector<float>& heights = world_.edges[*edge].heights;
  if (at >= heights.size() || !sameBits(heights[at], written)) {
    fail("heights_m[" + std::to_string(z) + "][" + std::to_string(x) + "] is " + text(written) + " but edge " +
         world_.edges[*edge].id + " has " + (at < heights.size() ? text(heights[at]) : std::string("no sample")) +
         " there");
  }
}

void TerrainCheck::row(std::int32_t z, std::span<const float> values, std::string_view rowText) {
  const isla::Patch& patch = world_.patches[patch_];
  const RowNumbers numbers(rowText);
  std::size_t count = 0;
  if (!numbers.shape(count) || count != static_cast<std::size_t>(patch.pointsX) || values.size() != count) {
    fail("row " + std::to_string(z) + " is not " + std::to_string(patch.pointsX) + " numbers");
  }
  const bool border = z == 0 || z == patch.pointsZ - 1;
  std::size_t position = 1;
  for (std::size_t x = 0; x < count; ++x) {
    const bool end = x == 0 || x + 1 == count;
    if (!border && !end) continue;
    const float written = x + 1 == count && !border ? numbers.last() : numbers.at(position);
    if (!sameBits(written, values[x])) {
      fail("heights_m[" + std::to_string(z) + "][" + std::to_string(x) + "] reads back as " + text(written) +
           ", not the height " + text(values[x]));
    }
    if (z == 0) compareEdge(isla::Side::North, x, written, z, x);
    if (z == patch.pointsZ - 1) compareEdge(isla::Side::South, x, written, z, x);
    if (x == 0) compareEdge(isla::Side::West, static_cast<std::size_t>(z), written, z, x);
    if (x + 1 == count) compareEdge(isla::Side::East, static_cast<std::size_t>(z), written, z, x);
  }
  const auto [low, high] = rowRange(values);
  const std::scoped_lock lock(mutex_);
  min_ = rows_ == 0 ? low : std::min(min_, low);
  max_ = rows_ == 0 ? high : std::max(max_, high);
  ++rows_;
}

void TerrainCheck::finish(const std::filesystem::path& file) {
  const isla::Patch& patch = world_.patches[patch_];
  if (rows_ != patch.pointsZ) fail(std::to_string(rows_) + " rows, not " + std::to_string(patch.pointsZ));
  const isla::PatchStats& figures = world_.stats[patch_];
  if (isla::jsonFloat(min_) != figures.minHeightM || isla::jsonFloat(max_) != figures.maxHeightM) {
    fail("its heights run from " + text(min_) + " to " + text(max_) + ", but the report's figures say " +
         numberText(figures.minHeightM) + " to " + numberText(figures.maxHeightM));
  }
  std::ifstream in(file, std::ios::binary);
  std::string head(kMaxHeaderBytes, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  const std::size_t heights = head.find(kHeightsKey);
  if (heights == std::string::npos) fail("no \"heights_m\" in its first " + std::to_string(kMaxHeaderBytes) + " bytes");
  std::vector<isla::JsonProblem> problems;
  const auto header = isla::parseStrictJson(head.substr(0, heights + kHeightsKey.size()) + "]}", problems);
  if (!header) fail("its header is not JSON: " + (problems.empty() ? std::string() : problems.front().message));
  const auto violations = schema_.validate(*header, "terrain");
  if (!violations.empty()) fail("its header at " + violations.front().pointer + ": " + violations.front().message);
  const auto& object = header->get_object();
  const auto& origin = object.at("origin_m").get_array();
  if (object.at("patch_id").get_string() != patch.id || object.at("spacing_m").to_number<double>() != world_.settings.spacingM ||
      origin.at(0).to_number<double>() != patch.originX || origin.at(1).to_number<double>() != patch.originZ ||
      object.at("point_count_x").to_number<std::int64_t>() != patch.pointsX ||
      object.at("point_count_z").to_number<std::int64_t>() != patch.pointsZ) {
    fail("its header does not name patch " + patch.id + " with its spacing, origin and point counts");
  }
}

}  // namespace isla_world_export
