// SPDX-License-Identifier: MIT
// A record, validations/<2 hex>/<key>:
//   isla-tool validation memo 1
//   key <key>
//   <the findings: a JSON array on one line, every member of each>
//   sealed <SHA-256 of the lines above>
#include "validation_memo.hpp"

#include <boost/json.hpp>
#include <span>

#include "../shard/patch_inputs.hpp"
#include "diagnostic_json.hpp"
#include "isla/compile/toolchain.hpp"
#include "isla/json/json_text.hpp"
#include "isla/plugin/plugin_api.hpp"
#include "isla/publish/sha256.hpp"
#include "sealed_record.hpp"

namespace isla {

namespace {

namespace json = boost::json;

constexpr std::string_view kMemoHeader = "isla-tool validation memo 1\n";

}  // namespace

std::string sourceToolchain(const Kernel& kernel, bool withValidators) {
  // Named as the plugins are, loaded or not: a run that finds everything in
  // the cache loads none of them.
  std::vector<std::shared_ptr<const PluginInfo>> plugins = kernel.registry().providers(kSectionPlugin);
  if (withValidators) {
    for (const auto& plugin : kernel.registry().providers(kValidatorPlugin)) plugins.push_back(plugin);
  }
  return toolchainText(toolName(), pluginNames(plugins));
}

ValidationMemo::ValidationMemo(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                               const Units& units)
    : cache_(cache) {
  context_ = std::string(kMemoHeader) + sourceToolchain(kernel, true);
  // Findings name enum members (a biome, a town's tier): the table's bytes, which --enums may replace.
  context_ += "enums " + enumTableId(kernel) + "\n";
  for (const auto& [name, value] : validatorOptions) context_ += "option " + name + "=" + value + "\n";
  context_ += "height_scale_m " + toJsonText(json::value(units.heightScaleM), false) + "\nspacing_m " +
              toJsonText(json::value(units.spacingM), false) + "\n";
}

std::string ValidationMemo::key(const std::string& sourceSha256, const std::string& path) const {
  const std::string text = context_ + "source " + sourceSha256 + "\npath " + path + "\n";
  return sha256Hex(std::as_bytes(std::span(text)));
}

std::optional<Diagnostics> ValidationMemo::recall(const std::string& key) const {
  const auto record = cache_.recordPath(PatchCache::kValidationsFolder, key);
  const std::string beginning = std::string(kMemoHeader) + "key " + key + "\n";
  const auto text = cache_.readRecord(record, beginning);
  if (!text) return std::nullopt;
  Diagnostics findings;
  try {
    json::parse_options options;
    options.allow_invalid_utf8 = true;  // a message may quote the input's bytes
    findings = diagnosticsFromJson(json::parse(std::string_view(*text).substr(beginning.size()), {}, options));
  } catch (const std::exception&) {
    cache_.removeRecord(record);
    throw CacheDamaged("its record " + record.string() + " is damaged");
  }
  cache_.noteUse(record);
  return findings;
}

void ValidationMemo::remember(const std::string& key, const Diagnostics& findings) const {
  try {
    cache_.writeRecord(
        cache_.recordPath(PatchCache::kValidationsFolder, key),
        sealedText(std::string(kMemoHeader) + "key " + key + "\n" + json::serialize(diagnosticsJson(findings)) + "\n"));
  } catch (const CacheNotKept&) {
    // the next compile validates again
  }
}

}  // namespace isla
