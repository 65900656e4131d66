// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <isla/world/vertex_normal.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <span>
#include <sstream>

#include "glb_reader.hpp"
#include "mesh_checks.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const Exporter& exporter() { return shippedExporter("3dtiles"); }

std::string errorOf(const ExportValues& values) { return optionError(exporter(), values); }

boost::json::value readJson(const fs::path& path) { return boost::json::parse(readText(path)); }

double number(const boost::json::value& value) { return value.to_number<double>(); }

// An axis-aligned box in the tileset's frame (x east, y north, z up).
struct Box {
  std::array<double, 3> min{}, max{};

  bool holds(const std::array<double, 3>& p, double slack = 1e-6) const {
    for (std::size_t k = 0; k < 3; ++k) {
      if (p[k] < min[k] - slack || p[k] > max[k] + slack) return false;
    }
    return true;
  }
};

Box boxOf(const boost::json::value& tile) {
  const auto& v = tile.at("boundingVolume").at("box").as_array();
  BOOST_TEST_REQUIRE(v.size() == 12U);
  Box box;
  for (std::size_t k = 0; k < 3; ++k) {
    // Our boxes are axis-aligned: half-axis k has only its own component.
    for (std::size_t j = 0; j < 3; ++j) {
      if (j != k) BOOST_TEST_REQUIRE(number(v[3 + 3 * k + j]) == 0.0);
    }
    const double half = number(v[3 + 4 * k]);
    BOOST_TEST_REQUIRE(half >= 0.0);
    box.min[k] = number(v[k]) - half;
    box.max[k] = number(v[k]) + half;
  }
  return box;
}

std::int64_t key(double x, double z) { return std::llround(x) * 1000003 + std::llround(z); }

// Walks a tileset of a world exported with spacing 1 (world metres are
// sample indices) and checks every tile: content inside its box, children
// inside their parent's, errors strictly falling toward the leaves, every
// surface vertex a sample with its height and full-grid normal, leaves
// exactly the package's samples and triangles, and above them no grid
// point farther from the surface than the tile's geometricError (the error
// the tile measured, when it says one).
class TreeWalk {
 public:
  TreeWalk(const World& world, fs::path dir) : world_(world), dir_(std::move(dir)) {
    for (std::size_t p = 0; p < world.patches.size(); ++p) {
      const auto& rows = heights_.emplace_back(patchHeights(world, p));
      const Patch& patch = world.patches[p];
      for (std::size_t z = 0; z < rows.size(); ++z) {
        for (std::size_t x = 0; x < rows[z].size(); ++x) {
          samples_.emplace(key(patch.originX + static_cast<double>(x), patch.originZ + static_cast<double>(z)),
                           rows[z][x]);
        }
        cells_ += 2 * (rows[z].size() - 1) * (z > 0 ? 1 : 0);
      }
    }
  }

  void walk(const boost::json::value& tile, const Box& parent, double parentError, int level) {
    const Box box = boxOf(tile);
    for (const auto& corner : {box.min, box.max})
      BOOST_TEST_REQUIRE(parent.holds(corner), "a box outside its parent's");
    const double error = number(tile.at("geometricError"));
    BOOST_TEST_REQUIRE(error < parentError, "an error not below its parent's at level " << level);
    const auto& object = tile.as_object();
    const bool leaf = !object.contains("children") || object.at("children").as_array().empty();
    if (object.contains("content")) content(tile, box, error, leaf, level);
    if (!leaf) {
      for (const auto& child : object.at("children").as_array()) walk(child, box, error, level + 1);
    }
  }

  // Every sample of every patch was a vertex of a leaf, with its height.
  void checkLeavesCoverEverySample() const {
    BOOST_TEST(leafSamples_.size() == samples_.size());
    BOOST_TEST(leafTriangles_ == cells_);
  }
  const std::set<int>& levels() const { return levels_; }
  std::size_t interiorTiles() const { return interior_; }

