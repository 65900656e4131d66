// SPDX-License-Identifier: MIT
// isla-tool run JOB: the named jobs. `compile` turns a layout of blueprints
// into a world package through an exporter (kernel: isla/compile/compile.hpp);
// with no layout it compiles the bundled example into ./world. With --shard
// it makes one shard of it, and `assemble` publishes the shards' package
// (isla/shard/shard.hpp).
#include <cstdlib>
#include <iostream>
#include <ranges>

#include <isla/base/install_layout.hpp>
#include <isla/base/joined_text.hpp>

#include "cli/cache_options.hpp"
#include "cli/compile_job.hpp"
#include "cli/shard_choice.hpp"
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
    {"compile",
     "compile [LAYOUT.json OUTDIR] [--exporter NAME] [--option KEY=VALUE]... [--jobs N] [--quiet] "
     "[--cache DIR [--cache-max-bytes N] | --shard K/N|auto [--shard-count N] --shard-dir DIR]",
     "compile a layout of blueprints into a Terrain World v1 package (no arguments: the bundled example into "
     "./world); with --cache, placing from DIR the patches made from the same inputs before; with --shard, one "
     "shard of it into DIR/shard-K"},
    {"assemble",
     "assemble LAYOUT.json OUTDIR --shard-dir DIR [--exporter NAME] [--option KEY=VALUE]... [--jobs N] [--verify] "
     "[--consume-shards]",
     "publish the package that the shards in DIR make, from their records, after checking that each is there and "
     "up to date (--verify: hash every file and source too; --consume-shards: move their files in, using the "
     "shards up)"},
};

