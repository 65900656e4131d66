// SPDX-License-Identifier: MIT
// The key functions of the plugin interfaces: their vtables and type
// information live in the kernel, once.
#include "isla/exporter.hpp"
#include "isla/validator.hpp"

namespace isla {

Validator::~Validator() = default;
Exporter::~Exporter() = default;

}  // namespace isla
