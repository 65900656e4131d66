// SPDX-License-Identifier: MIT
// The unity and unreal presets as a user drives them (`run compile ...
// --exporter unity|unreal`), read back by real consumers: numpy
// (read_unity_raw.py) reads the Unity RAW tiles, checks their shared edges
// and stitches them; pngcheck and Pillow read the Unreal PNGs. The samples
// are compared with the World's heights (within half a step) and the padding
// with the world's last column and row.
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>

#include "export_workspace.hpp"
#include "text_files.hpp"
#include "written_number.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

// The world's heights as one row-major grid, each patch at origin / spacing.
struct Mosaic {
  std::int64_t width = 0;
  std::int64_t height = 0;
  std::vector<float> heights;
};

Mosaic mosaic(const World& world) {
  Mosaic out;
  const double spacing = world.settings.spacingM;
  for (const Patch& patch : world.patches) {
    out.width = std::max<std::int64_t>(out.width, std::llround(patch.originX / spacing) + patch.pointsX);
    out.height = std::max<std::int64_t>(out.height, std::llround(patch.originZ / spacing) + patch.pointsZ);
  }
  out.heights.resize(static_cast<std::size_t>(out.width * out.height));
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const Patch& patch = world.patches[p];
    PatchRows rows = world.heights(p);
    for (std::int32_t z = 0; z < patch.pointsZ; ++z) {
      const auto row = rows.row(z);
      const std::int64_t start =
          (std::llround(patch.originZ / spacing) + z) * out.width + std::llround(patch.originX / spacing);
      std::copy(row.begin(), row.end(), out.heights.begin() + start);
    }
  }
  return out;
}

// `samples` (padded_samples of the sidecar, row-major) are the nearest of
// 65536 levels spanning the world's lowest..highest height as written
// (written_number.hpp), computed here
// from the World: rebuilt as min + value * step, within half a step of the
// World's heights; the sidecar's min_m and step_m are that range's; and
// the padding repeats the world's last column and row.
void checkSamples(const World& world, const std::vector<std::uint16_t>& samples, const boost::json::object& sidecar) {
  const Mosaic heights = mosaic(world);
  const auto& padded = sidecar.at("padded_samples").as_array();
  const std::int64_t width = padded[0].as_int64(), height = padded[1].as_int64();
  BOOST_TEST_REQUIRE(samples.size() == static_cast<std::size_t>(width * height));
  BOOST_TEST(sidecar.at("world_samples").as_array()[0].as_int64() == heights.width);
  BOOST_TEST(sidecar.at("world_samples").as_array()[1].as_int64() == heights.height);
  const auto [lowest, highest] = std::ranges::minmax(heights.heights);
  const double minM = asWritten(lowest), step = (asWritten(highest) - minM) / 65535.0;
  BOOST_TEST(sidecar.at("min_m").to_number<double>() == minM);
  BOOST_TEST(sidecar.at("step_m").to_number<double>() == step, boost::test_tools::tolerance(1e-12));
  // Half a step, and a rounding error of the double arithmetic on top.
  const double halfStep = step / 2 * (1 + 1e-9);
  std::int64_t far = 0, badPadding = 0;
  for (std::int64_t z = 0; z < height; ++z) {
    for (std::int64_t x = 0; x < width; ++x) {
      const std::uint16_t value = samples[static_cast<std::size_t>(z * width + x)];
      const std::int64_t edgeX = std::min(x, heights.width - 1), edgeZ = std::min(z, heights.height - 1);
      if (edgeX != x || edgeZ != z) {
        badPadding += value != samples[static_cast<std::size_t>(edgeZ * width + edgeX)];
        continue;
      }
      const float metres = heights.heights[static_cast<std::size_t>(z * heights.width + x)];
      // Half a step, give or take the gap between the float32 and its written decimal.
      far += std::abs(minM + value * step - metres) > halfStep + std::abs(asWritten(metres) - metres);
    }
  }
  BOOST_TEST(far == 0, far << " samples more than half a step from the World's heights");
  BOOST_TEST(badPadding == 0, badPadding << " padding samples do not repeat the world's edge");
}

std::vector<std::uint16_t> readUnity(const fs::path& out, std::int64_t tiles) {
  const fs::path raw = out.string() + ".stitched";
  const auto seen = boost::json::parse(runScript(fs::path(ISLA_ENGINE_TEST_DIR) / "read_unity_raw.py", {out, raw})).as_object();
  BOOST_TEST(seen.at("tiles").as_int64() == tiles);
  BOOST_TEST(seen.at("seam_mismatches").as_int64() == 0);
  auto samples = readSamples(raw);
  fs::remove(raw);
  return samples;
}

