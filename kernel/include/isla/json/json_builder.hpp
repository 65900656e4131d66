// SPDX-License-Identifier: MIT
// The one Boost.JSON SAX handler of the tool: it builds the document as
// boost::json::parse would, and also finds what parse accepts silently (a
// key twice in one object, where the last would win; a number beyond the
// range of a double, read as infinity), within limits on what a hostile
// file can make it allocate. parseStrictJson (strict_json.hpp) drives it
// over a string; a reader with needs of its own (the package validator,
// which streams one array) derives from it and hides the callbacks it
// extends.
#pragma once

#include <boost/json/parse_options.hpp>
#include <boost/json/value.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace isla {

struct JsonProblem {
  std::string pointer;  // JSON pointer of the key or number; "" for a syntax error
  std::string message;  // what is wrong and what to do
};

// 0: no limit.
struct JsonLimits {
  std::size_t maxDepth = 32;        // nested arrays and objects (boost::json::parse's default)
  std::size_t maxValues = 0;        // values in the document (containers count)
  std::size_t maxStringBytes = 0;   // of a string value
  std::size_t maxKeyBytes = 0;      // of an object key

  // The parser's options for these limits (its depth).
  boost::json::parse_options parseOptions() const;
};

class JsonBuilder {
 public:
  // The parser's own size limits are off: the limits are the builder's,
  // checked as the text arrives.
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);

  explicit JsonBuilder(const JsonLimits& limits = {}) : limits_(limits) {}

  boost::json::value root;
  // Keys that appear twice and numbers out of range, in document order.
  std::vector<JsonProblem> problems;
  // Where maxValues was passed (the parse stops there with value_too_large).
  std::optional<std::string> tooManyValuesAt;

  bool on_document_begin(boost::system::error_code&) { return true; }
  bool on_document_end(boost::system::error_code&) { return true; }
  bool on_array_begin(boost::system::error_code& ec) { return open(boost::json::array(), ec); }
  bool on_array_end(std::size_t, boost::system::error_code&) { return close(); }
  bool on_object_begin(boost::system::error_code& ec) { return open(boost::json::object(), ec); }
  bool on_object_end(std::size_t, boost::system::error_code&) { return close(); }
  bool on_string_part(boost::json::string_view part, std::size_t, boost::system::error_code& ec) {
    return gather(part, limits_.maxStringBytes, ec);
  }
  bool on_string(boost::json::string_view part, std::size_t, boost::system::error_code& ec);
  bool on_key_part(boost::json::string_view part, std::size_t, boost::system::error_code& ec) {
    return gather(part, limits_.maxKeyBytes, ec);
  }
  bool on_key(boost::json::string_view part, std::size_t, boost::system::error_code& ec);
  bool on_number_part(boost::json::string_view part, boost::system::error_code&) {
    number_.append(part.data(), part.size());
    return true;
  }
  bool on_int64(std::int64_t value, boost::json::string_view, boost::system::error_code& ec) {
    return number(boost::json::value(value), ec);
  }
  bool on_uint64(std::uint64_t value, boost::json::string_view, boost::system::error_code& ec) {
    return number(boost::json::value(value), ec);
  }
  bool on_double(double value, boost::json::string_view text, boost::system::error_code& ec);
  bool on_bool(bool value, boost::system::error_code& ec) { return insert(boost::json::value(value), ec); }
  bool on_null(boost::system::error_code& ec) { return insert(boost::json::value(nullptr), ec); }
  bool on_comment_part(boost::json::string_view, boost::system::error_code&) { return true; }
  bool on_comment(boost::json::string_view, boost::system::error_code&) { return true; }

 protected:
  // The pointer of the value about to be read.
  std::string childPointer() const;
  // The key the value about to be read goes under, when in an object.
  const std::string& key() const { return key_; }
  // Nesting of the open containers: 0 before the root, 1 inside it.
  std::size_t depth() const { return frames_.size(); }
  bool insert(boost::json::value value, boost::system::error_code& ec) { return place(std::move(value), ec); }

 private:
  struct Frame {
    boost::json::value* value;
    std::string pointer;
  };

  bool gather(boost::json::string_view part, std::size_t limit, boost::system::error_code& ec);
  // Places `value` where the next value goes; the slot, or null at a limit.
  boost::json::value* place(boost::json::value value, boost::system::error_code& ec);
  bool open(boost::json::value container, boost::system::error_code& ec);
  bool close() {
    frames_.pop_back();
    return true;
  }
  bool number(boost::json::value value, boost::system::error_code& ec) {
    number_.clear();
    return insert(std::move(value), ec);
  }

  JsonLimits limits_;
  std::vector<Frame> frames_;
  std::string key_;
  std::string text_;    // the string or key being read
  std::string number_;  // the number being read, as written
  std::size_t values_ = 0;
};

}  // namespace isla
