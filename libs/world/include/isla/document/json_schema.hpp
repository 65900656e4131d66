// SPDX-License-Identifier: MIT
// JSON Schema 2020-12, the subset the shipped schemas use, interpreted at
// run time: the layout and every document of a package are checked against
// the same files users validate with any other validator.
#pragma once

#include <boost/json/value.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace isla {

struct SchemaViolation {
  std::string pointer;  // JSON pointer into the instance: "/sources/2/row"
  std::string message;  // "expected an integer, got a string"
};

class JsonSchema {
 public:
  // Throws std::runtime_error naming `origin` for a schema it cannot interpret
  // (a keyword outside the subset, an external $ref).
  static JsonSchema parse(std::string_view text, const std::string& origin);
  static JsonSchema load(const std::filesystem::path& path);
  // A shipped schema by file name, from the data directory next to the
  // executable ("layout-v1.schema.json").
  static JsonSchema shipped(std::string_view fileName);

  // Every violation of `instance` against the root schema, or against
  // `$defs/<definition>` when one is named, in document order.
  std::vector<SchemaViolation> validate(const boost::json::value& instance,
                                        std::string_view definition = {}) const;

 private:
  struct Impl;
  std::shared_ptr<const Impl> impl_;
};

}  // namespace isla
