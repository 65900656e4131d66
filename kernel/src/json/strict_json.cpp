// SPDX-License-Identifier: MIT
#include "isla/json/strict_json.hpp"

#include <boost/json/basic_parser_impl.hpp>

#include <algorithm>

namespace isla {

namespace json = boost::json;
using boost::system::error_code;

std::string jsonPointerToken(std::string_view key) {
  std::string out;
  for (const char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

std::string textPosition(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const auto before = text.substr(0, offset);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t lineStart = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1) + " (byte " +
         std::to_string(offset) + ")";
}

std::optional<json::value> parseStrictJson(std::string_view text, std::vector<JsonProblem>& problems,
                                           const JsonLimits& limits) {
  json::basic_parser<JsonBuilder> parser(limits.parseOptions(), limits);
  error_code ec;
  const std::size_t used = parser.write_some(false, text.data(), text.size(), ec);
  JsonBuilder& builder = parser.handler();
  if (builder.tooManyValuesAt) {
    problems.push_back({*builder.tooManyValuesAt, "the document holds more than " +
                                                      std::to_string(limits.maxValues) + " values; it is not one "
                                                      "of the documents this reads"});
    return std::nullopt;
  }
  if (ec) {
    const bool truncated = ec == json::error::incomplete;
    problems.push_back({"", std::string(truncated ? "the JSON ends early" : "not valid JSON") + " at " +
                                textPosition(text, used) + ": " + ec.message() + "; fix the syntax there"});
    return std::nullopt;
  }
  if (used < text.size()) {
    problems.push_back({"", "not valid JSON at " + textPosition(text, used) +
                                ": more follows the document; remove it"});
    return std::nullopt;
  }
  if (!builder.problems.empty()) {
    problems.insert(problems.end(), builder.problems.begin(), builder.problems.end());
    return std::nullopt;
  }
  return std::move(builder.root);
}

}  // namespace isla
