// SPDX-License-Identifier: MIT
// isla-tool validate FILE...: every structural rule of the reader, then the
// semantic validator plugins, reporting every problem found in one run.
#include <algorithm>
#include <iostream>
#include <set>

#include <isla/blueprint_reader.hpp>

#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

using Selected = std::vector<const Registration<Validator>*>;

Selected selectValidators(const Registry& registry, const std::vector<std::string>& only,
                          const std::vector<std::string>& skip) {
  std::set<std::string, std::less<>> known;
  for (const auto* r : registry.validators()) known.insert(r->object->name());
  for (const auto& list : {only, skip}) {
    for (const auto& name : list) {
      if (known.contains(name)) continue;
      std::string available;
      for (const auto& k : known) available += (available.empty() ? "" : ", ") + k;
      throw UsageError("no validator named '" + name + "'; loaded validators: " +
                       (available.empty() ? "none" : available));
    }
  }
  Selected selected;
  for (const auto* r : registry.validators()) {
    const auto name = r->object->name();
    const bool listed = std::find(only.begin(), only.end(), name) != only.end();
    const bool skipped = std::find(skip.begin(), skip.end(), name) != skip.end();
    if ((only.empty() || listed) && !skipped) selected.push_back(r);
  }
  return selected;
}

// One validator over one package; a throwing plugin becomes a diagnostic.
void runValidator(const Registration<Validator>& validator, const Package& package,
                  const ValidationContext& context, Diagnostics& out) {
  Diagnostics found;
  const std::string name = validator.object->name();
  try {
    validator.object->check(package, context, found);
  } catch (const std::exception& error) {
    found.add(Diagnostic{Severity::Error, "validator.threw",
                         "validator '" + name + "' (plugin " + validator.plugin->name +
                             ") threw: " + error.what(),
                         {}, {}, {}, {}, {}});
  } catch (...) {
    found.add(Diagnostic{Severity::Error, "validator.threw",
                         "validator '" + name + "' threw a non-standard exception", {}, {}, {}, {}, {}});
  }
  for (auto& diagnostic : found.items()) {
    if (diagnostic.file.empty()) diagnostic.file = package.source;
    diagnostic.origin = name;
  }
  out.append(found);
}

struct FileResult {
  std::string file;
  Diagnostics diagnostics;
  bool structural = true;  // the reader found no errors, so validators ran
};

FileResult validateFile(const std::string& file, const Kernel& kernel, const Selected& validators,
                        const OptionValues& options, bool strict) {
  FileResult result{file, {}, true};
  LoadResult load = readBlueprint(file, kernel);
  result.diagnostics = std::move(load.diagnostics);
  if (!load.ok()) {
    result.structural = false;
  } else {
    const ValidationContext context{kernel.enums(), kernel.units(), options};
    for (const auto* validator : validators) {
      runValidator(*validator, *load.package, context, result.diagnostics);
    }
  }
  if (strict) {
    for (auto& diagnostic : result.diagnostics.items()) {
      if (diagnostic.severity == Severity::Warning) diagnostic.severity = Severity::Error;
    }
  }
  return result;
}

std::vector<OptionSpec> validatorOptions(const Kernel& kernel) {
  std::vector<OptionSpec> out;
  for (const auto* r : kernel.registry().validators()) {
    for (auto& option : r->object->options()) out.push_back(std::move(option));
  }
  return out;
}

}  // namespace

int runValidate(Invocation& invocation) {
  po::options_description options("validate");
  options.add_options()
      ("file", po::value<std::vector<std::string>>()->required(), "blueprints to validate")
      ("json", po::bool_switch(), "print every diagnostic as JSON")
      ("strict", po::bool_switch(), "treat warnings as errors")
      ("only", po::value<std::vector<std::string>>()->composing(), "run only this validator (repeatable)")
      ("skip", po::value<std::vector<std::string>>()->composing(), "do not run this validator (repeatable)");
  po::positional_options_description positional;
  positional.add("file", -1);
  if (!invocation.parse(options, positional, validatorOptions)) return 0;

  const auto& values = invocation.values();
  auto list = [&](const char* name) {
    return values.count(name) ? values[name].as<std::vector<std::string>>() : std::vector<std::string>{};
  };
  const Kernel& kernel = invocation.kernel();
  const Selected validators = selectValidators(kernel.registry(), list("only"), list("skip"));
  const bool json = values["json"].as<bool>();
  const bool strict = values["strict"].as<bool>();

  bool allValid = true;
  boost::json::array files;
  for (const auto& file : values["file"].as<std::vector<std::string>>()) {
    const FileResult result = validateFile(file, kernel, validators, invocation.pluginValues(), strict);
    const bool valid = !result.diagnostics.hasErrors();
    allValid = allValid && valid;
    if (json) {
      boost::json::array diagnostics = diagnosticsJson(result.diagnostics);
      for (auto& d : diagnostics) {
        auto& object = d.as_object();
        const bool fromValidator = kernel.registry().validator(object["origin"].as_string()) != nullptr;
        object["validator"] = fromValidator ? object["origin"] : nullptr;
      }
      files.push_back({{"file", file},
                       {"valid", valid},
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
    std::cout << file << ": " << (valid ? "valid" : "INVALID") << " (" << errors << " error"
              << (errors == 1 ? "" : "s") << ", " << warnings << " warning" << (warnings == 1 ? "" : "s")
              << ")\n";
  }
  if (json) {
    boost::json::array names;
    for (const auto* v : validators) names.emplace_back(v->object->name());
    printJson(boost::json::object{{"valid", allValid}, {"strict", strict}, {"validators", names},
                                  {"files", files}},
              std::cout);
  }
  return allValid ? 0 : 1;
}

}  // namespace isla::cli
