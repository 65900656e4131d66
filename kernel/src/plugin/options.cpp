// SPDX-License-Identifier: MIT
#include "isla/plugin/options.hpp"

namespace isla {

std::string_view optionTypeName(OptionType type) {
  switch (type) {
    case OptionType::String: return "string";
    case OptionType::Path: return "path";
    case OptionType::Integer: return "integer";
    case OptionType::Number: return "number";
    case OptionType::Flag: return "flag";
  }
  return "?";
}

void OptionValues::set(std::string name, std::string value) {
  values_.insert_or_assign(std::move(name), std::move(value));
}

std::optional<std::string> OptionValues::get(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

bool OptionValues::flag(std::string_view name) const {
  auto value = get(name);
  return value && *value != "false" && *value != "0";
}

std::vector<std::string> OptionValues::names() const {
  std::vector<std::string> out;
  for (const auto& entry : values_) out.push_back(entry.first);
  return out;
}

}  // namespace isla
