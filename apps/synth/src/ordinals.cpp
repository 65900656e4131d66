// SPDX-License-Identifier: MIT
#include "isla/synth/ordinals.hpp"

#include <stdexcept>
#include <string>

#include <isla/model/enum_table.hpp>

namespace isla::synth {

std::uint8_t requireOrdinal(const EnumTable& enums, std::string_view enumName, std::string_view member) {
  const auto ordinal = enums.contains(enumName) ? enums.ordinal(enumName, member) : std::nullopt;
  if (!ordinal) {
    throw std::runtime_error("the enum table " + enums.origin() + " has no " + std::string(enumName) +
                             " member '" + std::string(member) + "', which synth writes");
  }
  if (*ordinal > 255) {
    throw std::runtime_error("the enum table " + enums.origin() + " gives " + std::string(enumName) +
                             "::" + std::string(member) + " the ordinal " + std::to_string(*ordinal) +
                             ", which does not fit the u8 of a v2 blueprint");
  }
  return static_cast<std::uint8_t>(*ordinal);
}

}  // namespace isla::synth
