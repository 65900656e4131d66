// SPDX-License-Identifier: MIT
// The material layer images as a user asks for them (`run compile ...`):
// unity's splat maps, unreal's weight maps and png's world weight images,
// read back by real consumers: pngcheck every image, Pillow every pixel
// (check_weights.py: each sums to 255 over a tile's images, neighbouring
// tiles agree on their shared edges, unreal's tiles stitched are png's
// world images), and GDAL one image of each kind.
#include <boost/json.hpp>
#include <boost/test/unit_test.hpp>

#include <fstream>

#include "export_workspace.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// check_weights.py's report on `spec` (its JSON input).
boost::json::object checkWeights(const fs::path& dir, const boost::json::object& spec) {
  const fs::path file = dir / "weights-spec.json";
  std::ofstream(file) << boost::json::serialize(spec);
  return boost::json::parse(runScript(fs::path(ISLA_PNG_TEST_DIR) / "check_weights.py", {file})).as_object();
}

boost::json::array paths(const fs::path& dir, const boost::json::array& files) {
  boost::json::array out;
  for (const auto& file : files) out.emplace_back((dir / std::string(file.as_string())).string());
  return out;
}

std::int64_t count(const boost::json::object& report, const char* key) { return report.at(key).as_int64(); }

boost::json::object tileSpec(const boost::json::value& x, const boost::json::value& z, boost::json::array images) {
  return {{"x", x}, {"z", z}, {"images", std::move(images)}};
}

// The spec of one tile (0, 0) of `images`.
boost::json::object oneTile(boost::json::array images) {
  return {{"tiles", boost::json::array{tileSpec(0, 0, std::move(images))}}};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(material_maps)

BOOST_AUTO_TEST_CASE(unity_splat_maps_sum_to_255_agree_on_their_edges_and_are_the_world_weights) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);  // 515 samples: 3 x 3 tiles of 257
  for (const std::string jobs : {"1", "2"}) {
    const auto run = runTool({"run", "compile", layout, workspace.path("unity" + jobs), "--exporter", "unity",
                              "--option", "resolution=257", "--option", "splat=true", "--option", "blend_m=6",
                              "--jobs", jobs, "--quiet"});
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  }
  const fs::path out = workspace.path("unity1");
  const auto sidecar = readJson(out / "unity.json");
  const auto& splat = sidecar.at("splat").as_object();
  BOOST_TEST(splat.at("alphamap_resolution").as_int64() == 256);
  BOOST_TEST(splat.at("blend_m").to_number<double>() == 6.0);
  const auto& layers = splat.at("layers").as_array();
  BOOST_TEST(layers.size() >= 5u);
  BOOST_TEST(layers[layers.size() - 2].as_string() == "road");
  BOOST_TEST(layers.back().as_string() == "water");

  boost::json::array tiles;
  std::size_t images = 0;
  for (const auto& entry : sidecar.at("tiles").as_array()) {
    const auto& tile = entry.as_object();
    const auto& maps = tile.at("splat").as_array();
    BOOST_TEST(maps.size() == (layers.size() + 3) / 4);
    boost::json::array files;
    for (std::size_t image = 0; image < maps.size(); ++image) {
      const auto& map = maps[image].as_object();
      BOOST_TEST(map.at("file").as_string() ==
                 std::string(tile.at("name").as_string()) + "_splat" + std::to_string(image) + ".png");
      // Channel c of image i: layer 4 i + c, or none past the last.
      const auto& channels = map.at("channels").as_array();
      for (std::size_t c = 0; c < 4; ++c) {
        const std::size_t layer = image * 4 + c;
        BOOST_TEST(channels[c].as_string() == (layer < layers.size() ? layers[layer].as_string() : ""));
      }
      files.push_back(map.at("file"));
      const std::string file(map.at("file").as_string());
      BOOST_TEST((readFile(out / file) == readFile(fs::path(workspace.path("unity2")) / file)), file);
    }
    images += files.size();
    tiles.push_back(tileSpec(tile.at("x"), tile.at("z"), paths(out, files)));
  }
  BOOST_TEST(tiles.size() == 9u);
  BOOST_TEST(static_cast<std::size_t>(checkEveryPng(out)) == images);
  // Each pixel is its sample's weights as png's world images have them
  // (strips, corners and the padding past the world's edge included).
  const auto png = workspace.compile(layout, "png", {"layers=weights", "blend_m=6"}, "png");
  BOOST_TEST_REQUIRE(png.exitCode == 0, png.err);
  const fs::path pngOut = workspace.path("png");
  const auto world = readJson(pngOut / "weights.json");
  BOOST_TEST(world.at("layers").as_array() == layers);
  const auto report = checkWeights(workspace.dir.path(),
                                   {{"tiles", tiles},
                                    {"world", paths(pngOut, world.at("files").as_array())},
                                    {"tile_samples", 257},
                                    {"gdal", boost::json::array{tiles[4].at("images").at(0)}}});
  BOOST_TEST(count(report, "pixels") == 9 * 256 * 256);
  BOOST_TEST(count(report, "bad_sums") == 0);
  BOOST_TEST(count(report, "seam_mismatches") == 0);
  BOOST_TEST(count(report, "stitched_mismatches") == 0);
  BOOST_TEST(count(report, "gdal_mismatches") == 0);
  for (const auto& mode : report.at("modes").as_array()) BOOST_TEST(mode.as_string() == "RGBA");

  const auto small = runTool({"run", "compile", layout, workspace.path("small"), "--exporter", "unity", "--option",
                              "splat=true", "--option", "splat_resolution=64", "--quiet"});
  BOOST_TEST_REQUIRE(small.exitCode == 0, small.err);
  const auto one = checkWeights(workspace.dir.path(), oneTile({workspace.path("small") + "/test_0_0_splat0.png"}));
  BOOST_TEST(one.at("sizes").as_array()[0] == (boost::json::array{64, 64}));
}