 private:
  void content(const boost::json::value& tile, const Box& box, double error, bool leaf, int level) {
    const std::string uri(tile.at("content").at("uri").as_string());
    const GlbFile glb = readGlb(dir_ / uri);
    const bool terrain = uri.starts_with("tiles/");
    if (terrain) levels_.insert(level);
    if (terrain && leaf) BOOST_TEST_REQUIRE(error == 0.0, uri << " is a leaf with an error");
    double measured = error;
    if (tile.as_object().contains("extras")) measured = number(tile.at("extras").at("measured_error_m"));
    double worst = 0;
    for (const GlbNode& node : glb.nodes) {
      for (const GlbPrimitive& primitive : node.primitives) {
        std::vector<std::array<double, 3>> world;  // X east, Y up, Z south
        for (const auto& p : primitive.positions) {
          const std::array<double, 3> w{node.translation[0] + p[0], node.translation[1] + p[1],
                                        node.translation[2] + p[2]};
          if (!box.holds({w[0], -w[2], w[1]})) BOOST_FAIL(uri << " has a vertex outside its box");
          world.push_back(w);
        }
        const bool skirt = primitive.extras.is_object();
        if (!terrain || skirt) continue;
        // A leaf's surface is triangle strips, a row of cells each; the coarser tiles' triangles.
        BOOST_TEST((primitive.mode == 5) == leaf, uri);
        const std::vector<std::uint32_t> triangles =
            primitive.mode == 5 ? stripTriangles(primitive.indices) : primitive.indices;
        // The surface's vertices (the skirts' share the vertex streams): a
        // sample of the node's patch, its height and its full-grid normal.
        const std::size_t p = patchIndex(world_, std::string(node.extras.at("patch").as_string()));
        for (const std::uint32_t index : std::set<std::uint32_t>(triangles.begin(), triangles.end())) {
          const auto& w = world.at(index);
          const auto found = samples_.find(key(w[0], w[2]));
          if (found == samples_.end() || static_cast<float>(w[1]) != found->second) {
            BOOST_FAIL(uri << " has a vertex that is not a sample at " << w[0] << "," << w[2]);
          }
          if (primitive.normals.at(index) != expectedNormal(p, w))
            BOOST_FAIL(uri << " normal at " << w[0] << "," << w[2]);
          if (leaf) leafSamples_.insert(found->first);
        }
        if (leaf) {
          leafTriangles_ += triangles.size() / 3;
          checkContractTriangles(uri, world, triangles);
        } else {
          worst = std::max(worst, verticalError(world, triangles));
        }
      }
    }
    if (terrain && !leaf) {
      ++interior_;
      BOOST_TEST(worst <= error + 1e-4, uri << ": " << worst << " m off, geometricError " << error);
      BOOST_TEST(std::abs(worst - measured) <= 1e-3, uri << ": " << worst << " m off, measured " << measured);
    }
  }

