// SPDX-License-Identifier: MIT
// A third party's exporter: towns.csv, one line a town of the compiled
// world with its tier, its world position and the terrain's elevation
// there. It reads the World through the world library's headers (the
// scenery and the World's own height sampling), never a section plugin's:
// an exporter needs nothing else. Built against an installed isla-tool.
//
// It shards (run compile --shard K/N, run assemble) and compiles through
// the patch cache (run compile --cache): as a ShardExporter, a shard
// writes the towns of its sources into notes, one a source, and the
// assembly joins them into the towns.csv a one-machine compile writes.
#include <isla/plugin/plugin_api.hpp>
#include <isla/plugin/shard_exporter.hpp>
#include <isla/publish/file_writer.hpp>
#include <isla/world/world.hpp>

#include <charconv>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace {

std::string number(double value) {
  char buffer[32];
  return {buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr};
}

std::string separatorOf(const isla::OptionValues& values) { return values.text("separator") == "comma" ? "," : ";"; }

std::string header(const std::string& sep) {
  return "id" + sep + "source" + sep + "tier" + sep + "x_m" + sep + "z_m" + sep + "elevation_m\n";
}

// One line a town of source `s`, in its scenery's order.
std::string townLines(const isla::World& world, std::size_t s, const std::string& sep) {
  std::string out;
  for (const isla::SceneryEntity& town : world.scenery[s].entities) {
    if (town.kind != "town") continue;
    const double x = town.position[0], z = town.position[2];
    const double elevation = isla::sampleHeight(world, world.sources[s].patch, x, z);
    out += town.id + sep + world.sources[s].id + sep + town.tier + sep + number(x) + sep + number(z) + sep +
           number(elevation) + "\n";
  }
  return out;
}

// A shard's note of source `s`'s towns, and the source a note's name gives.
std::string noteName(std::size_t s) { return "towns-" + std::to_string(s) + ".csv"; }
std::optional<std::size_t> sourceOfNote(const std::string& name) {
  constexpr std::string_view kPrefix = "towns-", kSuffix = ".csv";
  if (!name.starts_with(kPrefix) || !name.ends_with(kSuffix)) return std::nullopt;
  std::size_t s = 0;
  const char* first = name.data() + kPrefix.size();
  const char* last = name.data() + name.size() - kSuffix.size();
  const auto [end, error] = std::from_chars(first, last, s);
  if (error != std::errc() || end != last) return std::nullopt;
  return s;
}

std::string fileText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw std::runtime_error("cannot read the shard's note " + path.string());
  return text.str();
}

class TownsCsv final : public isla::ShardExporter {
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

  // One machine: every source's towns, in the sources' order.
  void write(const isla::ExportInput& input, const std::filesystem::path& stage, isla::Diagnostics&) const override {
    const std::string sep = separatorOf(input.options);
    isla::FileWriter file = isla::FileWriter::create(stage / "towns.csv");
    file.write(header(sep));
    for (std::size_t s = 0; s < input.world.sources.size(); ++s) file.write(townLines(input.world, s, sep));
    file.close();
    input.progress.update(1.0);
  }

  // A shard, or one patch of a compile through the cache: the towns of the
  // sources whose patches these are, a note a source. The digests of what
  // it wrote go into the shard's record.
  std::map<std::string, std::string> writePatches(const isla::ExportInput& input, const std::vector<std::size_t>& patches,
                                                  const std::filesystem::path&, const std::filesystem::path& notes,
                                                  isla::Diagnostics&) const override {
    std::map<std::string, std::string> written;
    for (const std::size_t patch : patches) {
      const auto source = input.world.patches[patch].source;
      if (!source) continue;  // a strip or a corner has no towns
      isla::FileWriter note = isla::FileWriter::create(notes / noteName(*source));
      note.write(townLines(input.world, *source, separatorOf(input.options)));
      written.emplace("notes/" + noteName(*source), note.close());
    }
    return written;
  }

  // The assembly: towns.csv from every shard's notes, in the sources'
  // order, the bytes write() makes. A folder of notes may be missing (a
  // patch of the cache that wrote none).
  void writeShared(const isla::ExportInput& input, const std::map<std::string, std::string>&,
                   const std::vector<std::filesystem::path>& notes, const std::filesystem::path& stage,
                   isla::Diagnostics&) const override {
    std::map<std::size_t, std::filesystem::path> bySource;
    for (const auto& folder : notes) {
      if (!std::filesystem::is_directory(folder)) continue;
      for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (const auto s = sourceOfNote(entry.path().filename().string())) bySource.emplace(*s, entry.path());
      }
    }
    isla::FileWriter file = isla::FileWriter::create(stage / "towns.csv");
    file.write(header(separatorOf(input.options)));
    for (std::size_t s = 0; s < input.world.sources.size(); ++s) {
      const auto note = bySource.find(s);
      if (note == bySource.end()) throw std::runtime_error("no shard wrote the towns of source " + input.world.sources[s].id);
      file.write(fileText(note->second));
    }
    file.close();
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "towns.csv: the world's towns with their elevations", [](isla::PluginRegistrar& registrar) {
  registrar.addExporter(std::make_unique<TownsCsv>());
});
