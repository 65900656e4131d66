// SPDX-License-Identifier: MIT
// The parts of a world made from one source's samples alone (its border
// lines, its water bodies' boxes: world_builder.hpp, SourcePartMemo), kept
// in the patch cache under the key of the part and of what decoded the
// source, the tool and its section plugins (docs/decisions.md, What a
// compile through the cache remembers of its sources). A compile meeting
// an unchanged source takes them instead of reading its samples again.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/jobs/patch_cache.hpp"
#include "isla/kernel.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/world_builder.hpp"

namespace isla {

class SourcePartRecords {
 public:
  SourcePartRecords(const PatchCache& cache, const Kernel& kernel);

  // What buildWorld takes; it refers to this object. A damaged record is
  // removed and its part made again.
  SourcePartMemo memo() const;

  // A `cache.damaged` warning for each damaged record met, in source order.
  void reportDamage(const Layout& layout, Diagnostics& out) const;

 private:
  struct Damage {
    std::size_t source;
    std::string part, problem;
  };
  std::filesystem::path recordOf(const std::string& key) const;

  const PatchCache& cache_;
  std::string context_;  // the lines before a part's key
  mutable std::mutex damageLock_;  // the memo is called on every thread
  mutable std::vector<Damage> damage_;
};

}  // namespace isla
