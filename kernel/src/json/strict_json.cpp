// SPDX-License-Identifier: MIT
// A first pass with a handler that keeps only the keys of the open objects
// finds what boost::json::parse would accept silently; the value is parsed
// only from a document that passed it.
#include "isla/json/strict_json.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/parse.hpp>

#include <algorithm>
#include <cmath>
#include <set>

#include "isla/base/printable_text.hpp"

namespace isla {

namespace {

namespace json = boost::json;
using boost::system::error_code;

class CheckHandler {
 public:
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

  std::vector<JsonProblem> problems;

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_array_begin(error_code&) { return open(false); }
  bool on_array_end(std::size_t, error_code&) { return close(); }
  bool on_object_begin(error_code&) { return open(true); }
  bool on_object_end(std::size_t, error_code&) { return close(); }
  bool on_string_part(json::string_view, std::size_t, error_code&) { return true; }
  bool on_string(json::string_view, std::size_t, error_code&) { return scalar(); }
  bool on_key_part(json::string_view s, std::size_t, error_code&) {
    key_.append(s.data(), s.size());
    return true;
  }
  bool on_key(json::string_view s, std::size_t, error_code&) {
    key_.append(s.data(), s.size());
    Frame& object = frames_.back();
    if (!object.keys.insert(key_).second) {
      problems.push_back({object.pointer + "/" + jsonPointerToken(key_),
                          "the key '" + printableText(key_) + "' appears twice in one object; keep one of them"});
    }
    object.key = std::move(key_);
    key_.clear();
    return true;
  }
  bool on_number_part(json::string_view s, error_code&) {
    number_.append(s.data(), s.size());
    return true;
  }
  bool on_int64(std::int64_t, json::string_view, error_code&) { return numberDone(); }
  bool on_uint64(std::uint64_t, json::string_view, error_code&) { return numberDone(); }
  bool on_double(double d, json::string_view s, error_code&) {
    number_.append(s.data(), s.size());
    if (!std::isfinite(d)) {
      problems.push_back({childPointer(), "the number " + number_ +
                                              " is beyond the range of a double (about 1.8e308); give a finite number"});
    }
    return numberDone();
  }
  bool on_bool(bool, error_code&) { return scalar(); }
  bool on_null(error_code&) { return scalar(); }
  bool on_comment_part(json::string_view, error_code&) { return true; }
  bool on_comment(json::string_view, error_code&) { return true; }

 private:
  struct Frame {
    bool object = false;
    std::string pointer;
    std::set<std::string> keys;
    std::string key;        // of an object: the last key read
    std::size_t items = 0;  // of an array: the values read
  };

  std::string childPointer() const {
    if (frames_.empty()) return "";
    const Frame& parent = frames_.back();
    return parent.pointer + "/" + (parent.object ? jsonPointerToken(parent.key) : std::to_string(parent.items));
  }
  bool open(bool object) {
    Frame frame{.object = object, .pointer = childPointer(), .keys = {}, .key = {}, .items = 0};
    frames_.push_back(std::move(frame));
    return true;
  }
  bool close() {
    frames_.pop_back();
    return scalar();
  }
  bool scalar() {
    if (!frames_.empty() && !frames_.back().object) ++frames_.back().items;
    return true;
  }
  bool numberDone() {
    number_.clear();
    return scalar();
  }

  std::vector<Frame> frames_;
  std::string key_;
  std::string number_;
};

}  // namespace

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

std::optional<json::value> parseStrictJson(std::string_view text, std::vector<JsonProblem>& problems) {
  json::basic_parser<CheckHandler> checker(json::parse_options{});
  error_code ec;
  const std::size_t used = checker.write_some(false, text.data(), text.size(), ec);
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
  auto& found = checker.handler().problems;
  if (!found.empty()) {
    problems.insert(problems.end(), found.begin(), found.end());
    return std::nullopt;
  }
  return json::parse(text);
}

}  // namespace isla
