// SPDX-License-Identifier: MIT
// What is valid UTF-8, for the writers and the escaping of text shown.
#pragma once

#include <cstddef>
#include <string_view>

namespace isla {

// The length of the valid UTF-8 sequence (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF) that starts at text[at], else 0.
std::size_t utf8Sequence(std::string_view text, std::size_t at);

}  // namespace isla
