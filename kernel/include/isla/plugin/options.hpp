// SPDX-License-Identifier: MIT
// Options a plugin declares as typed data: the type and what it accepts (a
// range, a list of choices, a count of numbers). The kernel parses and
// checks every value once (resolveOptions), with one error text for all
// plugins; exporters and validators receive typed values and never parse.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "isla/base/api.hpp"

namespace isla {

enum class OptionType : std::uint8_t {
  String,   // any text
  Path,     // a file path, as given
  Integer,  // a whole number in [min, max]
  Number,   // a finite number in [min, max]
  Boolean,  // true or false (a validator's: a switch, given or not)
  Choice,   // one of `choices`
  Numbers,  // `count` finite numbers in [min, max] (any count, at least one, when 0), joined by `separator`
  Choices,  // one or more of `choices`, comma-separated
};

std::string_view optionTypeName(OptionType type);

struct OptionSpec {
  std::string name;  // --option NAME=VALUE, or --NAME for a validator
  OptionType type = OptionType::String;
  std::string help;
  std::string defaultValue = {};  // as it would be written; empty: none
  std::optional<double> min = {};  // Integer, Number, Numbers: inclusive bounds
  std::optional<double> max = {};
  std::vector<std::string> choices = {};  // Choice, Choices
  std::size_t count = 0;                  // Numbers
  char separator = ',';                   // Numbers
};

// What a spec accepts, as the error text and `plugins --options` say it:
// "an integer from 0 to 9", "one of world, patch", "true or false", ...
std::string acceptedValues(const OptionSpec& spec);

// A value that a spec does not accept; exit 2 at the command line.
class ISLA_API OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

using OptionValue = std::variant<std::string, std::int64_t, double, bool, std::vector<double>,
                                 std::vector<std::string>>;

// Resolved values: every option that was given or has a default, typed as
// its spec says. Reading an option as another type, or one that is absent,
// is a plugin's bug (std::logic_error).
class ISLA_API OptionValues {
 public:
  bool has(std::string_view name) const;
  const std::string& text(std::string_view name) const;  // String, Path, Choice
  std::int64_t integer(std::string_view name) const;
  double number(std::string_view name) const;
  bool boolean(std::string_view name) const;
  const std::vector<double>& numbers(std::string_view name) const;
  const std::vector<std::string>& choices(std::string_view name) const;  // Choices
  std::vector<std::string> names() const;                               // sorted
  const OptionValue& value(std::string_view name) const;

  void set(std::string name, OptionValue value);

 private:
  template <class T>
  const T& typed(std::string_view name) const;

  std::map<std::string, OptionValue, std::less<>> values_;
};

// The option text a user gave, by name.
using OptionText = std::map<std::string, std::string, std::less<>>;

// Every given value parsed and checked against its spec, defaults filled
// in. Throws OptionError "OWNER: option 'NAME' takes ACCEPTED, not 'VALUE'"
// for a bad value and "OWNER has no option 'NAME'; its options: ..." for an
// unknown name; `owner` names the plugin object, e.g. "exporter 'png' (plugin png)".
OptionValues resolveOptions(std::string_view owner, std::span<const OptionSpec> specs, const OptionText& given);

}  // namespace isla
