// SPDX-License-Identifier: MIT
// The legacy v1 reader: positional, converted into v2 section payloads and
// decoded by the same plugins, so both formats load into one model.
#pragma once

#include "isla/container/blueprint_reader.hpp"

namespace isla::detail {

LoadResult readLegacyV1(std::span<const std::byte> bytes, const std::string& name,
                        const std::shared_ptr<const void>& owner, const Kernel& kernel);

}  // namespace isla::detail