BOOST_AUTO_TEST_CASE(unreal_weight_maps_stitch_into_the_png_world_weights) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);  // 515 samples: 2 x 2 tiles of 505
  // Water faded in over 3 m of depth: the sums and the stitching hold as they do without.
  auto run = workspace.compile(layout, "unreal", {"size=505", "weights=true", "blend_m=12", "water_fade_m=3"}, "unreal");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  run = workspace.compile(layout, "png", {"layers=weights", "blend_m=12", "water_fade_m=3"}, "png");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path unreal = workspace.path("unreal"), png = workspace.path("png");

  const auto sidecar = readJson(unreal / "unreal.json");
  const auto& layers = sidecar.at("weights").at("layers").as_array();
  const auto world = readJson(png / "weights.json");
  BOOST_TEST(world.at("layers").as_array() == layers);
  BOOST_TEST(sidecar.at("weights").at("water_fade_m").to_number<double>() == 3.0);
  BOOST_TEST(world.at("water_fade_m").to_number<double>() == 3.0);
  BOOST_TEST(world.at("width_px").as_int64() == 515);
  boost::json::array tiles;
  for (const auto& entry : sidecar.at("tiles").as_array()) {
    const auto& tile = entry.as_object();
    const auto& files = tile.at("weight_files").as_array();
    BOOST_TEST_REQUIRE(files.size() == layers.size());
    for (std::size_t l = 0; l < files.size(); ++l) {
      // Unreal's tiled import: NAME_LAYER_x<column>_y<row>.
      BOOST_TEST(files[l].as_string() == "test_" + std::string(layers[l].as_string()) + "_x" +
                                            std::to_string(tile.at("x").as_int64()) + "_y" +
                                            std::to_string(tile.at("z").as_int64()) + ".png");
    }
    tiles.push_back(tileSpec(tile.at("x"), tile.at("z"), paths(unreal, files)));
  }
  BOOST_TEST(tiles.size() == 4u);
  BOOST_TEST(static_cast<std::size_t>(checkEveryPng(unreal)) == 4 * (layers.size() + 1));
  BOOST_TEST(static_cast<std::size_t>(checkEveryPng(png)) == layers.size());
  const boost::json::array worldImages = paths(png, world.at("files").as_array());
  const auto report = checkWeights(workspace.dir.path(), {{"tiles", tiles},
                                                          {"world", worldImages},
                                                          {"gdal", boost::json::array{tiles[3].at("images").at(0), worldImages.back()}}});
  BOOST_TEST(count(report, "pixels") == 4 * 505 * 505);
  BOOST_TEST(count(report, "bad_sums") == 0);
  BOOST_TEST(count(report, "seam_mismatches") == 0);
  BOOST_TEST(count(report, "stitched_mismatches") == 0);
  BOOST_TEST(count(report, "gdal_mismatches") == 0);
  for (const auto& size : report.at("sizes").as_array()) BOOST_TEST(size == (boost::json::array{505, 505}));
  for (const auto& mode : report.at("modes").as_array()) BOOST_TEST(mode.as_string() == "L");
  // Every pixel of the world images sums to 255 too.
  const auto whole = checkWeights(workspace.dir.path(), oneTile(worldImages));
  BOOST_TEST(count(whole, "pixels") == 515 * 515);
  BOOST_TEST(count(whole, "bad_sums") == 0);
}

BOOST_AUTO_TEST_CASE(a_bad_layer_mapping_is_refused_naming_the_file_and_key_and_nothing_is_written) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const std::string mapping = workspace.path("map.json");
  std::ofstream(mapping) << R"({"layers": [{"name": "all", "classes": ["Forest", "Forset"]}]})";
  for (const std::string exporter : {"unity", "unreal", "png"}) {
    const std::string wanted = exporter == "unity" ? "splat=true" : exporter == "unreal" ? "weights=true" : "layers=weights";
    const auto run = workspace.compile(layout, "out", {wanted, "layer_map=" + mapping}, exporter);
    BOOST_TEST(run.exitCode == 1, exporter);
    BOOST_TEST(contains(run.err, "layer mapping " + mapping +
                                     ", key /layers/0/classes/1: 'Forset' is no class; the classes are Ocean, Lake"),
               run.err);
    BOOST_TEST(!fs::exists(workspace.path("out")));
  }
}

BOOST_AUTO_TEST_SUITE_END()
