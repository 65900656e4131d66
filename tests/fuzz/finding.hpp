// SPDX-License-Identifier: MIT
// How the harness reports a finding: a message on stderr, then abort(), which
// libFuzzer records as a crash with the input that caused it.
#pragma once

#include <string_view>

namespace isla::fuzz {

[[noreturn]] void finding(std::string_view what);

}  // namespace isla::fuzz
