// SPDX-License-Identifier: MIT
// BIOM: MapSize^2 u8 biome ordinals, X outer / Y inner. Mandatory. Ordinals
// are checked against the enum table's Biome members, which are data: a
// generator that appends a biome needs a new table, not new code.
#include <isla/container/grid_codec.hpp>
#include <isla/plugin/plugin_api.hpp>
#include <isla/model/raster_stats.hpp>
#include <isla/base/text_format.hpp>

#include <algorithm>
#include <vector>

namespace {

constexpr std::string_view kBiomeEnum = "Biome";
// The inspect line names the largest few biomes and counts the rest.
constexpr std::size_t kBriefBiomes = 4;

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return isla::fixedText(100.0 * static_cast<double>(part) / static_cast<double>(whole), 1) + "%";
}

// Branch-free, so that the compiler vectorises it: the whole grid is scanned
// at memory speed and the slow search runs only for a grid that has a bad pixel.
std::uint8_t largestOrdinal(std::span<const std::byte> ordinals) {
  std::uint8_t largest = 0;
  for (const std::byte ordinal : ordinals) {
    largest = std::max(largest, std::to_integer<std::uint8_t>(ordinal));
  }
  return largest;
}

class BiomesCodec final : public isla::GridCodec {
 public:
  BiomesCodec() : GridCodec(isla::ElementType::U8, isla::Role::BiomeClasses) {}

  isla::FourCC tag() const override { return isla::FourCC("BIOM"); }
  std::string name() const override { return "Biomes"; }
  std::string description() const override {
    return "MapSize^2 u8 biome ordinals (the enum table's Biome), X outer / Y inner";
  }
  isla::Presence presence() const override { return isla::Presence::Mandatory; }

  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext& context) const override {
    const auto& raster = std::get<isla::Raster>(content);
    const isla::ByteHistogram histogram = isla::byteHistogram(raster);
    const std::size_t members = context.enums.members(kBiomeEnum).size();
    const std::uint64_t pixels = raster.pixelCount();

    // Every member in ordinal order, so the keys do not depend on the map;
    // an ordinal beyond the table (summarised under another table than the
    // decode's) appears as "#<ordinal>".
    boost::json::object counts;
    std::vector<std::size_t> present;
    for (std::size_t ordinal = 0; ordinal < std::size(histogram.counts); ++ordinal) {
      const std::uint64_t count = histogram.counts[ordinal];
      if (ordinal < members || count > 0) counts[context.enums.name(kBiomeEnum, ordinal)] = count;
      if (count > 0) present.push_back(ordinal);
    }
    std::ranges::stable_sort(present, [&](std::size_t a, std::size_t b) {
      return histogram.counts[a] > histogram.counts[b];
    });

    isla::SectionSummary summary;
    for (std::size_t rank = 0; rank < present.size(); ++rank) {
      const std::size_t ordinal = present[rank];
      const std::string biome = context.enums.name(kBiomeEnum, ordinal);
      const std::string share = percent(histogram.counts[ordinal], pixels);
      if (rank < kBriefBiomes) summary.brief += (rank ? ", " : "") + biome + " " + share;
      summary.details.push_back(biome + ": " + std::to_string(histogram.counts[ordinal]) + " px (" +
                                share + ")");
    }
    if (present.size() > kBriefBiomes) {
      summary.brief += ", +" + std::to_string(present.size() - kBriefBiomes) + " more";
    }
    summary.json["counts"] = std::move(counts);
    summary.json["pixel_count"] = pixels;
    return summary;
  }

 protected:
  void check(const isla::Raster& raster, std::uint64_t payloadOffset,
             isla::DecodeContext& context) const override {
    const std::size_t members = context.enumMembers(kBiomeEnum, payloadOffset).size();
    const auto ordinals = raster.bytes();
    if (largestOrdinal(ordinals) < members) return;

    // A bad grid: find the first offender and count them all.
    const auto outOfRange = [members](std::byte ordinal) {
      return std::to_integer<std::size_t>(ordinal) >= members;
    };
    const auto first = std::ranges::find_if(ordinals, outOfRange);
    const auto badPixels = static_cast<std::uint64_t>(std::ranges::count_if(ordinals, outOfRange));
    const auto index = static_cast<std::uint64_t>(first - ordinals.begin());
    const auto side = static_cast<std::uint64_t>(raster.mapSize());
    const isla::PixelRef pixel{static_cast<std::int64_t>(index / side),
                               static_cast<std::int64_t>(index % side)};
    context.report(isla::Severity::Error, "biom.ordinal-out-of-range",
                   "biome ordinal " + std::to_string(std::to_integer<int>(*first)) + " at pixel (" +
                       std::to_string(pixel.x) + ", " + std::to_string(pixel.y) + ") is outside 0.." +
                       std::to_string(members - 1) + " (the " + std::to_string(members) +
                       " Biome members of enum table '" + context.enums().origin() + "'); " +
                       (badPixels == 1 ? std::string("no other pixel is out of range")
                                       : std::to_string(badPixels) +
                                             " pixels are out of range, this is the first") +
                       "; a newer generator's biomes need its enum table (--enums FILE)",
                   payloadOffset + index, pixel);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "BIOM: the biome grid", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<BiomesCodec>());
});