  // The canonical normal on a shared edge, else the surface's from the full grid.
  std::array<float, 3> expectedNormal(std::size_t p, const std::array<double, 3>& w) const {
    const Patch& patch = world_.patches[p];
    const std::int32_t x = sampleIndex(w[0], patch.originX, 1), z = sampleIndex(w[2], patch.originZ, 1);
    const auto row = [&](std::int32_t r) {
      return std::span<const float>(heights_[p].at(static_cast<std::size_t>(r)));
    };
    const Normal n =
        vertexNormal(world_, patch, x, z, {row(std::max(z - 1, 0)), row(z), row(std::min(z + 1, patch.pointsZ - 1))});
    return {static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)};
  }

  // {NW, SE, NE} or {NW, SW, SE} of one cell: the contract's split.
  static void checkContractTriangles(const std::string& uri, const std::vector<std::array<double, 3>>& world,
                                     const std::vector<std::uint32_t>& indices) {
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      // From its north-west corner (a strip's triangles start where the strip has them).
      std::array<std::array<double, 3>, 3> corners{world.at(indices[t]), world.at(indices[t + 1]),
                                                   world.at(indices[t + 2])};
      std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end(), [](const auto& p, const auto& q) {
                    return p[0] + p[2] < q[0] + q[2];
                  }), corners.end());
      const auto& [a, b, c] = corners;
      const bool upper = b[0] == a[0] + 1 && b[2] == a[2] + 1 && c[0] == a[0] + 1 && c[2] == a[2];
      const bool lower = b[0] == a[0] && b[2] == a[2] + 1 && c[0] == a[0] + 1 && c[2] == a[2] + 1;
      if (!upper && !lower) BOOST_FAIL(uri << " has a triangle that is not the contract's at " << a[0] << "," << a[2]);
    }
  }

  // The largest vertical distance between the surface and a sample under it.
  double verticalError(const std::vector<std::array<double, 3>>& world,
                       const std::vector<std::uint32_t>& indices) const {
    double worst = 0;
    for (std::size_t t = 0; t < indices.size(); t += 3) {
      const auto &a = world.at(indices[t]), &b = world.at(indices[t + 1]), &c = world.at(indices[t + 2]);
      forEachSampleUnder({{a[0], b[0], c[0]}, {a[1], b[1], c[1]}, {a[2], b[2], c[2]}},
                         [&](std::int32_t x, std::int32_t z, double height) {
                           const float sample = samples_.at(key(x, z));
                           worst = std::max(worst, std::abs(height - sample));
                         });
    }
    return worst;
  }

  const World& world_;
  fs::path dir_;
  std::vector<std::vector<std::vector<float>>> heights_;  // by patch, its rows
  std::map<std::int64_t, float> samples_;
  std::set<std::int64_t> leafSamples_;
  std::size_t cells_ = 0, leafTriangles_ = 0, interior_ = 0;
  std::set<int> levels_;
};

std::vector<fs::path> glbFiles(const fs::path& directory) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.path().extension() == ".glb") out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

boost::test_tools::assertion_result validatorOrCi(boost::unit_test::test_unit_id) {
  return gltfValidatorOrCi(ISLA_3DTILES_NODE_MODULES);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(tiles3d)

BOOST_AUTO_TEST_CASE(registers_with_its_options_and_no_package_validator) {
  BOOST_TEST(exporter().name() == "3dtiles");
  BOOST_TEST(exporter().packageValidator().empty());
  std::vector<std::string> names;
  for (const auto& spec : exporter().options()) names.push_back(spec.name);
  BOOST_TEST((names == std::vector<std::string>{"tile", "error", "origin"}));
}

BOOST_AUTO_TEST_CASE(bad_options_say_what_they_take) {
  const std::string tiles = "one of 16, 32, 64, 128, 256, 512, 1024, 2048, 4096";
  BOOST_TEST(errorOf({{"tile", "100"}}) == "3dtiles: option 'tile' takes " + tiles + ", not '100'");
  BOOST_TEST(errorOf({{"tile", "8192"}}) == "3dtiles: option 'tile' takes " + tiles + ", not '8192'");
  BOOST_TEST(errorOf({{"error", "0"}}) == "3dtiles: option 'error' takes a number of at least 0.001, not '0'");
  BOOST_TEST(errorOf({{"error", "nan"}}) == "3dtiles: option 'error' takes a number of at least 0.001, not 'nan'");
  BOOST_TEST(errorOf({{"origin", "91,0,0"}}) ==
             "option 'origin' takes a latitude in [-90, 90] and a longitude in [-180, 180]");
  BOOST_TEST(errorOf({{"origin", "1,2"}}) == "3dtiles: option 'origin' takes 3 numbers joined by ',', not '1,2'");
  BOOST_TEST(errorOf({{"origin", "1,2,3,4"}}) == "3dtiles: option 'origin' takes 3 numbers joined by ',', not '1,2,3,4'");
  BOOST_TEST(errorOf({{"tile", "64"}, {"error", "0.25"}, {"origin", "-33.9,151.2,20"}}) == "no error");
}

BOOST_AUTO_TEST_CASE(the_tree_holds_its_content_errors_fall_and_leaves_are_the_package) {
  // Two rows of three: strips, corners, and a world wider than deep.
  const World world = buildTestWorld({.rows = 2, .cols = 3, .mapSize = 256});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "64"}, {"error", "0.25"}}, 2);
  const auto tileset = readJson(stage / "tileset.json");
  BOOST_TEST(tileset.at("asset").at("version").as_string() == "1.1");
  const auto& root = tileset.at("root");
  BOOST_TEST(root.at("refine").as_string() == "ADD");
  BOOST_TEST(!root.as_object().contains("transform"));
  const auto& terrain = root.at("children").at(0);
  BOOST_TEST(terrain.at("refine").as_string() == "REPLACE");
  TreeWalk walk(world, stage.path());
  const Box everything{{-1e30, -1e30, -1e30}, {1e30, 1e30, 1e30}};
  walk.walk(root, everything, number(tileset.at("geometricError")) * 2, 0);
  walk.checkLeavesCoverEverySample();
  BOOST_TEST(walk.levels().size() >= 4U);
  BOOST_TEST(walk.interiorTiles() > 4U);
}

