// SPDX-License-Identifier: MIT
// isla-tool validate FILE...: every structural rule of the reader, then the
// semantic validator plugins, reporting every problem found in one run.
// A directory or a .json file is a written package instead, checked by the
// package validator plugin that recognises it.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>

#include <isla/bundle/source_reader.hpp>
#include <isla/compile/package_check.hpp>
#include <isla/compile/job_errors.hpp>
#include <isla/validation/validation.hpp>

#include "cli/missed_plugins.hpp"
#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

using Selected = ValidatorSelection;

// The validators `choice` picks. A name no loaded validator has is a usage
// error, but for --skip one of a plugin that did not load (the user knows).
Selected selectValidators(const Kernel& kernel, const ValidatorChoice& choice) {
  const Registry& registry = kernel.registry();
  std::set<std::string, std::less<>> known;
  for (const auto* r : registry.validators()) known.insert(r->object->name());
  for (const auto* list : {&choice.only, &choice.skip}) {
    for (const auto& name : *list) {
      if (known.contains(name)) continue;
      const PluginLoadRecord* missed = missedClaimant(kernel, name);
      if (missed && list == &choice.skip) continue;
      if (missed) {
        throw UsageError("validator '" + name + "' did not load: plugin '" + missed->plugin->name + "' (" +
                         missed->file + ") " + std::string(pluginOutcomeName(missed->outcome)) + ": " + missed->message);
      }
      std::string available;
      for (const auto& k : known) available += (available.empty() ? "" : ", ") + k;
      throw UsageError("no validator named '" + name + "'; loaded validators: " +
                       (available.empty() ? "none" : available));
    }
  }
  Selected selected;
  for (const auto* r : registry.validators()) {
    if (choice.picks(r->object->name())) selected.push_back(r);
  }
  return selected;
}

struct FileResult {
  std::string file;
  Diagnostics diagnostics;
  bool structural = true;  // the reader found no errors, so validators ran
  bool complete = true;    // every plugin that would take part did (no validation.incomplete)
};

FileResult validateFile(const std::string& file, const Kernel& kernel, const Selected& validators,
                        const ValidatorChoice& choice, const OptionValues& options, bool strict) {
  FileResult result{file, {}, true, true};
  // A viewer bundle's own checks, then its blueprint's.
  SourceBlueprint read = readSourceBlueprint(file, kernel);
  LoadResult& load = read.load;
  result.structural = load.ok();  // before its diagnostics move
  result.diagnostics = std::move(load.diagnostics);
  if (result.structural) {
    const ValidationContext context{kernel.enums(), kernel.units(), options};
    runValidators(validators, *load.blueprint, context, result.diagnostics);
    // What the validators found in a file changed under them is not its.
    if (auto changed = changedFile(*read.file)) {
      result.diagnostics = Diagnostics{};
      result.diagnostics.add(std::move(*changed));
      result.structural = false;
      return result;
    }
  }
  if (load.blueprint) {
    const std::size_t before = result.diagnostics.items().size();
    reportMissedPlugins(kernel, *load.blueprint, choice, result.structural, result.diagnostics);
    result.complete = result.diagnostics.items().size() == before;
  }
  if (strict) {
    for (auto& diagnostic : result.diagnostics.items()) {
      if (diagnostic.severity == Severity::Warning) diagnostic.severity = Severity::Error;
    }
  }
  return result;
}

bool isPackagePath(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_directory(path, error) || std::filesystem::path(path).extension() == ".json";
}

// One package: every diagnostic on stderr, the summary on stdout (or all of
// it as one JSON object).
int validatePackage(const Registry& registry, const std::string& path, const std::optional<std::string>& sources,
                    bool json, bool strict) {
  const Registration<PackageValidator>* chosen = nullptr;
  try {
    chosen = &packageValidatorFor(registry, path);
  } catch (const CompileError& error) {
    throw CommandError(error.what());
  }
  const auto& validator = *chosen;
  Diagnostics diagnostics;
  PackageSummary summary;
  try {
    summary = validator.object->check(path, diagnostics, CheckDepth::Full, 0);
    if (sources && !validator.object->checkSources(path, *sources, diagnostics)) {
      throw UsageError("--sources: the package validator '" + validator.object->name() +
                       "' records nothing of the sources to compare");
    }
  } catch (const UsageError&) {
    throw;
  } catch (const std::exception& error) {
    diagnostics.add(Diagnostic{.code = "validator.threw",
                               .message = "package validator '" + validator.object->name() + "' (plugin " +
                                          validator.plugin->name + ") threw: " + error.what(),
                               .file = path});
  }
  for (auto& diagnostic : diagnostics.items()) diagnostic.origin = validator.object->name();
  const bool valid = !diagnostics.hasErrors() && !(strict && !summary.warnings.empty());
  if (json) {
    boost::json::array warnings;
    for (const auto& w : summary.warnings) warnings.emplace_back(w);
    printJson(boost::json::object{{"path", path},
                                  {"validator", validator.object->name()},
                                  {"valid", valid},
                                  {"strict", strict},
                                  {"name", summary.name},
                                  {"counts", {{"sources", summary.sources},
                                              {"patches", summary.patches},
                                              {"boundary_edges", summary.boundaries},
                                              {"errors", diagnostics.count(Severity::Error)}}},
                                  {"warnings", std::move(warnings)},
                                  {"diagnostics", diagnosticsJson(diagnostics)}},
              std::cout);
    return valid ? 0 : 1;
  }
  printDiagnostics(diagnostics, std::cerr);
  const auto errors = diagnostics.count(Severity::Error);
  std::cout << path << ": " << (valid ? "valid" : "INVALID") << " " << validator.object->name() << " package";
  if (!summary.name.empty()) std::cout << " '" << summary.name << "'";
  std::cout << ": " << summary.sources << " source" << (summary.sources == 1 ? "" : "s") << ", " << summary.patches
            << " patch" << (summary.patches == 1 ? "" : "es") << ", " << summary.boundaries << " boundary edge"
            << (summary.boundaries == 1 ? "" : "s") << ", " << summary.warnings.size() << " warning"
            << (summary.warnings.size() == 1 ? "" : "s") << ", " << errors << " error" << (errors == 1 ? "" : "s")
            << "\n";
  for (const auto& warning : summary.warnings) std::cout << "  warning: " << warning << "\n";
  return valid ? 0 : 1;
}