std::string plural(std::size_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

std::optional<std::string> environmentVariable(const std::string& name) {
  const char* value = std::getenv(name.c_str());
  return value ? std::optional<std::string>(value) : std::nullopt;
}

std::filesystem::path shardDirOf(const po::variables_map& values, const std::string& what) {
  if (!values.count("shard-dir")) throw UsageError(what + " needs --shard-dir DIR, the directory of the shards");
  return values["shard-dir"].as<std::string>();
}

// The request as compile --shard and assemble take it: LAYOUT OUTDIR and the options.
CompileRequest requestOf(Invocation& invocation) {
  const auto& values = invocation.values();
  CompileRequest request = requestFromOptions(invocation);
  cacheOfOptions(values);  // refuses --cache-max-bytes without --cache, which goes with neither
  request.layout = values["layout"].as<std::string>();
  request.output = values["output"].as<std::string>();
  return request;
}

int runShard(Invocation& invocation) {
  const auto& values = invocation.values();
  if (!values.count("layout") || !values.count("output")) throw UsageError("--shard needs LAYOUT.json and OUTDIR");
  const std::optional<std::string> count =
      values.count("shard-count") ? std::optional<std::string>(values["shard-count"].as<std::string>()) : std::nullopt;
  const ShardChoice choice = chooseShard(values["shard"].as<std::string>(), count, environmentVariable);
  const auto shardDir = shardDirOf(values, "--shard");
  const CompileRequest request = requestOf(invocation);
  const bool quiet = values["quiet"].as<bool>();
  if (choice.from != "--shard" && !quiet) {
    std::cerr << "shard " << choice.shard.index << "/" << choice.shard.count << " from " << choice.from << "\n";
  }
  const ShardResult result = runCompileJob<ShardResult>(
      [&](Progress& progress) { return compileShard(invocation.kernel(), request, choice.shard, shardDir, progress); },
      quiet);
  std::cout << "compiled shard " << choice.shard.index << " of " << choice.shard.count << ": "
            << plural(result.patches, "patch", "patches") << ", " << plural(result.samples, "sample", "samples")
            << ": " << result.output.string() << "/ (" << request.exporter << ")\n";
  return 0;
}

int runAssemble(Invocation& invocation) {
  const auto& values = invocation.values();
  if (!values.count("layout") || !values.count("output")) throw UsageError("assemble needs LAYOUT.json and OUTDIR");
  if (values.count("shard")) throw UsageError("assemble takes every shard of --shard-dir, not --shard");
  const bool verify = values["verify"].as<bool>();
  const ShardFiles shardFiles = values["consume-shards"].as<bool>() ? ShardFiles::Consumed : ShardFiles::Kept;
  const auto shardDir = shardDirOf(values, "assemble");
  const CompileRequest request = requestOf(invocation);
  const AssemblyResult result = runCompileJob<AssemblyResult>(
      [&](Progress& progress) {
        return assembleShards(invocation.kernel(), request, shardDir, progress, verify, shardFiles);
      },
      values["quiet"].as<bool>());
  std::cout << "assembled the shards of " << shardDir.string() << " into "
            << plural(result.sources, "source", "sources") << ", " << plural(result.patches, "patch", "patches")
            << " and " << plural(result.edges, "shared edge", "shared edges") << ", "
            << plural(result.diagnostics.count(Severity::Warning), "warning", "warnings") << ": "
            << result.output.string() << "/ (" << request.exporter << "; " << result.placed << ")\n";
  return 0;
}

int runCompile(Invocation& invocation) {
  const auto& values = invocation.values();
  if (!values["height-scale"].defaulted()) {
    throw UsageError("run compile takes the height scale from the layout's height_scale_m, not --height-scale; "
                     "set it there");
  }
  if (values["verify"].as<bool>()) throw UsageError("--verify goes with run assemble");
  if (values["consume-shards"].as<bool>()) throw UsageError("--consume-shards goes with run assemble");
  if (values.count("shard") && values.count("cache")) {
    throw UsageError("--cache goes with a compile on one machine, not with --shard");
  }
  if (values.count("shard")) return runShard(invocation);
  if (values.count("shard-dir") || values.count("shard-count")) {
    throw UsageError("--shard-dir and --shard-count go with --shard K/N (or auto)");
  }
  const bool example = !values.count("layout");
  if (!example && !values.count("output")) throw UsageError("give LAYOUT.json and OUTDIR, or neither for the example");
  CompileRequest request = requestFromOptions(invocation);
  const std::optional<CacheRequest> cache = cacheOfOptions(values);
  request.layout = example ? defaultExampleLayout() : std::filesystem::path(values["layout"].as<std::string>());
  request.output = example ? std::filesystem::path("world") : std::filesystem::path(values["output"].as<std::string>());
  if (example && !std::filesystem::exists(request.layout)) {
    throw CommandError("the bundled example is not at " + request.layout.string() +
                       "; build the project (it makes the example), or give LAYOUT.json OUTDIR");
  }

  const CachedCompileResult result = runCompileJob(invocation.kernel(), request, cache, values["quiet"].as<bool>());
  std::cout << "compiled " << plural(result.sources, "source", "sources") << " into "
            << plural(result.patches, "patch", "patches")
            << (!cache ? "" : " (" + std::to_string(result.patchesFromCache) + " from the cache)")
            << " and "
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
      ("quiet", po::bool_switch(), "no progress on stderr")
      ("shard", po::value<std::string>(), "compile: make shard K/N only (K from 0), or 'auto' from the array job")
      ("shard-count", po::value<std::string>(), "compile: N for --shard auto in a Kubernetes Indexed Job")
      ("shard-dir", po::value<std::string>(), "compile --shard and assemble: the directory of the shards")
      ("verify", po::bool_switch(),
       "assemble: hash every shard file and source against the records (else their sizes and times are compared)")
      ("consume-shards", po::bool_switch(),
       "assemble: move the shards' files into OUTDIR instead of copying them, and remove the shards once it is "
       "published: they are used up, and assembling from them again is refused (a failure before publication "
       "moves the files back)");
  addCacheOptions(options);
  po::positional_options_description positional;
  positional.add("job", 1).add("layout", 1).add("output", 1);
  if (!invocation.parse(options, positional, validatorOptions)) return 0;

  const auto& values = invocation.values();
  if (!values.count("job")) {
    std::cout << "Jobs:\n";
    for (const auto& job : kJobs) std::cout << "  " << job.name << "  " << job.summary << "\n";
    std::cout << "\nUsage: isla-tool " << runSynopsis() << "\n";
    return 0;
  }
  const std::string job = values["job"].as<std::string>();
  if (job == "compile") return runCompile(invocation);
  if (job == "assemble") {
    if (!values["height-scale"].defaulted()) throw UsageError("run assemble takes the height scale from the layout");
    if (values.count("cache")) throw UsageError("--cache goes with run compile, not run assemble");
    return runAssemble(invocation);
  }
  throw UsageError("no job named '" + job + "'; jobs: " +
                   joinedText(kJobs | std::views::transform([](const Job& known) { return known.name; })));
}

std::string runSynopsis() {
  return "run " + joinedText(kJobs | std::views::transform([](const Job& job) { return job.synopsis; }),
                             "\n   or: isla-tool run ");
}

}  // namespace isla::cli
