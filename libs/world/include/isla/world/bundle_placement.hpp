// SPDX-License-Identifier: MIT
// A viewer bundle placed by a layout: its runtime.json must give the layout's
// scale and its blueprint's MapSize, and its vegetation must lie on the map,
// or its scenery would not sit on its terrain as the viewer shows it.
#pragma once

#include <cstdint>

#include "isla/base/diagnostics.hpp"
#include "isla/bundle/source_bundle.hpp"
#include "isla/world/layout.hpp"

namespace isla {

// Adds an error for each rule `bundle` breaks as `source` of `layout`.
void checkBundleInLayout(const Layout& layout, const LayoutSource& source, const SourceBundle& bundle,
                         std::int32_t mapSize, Diagnostics& out);

}  // namespace isla
