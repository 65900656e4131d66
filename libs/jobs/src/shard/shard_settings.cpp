// SPDX-License-Identifier: MIT
#include "shard_settings.hpp"

#include <algorithm>
#include <set>

#include "isla/json/json_text.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_api.hpp"
#include "isla/publish/sha256.hpp"

namespace isla {

namespace {

constexpr std::string_view kInputKeyVersion = "isla-tool patch inputs 2";

}  // namespace

ShardRecord recordOfRequest(const Kernel& kernel, const ChosenExporter& chosen, const CompileRequest& request,
                            ShardSpec shard) {
  // Named as the plugins are, loaded or not: an assembly uses none but the exporter.
  const Registry& registry = kernel.registry();
  std::vector<std::shared_ptr<const PluginInfo>> plugins = registry.providers(kSectionPlugin);
  for (const auto& plugin : registry.providers(kValidatorPlugin)) plugins.push_back(plugin);
  plugins.push_back(registry.provider(kExporterPlugin, request.exporter));
  plugins.push_back(registry.provider(kPackageValidatorPlugin, chosen.exporter.packageValidator()));
  ShardRecord record;
  record.shard = shard;
  record.tool = toolName();
  record.plugins = pluginNames(plugins);
  // An export has no layout (through the cache: the patches' keys do not name one).
  if (!request.layout.empty()) record.layoutSha256 = sha256OfFile(request.layout);
  record.exporter = request.exporter;
  record.options = request.options;
  record.validatorOptions = request.validatorOptions;
  return record;
}

std::string inputKey(const ShardRecord& record, const WorldSettings& settings, const std::string& patchId,
                     const std::vector<std::string>& inputs) {
  std::string text = std::string(kInputKeyVersion) + "\n" + toolchainText(record.tool, record.plugins);
  text += "exporter " + record.exporter + "\n";
  for (const auto& [key, value] : record.options) text += "option " + key + "=" + value + "\n";
  text += "spacing_m " + toJsonText(boost::json::value(settings.spacingM), false) + "\nheight_scale_m " +
          toJsonText(boost::json::value(settings.heightScaleM), false) + "\ngap_cells " +
          std::to_string(settings.gapCells) + "\nmap_size " + std::to_string(record.mapSize) + "\npatch " + patchId +
          "\n";
  for (const auto& input : inputs) text += input + "\n";
  return sha256Hex(std::as_bytes(std::span(text)));
}

std::vector<ShardRecord::File> filesBelow(const std::filesystem::path& directory,
                                          const std::map<std::string, std::string>& written, unsigned threads) {
  std::vector<ShardRecord::File> files;
  std::vector<std::size_t> unhashed;
  for (auto entry = std::filesystem::recursive_directory_iterator(directory);
       entry != std::filesystem::recursive_directory_iterator(); ++entry) {
    const std::string relative = entry->path().lexically_relative(directory).generic_string();
    if (relative == kShardNotesDirectory) entry.disable_recursion_pending();
    if (!entry->is_regular_file() || relative == kShardRecordName || relative == kShardEdgesName) continue;
    const auto known = written.find(relative);
    if (known == written.end()) unhashed.push_back(files.size());
    files.push_back({relative, known == written.end() ? std::string() : known->second, entry->file_size()});
  }
  parallelFor(unhashed.size(), threads, [&](std::size_t i) {
    ShardRecord::File& file = files[unhashed[i]];
    file.sha256 = sha256OfFile(directory / file.path);
  });
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.path < b.path; });
  return files;
}

std::map<std::string, std::string> notesWritten(const std::map<std::string, std::string>& written) {
  constexpr std::string_view kNotes = "notes/";
  std::map<std::string, std::string> notes;
  for (const auto& [path, sha256] : written) {
    if (path.starts_with(kNotes)) notes.emplace(path.substr(kNotes.size()), sha256);
  }
  return notes;
}

}  // namespace isla
