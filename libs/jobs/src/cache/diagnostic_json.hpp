// SPDX-License-Identifier: MIT
// Diagnostics as JSON, every member of each, both ways: what the patch
// cache keeps of what a compile found (validation_memo.hpp, world_entry.hpp)
// comes back exactly as it was found.
#pragma once

#include <boost/json/value.hpp>

#include "isla/base/diagnostics.hpp"

namespace isla {

boost::json::array diagnosticsJson(const Diagnostics& diagnostics);

// Throws (std::exception) on anything but what diagnosticsJson writes.
Diagnostics diagnosticsFromJson(const boost::json::value& value);

}  // namespace isla
