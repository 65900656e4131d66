// SPDX-License-Identifier: MIT
// Text that came from a file (names, members, keys, paths) as it may reach a
// terminal: control characters cannot move the cursor or recolour it, and
// bytes that are not UTF-8 cannot garble what follows.
#pragma once

#include <string>
#include <string_view>

namespace isla {

// `text` with C0 and C1 control characters and DEL written as \n, \r, \t or
// \xNN / \u0085, and each byte of an invalid UTF-8 sequence as \xNN; valid
// printable UTF-8 unchanged.
std::string printableText(std::string_view text);

}  // namespace isla
