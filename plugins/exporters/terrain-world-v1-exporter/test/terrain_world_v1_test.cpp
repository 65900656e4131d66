// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <filesystem>
#include <map>
#include <string>

#include <isla/base/io_error.hpp>
#include <isla/plugin/shard_exporter.hpp>
#include <isla/publish/sha256.hpp>
#include <isla/world/world_builder.hpp>

#include "file_tree.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;
namespace fs = std::filesystem;

namespace {

const Exporter& exporter() {
  const auto* registration = sharedKernel().registry().exporter("terrain-world-v1");
  BOOST_TEST_REQUIRE(registration);
  return *registration->object;
}

void exportWorld(const World& world, const fs::path& stage, unsigned threads, Progress& progress) {
  const OptionValues options;
  Diagnostics diagnostics;
  exporter().write(ExportInput{world, sharedKernel().enums(), options, threads, progress}, stage, diagnostics);
  BOOST_TEST(diagnostics.items().empty(), describe(diagnostics));
}

void exportWorld(const World& world, const fs::path& stage, unsigned threads = 1) {
  NoProgress progress;
  exportWorld(world, stage, threads, progress);
}

// A 1 x 1 world made by hand around a 3 x 3 HGTS: every field chosen, so
// that every document's bytes can be spelled out.
struct TinyWorld {
  std::vector<float> raw;
  World world;

  TinyWorld() : raw(9) {
    for (int x = 0; x < 3; ++x) {
      for (int z = 0; z < 3; ++z) raw[static_cast<std::size_t>(x * 3 + z)] = static_cast<float>(x) + 0.5f * static_cast<float>(z);
    }
    raw[0] = 0.15f;  // 37.65 m
    auto blueprint = std::make_shared<Blueprint>();
    blueprint->source = "tiny.dat";
    blueprint->mapSize = 3;
    const Raster heights(ElementType::F32, 3, std::as_bytes(std::span(raw)), nullptr);
    blueprint->sections.push_back({FourCC("HGTS"), std::nullopt, 36, SectionStatus::Decoded, {}, nullptr, heights});
    blueprint->roles.push_back({FourCC("HGTS"), HeightGrid{heights}});

    world.name = "tiny \"isle\"";
    world.rows = world.cols = 1;
    world.mapSize = 3;
    world.sources.push_back(WorldSource{"nw", "isle", "maps/tiny.dat", std::string(64, 'a'), 0, 0, blueprint, 0, nullptr});
    Patch patch;
    patch.id = "p-0-0";
    patch.source = 0;
    patch.pointsX = patch.pointsZ = 3;
    world.patches.push_back(patch);
    Scenery scenery;
    scenery.entities.push_back({"isle:entity:town-0", "town-0", "town", "Village", true,
                                {1.5, 38.25, 0.5}, 0, 1, true, "isle:asset:town-village"});
    scenery.roads.push_back({"isle:entity:road-trail-0", "road-trail-0", "trail", {{0, 37.65, 0}, {2, 502, 1}}});
    scenery.assets["isle:asset:town-village"] = {"isle:asset:town-village", "town-village", "isle", std::nullopt,
                                                 std::nullopt, "unresolved"};
    world.scenery.push_back(scenery);
    world.waterRegions.push_back({"isle:water:1", 0, 0, 1, "ocean", 0, 0, 2, 1.5, 37.65});
    world.stats.push_back({37.65, 753, 71.2, 0});
    world.warnings.push_back({"slope.steep", "p-0-0", "patch p-0-0 has a triangle of 71.2 degrees"});
  }
};

// A rows x cols world of generated samples, built by the kernel's builder.
World sampleWorld(std::int32_t rows, std::int32_t cols, std::int32_t mapSize, unsigned threads = 1) {
  Layout layout;
  layout.name = "archipelago";
  layout.rows = rows;
  layout.cols = cols;
  layout.settings.gapCells = 8;
  std::vector<LoadedSource> sources;
  for (std::int32_t r = 0; r < rows; ++r) {
    for (std::int32_t c = 0; c < cols; ++c) {
      auto sample = makeSample(mapSize);
      for (float& h : sample.heights) h += 0.01f * static_cast<float>(r * cols + c);
      const auto bytes = encode(sample).v2();
      const std::string id = "s" + std::to_string(r) + std::to_string(c);
      auto loaded = load(bytes, id + ".dat");
      BOOST_TEST_REQUIRE(loaded.ok(), describe(loaded.diagnostics));
      layout.sources.push_back(LayoutSource{id, id, id + ".dat", id + ".dat", r, c, "/sources/0"});
      sources.push_back(LoadedSource{loaded.blueprint, sha256Hex(bytes), nullptr});
    }
  }
  NoProgress progress;
  return buildWorld(layout, std::move(sources), sharedKernel().enums(), threads, progress);
}

// Removes the stage at the first report, as if someone deleted it mid-way.
class RemovingProgress final : public Progress {
 public:
  explicit RemovingProgress(fs::path stage) : stage_(std::move(stage)) {}
  void update(double) override {
    if (!stage_.empty()) fs::remove_all(std::exchange(stage_, {}));
  }

