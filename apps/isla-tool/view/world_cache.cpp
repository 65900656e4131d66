// SPDX-License-Identifier: MIT
#include "view/world_cache.hpp"

#include <cstdlib>
#include <iostream>
#include <span>
#include <stdexcept>

#include <isla/jobs/compile.hpp>
#include <isla/publish/sha256.hpp>
#include <isla/publish/staged_directory.hpp>
#include <isla/world/layout.hpp>

#include "cli/compile_job.hpp"
#include "view/height_samples.hpp"

namespace isla::view {

namespace {

void hashText(Sha256& hash, const std::string& text) {
  // Each part with its length, so that no two inputs hash alike by shifting bytes between parts.
  const std::string framed = std::to_string(text.size()) + ":" + text;
  hash.update(std::as_bytes(std::span(framed.data(), framed.size())));
}

void compileInto(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input,
                 const std::filesystem::path& output, const std::string& exporter, unsigned threads, bool quiet) {
  CompileRequest request;
  (kind == WorldInput::Layout ? request.layout : request.blueprint) = input;
  request.output = output;
  request.exporter = exporter;
  request.threads = threads;
  if (!quiet) std::cerr << "isla-tool view: compiling " << input.string() << " (" << exporter << ")\n";
  cli::runCompileJob(kernel, request, quiet);
}

}  // namespace

std::filesystem::path viewCacheRoot() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::filesystem::path(xdg) / "isla-tool" / "view";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "isla-tool" / "view";
  }
  throw std::runtime_error("neither XDG_CACHE_HOME nor HOME is set: set one for the cache of compiled worlds");
}

std::string worldCacheKey(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input) {
  Sha256 hash;
  hashText(hash, std::string("isla-tool view cache 1 ") + ISLA_VERSION + " " + ISLA_GIT_HASH);
  hashText(hash, kind == WorldInput::Layout ? "layout" : "blueprint");
  hashText(hash, sha256OfFile(input));
  if (kind == WorldInput::Blueprint) {
    hashText(hash, std::to_string(kernel.units().heightScaleM));
  } else {
    // A layout that does not load hashes as its bytes alone: its compile
    // then fails and says why.
    Diagnostics ignored;
    if (const auto layout = loadLayout(input, ignored)) {
      for (const auto& source : layout->sources) {
        hashText(hash, source.file);
        hashText(hash, std::filesystem::exists(source.path) ? sha256OfFile(source.path) : "missing");
      }
    }
  }
  return hash.finishHex();
}

CachedWorld cachedWorld(const Kernel& kernel, WorldInput kind, const std::filesystem::path& input,
                        const std::filesystem::path& root, unsigned threads, bool quiet) {
  const auto directory = root / worldCacheKey(kernel, kind, input);
  if (std::filesystem::is_directory(directory)) return {directory, true};
  std::filesystem::create_directories(root);
  StagedDirectory::checkTarget(directory);
  StagedDirectory entry(directory);
  compileInto(kernel, kind, input, entry.stage() / "package", "terrain-world-v1", threads, quiet);
  compileInto(kernel, kind, input, entry.stage() / "tiles", "3dtiles", threads, quiet);
  std::filesystem::create_directory(entry.stage() / "samples");
  writeHeightSamples(entry.stage() / "package", entry.stage() / "samples");
  entry.commit();
  return {directory, false};
}

}  // namespace isla::view
