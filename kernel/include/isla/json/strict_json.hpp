// SPDX-License-Identifier: MIT
// JSON as every reader of the tool takes it from a file: boost::json::parse
// lets the last of two equal keys win and reads 1e400 as infinity; here
// both are errors, and a syntax error says where it is.
#pragma once

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isla {

struct JsonProblem {
  std::string pointer;  // JSON pointer of the key or number; "" for a syntax error
  std::string message;  // what is wrong and what to do
};

// The document, or nullopt with every problem found: a syntax error (with
// its line, column and byte offset), each key that appears twice in one
// object, each number beyond the range of a double.
std::optional<boost::json::value> parseStrictJson(std::string_view text, std::vector<JsonProblem>& problems);

// `key` as one token of a JSON pointer: "~" as "~0", "/" as "~1".
std::string jsonPointerToken(std::string_view key);

// "line 3, column 7 (byte 41)" for the byte at `offset` of `text`.
std::string textPosition(std::string_view text, std::size_t offset);

}  // namespace isla