BOOST_AUTO_TEST_CASE(water_and_scenery_carry_the_worlds_ids) {
  const World world = buildTestWorld({.rows = 1, .cols = 2, .mapSize = 256});
  const TempDir stage;
  exportWorld(exporter(), world, stage.path(), {{"tile", "1024"}});
  std::size_t regions = 0;
  for (const WaterRegion& region : world.waterRegions)
    regions += region.maxX > region.minX && region.maxZ > region.minZ;
  BOOST_TEST_REQUIRE(regions > 0U);
  const GlbFile water = readGlb(stage / "water.glb");
  BOOST_TEST_REQUIRE(water.nodes.size() == regions);
  std::size_t r = 0;
  for (const WaterRegion& region : world.waterRegions) {
    if (!(region.maxX > region.minX && region.maxZ > region.minZ)) continue;
    const GlbNode& node = water.nodes[r++];
    BOOST_TEST(node.extras.at("id").as_string() == region.id);
    BOOST_TEST(number(node.extras.at("level_m")) == region.levelM);
    std::set<std::array<double, 3>> corners, footprint;
    for (const auto& p : node.primitives.at(0).positions) {
      corners.insert({node.translation[0] + p[0], node.translation[1] + p[1], node.translation[2] + p[2]});
    }
    for (const double x : {region.minX, region.maxX}) {
      for (const double z : {region.minZ, region.maxZ}) footprint.insert({x, region.levelM, z});
    }
    BOOST_TEST((corners == footprint));
  }
  std::set<std::string> ids, seen;
  for (const Scenery& scenery : world.scenery) {
    for (const auto& town : scenery.entities) ids.insert(town.id);
    for (const auto& road : scenery.roads) ids.insert(road.id);
  }
  BOOST_TEST_REQUIRE(!ids.empty());
  const GlbFile scenery = readGlb(stage / "scenery.glb");
  for (const GlbNode& node : scenery.nodes) seen.insert(std::string(node.extras.at("id").as_string()));
  BOOST_TEST((seen == ids));
  const auto tileset = readJson(stage / "tileset.json");
  std::set<std::string> uris;
  for (const auto& child : tileset.at("root").at("children").as_array()) {
    if (child.as_object().contains("content")) uris.insert(std::string(child.at("content").at("uri").as_string()));
  }
  BOOST_TEST(uris.count("water.glb") == 1U);
  BOOST_TEST(uris.count("scenery.glb") == 1U);
}

BOOST_AUTO_TEST_CASE(an_origin_puts_the_root_in_the_east_north_up_frame_there) {
  const World world = buildTestWorld({.rows = 1, .cols = 1, .mapSize = 256});
  const auto transformAt = [&](const std::string& origin) {
    const TempDir stage;
    exportWorld(exporter(), world, stage.path(), {{"tile", "256"}, {"origin", origin}});
    const auto tileset = readJson(stage / "tileset.json");
    std::vector<double> out;
    for (const auto& v : tileset.at("root").at("transform").as_array()) out.push_back(number(v));
    return out;
  };
  // On the equator at 0 E: east is ECEF y, north z, up x, a semi-major axis out.
  const std::vector<double> equator = transformAt("0,0,0");
  const std::vector<double> expected{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 6378137, 0, 0, 1};
  BOOST_TEST_REQUIRE(equator.size() == 16U);
  for (std::size_t k = 0; k < 16; ++k) BOOST_TEST(std::abs(equator[k] - expected[k]) < 1e-9, "element " << k);
  // At the north pole, 100 m up: the semi-minor axis and 100 m along z.
  const std::vector<double> pole = transformAt("90,0,100");
  BOOST_TEST(std::abs(pole[14] - (6356752.314245 + 100)) < 1e-3);
  BOOST_TEST(std::abs(pole[12]) < 1e-6);
}

