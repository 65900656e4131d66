// SPDX-License-Identifier: MIT
// What a shard's record holds about its inputs and settings, as both the
// shard (writing it) and the assembly (checking it) make it from a request.
#pragma once

#include "shard_record.hpp"

namespace isla {

// The layout's hash and the request's exporter, options and validator
// options; the sources' hashes and the rest are the shard's to fill in.
ShardRecord recordOfRequest(const CompileRequest& request, ShardSpec shard);

// Every regular file below `stage` (but the record and the notes), sorted
// by relative path, with its SHA-256 and size.
std::vector<ShardRecord::Output> filesBelow(const std::filesystem::path& stage);

}  // namespace isla
