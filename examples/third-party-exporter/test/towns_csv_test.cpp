// SPDX-License-Identifier: MIT
// towns-csv over a World built from a blueprint made in memory: every town
// at the terrain's elevation, and the same bytes whether one machine writes
// towns.csv or shards write notes that an assembly joins.
#include <boost/test/unit_test.hpp>

#include <isla/plugin/plugin_api.hpp>
#include <isla/plugin/shard_exporter.hpp>
#include <isla/world/world_builder.hpp>

#include <fstream>
#include <sstream>

// This plugin's descriptor (isla_add_plugin compiles the tests with its name).
extern const isla::PluginDescriptor ISLA_THIS_PLUGIN;

namespace {

constexpr std::int32_t kMapSize = 256;

// The tiers' names, which the scenery gives each town.
isla::EnumTable tiers() {
  return isla::EnumTable::parse(R"({"format": "isla-enums/1", "enums": {"TownTier": ["Hamlet", "Village", "Town"]}})",
                                "the test's");
}

// One flat source at 0.5 raw (125.5 m at 251 m a raw unit) with two towns.
isla::World world() {
  isla::RasterBuilder heights(isla::ElementType::F32, kMapSize);
  for (auto& height : heights.values<float>()) height = 0.5f;
  auto blueprint = std::make_shared<isla::Blueprint>();
  blueprint->source = "island.dat";
  blueprint->mapSize = kMapSize;
  blueprint->roles.push_back({isla::FourCC("HGTS"), isla::HeightGrid{std::move(heights).finish()}});
  blueprint->roles.push_back({isla::FourCC("TOWN"), isla::TownList{{{.x = 20, .y = 30, .tier = 0, .highwayNode = false},
                                                                      {.x = 200, .y = 100, .tier = 2, .highwayNode = true}}}});
  isla::LoadedSource source;
  source.blueprint = blueprint;
  isla::NoProgress progress;
  return isla::buildWorld(isla::singleSourceLayout("island.dat", isla::Units{}), {source}, tiers(), 1, progress);
}

std::string text(const std::filesystem::path& file) {
  std::ostringstream out;
  out << std::ifstream(file).rdbuf();
  return out.str();
}

// A fresh folder in the test's working directory.
std::filesystem::path folder(const std::string& name) {
  std::filesystem::remove_all(name);
  std::filesystem::create_directories(name);
  return name;
}

// The plugin's registration, as the host makes it.
isla::PluginRegistrar registered() {
  isla::PluginRegistrar registrar;
  ISLA_THIS_PLUGIN.registerPlugin(registrar);
  return registrar;
}

struct Plugin {
  const isla::ShardExporter& exporter() const {
    const auto* shards = isla::shardExporter(*registrar.exporters.at(0));
    BOOST_TEST_REQUIRE(shards);
    return *shards;
  }
  isla::ExportInput input() { return {compiled, enums, options, 1, progress}; }

  isla::PluginRegistrar registrar = registered();
  isla::EnumTable enums = tiers();
  isla::World compiled = world();
  isla::OptionValues options = isla::resolveOptions("towns-csv", registrar.exporters.at(0)->options(), {});
  isla::NoProgress progress;
  isla::Diagnostics warnings;
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(towns_csv, Plugin)

BOOST_AUTO_TEST_CASE(every_town_is_at_the_terrains_elevation) {
  const auto stage = folder("one-machine");
  exporter().write(input(), stage, warnings);
  std::istringstream lines(text(stage / "towns.csv"));
  std::string line;
  std::getline(lines, line);
  BOOST_TEST(line == "id,source,tier,x_m,z_m,elevation_m");
  std::vector<std::string> towns;
  while (std::getline(lines, line)) towns.push_back(line);
  BOOST_TEST_REQUIRE(towns.size() == 2u);
  BOOST_TEST(towns[0].find(",island,Hamlet,") != std::string::npos, towns[0]);
  BOOST_TEST(towns[1].find(",island,Town,") != std::string::npos, towns[1]);
  for (const std::string& town : towns) BOOST_TEST(town.ends_with(",125.5"), town);
}

BOOST_AUTO_TEST_CASE(shards_notes_join_into_the_one_machine_bytes) {
  const auto one = folder("one-machine"), shard = folder("shard"), notes = folder("shard-notes"),
             assembled = folder("assembled");
  exporter().write(input(), one, warnings);
  std::vector<std::size_t> every(compiled.patches.size());
  for (std::size_t p = 0; p < every.size(); ++p) every[p] = p;
  const auto written = exporter().writePatches(input(), every, shard, notes, warnings);
  BOOST_TEST(written.size() == 1u);  // one source, one note
  BOOST_TEST(written.begin()->first == "notes/towns-0.csv");
  exporter().writeShared(input(), written, {notes}, assembled, warnings);
  BOOST_TEST(text(assembled / "towns.csv") == text(one / "towns.csv"));
}

BOOST_AUTO_TEST_SUITE_END()
