// SPDX-License-Identifier: MIT
// What a shard's record holds about its build, inputs and settings, as both
// the shard (writing it) and the assembly (checking it) make it from a
// request; and the files below a shard's directory as the record lists them.
#pragma once

#include <map>

#include "../compile/compile_steps.hpp"
#include "shard_record.hpp"

namespace isla {

// The tool's version and commit, the plugins that take part (every section
// codec's and validator's, the exporter's and its package validator's), the
// layout's hash (none without a layout: an export) and the request's
// exporter, options and validator options; the rest is the shard's to fill in.
ShardRecord recordOfRequest(const Kernel& kernel, const ChosenExporter& chosen, const CompileRequest& request,
                            ShardSpec shard);

// The key of what a patch's outputs are made from: SHA-256 over the
// format's version, the tool and plugins, exporter and options, the
// world's settings and MapSize, the patch's id and `inputs` (its source's
// SHA-256, or the SHA-256 of each source border line its rows are made
// from). Two shards with the same key make the same outputs for it.
std::string inputKey(const ShardRecord& record, const WorldSettings& settings, const std::string& patchId,
                     const std::vector<std::string>& inputs);

// Every regular file below `directory` (but the record, its edges and the
// notes), sorted by relative path, with its size and SHA-256: taken from
// `written` (by relative path, as the writer kept it) or else hashed.
std::vector<ShardRecord::File> filesBelow(const std::filesystem::path& directory,
                                          const std::map<std::string, std::string>& written, unsigned threads);

// The notes among what writePatches returned (paths beginning "notes/"),
// by path relative to the notes' directory, for filesBelow of it.
std::map<std::string, std::string> notesWritten(const std::map<std::string, std::string>& written);

}  // namespace isla
