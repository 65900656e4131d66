// SPDX-License-Identifier: MIT
// server-config: the game server's ServerConfig.json agrees with the
// blueprint's PRMS on WorldSeed and MapSize, the check the server itself
// makes after load (BLUEPRINT_FORMAT.md, reader rule 6), run before deploying.
#include <boost/json/parser.hpp>
#include <boost/json/serialize.hpp>

#include <isla/plugin/plugin_api.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <stdexcept>

namespace {

constexpr const char* kOption = "server-config";
constexpr isla::FourCC kParams{"PRMS"};
// The re-encode sentinel: a v2 file converted from v1 does not know its seed.
constexpr std::int32_t kUnknownSeed = 0;
// In the config, 0 asks the server to pick a random seed (hazard H4).
constexpr std::int32_t kRandomizeSeed = 0;

// The keys this check reads; absent ones are nullopt.
struct ServerConfig {
  std::optional<std::int32_t> worldSeed;
  std::optional<std::int32_t> mapSize;
};

// Why a config could not be read, as a sentence that says what to fix.
struct Unreadable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string quoted(const std::string& path) { return "'" + path + "'"; }

std::string location(std::string_view text, std::size_t offset) {
  const auto before = text.substr(0, std::min(offset, text.size()));
  const auto line = std::count(before.begin(), before.end(), '\n') + 1;
  const auto lineStart = before.rfind('\n');
  const auto column = before.size() - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string kindName(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null:
      return "null";
    case boost::json::kind::bool_:
      return "a boolean";
    case boost::json::kind::int64:
    case boost::json::kind::uint64:
      return "an integer";
    case boost::json::kind::double_:
      return "a number with a fraction or exponent";
    case boost::json::kind::string:
      return "a string";
    case boost::json::kind::array:
      return "an array";
    case boost::json::kind::object:
      return "an object";
  }
  return "a value";
}

// An integer key that the server reads as a 32-bit int.
std::optional<std::int32_t> readInt32(const boost::json::object& config, const char* key,
                                      const std::string& path) {
  const auto* value = config.if_contains(key);
  if (!value) return std::nullopt;
  const auto* integer = value->if_int64();
  const bool fits = integer && *integer >= std::numeric_limits<std::int32_t>::min() &&
                    *integer <= std::numeric_limits<std::int32_t>::max();
  if (fits) return static_cast<std::int32_t>(*integer);
  const std::string found = value->is_int64() || value->is_uint64()
                                ? boost::json::serialize(*value) + ", outside the 32-bit range"
                                : kindName(*value);
  throw Unreadable(quoted(path) + ": \"" + key + "\" is " + found +
                   "; it must be a 32-bit integer written without quotes or decimals, e.g. \"" + key +
                   "\": 1234");
}

// Throws Unreadable.
ServerConfig readServerConfig(const std::string& path) {
  const std::string fix = "; pass the game server's ServerConfig.json with --" + std::string(kOption);
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw Unreadable(quoted(path) + " is a directory" + fix);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Unreadable("cannot open " + quoted(path) + ": " + std::strerror(errno) + fix);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw Unreadable("cannot read " + quoted(path) + ": " + std::strerror(errno) + fix);

  boost::json::parser parser;
  boost::system::error_code parseError;
  const std::size_t consumed = parser.write(text.data(), text.size(), parseError);
  if (parseError) {
    throw Unreadable(quoted(path) + " is not valid JSON: " + parseError.message() + " at " +
                     location(text, consumed) +
                     "; ServerConfig.json must be one JSON object, e.g. {\"WorldSeed\": 1234, "
                     "\"MapSize\": 8192}");
  }
  const boost::json::value root = parser.release();
  const auto* object = root.if_object();
  if (!object) {
    throw Unreadable(quoted(path) + " holds " + kindName(root) +
                     ", not a JSON object; ServerConfig.json is one object with the integer keys "
                     "\"WorldSeed\" and \"MapSize\"");
  }
  return {readInt32(*object, "WorldSeed", path), readInt32(*object, "MapSize", path)};
}

class ServerConfigValidator final : public isla::Validator {
 public:
  std::string name() const override { return "server-config"; }
  std::string description() const override {
    return "the game server's ServerConfig.json (--server-config) has the blueprint's WorldSeed and "
           "MapSize";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {{.name = kOption,
             .type = isla::OptionType::Path,
             .help = "the game server's ServerConfig.json, to check its WorldSeed and MapSize against the "
                     "blueprint's"}};
  }

  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    const auto* params = blueprint.get<isla::Record>(kParams);
    if (!context.options.has(kOption) || !params) return;
    const std::string& path = context.options.text(kOption);
    ServerConfig config;
    try {
      config = readServerConfig(path);
    } catch (const Unreadable& unreadable) {
      out.add({isla::Severity::Error, "server-config.unreadable", unreadable.what(), {}, {}, {}, {}, {}});
      return;
    }
    checkSeed(config, params->as<std::int32_t>("WorldSeed"), path, out);
    checkMapSize(config, params->as<std::int32_t>("MapSize"), path, out);
  }

