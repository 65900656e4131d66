// SPDX-License-Identifier: MIT
#include "isla/plugin/options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "isla/base/text_format.hpp"

namespace isla {

namespace {

std::string listed(std::span<const std::string> words) {
  std::string out;
  for (const auto& word : words) out += (out.empty() ? "" : ", ") + word;
  return out;
}

std::string numberText(double value) { return shortestText(value); }

// " from MIN to MAX", " of at least MIN", " of at most MAX" or "".
std::string bounds(const OptionSpec& spec) {
  if (spec.min && spec.max) return " from " + numberText(*spec.min) + " to " + numberText(*spec.max);
  if (spec.min) return " of at least " + numberText(*spec.min);
  if (spec.max) return " of at most " + numberText(*spec.max);
  return "";
}

bool inBounds(const OptionSpec& spec, double value) {
  return (!spec.min || value >= *spec.min) && (!spec.max || value <= *spec.max);
}

template <class T>
std::optional<T> parseWhole(std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> parseFinite(std::string_view text) {
  const auto value = parseWhole<double>(text);
  return value && std::isfinite(*value) ? value : std::nullopt;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t begin = 0;;) {
    const std::size_t end = std::min(text.find(separator, begin), text.size());
    out.push_back(text.substr(begin, end - begin));
    if (end == text.size()) return out;
    begin = end + 1;
  }
}

std::optional<OptionValue> parse(const OptionSpec& spec, const std::string& text) {
  const auto known = [&](std::string_view word) {
    return std::find(spec.choices.begin(), spec.choices.end(), word) != spec.choices.end();
  };
  switch (spec.type) {
    case OptionType::String:
    case OptionType::Path:
      return OptionValue{text};
    case OptionType::Integer: {
      const auto value = parseWhole<std::int64_t>(text);
      if (!value || !inBounds(spec, static_cast<double>(*value))) return std::nullopt;
      return OptionValue{*value};
    }
    case OptionType::Number: {
      const auto value = parseFinite(text);
      if (!value || !inBounds(spec, *value)) return std::nullopt;
      return OptionValue{*value};
    }
    case OptionType::Boolean:
      if (text != "true" && text != "false") return std::nullopt;
      return OptionValue{text == "true"};
    case OptionType::Choice:
      if (!known(text)) return std::nullopt;
      return OptionValue{text};
    case OptionType::Numbers: {
      std::vector<double> values;
      for (const std::string_view item : split(text, spec.separator)) {
        const auto value = parseFinite(item);
        if (!value || !inBounds(spec, *value)) return std::nullopt;
        values.push_back(*value);
      }
      if (spec.count != 0 && values.size() != spec.count) return std::nullopt;
      return OptionValue{std::move(values)};
    }
    case OptionType::Choices: {
      std::vector<std::string> words;
      for (const std::string_view item : split(text, ',')) {
        if (!known(item)) return std::nullopt;
        words.emplace_back(item);
      }
      return OptionValue{std::move(words)};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view optionTypeName(OptionType type) {
  switch (type) {
    case OptionType::String: return "string";
    case OptionType::Path: return "path";
    case OptionType::Integer: return "integer";
    case OptionType::Number: return "number";
    case OptionType::Boolean: return "boolean";
    case OptionType::Choice: return "choice";
    case OptionType::Numbers: return "numbers";
    case OptionType::Choices: return "choices";
  }
  return "?";
}

std::string acceptedValues(const OptionSpec& spec) {
  switch (spec.type) {
    case OptionType::String: return "any text";
    case OptionType::Path: return "a file path";
    case OptionType::Integer: return "an integer" + bounds(spec);
    case OptionType::Number: return "a number" + bounds(spec);
    case OptionType::Boolean: return "true or false";
    case OptionType::Choice: return "one of " + listed(spec.choices);
    case OptionType::Numbers: {
      const std::string joined = std::string("'") + spec.separator + "'";
      const std::string what = spec.count == 0 ? "numbers" : std::to_string(spec.count) + " numbers";
      return what + bounds(spec) + " joined by " + joined;
    }
    case OptionType::Choices: return "one or more of " + listed(spec.choices) + ", comma-separated";
  }
  return "?";
}

bool OptionValues::has(std::string_view name) const { return values_.find(name) != values_.end(); }

const OptionValue& OptionValues::value(std::string_view name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error("option '" + std::string(name) + "' has no value and no default");
  return it->second;
}

template <class T>
const T& OptionValues::typed(std::string_view name) const {
  const T* typedValue = std::get_if<T>(&value(name));
  if (!typedValue) throw std::logic_error("option '" + std::string(name) + "' is read as another type than its spec's");
  return *typedValue;
}

const std::string& OptionValues::text(std::string_view name) const { return typed<std::string>(name); }
std::int64_t OptionValues::integer(std::string_view name) const { return typed<std::int64_t>(name); }
double OptionValues::number(std::string_view name) const { return typed<double>(name); }
bool OptionValues::boolean(std::string_view name) const { return typed<bool>(name); }
const std::vector<double>& OptionValues::numbers(std::string_view name) const {
  return typed<std::vector<double>>(name);
}
const std::vector<std::string>& OptionValues::choices(std::string_view name) const {
  return typed<std::vector<std::string>>(name);
}

std::vector<std::string> OptionValues::names() const {
  std::vector<std::string> out;
  for (const auto& entry : values_) out.push_back(entry.first);
  return out;
}

void OptionValues::set(std::string name, OptionValue value) {
  values_.insert_or_assign(std::move(name), std::move(value));
}

OptionValues resolveOptions(std::string_view owner, std::span<const OptionSpec> specs, const OptionText& given) {
  for (const auto& entry : given) {
    const std::string& name = entry.first;  // not a structured binding: clang 14 (the fuzz build) cannot capture one
    const bool declared = std::any_of(specs.begin(), specs.end(), [&](const OptionSpec& spec) { return spec.name == name; });
    if (!declared) {
      std::vector<std::string> known;
      for (const auto& spec : specs) known.push_back(spec.name);
      throw OptionError(std::string(owner) + " has no option '" + name + "'; its options: " +
                        (known.empty() ? "none" : listed(known)));
    }
  }
  OptionValues out;
  for (const auto& spec : specs) {
    const auto it = given.find(spec.name);
    const bool fromUser = it != given.end();
    if (!fromUser && spec.defaultValue.empty()) continue;
    const std::string& text = fromUser ? it->second : spec.defaultValue;
    auto value = parse(spec, text);
    if (!value) {
      throw OptionError(std::string(owner) + ": option '" + spec.name + "' takes " + acceptedValues(spec) +
                        ", not '" + text + "'" + (fromUser ? "" : " (its default: the plugin is broken)"));
    }
    out.set(spec.name, std::move(*value));
  }
  return out;
}

}  // namespace isla
