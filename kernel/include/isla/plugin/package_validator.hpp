// SPDX-License-Identifier: MIT
// What a package validator plugin provides: every rule of an output format
// (schemas, hashes, cross-file and numerical rules) checked on a written
// package, for `isla-tool validate DIR` and for the stage before publication.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/base/diagnostics.hpp"

namespace isla {

struct PackageSummary {
  std::string name;  // the world's name, empty when unreadable
  std::size_t sources = 0;
  std::size_t patches = 0;
  std::size_t boundaries = 0;
  std::vector<std::string> warnings;  // the package's own (its report's) warnings
};

// How much of a package's numbers a check reads back.
enum class CheckDepth {
  // Every value read, every figure of the report recomputed: `isla-tool validate`.
  Full,
  // A stage this process has just written: its report's figures are the
  // ones the compiler computed from the very values it wrote, so the check
  // takes them and reads only the values the cross-file rules compare
  // (borders, scenery points). Every file's hash, every file's shape and
  // every cross-file rule are still checked from disk.
  JustWritten,
};

class ISLA_API PackageValidator {
 public:
  virtual ~PackageValidator();

  virtual std::string name() const = 0;  // "terrain-world-v1"
  virtual std::string description() const = 0;
  // Whether `path` (a directory or a root document) looks like this format.
  virtual bool recognises(const std::filesystem::path& path) const = 0;
  // Adds a diagnostic for every violation (file, JSON pointer, message);
  // never throws on hostile content. Runs on at most `threads` threads (0:
  // every core); what it reports does not depend on them.
  virtual PackageSummary check(const std::filesystem::path& path, Diagnostics& out, CheckDepth depth,
                               unsigned threads) const = 0;
  // With the sources at hand (`layout`, the layout the package was compiled
  // from): adds a diagnostic for every source whose recorded hash differs
  // from its file's bytes, or that cannot be read. Returns false, adding
  // nothing, when the format records nothing of its sources to compare.
  virtual bool checkSources(const std::filesystem::path& path, const std::filesystem::path& layout,
                            Diagnostics& out) const;
};

}  // namespace isla