BOOST_AUTO_TEST_CASE(the_same_bytes_on_one_thread_or_two) {
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir one, two;
  exportWorld(exporter(), world, one.path(), {{"tile", "64"}}, 1);
  exportWorld(exporter(), world, two.path(), {{"tile", "64"}}, 2);
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(one.path())) {
    if (!entry.is_regular_file()) continue;
    const fs::path relative = fs::relative(entry.path(), one.path());
    BOOST_TEST((readFile(entry.path()) == readFile(two / relative.string())), relative);
    ++files;
  }
  BOOST_TEST(files > 20U);
}

BOOST_AUTO_TEST_CASE(the_khronos_validator_finds_no_error_in_any_glb, *boost::unit_test::precondition(validatorOrCi)) {
  BOOST_TEST_REQUIRE(gltfValidatorInstalled(ISLA_3DTILES_NODE_MODULES),
                     "node or the npm gltf-validator is missing: run scripts/install-deps");
  const World world = buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256});
  const TempDir stage, scratch;
  exportWorld(exporter(), world, stage.path(), {{"tile", "128"}});
  const std::vector<fs::path> files = glbFiles(stage.path());
  const ValidatorRun run =
      runGltfValidator(ISLA_3DTILES_NODE_MODULES, ISLA_3DTILES_VALIDATE_SCRIPT, files, scratch.path());
  BOOST_TEST(run.status == 0, run.report);
  BOOST_TEST(run.clean == files.size(), run.report);
  BOOST_TEST(files.size() > 10U);
}

BOOST_AUTO_TEST_CASE(the_command_line_exports_a_tileset_and_a_bad_option_writes_nothing) {
  const TempDir dir;
  writeFile(dir / "island.dat", encode(makeSample(256)).v2());
  const ToolRun bad = runTool({"export", (dir / "island.dat").string(), (dir / "bad").string(), "--quiet", "--exporter",
                               "3dtiles", "--option", "origin=91,0,0"});
  BOOST_TEST(bad.exitCode == 2);
  BOOST_TEST(bad.err.find("exporter '3dtiles' (plugin 3dtiles): option 'origin' takes a latitude in [-90, 90]") !=
                 std::string::npos,
             bad.err);
  BOOST_TEST(!fs::exists(dir / "bad"));
  const ToolRun good = runTool({"export", (dir / "island.dat").string(), (dir / "good").string(), "--quiet",
                                "--exporter", "3dtiles", "--option", "tile=64", "--option", "origin=43.5,16.4,0"});
  BOOST_TEST(good.exitCode == 0, good.err);
  const auto tileset = readJson(dir / "good" / "tileset.json");
  BOOST_TEST(tileset.at("root").as_object().contains("transform"));
  BOOST_TEST(fs::exists(dir / "good" / "tiles" / "0_0_0.glb"));
  BOOST_TEST(fs::exists(dir / "good" / "tiles" / "2_3_3.glb"));
  const ToolRun options = runTool({"plugins", "--options", "3dtiles"});
  BOOST_TEST(options.exitCode == 0, options.err);
  for (const char* name : {"tile (one of 16, 32, 64, 128, 256, 512, 1024, 2048, 4096; default '256')",
                           "error (a number of at least 0.001; default '0.5')",
                           "origin (3 numbers joined by ','; default none)"}) {
    BOOST_TEST(options.out.find(name) != std::string::npos, options.out);
  }
}

BOOST_AUTO_TEST_SUITE_END()
