// SPDX-License-Identifier: MIT
// What the validators found in a source, remembered in the patch cache
// under the key of everything their findings depend on: the tool and its
// section and validator plugins, the enum table, the validator options, the
// units, the source's SHA-256 and the path it is reported under (docs/decisions.md,
// What a compile through the cache remembers of its sources). A compile
// meeting the key again takes the findings instead of validating again.
#pragma once

#include <optional>
#include <string>

#include "isla/base/diagnostics.hpp"
#include "isla/base/units.hpp"
#include "isla/cache/patch_cache.hpp"
#include "isla/kernel.hpp"
#include "isla/plugin/options.hpp"

namespace isla {

// The tool and the plugins that decode sources' sections (and, `withValidators`,
// that check them), a line each: what a record about a source's bytes
// depends on beside the bytes.
std::string sourceToolchain(const Kernel& kernel, bool withValidators);

class ValidationMemo {
 public:
  ValidationMemo(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                 const Units& units);

  // The key of the findings about a source with these bytes at this path.
  std::string key(const std::string& sourceSha256, const std::string& path) const;

  // The findings remembered under `key`; none when there are none;
  // CacheDamaged when their record is damaged (then it is removed).
  std::optional<Diagnostics> recall(const std::string& key) const;

  // Remembers `findings` under `key`; a record that cannot be written is
  // not (the next compile validates again).
  void remember(const std::string& key, const Diagnostics& findings) const;

 private:
  const PatchCache& cache_;
  std::string context_;  // the key's lines before the source's
};

}  // namespace isla
