// SPDX-License-Identifier: MIT
// What a validator plugin provides: semantic checks across the sections of a
// loaded blueprint, reported as diagnostics.
#pragma once

#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/base/diagnostics.hpp"
#include "isla/model/enum_table.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/plugin/options.hpp"
#include "isla/base/units.hpp"

namespace isla {

struct ValidationContext {
  const EnumTable& enums;
  Units units;
  const OptionValues& options;
  unsigned threads = 0;  // at most this many threads (0: every core); results do not depend on it
};

class ISLA_API Validator {
 public:
  virtual ~Validator();

  virtual std::string name() const = 0;         // "water"
  virtual std::string description() const = 0;  // what it checks, one sentence
  virtual std::vector<OptionSpec> options() const { return {}; }

  // Add a diagnostic for every problem found; file and origin are filled in
  // by the caller when left empty.
  virtual void check(const Blueprint& blueprint, const ValidationContext& context,
                     Diagnostics& out) const = 0;
};

}  // namespace isla
