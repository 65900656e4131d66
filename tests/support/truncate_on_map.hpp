// SPDX-License-Identifier: MIT
// The environment that has isla-tool's first mapping of a file cut the
// file short at once (the preloaded shim truncate_on_map_shim.cpp): a
// source changing under a mapped read at an exact point, with no sleep.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace isla::test {

// The shim's file, built beside the tests.
std::filesystem::path truncateOnMapShim();

// Variables for runTool: `file` is truncated to `bytes` right after the
// tool first maps it; with `armed`, at each mapping made while that file
// exists (the shim removes it), instead of at the first.
std::map<std::string, std::string> truncatedWhenMapped(const std::filesystem::path& file, std::uint64_t bytes,
                                                       const std::filesystem::path& armed = {});

}  // namespace isla::test
