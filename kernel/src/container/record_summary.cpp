// SPDX-License-Identifier: MIT
#include "isla/container/record_summary.hpp"

#include "isla/json/json_text.hpp"

namespace isla {

boost::json::value fieldJson(const FieldValue& value) {
  return std::visit(
      [](const auto& v) -> boost::json::value {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, float>) {
          return jsonFloat(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return boost::json::value(v);
        } else if constexpr (std::is_same_v<T, std::uint64_t>) {
          return v;
        } else {
          return static_cast<std::int64_t>(v);
        }
      },
      value);
}

void summarizeFields(const Record& record, SectionSummary& summary) {
  for (std::size_t i = 0; i < record.values().size(); ++i) {
    const auto& field = record.layout().fields()[i];
    const auto& value = record.values()[i];
    summary.json[field.name] = fieldJson(value);
    summary.details.push_back(field.name + ": " + toText(value) + (field.unit.empty() ? "" : " " + field.unit));
  }
}

}  // namespace isla
