// SPDX-License-Identifier: MIT
#include "view/world_cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include <sys/stat.h>

#include <isla/base/io_error.hpp>
#include <isla/cache/keyed_store.hpp>
#include <isla/compile/compile.hpp>
#include <isla/compile/toolchain.hpp>
#include <isla/io/file_identity.hpp>
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
                 const std::filesystem::path& output, const std::string& exporter, unsigned threads, bool quiet,
                 const std::filesystem::path& patchCache = {}) {
  CompileRequest request;
  (kind == WorldInput::Layout ? request.layout : kind == WorldInput::Package ? request.package : request.blueprint) =
      input;
  request.output = output;
  request.exporter = exporter;
  request.threads = threads;
  if (!quiet) std::cerr << "isla-tool view: compiling " << input.string() << " (" << exporter << ")\n";
  cli::runCompileJob(kernel, request,
                     patchCache.empty() ? std::nullopt : std::optional<CacheRequest>(CacheRequest{patchCache}), quiet);
}

// What the tiles are made with, named as the patch cache and the shards
// name it (isla/compile/toolchain.hpp): the tool, and every plugin loaded
// or waiting to be, by name and version.
void hashToolchain(Sha256& hash, const Kernel& kernel) {
  std::vector<std::shared_ptr<const PluginInfo>> plugins;
  for (const PluginLoadRecord& record : kernel.plugins().report()) {
    if (record.outcome == PluginOutcome::Loaded || record.outcome == PluginOutcome::Deferred) {
      plugins.push_back(record.plugin);
    }
  }
  hashText(hash, toolchainText(toolName(), pluginNames(plugins)));
}

// Every file of a package, by its path in it, in path order.
void hashPackage(Sha256& hash, const std::filesystem::path& package) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(package)) {
    if (entry.is_regular_file()) files.push_back(entry.path().lexically_relative(package));
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    hashText(hash, file.generic_string());
    hashText(hash, sha256OfFile(package / file));
  }
}

// The files a world is made from: the input, and every source a layout
// names (none of a layout that does not load: its compile says why).
std::vector<std::filesystem::path> inputFiles(WorldInput kind, const std::filesystem::path& input) {
  std::vector<std::filesystem::path> files{input};
  if (kind != WorldInput::Layout) return files;
  Diagnostics ignored;
  if (const auto layout = loadLayout(input, ignored)) {
    for (const auto& source : layout->sources) files.push_back(source.path);
  }
  return files;
}

// Each file as it is now: where it is, its size and modification time.
using Identities = std::vector<std::optional<FileIdentity>>;
Identities identitiesOf(const std::vector<std::filesystem::path>& files) {
  Identities identities;
  for (const auto& file : files) {
    struct stat info {};
    identities.push_back(::stat(file.c_str(), &info) == 0 ? std::optional(FileIdentity::of(info)) : std::nullopt);
  }
  return identities;
}

bool sameFile(const std::optional<FileIdentity>& a, const std::optional<FileIdentity>& b) {
  if (!a || !b) return !a && !b;
  return a->device == b->device && a->inode == b->inode && a->bytes == b->bytes && a->modifiedNs == b->modifiedNs;
}

// A world made while a file it is made from was saved again (in place, or
// by a rename) is not the world of the bytes its key was made from: it is
// never kept under that key (issue 57).
void checkUnchanged(const std::vector<std::filesystem::path>& files, const Identities& before) {
  const Identities now = identitiesOf(files);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!sameFile(before[i], now[i])) {
      throw IoError(files[i], "'" + files[i].string() +
                                  "' changed while being read (it was saved again while the world was compiled); "
                                  "run again once it is saved whole");
    }
  }
}

// Removes the entries beyond kKeptEntries, the least recently used first
// (an entry's time is its last use), never `current`, as the keyed store's
// rules say (isla/cache/keyed_store.hpp).
void evictEntries(const std::filesystem::path& root, const std::filesystem::path& current, bool quiet) {
  std::vector<StoredThing> entries;
  for (const std::filesystem::path& entry : namesBelow(root).keyed) {
    const auto status = std::filesystem::symlink_status(entry);
    if (!std::filesystem::is_directory(status) || entry == current) continue;
    entries.push_back({entry, entry.filename().string(), std::filesystem::last_write_time(entry), 0});
  }
  for (const StoredThing& old : beyondBound(std::move(entries), StoreBound{.things = kKeptEntries - 1})) {
    std::error_code error;
    std::filesystem::remove_all(old.path, error);
    if (error && !quiet) {
      std::cerr << "isla-tool view: warning: could not remove the old cache entry " << old.path.string() << ": "
                << error.message() << "\n";
    }
  }
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
  hashText(hash, "isla-tool view cache 3");
  hashToolchain(hash, kernel);
  hashText(hash, kind == WorldInput::Layout ? "layout" : kind == WorldInput::Package ? "package" : "blueprint");
  if (kind == WorldInput::Package) {
    hashPackage(hash, input);
    return hash.finishHex();
  }
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
                        const std::filesystem::path& root, unsigned threads, bool quiet,
                        const std::filesystem::path& patchCache) {
  const std::vector<std::filesystem::path> files = inputFiles(kind, input);
  const Identities before = identitiesOf(files);
  const auto directory = root / worldCacheKey(kernel, kind, input);
  const bool reused = std::filesystem::is_directory(directory);
  if (!reused) {
    std::filesystem::create_directories(root);
    StagedDirectory::checkTarget(directory);
    StagedDirectory entry(directory);
    const auto package = kind == WorldInput::Package ? input : entry.stage() / "package";
    if (kind != WorldInput::Package) {
      compileInto(kernel, kind, input, package, "terrain-world-v1", threads, quiet, patchCache);
    }
    compileInto(kernel, kind, input, entry.stage() / "tiles", "3dtiles", threads, quiet,
                kind == WorldInput::Package ? std::filesystem::path() : patchCache);
    std::filesystem::create_directory(entry.stage() / "samples");
    writeHeightSamples(package, entry.stage() / "samples");
    if (kind != WorldInput::Package) checkUnchanged(files, before);
    entry.commit();
  }
  markUsed(directory);
  evictEntries(root, directory, quiet);
  return {directory, reused};
}

}  // namespace isla::view
