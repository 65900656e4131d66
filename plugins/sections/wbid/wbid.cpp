// SPDX-License-Identifier: MIT
// WBID: MapSize^2 u16 water-body ids, X outer / Y inner. Optional. 0 = no
// water, 1 = the ocean, 2..N = lakes. Only the length is checked here:
// whether the ids agree with BIOM, WBTB and WSRF is the water validator's.
#include <isla/container/grid_codec.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/parallel/vector_clones.hpp>

#include <algorithm>
#include <array>
#include <bit>

namespace {

constexpr std::uint16_t kNoWater = 0;
constexpr std::uint16_t kOceanId = 1;

struct WaterIdStats {
  std::uint64_t water = 0;  // pixels with a nonzero id
  std::uint64_t ocean = 0;
  std::uint16_t maxId = 0;
  std::uint64_t distinctLakeIds = 0;
};

// One pass in blocks of 64 pixels. Inside a block the counts and the max use
// 16-bit lanes, which the compiler vectorises; the bitmap of ids seen is
// touched once for a block of one id (open ocean, dry land, a lake's inside)
// and pixel by pixel only where ids change.
ISLA_VECTOR_CLONES
WaterIdStats scanIds(const isla::Raster& raster) {
  constexpr std::size_t kBlock = 64;
  const auto ids = raster.values<std::uint16_t>();
  std::array<std::uint64_t, 65536 / 64> seen{};
  const auto mark = [&seen](std::uint16_t id) { seen[id >> 6] |= std::uint64_t{1} << (id & 63); };

  WaterIdStats stats;
  for (std::size_t start = 0; start < ids.size(); start += kBlock) {
    const std::size_t end = std::min(ids.size(), start + kBlock);
    const std::uint16_t first = ids[start].value();
    std::uint16_t water = 0, ocean = 0, largest = 0, differs = 0;
    for (std::size_t i = start; i < end; ++i) {
      const std::uint16_t id = ids[i].value();
      water = static_cast<std::uint16_t>(water + (id != kNoWater));
      ocean = static_cast<std::uint16_t>(ocean + (id == kOceanId));
      largest = std::max(largest, id);
      differs = static_cast<std::uint16_t>(differs | (id ^ first));
    }
    stats.water += water;
    stats.ocean += ocean;
    stats.maxId = std::max(stats.maxId, largest);
    mark(first);
    if (differs != 0) {
      for (std::size_t i = start; i < end; ++i) mark(ids[i].value());
    }
  }
  seen[0] &= ~std::uint64_t{0b11};  // ids 0 and 1 are not lakes
  for (const std::uint64_t word : seen) stats.distinctLakeIds += static_cast<std::uint64_t>(std::popcount(word));
  return stats;
}

class WaterIdsCodec final : public isla::GridCodec {
 public:
  WaterIdsCodec() : GridCodec(isla::ElementType::U16, isla::Role::WaterBodyIds) {}

  isla::FourCC tag() const override { return isla::FourCC("WBID"); }
  std::string name() const override { return "Water body ids"; }
  std::string description() const override {
    return "MapSize^2 u16 water-body ids (0 none, 1 the ocean, 2..N lakes), X outer / Y inner";
  }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& raster = std::get<isla::Raster>(content);
    const WaterIdStats stats = scanIds(raster);
    const std::uint64_t lakePixels = stats.water - stats.ocean;
    isla::SectionSummary summary;
    summary.brief = stats.water == 0
                        ? "no water (every id is 0)"
                        : "water " + std::to_string(stats.water) + " px (ocean " +
                              std::to_string(stats.ocean) + ", lakes " + std::to_string(lakePixels) +
                              "), " + std::to_string(stats.distinctLakeIds) +
                              (stats.distinctLakeIds == 1 ? " lake id" : " lake ids") + ", max id " +
                              std::to_string(stats.maxId);
    summary.json["pixel_count"] = raster.pixelCount();
    summary.json["water_pixel_count"] = stats.water;
    summary.json["ocean_pixel_count"] = stats.ocean;
    summary.json["lake_pixel_count"] = lakePixels;
    summary.json["max_id"] = stats.maxId;
    summary.json["distinct_lake_ids"] = stats.distinctLakeIds;
    return summary;
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "WBID: the water-body id grid", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<WaterIdsCodec>());
});
