// SPDX-License-Identifier: MIT
// A diff as one JSON document (docs/diff.md describes every member).
#pragma once

#include <boost/json/object.hpp>

#include "isla/diff/blueprint_diff.hpp"
#include "isla/model/enum_table.hpp"

namespace isla::diff {

inline constexpr int kDiffSchemaVersion = 1;

// Biome and town tier names come from `enums`; metres from `units`.
boost::json::object diffJson(const BlueprintDiff& diff, const EnumTable& enums, const Units& units);

}  // namespace isla::diff
