// SPDX-License-Identifier: MIT
// The png exporter as a user drives it (`run compile ... --exporter png`),
// with real consumers reading every output back: pngcheck on every PNG, and
// Pillow (test/decode_png.py) decoding the pixels, which are compared with
// the World's heights (within half a step) and the sources' own grids.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include <isla/base/fourcc.hpp>
#include <isla/model/raster.hpp>

#include "export_workspace.hpp"
#include "raster_rows.hpp"
#include "written_number.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// The heights of `patches` in World order, with where each lands in the image.
struct PlacedHeight {
  std::int64_t column, row;
  double metres;   // the World's float32
  double written;  // as the package writes it (written_number.hpp)
};

std::vector<PlacedHeight> placedHeights(const World& world, const std::vector<std::size_t>& patches, double originX,
                                        double originZ) {
  std::vector<PlacedHeight> out;
  for (const std::size_t p : patches) {
    const Patch& patch = world.patches[p];
    const auto column = std::llround((patch.originX - originX) / world.settings.spacingM);
    const auto row = std::llround((patch.originZ - originZ) / world.settings.spacingM);
    PatchRows rows = world.heights(p);
    for (std::int32_t z = 0; z < patch.pointsZ; ++z) {
      const auto heights = rows.row(z);
      for (std::int32_t x = 0; x < patch.pointsX; ++x) {
        const float height = heights[static_cast<std::size_t>(x)];
        out.push_back({column + x, row + z, static_cast<double>(height), asWritten(height)});
      }
    }
  }
  return out;
}

// Every pixel of a heightmap is the nearest of 65536 levels spanning its
// patches' own lowest..highest height as written, computed here from the
// World: the level rebuilt as min + value * step is within half a step of
// the height (the README's promise), and the sidecar's min_m and step_m are
// that range's.
void checkHeights(const World& world, const fs::path& png, const std::vector<std::size_t>& patches) {
  const Decoded image = decode(png);
  BOOST_TEST((image.mode == "I" || image.mode == "I;16"));  // Pillow 9 says I, later ones I;16
  const auto sidecar = readJson(fs::path(png).replace_extension(".json"));
  const double originX = sidecar.at("origin_m").as_array()[0].to_number<double>();
  const double originZ = sidecar.at("origin_m").as_array()[1].to_number<double>();
  BOOST_TEST(sidecar.at("width_px").as_int64() == image.width);
  BOOST_TEST(contains(std::string(image.text.at("isla-height").as_string()), "height_m = min_m + value * step_m"));
  const auto heights = placedHeights(world, patches, originX, originZ);
  double lowestM = heights.front().written, highestM = lowestM;
  for (const auto& h : heights) lowestM = std::min(lowestM, h.written), highestM = std::max(highestM, h.written);
  const double step = (highestM - lowestM) / 65535.0;
  BOOST_TEST(sidecar.at("min_m").to_number<double>() == lowestM);
  BOOST_TEST(sidecar.at("step_m").to_number<double>() == step, boost::test_tools::tolerance(1e-12));
  std::uint16_t lowest = 65535, highest = 0;
  for (const auto v : image.pixels) lowest = std::min(lowest, v), highest = std::max(highest, v);
  BOOST_TEST(lowest == 0);  // the full range of its own min..max; a flat image is all 0
  BOOST_TEST(highest == (step > 0 ? 65535 : 0));
  // Half a step from the height, give or take the gap between the float32
  // and its written decimal, and a rounding error of the arithmetic.
  const double halfStep = step / 2 * (1 + 1e-9);
  std::int64_t far = 0;
  for (const auto& h : heights) {
    far += std::abs(lowestM + image.at(h.column, h.row) * step - h.metres) > halfStep + std::abs(h.written - h.metres);
  }
  BOOST_TEST(far == 0, png.filename() << ": " << far << " pixels more than half a step from the World's heights");
}

