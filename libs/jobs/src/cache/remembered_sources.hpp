// SPDX-License-Identifier: MIT
// What a compile through the patch cache remembers of its sources
// (docs/decisions.md, What a compile through the cache remembers of its
// sources): each file's SHA-256 by its identity, the validators' findings
// by the bytes' SHA-256, and the parts of the world made from a source's
// samples alone. Looked up before the compile needs them and handed down
// to it as data (source_reading.hpp, world_builder.hpp); what the compile
// found that the cache did not know is kept after. A damaged record is
// removed and said in `notes` (by source, or for every source), never
// trusted.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/io/file_identity.hpp"
#include "isla/cache/patch_cache.hpp"
#include "isla/kernel.hpp"
#include "isla/plugin/options.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/world_builder.hpp"
#include "source_digests.hpp"
#include "source_part_records.hpp"
#include "validation_memo.hpp"

namespace isla {

class RememberedSources {
 public:
  RememberedSources(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                    const Layout& layout);

  // The SHA-256 remembered for source `index`'s file with `identity`.
  std::optional<std::string> digest(std::size_t index, const FileIdentity& identity, Diagnostics& notes) const;
  // The same for each source (by source; none when not remembered, or not opened).
  std::vector<std::optional<std::string>> digests(const std::vector<std::optional<FileIdentity>>& identities,
                                                  std::vector<Diagnostics>& notes) const;
  // Keeps the digest of each source read whole (`read`, by source) that
  // was not remembered.
  void keepDigests(const std::vector<std::optional<FileIdentity>>& identities,
                   const std::vector<std::optional<std::string>>& remembered, const std::vector<std::string>& digests,
                   const std::vector<bool>& read) const;

  // The validators' findings remembered for each source's bytes (by
  // source; `digests` "" for one not hashed).
  std::vector<std::optional<Diagnostics>> findings(const std::vector<std::string>& digests,
                                                   std::vector<Diagnostics>& notes) const;
  // Keeps the findings made (by source).
  void keepFindings(const std::vector<std::string>& digests,
                    const std::vector<std::optional<Diagnostics>>& findings) const;

  // Each source's parts remembered (by source).
  std::vector<SourcePartTexts> parts(const std::vector<std::string>& digests, Diagnostics& notes) const;
  // Keeps the parts made (by source).
  void keepParts(const std::vector<std::string>& digests, const std::vector<SourcePartTexts>& made) const;

 private:
  const Layout& layout_;
  SourceDigests digests_;
  ValidationMemo validations_;
  SourcePartRecords parts_;
};

}  // namespace isla
