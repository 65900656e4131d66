// SPDX-License-Identifier: MIT
// The root tileset.json of the largest worlds, written from summaries alone:
// a 32768² world (the format's largest map) and a 16 x 16 layout of 8192²
// have every tile's content summarized as a real export would, without the
// hours and the gigabytes of exporting them.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <filesystem>

#include "../tile_summary.hpp"
#include "../tileset_json.hpp"
#include "mesh_checks.hpp"
#include "tool_runner.hpp"

using namespace isla_3dtiles;
namespace fs = std::filesystem;

namespace {

constexpr std::int32_t kLeafCells = 256;  // the exporter's default tile
constexpr std::uintmax_t kMebibyte = 1024 * 1024;

// Every tile of a world of `cells` x `cells` cells exists, with a relief of
// its own and a measured error above the branch end, as over land.
std::vector<LevelSummaries> landEverywhere(std::int64_t cells) {
  std::int32_t leaf = 0;
  while ((std::int64_t{kLeafCells} << leaf) < cells) ++leaf;
  std::vector<LevelSummaries> levels(static_cast<std::size_t>(leaf) + 1);
  for (std::int32_t level = 0; level <= leaf; ++level) {
    const std::int64_t side = std::int64_t{kLeafCells} << (leaf - level);
    LevelSummaries& summaries = levels[static_cast<std::size_t>(level)];
    summaries.columns = summaries.rows = (cells + side - 1) / side;
    summaries.tiles.assign(static_cast<std::size_t>(summaries.columns * summaries.rows), {});
    for (std::int64_t z = 0; z < summaries.rows; ++z) {
      for (std::int64_t x = 0; x < summaries.columns; ++x) {
        const CellRect rect{x * side, std::min(cells, (x + 1) * side), z * side, std::min(cells, (z + 1) * side)};
        const double relief = static_cast<double>((x * 7 + z * 13) % 97);
        summarizeContent(summaries.at(x, z), rect, 2.0, -relief, 100.0 + relief,
                         level == leaf ? 0.0 : 0.25 * static_cast<double>(side / kLeafCells));
      }
    }
  }
  BOOST_REQUIRE(endBranches(levels).empty());
  nestChildren(levels);
  return levels;
}

struct Files {
  std::uintmax_t largest = 0;
  std::size_t count = 0;
};

Files tilesetFiles(const fs::path& stage) {
  Files files;
  for (const auto& entry : fs::directory_iterator(stage / kTileDirectory)) {
    files.largest = std::max(files.largest, entry.file_size());
    ++files.count;
  }
  return files;
}

void checkSmallRoot(std::int64_t cells, std::size_t expectedFiles) {
  const isla::test::TempDir stage;
  fs::create_directories(stage / kTileDirectory);
  writeTileset(stage.path(), TilesOptions{}, landEverywhere(cells), Extras{});
  const auto root = fs::file_size(stage / kTilesetJson);
  BOOST_TEST(root < kMebibyte, cells << " cells: tileset.json is " << root << " bytes");
  const Files files = tilesetFiles(stage.path());
  BOOST_TEST_MESSAGE(cells << " cells: tileset.json " << root << " bytes, " << files.count
                            << " external tilesets, the largest " << files.largest << " bytes");
  BOOST_TEST(files.count == expectedFiles);
  BOOST_TEST(files.largest < kMebibyte, "the largest external tileset is " << files.largest << " bytes");
  // Each file parses: the sizes are of real documents.
  BOOST_TEST(boost::json::parse(isla::test::readText(stage / kTilesetJson)).at("root").is_object());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_32768_square_worlds_root_tileset_stays_under_a_mebibyte) {
  // Leaves at level 7: the root file holds levels 0 to 3, 256 files levels 4 to 7.
  checkSmallRoot(32767, 256);
}

BOOST_AUTO_TEST_CASE(a_16_by_16_layout_of_8192_square_sources_keeps_a_small_root) {
  // 131072 cells, leaves at level 9: files start at levels 6 and 2 (16 + 4096 of them).
  checkSmallRoot(16 * 8191, 16 + 4096);
}