// The biome image's indices are the source's ordinals, its palette one
// entry a Biome member; wbid holds the ids, water 255 exactly where one is set.
void checkSourceLayers(const World& world, const fs::path& out) {
  const auto members = sharedKernel().enums().members("Biome");
  for (const WorldSource& source : world.sources) {
    const Raster& biome = *source.blueprint->get<Raster>(FourCC("BIOM"));
    const Raster& ids = *source.blueprint->get<Raster>(FourCC("WBID"));
    const Decoded indices = decode(out / "biome" / (source.id + ".png"));
    const Decoded wbid = decode(out / "wbid" / (source.id + ".png"));
    const Decoded water = decode(out / "water" / (source.id + ".png"));
    BOOST_TEST(indices.mode == "P");
    BOOST_TEST_REQUIRE(indices.palette.as_array().size() >= 3 * members.size());
    BOOST_TEST(indices.palette.as_array()[0].as_int64() == 28);  // Ocean's red
    BOOST_TEST(water.mode == "L");
    std::int64_t wrong = 0;
    for (std::int32_t x = 0; x < world.mapSize; ++x) {
      for (std::int32_t y = 0; y < world.mapSize; ++y) {
        const auto id = ids.at<std::uint16_t>(x, y);
        wrong += indices.at(x, y) != biome.at<std::uint8_t>(x, y);
        wrong += wbid.at(x, y) != id;
        wrong += water.at(x, y) != (id != 0 ? 255 : 0);
      }
    }
    BOOST_TEST(wrong == 0, source.id << ": " << wrong << " pixels differ from the source's grids");
  }
}

std::vector<std::size_t> allPatches(const World& world) {
  std::vector<std::size_t> out(world.patches.size());
  for (std::size_t p = 0; p < out.size(); ++p) out[p] = p;
  return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(png_exporter)

BOOST_AUTO_TEST_CASE(a_two_by_two_world_reads_back_through_pillow) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 2 + 3 * 4);
  const World world = workspace.world(layout);
  const auto sidecar = readJson(out / "heightmap.json");
  BOOST_TEST(sidecar.at("width_px").as_int64() == 2 * 255 + 4 + 1);
  const double span = sidecar.at("span_m").to_number<double>();
  BOOST_TEST(sidecar.at("unity").at("terrain_height_m").to_number<double>() == span);
  BOOST_TEST(sidecar.at("unreal").at("z_scale").to_number<double>() == span * 100 / 512,
             boost::test_tools::tolerance(1e-12));
  checkHeights(world, out / "heightmap.png", allPatches(world));
  checkSourceLayers(world, out);
  const Decoded relief = decode(out / "relief.png");
  BOOST_TEST(relief.mode == "RGB");
  BOOST_TEST(relief.width == sidecar.at("width_px").as_int64());
  BOOST_TEST(relief.height == sidecar.at("height_px").as_int64());
  // Towns are drawn over the relief; the world's corner is deep ocean, blue.
  const auto& town = world.scenery[0].entities.at(0).position;
  const auto townX = std::llround(town[0] / world.settings.spacingM), townZ = std::llround(town[2] / world.settings.spacingM);
  BOOST_TEST(relief.at(townX, townZ, 0) == 170);
  BOOST_TEST(relief.at(townX, townZ, 1) == 30);
  BOOST_TEST(relief.at(0, 0, 2) > relief.at(0, 0, 0));
  // Deep water is shaded as level, so no source shows as a square: every
  // pixel 40 m or more below the ocean's level has the deep colour.
  const Decoded heights = decode(out / "heightmap.png");
  const double minM = sidecar.at("min_m").to_number<double>(), step = sidecar.at("step_m").to_number<double>();
  double oceanM = 0;
  for (const WaterRegion& region : world.waterRegions) {
    if (region.kind == "ocean") oceanM = region.levelM;
  }
  std::int64_t deep = 0, shaded = 0;
  for (std::int64_t z = 0; z < relief.height; ++z) {
    for (std::int64_t x = 0; x < relief.width; ++x) {
      if (minM + heights.at(x, z) * step > oceanM - 40 || relief.at(x, z, 0) == 170) continue;  // not deep, or a town
      ++deep;
      shaded += relief.at(x, z, 0) != 13 || relief.at(x, z, 1) != 32 || relief.at(x, z, 2) != 76;
    }
  }
  BOOST_TEST(deep > relief.width * 4);
  BOOST_TEST(shaded == 0, shaded << " of " << deep << " deep-water pixels are not the deep colour");
}

