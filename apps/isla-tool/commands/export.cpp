// SPDX-License-Identifier: MIT
// isla-tool export FILE.dat OUTDIR: one blueprint through an exporter, as a
// 1 x 1 layout with default settings (no strips, no corners), by the same
// kernel job as `run compile` (and through its patch cache with --cache);
// or a package's directory, read back.
#include <iostream>

#include "cli/cache_options.hpp"
#include "cli/compile_job.hpp"
#include "cli/thread_count.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

int runExport(Invocation& invocation) {
  po::options_description options("export");
  options.add_options()
      ("file", po::value<std::string>(), "the blueprint (.dat), or a Terrain World package's directory")
      ("output", po::value<std::string>(), "the directory to create; must not exist")
      ("exporter", po::value<std::string>()->default_value("terrain-world-v1"), "the exporter plugin")
      ("option", po::value<std::vector<std::string>>()->composing(),
       "an exporter option KEY=VALUE (repeatable; 'isla-tool plugins --options NAME' lists them)")
      ("jobs", threadCountValue(), "threads to use, 1 to 256 (default: every core)")
      ("quiet", po::bool_switch(), "no progress on stderr");
  addCacheOptions(options);
  po::positional_options_description positional;
  positional.add("file", 1).add("output", 1);
  if (!invocation.parse(options, positional, validatorOptions)) return 0;

  const auto& values = invocation.values();
  if (!values.count("file") || !values.count("output")) throw UsageError("give FILE.dat (or a package directory) and OUTDIR");
  CompileRequest request = requestFromOptions(invocation);
  const std::optional<CacheRequest> cache = cacheOfOptions(values);
  const std::filesystem::path file = values["file"].as<std::string>();
  (std::filesystem::is_directory(file) ? request.package : request.blueprint) = file;
  request.output = values["output"].as<std::string>();

  const CachedCompileResult result = runCompileJob(invocation.kernel(), request, cache, values["quiet"].as<bool>());
  const std::size_t warnings = result.diagnostics.count(Severity::Warning);
  std::cout << "exported " << file.string()
            << (!cache ? "" : " (" + std::to_string(result.patchesFromCache) + " of " +
                                                 std::to_string(result.patches) + " patches from the cache)")
            << " with " << warnings
            << (warnings == 1 ? " warning" : " warnings") << ": " << result.output.string() << "/ ("
            << request.exporter << ")\n";
  return 0;
}

}  // namespace isla::cli
