// SPDX-License-Identifier: MIT
// A record, validations/<2 hex>/<key>:
//   isla-tool validation memo 1
//   key <key>
//   <the findings: a JSON array on one line, every member of each>
//   sealed <SHA-256 of the lines above>
#include "validation_memo.hpp"

#include <boost/json.hpp>
#include <set>
#include <span>

#include "isla/json/json_text.hpp"
#include "isla/publish/sha256.hpp"
#include "sealed_record.hpp"

namespace isla {

namespace {

namespace json = boost::json;

constexpr std::string_view kHeader = "isla-tool validation memo 1\n";

json::value optional(const auto& value) { return value ? json::value(*value) : json::value(nullptr); }

json::object encoded(const Diagnostic& d) {
  return {{"severity", static_cast<int>(d.severity)},
          {"code", d.code},
          {"message", d.message},
          {"file", d.file},
          {"tag", d.tag ? json::value(d.tag->value()) : json::value(nullptr)},
          {"offset", optional(d.offset)},
          {"pixel", d.pixel ? json::value(json::array{d.pixel->x, d.pixel->y}) : json::value(nullptr)},
          {"pointer", d.pointer},
          {"origin", d.origin}};
}

// Throws (std::exception) on anything but what `encoded` writes.
Diagnostic decoded(const json::value& value) {
  const json::object& in = value.as_object();
  if (in.size() != 9) throw std::invalid_argument("members");
  const auto severity = in.at("severity").to_number<int>();
  if (severity < 0 || severity > static_cast<int>(Severity::Error)) throw std::invalid_argument("severity");
  Diagnostic d{.severity = static_cast<Severity>(severity),
               .code = std::string(in.at("code").as_string()),
               .message = std::string(in.at("message").as_string()),
               .file = std::string(in.at("file").as_string()),
               .pointer = std::string(in.at("pointer").as_string()),
               .origin = std::string(in.at("origin").as_string())};
  if (!in.at("tag").is_null()) d.tag = FourCC(in.at("tag").to_number<std::uint32_t>());
  if (!in.at("offset").is_null()) d.offset = in.at("offset").to_number<std::uint64_t>();
  if (const json::value& pixel = in.at("pixel"); !pixel.is_null()) {
    const json::array& xy = pixel.as_array();
    if (xy.size() != 2) throw std::invalid_argument("pixel");
    d.pixel = PixelRef{xy[0].to_number<std::int64_t>(), xy[1].to_number<std::int64_t>()};
  }
  return d;
}

template <class Registrations>
void addPlugins(std::set<std::string>& plugins, const Registrations& registrations) {
  for (const auto* registration : registrations) {
    plugins.insert("plugin " + registration->plugin->name + " " + registration->plugin->version + "\n");
  }
}

}  // namespace

ValidationMemo::ValidationMemo(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                               const Units& units)
    : cache_(cache) {
  std::set<std::string> plugins;
  addPlugins(plugins, kernel.registry().sections());
  addPlugins(plugins, kernel.registry().validators());
  context_ = std::string(kHeader) + "isla-tool " + ISLA_VERSION + " (" + ISLA_GIT_HASH + ")\n";
  for (const auto& plugin : plugins) context_ += plugin;
  // Findings name enum members (a biome, a town's tier): the table's bytes, which --enums may replace.
  const std::filesystem::path enums = kernel.enums().origin();
  std::error_code error;
  context_ += "enums " + (std::filesystem::is_regular_file(enums, error) ? sha256OfFile(enums) : enums.string()) + "\n";
  for (const auto& [name, value] : validatorOptions) context_ += "option " + name + "=" + value + "\n";
  context_ += "height_scale_m " + toJsonText(json::value(units.heightScaleM), false) + "\nspacing_m " +
              toJsonText(json::value(units.spacingM), false) + "\n";
}

std::string ValidationMemo::key(const std::string& sourceSha256, const std::string& path) const {
  const std::string text = context_ + "source " + sourceSha256 + "\npath " + path + "\n";
  return sha256Hex(std::as_bytes(std::span(text)));
}

std::optional<Diagnostics> ValidationMemo::recall(const std::string& key, std::string& problem) const {
  problem.clear();
  const auto record = cache_.recordPath(PatchCache::kValidationsFolder, key);
  const std::string beginning = std::string(kHeader) + "key " + key + "\n";
  const auto text = readSealedText(record, beginning, "record", problem);
  Diagnostics findings;
  if (text) {
    try {
      json::parse_options options;
      options.allow_invalid_utf8 = true;  // a message may quote the input's bytes
      const json::value list = json::parse(std::string_view(*text).substr(beginning.size()), {}, options);
      for (const json::value& d : list.as_array()) findings.add(decoded(d));
      cache_.noteUse(record);
      return findings;
    } catch (const std::exception&) {
      problem = "its record " + record.string() + " is damaged";
    }
  }
  if (!problem.empty()) cache_.removeRecord(record);
  return std::nullopt;
}

void ValidationMemo::remember(const std::string& key, const Diagnostics& findings) const {
  json::array list;
  for (const Diagnostic& d : findings.items()) list.push_back(encoded(d));
  std::string why;
  cache_.writeRecord(cache_.recordPath(PatchCache::kValidationsFolder, key),
                     sealedText(std::string(kHeader) + "key " + key + "\n" + json::serialize(list) + "\n"), why);
}

}  // namespace isla