// A package is checked by its package validator alone: the options that
// select or configure blueprint validators, or scale raw heights, would do
// nothing, so they are refused rather than ignored.
void refuseBlueprintOptions(Invocation& invocation) {
  const auto& values = invocation.values();
  std::vector<std::string> given;
  for (const char* name : {"only", "skip"}) {
    if (values.count(name)) given.push_back(name);
  }
  if (!values["height-scale"].defaulted()) given.emplace_back("height-scale");
  for (const auto& spec : validatorOptions(invocation.kernel())) {
    if (values.count(spec.name)) given.push_back(spec.name);
  }
  if (given.empty()) return;
  std::string list;
  for (const auto& name : given) list += (list.empty() ? "--" : ", --") + name;
  throw UsageError(list + ": blueprint validators' options, which do nothing for a package; leave them out");
}

}  // namespace

int runValidate(Invocation& invocation) {
  po::options_description options("validate");
  options.add_options()
      ("file", po::value<std::vector<std::string>>()->required(), "blueprints, or one package directory or .json")
      ("json", po::bool_switch(), "print every diagnostic as JSON")
      ("strict", po::bool_switch(), "treat warnings as errors")
      ("only", po::value<std::vector<std::string>>()->composing(), "run only this validator (repeatable)")
      ("skip", po::value<std::vector<std::string>>()->composing(), "do not run this validator (repeatable)")
      ("sources", po::value<std::string>(),
       "a package: also compare each source's recorded SHA-256 with the bytes of the file this layout names");
  po::positional_options_description positional;
  positional.add("file", -1);
  if (!invocation.parse(options, positional, validatorOptions)) return 0;

  const auto& values = invocation.values();
  auto list = [&](const char* name) {
    return values.count(name) ? values[name].as<std::vector<std::string>>() : std::vector<std::string>{};
  };
  const Kernel& kernel = invocation.kernel();
  const ValidatorChoice choice{list("only"), list("skip")};
  const Selected validators = selectValidators(kernel, choice);
  const bool json = values["json"].as<bool>();
  const bool strict = values["strict"].as<bool>();
  const auto& paths = values["file"].as<std::vector<std::string>>();
  const auto sources = values.count("sources") ? std::optional(values["sources"].as<std::string>()) : std::nullopt;
  if (std::any_of(paths.begin(), paths.end(), isPackagePath)) {
    if (paths.size() != 1) throw UsageError("a package (a directory or a .json file) is validated on its own");
    refuseBlueprintOptions(invocation);
    return validatePackage(kernel.registry(), paths.front(), sources, json, strict);
  }
  if (sources) throw UsageError("--sources LAYOUT goes with a package (a directory or its world.json), not blueprints");

  OptionValues validatorValues;
  try {
    validatorValues = resolveValidatorOptions(kernel.registry(), invocation.pluginValues());
  } catch (const OptionError& error) {
    throw UsageError(error.what());
  }
  bool allValid = true, allComplete = true;
  boost::json::array files;
  for (const auto& file : paths) {
    const FileResult result = validateFile(file, kernel, validators, choice, validatorValues, strict);
    const bool valid = !result.diagnostics.hasErrors();
    allValid = allValid && valid;
    allComplete = allComplete && result.complete;
    if (json) {
      boost::json::array diagnostics = diagnosticsJson(result.diagnostics);
      for (auto& d : diagnostics) {
        auto& object = d.as_object();
        const bool fromValidator = kernel.registry().validator(object["origin"].as_string()) != nullptr;
        object["validator"] = fromValidator ? object["origin"] : nullptr;
      }
      files.push_back({{"file", file},
                       {"valid", valid},
                       {"complete", result.complete},
                       {"semantic_checks_run", result.structural},
                       {"errors", result.diagnostics.count(Severity::Error)},
                       {"warnings", result.diagnostics.count(Severity::Warning)},
                       {"diagnostics", std::move(diagnostics)}});
      continue;
    }
    printDiagnostics(result.diagnostics, std::cerr);
    if (!result.structural) {
      std::cerr << file << ": note: semantic validators were not run; fix the structural errors first\n";
    }
    const auto errors = result.diagnostics.count(Severity::Error);
    const auto warnings = result.diagnostics.count(Severity::Warning);
    // Valid only when every plugin that would take part did.
    const char* verdict = !valid ? "INVALID" : result.complete ? "valid" : "validation incomplete";
    std::cout << file << ": " << verdict << " (" << errors << " error" << (errors == 1 ? "" : "s") << ", "
              << warnings << " warning" << (warnings == 1 ? "" : "s") << ")\n";
  }
  if (json) {
    boost::json::array names;
    for (const auto* v : validators) names.emplace_back(v->object->name());
    printJson(boost::json::object{{"valid", allValid}, {"complete", allComplete}, {"strict", strict},
                                  {"validators", names}, {"files", files}},
              std::cout);
  }
  return allValid ? 0 : 1;
}

}  // namespace isla::cli
