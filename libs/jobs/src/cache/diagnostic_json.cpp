// SPDX-License-Identifier: MIT
#include "diagnostic_json.hpp"

#include <stdexcept>

namespace isla {

namespace {

namespace json = boost::json;

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

}  // namespace

json::array diagnosticsJson(const Diagnostics& diagnostics) {
  json::array list;
  for (const Diagnostic& d : diagnostics.items()) list.push_back(encoded(d));
  return list;
}

Diagnostics diagnosticsFromJson(const json::value& value) {
  Diagnostics diagnostics;
  for (const json::value& d : value.as_array()) diagnostics.add(decoded(d));
  return diagnostics;
}

}  // namespace isla
