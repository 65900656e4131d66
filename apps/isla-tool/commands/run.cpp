// SPDX-License-Identifier: MIT
// isla-tool run JOB: the named jobs. `compile` turns a layout of blueprints
// into a world package through an exporter (kernel: isla/jobs/compile.hpp);
// with no layout it compiles the bundled example into ./world.
#include <iostream>

#include <isla/base/install_layout.hpp>

#include "cli/compile_job.hpp"
#include "cli/thread_count.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

struct Job {
  const char* name;
  const char* synopsis;
  const char* summary;
};

constexpr Job kJobs[] = {
    {"compile", "compile [LAYOUT.json OUTDIR] [--exporter NAME] [--option KEY=VALUE]... [--jobs N] [--quiet]",
     "compile a layout of blueprints into a Terrain World v1 package (no arguments: the bundled example into "
     "./world)"},
};

std::string plural(std::size_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

int runCompile(Invocation& invocation) {
  const auto& values = invocation.values();
  const bool example = !values.count("layout");
  if (!example && !values.count("output")) throw UsageError("give LAYOUT.json and OUTDIR, or neither for the example");
  if (!values["height-scale"].defaulted()) {
    throw UsageError("run compile takes the height scale from the layout's height_scale_m, not --height-scale; "
                     "set it there");
  }
  CompileRequest request;
  request.layout = example ? defaultExampleLayout() : std::filesystem::path(values["layout"].as<std::string>());
  request.output = example ? std::filesystem::path("world") : std::filesystem::path(values["output"].as<std::string>());
  if (example && !std::filesystem::exists(request.layout)) {
    throw CommandError("the bundled example is not at " + request.layout.string() +
                       "; build the project (it makes the example), or give LAYOUT.json OUTDIR");
  }
  request.exporter = values["exporter"].as<std::string>();
  if (values.count("option")) request.options = exporterOptions(values["option"].as<std::vector<std::string>>());
  request.threads = threadCount(values, "jobs");
  request.validatorOptions = invocation.pluginValues();

  const CompileResult result = runCompileJob(invocation.kernel(), request, values["quiet"].as<bool>());
  std::cout << "compiled " << plural(result.sources, "source", "sources") << " into "
            << plural(result.patches, "patch", "patches") << " and "
            << plural(result.edges, "shared edge", "shared edges") << ", "
            << plural(result.diagnostics.count(Severity::Warning), "warning", "warnings") << ": " << result.output.string()
            << "/ (" << request.exporter << ")\n";
  if (example) {
    std::cout << "that is the bundled example (" << request.layout.string() << "); check it with: isla-tool validate "
              << result.output.string() << "\n";
  }
  return 0;
}

}  // namespace

int runRun(Invocation& invocation) {
  po::options_description options("run");
  options.add_options()
      ("job", po::value<std::string>(), "the job to run; none lists them")
      ("layout", po::value<std::string>(), "compile: the layout JSON file")
      ("output", po::value<std::string>(), "compile: the package directory to create; must not exist")
      ("exporter", po::value<std::string>()->default_value("terrain-world-v1"), "compile: the exporter plugin")
      ("option", po::value<std::vector<std::string>>()->composing(),
       "compile: an exporter option KEY=VALUE (repeatable; 'isla-tool plugins' lists them)")
      ("jobs", threadCountValue(), "compile: threads to use, 1 to 256 (default: every core)")
      ("quiet", po::bool_switch(), "no progress on stderr");
  po::positional_options_description positional;
  positional.add("job", 1).add("layout", 1).add("output", 1);
  if (!invocation.parse(options, positional, validatorOptions)) return 0;

  const auto& values = invocation.values();
  if (!values.count("job")) {
    std::cout << "Jobs:\n";
    for (const auto& job : kJobs) std::cout << "  " << job.name << "  " << job.summary << "\n";
    std::cout << "\nUsage: isla-tool run " << kJobs[0].synopsis << "\n";
    return 0;
  }
  const std::string job = values["job"].as<std::string>();
  if (job == "compile") return runCompile(invocation);
  std::string names;
  for (const auto& known : kJobs) names += (names.empty() ? "" : ", ") + std::string(known.name);
  throw UsageError("no job named '" + job + "'; jobs: " + names);
}

}  // namespace isla::cli
