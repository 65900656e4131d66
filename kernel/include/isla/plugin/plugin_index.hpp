// SPDX-License-Identifier: MIT
// What each plugin file of a directory registers, so that a process loads a
// plugin when it first needs what the plugin provides rather than at start
// (docs/writing-plugins.md, Plugins loaded when needed): the directory's
// plugins.index.json, written by `isla-tool plugins --write-index DIR`; the
// build and the install write one for the shipped plugins. An entry
// describes one file as it was when indexed (its size and modification
// time); a file that no entry describes as it is now is loaded at start,
// as in a directory without an index.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "isla/base/fourcc.hpp"
#include "isla/plugin/options.hpp"

namespace isla {

inline constexpr const char* kPluginIndexName = "plugins.index.json";

// A file's size and modification time, as an index entry records them.
struct FileStamp {
  std::uintmax_t bytes = 0;
  std::int64_t modifiedNs = 0;

  bool operator==(const FileStamp&) const = default;
};

// Nullopt when the file cannot be examined.
std::optional<FileStamp> fileStamp(const std::filesystem::path& file);

struct IndexedValidator {
  std::string name;
  std::vector<OptionSpec> options;
};

struct IndexedPlugin {
  std::string file;  // its name in the directory
  FileStamp stamp;
  std::string name;
  std::string version;
  std::string description;
  std::uint32_t kinds = 0;  // the k...Plugin bits it declares
  std::vector<FourCC> sections;
  std::vector<IndexedValidator> validators;
  std::vector<std::string> exporters;
  std::vector<std::string> packageValidators;
};

// The index's text: the entries by file name, for this plugin API version.
std::string pluginIndexText(std::span<const IndexedPlugin> plugins);

// The entries of an index's text; nullopt, with `problem` saying why, when
// it is not JSON, not an index, another plugin API version's or malformed.
std::optional<std::vector<IndexedPlugin>> parsePluginIndex(std::string_view text, std::string& problem);

}  // namespace isla
