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
      ("plugin-dir", po::value<std::vector<std::string>>()->composing(),
       "load plugins from DIR (repeatable; searched before ISLA_PLUGIN_PATH and the default)")
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

  std::vector<std::filesystem::path> flagDirectories;
  if (shared.count("plugin-dir")) {
    for (const auto& directory : shared["plugin-dir"].as<std::vector<std::string>>()) {
      flagDirectories.emplace_back(directory);
    }
  }
  const auto searchPath = pluginSearchPath(flagDirectories, std::getenv("ISLA_PLUGIN_PATH"),
                                           defaultPluginDirectory(),
                                           !shared["no-default-plugins"].as<bool>());
  kernel_->plugins().loadSearchPath(searchPath);
  // `plugins` shows the whole load report itself; every other command
  // warns about the plugins that did not load.
  if (command_.name != "plugins") printPluginProblems(kernel_->plugins(), std::cerr);
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
