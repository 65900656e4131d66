// SPDX-License-Identifier: MIT
// What an exporter plugin provides: write loaded packages into a staging
// directory that the kernel then publishes.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "isla/api.hpp"
#include "isla/diagnostics.hpp"
#include "isla/enum_table.hpp"
#include "isla/model/package.hpp"
#include "isla/options.hpp"
#include "isla/units.hpp"

namespace isla {

struct ExportInput {
  std::vector<std::shared_ptr<const Package>> packages;
  const EnumTable& enums;
  Units units;
  const OptionValues& options;
};

class ISLA_API Exporter {
 public:
  virtual ~Exporter();

  virtual std::string name() const = 0;  // "obj"
  virtual std::string description() const = 0;
  virtual std::vector<OptionSpec> options() const { return {}; }

  // Write every output file below `stage`, which exists and is empty.
  virtual void write(const ExportInput& input, const std::filesystem::path& stage,
                     Diagnostics& out) const = 0;
};

}  // namespace isla
