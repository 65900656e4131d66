// SPDX-License-Identifier: MIT
#include "shard_settings.hpp"

#include <algorithm>

#include "isla/base/io_error.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

ShardRecord recordOfRequest(const CompileRequest& request, ShardSpec shard) {
  ShardRecord record;
  record.shard = shard;
  record.layoutSha256 = sha256OfFile(request.layout);
  record.exporter = request.exporter;
  record.options = request.options;
  record.validatorOptions = request.validatorOptions;
  return record;
}

std::vector<ShardRecord::Output> filesBelow(const std::filesystem::path& stage) {
  std::vector<ShardRecord::Output> files;
  for (auto entry = std::filesystem::recursive_directory_iterator(stage);
       entry != std::filesystem::recursive_directory_iterator(); ++entry) {
    const std::string relative = entry->path().lexically_relative(stage).generic_string();
    if (relative == kShardNotesDirectory) entry.disable_recursion_pending();
    if (!entry->is_regular_file() || relative == kShardRecordName) continue;
    files.push_back({relative, sha256OfFile(entry->path()), entry->file_size()});
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

}  // namespace isla
