// SPDX-License-Identifier: MIT
// isla-tool bundle make OUT.zip --blueprint FILE.dat [...]: a viewer bundle
// (docs/viewer-bundle.md) from a blueprint and the JSON members given as
// files; metadata.json and runtime.json are made when not given.
#include <boost/json/parse.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

#include <isla/container/blueprint_reader.hpp>
#include <isla/mapping/mapped_file.hpp>
#include <isla/publish/staged_file.hpp>

#include "cli/command_step.hpp"
#include "cli/bundle_output.hpp"
#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

std::string readText(const std::string& path, const std::string& option) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CommandError("--" + option + " " + path + ": cannot be read; give an existing JSON file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<std::string> optionalText(const po::variables_map& values, const std::string& option) {
  if (!values.count(option)) return std::nullopt;
  return readText(values[option].as<std::string>(), option);
}

// The blueprint member a given metadata.json names; when it names none, a
// placeholder, and reading the bundle back reports the metadata's errors.
std::string blueprintMemberOf(const std::string& metadata) {
  boost::system::error_code error;
  const boost::json::value document = boost::json::parse(metadata, error);
  if (!error && document.is_object()) {
    if (const auto* name = document.as_object().if_contains("blueprint"); name && name->is_string()) {
      return std::string(name->as_string());
    }
  }
  return "blueprint.dat";
}

}  // namespace

int runBundle(Invocation& invocation) {
  po::options_description options("bundle");
  options.add_options()
      ("action", po::value<std::string>(), "what to do: make")
      ("output", po::value<std::string>(), "make: the bundle to write (.zip); must not exist unless --overwrite")
      ("blueprint", po::value<std::string>(), "make: the blueprint (.dat) to bundle")
      ("catalogue", po::value<std::string>(), "make: catalogue.json to include (format 3)")
      ("vegetation", po::value<std::string>(), "make: vegetation.json to include (format 1)")
      ("metadata", po::value<std::string>(), "make: metadata.json to include, instead of one made from --bundle-id")
      ("bundle-id", po::value<std::string>(), "make: the bundle id of the metadata made (default: OUT's stem)")
      ("display-name", po::value<std::string>(), "make: the display name of the metadata made (default: the id)")
      ("runtime", po::value<std::string>(), "make: runtime.json to include, instead of one made from the options")
      ("height-scale-m", po::value<double>()->default_value(251.0, "251"), "make: metres a raw height unit")
      ("spacing-m", po::value<double>()->default_value(1.0, "1"), "make: metres between grid points")
      ("overwrite", po::bool_switch(), "replace OUT if it exists (atomically)");
  po::positional_options_description positional;
  positional.add("action", 1).add("output", 1);
  if (!invocation.parse(options, positional)) return 0;

  const auto& values = invocation.values();
  if (!values.count("action") || values["action"].as<std::string>() != "make") {
    throw UsageError("give an action: isla-tool bundle make OUT.zip --blueprint FILE.dat");
  }
  if (!values.count("output") || !values.count("blueprint")) {
    throw UsageError("bundle make needs OUT.zip and --blueprint FILE.dat");
  }
  if (values.count("metadata") && (values.count("bundle-id") || values.count("display-name"))) {
    throw UsageError("--metadata gives the bundle id and display name; leave out --bundle-id and --display-name");
  }
  const std::string output = values["output"].as<std::string>();
  const std::string blueprint = values["blueprint"].as<std::string>();
  const bool overwrite = values["overwrite"].as<bool>();
  commandStep([&] { StagedFile::checkTarget(output, overwrite); }, "");

  const auto file = commandStep([&] { return MappedFile::open(blueprint); }, "");
  const LoadResult load = readBlueprint(file->bytes(), blueprint, file, invocation.kernel());
  printDiagnostics(load.diagnostics, std::cerr, Severity::Warning);
  if (!load.ok()) throw CommandError(blueprint + " is not a valid blueprint; nothing was written");

  BundleContents contents;
  if (values.count("metadata")) {
    contents.metadata = readText(values["metadata"].as<std::string>(), "metadata");
    contents.blueprintMember = blueprintMemberOf(contents.metadata);
  } else {
    const std::string id = values.count("bundle-id") ? values["bundle-id"].as<std::string>()
                                                      : std::filesystem::path(output).stem().string();
    const std::string name = values.count("display-name") ? values["display-name"].as<std::string>() : id;
    contents.blueprintMember = id + ".dat";
    contents.metadata = metadataJson(id, name, "isla-tool bundle make", contents.blueprintMember);
  }
  contents.runtime = values.count("runtime")
                         ? readText(values["runtime"].as<std::string>(), "runtime")
                         : runtimeJson(load.blueprint->mapSize, values["height-scale-m"].as<double>(),
                                       values["spacing-m"].as<double>());
  contents.catalogue = optionalText(values, "catalogue");
  contents.vegetation = optionalText(values, "vegetation");
  contents.blueprint = file->bytes();
  publishBundle(contents, output, overwrite);
  std::cout << "wrote " << output << " (viewer bundle: " << contents.blueprintMember << ", metadata.json, "
            << "runtime.json" << (contents.catalogue ? ", catalogue.json" : "")
            << (contents.vegetation ? ", vegetation.json" : "") << ")\n";
  return 0;
}

}  // namespace isla::cli
