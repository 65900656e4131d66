// SPDX-License-Identifier: MIT
// A package read back as a World (isla/world/package_world.hpp): every
// height, edge sample and normal exactly the package's JSON, the scenery and
// the water regions it lists, the height ramp's biome classes; a broken
// package refused naming the file and the JSON pointer, and the compile job
// refusing, before reading it, a package its validator rejects.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>

#include <isla/base/io_error.hpp>
#include <isla/compile/compile.hpp>
#include <isla/world/package_world.hpp>

#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;

namespace {

namespace json = boost::json;

json::value readJson(const std::filesystem::path& file) {
  const auto bytes = readFile(file);
  return json::parse(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

void writeJson(const std::filesystem::path& file, const json::value& value) {
  const std::string text = json::serialize(value);
  writeFile(file, std::as_bytes(std::span(text)));
}

// The pair layout of world_fixture.hpp compiled into <dir>/package.
struct CompiledPackage {
  TempDir dir;
  std::filesystem::path package = dir / "package";
  CompiledPackage() {
    CompileRequest request;
    request.layout = writePairLayout(dir.path());
    request.output = package;
    request.threads = 2;
    NoProgress progress;
    compileWorld(sharedKernel(), request, progress);
  }
  // A copy to break: the compiled one stays valid.
  std::filesystem::path copy(const std::string& name) const {
    const auto target = dir / name;
    std::filesystem::copy(package, target, std::filesystem::copy_options::recursive);
    return target;
  }
};

std::string packageRefusal(const std::filesystem::path& package) {
  try {
    readPackageWorld(package, sharedKernel().enums(), 1);
  } catch (const PackageReadError& error) {
    return error.what();
  }
  return "no refusal";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_package_reads_back_as_the_world_it_holds) {
  const CompiledPackage compiled;
  const World world = readPackageWorld(compiled.package, sharedKernel().enums(), 2);
  const json::value descriptor = readJson(compiled.package / "world.json");
  BOOST_TEST(world.name == "pair");
  BOOST_TEST(world.rows == 1);
  BOOST_TEST(world.cols == 2);
  BOOST_TEST_REQUIRE(world.patches.size() == 3U);
  BOOST_TEST(world.sources.size() == 2U);
  BOOST_TEST(world.settings.gapCells == 6);
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const Patch& patch = world.patches[p];
    const json::value terrain = readJson(compiled.package / "terrain" / (patch.id + ".json"));
    const auto heights = patchHeights(world, p);
    const json::array& rows = terrain.at("heights_m").as_array();
    BOOST_TEST_REQUIRE(heights.size() == rows.size());
    for (std::size_t z = 0; z < rows.size(); ++z) {
      const json::array& row = rows[z].as_array();
      BOOST_TEST_REQUIRE(heights[z].size() == row.size());
      for (std::size_t x = 0; x < row.size(); ++x) {
        BOOST_TEST_REQUIRE(heights[z][x] == static_cast<float>(row[x].to_number<double>()),
                           patch.id << " (" << x << ", " << z << ")");
      }
    }
  }
  const json::value boundaries = readJson(compiled.package / "boundaries.json");
  const json::array& edges = boundaries.at("edges").as_array();
  BOOST_TEST_REQUIRE(world.edges.size() == edges.size());
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const json::array& normals = edges[e].at("normals").as_array();
    BOOST_TEST_REQUIRE(world.edges[e].normals.size() == normals.size());
    for (std::size_t k = 0; k < normals.size(); ++k) {
      BOOST_TEST(world.edges[e].normals[k].y == normals[k].as_array()[1].to_number<double>());
    }
    const Patch& west = world.patches[world.edges[e].members[0].patch];
    BOOST_TEST((west.edges[static_cast<std::size_t>(world.edges[e].members[0].side)] == e));
  }
  BOOST_TEST(world.waterRegions.size() == descriptor.at("water_regions").as_array().size());
  for (std::size_t s = 0; s < world.sources.size(); ++s) {
    const json::value scenery = readJson(compiled.package / "scenery" / (world.sources[s].id + ".json"));
    BOOST_TEST(world.scenery[s].entities.size() == scenery.at("entities").as_array().size());
    BOOST_TEST(world.scenery[s].roads.size() == scenery.at("roads").as_array().size());
  }
}

BOOST_AUTO_TEST_CASE(the_height_ramp_colours_the_lowest_sample_ocean_or_shore_and_the_highest_snow) {
  const CompiledPackage compiled;
  const World world = readPackageWorld(compiled.package, sharedKernel().enums(), 1);
  const auto& enums = sharedKernel().enums();
  float top = -1e30F;
  for (const auto& heights : *world.heldHeights) top = std::max(top, *std::max_element(heights.begin(), heights.end()));
  bool sawTop = false;
  for (const WorldSource& source : world.sources) {
    const auto* biomes = source.role<BiomeGrid>();
    BOOST_TEST_REQUIRE(biomes != nullptr);
    const auto& heights = (*world.heldHeights)[source.patch];
    const std::int64_t n = world.mapSize;
    const std::int64_t lowest = std::min_element(heights.begin(), heights.end()) - heights.begin();
    // Under water when a region of the source lies above it; else the shore of a source without water.
    const bool underWater = std::any_of(world.waterRegions.begin(), world.waterRegions.end(), [&](const WaterRegion& r) {
      return &world.sources[r.source] == &source && r.levelM > heights[static_cast<std::size_t>(lowest)];
    });
    BOOST_TEST(biomes->classes.at<std::uint8_t>(lowest % n, lowest / n) ==
               *enums.ordinal("Biome", underWater ? "Ocean" : "Beach"));
    const std::int64_t highest = std::max_element(heights.begin(), heights.end()) - heights.begin();
    if (heights[static_cast<std::size_t>(highest)] == top) {
      sawTop = true;
      BOOST_TEST(biomes->classes.at<std::uint8_t>(highest % n, highest / n) == *enums.ordinal("Biome", "Snow"));
    }
  }
  BOOST_TEST(sawTop);
}

BOOST_AUTO_TEST_CASE(a_broken_package_is_refused_by_file_and_pointer) {
  const CompiledPackage compiled;
  const auto shortRow = compiled.copy("short-row");
  json::value terrain = readJson(shortRow / "terrain" / "p-0-0.json");
  terrain.at("heights_m").as_array()[3].as_array().pop_back();
  writeJson(shortRow / "terrain" / "p-0-0.json", terrain);
  const std::string shortRowRefusal = packageRefusal(shortRow);
  BOOST_TEST(shortRowRefusal.find("terrain/p-0-0.json: /heights_m/3: holds 255 values, not 256; check the package "
                                  "with `isla-tool validate`, or compile it again") != std::string::npos,
             shortRowRefusal);

  const auto unknownOwner = compiled.copy("unknown-owner");
  json::value boundaries = readJson(unknownOwner / "boundaries.json");
  boundaries.at("edges").as_array()[0].as_object()["owner"] = "p-9-9";
  writeJson(unknownOwner / "boundaries.json", boundaries);
  const std::string ownerRefusal = packageRefusal(unknownOwner);
  BOOST_TEST(ownerRefusal.find("boundaries.json: /edges/0/owner: names 'p-9-9', which the package does not define") !=
                 std::string::npos,
             ownerRefusal);

  const auto noWorld = compiled.copy("no-world");
  std::filesystem::remove(noWorld / "world.json");
  BOOST_CHECK_THROW(readPackageWorld(noWorld, sharedKernel().enums(), 1), IoError);
}

BOOST_AUTO_TEST_CASE(the_compile_job_refuses_a_package_its_validator_rejects_and_one_to_write_again) {
  const CompiledPackage compiled;
  const auto broken = compiled.copy("broken");
  json::value terrain = readJson(broken / "terrain" / "p-0-1.json");
  terrain.at("heights_m").as_array()[0].as_array()[0] = 1e6;
  writeJson(broken / "terrain" / "p-0-1.json", terrain);
  CompileRequest request;
  request.package = broken;
  request.exporter = "3dtiles";
  request.output = compiled.dir / "tiles";
  NoProgress progress;
  try {
    compileWorld(sharedKernel(), request, progress);
    BOOST_FAIL("a package with a changed terrain file was exported");
  } catch (const CompileError& error) {
    BOOST_TEST(std::string(error.what()) == broken.string() + " is not a valid terrain-world-v1 package; nothing "
                                                              "was written");
    BOOST_TEST(describe(error.diagnostics()).find("p-0-1.json") != std::string::npos, describe(error.diagnostics()));
  }
  BOOST_TEST(!std::filesystem::exists(request.output));

  request.package = compiled.package;
  request.exporter = "terrain-world-v1";
  try {
    compileWorld(sharedKernel(), request, progress);
    BOOST_FAIL("a package was written again as itself");
  } catch (const CompileError& error) {
    BOOST_TEST(std::string(error.what()).find("is a terrain-world-v1 package already") != std::string::npos);
  }
}
