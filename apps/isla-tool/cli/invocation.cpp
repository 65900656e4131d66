// SPDX-License-Identifier: MIT
#include "cli/invocation.hpp"

#include <cstdlib>
#include <iostream>

#include <isla/base/install_layout.hpp>

#include "cli/report.hpp"

namespace isla::cli {

po::options_description sharedOptions() {
  po::options_description options("Options of every command");
  options.add_options()
      ("help,h", "show this help")
      ("plugin-dir", po::value<std::vector<std::string>>()->composing()->value_name("DIR"),
       "load plugins from DIR too (repeatable; after the shipped plugins, before ISLA_PLUGIN_PATH)")
      ("override-plugin", po::value<std::vector<std::string>>()->composing()->value_name("CLAIM=PLUGIN"),
       "let plugin PLUGIN take CLAIM (a section tag, or a validator's or exporter's name) from the plugin that "
       "claims it first, a shipped one included (repeatable)")
      ("no-default-plugins", po::bool_switch(),
       "do not load the plugins shipped next to the executable")
      ("enums", po::value<std::string>(),
       "enum table (Biome, TownTier wire values); default: ISLA_ENUMS, then the shipped table")
      ("height-scale", po::value<double>()->default_value(251.0, "251"),
       "metres per raw height unit");
  return options;
}

std::vector<OptionSpec> validatorOptions(const Kernel& kernel) {
  // Declared, loaded or not: a command that validates nothing loads no validator.
  return kernel.registry().validatorOptions();
}

namespace {

// Each --plugin-dir, which must name a directory: a typo is a usage error,
// not a plugin that silently never loads.
std::vector<std::filesystem::path> pluginDirectories(const po::variables_map& shared) {
  std::vector<std::filesystem::path> out;
  if (!shared.count("plugin-dir")) return out;
  for (const auto& directory : shared["plugin-dir"].as<std::vector<std::string>>()) {
    std::error_code error;
    const auto status = std::filesystem::status(directory, error);
    if (status.type() == std::filesystem::file_type::not_found) {
      throw UsageError("--plugin-dir " + directory + ": no such directory");
    }
    if (status.type() != std::filesystem::file_type::directory) {
      throw UsageError("--plugin-dir " + directory +
                       ": not a directory (give the directory that holds the plugins' .so files)" +
                       (error ? " (" + error.message() + ")" : ""));
    }
    out.emplace_back(directory);
  }
  return out;
}

PluginOverrides pluginOverrides(const po::variables_map& shared) {
  PluginOverrides out;
  if (!shared.count("override-plugin")) return out;
  for (const auto& given : shared["override-plugin"].as<std::vector<std::string>>()) {
    const auto equals = given.find('=');
    if (equals == 0 || equals == std::string::npos || equals + 1 == given.size()) {
      throw UsageError("--override-plugin " + given + ": give CLAIM=PLUGIN, e.g. --override-plugin HGTS=my-heights");
    }
    const std::string claim = given.substr(0, equals), plugin = given.substr(equals + 1);
    if (const auto [it, added] = out.emplace(claim, plugin); !added && it->second != plugin) {
      throw UsageError("--override-plugin gives " + claim + " to two plugins, '" + it->second + "' and '" + plugin +
                       "'");
    }
  }
  return out;
}

// Every override took effect: its plugin holds its claim.
void checkOverrides(const Kernel& kernel, const PluginOverrides& overrides) {
  for (const auto& [claim, plugin] : overrides) {
    bool holds = false;
    for (const std::uint32_t kind : {kSectionPlugin, kValidatorPlugin, kExporterPlugin, kPackageValidatorPlugin}) {
      const auto provider = kernel.registry().provider(kind, claim);
      holds = holds || (provider && provider->name == plugin);
    }
    if (holds) continue;
    std::string why = "no plugin named '" + plugin + "' is on the plugin search path";
    for (const auto& record : kernel.plugins().report()) {
      if (!record.plugin || record.plugin->name != plugin) continue;
      const bool loaded = record.outcome == PluginOutcome::Loaded || record.outcome == PluginOutcome::Deferred;
      why = loaded ? "plugin '" + plugin + "' (" + record.file + ") does not claim " + claim
                   : "plugin '" + plugin + "' (" + record.file + ") was not loaded: " + record.message;
    }
    throw UsageError("--override-plugin " + claim + "=" + plugin + ": " + why);
  }
}

}  // namespace

Invocation::Invocation(CommandInfo command, std::vector<std::string> arguments)
    : command_(std::move(command)), arguments_(std::move(arguments)) {}

void Invocation::setUpKernel(const po::variables_map& shared) {
  std::filesystem::path enumPath = defaultEnumTablePath();
  if (shared.count("enums")) {
    enumPath = shared["enums"].as<std::string>();
  } else if (const char* fromEnvironment = std::getenv("ISLA_ENUMS")) {
    enumPath = fromEnvironment;
  }
  EnumTable enums;
  try {
    enums = EnumTable::load(enumPath);
  } catch (const std::exception& error) {
    throw CommandError(error.what());
  }
  Units units;
  units.heightScaleM = shared["height-scale"].as<double>();
  if (!(units.heightScaleM > 0)) throw UsageError("--height-scale must be a positive number");
  kernel_ = std::make_unique<Kernel>(std::move(enums), units);

  const std::vector<std::filesystem::path> flagDirectories = pluginDirectories(shared);
  const PluginOverrides overrides = pluginOverrides(shared);
  kernel_->plugins().setOverrides(overrides);
  const auto searchPath = pluginSearchPath(flagDirectories, std::getenv("ISLA_PLUGIN_PATH"),
                                           defaultPluginDirectory(),
                                           !shared["no-default-plugins"].as<bool>());
  kernel_->plugins().loadSearchPath(searchPath);
  // `plugins` shows the whole load report itself; every other command
  // warns about the plugins that did not load.
  if (command_.name != "plugins") printPluginProblems(kernel_->plugins(), std::cerr);
  checkOverrides(*kernel_, overrides);
}

bool Invocation::parse(const po::options_description& commandOptions,
                       const po::positional_options_description& positional,
                       const PluginOptions& pluginOptions) {
  try {
    // Phase 1: the shared options, so that the kernel and plugins exist.
    po::variables_map shared;
    po::store(po::command_line_parser(arguments_).options(sharedOptions()).allow_unregistered().run(),
              shared);
    po::notify(shared);
    setUpKernel(shared);

    // Phase 2: everything, plugin-declared options included.
    po::options_description all(sharedOptions());
    all.add(commandOptions);
    const auto specs = pluginOptions ? pluginOptions(*kernel_) : std::vector<OptionSpec>{};
    po::options_description fromPlugins("Options declared by plugins");
    for (const auto& spec : specs) {
      if (all.find_nothrow(spec.name, false) || fromPlugins.find_nothrow(spec.name, false)) continue;
      const std::string help = spec.help + "; takes " + acceptedValues(spec) +
                               (spec.defaultValue.empty() ? "" : " (default " + spec.defaultValue + ")");
      if (spec.type == OptionType::Boolean) {
        fromPlugins.add_options()(spec.name.c_str(), po::bool_switch(), help.c_str());
      } else {
        fromPlugins.add_options()(spec.name.c_str(), po::value<std::string>(), help.c_str());
      }
    }
    all.add(fromPlugins);
    po::store(po::command_line_parser(arguments_).options(all).positional(positional).run(), values_);
    if (values_.count("help")) {
      std::cout << "Usage: isla-tool " << command_.synopsis << "\n\n" << command_.summary << "\n\n"
                << commandOptions << "\n" << sharedOptions();
      if (!specs.empty()) std::cout << "\n" << fromPlugins;
      return false;
    }
    po::notify(values_);
    for (const auto& spec : specs) {
      if (!values_.count(spec.name) || values_[spec.name].defaulted()) continue;
      if (spec.type == OptionType::Boolean) {
        if (values_[spec.name].as<bool>()) pluginValues_.insert_or_assign(spec.name, "true");
      } else {
        pluginValues_.insert_or_assign(spec.name, values_[spec.name].as<std::string>());
      }
    }
  } catch (const po::error& error) {
    throw UsageError(error.what());
  }
  return true;
}

}  // namespace isla::cli