// The Unreal tiles decoded by Pillow and stitched as read_unity_raw.py does.
std::vector<std::uint16_t> readUnreal(const fs::path& out, const boost::json::object& sidecar) {
  const std::int64_t size = sidecar.at("size").as_int64();
  const auto& padded = sidecar.at("padded_samples").as_array();
  const std::int64_t width = padded[0].as_int64();
  std::vector<std::uint16_t> stitched(static_cast<std::size_t>(width * padded[1].as_int64()));
  std::int64_t seamMismatches = 0;
  for (const auto& entry : sidecar.at("tiles").as_array()) {
    const auto& tile = entry.as_object();
    const Decoded image = decode(out / std::string(tile.at("file").as_string()));
    BOOST_TEST((image.mode == "I" || image.mode == "I;16"));
    BOOST_TEST_REQUIRE(image.width == size);
    BOOST_TEST_REQUIRE(image.height == size);
    const std::int64_t startX = tile.at("x").as_int64() * (size - 1), startZ = tile.at("z").as_int64() * (size - 1);
    for (std::int64_t z = 0; z < size; ++z) {
      for (std::int64_t x = 0; x < size; ++x) {
        auto& sample = stitched[static_cast<std::size_t>((startZ + z) * width + startX + x)];
        const bool shared = (x == 0 && startX > 0) || (z == 0 && startZ > 0);  // written by the tile before
        seamMismatches += shared && sample != image.at(x, z);
        sample = image.at(x, z);
      }
    }
  }
  BOOST_TEST(seamMismatches == 0);
  return stitched;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(engine_presets)

BOOST_AUTO_TEST_CASE(unity_pads_a_two_by_two_world_to_one_tile_of_1025) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out", {}, "unity");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  const auto sidecar = readJson(out / "unity.json");
  BOOST_TEST(sidecar.at("resolution").as_int64() == 1025);  // the world is 515²: the smallest 2^n + 1 holding it
  BOOST_TEST(sidecar.at("byte_order").as_string() == "little");
  BOOST_TEST(fs::file_size(out / "test_0_0.raw") == 2u * 1025 * 1025);
  const double span = sidecar.at("max_m").to_number<double>() - sidecar.at("min_m").to_number<double>();
  BOOST_TEST(sidecar.at("terrain_height_m").to_number<double>() == span);
  BOOST_TEST(sidecar.at("terrain_size_m").to_number<double>() == 1024 * sidecar.at("spacing_m").to_number<double>());
  checkSamples(workspace.world(layout), readUnity(out, 1), sidecar);
}

BOOST_AUTO_TEST_CASE(unity_tiles_share_their_edges_in_either_byte_order) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out", {"resolution=257", "byte_order=big"}, "unity");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  const auto sidecar = readJson(out / "unity.json");
  BOOST_TEST(sidecar.at("tiles_x").as_int64() == 3);  // 515 samples: 3 x 256 + 1 = 769 with padding
  BOOST_TEST(sidecar.at("padded_samples").as_array()[0].as_int64() == 769);
  const auto& last = sidecar.at("tiles").as_array().back().as_object();
  BOOST_TEST(last.at("name").as_string() == "test_2_2");
  BOOST_TEST(last.at("origin_m").as_array()[0].to_number<double>() ==
             512 * sidecar.at("spacing_m").to_number<double>());
  checkSamples(workspace.world(layout), readUnity(out, 9), sidecar);
}

BOOST_AUTO_TEST_CASE(a_world_that_fits_exactly_needs_no_padding) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2, 2);  // 2 x 255 + 2 + 1 = 513 = 2^9 + 1
  const auto run = workspace.compile(layout, "out", {"padding=none"}, "unity");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const auto sidecar = readJson(workspace.path("out") + "/unity.json");
  BOOST_TEST(sidecar.at("resolution").as_int64() == 513);
  checkSamples(workspace.world(layout), readUnity(workspace.path("out"), 1), sidecar);
}

BOOST_AUTO_TEST_CASE(a_one_by_one_world_is_padded_or_refused_with_padding_none) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const auto run = workspace.compile(layout, "out", {}, "unity");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const auto sidecar = readJson(workspace.path("out") + "/unity.json");
  BOOST_TEST(sidecar.at("resolution").as_int64() == 257);
  checkSamples(workspace.world(layout), readUnity(workspace.path("out"), 1), sidecar);

  const std::pair<std::string, std::string> refusals[] = {
      {"unity",
       "exporter 'unity' (plugin engine-presets) failed while writing: the world is 256 x 256 samples, which 1 x 1 "
       "tiles of 257 (257 x 257 samples, sharing their edges) hold only with padding, and option 'padding' is "
       "'none'. Use padding=edge to repeat the world's last column and row, option 'resolution' for other tiles (33, "
       "65, 129, 257, 513, 1025, 2049, 4097), or a world of N (size - 1) + 1 samples a side; nothing was written"},
      {"unreal", "exporter 'unreal' (plugin engine-presets) failed while writing: the world is 256 x 256 samples, "
                 "which 1 x 1 tiles of 505 (505 x 505 samples, sharing their edges) hold only with padding, and "
                 "option 'padding' is 'none'."},
  };
  for (const auto& [exporter, message] : refusals) {
    const auto refused = workspace.compile(layout, "refused", {"padding=none"}, exporter);
    BOOST_TEST(refused.exitCode == 1, exporter);
    BOOST_TEST(contains(refused.err, message), refused.err);
    BOOST_TEST(!fs::exists(workspace.path("refused")));
  }
}

