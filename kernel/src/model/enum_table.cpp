// SPDX-License-Identifier: MIT
#include "isla/model/enum_table.hpp"

#include <boost/json/parse.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "isla/base/io_error.hpp"

namespace isla {

namespace {
[[noreturn]] void fail(const std::string& origin, const std::string& what) {
  throw std::runtime_error("enum table '" + origin + "': " + what);
}
}  // namespace

EnumTable EnumTable::parse(std::string_view json, const std::string& origin) {
  boost::system::error_code error;
  const boost::json::value root = boost::json::parse(json, error);
  if (error) fail(origin, "not valid JSON: " + error.message());
  const auto* object = root.if_object();
  if (!object) fail(origin, "the root must be a JSON object");
  const auto* format = object->if_contains("format");
  if (!format || !format->is_string() || format->as_string() != "isla-enums/1") {
    fail(origin, "\"format\" must be \"isla-enums/1\"");
  }
  const auto* enums = object->if_contains("enums");
  if (!enums || !enums->is_object()) fail(origin, "\"enums\" must be an object of arrays");

  EnumTable table;
  table.origin_ = origin;
  for (const auto& [key, members] : enums->as_object()) {
    const std::string enumName(key);
    if (!members.is_array()) fail(origin, "\"" + enumName + "\" must be an array of names");
    std::vector<std::string> names;
    for (const auto& member : members.as_array()) {
      if (!member.is_string() || member.as_string().empty()) {
        fail(origin, "\"" + enumName + "\" must hold non-empty strings");
      }
      names.emplace_back(member.as_string());
    }
    if (names.size() > 256) fail(origin, "\"" + enumName + "\" has more than 256 members");
    table.enums_.emplace(enumName, std::move(names));
  }
  return table;
}

EnumTable EnumTable::load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw IoError(path, "cannot read the enum table '" + path.string() +
                            "': no such file or not readable; pass --enums FILE or set ISLA_ENUMS");
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

std::span<const std::string> EnumTable::members(std::string_view enumName) const {
  auto it = enums_.find(enumName);
  if (it == enums_.end()) {
    throw std::runtime_error("enum table '" + origin_ + "' has no enum \"" +
                             std::string(enumName) + "\"");
  }
  return it->second;
}

bool EnumTable::contains(std::string_view enumName) const { return enums_.contains(enumName); }

std::optional<std::size_t> EnumTable::ordinal(std::string_view enumName,
                                              std::string_view member) const {
  const auto names = members(enumName);
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == member) return i;
  }
  return std::nullopt;
}

std::string EnumTable::name(std::string_view enumName, std::size_t ordinal) const {
  const auto names = members(enumName);
  return ordinal < names.size() ? names[ordinal] : "#" + std::to_string(ordinal);
}

}  // namespace isla
