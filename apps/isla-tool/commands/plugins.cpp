// SPDX-License-Identifier: MIT
// isla-tool plugins: the search path, every file looked at, and what each
// loaded plugin registered.
#include <iostream>

#include <boost/json/value_from.hpp>

#include <isla/plugin/plugin_api.hpp>
#include <isla/base/printable_text.hpp>
#include <isla/publish/staged_file.hpp>

#include "cli/command_step.hpp"
#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

boost::json::array optionsJson(const std::vector<OptionSpec>& options) {
  boost::json::array out;
  for (const auto& option : options) {
    boost::json::object entry{{"name", option.name},
                              {"type", optionTypeName(option.type)},
                              {"accepts", acceptedValues(option)},
                              {"help", option.help},
                              {"default", option.defaultValue}};
    if (option.min) entry["min"] = *option.min;
    if (option.max) entry["max"] = *option.max;
    if (!option.choices.empty()) entry["choices"] = boost::json::value_from(option.choices);
    if (option.count != 0) entry["count"] = option.count;
    out.push_back(std::move(entry));
  }
  return out;
}

// What one plugin registered, as JSON.
boost::json::object registeredBy(const Registry& registry, const PluginInfo* plugin) {
  boost::json::array sections, validators, exporters, packageValidators;
  for (const auto* r : registry.sections()) {
    if (r->plugin.get() != plugin) continue;
    sections.push_back({{"tag", r->object->tag().text()},
                        {"name", r->object->name()},
                        {"presence", presenceName(r->object->presence())},
                        {"role", r->object->role() ? boost::json::value(roleName(*r->object->role())) : nullptr},
                        {"description", r->object->description()}});
  }
  for (const auto* r : registry.validators()) {
    if (r->plugin.get() != plugin) continue;
    validators.push_back({{"name", r->object->name()},
                          {"description", r->object->description()},
                          {"options", optionsJson(r->object->options())}});
  }
  for (const auto* r : registry.exporters()) {
    if (r->plugin.get() != plugin) continue;
    exporters.push_back({{"name", r->object->name()},
                         {"description", r->object->description()},
                         {"options", optionsJson(r->object->options())}});
  }
  for (const auto* r : registry.packageValidators()) {
    if (r->plugin.get() != plugin) continue;
    packageValidators.push_back({{"name", r->object->name()},
                                 {"description", r->object->description()},
                                 {"options", boost::json::array{}}});
  }
  return {{"sections", sections}, {"validators", validators}, {"exporters", exporters},
          {"package_validators", packageValidators}};
}

boost::json::object reportJson(const Kernel& kernel) {
  boost::json::array searchPath;
  for (const auto& directory : kernel.plugins().searchPath()) {
    searchPath.push_back({{"path", directory.path.string()},
                          {"origin", directory.origin},
                          {"exists", directory.exists}});
  }
  boost::json::array files;
  for (const auto& record : kernel.plugins().report()) {
    boost::json::object entry{{"file", record.file},
                              {"outcome", pluginOutcomeName(record.outcome)},
                              {"message", record.message}};
    if (record.plugin) {
      entry["name"] = record.plugin->name;
      entry["version"] = record.plugin->version;
      entry["api_version"] = record.plugin->apiVersion;
      entry["description"] = record.plugin->description;
    }
    if (record.outcome == PluginOutcome::Loaded) {
      for (auto& [key, value] : registeredBy(kernel.registry(), record.plugin.get())) {
        entry[key] = value;
      }
    }
    files.push_back(std::move(entry));
  }
  return {{"api_version", kPluginApiVersion},
          {"enum_table", kernel.enums().origin()},
          {"search_path", searchPath},
          {"plugins", files}};
}

std::string_view text(const boost::json::value& value) { return value.as_string(); }

