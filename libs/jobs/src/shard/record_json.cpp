// SPDX-License-Identifier: MIT
#include "record_json.hpp"

#include "isla/document/bits_text.hpp"
#include "isla/compile/compile.hpp"
#include "isla/json/strict_json.hpp"

namespace isla {

void writeBits(JsonWriter& json, std::string_view key, double value) { json.member(key, bitsText(value)); }

void writeTexts(JsonWriter& json, std::string_view key, const OptionText& texts) {
  json.key(key);
  json.beginObject();
  for (const auto& [name, value] : texts) json.member(name, value);
  json.endObject();
}

void writeOptional(JsonWriter& json, std::string_view key, const std::optional<std::string>& text) {
  json.key(key);
  if (text) {
    json.value(*text);
  } else {
    json.value(nullptr);
  }
}

std::string pointerTo(const std::string& pointer, std::string_view key) {
  return pointer + "/" + jsonPointerToken(key);
}

std::string pointerTo(const std::string& pointer, std::string_view key, std::size_t index) {
  return pointerTo(pointer, key) + "/" + std::to_string(index);
}

void RecordReader::fail(const std::string& pointer, const std::string& what) const {
  throw CompileError(file_.string() + (pointer.empty() ? "" : " at " + pointer) + ": " + what +
                         "; it is not a shard record this isla-tool reads: run that shard again",
                     {});
}

const boost::json::value& RecordReader::at(const boost::json::object& object, std::string_view key,
                                           const std::string& pointer) const {
  const auto* value = object.if_contains(key);
  if (!value) fail(pointer, "'" + std::string(key) + "' is missing");
  return *value;
}

const boost::json::object& RecordReader::object(const boost::json::value& value, const std::string& pointer) const {
  if (!value.is_object()) fail(pointer, "an object is expected");
  return value.get_object();
}

const boost::json::object& RecordReader::object(const boost::json::object& in, std::string_view key,
                                                const std::string& pointer) const {
  return object(at(in, key, pointer), pointerTo(pointer, key));
}

const boost::json::array& RecordReader::array(const boost::json::object& in, std::string_view key,
                                              const std::string& pointer) const {
  const auto& value = at(in, key, pointer);
  if (!value.is_array()) fail(pointerTo(pointer, key), "an array is expected");
  return value.get_array();
}

std::string RecordReader::text(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
  const auto& value = at(in, key, pointer);
  if (!value.is_string()) fail(pointerTo(pointer, key), "a string is expected");
  return std::string(value.get_string());
}

std::optional<std::string> RecordReader::optionalText(const boost::json::object& in, std::string_view key,
                                                      const std::string& pointer) const {
  if (at(in, key, pointer).is_null()) return std::nullopt;
  return text(in, key, pointer);
}

std::uint64_t RecordReader::count(const boost::json::object& in, std::string_view key,
                                  const std::string& pointer) const {
  const auto& value = at(in, key, pointer);
  if (value.is_uint64()) return value.get_uint64();
  if (value.is_int64() && value.get_int64() >= 0) return static_cast<std::uint64_t>(value.get_int64());
  fail(pointerTo(pointer, key), "a whole number of at least 0 is expected");
}

std::int64_t RecordReader::integer(const boost::json::object& in, std::string_view key,
                                   const std::string& pointer) const {
  const auto& value = at(in, key, pointer);
  if (value.is_int64()) return value.get_int64();
  fail(pointerTo(pointer, key), "a whole number is expected");
}

bool RecordReader::flag(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
  const auto& value = at(in, key, pointer);
  if (!value.is_bool()) fail(pointerTo(pointer, key), "true or false is expected");
  return value.get_bool();
}

double RecordReader::bits(const boost::json::value& value, const std::string& pointer) const {
  const auto* digits = value.if_string();
  if (!digits) fail(pointer, "16 hex digits are expected");
  return bits(std::string_view(*digits), pointer);
}

double RecordReader::bits(std::string_view digits, const std::string& pointer) const {
  double value = 0;
  if (!takeBits(digits, value) || !digits.empty()) fail(pointer, "16 hex digits are expected");
  return value;
}

double RecordReader::bits(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
  return bits(at(in, key, pointer), pointerTo(pointer, key));
}

OptionText RecordReader::texts(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
  OptionText out;
  for (const auto& [name, value] : object(in, key, pointer)) {
    if (!value.is_string()) fail(pointerTo(pointerTo(pointer, key), name), "a string is expected");
    out.emplace(std::string(name), std::string(value.get_string()));
  }
  return out;
}

}  // namespace isla
