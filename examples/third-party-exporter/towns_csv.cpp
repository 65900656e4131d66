// SPDX-License-Identifier: MIT
// A third party's exporter: towns.csv, one line a town of the compiled
// world with its tier, its world position and the terrain's elevation
// there. It reads the World through the world library's headers (the
// scenery and the World's own height sampling), never a section plugin's:
// an exporter needs nothing else. Built against an installed isla-tool.
#include <isla/plugin/plugin_api.hpp>
#include <isla/publish/file_writer.hpp>
#include <isla/world/world.hpp>

#include <charconv>
#include <stdexcept>

namespace {

std::string number(double value) {
  char buffer[32];
  return {buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr};
}

std::string separatorOf(const isla::OptionValues& values) { return values.text("separator") == "comma" ? "," : ";"; }

class TownsCsv final : public isla::Exporter {
 public:
  std::string name() const override { return "towns-csv"; }
  std::string description() const override {
    return "towns.csv: every town of the world with its tier, position and the terrain's elevation there";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {{.name = "separator",
             .type = isla::OptionType::Choice,
             .help = "comma, or semicolon for spreadsheets of a decimal comma",
             .defaultValue = "comma",
             .choices = {"comma", "semicolon"}}};
  }

  void write(const isla::ExportInput& input, const std::filesystem::path& stage, isla::Diagnostics&) const override {
    const std::string sep = separatorOf(input.options);
    const isla::World& world = input.world;
    isla::FileWriter file = isla::FileWriter::create(stage / "towns.csv");
    file.write("id" + sep + "source" + sep + "tier" + sep + "x_m" + sep + "z_m" + sep + "elevation_m\n");
    for (std::size_t s = 0; s < world.sources.size(); ++s) {
      for (const isla::SceneryEntity& town : world.scenery[s].entities) {
        if (town.kind != "town") continue;
        const double x = town.position[0], z = town.position[2];
        const double elevation = isla::sampleHeight(world, world.sources[s].patch, x, z);
        file.write(town.id + sep + world.sources[s].id + sep + town.tier + sep + number(x) + sep + number(z) + sep +
                   number(elevation) + "\n");
      }
    }
    file.close();
    input.progress.update(1.0);
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "towns.csv: the world's towns with their elevations", [](isla::PluginRegistrar& registrar) {
  registrar.addExporter(std::make_unique<TownsCsv>());
});