BOOST_AUTO_TEST_CASE(unreal_writes_a_recommended_landscape_size_read_back_through_pillow) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out", {}, "unreal");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 1);
  const auto sidecar = readJson(out / "unreal.json");
  BOOST_TEST(sidecar.at("size").as_int64() == 1009);
  const double minM = sidecar.at("min_m").to_number<double>(), maxM = sidecar.at("max_m").to_number<double>();
  BOOST_TEST(sidecar.at("z_scale").to_number<double>() == (maxM - minM) * 100 / 512,
             boost::test_tools::tolerance(1e-12));
  BOOST_TEST(sidecar.at("xy_scale").to_number<double>() == sidecar.at("spacing_m").to_number<double>() * 100);
  const auto& location = sidecar.at("tiles").as_array()[0].at("location_cm").as_array();
  BOOST_TEST(location[2].to_number<double>() == (minM + maxM) / 2 * 100, boost::test_tools::tolerance(1e-12));
  checkSamples(workspace.world(layout), readUnreal(out, sidecar), sidecar);
}

BOOST_AUTO_TEST_CASE(unreal_tiles_share_their_edges) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  const auto run = workspace.compile(layout, "out", {"size=505", "compression=1"}, "unreal");
  BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
  const fs::path out = workspace.path("out");
  BOOST_TEST(checkEveryPng(out) == 4);  // 515 samples: 2 x 504 + 1 = 1009 with padding
  BOOST_TEST(fs::exists(out / "test_1_1.png"));
  const auto sidecar = readJson(out / "unreal.json");
  checkSamples(workspace.world(layout), readUnreal(out, sidecar), sidecar);
}

BOOST_AUTO_TEST_CASE(the_bytes_do_not_depend_on_the_thread_count) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(2, 2);
  for (const std::string exporter : {"unreal", "png"}) {
    for (const std::string jobs : {"1", "2"}) {
      const auto run = runTool({"run", "compile", layout, workspace.path(exporter + jobs), "--exporter", exporter,
                                "--option", exporter == "png" ? "layers=heightmap" : "size=1009", "--jobs", jobs,
                                "--quiet"});
      BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    }
  }
  BOOST_TEST(readText(workspace.path("unreal1") + "/test_0_0.png") == readText(workspace.path("unreal2") + "/test_0_0.png"));
  BOOST_TEST(readText(workspace.path("png1") + "/heightmap.png") == readText(workspace.path("png2") + "/heightmap.png"));
}

BOOST_AUTO_TEST_CASE(bad_preset_options_name_the_valid_ones_and_write_nothing) {
  ExportWorkspace workspace;
  const std::string layout = workspace.layout(1, 1);
  const std::tuple<std::string, std::string, std::string> cases[] = {
      {"unity", "resolution=1024",
       "exporter 'unity' (plugin engine-presets): option 'resolution' takes one of auto, 33, 65, 129, 257, 513, 1025, "
       "2049, 4097, not '1024'"},
      {"unity", "byte_order=middle",
       "exporter 'unity' (plugin engine-presets): option 'byte_order' takes one of little, big, not 'middle'"},
      {"unity", "padding=stretch",
       "exporter 'unity' (plugin engine-presets): option 'padding' takes one of edge, none, not 'stretch'"},
      {"unreal", "size=512",
       "exporter 'unreal' (plugin engine-presets): option 'size' takes one of auto, 505, 1009, 2017, 4033, 8129, not "
       "'512'"},
      {"unreal", "compression=11",
       "exporter 'unreal' (plugin engine-presets): option 'compression' takes an integer from 0 to 9, not '11'"},
      {"unreal", "byte_order=big",
       "exporter 'unreal' (plugin engine-presets) has no option 'byte_order'; its options: size, padding, compression"},
  };
  for (const auto& [exporter, option, message] : cases) {
    const auto run = workspace.compile(layout, "out", {option}, exporter);
    BOOST_TEST(run.exitCode == 2, option);
    BOOST_TEST(contains(run.err, message), run.err);
    BOOST_TEST(!fs::exists(workspace.path("out")));
  }
  const auto listed = runTool({"plugins", "--options", "unity"});
  BOOST_TEST_REQUIRE(listed.exitCode == 0, listed.err);
  BOOST_TEST(contains(listed.out, "  byte_order (one of little, big; default 'little'): "), listed.out);
}

BOOST_AUTO_TEST_SUITE_END()
