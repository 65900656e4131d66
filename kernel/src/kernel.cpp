// SPDX-License-Identifier: MIT
#include "isla/kernel.hpp"

namespace isla {

Kernel::Kernel(EnumTable enums, Units units) : enums_(std::move(enums)), units_(units) {}

}  // namespace isla
