// SPDX-License-Identifier: MIT
#include "isla/plugin/plugin_index.hpp"

#include <boost/json.hpp>

#include <sys/stat.h>

#include <algorithm>

#include "isla/io/file_identity.hpp"
#include "isla/json/json_text.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/plugin/plugin_api.hpp"

namespace isla {

namespace json = boost::json;

namespace {

constexpr std::string_view kFormat = "isla-tool.plugin-index";
constexpr std::int64_t kFormatVersion = 1;

constexpr OptionType kOptionTypes[] = {OptionType::String,  OptionType::Path,   OptionType::Integer,
                                       OptionType::Number,  OptionType::Boolean, OptionType::Choice,
                                       OptionType::Numbers, OptionType::Choices};

json::array strings(const std::vector<std::string>& values) { return json::array(values.begin(), values.end()); }

json::object optionJson(const OptionSpec& option) {
  json::object out{{"name", option.name},
                   {"type", optionTypeName(option.type)},
                   {"help", option.help},
                   {"default", option.defaultValue},
                   {"choices", strings(option.choices)},
                   {"count", option.count},
                   {"separator", std::string(1, option.separator)}};
  if (option.min) out["min"] = *option.min;
  if (option.max) out["max"] = *option.max;
  return out;
}

json::object entryJson(const IndexedPlugin& plugin) {
  json::array sections, validators;
  for (const FourCC tag : plugin.sections) sections.push_back(tag.value());
  for (const IndexedValidator& validator : plugin.validators) {
    json::array options;
    for (const OptionSpec& option : validator.options) options.push_back(optionJson(option));
    validators.push_back(json::object{{"name", validator.name}, {"options", std::move(options)}});
  }
  return {{"file", plugin.file},
          {"bytes", plugin.stamp.bytes},
          {"modified_ns", plugin.stamp.modifiedNs},
          {"name", plugin.name},
          {"version", plugin.version},
          {"description", plugin.description},
          {"kinds", plugin.kinds},
          {"sections", std::move(sections)},
          {"validators", std::move(validators)},
          {"exporters", strings(plugin.exporters)},
          {"package_validators", strings(plugin.packageValidators)}};
}

std::string textOf(const json::value& value) { return std::string(value.as_string()); }

std::vector<std::string> texts(const json::value& value) {
  std::vector<std::string> out;
  for (const json::value& item : value.as_array()) out.push_back(textOf(item));
  return out;
}

std::optional<double> bound(const json::object& option, std::string_view key) {
  const json::value* value = option.if_contains(key);
  return value ? std::optional<double>(value->to_number<double>()) : std::nullopt;
}

OptionSpec optionOf(const json::object& option) {
  const std::string type = textOf(option.at("type"));
  const auto known = std::find_if(std::begin(kOptionTypes), std::end(kOptionTypes),
                                  [&](OptionType candidate) { return optionTypeName(candidate) == type; });
  if (known == std::end(kOptionTypes)) throw std::invalid_argument("an option of unknown type '" + type + "'");
  const std::string separator = textOf(option.at("separator"));
  if (separator.size() != 1) throw std::invalid_argument("an option's separator is not one character");
  return OptionSpec{.name = textOf(option.at("name")),
                    .type = *known,
                    .help = textOf(option.at("help")),
                    .defaultValue = textOf(option.at("default")),
                    .min = bound(option, "min"),
                    .max = bound(option, "max"),
                    .choices = texts(option.at("choices")),
                    .count = option.at("count").to_number<std::size_t>(),
                    .separator = separator[0]};
}

IndexedPlugin entryOf(const json::object& entry) {
  IndexedPlugin plugin{.file = textOf(entry.at("file")),
                       .stamp = {entry.at("bytes").to_number<std::uintmax_t>(),
                                 entry.at("modified_ns").to_number<std::int64_t>()},
                       .name = textOf(entry.at("name")),
                       .version = textOf(entry.at("version")),
                       .description = textOf(entry.at("description")),
                       .kinds = entry.at("kinds").to_number<std::uint32_t>(),
                       .sections = {},
                       .validators = {},
                       .exporters = texts(entry.at("exporters")),
                       .packageValidators = texts(entry.at("package_validators"))};
  for (const json::value& tag : entry.at("sections").as_array()) {
    plugin.sections.emplace_back(tag.to_number<std::uint32_t>());
  }
  for (const json::value& item : entry.at("validators").as_array()) {
    IndexedValidator validator{textOf(item.at("name")), {}};
    for (const json::value& option : item.at("options").as_array()) {
      validator.options.push_back(optionOf(option.as_object()));
    }
    plugin.validators.push_back(std::move(validator));
  }
  if (plugin.file.empty() || plugin.file.find('/') != std::string::npos) {
    throw std::invalid_argument("an entry's file '" + plugin.file + "' is not a name in the directory");
  }
  return plugin;
}

}  // namespace

std::optional<FileStamp> fileStamp(const std::filesystem::path& file) {
  struct stat status {};
  if (::stat(file.c_str(), &status) != 0) return std::nullopt;
  const FileIdentity identity = FileIdentity::of(status);
  return FileStamp{identity.bytes, identity.modifiedNs};
}

std::string pluginIndexText(std::span<const IndexedPlugin> plugins) {
  std::vector<const IndexedPlugin*> sorted;
  for (const IndexedPlugin& plugin : plugins) sorted.push_back(&plugin);
  std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->file < b->file; });
  json::array entries;
  for (const IndexedPlugin* plugin : sorted) entries.push_back(entryJson(*plugin));
  return toJsonText(json::object{{"format", kFormat},
                                 {"format_version", kFormatVersion},
                                 {"api_version", kPluginApiVersion},
                                 {"plugins", std::move(entries)}}) +
         "\n";
}

std::optional<std::vector<IndexedPlugin>> parsePluginIndex(std::string_view text, std::string& problem) {
  std::vector<JsonProblem> problems;
  const auto document = parseStrictJson(text, problems);
  if (!document || !problems.empty()) {
    problem = "not JSON: " + (problems.empty() ? std::string("no document") : problems.front().message);
    return std::nullopt;
  }
  try {
    const json::object& index = document->as_object();
    if (textOf(index.at("format")) != kFormat ||
        index.at("format_version").to_number<std::int64_t>() != kFormatVersion) {
      problem = "not a plugin index of format version " + std::to_string(kFormatVersion);
      return std::nullopt;
    }
    if (index.at("api_version").to_number<std::uint32_t>() != kPluginApiVersion) {
      problem = "written for plugin API version " + toJsonText(index.at("api_version"), false) + ", not " +
                std::to_string(kPluginApiVersion);
      return std::nullopt;
    }
    std::vector<IndexedPlugin> plugins;
    for (const json::value& entry : index.at("plugins").as_array()) plugins.push_back(entryOf(entry.as_object()));
    return plugins;
  } catch (const std::exception& error) {
    problem = std::string("malformed: ") + error.what();
    return std::nullopt;
  }
}

}  // namespace isla