BOOST_AUTO_TEST_CASE(tiles_patch_writes_one_heightmap_a_patch_over_its_own_range) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out", {"tiles=patch", "layers=heightmap", "compression=1"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 9);
  BOOST_TEST(!fs::exists(out / "heightmap.png"));
  BOOST_TEST(!fs::exists(out / "biome"));
  const World world = workspace.world(layout);
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    checkHeights(world, out / "heightmap" / (world.patches[p].id + ".png"), {p});
  }
}

BOOST_AUTO_TEST_CASE(a_one_by_one_world_is_its_source) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const auto run = workspace.compile(layout, "out", {"layers=heightmap,biome"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 2);
  BOOST_TEST(!fs::exists(out / "water"));
  const World world = workspace.world(layout);
  BOOST_TEST(readJson(out / "heightmap.json").at("width_px").as_int64() == 256);
  checkHeights(world, out / "heightmap.png", {0});
}

BOOST_AUTO_TEST_CASE(bad_options_name_the_valid_ones_and_write_nothing) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const std::pair<std::string, std::string> cases[] = {
      {"compression=10", "exporter 'png' (plugin png): option 'compression' takes an integer from 0 to 9, not '10'"},
      {"compression=fast",
       "exporter 'png' (plugin png): option 'compression' takes an integer from 0 to 9, not 'fast'"},
      {"tiles=source", "exporter 'png' (plugin png): option 'tiles' takes one of world, patch, not 'source'"},
      {"layers=heightmap,shade",
       "exporter 'png' (plugin png): option 'layers' takes one or more of heightmap, biome, wbid, water, relief, "
       "weights, comma-separated, not 'heightmap,shade'"},
      {"colour=red",
       "exporter 'png' (plugin png) has no option 'colour'; its options: layers, tiles, compression, blend_m, "
       "water_fade_m, layer_map"},
  };
  for (const auto& [option, message] : cases) {
    const auto run = workspace.compile(layout, "out", {option});
    BOOST_TEST(run.exitCode == 2, option);
    BOOST_TEST(contains(run.err, message), run.err);
    BOOST_TEST(!fs::exists(workspace.path("out")));
  }
  const auto run = runTool({"run", "compile", layout, workspace.path("out"), "--exporter", "pgn", "--quiet"});
  BOOST_TEST(run.exitCode == 1);
  BOOST_TEST(contains(run.err, "no exporter named 'pgn'; loaded exporters: "), run.err);
  BOOST_TEST(contains(run.err, "png"), run.err);
}

BOOST_AUTO_TEST_CASE(export_writes_one_blueprint_as_a_one_source_world) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const auto run = runTool({"export", workspace.path("s0.dat"), workspace.path("out"), "--exporter", "png",
                            "--option", "layers=heightmap,biome", "--quiet"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "exported " + workspace.path("s0.dat")), run.out);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 2);
  BOOST_TEST(fs::exists(out / "biome" / "s0.png"));  // the source is named after the file
  checkHeights(workspace.world(layout), out / "heightmap.png", {0});

  // A file name that is no identifier still exports, under a safe id.
  fs::copy_file(workspace.path("s0.dat"), workspace.path("_my island.dat"));
  const auto renamed = runTool({"export", workspace.path("_my island.dat"), workspace.path("renamed"), "--exporter",
                                "png", "--option", "layers=biome", "--quiet"});
  BOOST_TEST_REQUIRE(renamed.exitCode == 0, renamed.err);
  BOOST_TEST(fs::exists(workspace.path("renamed") + "/biome/s_my-island.png"));

  const auto bad = runTool({"export", workspace.path("s0.dat"), workspace.path("bad"), "--exporter", "png",
                            "--option", "tiles=all", "--quiet"});
  BOOST_TEST(bad.exitCode == 2);
  BOOST_TEST(contains(bad.err, "exporter 'png' (plugin png): option 'tiles' takes one of world, patch, not 'all'"),
             bad.err);
  BOOST_TEST(!fs::exists(workspace.path("bad")));
}

