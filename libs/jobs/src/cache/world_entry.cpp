// SPDX-License-Identifier: MIT
// The entry's note (one line, sealed in its list):
//   world {"sources":9,"patches":25,"edges":40,"patch_keys":[...],"diagnostics":[...]}
#include "world_entry.hpp"

#include <sys/stat.h>

#include <boost/json.hpp>
#include <span>

#include "../shard/patch_inputs.hpp"
#include "../shard/shard_settings.hpp"
#include "diagnostic_json.hpp"
#include "isla/json/json_text.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

constexpr std::string_view kKeyVersion = "isla-tool world entry 1";
constexpr std::string_view kNotePrefix = "world ";

bool isCacheWarning(const Diagnostic& d) { return d.code.starts_with("cache."); }

std::string absolutePath(const fs::path& path) { return fs::absolute(path).lexically_normal().string(); }

}  // namespace

WorldEntry WorldEntry::of(const Kernel& kernel, const CompileRequest& request, const ShardRecord& who,
                          const Layout& layout) {
  WorldEntry entry;
  entry.layout_ = layout;
  std::string& text = entry.context_;
  text = std::string(kKeyVersion) + "\n" + toolchainText(who.tool, who.plugins);
  text += "exporter " + who.exporter + "\n";
  for (const auto& [key, value] : who.options) text += "option " + key + "=" + value + "\n";
  for (const auto& [key, value] : request.validatorOptions) text += "validator option " + key + "=" + value + "\n";
  text += "enums " + enumTableId(kernel) + "\nunits " + toJsonText(json::value(kernel.units().heightScaleM), false) +
          " " + toJsonText(json::value(kernel.units().spacingM), false) + "\n";
  // What is said names the input as given; the sources are read as resolved.
  const fs::path& input = request.blueprint.empty() ? request.layout : request.blueprint;
  text += std::string(request.blueprint.empty() ? "layout " : "blueprint ") + input.string() + "\nat " +
          absolutePath(input) + "\n";
  if (!who.layoutSha256.empty()) text += "layout_sha256 " + who.layoutSha256 + "\n";
  return entry;
}

std::string WorldEntry::key(const std::vector<std::string>& sourceSha256) const {
  std::string text = context_;
  for (std::size_t i = 0; i < layout_.sources.size(); ++i) {
    text += "source " + layout_.sources[i].path.string() + " " + sourceSha256.at(i) + "\n";
  }
  return sha256Hex(std::as_bytes(std::span(text)));
}

std::optional<std::string> WorldEntry::keyOfRemembered(const RememberedSources& remembered, Diagnostics& out) const {
  std::vector<std::string> sha256;
  for (std::size_t i = 0; i < layout_.sources.size(); ++i) {
    struct stat info {};
    if (::stat(layout_.sources[i].path.c_str(), &info) != 0) return std::nullopt;  // the compile says why
    auto known = remembered.digest(i, FileIdentity::of(info), out);
    if (!known) return std::nullopt;
    sha256.push_back(std::move(*known));
  }
  return key(sha256);
}

std::optional<CachedCompileResult> WorldEntry::place(const PatchCache& cache, const std::string& key,
                                                     const fs::path& stage, Diagnostics& out) const {
  const auto damaged = [&](const std::string& damage) {
    out.add(Diagnostic{.severity = Severity::Warning,
                       .code = "cache.damaged",
                       .message = "the cache's entry of the whole world was damaged (" + damage +
                                  "): it was removed, and the world compiled from its patches"});
  };
  std::optional<CacheEntry> found;
  try {
    found = cache.look(key);
  } catch (const CacheDamaged& damage) {
    damaged(damage.what());
  }
  if (!found) return std::nullopt;
  CachedCompileResult result;
  std::vector<std::string> patchKeys;
  try {
    if (!found->note.starts_with(kNotePrefix)) throw std::invalid_argument("note");
    json::parse_options options;
    options.allow_invalid_utf8 = true;  // a message may quote the input's bytes
    const json::object note =
        json::parse(std::string_view(found->note).substr(kNotePrefix.size()), {}, options).as_object();
    result.sources = note.at("sources").to_number<std::size_t>();
    result.patches = note.at("patches").to_number<std::size_t>();
    result.edges = note.at("edges").to_number<std::size_t>();
    for (const json::value& patchKey : note.at("patch_keys").as_array()) {
      patchKeys.emplace_back(patchKey.as_string());
    }
    result.diagnostics = diagnosticsFromJson(note.at("diagnostics"));
  } catch (const std::exception&) {
    damaged("its note is not a compile's result");
    cache.removeEntry(key);
    return std::nullopt;
  }
  try {
    if (!cache.fetch(key, EntryPlace{stage, {}, {}})) return std::nullopt;
  } catch (const CacheDamaged& damage) {
    damaged(damage.what());
    return std::nullopt;
  }
  for (const std::string& patchKey : patchKeys) cache.noteEntryUse(patchKey);
  result.patchesFromCache = result.patches;
  return result;
}

void WorldEntry::store(const PatchCache& cache, const std::string& key, const fs::path& output,
                       const std::map<std::string, std::string>& written,
                       const std::map<std::string, std::string>& checks, const std::vector<std::string>& patchKeys,
                       CompileResult& result, unsigned threads) const {
  Diagnostics said;
  for (const Diagnostic& d : result.diagnostics.items()) {
    if (!isCacheWarning(d)) said.add(d);
  }
  json::array keys;
  for (const std::string& patchKey : patchKeys) keys.emplace_back(patchKey);
  const json::object note{{"sources", result.sources},
                          {"patches", result.patches},
                          {"edges", result.edges},
                          {"patch_keys", std::move(keys)},
                          {"diagnostics", diagnosticsJson(said)}};
  CacheEntry entry{{}, std::string(kNotePrefix) + json::serialize(note)};
  for (const ShardRecord::File& file : filesBelow(output, written, threads)) {
    entry.files.push_back({file.path, file.bytes, file.sha256});
  }
  try {
    cache.store(key, EntryPlace{output, {}, {}}, entry, checks);
  } catch (const CacheNotKept& notKept) {
    result.diagnostics.add(Diagnostic{
        .severity = Severity::Warning,
        .code = "cache.not-stored",
        .message = "the whole world was not stored in the cache " + cache.directory().string() + " (" + notKept.what() +
                   "); the package is whole, and the next compile places it from its patches"});
  }
}

}  // namespace isla
