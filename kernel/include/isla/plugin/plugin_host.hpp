// SPDX-License-Identifier: MIT
// Finds, loads and registers plugin modules, and keeps a report of every file
// it looked at: loaded, deferred, skipped (why) or failed (the loader's
// text). A plugin its directory's index describes (plugin_index.hpp) is
// deferred: registered by the registry when first needed, its record then
// updated in place; the host must outlive those lookups.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "isla/plugin/plugin_api.hpp"
#include "isla/plugin/registry.hpp"

namespace isla {

enum class PluginOutcome : std::uint8_t {
  Loaded,
  Skipped,   // not a plugin: no entry symbol, or not a regular file
  Failed,    // the loader or the registration failed
  Refused,   // wrong API version, a conflicting registration, or displaced by an override
  Deferred,  // listed in its directory's index; loaded when first needed
  Repeated,  // a file loaded already (one directory twice on the search path)
};

std::string_view pluginOutcomeName(PluginOutcome outcome);

struct PluginLoadRecord {
  std::string file;
  PluginOutcome outcome;
  std::string message;  // empty when loaded
  std::shared_ptr<const PluginInfo> plugin;  // set when the descriptor was read: its kinds are known
  std::string origin;  // its search directory's ("default", "--plugin-dir", ...), "built in", or "" (loadFile)
  // What a plugin that did not load would have registered, when that is
  // known: its registration ran (a conflict), or it was displaced.
  std::optional<PluginClaims> claims;
};

struct SearchDirectory {
  std::filesystem::path path;
  std::string origin;  // "default", "--plugin-dir" or "ISLA_PLUGIN_PATH"
  bool exists = false;
};

// `defaultDirectory` (the shipped plugins) first unless `useDefault` is
// false, then the flag directories, then each entry of ISLA_PLUGIN_PATH
// (colon-separated). Never the current directory. The first plugin to
// claim a tag or name keeps it, so a shipped plugin is displaced only by an
// override (PluginHost::setOverrides).
std::vector<SearchDirectory> pluginSearchPath(std::span<const std::filesystem::path> flagDirectories,
                                              const char* environmentValue,
                                              const std::filesystem::path& defaultDirectory,
                                              bool useDefault);

// Claim (a section tag's text, or a validator's, exporter's or package
// validator's name) -> the name of the plugin that takes it from whichever
// plugin registered it first.
using PluginOverrides = std::map<std::string, std::string, std::less<>>;

class PluginHost {
 public:
  explicit PluginHost(Registry& registry) : registry_(registry) {}

  // Before loading: a plugin that claims what another registered first
  // takes it when `overrides` gives it that claim (and every other claim it
  // clashes on); the other one is then displaced whole (recorded Refused,
  // nothing of it registered). A plugin named as one loaded already
  // displaces it when `overrides` names it.
  void setOverrides(PluginOverrides overrides) { overrides_ = std::move(overrides); }

  // Every regular *.so in each directory, in name order, deferred when the
  // directory's index describes it as it is (unless `useIndex` is false);
  // a missing directory is noted, not fatal.
  void loadSearchPath(std::span<const SearchDirectory> directories, bool useIndex = true);
  const PluginLoadRecord& loadFile(const std::filesystem::path& file);
  // A plugin linked into this binary (tests, fuzzers).
  const PluginLoadRecord& addBuiltin(const PluginDescriptor& descriptor);

  std::span<const PluginLoadRecord> report() const { return report_; }
  // What each loaded plugin module registered, as its directory's index
  // describes it (plugin_index.hpp), with the file as it is now.
  std::vector<IndexedPlugin> indexOfLoaded() const;
  std::span<const SearchDirectory> searchPath() const { return searchPath_; }

 private:
  // The plugins of `directory`'s index by file name; none, noted in the
  // report, when it is missing or cannot be used.
  std::map<std::string, IndexedPlugin> readIndex(const std::filesystem::path& directory);
  bool defer(const std::filesystem::path& file, const IndexedPlugin& indexed);
  const PluginLoadRecord& loadLibrary(const std::filesystem::path& file, const std::filesystem::path& canonical);
  const PluginLoadRecord& registerDescriptor(const PluginDescriptor& descriptor, std::string file,
                                             const std::shared_ptr<const void>& library);
  const PluginLoadRecord& record(std::string file, PluginOutcome outcome, std::string message,
                                 std::shared_ptr<const PluginInfo> plugin = nullptr,
                                 std::optional<PluginClaims> claims = std::nullopt);
  // Whether `overrides_` gives `claim` to plugin `name`; any claim when `claim` is empty.
  bool overridden(std::string_view claim, std::string_view name) const;
  // Withdraws `holder` from the registry and records it displaced.
  void displace(const std::shared_ptr<const PluginInfo>& holder, const std::string& why);

  Registry& registry_;
  std::vector<PluginLoadRecord> report_;
  std::vector<SearchDirectory> searchPath_;
  std::set<std::filesystem::path> loadedFiles_;
  std::set<std::string, std::less<>> loadedNames_;
  std::optional<std::size_t> replacing_;  // the deferred record a load being made updates
  std::string origin_;  // of the directory being loaded
  PluginOverrides overrides_;
};

}  // namespace isla
