// SPDX-License-Identifier: MIT
// The parts of a world made from one source's samples alone (its border
// lines, its water bodies' boxes: world_builder.hpp, SourcePart), kept
// in the patch cache under the key of the part and of what decoded the
// source, the tool and its section plugins (docs/decisions.md, What a
// compile through the cache remembers of its sources). A compile meeting
// an unchanged source takes them instead of reading its samples again.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "isla/cache/patch_cache.hpp"
#include "isla/kernel.hpp"

namespace isla {

class SourcePartRecords {
 public:
  SourcePartRecords(const PatchCache& cache, const Kernel& kernel);

  // The text remembered under the part's key (sourcePartKey); none when
  // none is; CacheDamaged when its record is damaged (then it is removed).
  std::optional<std::string> recall(const std::string& key) const;

  // Remembers `text` under the part's key; a record that cannot be written
  // is not (the part is made again next time).
  void remember(const std::string& key, const std::string& text) const;

 private:
  std::filesystem::path recordOf(const std::string& key) const;

  const PatchCache& cache_;
  std::string context_;  // the lines before a part's key
};

}  // namespace isla
