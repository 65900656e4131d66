// SPDX-License-Identifier: MIT
// A package as the compile job's input: nothing of it is read before its
// validator has checked every rule (hashes, schemas, cross-file), so that
// the reader meets only a coherent package; and which validator checks a
// package.
#include "isla/compile/package_check.hpp"

#include "compile_steps.hpp"
#include "isla/base/joined_text.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/plugin/package_validator.hpp"
#include "isla/world/package_world.hpp"

namespace isla {

namespace {

constexpr const char* kPackageFormat = "terrain-world-v1";

}  // namespace

const Registration<PackageValidator>& packageValidatorFor(const Registry& registry, const std::filesystem::path& path) {
  std::vector<std::string> loaded;
  for (const auto* registered : registry.packageValidators()) {
    if (registered->object->recognises(path)) return *registered;
    loaded.push_back(registered->object->name());
  }
  throw CompileError("'" + path.string() + "' is not a package any loaded package validator recognises (" +
                         (loaded.empty() ? std::string("none is loaded") : "loaded: " + joinedText(loaded)) +
                         "); a Terrain World v1 package is a directory holding world.json",
                     {});
}

BuiltWorld buildPackageWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                             Progress& progress) {
  const std::string package = request.package.string();
  const auto* validator = kernel.registry().packageValidator(kPackageFormat);
  if (!validator) {
    throw CompileError("reading the package " + package + " needs package validator '" + kPackageFormat +
                           "', which is not loaded (isla-tool plugins lists what is)",
                       {});
  }
  const auto* exporter = kernel.registry().exporter(request.exporter);
  if (exporter && exporter->object->packageValidator() == kPackageFormat) {
    throw CompileError(package + " is a " + kPackageFormat + " package already; exporter '" + request.exporter +
                           "' would only write it again: copy it, or choose another exporter",
                       {});
  }
  Diagnostics found;
  callPlugin(pluginObjectName("package validator", kPackageFormat, *validator->plugin), "checking the package",
             [&] { validator->object->check(request.package, found, CheckDepth::Full, threads); });
  if (found.hasErrors()) {
    throw CompileError(package + " is not a valid " + kPackageFormat + " package; nothing was written", found);
  }
  progress.update(0.5);
  // No diagnostics: the package's own warnings are its report's, not the new output's.
  BuiltWorld built{World{}, Diagnostics{}, 0, {}};
  try {
    built.world = readPackageWorld(request.package, kernel.enums(), threads);
  } catch (const PackageReadError& error) {
    throw CompileError(error.what(), {});
  }
  progress.update(1.0);
  return built;
}

}  // namespace isla
