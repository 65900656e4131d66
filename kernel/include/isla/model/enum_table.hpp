// SPDX-License-Identifier: MIT
// The wire values of enum-typed fields (Biome, TownTier, ...) as data: one
// JSON file, loaded at start, replaceable with --enums or ISLA_ENUMS.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace isla {

class EnumTable {
 public:
  // {"format": "isla-enums/1", "enums": {"Biome": ["Ocean", ...], ...}}
  // Throws std::runtime_error naming `origin` on malformed input.
  static EnumTable parse(std::string_view json, const std::string& origin);
  static EnumTable load(const std::filesystem::path& path);

  // The members of `enumName` in ordinal order; throws when the table lacks it.
  std::span<const std::string> members(std::string_view enumName) const;
  bool contains(std::string_view enumName) const;
  std::optional<std::size_t> ordinal(std::string_view enumName, std::string_view member) const;
  // The member name, or "#<ordinal>" when out of range.
  std::string name(std::string_view enumName, std::size_t ordinal) const;
  const std::string& origin() const { return origin_; }

 private:
  std::map<std::string, std::vector<std::string>, std::less<>> enums_;
  std::string origin_;
};

}  // namespace isla
