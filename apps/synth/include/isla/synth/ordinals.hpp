// SPDX-License-Identifier: MIT
// Wire values looked up by name in the kernel's enum table, never assumed.
#pragma once

#include <cstdint>
#include <string_view>

namespace isla {
class EnumTable;
}

namespace isla::synth {

// The ordinal of `member` in `enumName`; throws std::runtime_error naming the
// table when the member is missing or its ordinal does not fit a u8.
std::uint8_t requireOrdinal(const EnumTable& enums, std::string_view enumName, std::string_view member);

}  // namespace isla::synth
