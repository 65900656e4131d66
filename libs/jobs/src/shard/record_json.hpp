// SPDX-License-Identifier: MIT
// The JSON of a shard's record, both ways: doubles travel as the 16 hex
// digits of their bits (the assembly's documents are then the one-machine
// compile's, whatever a JSON reader's rounding), and every miss on reading
// is a CompileError naming the file and the JSON pointer.
#pragma once

#include <boost/json/value.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "isla/document/json_writer.hpp"
#include "isla/plugin/options.hpp"

namespace isla {

void writeBits(JsonWriter& json, std::string_view key, double value);
void writeTexts(JsonWriter& json, std::string_view key, const OptionText& texts);
// KEY: null or the text.
void writeOptional(JsonWriter& json, std::string_view key, const std::optional<std::string>& text);

class RecordReader {
 public:
  explicit RecordReader(std::filesystem::path file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const;
  const boost::json::value& at(const boost::json::object& object, std::string_view key,
                               const std::string& pointer) const;
  const boost::json::object& object(const boost::json::value& value, const std::string& pointer) const;
  const boost::json::object& object(const boost::json::object& in, std::string_view key,
                                    const std::string& pointer) const;
  const boost::json::array& array(const boost::json::object& in, std::string_view key,
                                  const std::string& pointer) const;
  std::string text(const boost::json::object& in, std::string_view key, const std::string& pointer) const;
  std::optional<std::string> optionalText(const boost::json::object& in, std::string_view key,
                                          const std::string& pointer) const;
  std::uint64_t count(const boost::json::object& in, std::string_view key, const std::string& pointer) const;
  std::int64_t integer(const boost::json::object& in, std::string_view key, const std::string& pointer) const;
  bool flag(const boost::json::object& in, std::string_view key, const std::string& pointer) const;
  double bits(const boost::json::object& in, std::string_view key, const std::string& pointer) const;
  double bits(const boost::json::value& value, const std::string& pointer) const;
  // The same from the 16 digits themselves (a road's points are 48 a point in one string).
  double bits(std::string_view digits, const std::string& pointer) const;
  OptionText texts(const boost::json::object& in, std::string_view key, const std::string& pointer) const;

 private:
  std::filesystem::path file_;
};

// "/<key>" under `pointer`, and "/<key>/<index>".
std::string pointerTo(const std::string& pointer, std::string_view key);
std::string pointerTo(const std::string& pointer, std::string_view key, std::size_t index);

}  // namespace isla
