// SPDX-License-Identifier: MIT
// Options a plugin declares as typed data; the command line turns them into
// flags and help, and hands the values back by name.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace isla {

enum class OptionType : std::uint8_t { String, Path, Integer, Number, Flag };

std::string_view optionTypeName(OptionType type);

struct OptionSpec {
  std::string name;  // becomes --<name>
  OptionType type = OptionType::String;
  std::string help;
  std::string defaultValue = {};  // empty: no default
};

class OptionValues {
 public:
  void set(std::string name, std::string value);
  std::optional<std::string> get(std::string_view name) const;
  bool flag(std::string_view name) const;
  std::vector<std::string> names() const;  // sorted

 private:
  std::map<std::string, std::string, std::less<>> values_;
};

}  // namespace isla
