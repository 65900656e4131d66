// SPDX-License-Identifier: MIT
#include "finding.hpp"

#include <cstdio>
#include <cstdlib>

namespace isla::fuzz {

void finding(std::string_view what) {
  std::fprintf(stderr, "isla fuzz finding: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

}  // namespace isla::fuzz