 private:
  static void absentKey(const char* key, const char* check, const std::string& path, isla::Diagnostics& out) {
    const std::string message =
        quoted(path) + " has no \"" + key + "\" key; the " + check + " check is skipped";
    out.add({isla::Severity::Info, "server-config.key-absent", message, {}, {}, {}, {}, {}});
  }

  static void checkSeed(const ServerConfig& config, std::int32_t blueprintSeed, const std::string& path,
                        isla::Diagnostics& out) {
    if (!config.worldSeed) {
      absentKey("WorldSeed", "seed", path, out);
      return;
    }
    const std::int32_t configSeed = *config.worldSeed;
    const std::string seedText = std::to_string(blueprintSeed);
    if (configSeed == kRandomizeSeed) {
      const std::string fix = blueprintSeed == kUnknownSeed
                                  ? "set WorldSeed to the seed this blueprint was generated with (it is a "
                                    "re-encode and does not record it)"
                                  : "set WorldSeed to " + seedText + ", this blueprint's seed";
      const std::string message =
          quoted(path) + " has WorldSeed 0, which means \"randomize\": the server looks the blueprint up " +
          "as MapData_Seed_<WorldSeed>.dat by its config seed, so it never finds the blueprint it just " +
          "generated (hazard H4); " + fix;
      out.add({isla::Severity::Warning, "server-config.seed-zero", message, {}, {}, {}, {}, {}});
      return;
    }
    if (blueprintSeed == kUnknownSeed) {
      const std::string message =
          "the blueprint's WorldSeed is 0, the re-encode sentinel (its generation seed is unknown), so the "
          "seed check against " + quoted(path) + " is skipped";
      out.add({isla::Severity::Info, "server-config.seed-sentinel", message, {}, {}, {}, {}, {}});
      return;
    }
    if (configSeed == blueprintSeed) return;
    const std::string configText = std::to_string(configSeed);
    const std::string message = "DESYNC: " + quoted(path) + " has WorldSeed " + configText +
                                " but this blueprint was generated with seed " + seedText +
                                ": the server looks for MapData_Seed_" + configText +
                                ".dat, not this blueprint's MapData_Seed_" + seedText +
                                ".dat; set WorldSeed to " + seedText;
    out.add({isla::Severity::Warning, "server-config.seed-desync", message, {}, {}, {}, {}, {}});
  }

  static void checkMapSize(const ServerConfig& config, std::int32_t blueprintSize, const std::string& path,
                           isla::Diagnostics& out) {
    if (!config.mapSize) {
      absentKey("MapSize", "MapSize", path, out);
      return;
    }
    if (*config.mapSize == blueprintSize) return;
    const std::string sizeText = std::to_string(blueprintSize);
    const std::string configSize = std::to_string(*config.mapSize);
    const std::string message = "DESYNC: " + quoted(path) + " has MapSize " + configSize +
                                " but this blueprint's MapSize is " + sizeText +
                                "; the server cross-checks the two at load and warns of the desync; set "
                                "MapSize to " + sizeText + " or use a blueprint generated at MapSize " +
                                configSize;
    out.add({isla::Severity::Warning, "server-config.map-size-desync", message, {}, {}, {}, {}, {}});
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "server-config: ServerConfig.json agrees with the blueprint",
            [](isla::PluginRegistrar& registrar) {
              registrar.addValidator(std::make_unique<ServerConfigValidator>());
            });
