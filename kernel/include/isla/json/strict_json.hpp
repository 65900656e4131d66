// SPDX-License-Identifier: MIT
// JSON as every reader of the tool takes it from a file: boost::json::parse
// lets the last of two equal keys win and reads 1e400 as infinity; here
// both are errors, a syntax error says where it is, and the limits bound
// what the text can make it allocate.
#pragma once

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isla/json/json_builder.hpp"

namespace isla {

// The document, or nullopt with every problem found: a syntax error (with
// its line, column and byte offset), a limit passed, each key that appears
// twice in one object, each number beyond the range of a double.
std::optional<boost::json::value> parseStrictJson(std::string_view text, std::vector<JsonProblem>& problems,
                                                  const JsonLimits& limits = {});

// `key` as one token of a JSON pointer: "~" as "~0", "/" as "~1".
std::string jsonPointerToken(std::string_view key);

// "line 3, column 7 (byte 41)" for the byte at `offset` of `text`.
std::string textPosition(std::string_view text, std::size_t offset);

}  // namespace isla