// A package keeps no BIOM: its sources' biome images are its height ramp
// (docs/decisions.md), computed here from the package's own files: Ocean
// below the source's lowest water level, then by the fraction of the way up
// to the world's highest sample Beach (to 3 %), Grassland (35 %), Forest
// (60 %), Rock (80 %), Mountain (92 %), Snow. It keeps no WBID either: no
// wbid or water image. Material layers, which need the sources' biomes,
// water and roads, are refused saying so.
BOOST_AUTO_TEST_CASE(a_packages_biome_images_are_its_height_ramp) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 2);
  const fs::path package = workspace.path("package"), out = workspace.path("out");
  const auto compiled = workspace.compile(layout, package.string(), {}, "terrain-world-v1");
  BOOST_TEST_REQUIRE(compiled.exitCode == 0, compiled.err);
  const auto run = runTool({"export", package.string(), out.string(), "--exporter", "png", "--quiet"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(checkEveryPng(out) == 4);  // heightmap, relief and two biome images
  BOOST_TEST(!fs::exists(out / "wbid"));
  BOOST_TEST(!fs::exists(out / "water"));

  const auto world = readJson(package / "world.json");
  std::map<std::string, std::vector<float>> heights;  // a patch's, row by row
  float top = -INFINITY;
  for (const auto& patch : world.at("patches").as_array()) {
    const auto terrain = readJson(package / std::string(patch.at("terrain").at("path").as_string()));
    auto& samples = heights[std::string(patch.at("id").as_string())];
    for (const auto& row : terrain.at("heights_m").as_array()) {
      for (const auto& h : row.as_array()) samples.push_back(static_cast<float>(h.to_number<double>()));
    }
    top = std::max(top, *std::max_element(samples.begin(), samples.end()));
  }
  const auto& enums = sharedKernel().enums();
  const auto ordinal = [&](const char* name) { return *enums.ordinal("Biome", name); };
  const std::vector<std::pair<double, std::size_t>> bands{{0.03, ordinal("Beach")},    {0.35, ordinal("Grassland")},
                                                          {0.60, ordinal("Forest")},   {0.80, ordinal("Rock")},
                                                          {0.92, ordinal("Mountain")}, {INFINITY, ordinal("Snow")}};
  for (const auto& source : world.at("sources").as_array()) {
    const std::string id(source.at("id").as_string());
    double level = INFINITY;
    for (const auto& region : world.at("water_regions").as_array()) {
      if (region.at("source_id").as_string() == id) level = std::min(level, region.at("level_m").to_number<double>());
    }
    BOOST_TEST_REQUIRE(std::isfinite(level));  // every synth island has its ocean
    const auto& samples = heights.at(std::string(source.at("patch_id").as_string()));
    const Decoded image = decode(out / "biome" / (id + ".png"));
    const auto side = static_cast<std::size_t>(image.width);
    BOOST_TEST_REQUIRE(samples.size() == side * side);
    std::map<std::size_t, std::int64_t> classes;
    std::int64_t wrong = 0;
    for (std::size_t z = 0; z < side; ++z) {
      for (std::size_t x = 0; x < side; ++x) {
        const double h = samples[z * side + x];
        std::size_t expected = ordinal("Ocean");
        if (h >= level) {
          const double up = (h - level) / (top - level);
          expected = std::find_if(bands.begin(), bands.end(), [&](const auto& band) { return up < band.first; })->second;
        }
        wrong += image.at(static_cast<std::int64_t>(x), static_cast<std::int64_t>(z)) != expected;
        ++classes[expected];
      }
    }
    BOOST_TEST(wrong == 0, id << ": " << wrong << " pixels are not the height ramp's class");
    BOOST_TEST(classes.size() >= 4U, id << ": the ramp gives " << classes.size() << " classes");
  }

  const auto weights = runTool({"export", package.string(), workspace.path("weights"), "--exporter", "png",
                                "--option", "layers=weights", "--quiet"});
  BOOST_TEST(weights.exitCode == 1);
  BOOST_TEST(contains(weights.err, "material layers are made from each source's biome classes, water bodies and "
                                   "roads, which a Terrain World package does not keep (its biomes are a height "
                                   "ramp); make them from the layout the package was compiled from; nothing was "
                                   "written"),
             weights.err);
  BOOST_TEST(!fs::exists(workspace.path("weights")));
}

BOOST_AUTO_TEST_CASE(plugins_options_lists_an_exporters_options) {
  const auto run = runTool({"plugins", "--options", "png"});
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  BOOST_TEST(contains(run.out, "  compression (an integer from 0 to 9; default '3'): the deflate level"), run.out);
  BOOST_TEST(contains(run.out, "  tiles (one of world, patch; default 'world'): "), run.out);
  BOOST_TEST(contains(run.out, "  water_fade_m (a number from 0 to 10000; default '0'): material layers: the depth "
                               "below a water body's level at which its water layer is whole"),
             run.out);
  const auto json = boost::json::parse(runTool({"plugins", "--options", "png", "--json"}).out).as_array();
  BOOST_TEST(json.size() == 6u);
  BOOST_TEST(json[0].at("name").as_string() == "layers");
  BOOST_TEST(json[0].at("default").as_string() == "heightmap,biome,wbid,water,relief");

  const auto unknown = runTool({"plugins", "--options", "pgn"});
  BOOST_TEST(unknown.exitCode == 1);
  BOOST_TEST(contains(unknown.err, "no exporter or validator named 'pgn'; loaded: "), unknown.err);
  BOOST_TEST(contains(unknown.err, "png"), unknown.err);
}

// Rows of an X-outer grid through bands of 64: a short last band, and a
// reader going back to an earlier band (relief.cpp's source rows).
BOOST_AUTO_TEST_CASE(raster_rows_transpose_x_outer_grids_band_by_band) {
  constexpr std::int32_t n = 130;  // bands of 64, 64 and 2 rows
  RasterBuilder builder(ElementType::U16, n);
  const auto pixel = [](std::int32_t x, std::int32_t y) { return static_cast<std::uint16_t>(1000 * x + y); };
  const auto rasterIndex = [](std::int32_t x, std::int32_t y) { return static_cast<std::size_t>(x * n + y); };
  for (std::int32_t x = 0; x < n; ++x) {
    for (std::int32_t y = 0; y < n; ++y) builder.values<std::uint16_t>()[rasterIndex(x, y)] = pixel(x, y);
  }
  const Raster raster = std::move(builder).finish();
  isla_png::RasterRows<std::uint16_t> rows(raster);
  std::vector<std::int32_t> order(n);
  for (std::int32_t y = 0; y < n; ++y) order[static_cast<std::size_t>(y)] = y;
  order.insert(order.end(), {129, 0, 63, 64, 128, 5});
  std::size_t wrong = 0;
  for (const std::int32_t y : order) {
    const auto row = rows.row(y);
    BOOST_TEST_REQUIRE(row.size() == static_cast<std::size_t>(n));
    for (std::int32_t x = 0; x < n; ++x) {
      if (row[static_cast<std::size_t>(x)] != pixel(x, y)) ++wrong;
    }
  }
  BOOST_TEST(wrong == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
