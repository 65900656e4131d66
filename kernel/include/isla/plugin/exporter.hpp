// SPDX-License-Identifier: MIT
// What an exporter plugin provides: write the compiled World into a staging
// directory that the kernel then validates and publishes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/base/diagnostics.hpp"
#include "isla/model/enum_table.hpp"
#include "isla/plugin/options.hpp"
#include "isla/base/progress.hpp"

namespace isla {

// The compiled world, defined by the world library (isla/world/world.hpp),
// which an exporter links: the kernel only hands it on.
class World;

struct ExportInput {
  const World& world;
  const EnumTable& enums;
  const OptionValues& options;
  unsigned threads;  // resolved, at least 1
  Progress& progress;
};

class ISLA_API Exporter {
 public:
  virtual ~Exporter();

  virtual std::string name() const = 0;  // "terrain-world-v1"
  virtual std::string description() const = 0;
  virtual std::vector<OptionSpec> options() const { return {}; }
  // Throws std::invalid_argument, naming the option, the value and what it
  // takes, for a bad value; the compile job calls it before anything is
  // written (the option names are checked against options() already).
  virtual void checkOptions(const OptionValues&) const {}
  // The package validator (by name) that checks this exporter's output
  // before it is published; empty when there is none.
  virtual std::string packageValidator() const { return {}; }

  // Write every output file below `stage`, which exists and is empty.
  // Errors throw (IoError for the filesystem); warnings go to `out`.
  virtual void write(const ExportInput& input, const std::filesystem::path& stage,
                     Diagnostics& out) const = 0;
};

}  // namespace isla