void printText(const Kernel& kernel, std::ostream& out) {
  out << "Plugin API version " << kPluginApiVersion << "\n\nSearch path:\n";
  for (const auto& directory : kernel.plugins().searchPath()) {
    out << "  " << directory.path.string() << "  (" << directory.origin
        << (directory.exists ? "" : ", missing") << ")\n";
  }
  out << "\nPlugins:\n";
  const boost::json::object report = reportJson(kernel);
  for (const auto& value : report.at("plugins").as_array()) {
    const auto& entry = value.as_object();
    const auto outcome = std::string(text(entry.at("outcome")));
    if (outcome != "loaded") continue;
    out << "  " << text(entry.at("name")) << " " << text(entry.at("version"))
        << " (API " << entry.at("api_version").as_uint64() << "): "
        << text(entry.at("description")) << "\n    file: "
        << printableText(text(entry.at("file"))) << "\n";
    for (const auto& section : entry.at("sections").as_array()) {
      const auto& s = section.as_object();
      out << "    section   " << text(s.at("tag")) << "  " << text(s.at("name"))
          << " (" << text(s.at("presence"))
          << (s.at("role").is_null() ? "" : ", fills the " + std::string(text(s.at("role"))) + " role") << ")\n";
    }
    constexpr std::pair<const char*, const char*> kKinds[] = {
        {"validators", "validator "}, {"exporters", "exporter  "}, {"package_validators", "package   "}};
    for (const auto& [kind, label] : kKinds) {
      for (const auto& item : entry.at(kind).as_array()) {
        const auto& v = item.as_object();
        out << "    " << label << text(v.at("name")) << ": " << text(v.at("description")) << "\n";
        // Validator options are flags; exporter options go through --option.
        const bool exporter = std::string_view(kind) == "exporters";
        for (const auto& option : v.at("options").as_array()) {
          out << "              " << (exporter ? "--option " : "--") << text(option.at("name"))
              << (exporter ? "=VALUE" : "") << " ("
              << text(option.at("accepts")) << "): " << text(option.at("help"))
              << "\n";
        }
      }
    }
  }
  bool header = false;
  for (const auto& record : kernel.plugins().report()) {
    if (record.outcome == PluginOutcome::Loaded) continue;
    if (!header) out << "\nNot loaded:\n";
    header = true;
    out << "  " << printableText(record.file) << "  " << pluginOutcomeName(record.outcome) << ": "
        << printableText(record.message) << "\n";
  }
}

// `--options NAME`: one exporter's options, as PDAL's `--options` lists a stage's.
// The options of the exporter or validator NAME.
int printOptions(const Kernel& kernel, const std::string& name, bool json) {
  const Registry& registry = kernel.registry();
  const auto* exporter = registry.exporter(name);
  const auto* validator = registry.validator(name);
  if (!exporter && !validator) {
    std::string names;
    for (const auto* r : registry.exporters()) names += (names.empty() ? "" : ", ") + r->object->name();
    for (const auto* r : registry.validators()) names += (names.empty() ? "" : ", ") + r->object->name();
    throw CommandError("no exporter or validator named '" + name + "'; loaded: " + (names.empty() ? "none" : names));
  }
  const auto options = exporter ? exporter->object->options() : validator->object->options();
  if (json) {
    printJson(optionsJson(options), std::cout);
    return 0;
  }
  std::cout << name << ": " << (exporter ? exporter->object->description() : validator->object->description())
            << "\n";
  if (options.empty()) std::cout << "  no options\n";
  for (const auto& option : options) {
    std::cout << "  " << option.name << " (" << acceptedValues(option) << "; default "
              << (option.defaultValue.empty() ? "none" : "'" + option.defaultValue + "'") << "): " << option.help
              << "\n";
  }
  return 0;
}

// `--write-index DIR`: DIR's plugins, each loaded now, described in its
// index, so that a process loads each when it first needs it.
int writeIndex(const Kernel& kernel, const std::filesystem::path& directory) {
  if (!std::filesystem::is_directory(directory)) throw CommandError(directory.string() + " is not a directory");
  Kernel indexed(kernel.enums(), kernel.units());
  const auto searchPath = pluginSearchPath(std::vector{directory}, nullptr, {}, false);
  indexed.plugins().loadSearchPath(searchPath, false);
  printPluginProblems(indexed.plugins(), std::cerr);
  const auto plugins = indexed.plugins().indexOfLoaded();
  commandStep([&] {
    StagedFile out(directory / kPluginIndexName, true);
    const std::string text = pluginIndexText(plugins);
    out.write(std::as_bytes(std::span(text)));
    out.commit();
  });
  std::cout << "indexed " << plugins.size() << (plugins.size() == 1 ? " plugin" : " plugins") << " in "
            << printableText((directory / kPluginIndexName).string()) << "\n";
  return 0;
}

}  // namespace

int runPlugins(Invocation& invocation) {
  po::options_description options("plugins");
  options.add_options()("json", po::bool_switch(), "print the report as JSON")(
      "options", po::value<std::string>(),
      "list the options of the exporter or validator NAME, with what each accepts")(
      "write-index", po::value<std::string>()->value_name("DIR"),
      "load the plugins of DIR and describe them in DIR/plugins.index.json, so that each is loaded only when a "
      "command first needs it");
  if (!invocation.parse(options, {})) return 0;
  const Kernel& kernel = invocation.kernel();
  if (invocation.values().count("write-index")) {
    return writeIndex(kernel, invocation.values()["write-index"].as<std::string>());
  }
  if (invocation.values().count("options")) {
    return printOptions(kernel, invocation.values()["options"].as<std::string>(),
                                invocation.values()["json"].as<bool>());
  }
  kernel.registry().loadDeferred();  // the report says what each plugin registered
  if (invocation.values()["json"].as<bool>()) {
    printJson(reportJson(kernel), std::cout);
  } else {
    printText(kernel, std::cout);
  }
  return 0;
}

}  // namespace isla::cli
