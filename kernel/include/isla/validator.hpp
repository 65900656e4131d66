// SPDX-License-Identifier: MIT
// What a validator plugin provides: semantic checks across the sections of a
// loaded package, reported as diagnostics.
#pragma once

#include <string>
#include <vector>

#include "isla/api.hpp"
#include "isla/diagnostics.hpp"
#include "isla/enum_table.hpp"
#include "isla/model/package.hpp"
#include "isla/options.hpp"
#include "isla/units.hpp"

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
  virtual void check(const Package& package, const ValidationContext& context,
                     Diagnostics& out) const = 0;
};

}  // namespace isla