 private:
  fs::path stage_;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(terrain_world_v1)

// A shard's documents are checked as they are written (terrain_check.cpp):
// written as the world says, each passes and its SHA-256 is returned for
// the record; a world whose shared edge or figures disagree with the rows
// written is refused, naming the document, the sample and the rule.
BOOST_AUTO_TEST_CASE(a_shards_terrain_documents_are_checked_as_they_are_written) {
  const auto* sharding = shardExporter(exporter());
  BOOST_TEST_REQUIRE(sharding);
  World world = sampleWorld(1, 2, 256);
  const OptionValues options;
  NoProgress progress;
  const auto write = [&](const fs::path& stage) {
    fs::create_directories(stage / "notes");
    Diagnostics diagnostics;
    return sharding->writePatches(ExportInput{world, sharedKernel().enums(), options, 2, progress}, {0, 1}, stage,
                                  stage / "notes", diagnostics);
  };
  const TempDir dir;
  const auto written = write(dir / "good");
  BOOST_TEST(written.size() == 2U);
  for (const auto& [path, sha256] : written) BOOST_TEST(sha256 == sha256Hex(readFile(dir / "good" / path)), path);

  // p-0-1, the strip, starts on the east edge of p-0-0: one of its heights moved.
  const std::size_t east = *world.patches[0].edges[static_cast<std::size_t>(Side::East)];
  world.edges[east].heights[5] += 1.0f;
  try {
    write(dir / "edge");
    BOOST_FAIL("a row that disagrees with its shared edge was written");
  } catch (const std::runtime_error& error) {
    BOOST_TEST(std::string(error.what()).starts_with("terrain/p-0-0.json breaks the Terrain World rules as it is "
                                                     "written: heights_m[5][255] is "),
               error.what());
    BOOST_TEST(std::string(error.what()).find(" but edge e-0-0-east has ") != std::string::npos, error.what());
  }
  world.edges[east].heights[5] -= 1.0f;

  world.stats[0].maxHeightM += 1;
  try {
    write(dir / "figures");
    BOOST_FAIL("a document whose heights are not the report's figures was written");
  } catch (const std::runtime_error& error) {
    BOOST_TEST(std::string(error.what()).find("terrain/p-0-0.json breaks the Terrain World rules as it is written: its "
                                              "heights run from ") == 0,
               error.what());
    BOOST_TEST(std::string(error.what()).find("but the report's figures say") != std::string::npos, error.what());
  }
}

BOOST_AUTO_TEST_CASE(registers_under_its_format_name_with_its_package_validator) {
  BOOST_TEST(exporter().name() == "terrain-world-v1");
  BOOST_TEST(exporter().packageValidator() == "terrain-world-v1");
  BOOST_TEST(exporter().options().empty());
}

BOOST_AUTO_TEST_CASE(writes_every_document_byte_for_byte) {
  const TinyWorld tiny;
  const TempDir stage;
  exportWorld(tiny.world, stage.path());
  auto files = fileTree(stage.path());
  BOOST_TEST_REQUIRE(files.size() == 5U);

  BOOST_TEST(files["terrain/p-0-0.json"] ==
             "{\n"
             "  \"format\": \"terrain-world.terrain\",\n"
             "  \"schema_version\": 1,\n"
             "  \"patch_id\": \"p-0-0\",\n"
             "  \"spacing_m\": 1,\n"
             "  \"origin_m\": [0,0],\n"
             "  \"point_count_x\": 3,\n"
             "  \"point_count_z\": 3,\n"
             "  \"heights_m\": [\n"
             "    [37.65,251,502],\n"
             "    [125.5,376.5,627.5],\n"
             "    [251,502,753]\n"
             "  ]\n"
             "}\n");
  BOOST_TEST(files["scenery/nw.json"] ==
             "{\n"
             "  \"format\": \"terrain-world.scenery\",\n"
             "  \"schema_version\": 1,\n"
             "  \"source_id\": \"nw\",\n"
             "  \"namespace\": \"isle\",\n"
             "  \"entities\": [\n"
             "    {\n"
             "      \"id\": \"isle:entity:town-0\",\n"
             "      \"source_entity_id\": \"town-0\",\n"
             "      \"kind\": \"town\",\n"
             "      \"tier\": \"Village\",\n"
             "      \"highway_node\": true,\n"
             "      \"position_m\": [1.5,38.25,0.5],\n"
             "      \"rotation_deg\": 0,\n"
             "      \"scale\": 1,\n"
             "      \"visible\": true,\n"
             "      \"asset_id\": \"isle:asset:town-village\"\n"
             "    }\n"
             "  ],\n"
             "  \"roads\": [\n"
             "    {\n"
             "      \"id\": \"isle:entity:road-trail-0\",\n"
             "      \"source_entity_id\": \"road-trail-0\",\n"
             "      \"kind\": \"road\",\n"
             "      \"tier\": \"trail\",\n"
             "      \"points_m\": [[0,37.65,0],[2,502,1]]\n"
             "    }\n"
             "  ],\n"
             "  \"vegetation\": [],\n"
             "  \"regions\": [],\n"
             "  \"assets\": {\n"
             "    \"isle:asset:town-village\": {\n"
             "      \"source_asset_id\": \"town-village\",\n"
             "      \"namespace\": \"isle\",\n"
             "      \"category\": null,\n"
             "      \"resource\": null,\n"
             "      \"resolution\": \"unresolved\"\n"
             "    }\n"
             "  },\n"
             "  \"category_defaults\": {}\n"
             "}\n");
  BOOST_TEST(files["boundaries.json"] ==
             "{\n"
             "  \"format\": \"terrain-world.boundaries\",\n"
             "  \"schema_version\": 1,\n"
             "  \"edges\": []\n"
             "}\n");
  BOOST_TEST(files["compilation-report.json"] ==
             "{\n"
             "  \"format\": \"terrain-world.report\",\n"
             "  \"schema_version\": 1,\n"
             "  \"counts\": {\n"
             "    \"sources\": 1,\n"
             "    \"patches\": 1,\n"
             "    \"source_patches\": 1,\n"
             "    \"strip_patches\": 0,\n"
             "    \"corner_patches\": 0,\n"
             "    \"boundary_edges\": 0,\n"
             "    \"water_regions\": 1,\n"
             "    \"entities\": 1,\n"
             "    \"roads\": 1,\n"
             "    \"warnings\": 1\n"
             "  },\n"
             "  \"slope_warning_deg\": 35,\n"
             "  \"patches\": [\n"
             "    {\n"
             "      \"patch_id\": \"p-0-0\",\n"
             "      \"kind\": \"source\",\n"
             "      \"min_height_m\": 37.65,\n"
             "      \"max_height_m\": 753,\n"
             "      \"max_slope_deg\": 71.2,\n"
             "      \"overshoot_m\": 0\n"
             "    }\n"
             "  ],\n"
             "  \"warnings\": [\n"
             "    {\n"
             "      \"code\": \"slope.steep\",\n"
             "      \"subject\": \"p-0-0\",\n"
             "      \"message\": \"patch p-0-0 has a triangle of 71.2 degrees\"\n"
             "    }\n"
             "  ]\n"
             "}\n");
  const auto hash = [&](const std::string& file) { return sha256OfFile(stage.path() / file); };
  BOOST_TEST(files["world.json"] ==
             "{\n"
             "  \"format\": \"terrain-world.world\",\n"
             "  \"schema_version\": 1,\n"
             "  \"name\": \"tiny \\\"isle\\\"\",\n"
             "  \"generator\": {\n"
             "    \"name\": \"isla-tool\",\n"
             "    \"version\": \"" ISLA_TOOL_VERSION "\"\n"
             "  },\n"
             "  \"settings\": {\n"
             "    \"spacing_m\": 1,\n"
             "    \"height_scale_m\": 251,\n"
             "    \"gap_cells\": 64,\n"
             "    \"slope_warning_deg\": 35\n"
             "  },\n"
             "  \"sources\": [\n"
             "    {\n"
             "      \"id\": \"nw\",\n"
             "      \"namespace\": \"isle\",\n"
             "      \"row\": 0,\n"
             "      \"col\": 0,\n"
             "      \"map_size\": 3,\n"
             "      \"blueprint_format\": \"v2\",\n"
             "      \"patch_id\": \"p-0-0\",\n"
             "      \"provenance\": {\n"
             "        \"file\": \"maps/tiny.dat\",\n"
             "        \"sha256\": \"" + std::string(64, 'a') + "\"\n"
             "      },\n"
             "      \"scenery\": {\n"
             "        \"path\": \"scenery/nw.json\",\n"
             "        \"sha256\": \"" + hash("scenery/nw.json") + "\"\n"
             "      }\n"
             "    }\n"
             "  ],\n"
             "  \"lattice\": {\n"
             "    \"rows\": 1,\n"
             "    \"cols\": 1\n"
             "  },\n"
             "  \"patches\": [\n"
             "    {\n"
             "      \"id\": \"p-0-0\",\n"
             "      \"kind\": \"source\",\n"
             "      \"lattice_row\": 0,\n"
             "      \"lattice_col\": 0,\n"
             "      \"source_id\": \"nw\",\n"
             "      \"origin_m\": [0,0],\n"
             "      \"bounds_m\": {\n"
             "        \"min_x\": 0,\n"
             "        \"min_z\": 0,\n"
             "        \"max_x\": 2,\n"
             "        \"max_z\": 2\n"
             "      },\n"
             "      \"point_count_x\": 3,\n"
             "      \"point_count_z\": 3,\n"
             "      \"neighbours\": {},\n"
             "      \"boundaries\": {},\n"
             "      \"terrain\": {\n"
             "        \"path\": \"terrain/p-0-0.json\",\n"
             "        \"sha256\": \"" + hash("terrain/p-0-0.json") + "\"\n"
             "      }\n"
             "    }\n"
             "  ],\n"
             "  \"boundaries\": {\n"
             "    \"path\": \"boundaries.json\",\n"
             "    \"sha256\": \"" + hash("boundaries.json") + "\"\n"
             "  },\n"
             "  \"report\": {\n"
             "    \"path\": \"compilation-report.json\",\n"
             "    \"sha256\": \"" + hash("compilation-report.json") + "\"\n"
             "  },\n"
             "  \"water_regions\": [\n"
             "    {\n"
             "      \"id\": \"isle:water:1\",\n"
             "      \"source_id\": \"nw\",\n"
             "      \"patch_id\": \"p-0-0\",\n"
             "      \"body_id\": 1,\n"
             "      \"kind\": \"ocean\",\n"
             "      \"footprint_m\": {\n"
             "        \"min_x\": 0,\n"
             "        \"min_z\": 0,\n"
             "        \"max_x\": 2,\n"
             "        \"max_z\": 1.5\n"
             "      },\n"
             "      \"level_m\": 37.65\n"
             "    }\n"
             "  ]\n"
             "}\n");
}

BOOST_AUTO_TEST_CASE(source_terrain_reads_back_as_the_blueprint_heights) {
  const World world = sampleWorld(2, 2, 256);
  const TempDir stage;
  exportWorld(world, stage.path());
  for (const WorldSource& source : world.sources) {
    const Patch& patch = world.patches[source.patch];
    const auto json = boost::json::parse(readText(stage.path() / ("terrain/" + patch.id + ".json")));
    const auto& rows = json.at("heights_m").as_array();
    const auto values = source.heights().values<float>();
    const auto n = static_cast<std::size_t>(world.mapSize);
    BOOST_TEST_REQUIRE(rows.size() == n);
    for (std::size_t z = 0; z < n; ++z) {
      const auto& row = rows[z].as_array();
      BOOST_TEST_REQUIRE(row.size() == n);
      for (std::size_t x = 0; x < n; ++x) {
        const auto expected = static_cast<float>(static_cast<double>(values[x * n + z].value()) * 251.0);
        BOOST_TEST_REQUIRE(static_cast<float>(row[x].to_number<double>()) == expected);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(every_reference_holds_the_sha256_of_the_file_on_disk) {
  const World world = sampleWorld(2, 2, 256);
  const TempDir stage;
  exportWorld(world, stage.path(), 2);
  const auto json = boost::json::parse(readText(stage.path() / "world.json"));
  std::size_t checked = 0;
  const auto check = [&](const boost::json::value& reference) {
    const std::string path(reference.at("path").as_string());
    BOOST_TEST(std::string(reference.at("sha256").as_string()) == sha256OfFile(stage.path() / path), path);
    ++checked;
  };
  for (const auto& source : json.at("sources").as_array()) check(source.at("scenery"));
  for (const auto& patch : json.at("patches").as_array()) check(patch.at("terrain"));
  check(json.at("boundaries"));
  check(json.at("report"));
  BOOST_TEST(checked == 4 + 9 + 2);
  BOOST_TEST(fileTree(stage.path()).size() == checked + 1);
}

BOOST_AUTO_TEST_CASE(the_package_passes_its_package_validator) {
  const World world = sampleWorld(2, 2, 256);
  const TempDir stage;
  exportWorld(world, stage.path(), 2);
  const auto* validator = sharedKernel().registry().packageValidator(exporter().packageValidator());
  BOOST_TEST_REQUIRE(validator);
  for (const CheckDepth depth : {CheckDepth::Full, CheckDepth::JustWritten}) {
    Diagnostics found;
    const PackageSummary summary = validator->object->check(stage.path(), found, depth, 0);
    BOOST_TEST(!found.hasErrors(), describe(found));
    BOOST_TEST(summary.patches == 9U);
    BOOST_TEST(summary.boundaries == 12U);
  }
}

BOOST_AUTO_TEST_CASE(bytes_do_not_depend_on_the_thread_count) {
  const World world = sampleWorld(2, 2, 256);
  const TempDir one, two;
  exportWorld(world, one.path(), 1);
  exportWorld(world, two.path(), 2);
  const auto a = fileTree(one.path());
  const auto b = fileTree(two.path());
  BOOST_TEST(a.size() == 16U);
  BOOST_TEST((a == b));
}

BOOST_AUTO_TEST_CASE(an_existing_file_is_an_io_error_naming_it) {
  const World world = sampleWorld(1, 1, 256);
  const TempDir stage;
  writeFile(stage.path() / "world.json", {});
  try {
    exportWorld(world, stage.path());
    BOOST_FAIL("no exception");
  } catch (const IoError& error) {
    BOOST_TEST(error.path() == stage.path() / "world.json");
    BOOST_TEST(std::string(error.what()).find("already exists") != std::string::npos, error.what());
  }
}

BOOST_AUTO_TEST_CASE(a_stage_removed_mid_way_is_an_io_error_naming_the_next_file) {
  const World world = sampleWorld(1, 1, 256);
  const TempDir parent;
  const fs::path stage = parent.path() / "stage";
  fs::create_directory(stage);
  RemovingProgress progress(stage);
  try {
    exportWorld(world, stage, 1, progress);
    BOOST_FAIL("no exception");
  } catch (const IoError& error) {
    BOOST_TEST(error.path() == stage / "scenery" / "s00.json");
    BOOST_TEST(std::string(error.what()).find("No such file or directory") != std::string::npos, error.what());
  }
}

BOOST_AUTO_TEST_CASE(a_non_finite_height_is_refused_with_its_place) {
  TinyWorld tiny;
  tiny.raw[1 * 3 + 2] = std::numeric_limits<float>::infinity();  // x 1, z 2
  const TempDir stage;
  BOOST_CHECK_EXCEPTION(exportWorld(tiny.world, stage.path()), std::domain_error, [](const std::domain_error& e) {
    return std::string(e.what()) == "json: cannot write Infinity at /heights_m/2/1: JSON numbers are finite";
  });
}

BOOST_AUTO_TEST_SUITE_END()
